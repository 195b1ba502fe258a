/**
 * A real HTTP server on 127.0.0.1 for tests of the code that talks to WordPress:
 * requests go through the actual fetch stack, nothing of ours is mocked.
 */
import {
	createServer,
	type IncomingMessage,
	type ServerResponse,
} from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll } from 'vitest';

export interface Received {
	method: string;
	url: string;
	headers: IncomingMessage[ 'headers' ];
	body: string;
}

export type Handler = ( request: Received, response: ServerResponse ) => void;

export interface TestServer {
	url: string;
	received: Received[];
	handle: ( handler: Handler ) => void;
	close: () => Promise< void >;
}

export async function startServer(): Promise< TestServer > {
	let handler: Handler = ( _request, response ) => {
		response.statusCode = 404;
		response.end();
	};
	const received: Received[] = [];
	const server = createServer( ( request, response ) => {
		let body = '';
		request.setEncoding( 'utf8' );
		request.on( 'data', ( chunk ) => ( body += chunk ) );
		request.on( 'end', () => {
			const entry = {
				method: request.method ?? 'GET',
				url: request.url ?? '/',
				headers: request.headers,
				body,
			};
			received.push( entry );
			// No keep-alive: a kept socket that the server closes after its idle time
			// (5 s) while the client, late on a busy machine, sends the next request
			// on it fails that request; a connection per request cannot race so.
			response.setHeader( 'Connection', 'close' );
			// jsdom's origin is http://localhost:3000; let its fetch read the answers.
			response.setHeader( 'Access-Control-Allow-Origin', '*' );
			response.setHeader(
				'Access-Control-Expose-Headers',
				'X-WP-Total, X-WP-TotalPages, Location, X-UserFeedback-Notes'
			);
			handler( entry, response );
		} );
	} );
	await new Promise< void >( ( resolve ) =>
		server.listen( 0, '127.0.0.1', resolve )
	);
	const { port } = server.address() as AddressInfo;
	return {
		url: `http://127.0.0.1:${ port }`,
		received,
		handle: ( next ) => {
			handler = next;
		},
		close: () =>
			new Promise( ( resolve ) => {
				server.closeAllConnections();
				server.close( () => resolve() );
			} ),
	};
}

export function sendJson(
	response: ServerResponse,
	status: number,
	body: unknown,
	headers: Record< string, string > = {}
) {
	response.statusCode = status;
	response.setHeader( 'Content-Type', 'application/json; charset=UTF-8' );
	for ( const [ name, value ] of Object.entries( headers ) ) {
		response.setHeader( name, value );
	}
	response.end( JSON.stringify( body ) );
}

/** The plugin's REST namespace as the test server sees it. */
export const REST_BASE = '/wp-json/userfeedback/v1';

/**
 * A request to the plugin's REST routes: its path below the namespace and its query.
 *
 * @param request The request.
 */
export function restRoute( request: Received ): {
	path: string;
	query: URLSearchParams;
} {
	const url = new URL( request.url, 'http://x' );
	return {
		path: url.pathname.replace( REST_BASE, '' ),
		query: url.searchParams,
	};
}

/** WordPress's answer to a REST route it does not know. */
export function sendNoRoute( response: ServerResponse ) {
	sendJson( response, 404, {
		code: 'rest_no_route',
		message: 'No route was found matching the URL and request method.',
		data: { status: 404 },
	} );
}

/**
 * A server started before the suite's tests and closed after them; the object is
 * usable at once and reaches the running server from inside hooks and tests.
 */
export function serverForSuite(): TestServer {
	let current: TestServer | undefined;
	beforeAll( async () => {
		current = await startServer();
	} );
	afterAll( () => current?.close() );
	const running = () => {
		if ( ! current ) {
			throw new Error( 'The test server runs only inside the suite.' );
		}
		return current;
	};
	return {
		get url() {
			return running().url;
		},
		get received() {
			return running().received;
		},
		handle: ( handler ) => running().handle( handler ),
		close: () => running().close(),
	};
}

/**
 * One page of a list as the list routes answer it: the items and their pagination,
 * from the request's page and per_page (default `perPage`).
 *
 * @param items   Every item.
 * @param query   The request's query.
 * @param perPage Page size when the query gives none.
 */
export function pageOf< T >(
	items: T[],
	query: URLSearchParams,
	perPage = 10
) {
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

/**
 * The items sorted as the request's orderby (default `fallback`) and order (default
 * descending) ask.
 *
 * @param items    The items.
 * @param query    The request's query.
 * @param fallback The field when the query gives none.
 */
export function sortedBy< T >(
	items: T[],
	query: URLSearchParams,
	fallback: keyof T
): T[] {
	const field = ( query.get( 'orderby' ) ?? fallback ) as keyof T;
	const direction = query.get( 'order' ) === 'asc' ? 1 : -1;
	return [ ...items ].sort(
		( a, b ) => ( a[ field ] > b[ field ] ? 1 : -1 ) * direction
	);
}

/**
 * A list answer with WordPress's X-WP-Total and X-WP-TotalPages headers.
 *
 * @param response The response.
 * @param body     The body, with its pagination.
 */
export function sendList<
	B extends { pagination: { total: number; pages: number } },
>( response: ServerResponse, body: B ) {
	sendJson( response, 200, body, {
		'X-WP-Total': String( body.pagination.total ),
		'X-WP-TotalPages': String( body.pagination.pages ),
	} );
}

/** An error a fake route is told to answer. */
export interface Failure {
	status: number;
	code: string;
	message: string;
	params?: Record< string, string >;
}

/**
 * A REST error as WordPress sends it.
 *
 * @param response The response.
 * @param failure  The error.
 */
export function sendFailure( response: ServerResponse, failure: Failure ) {
	sendJson( response, failure.status, {
		code: failure.code,
		message: failure.message,
		data: { status: failure.status, params: failure.params },
	} );
}
