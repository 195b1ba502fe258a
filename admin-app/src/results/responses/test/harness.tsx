/**
 * Test support for the responses screens: a fake of the contract's responses routes
 * (admin-app/src/shared/types/results.ts) on a real HTTP server, and the app rendered
 * around the screens with a memory router.
 */
import { configure, waitFor, within } from '@testing-library/react';
import { expect } from 'vitest';
import userEvent from '@testing-library/user-event';
import type { RouteObject } from 'react-router-dom';

import { setupApi } from '../../../shared/api';
import { feature, makeConfig, restOn } from '../../../shared/test/fixtures';
import { renderPage } from '../../../shared/test/render';
import { sendJson, type TestServer } from '../../../shared/test/server';
import type {
	AppConfig,
	ResponseCount,
	ResponseDetail,
	ResponseItem,
	ResponseList,
	ResponseStatus,
} from '../../../shared/types';
import { ResponsesList, SingleResponse } from '..';
import type { FilterableField } from '../conditions';
import type { Condition } from '../view';

// Each test boots the whole app against a real server; on a busy machine the first
// render can take longer than Testing Library's default second.
configure( { asyncUtilTimeout: 5000 } );

export const API = '/wp-json/userfeedback/v1';

export const SURVEY: ResponseList[ 'survey' ] = {
	id: 7,
	title: 'Site feedback',
	type: 'survey',
	questions: [
		{ id: 1, title: 'How did you find us?', type: 'radio-button' },
		{ id: 2, title: 'What do you use?', type: 'checkbox' },
		{ id: 3, title: 'Your email', type: 'email' },
		{ id: 4, title: 'Anything else?', type: 'long-text' },
	],
	hidden_fields: [],
};

export const OTHER_SURVEY: ResponseList[ 'survey' ] = {
	id: 9,
	title: 'Exit poll',
	type: 'survey',
	questions: [ { id: 1, title: 'Why leave?', type: 'text' } ],
	hidden_fields: [],
};

/**
 * Response n, started on October n, 2026 at 14:58 UTC and completed (submitted) at 15:00
 * UTC (11:00 am in New York). Every fifth skips the first question; 3 and 8 are in the trash.
 *
 * @param id    Response id.
 * @param extra Overrides.
 */
export function response(
	id: number,
	extra: Partial< ResponseItem > = {}
): ResponseItem {
	const day = `2026-10-${ String( id ).padStart( 2, '0' ) }`;
	return {
		id,
		status: id === 3 || id === 8 ? 'trash' : 'publish',
		submitted_at: `${ day }T15:00:00Z`,
		complete: true,
		started_at: `${ day }T14:58:40Z`,
		completed_at: `${ day }T15:00:00Z`,
		last_question: 3,
		not_shown: [],
		fields: {},
		page_submitted: {
			name: `Page ${ id }`,
			url: `https://site.test/page-${ id }/`,
		},
		user_ip: `203.0.113.${ id }`,
		user_browser: 'Firefox',
		user_os: 'Linux',
		user_device: 'desktop',
		answers: [
			{
				question_id: 1,
				value: id % 5 === 0 ? null : `Search ${ id }`,
				extra: null,
			},
			{ question_id: 2, value: [ 'Blog', 'Shop' ], extra: null },
			{
				question_id: 3,
				value: 'jane@example.com',
				extra: { name: 'Jane' },
			},
			{
				question_id: 4,
				value: null,
				extra: { comments: 'Great site' },
			},
		],
		...extra,
	};
}

