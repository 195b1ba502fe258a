/**
 * The surveys resource in react-query: each hook pairs one key of shared/query.ts with
 * one fetcher of ./api.ts, so a key always holds what its fetcher answers.
 */
import {
	useMutation,
	useQuery,
	useQueryClient,
	type QueryClient,
	type UseQueryOptions,
} from '@tanstack/react-query';

import type { ApiQuery } from '../api';
import { lastDays, siteToday } from '../components/DateRangePicker/dates';
import { useConfig } from '../context';
import { queryKeys } from '../query';
import type { SaveResult, Survey, SurveyInput, SurveyList } from '../types';
import {
	createSurvey,
	fetchSurvey,
	fetchSurveyList,
	fetchSurveyOptions,
	fetchTemplates,
	saveSurvey,
} from './api';

/** When to ask; what to show meanwhile (keepPreviousData for a table's next page). */
type ListOptions = Pick<
	UseQueryOptions< SurveyList >,
	'enabled' | 'placeholderData'
>;

/**
 * GET surveys for a REST query.
 *
 * @param query   page, per_page, orderby, order, search, filter[status].
 * @param options When to ask, what to show meanwhile.
 */
export function useSurveyList( query: ApiQuery, options: ListOptions = {} ) {
	return useQuery( {
		queryKey: queryKeys.surveys.list( query ),
		queryFn: () => fetchSurveyList( query ),
		...options,
	} );
}

/**
 * GET surveys/{id}; nothing is asked for null or 0.
 *
 * @param id                Survey id.
 * @param options           Query options.
 * @param options.staleTime How long the copy is fresh (the builder, which edits its
 *                          own copy: never refetched).
 */
export function useSurvey(
	id: number | null,
	options: { staleTime?: number } = {}
) {
	return useQuery( {
		queryKey: queryKeys.surveys.detail( id ?? 0 ),
		queryFn: () => fetchSurvey( id as number ),
		enabled: !! id,
		// Left out unless given: an explicit undefined would override the client's default.
		...( options.staleTime === undefined
			? {}
			: { staleTime: options.staleTime } ),
	} );
}

/**
 * Every survey by title (results-summary), for the results screens' dropdowns. It asks
 * with the past 7 days, which every tier may read.
 */
export function useSurveyOptions() {
	const { site } = useConfig();
	return useQuery( {
		queryKey: queryKeys.surveys.options,
		queryFn: () => fetchSurveyOptions( lastDays( siteToday( site ), 7 ) ),
		staleTime: 5 * 60_000,
	} );
}

export function useTemplates() {
	return useQuery( {
		queryKey: queryKeys.surveys.templates,
		queryFn: fetchTemplates,
		staleTime: Infinity,
	} );
}

/**
 * After a save: the survey as saved is the cached one; lists and the dropdowns show
 * titles, statuses and counts, so they are asked again.
 *
 * @param queryClient The client.
 * @param result      The save's result.
 */
function remember( queryClient: QueryClient, result: SaveResult ): void {
	queryClient.setQueryData(
		queryKeys.surveys.detail( result.survey.id ),
		result.survey
	);
	queryClient.invalidateQueries( { queryKey: queryKeys.surveys.lists } );
	queryClient.invalidateQueries( { queryKey: queryKeys.surveys.options } );
}

/**
 * Saves the builder's draft: creates it the first time, updates it after. Without the
 * view results capability the notifications are left out (the builder shows them read
 * only): the server keeps the stored ones, or a new survey's defaults.
 */
export function useSaveSurveyMutation() {
	const queryClient = useQueryClient();
	const withNotifications = !! useConfig().user.capabilities.view_results;
	return useMutation( {
		mutationKey: queryKeys.mutations.saveSurvey,
		mutationFn: ( survey: Survey ) =>
			saveSurvey( survey, { withNotifications } ),
		onSuccess: ( result ) => remember( queryClient, result ),
	} );
}

/**
 * Creates a survey from fields (the welcome wizard).
 *
 * @param toInput Turns what the caller has into the survey's fields.
 */
export function useCreateSurveyMutation< T >(
	toInput: ( data: T ) => SurveyInput
) {
	const queryClient = useQueryClient();
	return useMutation( {
		mutationFn: ( data: T ) => createSurvey( toInput( data ) ),
		onSuccess: ( result ) => remember( queryClient, result ),
	} );
}
