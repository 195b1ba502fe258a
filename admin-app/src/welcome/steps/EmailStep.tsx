/**
 * Step 3: where this survey's response notifications go (default the site admin's
 * address). Checked when moving on; kept in the wizard until the survey is created.
 */
import { TextControl, ToggleControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import { addressesError } from '../email';
import type { WizardStepProps } from '../types';
import { StepLayout, useStepError } from './StepLayout';

export function EmailStep( {
	data,
	update,
	onBack,
	onNext,
	headingRef,
}: WizardStepProps ) {
	const { error, setError, id: errorId, describedBy } = useStepError();

	const next = () => {
		const problem = addressesError( data.addresses, data.notify );
		setError( problem );
		if ( ! problem ) {
			onNext();
		}
	};

	return (
		<StepLayout
			title={ __( 'Notification email', 'userfeedback' ) }
			headingRef={ headingRef }
			onBack={ onBack }
			onNext={ next }
			error={ error }
			errorId={ errorId }
		>
			<p>
				{ __(
					'Get an email each time someone answers this survey.',
					'userfeedback'
				) }
			</p>
			<ToggleControl
				__nextHasNoMarginBottom
				label={ __( 'Email me new responses', 'userfeedback' ) }
				checked={ data.notify }
				onChange={ ( notify ) => {
					setError( null );
					update( { notify } );
				} }
			/>
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				type="email"
				multiple
				label={ __( 'Send notifications to', 'userfeedback' ) }
				help={ __(
					'Separate several addresses with commas.',
					'userfeedback'
				) }
				value={ data.addresses }
				disabled={ ! data.notify }
				aria-invalid={ error ? true : undefined }
				aria-describedby={ describedBy }
				onChange={ ( addresses ) => {
					setError( null );
					update( { addresses } );
				} }
			/>
		</StepLayout>
	);
}
