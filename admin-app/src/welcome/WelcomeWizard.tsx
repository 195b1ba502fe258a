/**
 * The setup wizard of the welcome screen (issue 7, item 4): a template and a title,
 * the widget's look, the notification email, then publishing the survey. Each step
 * writes only when the admin moves on from it (the widget look is a settings save,
 * the survey is created by the last step); Back keeps what was chosen.
 */
import { useEffect, useRef, useState } from 'react';
import { __, sprintf } from '@wordpress/i18n';

import { adminUrl } from '../shared/config';
import { useConfig } from '../shared/context';
import type { SaveResult } from '../shared/types';
import { Done } from './steps/Done';
import { EmailStep } from './steps/EmailStep';
import { PublishStep } from './steps/PublishStep';
import { TemplateStep } from './steps/TemplateStep';
import { WidgetStep } from './steps/WidgetStep';
import type { WizardData, WizardStepProps } from './types';

const STEPS = [
	{ key: 'template', label: () => __( 'Choose a template', 'userfeedback' ) },
	{ key: 'widget', label: () => __( 'Widget look', 'userfeedback' ) },
	{ key: 'email', label: () => __( 'Notification email', 'userfeedback' ) },
	{ key: 'publish', label: () => __( 'Publish', 'userfeedback' ) },
] as const;

const STEP_VIEWS = {
	template: TemplateStep,
	widget: WidgetStep,
	email: EmailStep,
	publish: PublishStep,
};

function StepIndicator( { current }: { current: number } ) {
	return (
		<ol
			className="userfeedback-welcome__steps"
			aria-label={ __( 'Setup steps', 'userfeedback' ) }
		>
			{ STEPS.map( ( step, index ) => {
				let state = 'is-upcoming';
				if ( index < current ) {
					state = 'is-done';
				} else if ( index === current ) {
					state = 'is-current';
				}
				return (
					<li
						key={ step.key }
						className={ `userfeedback-welcome__step ${ state }` }
						aria-current={ index === current ? 'step' : undefined }
					>
						<span
							className="userfeedback-welcome__step-number"
							aria-hidden="true"
						>
							{ index + 1 }
						</span>
						{ step.label() }
					</li>
				);
			} ) }
		</ol>
	);
}

export function WelcomeWizard() {
	const config = useConfig();
	const [ current, setCurrent ] = useState( 0 );
	const [ data, setData ] = useState< WizardData >( () => ( {
		template: null,
		title: '',
		titleEdited: false,
		notify: true,
		addresses: config.site.admin_email ?? '',
	} ) );
	const [ result, setResult ] = useState< SaveResult | null >( null );

	// Moving between steps (or to the end screen) takes the focus to the new heading,
	// for keyboard and screen reader users; opening the page does not.
	const heading = useRef< HTMLHeadingElement >( null );
	const shown = useRef< number | null >( null );
	useEffect( () => {
		const key = result ? STEPS.length : current;
		if ( shown.current !== null && shown.current !== key ) {
			heading.current?.focus();
		}
		shown.current = key;
	}, [ current, result ] );

	const surveysUrl = adminUrl(
		config,
		config.urls.pages.surveys ?? 'admin.php?page=userfeedback_surveys'
	);

	if ( result ) {
		return (
			<div className="userfeedback-welcome">
				<Done result={ result } headingRef={ heading } />
			</div>
		);
	}

	const step = STEPS[ current ];
	const View = STEP_VIEWS[ step.key ];
	const props: WizardStepProps = {
		data,
		update: ( changes ) =>
			setData( ( previous ) => ( { ...previous, ...changes } ) ),
		onBack: current > 0 ? () => setCurrent( current - 1 ) : undefined,
		onNext: () => setCurrent( Math.min( current + 1, STEPS.length - 1 ) ),
		onPublished: setResult,
		headingRef: heading,
	};

	return (
		<div className="userfeedback-welcome">
			<div className="userfeedback-welcome__intro">
				<p>
					{ __(
						'Let’s set up your first survey: pick a template, choose how the widget looks and where the responses go, then publish it.',
						'userfeedback'
					) }
				</p>
				<a className="userfeedback-welcome__skip" href={ surveysUrl }>
					{ __( 'Skip setup', 'userfeedback' ) }
				</a>
			</div>
			<StepIndicator current={ current } />
			<p className="screen-reader-text" aria-live="polite">
				{ sprintf(
					/* translators: 1: step number, 2: number of steps, 3: step name. */
					__( 'Step %1$d of %2$d: %3$s', 'userfeedback' ),
					current + 1,
					STEPS.length,
					step.label()
				) }
			</p>
			<View { ...props } />
		</div>
	);
}
