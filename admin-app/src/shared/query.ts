/**
 * Server state lives in react-query; these are the one factory and the one set of keys.
 */
import { QueryClient } from '@tanstack/react-query';

import { ApiError } from './api';

/**
 * A QueryClient with the app's defaults: admin data changes rarely behind the user's
 * back, so no refetch on focus; client errors (4xx) are not retried.
 */
export function createQueryClient(): QueryClient {
	return new QueryClient( {
		defaultOptions: {
			queries: {
				refetchOnWindowFocus: false,
				staleTime: 30_000,
				retry: ( failureCount, error ) => {
					if (
						error instanceof ApiError &&
						error.status !== undefined &&
						error.status >= 400 &&
						error.status < 500
					) {
						return false;
					}
					return failureCount < 2;
				},
			},
			mutations: { retry: false },
		},
	} );
}

/**
 * Every query key of the admin apps. A key says what was fetched and with which
 * arguments, so two screens that share a key must share the fetcher too (one per
 * resource: shared/surveys, results/api.ts, ...). A list's key holds its whole query so
 * each view is cached on its own.
 */
export const queryKeys = {
	settings: [ 'settings' ] as const,
	surveys: {
		all: [ 'surveys' ] as const,
		/** Every list of surveys (invalidated after a save). */
		lists: [ 'surveys', 'list' ] as const,
		/** One GET surveys, by its REST query (page, per_page, orderby, order, ...). */
		list: ( query: object ) => [ 'surveys', 'list', query ] as const,
		detail: ( id: number ) => [ 'surveys', 'detail', id ] as const,
		/** Every survey by title (results-summary), for the results screens' dropdowns. */
		options: [ 'surveys', 'options' ] as const,
		templates: [ 'surveys', 'templates' ] as const,
	},
	mutations: {
		saveSurvey: [ 'surveys', 'save' ] as const,
	},
	/** Pages and posts for redirect targets (GET search). */
	pageSearch: ( title: string ) => [ 'search', 'pages', title ] as const,
	/** Choices of a targeting page rule (GET logic-type). */
	ruleOptions: ( source: string | null | undefined, search: string ) =>
		[ 'rule-options', source ?? null, search ] as const,
	results: {
		all: [ 'results' ] as const,
		overview: ( range: object, view: object ) =>
			[ 'results', 'overview', range, view ] as const,
		survey: ( id: number, range: object = {} ) =>
			[ 'results', 'survey', id, range ] as const,
		answers: (
			id: number,
			questionId: number,
			range: object,
			page: number,
			search = ''
		) =>
			[
				'results',
				'answers',
				id,
				questionId,
				range,
				page,
				search,
			] as const,
		nps: ( id: number, range: object ) =>
			[ 'results', 'nps', id, range ] as const,
		npsComments: (
			id: number,
			questionId: number | undefined,
			range: object,
			page: number,
			search: string
		) =>
			[
				'results',
				'nps-comments',
				id,
				questionId,
				range,
				page,
				search,
			] as const,
	},
	/** The cached AI summary of a survey. */
	aiSummary: ( surveyId: number ) =>
		[ 'ai-summary', surveyId, 'cached' ] as const,
	responses: {
		all: [ 'responses' ] as const,
		/** Everything about one survey's responses. */
		survey: ( surveyId: number ) => [ 'responses', surveyId ] as const,
		list: ( surveyId: number, view: object ) =>
			[ 'responses', surveyId, view ] as const,
		/**
		 * The count of one list (GET surveys/{id}/responses/count), by its view without the
		 * page; under survey(), so the actions that change responses invalidate it too.
		 */
		count: ( surveyId: number, view: object ) =>
			[ 'responses', surveyId, 'count', view ] as const,
		detail: ( surveyId: number, id: number, status: string ) =>
			[ 'responses', surveyId, 'detail', id, status ] as const,
	},
	postRatings: {
		all: [ 'post-ratings' ] as const,
		settings: [ 'post-ratings', 'settings' ] as const,
		/** The rated posts; the view includes the date range. */
		list: ( view: object ) => [ 'post-ratings', 'list', view ] as const,
		/** One post's ratings; the view includes the date range. */
		post: ( postId: number, view: object ) =>
			[ 'post-ratings', 'post', postId, view ] as const,
	},
	addons: [ 'addons' ] as const,
	notifications: [ 'notifications' ] as const,
	/** Installed plugins (growth tools, analytics plugins). */
	plugins: [ 'plugins' ] as const,
	license: [ 'license' ] as const,
	/** The licence blurb of Settings > General. */
	licenseBlurb: [ 'settings-blurb' ] as const,
	roles: [ 'roles' ] as const,
	/** The automation (Uncanny Automator) integration's state. */
	integration: [ 'integration', 'automation' ] as const,
};
