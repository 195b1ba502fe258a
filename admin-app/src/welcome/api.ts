/**
 * Creating the wizard's survey: POST surveys with the template's questions, published.
 */
import { useCreateSurveyMutation } from '../shared/surveys';
import type { SurveyInput } from '../shared/types';
import { splitAddresses } from './email';
import type { WizardData } from './types';

/**
 * The create payload. Settings are left to the server's defaults, which take the
 * widget look from the site's widget settings (saved by the widget step).
 *
 * @param data What the wizard collected; the template is required.
 */
export function surveyInput( data: WizardData ): SurveyInput {
	if ( ! data.template ) {
		throw new Error( 'A template is required.' );
	}
	return {
		title: data.title.trim(),
		type: data.template.type,
		template: data.template.key,
		status: 'publish',
		publish_at: null,
		questions: structuredClone( data.template.config.questions ),
		notifications: {
			email: {
				active: data.notify,
				addresses: splitAddresses( data.addresses ).join( ', ' ),
				logic: { enable: false, action: 'send', conditions: [] },
			},
		},
	};
}

export function useCreateSurvey() {
	return useCreateSurveyMutation( surveyInput );
}
