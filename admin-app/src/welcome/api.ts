/**
 * Creating the wizard's survey: POST surveys with the template's questions, published.
 */
import { useMutation, useQueryClient } from '@tanstack/react-query';

import { apiPost } from '../shared/api';
import { queryKeys } from '../shared/query';
import type { SaveResult, SurveyInput } from '../shared/types';
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
	const queryClient = useQueryClient();
	return useMutation( {
		mutationFn: ( data: WizardData ) =>
			apiPost< SaveResult >( 'surveys', surveyInput( data ) ),
		onSuccess: ( result ) => {
			queryClient.setQueryData(
				queryKeys.surveys.detail( result.survey.id ),
				result.survey
			);
		},
	} );
}
