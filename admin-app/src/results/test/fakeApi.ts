/**
 * A stand-in for the results routes of the contract (shared/types/results.ts), served
 * by the real test HTTP server. Answers are set per test; every request is recorded.
 */
import type { ServerResponse } from 'node:http';

import {
	sendJson,
	type Received,
	type TestServer,
} from '../../shared/test/server';
import type {
	AnswerItem,
	AnswerList,
	NpsResults,
	OverviewSurvey,
	ResponsesOverview,
	SurveyResults,
} from '../../shared/types';

export const API = '/wp-json/userfeedback/v1';

export interface FakeResultsApi {
	surveys: OverviewSurvey[];
	overview: Omit< ResponsesOverview, 'surveys' | 'pagination' >;
	results: Map< number, SurveyResults >;
	/** Text answers by question id (every page). */
	answers: Map< number, AnswerItem[] >;
	nps: Map< number, NpsResults >;
	comments: AnswerItem[];
	/** Routes (path without the namespace) answering an error. */
	failures: Map< string, { status: number; code: string; message: string } >;
	requests: Array< { path: string; query: URLSearchParams } >;
}

function page< T >( items: T[], query: URLSearchParams, perPage = 10 ) {
	const current = Number( query.get( 'page' ) ?? 1 );
	const size = Number( query.get( 'per_page' ) ?? perPage );
	const pages = Math.max( 1, Math.ceil( items.length / size ) );
	return {
		items: items.slice( ( current - 1 ) * size, current * size ),
		pagination: {
			page: current,
			pages,
			per_page: size,
			total: items.length,
		},
	};
}

function notFound( response: ServerResponse ) {
	sendJson( response, 404, {
		code: 'rest_no_route',
		message: 'No route was found matching the URL and request method.',
		data: { status: 404 },
	} );
}

export function installFakeResultsApi(
	server: TestServer,
	initial: Partial< FakeResultsApi > = {}
): FakeResultsApi {
	const api: FakeResultsApi = {
		surveys: [],
		overview: { total_responses: 0, data_points: [] },
		results: new Map(),
		answers: new Map(),
		nps: new Map(),
		comments: [],
		failures: new Map(),
		requests: [],
		...initial,
	};

	server.handle( ( request: Received, response ) => {
		const url = new URL( request.url, 'http://x' );
		const path = url.pathname.replace( API, '' );
		const query = url.searchParams;
		api.requests.push( { path, query } );
		const failure = api.failures.get( path );
		if ( failure ) {
			return sendJson( response, failure.status, {
				code: failure.code,
				message: failure.message,
				data: { status: failure.status },
			} );
		}
		let match: RegExpMatchArray | null;
		if ( path === '/results-summary' ) {
			const field = ( query.get( 'orderby' ) ??
				'id' ) as keyof OverviewSurvey;
			const direction = query.get( 'order' ) === 'asc' ? 1 : -1;
			const sorted = [ ...api.surveys ].sort(
				( a, b ) => ( a[ field ] > b[ field ] ? 1 : -1 ) * direction
			);
			const { items, pagination } = page( sorted, query );
			const body: ResponsesOverview = {
				...api.overview,
				surveys: items,
				pagination,
			};
			return sendJson( response, 200, body, {
				'X-WP-Total': String( pagination.total ),
				'X-WP-TotalPages': String( pagination.pages ),
			} );
		}
		if ( ( match = path.match( /^\/surveys\/(\d+)\/results$/ ) ) ) {
			const results = api.results.get( Number( match[ 1 ] ) );
			if ( ! results ) {
				return sendJson( response, 404, {
					code: 'userfeedback_survey_not_found',
					message: 'Survey not found.',
					data: { status: 404 },
				} );
			}
			return sendJson( response, 200, results );
		}
		if (
			( match = path.match(
				/^\/surveys\/(\d+)\/questions\/(\d+)\/answers$/
			) )
		) {
			const items = api.answers.get( Number( match[ 2 ] ) ) ?? [];
			const body: AnswerList = page( items, query );
			return sendJson( response, 200, body );
		}
		if ( ( match = path.match( /^\/surveys\/(\d+)\/nps$/ ) ) ) {
			const nps = api.nps.get( Number( match[ 1 ] ) );
			return nps ? sendJson( response, 200, nps ) : notFound( response );
		}
		if ( path.match( /^\/surveys\/(\d+)\/nps\/comments$/ ) ) {
			const search = ( query.get( 'search' ) ?? '' ).toLowerCase();
			const items = api.comments.filter( ( item ) =>
				( item.extra?.comments ?? '' ).toLowerCase().includes( search )
			);
			return sendJson( response, 200, page( items, query ) );
		}
		return notFound( response );
	} );
	return api;
}

export function requestsTo( api: FakeResultsApi, path: string ) {
	return api.requests.filter( ( request ) => request.path === path );
}