export interface FakeApi {
	responses: Map< number, ResponseItem[] >;
	/** Action calls: action, survey, ids, and the raw method and override header. */
	actions: {
		action: string;
		surveyId: number;
		ids: number[];
		method: string;
		override: string | undefined;
	}[];
	/** When set, the action routes answer this error. */
	refuse: { status: number; code: string; message: string } | null;
	/** Responses one DELETE { all: true } deletes (the server's bound); 2 by default. */
	deleteAllBatch?: number;
	/** The survey the routes of SURVEY.id answer with; SURVEY by default. */
	survey?: ResponseList[ 'survey' ];
	/** The list's `filterable`; FILTERABLE by default. */
	filterable?: FilterableField[];
	/** When set, a list request with filter[conditions] answers 400 with this message. */
	refuseConditions?: string;
	/** Overrides of the single response's position (a capped count, an unknown rank). */
	position?: Partial< ResponseDetail[ 'position' ] >;
	/**
	 * Where the count of a list with conditions stops (`matched_capped`), as the server's
	 * (1,000 by default); a list without conditions is counted from the rollups, exactly.
	 */
	matchedCap?: number;
	/** When set, list requests are answered once it resolves (a refetch on its way). */
	hold?: Promise< void >;
	/** When set, count requests are answered once it resolves (a count on its way). */
	holdCounts?: Promise< void >;
	/**
	 * How the count route answers instead of counting: 'unknown' (out of time: matched 0,
	 * capped), or an HTTP status to fail with.
	 */
	countAnswer?: 'unknown' | number;
}

/** What the server offers for SURVEY, as ResponseFilter::filterable() builds it. */
export const FILTERABLE: FilterableField[] = [
	{ field: 'date', label: 'Date', kind: 'date', operators: [ 'between' ] },
	{
		field: 'page_url',
		label: 'Page URL',
		kind: 'text',
		operators: [ 'contains' ],
	},
	{
		field: 'device',
		label: 'Device',
		kind: 'devices',
		operators: [ 'isAny' ],
		elements: [
			{ value: 'desktop', label: 'Desktop' },
			{ value: 'tablet', label: 'Tablet' },
			{ value: 'mobile', label: 'Mobile' },
		],
	},
	{
		field: 'text:any',
		label: 'Any text answer',
		kind: 'text_answer',
		operators: [ 'contains' ],
	},
	{
		field: 'question:1',
		label: 'How did you find us?',
		kind: 'choice',
		operators: [ 'is', 'isNot', 'isAny' ],
		elements: [
			{ value: 'Search', label: 'Search' },
			{ value: 'Friend', label: 'Friend' },
			{ value: 'Ad', label: 'Ad' },
		],
	},
	{
		field: 'text:4',
		label: 'Anything else?',
		kind: 'text_answer',
		operators: [ 'contains' ],
	},
	{
		field: 'question:5',
		label: 'Rate us',
		kind: 'stars',
		operators: [ 'greaterThanOrEqual', 'lessThanOrEqual', 'is' ],
	},
	{
		field: 'question:6',
		label: 'Would you recommend us?',
		kind: 'nps',
		operators: [ 'isAny' ],
		elements: [
			{ value: 'promoter', label: 'Promoters (9-10)' },
			{ value: 'passive', label: 'Passives (7-8)' },
			{ value: 'detractor', label: 'Detractors (0-6)' },
		],
	},
	{
		field: 'field:plan',
		label: 'Hidden field: plan',
		kind: 'hidden',
		operators: [ 'is' ],
	},
];

function textsOf( item: ResponseItem ): string[] {
	return item.answers.flatMap( ( answer ) => [
		...( typeof answer.value === 'string' ? [ answer.value ] : [] ),
		answer.extra?.comments ?? '',
	] );
}

/**
 * The fake's reading of a few conditions (device, page URL, text contains); the others
 * select every response: the tests check what the list sends for them.
 *
 * @param item      A response.
 * @param condition A condition.
 */
function meets( item: ResponseItem, condition: Condition ): boolean {
	const value = condition.value;
	const has = ( text: string ) =>
		text.toLowerCase().includes( String( value ).toLowerCase() );
	if ( condition.field === 'device' && Array.isArray( value ) ) {
		return value.includes( item.user_device );
	}
	if ( condition.field === 'page_url' ) {
		return has( item.page_submitted.url );
	}
	if ( condition.field === 'text:any' ) {
		return textsOf( item ).some( has );
	}
	return true;
}

/**
 * A partial response as the list sends it: answers up to the question it reached.
 *
 * @param id           Response id.
 * @param lastQuestion 0-based index of the last question reached.
 * @param extra        Overrides.
 */
export function partialResponse(
	id: number,
	lastQuestion: number,
	extra: Partial< ResponseItem > = {}
): ResponseItem {
	const full = response( id );
	return response( id, {
		status: 'partial',
		complete: false,
		completed_at: null,
		submitted_at: full.started_at!.replace( '14:58:40', '14:59:10' ),
		last_question: lastQuestion,
		answers: full.answers.slice( 0, lastQuestion ),
		...extra,
	} );
}

