/**
 * Step 1: a template (GET surveys/templates; the ones this site may not use are shown
 * locked, as in the builder) and the survey's title. Nothing is saved here.
 */
import { TextControl } from '@wordpress/components';
import { __ } from '@wordpress/i18n';

import {
	ProTemplatesNotice,
	TemplateCards,
} from '../../shared/components/TemplateCards';
import { useEntitlements } from '../../shared/gating';
import { useTemplates } from '../../shared/templates';
import type { SurveyTemplate } from '../../shared/types';
import type { WizardStepProps } from '../types';
import { StepLayout, useStepError } from './StepLayout';

/** The blank template has no questions: a survey without any cannot be published. */
const publishable = ( template: SurveyTemplate ) =>
	template.config.questions.length > 0;

export function TemplateStep( {
	data,
	update,
	onBack,
	onNext,
	headingRef,
}: WizardStepProps ) {
	const templates = useTemplates();
	const entitlements = useEntitlements();
	const { error, setError, id: errorId, describedBy } = useStepError();

	const choose = ( template: SurveyTemplate ) => {
		setError( null );
		update( {
			template,
			title: data.titleEdited ? data.title : template.name,
		} );
	};

	const next = () => {
		if ( ! data.template ) {
			setError( __( 'Choose a template to continue.', 'userfeedback' ) );
			return;
		}
		if ( ! data.title.trim() ) {
			setError( __( 'Enter a title for your survey.', 'userfeedback' ) );
			return;
		}
		onNext();
	};

	return (
		<StepLayout
			title={ __( 'Choose a template', 'userfeedback' ) }
			headingRef={ headingRef }
			onBack={ onBack }
			onNext={ next }
			error={ error }
			errorId={ errorId }
			disabled={ ! templates.data }
		>
			<p>
				{ __(
					'Start from a ready-made survey. You can change its questions later in the survey builder.',
					'userfeedback'
				) }
			</p>
			{ ! entitlements.is_pro && (
				<ProTemplatesNotice medium="welcome-templates" />
			) }
			<TemplateCards
				include={ publishable }
				entitlements={ entitlements }
				selected={ data.template?.key }
				idPrefix="userfeedback-welcome-template"
				className="userfeedback-welcome__templates"
				loadingLabel={ __( 'Loading templates…', 'userfeedback' ) }
				onChoose={ choose }
			/>
			<TextControl
				__nextHasNoMarginBottom
				__next40pxDefaultSize
				label={ __( 'Survey title', 'userfeedback' ) }
				value={ data.title }
				aria-describedby={ describedBy }
				onChange={ ( title ) => {
					setError( null );
					update( { title, titleEdited: true } );
				} }
			/>
		</StepLayout>
	);
}
