/**
 * Step 4: a summary of the choices and the button that creates the survey, published.
 */
import { Notice } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { useSettings } from '../../shared/settings';
import { useCreateSurvey } from '../api';
import { splitAddresses } from '../email';
import type { WizardStepProps } from '../types';
import { StepLayout } from './StepLayout';

function schemeLabel( scheme: string | undefined ): string {
	return scheme === 'dark'
		? __( 'Dark', 'userfeedback' )
		: __( 'Light', 'userfeedback' );
}

function positionLabel( position: string | undefined ): string {
	switch ( position ) {
		case 'bottom_left':
			return __( 'Bottom left', 'userfeedback' );
		case 'middle_left':
			return __( 'Middle left', 'userfeedback' );
		case 'middle_right':
			return __( 'Middle right', 'userfeedback' );
		default:
			return __( 'Bottom right', 'userfeedback' );
	}
}

export function PublishStep( {
	data,
	onBack,
	onPublished,
	headingRef,
}: WizardStepProps ) {
	const create = useCreateSurvey();
	const settings = useSettings();

	const publish = () => {
		create.mutate( data, { onSuccess: onPublished } );
	};

	const addresses = splitAddresses( data.addresses );
	return (
		<StepLayout
			title={ __( 'Publish', 'userfeedback' ) }
			headingRef={ headingRef }
			onBack={ onBack }
			onNext={ publish }
			nextLabel={
				create.isPending
					? __( 'Publishing…', 'userfeedback' )
					: __( 'Publish survey', 'userfeedback' )
			}
			busy={ create.isPending }
		>
			<p>
				{ __(
					'Check your choices. Publishing creates the survey and shows it to your visitors.',
					'userfeedback'
				) }
			</p>
			<dl className="userfeedback-welcome__summary">
				<dt>{ __( 'Template', 'userfeedback' ) }</dt>
				<dd>{ data.template?.name }</dd>
				<dt>{ __( 'Survey title', 'userfeedback' ) }</dt>
				<dd>{ data.title }</dd>
				<dt>{ __( 'Widget', 'userfeedback' ) }</dt>
				<dd>
					{ settings.data
						? sprintf(
								/* translators: 1: colour scheme (Light or Dark), 2: position, e.g. "Bottom right". */
								__( '%1$s, %2$s', 'userfeedback' ),
								schemeLabel( settings.data.widget_theme ),
								positionLabel( settings.data.widget_position )
							)
						: '—' }
				</dd>
				<dt>{ __( 'Notification email', 'userfeedback' ) }</dt>
				<dd>
					{ data.notify && addresses.length > 0
						? addresses.join( ', ' )
						: __( 'No emails', 'userfeedback' ) }
				</dd>
			</dl>
			{ create.isError && (
				<Notice status="error" isDismissible={ false }>
					{ sprintf(
						/* translators: %s: the server's error message. */
						__(
							'The survey could not be created: %s',
							'userfeedback'
						),
						create.error.message
					) }
				</Notice>
			) }
		</StepLayout>
	);
}
