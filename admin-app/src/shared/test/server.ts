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
