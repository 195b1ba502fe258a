/**
 * Calls to the server: the REST API through @wordpress/api-fetch, and admin-ajax.
 */
import apiFetch, { type APIFetchOptions } from '@wordpress/api-fetch';

import type { AppConfig, WpError } from './types';
import { isWpError } from './types';
import { getConfig } from './config';
import { plainText } from './plainText';

/** A failed REST call, with the WP_Error code and HTTP status when the server sent one. */
export class ApiError extends Error {
	readonly code: string;
	readonly status: number | undefined;
	readonly data: WpError[ 'data' ];

	constructor( error: WpError ) {
		// A server text may come escaped for HTML (&#8217;); React would print it raw.
		super( plainText( error.message ) );
		this.name = 'ApiError';
		this.code = error.code;
		this.status = error.data?.status;
		this.data = error.data;
	}
}

let configuredFor: AppConfig | undefined;
let namespace = 'userfeedback/v1';

/**
 * Points api-fetch at the REST root and nonce of the page config. WordPress's own
 * inline setup of wp-api-fetch does the same on admin pages; ours is registered
 * later, so it runs first, and the core middlewares then see the work done and
 * step aside. Doing it ourselves keeps the app working where that inline setup
 * is missing (tests, a page that dequeues it).
 *
 * @param config The page config.
 */
export function setupApi( config: AppConfig ): void {
	if ( configuredFor === config ) {
		return;
	}
	configuredFor = config;
	namespace = config.rest.namespace.replace( /^\/+|\/+$/g, '' );
	apiFetch.use( apiFetch.createRootURLMiddleware( config.rest.root ) );
	apiFetch.use( apiFetch.createNonceMiddleware( config.rest.nonce ) );
}

/** Query arguments of a route; empty values are left out. */
export type ApiQuery = Record<
	string,
	string | number | boolean | undefined | null
>;
type Query = ApiQuery;

function routePath( route: string, query?: Query ): string {
	let path = `/${ namespace }/${ route.replace( /^\/+/, '' ) }`;
	if ( query ) {
		const params = new URLSearchParams();
		for ( const [ key, value ] of Object.entries( query ) ) {
			if ( value !== undefined && value !== null && value !== '' ) {
				params.set( key, String( value ) );
			}
		}
		const search = params.toString();
		if ( search ) {
			path += `?${ search }`;
		}
	}
	return path;
}

async function toApiError( thrown: unknown ): Promise< ApiError > {
	// With parse: false api-fetch rejects with the raw Response.
	if ( typeof Response !== 'undefined' && thrown instanceof Response ) {
		try {
			const body: unknown = await thrown.json();
			if ( isWpError( body ) ) {
				return new ApiError( body );
			}
		} catch {
			// Not JSON: fall through to a generic error with the status.
		}
		return new ApiError( {
			code: 'http_error',
			message: thrown.statusText || `HTTP ${ thrown.status }`,
			data: { status: thrown.status },
		} );
	}
	if ( thrown instanceof ApiError ) {
		return thrown;
	}
	if ( isWpError( thrown ) ) {
		return new ApiError( thrown );
	}
	return new ApiError( {
		code: 'unknown_error',
		message:
			thrown instanceof Error ? thrown.message : 'The request failed.',
	} );
}

async function request< T >( options: APIFetchOptions ): Promise< T > {
	try {
		return ( await apiFetch< T, boolean >( options ) ) as T;
	} catch ( thrown ) {
		throw await toApiError( thrown );
	}
}

/**
 * GET a route of our namespace.
 *
 * @param route Route below userfeedback/v1, e.g. 'settings'.
 * @param query Query arguments; empty values are left out.
 */
export function apiGet< T >( route: string, query?: Query ): Promise< T > {
	return request< T >( { path: routePath( route, query ), method: 'GET' } );
}

/**
 * POST JSON to a route of our namespace.
 *
 * @param route Route below userfeedback/v1.
 * @param data  Request body.
 */
export function apiPost< T, D = unknown >(
	route: string,
	data?: D
): Promise< T > {
	return request< T >( {
		path: routePath( route ),
		method: 'POST',
		data: data as Record< string, unknown > | undefined,
	} );
}

/**
 * DELETE a route of our namespace, with an optional JSON body. api-fetch sends it as
 * POST with X-HTTP-Method-Override: DELETE (servers that refuse DELETE still take it);
 * the REST server routes it as DELETE.
 *
 * @param route Route below userfeedback/v1.
 * @param data  Request body, e.g. { response_ids: [ 1, 2 ] }.
 */
export function apiDelete< T, D = unknown >(
	route: string,
	data?: D
): Promise< T > {
	return request< T >( {
		path: routePath( route ),
		method: 'DELETE',
		data: data as Record< string, unknown > | undefined,
	} );
}

/** A write's answer: the resource it sent back and the response's status and headers. */
export interface ApiAnswer< T > {
	body: T;
	status: number;
	headers: Headers;
}

