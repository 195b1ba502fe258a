/**
 * A stand-in for the surveys REST routes of the contract (shared/types/survey.ts),
 * served by the real test HTTP server: it keeps surveys in memory and answers
 * GET/POST surveys/{id}, POST surveys, duplicate, templates, search and the list.
 */
import type { ServerResponse } from 'node:http';

import { sendJson, type Received, type TestServer } from './server';
import type {
	SaveResult,
	SearchResult,
	Survey,
	SurveyInput,
	SurveyTemplate,
} from '../types';

export const API = '/wp-json/userfeedback/v1';

export interface FakeApi {
	surveys: Map< number, Survey >;
	templates: SurveyTemplate[];
	pages: SearchResult[];
	/** Overrides the answer of the next saves: published flag, message, stripped. */
	saveAnswer: Partial< Omit< SaveResult, 'survey' > > | null;
	/** Bodies of every save, in order. */
	saves: Array< { path: string; body: SurveyInput } >;
	searches: string[];
	nextId: number;
}

function notFound( response: ServerResponse ) {
	sendJson( response, 404, {
		code: 'rest_no_route',
		message: 'No route was found matching the URL and request method.',
		data: { status: 404 },
	} );
}

export function installFakeApi(
	server: TestServer,
	initial: Partial< FakeApi > = {}
): FakeApi {
	const api: FakeApi = {
		surveys: new Map(),
		templates: [],
		pages: [],
		saveAnswer: null,
		saves: [],
		searches: [],
		nextId: 100,
		...initial,
	};

	const save = (
		request: Received,
		response: ServerResponse,
		existing: Survey | null
	) => {
		const body = JSON.parse( request.body || '{}' ) as SurveyInput;
		api.saves.push( {
			path: new URL( request.url, 'http://x' ).pathname,
			body,
		} );
		const id = existing?.id ?? api.nextId++;
		const published =
			api.saveAnswer?.published ?? body.status === 'publish';
		const survey: Survey = {
			...( existing ?? ( body as Survey ) ),
			...body,
			id,
			status: published ? ( body.status ?? 'draft' ) : 'draft',
			cookie_name: `userfeedback-survey-${ id }`,
			shortcode: `[userfeedback id="${ id }"]`,
			responses_count: existing?.responses_count ?? 0,
		} as Survey;
		api.surveys.set( id, survey );
		const result: SaveResult = {
			survey,
			published,
			message: api.saveAnswer?.message ?? null,
			stripped: api.saveAnswer?.stripped ?? [],
		};
		sendJson( response, existing ? 200 : 201, result );
	};

	server.handle( ( request, response ) => {
		const url = new URL( request.url, 'http://x' );
		const path = url.pathname.replace( API, '' );
		let match: RegExpMatchArray | null;

		if ( request.method === 'GET' && path === '/surveys/templates' ) {
			return sendJson( response, 200, api.templates );
		}
		if ( request.method === 'GET' && path === '/search' ) {
			const title = url.searchParams.get( 'title' ) ?? '';
			api.searches.push( title );
			return sendJson(
				response,
				200,
				api.pages.filter( ( page ) =>
					page.title.toLowerCase().includes( title.toLowerCase() )
				)
			);
		}
		if ( request.method === 'GET' && path === '/surveys' ) {
			const items = [ ...api.surveys.values() ];
			return sendJson(
				response,
				200,
				{
					items,
					pagination: {
						page: 1,
						pages: 1,
						per_page: 10,
						total: items.length,
					},
					status_filters: [ { status: 'all', count: items.length } ],
				},
				{
					'X-WP-Total': String( items.length ),
					'X-WP-TotalPages': '1',
				}
			);
		}
		if ( request.method === 'POST' && path === '/surveys' ) {
			return save( request, response, null );
		}
		if ( ( match = path.match( /^\/surveys\/(\d+)$/ ) ) ) {
			const survey = api.surveys.get( Number( match[ 1 ] ) );
			if ( ! survey ) {
				return sendJson( response, 404, {
					code: 'userfeedback_survey_not_found',
					message: 'Survey not found.',
					data: { status: 404 },
				} );
			}
			if ( request.method === 'GET' ) {
				return sendJson( response, 200, survey );
			}
			return save( request, response, survey );
		}
		if (
			request.method === 'POST' &&
			( match = path.match( /^\/surveys\/(\d+)\/duplicate$/ ) )
		) {
			const source = api.surveys.get( Number( match[ 1 ] ) );
			if ( ! source ) {
				return notFound( response );
			}
			const id = api.nextId++;
			api.surveys.set( id, { ...source, id, status: 'draft' } );
			return sendJson( response, 201, { id } );
		}
		return notFound( response );
	} );
	return api;
}