/**
 * Responses 1 to `count`, one a minute from 2026-01-01 00:01 UTC (response() dates them by the
 * day of October, which runs out at 31); 3 and 8 in the trash, as response() has them.
 *
 * @param count How many.
 * @param extra Overrides for response n.
 */
export function manyResponses(
	count: number,
	extra: ( id: number ) => Partial< ResponseItem > = () => ( {} )
): ResponseItem[] {
	return Array.from( { length: count }, ( _, index ) => {
		const id = index + 1;
		const at = new Date( Date.UTC( 2026, 0, 1 ) + id * 60_000 );
		const submitted = at.toISOString().replace( '.000Z', 'Z' );
		return response( id, {
			submitted_at: submitted,
			started_at: submitted,
			completed_at: submitted,
			...extra( id ),
		} );
	} );
}

/** submitted_at as a cursor writes it: '2026-10-24T15:00:00Z' => '20261024150000'. */
const stamp = ( item: ResponseItem ) =>
	item.submitted_at.replace( /\D/g, '' ).slice( 0, 14 );

/**
 * The cursor of the row at a 0-based rank, as PageCursor::encode() writes it.
 *
 * @param rank The row's place in the list.
 * @param item The row.
 */
function cursorOf( rank: number, item: ResponseItem ): string {
	return `${ rank }-${ stamp( item ) }-${ item.id }`;
}

/**
 * A page read as the server reads it with a cursor: the rows after the cursor's row (by
 * submitted_at then id, or id alone), skipping offset - rank - 1 of them; null when the
 * cursor does not serve (not one, or not before the page), so the page is read by offset.
 * A stale cursor therefore gives a wrong page here too.
 *
 * @param matching The list, ordered.
 * @param cursor   The request's cursor.
 * @param offset   The page's first row.
 * @param perPage  Rows per page.
 * @param orderby  id or submitted_at.
 * @param order    asc or desc.
 */
function pageAfter(
	matching: ResponseItem[],
	cursor: string | null,
	offset: number,
	perPage: number,
	orderby: string,
	order: string
): ResponseItem[] | null {
	const parts = /^([0-9]{1,9})-([0-9]{14})-([0-9]{1,20})$/.exec(
		cursor ?? ''
	);
	if ( ! parts ) {
		return null;
	}
	const rank = Number( parts[ 1 ] );
	const skip = offset - rank - 1;
	if ( skip < 0 || skip >= offset ) {
		return null;
	}
	const id = Number( parts[ 3 ] );
	const direction = order === 'asc' ? 1 : -1;
	const after = matching.filter( ( item ) => {
		const byField =
			orderby === 'id'
				? item.id - id
				: stamp( item ).localeCompare( parts[ 2 ] ) || item.id - id;
		return byField * direction > 0;
	} );
	return after.slice( skip, skip + perPage );
}

/** "all" is the completed responses, as on the server (the trash and partial ones apart). */
function inFilter( item: ResponseItem, status: string ): boolean {
	return item.status === ( status === 'all' ? 'publish' : status );
}

function ordered(
	items: ResponseItem[],
	status: string,
	orderby = 'submitted_at',
	order = 'desc'
): ResponseItem[] {
	const direction = order === 'asc' ? 1 : -1;
	return items
		.filter( ( item ) => inFilter( item, status ) )
		.sort( ( a, b ) => {
			const byField =
				orderby === 'id'
					? a.id - b.id
					: a.submitted_at.localeCompare( b.submitted_at ) ||
						a.id - b.id;
			return byField * direction;
		} );
}

function surveyOf( id: number, api: FakeApi ) {
	return id === OTHER_SURVEY.id ? OTHER_SURVEY : ( api.survey ?? SURVEY );
}

/**
 * The query of every GET surveys/{SURVEY.id}/responses/count the server received, in order.
 *
 * @param server The test server.
 */
