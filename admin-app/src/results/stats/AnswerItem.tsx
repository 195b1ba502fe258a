import { Link } from 'react-router-dom';
import { __, sprintf } from '@wordpress/i18n';

import { useConfig } from '../../shared/context';
import { formatDate } from '../../shared/date';
import type { AnswerItem as Answer } from '../../shared/types';
import { Highlighted } from '../responses/highlight';

export function answerText( value: Answer[ 'value' ] ): string | null {
	if ( value === null || value === undefined ) {
		return null;
	}
	return Array.isArray( value ) ? value.join( ', ' ) : value;
}

/**
 * One answer in a list: the value (or 'Skipped'), an email answer's name after it,
 * its comments under a 'Comments' heading, the date in the site's time zone and a
 * link to the response.
 *
 * @param props          The item's props.
 * @param props.surveyId The survey.
 * @param props.answer   The answer.
 * @param props.value    What to show instead of the value (NPS: the score).
 * @param props.words    Words of a search, marked in the value and the comments.
 */
export function AnswerItem( {
	surveyId,
	answer,
	value,
	words = [],
}: {
	surveyId: number;
	answer: Answer;
	value?: string;
	words?: readonly string[];
} ) {
	const config = useConfig();
	const text = value ?? answerText( answer.value );
	const name = answer.extra?.name;
	const comments = answer.extra?.comments;
	return (
		<li className="userfeedback-answer">
			<div className="userfeedback-answer__value">
				{ text === null ? (
					<em>{ __( 'Skipped', 'userfeedback' ) }</em>
				) : (
					<Highlighted
						text={ text }
						words={ value === undefined ? words : [] }
					/>
				) }
				{ name && (
					<span className="userfeedback-answer__name">
						{ ' ' }
						({ name })
					</span>
				) }
			</div>
			{ comments && (
				<div className="userfeedback-answer__comments">
					<h4>{ __( 'Comments', 'userfeedback' ) }</h4>
					<p>
						<Highlighted text={ comments } words={ words } />
					</p>
				</div>
			) }
			<div className="userfeedback-answer__meta">
				<time dateTime={ answer.date }>
					{ formatDate(
						answer.date,
						`${ config.site.date_format || 'F j, Y' } ${
							config.site.time_format || 'g:i a'
						}`,
						config.site
					) }
				</time>
				<Link
					to={ `/survey/${ surveyId }/responses/${ answer.response_id }` }
					aria-label={ sprintf(
						/* translators: %d: response id. */
						__( 'View response #%d', 'userfeedback' ),
						answer.response_id
					) }
				>
					{ __( 'View Response', 'userfeedback' ) }
				</Link>
			</div>
		</li>
	);
}
