/// <reference path="../../../widget/src/assets.d.ts" />
/**
 * The userfeedback/post-rating block in the editor (blocks/post-rating/block.json).
 * Visitors get the widget from the server (PostRatings\Frontend\RatingDisplay),
 * which renders it only on the post's own page, so the editor shows a still
 * picture of it: the visitor markup's class names with the visitor stylesheet, in
 * the default look. The site's texts and colours are set under UserFeedback > Post
 * Ratings.
 */
import { __, sprintf } from '@wordpress/i18n';

import css from '../../../widget/src/post-rating/post-rating.css?inline';

/** The default icon (RatingSettingsSchema::icons(), "star"). */
const STAR =
	'M12 1.1l2.82 7.62 8.12.33-6.37 5.03 2.19 7.82L12 17.4l-6.76 4.5 2.19-7.82-6.37-5.03 8.12-.33z';

export function PostRatingPreview() {
	return (
		<>
			<style>{ css }</style>
			<div
				className="userfeedback-post-rating"
				style={
					{
						'--userfeedback-pr-icon': '#1579EF',
						'--userfeedback-pr-bg': '#FFFFFF',
						'--userfeedback-pr-text': '#23282D',
						margin: 0,
					} as React.CSSProperties
				}
			>
				<p className="userfeedback-post-rating__question">
					{ __( 'How would you rate this post?', 'userfeedback' ) }
				</p>
				<div className="userfeedback-post-rating__icons">
					{ [ 1, 2, 3, 4, 5 ].map( ( rating ) => (
						<span
							key={ rating }
							className="userfeedback-post-rating__icon is-filled"
							role="img"
							aria-label={ sprintf(
								/* translators: %d: a rating from 1 to 5. */
								__( '%d out of 5', 'userfeedback' ),
								rating
							) }
						>
							<svg
								viewBox="0 0 24 24"
								width="30"
								height="30"
								aria-hidden="true"
								focusable="false"
							>
								<path d={ STAR } fill="currentColor" />
							</svg>
						</span>
					) ) }
				</div>
				<p className="userfeedback-post-rating__summary">
					{ __(
						'Average rating 5/5. Vote count: 200',
						'userfeedback'
					) }
				</p>
				<p className="userfeedback-post-rating__instruction">
					{ __(
						'Preview: visitors rate the post here. Texts, icon and colours are set under UserFeedback › Post Ratings; the widget shows on the published post when post ratings are active.',
						'userfeedback'
					) }
				</p>
			</div>
		</>
	);
}
