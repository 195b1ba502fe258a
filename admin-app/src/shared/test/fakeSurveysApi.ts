/**
 * A stand-in for the surveys REST routes of the contract (shared/types/survey.ts),
 * served by the real test HTTP server: it keeps surveys in memory and answers
 * GET/PUT surveys/{id}, POST surveys, duplicate, templates, search and the list. Writes
 * answer as the server does: the survey (201 and its Location when created) and the
 * notes in X-UserFeedback-Notes.
 */
import type { ServerResponse } from 'node:http';

import { sendJson, type Received, type TestServer } from './server';
import type {
	SaveNotes,
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
	/** Overrides the notes of the next saves: published flag, message, stripped. */
	saveAnswer: Partial< SaveNotes > | null;
	/** Every save, in order: its path, method (after X-HTTP-Method-Override) and body. */
	saves: Array< { path: string; method: string; body: SurveyInput } >;
	searches: string[];
	nextId: number;
}

/** The method a request stands for: api-fetch sends PUT as POST with an override. */
function methodOf( request: Received ): string {
	const override = request.headers[ 'x-http-method-override' ];
	return (
		( typeof override === 'string' && override ) ||
		request.method
	).toUpperCase();
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
			method: methodOf( request ),
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
		const notes: SaveNotes = {
			published,
			stripped: api.saveAnswer?.stripped ?? [],
			message: api.saveAnswer?.message ?? '',
		};
		const headers: Record< string, string > = {
			'X-UserFeedback-Notes': JSON.stringify( notes ),
		};
		if ( ! existing ) {
			headers.Location = `http://site.test${ API }/surveys/${ id }`;
		}
		sendJson( response, existing ? 200 : 201, survey, headers );
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
			if (
				! [ 'POST', 'PUT', 'PATCH' ].includes( methodOf( request ) )
			) {
				return notFound( response );
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
			const copy: Survey = { ...source, id, status: 'draft' };
			api.surveys.set( id, copy );
			return sendJson( response, 201, copy, {
				Location: `http://site.test${ API }/surveys/${ id }`,
			} );
		}
		return notFound( response );
	} );
	return api;
}
