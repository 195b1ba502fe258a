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
 * Query keys. A list's key holds its whole view (page, perPage, sort, filters,
 * search) so each view is cached on its own.
 */
export const queryKeys = {
	settings: [ 'settings' ] as const,
	surveys: {
		all: [ 'surveys' ] as const,
		list: ( view: object ) => [ 'surveys', 'list', view ] as const,
		detail: ( id: number ) => [ 'surveys', 'detail', id ] as const,
	},
	results: {
		all: [ 'results' ] as const,
		survey: ( id: number, view: object = {} ) =>
			[ 'results', 'survey', id, view ] as const,
	},
	responses: {
		list: ( surveyId: number, view: object ) =>
			[ 'responses', surveyId, view ] as const,
		detail: ( surveyId: number, id: number ) =>
			[ 'responses', surveyId, 'detail', id ] as const,
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
};
