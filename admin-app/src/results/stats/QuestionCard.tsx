import { useState } from 'react';
import { Button, Notice } from '@wordpress/components';
import { createInterpolateElement } from '@wordpress/element';
import { __, sprintf } from '@wordpress/i18n';

import { adminUrl } from '../../shared/config';
import { useConfig } from '../../shared/context';
import type { DateRange } from '../../shared/components/DateRangePicker';
import { questionTypeLabel } from '../../shared/questionTypes';
import type { QuestionStats } from '../../shared/types';
import { useNumberFormats } from '../../shared/format';
import { TrendPanel } from '../trends/TrendPanel';
import { resultsCardOf } from './cards';
import { RemovedBadge } from './RemovedBadge';

function InvalidOptions( { surveyId }: { surveyId: number } ) {
	const config = useConfig();
	const href = `${ adminUrl(
		config,
		config.urls.pages.surveys ?? 'admin.php?page=userfeedback_surveys'
	) }#/edit/${ surveyId }/questions`;
	return (
		<Notice status="warning" isDismissible={ false }>
			{ createInterpolateElement(
				__(
					'This question has invalid options. You can fix it <a>here</a>',
					'userfeedback'
				),
				// eslint-disable-next-line jsx-a11y/anchor-has-content -- the text comes from the string.
				{ a: <a href={ href } /> }
			) }
		</Notice>
	);
}

/**
 * One question's stats card: its title, answers and skips, the invalid-options
 * warning, and the body of its type (cards/index.ts).
 *
 * @param props          The card's props.
 * @param props.surveyId The survey.
 * @param props.question The question's stats.
 * @param props.index    Its place in the survey (0-based).
 * @param props.range    The range shown.
 */
export function QuestionCard( {
	surveyId,
	question,
	index,
	range,
}: {
	surveyId: number;
	question: QuestionStats;
	index: number;
	range: DateRange;
} ) {
	const format = useNumberFormats();
	const headingId = `userfeedback-question-${ question.id }`;
	const Body = resultsCardOf( question.type );
	const [ showTrend, setShowTrend ] = useState( false );
	const trendId = `userfeedback-question-${ question.id }-trend`;
	return (
		<section
			className={ `userfeedback-results__card userfeedback-question is-${ question.type }` }
			aria-labelledby={ headingId }
		>
			<header className="userfeedback-question__header">
				<h3 id={ headingId } className="userfeedback-question__title">
					{ sprintf(
						/* translators: 1: question number, 2: question title. */
						__( '%1$d. %2$s', 'userfeedback' ),
						index + 1,
						question.title || __( '(no title)', 'userfeedback' )
					) }
					{ question.archived && (
						<>
							{ ' ' }
							<RemovedBadge />
						</>
					) }
				</h3>
				<span className="userfeedback-question__type">
					{ questionTypeLabel( question.type ) }
				</span>
			</header>
			<dl className="userfeedback-question__meta">
				<div>
					<dt>{ __( 'Answers', 'userfeedback' ) }</dt>
					<dd>{ format.count( question.total_answers ) }</dd>
				</div>
				<div>
					<dt>{ __( 'Skipped', 'userfeedback' ) }</dt>
					<dd>{ format.count( question.skipped ) }</dd>
				</div>
			</dl>
			{ question.invalid_options && ! question.archived && (
				<InvalidOptions surveyId={ surveyId } />
			) }
			<Body surveyId={ surveyId } question={ question } range={ range } />
			{ question.is_quantitative && (
				<>
					<Button
						className="userfeedback-question__trend-toggle"
						variant="secondary"
						size="compact"
						aria-expanded={ showTrend }
						aria-controls={ showTrend ? trendId : undefined }
						onClick={ () => setShowTrend( ! showTrend ) }
					>
						{ showTrend
							? __( 'Hide trend', 'userfeedback' )
							: __( 'Show trend', 'userfeedback' ) }
					</Button>
					{ showTrend && (
						<div id={ trendId }>
							<TrendPanel
								surveyId={ surveyId }
								questionId={ question.id }
								range={ range }
							/>
						</div>
					) }
				</>
			) }
		</section>
	);
}
