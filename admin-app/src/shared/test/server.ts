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
			// jsdom's origin is http://localhost:3000; let its fetch read the answers.
			response.setHeader( 'Access-Control-Allow-Origin', '*' );
			response.setHeader(
				'Access-Control-Expose-Headers',
				'X-WP-Total, X-WP-TotalPages'
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
