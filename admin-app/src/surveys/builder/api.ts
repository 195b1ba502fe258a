/**
 * The builder's server state: the survey and its save come from the surveys resource
 * (shared/surveys); the redirect-target page search is the builder's own.
 */
import { useQuery } from '@tanstack/react-query';

import { apiGet } from '../../shared/api';
import { queryKeys } from '../../shared/query';
import type { SearchResult } from '../../shared/types';

export {
	duplicateSurvey,
	toInput,
	useSaveSurveyMutation,
} from '../../shared/surveys';

export const saveMutationKey = queryKeys.mutations.saveSurvey;

export function usePageSearch( title: string ) {
	return useQuery( {
		queryKey: queryKeys.pageSearch( title ),
		queryFn: () => apiGet< SearchResult[] >( 'search', { title } ),
		enabled: title.trim() !== '',
	} );
}
