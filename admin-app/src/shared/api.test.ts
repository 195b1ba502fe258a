import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import {
	AjaxError,
	ApiError,
	ajax,
	apiGet,
	apiGetList,
	apiPost,
	setupApi,
} from './api';
import { makeConfig } from './test/fixtures';
import { sendJson, startServer, type TestServer } from './test/server';

let server: TestServer;
let ajaxTarget: { url: string; nonce: string };

beforeAll( async () => {
	server = await startServer();
	ajaxTarget = {
		url: `${ server.url }/wp-admin/admin-ajax.php`,
		nonce: 'page-nonce',
	};
} );

afterAll( () => server.close() );

beforeEach( () => {
	server.received.length = 0;
} );

describe( 'ajax()', () => {
	it( 'POSTs form data with the action and adds the page nonce', async () => {
		server.handle( ( _request, response ) =>
			sendJson( response, 200, { success: true, data: { ok: 1 } } )
		);
		const result = await ajax(
			'userfeedback_get_addons',
			{ page: 2, network: false },
			ajaxTarget
		);

		expect( result ).toEqual( { success: true, data: { ok: 1 } } );
		const [ request ] = server.received;
		expect( request.method ).toBe( 'POST' );
		expect( request.url ).toBe( '/wp-admin/admin-ajax.php' );
		expect( request.headers[ 'content-type' ] ).toMatch(
			/^application\/x-www-form-urlencoded/
		);
		expect(
			Object.fromEntries( new URLSearchParams( request.body ) )
		).toEqual( {
			action: 'userfeedback_get_addons',
			page: '2',
			network: '0',
			nonce: 'page-nonce',
		} );
	} );

	it( 'keeps a nonce the caller passes (install actions)', async () => {
		server.handle( ( _request, response ) =>
			sendJson( response, 200, { success: true } )
		);
		await ajax(
			'userfeedback_install_addon',
			{ nonce: 'install-nonce', plugin: 'https://x.test/a.zip' },
			ajaxTarget
		);
		const body = new URLSearchParams( server.received[ 0 ].body );
		expect( body.getAll( 'nonce' ) ).toEqual( [ 'install-nonce' ] );
	} );

	it( 'resolves when the response has no success member', async () => {
		server.handle( ( _request, response ) =>
			sendJson( response, 200, { site: { key: '' }, network: {} } )
		);
		await expect(
			ajax( 'userfeedback_vue_get_license', {}, ajaxTarget )
		).resolves.toEqual( { site: { key: '' }, network: {} } );
	} );

	it( 'rejects with the response data when success is false', async () => {
		server.handle( ( _request, response ) =>
			sendJson( response, 403, {
				success: false,
				data: { error: 'Invalid license key.' },
			} )
		);
		const error = await ajax(
			'userfeedback_verify_license',
			{ license: 'x' },
			ajaxTarget
		).catch( ( thrown ) => thrown );

		expect( error ).toBeInstanceOf( AjaxError );
		expect( error.data ).toEqual( { error: 'Invalid license key.' } );
		expect( error.message ).toBe( 'Invalid license key.' );
	} );

	it.each( [ 0, null, 'true' ] )(
		'rejects unless success is exactly true or absent (success: %j)',
		async ( success ) => {
			server.handle( ( _request, response ) =>
				sendJson( response, 200, { success, data: { message: 'Odd' } } )
			);
			await expect(
				ajax( 'userfeedback_x', {}, ajaxTarget )
			).rejects.toThrow( 'Odd' );
		}
	);

	it( 'rejects on answers that are not a JSON object ("-1" from a failed nonce check)', async () => {
		server.handle( ( _request, response ) => {
			response.statusCode = 403;
			response.end( '-1' );
		} );
		const error = await ajax( 'userfeedback_x', {}, ajaxTarget ).catch(
			( thrown ) => thrown
		);
		expect( error ).toBeInstanceOf( AjaxError );
		expect( error.data ).toBe( -1 );

		server.handle( ( _request, response ) => {
			response.statusCode = 500;
			response.end( '<html>Fatal error</html>' );
		} );
		await expect(
			ajax( 'userfeedback_x', {}, ajaxTarget )
		).rejects.toThrow( AjaxError );
	} );

	it( 'swallows network errors: nothing listening', async () => {
		const closed = await startServer();
		const url = `${ closed.url }/wp-admin/admin-ajax.php`;
		await closed.close();
		await expect(
			ajax( 'userfeedback_x', {}, { url, nonce: 'n' } )
		).resolves.toBeUndefined();
	} );

	it( 'swallows network errors: connection dropped before an answer', async () => {
		server.handle( ( _request, response ) => {
			response.socket?.destroy();
		} );
		await expect(
			ajax( 'userfeedback_x', {}, ajaxTarget )
		).resolves.toBeUndefined();
	} );
} );

