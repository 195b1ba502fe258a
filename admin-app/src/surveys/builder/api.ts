/**
 * The builder's server state (react-query): the survey, saving,
 * duplicating and the redirect-target page search.
 */
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';

import { apiGet, apiPost } from '../../shared/api';
import { queryKeys } from '../../shared/query';
import type {
	SaveResult,
	SearchResult,
	Survey,
	SurveyInput,
} from '../../shared/types';

export const saveMutationKey = [ 'surveys', 'save' ] as const;
export const pageSearchKey = ( title: string ) =>
	[ 'search', 'pages', title ] as const;

export function useSurvey( id: number | null ) {
	return useQuery( {
		queryKey: queryKeys.surveys.detail( id ?? 0 ),
		queryFn: () => apiGet< Survey >( `surveys/${ id }` ),
		enabled: id !== null,
		// The builder edits its own copy; a background refetch must not look like a change.
		staleTime: Infinity,
	} );
}

/** What a save sends: the editable fields of the draft. */
export function toInput( survey: Survey ): SurveyInput {
	return {
		title: survey.title,
		type: survey.type,
		status: survey.status,
		template: survey.template,
		publish_at: survey.publish_at,
		questions: survey.questions,
		settings: survey.settings,
		notifications: survey.notifications,
	};
}

/** POST surveys (first save) or surveys/{id}; puts the saved survey in the cache. */
export function useSaveSurveyMutation() {
	const queryClient = useQueryClient();
	return useMutation( {
		mutationKey: saveMutationKey,
		mutationFn: ( survey: Survey ) =>
			survey.id
				? apiPost< SaveResult >(
						`surveys/${ survey.id }`,
						toInput( survey )
					)
				: apiPost< SaveResult >( 'surveys', toInput( survey ) ),
		onSuccess: ( result ) => {
			queryClient.setQueryData(
				queryKeys.surveys.detail( result.survey.id ),
				result.survey
			);
			// Lists show title, status and counts: let them refetch.
			queryClient.invalidateQueries( {
				queryKey: [ ...queryKeys.surveys.all, 'list' ],
			} );
		},
	} );
}

export function duplicateSurvey( id: number ): Promise< { id: number } > {
	return apiPost< { id: number } >( `surveys/${ id }/duplicate` );
}

export function usePageSearch( title: string ) {
	return useQuery( {
		queryKey: pageSearchKey( title ),
		queryFn: () => apiGet< SearchResult[] >( 'search', { title } ),
		enabled: title.trim() !== '',
	} );
}