export function countRequests(
	server: TestServer
): Record< string, string >[] {
	return server.received
		.filter( ( request ) => request.method === 'GET' )
		.map( ( request ) => new URL( request.url, server.url ) )
		.filter(
			( url ) =>
				url.pathname ===
				`${ API }/surveys/${ SURVEY.id }/responses/count`
		)
		.map( ( url ) => Object.fromEntries( url.searchParams ) );
}

/**
 * Serves GET surveys/{id}/responses, GET surveys/{id}/responses/count, GET
 * surveys/{id}/responses/{rid}, POST .../trash and .../restore, DELETE
 * surveys/{id}/responses and GET results-summary from the data in `api`, changing it as
 * the real routes would.
 *
 * @param server The test server.
 * @param api    The data.
 */
export function serveResponses( server: TestServer, api: FakeApi ) {
	server.handle( ( request, res ) => {
		const url = new URL( request.url, server.url );
		const path = url.pathname.slice( API.length );
		const query = url.searchParams;
		const override = request.headers[ 'x-http-method-override' ] as
			string | undefined;
		const method = ( override ?? request.method ).toUpperCase();

		if ( path === '/results-summary' && method === 'GET' ) {
			return sendJson( res, 200, {
				total_responses: 0,
				data_points: [],
				surveys: [ SURVEY, OTHER_SURVEY ].map( ( survey ) => ( {
					id: survey.id,
					title: survey.title,
					type: survey.type,
					status: 'publish',
					created_at: '2026-01-01T00:00:00Z',
					responses_count: 0,
					range_responses_count: 0,
				} ) ),
				pagination: { page: 1, pages: 1, per_page: 100, total: 2 },
			} );
		}

		const counted = /^\/surveys\/(\d+)\/responses\/count$/.exec( path );
		if ( counted && method === 'GET' ) {
			const surveyId = Number( counted[ 1 ] );
			const conditions = JSON.parse(
				query.get( 'filter[conditions]' ) ?? '[]'
			) as Condition[];
			if ( conditions.length && api.refuseConditions ) {
				return sendJson( res, 400, {
					code: 'rest_invalid_param',
					message: api.refuseConditions,
					data: { status: 400 },
				} );
			}
			const matching = ordered(
				api.responses.get( surveyId ) ?? [],
				query.get( 'filter[status]' ) ?? 'all'
			).filter( ( item ) =>
				conditions.every( ( condition ) => meets( item, condition ) )
			).length;
			const cap = conditions.length
				? ( api.matchedCap ?? 1000 )
				: Infinity;
			const answer = () => {
				if ( typeof api.countAnswer === 'number' ) {
					return sendJson( res, api.countAnswer, {
						code: 'count_failed',
						message: 'The count failed.',
						data: { status: api.countAnswer },
					} );
				}
				sendJson(
					res,
					200,
					( api.countAnswer === 'unknown'
						? { matched: 0, matched_capped: true }
						: {
								matched: Math.min( matching, cap ),
								matched_capped: matching > cap,
							} ) satisfies ResponseCount
				);
			};
			if ( api.holdCounts ) {
				void api.holdCounts.then( answer );
				return;
			}
			return answer();
		}

		const list = /^\/surveys\/(\d+)\/responses$/.exec( path );
		if ( list && method === 'GET' ) {
			const surveyId = Number( list[ 1 ] );
			const items = api.responses.get( surveyId ) ?? [];
			const status = query.get( 'filter[status]' ) ?? 'all';
			const perPage = Number( query.get( 'per_page' ) ?? 10 );
			const page = Number( query.get( 'page' ) ?? 1 );
			const conditions = JSON.parse(
				query.get( 'filter[conditions]' ) ?? '[]'
			) as Condition[];
			if ( conditions.length && api.refuseConditions ) {
				return sendJson( res, 400, {
					code: 'rest_invalid_param',
					message: api.refuseConditions,
					data: { status: 400 },
				} );
			}
			const orderby = query.get( 'orderby' ) ?? 'submitted_at';
			const order = query.get( 'order' ) ?? 'desc';
			const matching = ordered( items, status, orderby, order ).filter(
				( item ) =>
					conditions.every( ( condition ) =>
						meets( item, condition )
					)
			);
			const offset = ( page - 1 ) * perPage;
			const afterCursor = pageAfter(
				matching,
				query.get( 'cursor' ),
				offset,
				perPage,
				orderby,
				order
			);
			const rows =
				afterCursor ?? matching.slice( offset, offset + perPage );
			const last = rows.at( -1 );
			// As the server: a list without conditions is counted from the rollups, exactly,
			// on every page. Another is not counted when the request says count=false or the
			// page is read after a cursor: it knows the rows before and on it, and one more
			// when another follows (an empty page: its offset, at most the status's count,
			// a guess). Otherwise it is
			// counted up to the cap.
			const cheap = conditions.length === 0;
			const isCounted =
				cheap || ( ! afterCursor && query.get( 'count' ) !== 'false' );
			const cap = cheap ? Infinity : ( api.matchedCap ?? 1000 );
			const follows =
				last !== undefined &&
				matching.indexOf( last ) < matching.length - 1;
			const known = rows.length
				? offset + rows.length + ( follows ? 1 : 0 )
				: Math.min(
						offset,
						items.filter( ( item ) => inFilter( item, status ) )
							.length
					);
			const total = isCounted ? Math.min( matching.length, cap ) : known;
			const capped = isCounted ? matching.length > cap : follows;
			const answer = () =>
				sendJson( res, 200, {
					items: rows,
					next_cursor: last
						? cursorOf( offset + rows.length - 1, last )
						: null,
					pagination: {
						page,
						pages: Math.ceil( total / perPage ),
						per_page: perPage,
						total,
					},
					status_filters: (
						[ 'all', 'publish', 'partial', 'trash' ] as const
					 ).map( ( name ) => ( {
						status: name,
						count: items.filter( ( item ) =>
							inFilter( item, name )
						).length,
					} ) ),
					survey: surveyOf( surveyId, api ),
					filterable: api.filterable ?? FILTERABLE,
					matched: total,
					matched_capped: capped,
					counted: isCounted,
				} satisfies ResponseList & {
					filterable: FilterableField[];
					matched: number;
				} );
			if ( api.hold ) {
				void api.hold.then( answer );
				return;
			}
			return answer();
		}

		const single = /^\/surveys\/(\d+)\/responses\/(\d+)$/.exec( path );
		if ( single && method === 'GET' ) {
			const surveyId = Number( single[ 1 ] );
			const id = Number( single[ 2 ] );
			const status = query.get( 'filter[status]' ) ?? 'all';
			const conditions = JSON.parse(
				query.get( 'filter[conditions]' ) ?? '[]'
			) as Condition[];
			const matching = ordered(
				api.responses.get( surveyId ) ?? [],
				status
			).filter( ( item ) =>
				conditions.every( ( condition ) => meets( item, condition ) )
			);
			const index = matching.findIndex( ( item ) => item.id === id );
			if ( index === -1 ) {
				return sendJson( res, 404, {
					code: 'userfeedback_response_not_found',
					message: 'No response with that id.',
					data: { status: 404 },
				} );
			}
			const prev = matching[ index - 1 ]?.id ?? null;
			const next = matching[ index + 1 ]?.id ?? null;
			// As the server: a list without conditions is counted from the rollups, exactly.
			// Another is not counted with count=false: the total is the lower bound the rank
			// and the neighbours give (the response, those before it, and the next), capped.
			const uncounted =
				conditions.length > 0 && query.get( 'count' ) === 'false';
			return sendJson( res, 200, {
				response: matching[ index ],
				survey: surveyOf( surveyId, api ),
				position: {
					index: index + 1,
					total: uncounted
						? index + 1 + ( next === null ? 0 : 1 )
						: matching.length,
					capped: uncounted,
					prev_id: prev,
					next_id: next,
					...api.position,
				},
			} satisfies ResponseDetail );
		}

		const action = /^\/surveys\/(\d+)\/responses\/(trash|restore)$/.exec(
			path
		);
		const isDelete = list && method === 'DELETE';
		if ( ( action && method === 'POST' ) || isDelete ) {
			const match = ( action ?? list ) as RegExpExecArray;
			const surveyId = Number( match[ 1 ] );
			const name = action ? action[ 2 ] : 'delete';
			const body = JSON.parse( request.body ) as {
				response_ids?: number[];
				all?: boolean;
			};
			if ( isDelete && body.all === true ) {
				// DELETE { all: true }: a bounded batch, whatever the status.
				api.actions.push( {
					action: 'delete-all',
					surveyId,
					ids: [],
					method: request.method,
					override,
				} );
				if ( api.refuse ) {
					return sendJson( res, api.refuse.status, {
						code: api.refuse.code,
						message: api.refuse.message,
						data: { status: api.refuse.status },
					} );
				}
				const items = api.responses.get( surveyId ) ?? [];
				const batch = api.deleteAllBatch ?? 2;
				api.responses.set( surveyId, items.slice( batch ) );
				return sendJson( res, 200, {
					deleted: Math.min( batch, items.length ),
					remaining: Math.max( 0, items.length - batch ),
				} );
			}
			const ids = body.response_ids ?? [];
			api.actions.push( {
				action: name,
				surveyId,
				ids,
				method: request.method,
				override,
			} );
			if ( api.refuse ) {
				return sendJson( res, api.refuse.status, {
					code: api.refuse.code,
					message: api.refuse.message,
					data: { status: api.refuse.status },
				} );
			}
			const items = api.responses.get( surveyId ) ?? [];
			const done: number[] = [];
			let next = items;
			for ( const id of ids ) {
				const item = next.find( ( candidate ) => candidate.id === id );
				if ( ! item ) {
					continue;
				}
				if ( name === 'delete' ) {
					if ( item.status !== 'trash' ) {
						continue;
					}
					next = next.filter( ( candidate ) => candidate.id !== id );
				} else {
					let status: ResponseStatus = 'trash';
					if ( name === 'restore' ) {
						status = item.completed_at ? 'publish' : 'partial';
					}
					next = next.map( ( candidate ) =>
						candidate.id === id
							? { ...candidate, status }
							: candidate
					);
				}
				done.push( id );
			}
			api.responses.set( surveyId, next );
			return sendJson( res, 200, { done } );
		}

		sendJson( res, 404, {
			code: 'rest_no_route',
			message: 'No route was found matching the URL and request method.',
			data: { status: 404 },
		} );
	} );
}