describe( 'REST helpers', () => {
	beforeAll( () => {
		setupApi(
			makeConfig( {
				rest: {
					root: `${ server.url }/wp-json/`,
					namespace: 'userfeedback/v1',
					nonce: 'rest-nonce',
				},
			} )
		);
	} );

	it( 'GETs from the namespace with the nonce header and query args', async () => {
		server.handle( ( _request, response ) =>
			sendJson( response, 200, { skip_text: 'Skip' } )
		);
		await expect(
			apiGet( 'settings', { context: 'edit', empty: '' } )
		).resolves.toEqual( { skip_text: 'Skip' } );

		const [ request ] = server.received;
		const url = new URL( request.url, server.url );
		expect( url.pathname ).toBe( '/wp-json/userfeedback/v1/settings' );
		// api-fetch adds _locale=user itself; empty values are left out.
		expect( Object.fromEntries( url.searchParams ) ).toEqual( {
			context: 'edit',
			_locale: 'user',
		} );
		expect( request.headers[ 'x-wp-nonce' ] ).toBe( 'rest-nonce' );
	} );

	it( 'POSTs JSON and returns the answer', async () => {
		server.handle( ( request, response ) =>
			sendJson( response, 200, {
				...JSON.parse( request.body ),
				next_text: 'Next',
			} )
		);
		await expect(
			apiPost( 'settings', { skip_text: 'Pass' } )
		).resolves.toEqual( { skip_text: 'Pass', next_text: 'Next' } );
		expect( server.received[ 0 ].headers[ 'content-type' ] ).toMatch(
			/application\/json/
		);
	} );

	it( 'turns a WP_Error answer into an ApiError with code and status', async () => {
		server.handle( ( _request, response ) =>
			sendJson( response, 400, {
				code: 'rest_invalid_param',
				message: 'Invalid parameter(s): automatic_updates',
				data: { status: 400, params: { automatic_updates: 'bad' } },
			} )
		);
		const error = await apiPost( 'settings', {
			automatic_updates: 'sometimes',
		} ).catch( ( thrown ) => thrown );
		expect( error ).toBeInstanceOf( ApiError );
		expect( error ).toMatchObject( {
			code: 'rest_invalid_param',
			status: 400,
			message: 'Invalid parameter(s): automatic_updates',
		} );
	} );

	it( 'reads the paging headers of list routes', async () => {
		server.handle( ( _request, response ) =>
			sendJson( response, 200, [ { id: 1 }, { id: 2 } ], {
				'X-WP-Total': '12',
				'X-WP-TotalPages': '6',
			} )
		);
		await expect(
			apiGetList( 'surveys', { page: 1, per_page: 2 } )
		).resolves.toEqual( {
			items: [ { id: 1 }, { id: 2 } ],
			total: 12,
			totalPages: 6,
		} );
		const url = new URL( server.received[ 0 ].url, server.url );
		expect( url.pathname ).toBe( '/wp-json/userfeedback/v1/surveys' );
		expect( url.searchParams.get( 'per_page' ) ).toBe( '2' );
	} );

	it( 'maps a failed list request to an ApiError too', async () => {
		server.handle( ( _request, response ) =>
			sendJson( response, 403, {
				code: 'rest_forbidden',
				message: 'Sorry, you are not allowed to do that.',
				data: { status: 403 },
			} )
		);
		await expect( apiGetList( 'surveys' ) ).rejects.toMatchObject( {
			name: 'ApiError',
			code: 'rest_forbidden',
			status: 403,
		} );
	} );
} );
