/**
 * Getting Started: the few steps from an empty install to the first answers, each
 * with a link to the screen where it happens, and where to read more.
 */
import { ExternalLink } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { Page } from '../shared/components';
import { adminUrl } from '../shared/config';
import { useConfig } from '../shared/context';
import type { AppConfig } from '../shared/types';

const DOCS_URL = 'https://www.userfeedback.com/docs/';
const SUPPORT_URL = 'https://wordpress.org/support/plugin/userfeedback-lite/';

function pageUrl(
	config: AppConfig,
	key: 'surveys' | 'settings' | 'results',
	hash: string
) {
	const base =
		config.urls.pages[ key ] ?? `admin.php?page=userfeedback_${ key }`;
	return adminUrl( config, `${ base }#/${ hash }` );
}

export function GettingStarted() {
	const config = useConfig();
	const steps = [
		{
			title: __( 'Create your first survey', 'userfeedback' ),
			text: __(
				'Start from a template or a blank survey, add a question or two and publish it.',
				'userfeedback'
			),
			link: __( 'Create a survey', 'userfeedback' ),
			url: pageUrl( config, 'surveys', 'new/setup' ),
		},
		{
			title: __( 'Make the widget yours', 'userfeedback' ),
			text: __(
				'Choose the colours, the position and the icon of the survey widget.',
				'userfeedback'
			),
			link: __( 'Widget settings', 'userfeedback' ),
			url: pageUrl( config, 'settings', 'widget' ),
		},
		{
			title: __( 'Get answers by email', 'userfeedback' ),
			text: __(
				'Send new responses to you or your team as they arrive.',
				'userfeedback'
			),
			link: __( 'Email settings', 'userfeedback' ),
			url: pageUrl( config, 'settings', 'email' ),
		},
		{
			title: __( 'Read the results', 'userfeedback' ),
			text: __(
				'See the answers of every survey in charts, and each response on its own.',
				'userfeedback'
			),
			link: __( 'View results', 'userfeedback' ),
			url: pageUrl( config, 'results', '' ),
		},
	];
	return (
		<Page title={ __( 'Getting Started', 'userfeedback' ) }>
			<ol className="userfeedback-about__steps">
				{ steps.map( ( step ) => (
					<li key={ step.url }>
						<h3>{ step.title }</h3>
						<p>{ step.text }</p>
						<a href={ step.url }>{ step.link }</a>
					</li>
				) ) }
			</ol>
			<section
				className="userfeedback-about__docs"
				aria-labelledby="userfeedback-about-docs"
			>
				<h3 id="userfeedback-about-docs">
					{ __( 'Learn more', 'userfeedback' ) }
				</h3>
				<ul>
					<li>
						<ExternalLink href={ DOCS_URL }>
							{ __(
								'UserFeedback documentation',
								'userfeedback'
							) }
						</ExternalLink>
					</li>
					<li>
						<ExternalLink href={ SUPPORT_URL }>
							{ __( 'Support forum', 'userfeedback' ) }
						</ExternalLink>
					</li>
				</ul>
			</section>
		</Page>
	);
}
