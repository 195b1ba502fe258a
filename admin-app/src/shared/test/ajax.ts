/**
 * A fake admin-ajax at the network boundary: `fetch` is replaced by a stub that
 * answers per action from `handlers` and records every call in `calls`.
 */
import { expect, vi } from 'vitest';

import { makeConfig } from './fixtures';

export const AJAX_URL = makeConfig().ajax.url;

export interface Call {
	action: string;
	body: Record< string, string >;
}
export type Reply = { status?: number; json: unknown } | 'network-error';
export type Handler = ( call: Call ) => Reply | Promise< Reply >;

/** Every call since the last stubAjax(), in order. */
export const calls: Call[] = [];
/** The answer per action; unknown actions get "0" as WordPress does. */
export const handlers: Record< string, Handler > = {};

/** Installs the fake admin-ajax and forgets earlier calls and handlers. */
export function stubAjax() {
	calls.length = 0;
	for ( const action of Object.keys( handlers ) ) {
		delete handlers[ action ];
	}
	vi.stubGlobal(
		'fetch',
		vi.fn( async ( url: string, init: RequestInit ) => {
			expect( url ).toBe( AJAX_URL );
			expect( init.method ).toBe( 'POST' );
			const body = Object.fromEntries(
				new URLSearchParams( init.body as URLSearchParams )
			);
			const call = { action: body.action, body };
			calls.push( call );
			const handler = handlers[ call.action ];
			const reply: Reply = handler
				? await handler( call )
				: { status: 400, json: 0 };
			if ( reply === 'network-error' ) {
				throw new TypeError( 'Failed to fetch' );
			}
			return new Response( JSON.stringify( reply.json ), {
				status: reply.status ?? 200,
				headers: { 'Content-Type': 'application/json' },
			} );
		} )
	);
}

export const ok = ( data: unknown ): Reply => ( {
	json: { success: true, data },
} );

export const fail = ( status: number, data: unknown ): Reply => ( {
	status,
	json: { success: false, data },
} );

export const actionsOf = ( name: string ) =>
	calls.filter( ( call ) => call.action === name );