/**
 * Sends JSON to a route of our namespace and keeps the answer's headers (Location of
 * a created resource, X-UserFeedback-Notes). PUT and PATCH travel as POST with
 * X-HTTP-Method-Override (api-fetch), which every server takes.
 *
 * @param method POST, PUT or PATCH.
 * @param route  Route below userfeedback/v1.
 * @param data   Request body.
 */
export async function apiSend< T, D = unknown >(
	method: 'POST' | 'PUT' | 'PATCH',
	route: string,
	data?: D
): Promise< ApiAnswer< T > > {
	const response = await request< Response >( {
		path: routePath( route ),
		method,
		data: data as Record< string, unknown > | undefined,
		parse: false,
	} );
	return {
		body: ( await response.json() ) as T,
		status: response.status,
		headers: response.headers,
	};
}

export interface ListPage< T > {
	items: T[];
	total: number;
	totalPages: number;
}

/**
 * GET a list route and read its paging headers (X-WP-Total, X-WP-TotalPages).
 *
 * @param route Route below userfeedback/v1.
 * @param query Query arguments (page, per_page, orderby, ...).
 */
export async function apiGetList< T >(
	route: string,
	query?: Query
): Promise< ListPage< T > > {
	const response = await request< Response >( {
		path: routePath( route, query ),
		method: 'GET',
		parse: false,
	} );
	const items = ( await response.json() ) as T[];
	return {
		items,
		total: Number( response.headers.get( 'X-WP-Total' ) ?? items.length ),
		totalPages: Number( response.headers.get( 'X-WP-TotalPages' ) ?? 1 ),
	};
}

/* ---- admin-ajax ---------------------------------------------------------- */

export type AjaxData = Record< string, string | number | boolean | undefined >;

export interface AjaxTarget {
	url: string;
	nonce: string;
}

/** The JSON WordPress answers through wp_send_json_success / wp_send_json_error. */
export interface AjaxResponse< D = unknown > {
	success?: boolean;
	data?: D;
	[ key: string ]: unknown;
}

/** An admin-ajax call the server refused; `data` is the response's data member. */
export class AjaxError extends Error {
	readonly data: unknown;
	readonly response: unknown;

	constructor( response: unknown ) {
		const data =
			typeof response === 'object' && response !== null
				? ( response as AjaxResponse ).data
				: response;
		const detail =
			typeof data === 'object' && data !== null
				? ( ( data as { message?: unknown; error?: unknown } )
						.message ?? ( data as { error?: unknown } ).error )
				: undefined;
		super(
			typeof detail === 'string' && detail
				? plainText( detail )
				: 'The server refused the request.'
		);
		this.name = 'AjaxError';
		this.data = data;
		this.response = response;
	}
}

/**
 * POSTs form data to admin-ajax.php, the way the plugin's ajax actions expect.
 *
 * - Adds the page's ajax nonce unless `data.nonce` is given (install actions pass
 *   `install_nonce` themselves).
 * - Resolves with the parsed JSON when its `success` is undefined or true.
 * - Rejects with an AjaxError (its `data` is the response's data) otherwise, and when
 *   admin-ajax answers something that is not a JSON object ("0" for an unknown action,
 *   "-1" for a failed nonce check, an HTML error page).
 * - Network failures are swallowed: the promise resolves with undefined, so callers
 *   of fire-and-forget actions (dismissing a notice) need no catch.
 *
 * @param action The wp_ajax_ action name.
 * @param data   Other form fields.
 * @param target admin-ajax URL and default nonce; defaults to the page config.
 */
export async function ajax< T = AjaxResponse >(
	action: string,
	data: AjaxData = {},
	target: AjaxTarget = getConfig().ajax
): Promise< T | undefined > {
	const body = new URLSearchParams();
	body.set( 'action', action );
	for ( const [ key, value ] of Object.entries( data ) ) {
		if ( typeof value === 'boolean' ) {
			// PHP reads form fields as strings; "1"/"0" survive rest_sanitize_boolean().
			body.set( key, value ? '1' : '0' );
		} else if ( value !== undefined ) {
			body.set( key, String( value ) );
		}
	}
	if ( ! body.has( 'nonce' ) ) {
		body.set( 'nonce', target.nonce );
	}

	let response: Response;
	try {
		response = await fetch( target.url, {
			method: 'POST',
			credentials: 'same-origin',
			body,
		} );
	} catch {
		return undefined;
	}

	let text: string;
	try {
		text = await response.text();
	} catch {
		// The connection dropped while reading the body: a network failure too.
		return undefined;
	}

	let json: unknown;
	try {
		json = JSON.parse( text );
	} catch {
		throw new AjaxError( text );
	}
	if ( typeof json !== 'object' || json === null ) {
		throw new AjaxError( json );
	}
	const success = ( json as AjaxResponse ).success;
	if ( success === undefined || success === true ) {
		return json as T;
	}
	throw new AjaxError( json );
}
