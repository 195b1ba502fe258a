/**
 * The live preview: a browser window (title bar with three dots and an address bar)
 * showing a sample post with the rating widget where the display setting puts it, in
 * the chosen font, loaded for the preview only. A click on an icon shows the
 * thank-you state.
 */
import { useState } from 'react';
import { Button } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { useConfig } from '../../shared/context';
import { useFontStylesheet } from '../../shared/fonts';
import type { PostRatingIcon, PostRatingSettings } from '../../shared/types';
import { RatingWidget } from './RatingWidget';

function siteHost( admin: string ): string {
	try {
		return new URL( admin ).host;
	} catch {
		return 'example.com';
	}
}

function SampleComments() {
	return (
		<div className="userfeedback-pr-preview__comments" aria-hidden="true">
			<span className="userfeedback-pr-preview__comments-title">
				{ __( 'Comments', 'userfeedback' ) }
			</span>
			<span className="userfeedback-pr-preview__line" />
			<span className="userfeedback-pr-preview__line is-short" />
		</div>
	);
}

export function RatingPreview( {
	settings,
	icon,
}: {
	settings: PostRatingSettings;
	icon: PostRatingIcon;
} ) {
	const config = useConfig();
	const [ voted, setVoted ] = useState( 0 );
	useFontStylesheet( settings.font );
	const widget = (
		<RatingWidget
			settings={ settings }
			icon={ icon }
			voted={ voted }
			onVote={ setVoted }
		/>
	);
	const afterComments = settings.display_settings === 'after_comments';

	return (
		<div className="userfeedback-pr-preview">
			<div className="userfeedback-pr-preview__header">
				<h3 className="userfeedback-card__title">
					{ __( 'Preview', 'userfeedback' ) }
				</h3>
				{ voted > 0 && (
					<Button variant="link" onClick={ () => setVoted( 0 ) }>
						{ __( 'Show before voting', 'userfeedback' ) }
					</Button>
				) }
			</div>
			<div
				className="userfeedback-pr-preview__browser"
				role="region"
				aria-label={ __( 'Post rating preview', 'userfeedback' ) }
			>
				<div
					className="userfeedback-pr-preview__bar"
					aria-hidden="true"
				>
					<span className="userfeedback-pr-preview__dots">
						<span />
						<span />
						<span />
					</span>
					<span className="userfeedback-pr-preview__address">
						{ `${ siteHost( config.urls.admin ) }/sample-post/` }
					</span>
				</div>
				<div className="userfeedback-pr-preview__page">
					<h4 className="userfeedback-pr-preview__title">
						{ __( 'Sample Post', 'userfeedback' ) }
					</h4>
					<p className="userfeedback-pr-preview__text">
						{ __(
							'This is a sample article. Your visitors read your post, and at its end they can tell you what they thought of it with one click.',
							'userfeedback'
						) }
					</p>
					{ ! afterComments && widget }
					<SampleComments />
					{ afterComments && widget }
				</div>
			</div>
		</div>
	);
}
