/**
 * The end of the wizard: the survey is live (or, when the server refused to publish
 * it, saved as a draft with the reason), with the ways on from here.
 */
import type { RefObject } from 'react';
import { Notice } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { adminUrl } from '../../shared/config';
import { useConfig } from '../../shared/context';
import type { SaveResult } from '../../shared/types';
import { ShortcodeField } from '../../shared/components/ShortcodeField';
import { StepHeading } from './StepLayout';

export function Done( {
	result,
	headingRef,
}: {
	result: SaveResult;
	headingRef: RefObject< HTMLHeadingElement >;
} ) {
	const config = useConfig();
	const { survey } = result;
	const surveys = adminUrl(
		config,
		config.urls.pages.surveys ?? 'admin.php?page=userfeedback_surveys'
	);
	const results = adminUrl(
		config,
		config.urls.pages.results ?? 'admin.php?page=userfeedback_results'
	);
	return (
		<section className="userfeedback-welcome__panel userfeedback-welcome__done">
			<StepHeading headingRef={ headingRef }>
				{ result.published
					? __( 'Your survey is live', 'userfeedback' )
					: __( 'Your survey was saved as a draft', 'userfeedback' ) }
			</StepHeading>
			{ result.published ? (
				<p>
					{ __(
						'Visitors now see it in the widget on your site. Responses will show in the results as they come in.',
						'userfeedback'
					) }
				</p>
			) : (
				<Notice status="warning" isDismissible={ false }>
					{ result.message ??
						__(
							'It could not be published. Open it in the survey builder to finish it.',
							'userfeedback'
						) }
				</Notice>
			) }
			<p className="userfeedback-welcome__shortcode">
				{ __(
					'To show it inside a page or post as well, add its shortcode:',
					'userfeedback'
				) }{ ' ' }
				<ShortcodeField
					shortcode={ survey.shortcode }
					surveyTitle={ survey.title }
				/>
			</p>
			<ul className="userfeedback-welcome__links">
				<li>
					<a
						className="components-button is-primary"
						href={ `${ surveys }#/edit/${ survey.id }` }
					>
						{ __( 'Edit in the survey builder', 'userfeedback' ) }
					</a>
				</li>
				<li>
					<a
						className="components-button is-secondary"
						href={ `${ results }#/survey/${ survey.id }` }
					>
						{ __( 'See its results', 'userfeedback' ) }
					</a>
				</li>
				<li>
					<a href={ surveys }>
						{ __( 'Go to all surveys', 'userfeedback' ) }
					</a>
				</li>
			</ul>
		</section>
	);
}