/** Pro with a licence: response management and export allowed. */
export function proOverrides(): Parameters< typeof makeConfig >[ 0 ] {
	return {
		entitlements: {
			edition: 'pro',
			is_pro: true,
			is_licensed: true,
			license_type: 'pro',
		},
		features: {
			response_management: feature( {
				allowed: true,
				label: 'Response Management',
				reason: null,
			} ),
			export: feature( { allowed: true, label: 'Export', reason: null } ),
		},
	};
}

/** Lite: both locked for an upgrade. */
export function liteOverrides(): Parameters< typeof makeConfig >[ 0 ] {
	return {
		features: {
			response_management: feature( { label: 'Response Management' } ),
			export: feature( { label: 'Export' } ),
		},
	};
}

export const EXPORTS_URL = 'admin.php?page=userfeedback_exports';

const testRoutes: RouteObject[] = [
	{ path: 'survey/:id', element: <p>Survey results screen</p> },
	{ path: 'survey/:id/responses', element: <ResponsesList /> },
	{ path: 'survey/:surveyId/responses/:id', element: <SingleResponse /> },
];

/**
 * Renders the results app at `path` against the test server.
 *
 * @param server    The test server.
 * @param path      Initial route, e.g. '/survey/7/responses'.
 * @param overrides Config overrides (tier, capabilities).
 */
export function renderApp(
	server: TestServer,
	path: string,
	overrides: Parameters< typeof makeConfig >[ 0 ] = proOverrides()
) {
	const config = {
		...makeConfig( {
			page: 'results',
			rest: restOn( server ),
			...overrides,
		} ),
		exports_url: EXPORTS_URL,
		exports_nonce: 'export-nonce',
	} as AppConfig;
	setupApi( config );
	const { router, queryClient } = renderPage( {
		entry: 'results',
		routes: testRoutes,
		config,
		path,
	} );
	return { router, user: userEvent.setup(), queryClient };
}

/** Waits for a toast in the notices area. */
export const findNotice = ( text: string ) =>
	waitFor( () => {
		const area = document.querySelector( '.userfeedback-notices' );
		expect( area ).not.toBeNull();
		return within( area as HTMLElement ).getByText( text );
	} );
