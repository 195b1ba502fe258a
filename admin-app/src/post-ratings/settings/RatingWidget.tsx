/**
 * The visitor's post-rating widget as the server renders it (the contract's markup and
 * class names), styled by the widget's own stylesheet: the preview shows what visitors
 * will see.
 */
import { useId, type CSSProperties, type ReactNode } from 'react';
import { __, sprintf } from '@wordpress/i18n';

import type { PostRatingIcon, PostRatingSettings } from '../../shared/types';
import { IconGlyph } from './IconPicker';

import '../../../../widget/src/post-rating/post-rating.css';

/** Spec 2, section 9: the rating scale. */
export const MAX_RATING = 5;

/** The preview's sample figures (spec 2, section 2.2). */
export const SAMPLE = { average: 5, count: 200 };

const CLASS = 'userfeedback-post-rating';

/**
 * The widget's inline style: its colours as custom properties, and the font when one
 * is chosen.
 *
 * @param settings The settings shown.
 */
export function widgetStyle( settings: PostRatingSettings ): CSSProperties {
	const style: Record< string, string > = {
		'--userfeedback-pr-icon': settings.icon_color,
		'--userfeedback-pr-bg': settings.background_color,
		'--userfeedback-pr-text': settings.text_color,
	};
	if ( settings.font.trim() ) {
		// As RatingMarkup::style(): "inherit" cannot be part of a font list, so the
		// fallback is the generic family.
		style.fontFamily = `'${ settings.font.trim() }', sans-serif`;
	}
	return style as CSSProperties;
}

/**
 * A translated sentence with its one %s replaced by an element, as the server prints it
 * (the same strings, so they share their translations).
 *
 * @param text    The translated text, with one %s.
 * @param element What replaces the %s.
 */
function withElement( text: string, element: ReactNode ): ReactNode {
	const [ before, after = '' ] = text.split( '%s' );
	return (
		<>
			{ before }
			{ element }
			{ after }
		</>
	);
}

function Summary( { settings }: { settings: PostRatingSettings } ) {
	const rating = settings.show_rating === 'yes';
	const count = settings.show_vote_count === 'yes';
	if ( ! rating && ! count ) {
		return null;
	}
	return (
		<p className={ `${ CLASS }__summary` } aria-live="polite">
			{ rating && (
				<span className={ `${ CLASS }__average` }>
					{ withElement(
						/* translators: %s: the average rating, e.g. 4.5 (out of 5). */
						__( 'Average rating %s/5.', 'userfeedback' ),
						<strong data-average="">{ SAMPLE.average }</strong>
					) }
				</span>
			) }
			{ rating && count && ' ' }
			{ count && (
				<span className={ `${ CLASS }__count` }>
					{ withElement(
						/* translators: %s: how many visitors rated the post. */
						__( 'Vote count: %s', 'userfeedback' ),
						<strong data-count="">{ SAMPLE.count }</strong>
					) }
				</span>
			) }
		</p>
	);
}

/**
 * @param props          The widget's props.
 * @param props.settings The settings shown.
 * @param props.icon     The icon of settings.icon_id.
 * @param props.voted    The rating the preview's visitor gave, or 0 before a vote.
 * @param props.onVote   A click on an icon before voting.
 */
export function RatingWidget( {
	settings,
	icon,
	voted,
	onVote,
}: {
	settings: PostRatingSettings;
	icon: PostRatingIcon;
	voted: number;
	onVote: ( rating: number ) => void;
} ) {
	const questionId = `${ CLASS }-${ useId().replace( /:/g, '' ) }`;
	const filled = voted || Math.round( SAMPLE.average );
	const ratings = Array.from( { length: MAX_RATING }, ( _, i ) => i + 1 );
	return (
		<div
			className={ CLASS }
			data-post-id="0"
			style={ widgetStyle( settings ) }
		>
			<p className={ `${ CLASS }__question` } id={ questionId }>
				{ settings.rating_question }
			</p>
			<div
				className={ `${ CLASS }__icons` }
				role="group"
				aria-labelledby={ questionId }
			>
				{ ratings.map( ( rating ) => (
					<button
						key={ rating }
						type="button"
						className={ `${ CLASS }__icon${
							rating <= filled ? ' is-filled' : ''
						}` }
						data-rating={ rating }
						aria-label={ sprintf(
							/* translators: 1: a rating from 1 to 5, 2: the highest rating (5). */
							__( 'Rate %1$d out of %2$d', 'userfeedback' ),
							rating,
							MAX_RATING
						) }
						disabled={ voted > 0 }
						aria-disabled={ voted > 0 || undefined }
						onClick={ () => onVote( rating ) }
					>
						<IconGlyph icon={ icon } />
					</button>
				) ) }
			</div>
			<p className={ `${ CLASS }__instruction` } hidden={ voted > 0 }>
				{ settings.rating_instruction_message }
			</p>
			<p
				className={ `${ CLASS }__thanks` }
				role="status"
				hidden={ voted === 0 }
			>
				{ settings.thank_you_message }
			</p>
			<Summary settings={ settings } />
			{ settings.show_uf_logo === 'yes' && (
				<a
					className={ `${ CLASS }__logo` }
					href="https://www.userfeedback.com/"
					rel="noopener noreferrer"
					target="_blank"
				>
					{ __( 'Powered by UserFeedback', 'userfeedback' ) }
				</a>
			) }
		</div>
	);
}
