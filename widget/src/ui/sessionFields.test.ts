/**
 * Hidden fields in the visitor session: collected once at start from the query string,
 * cookies and the API's attributes, handed to the widget as props.fields and sent in every
 * response write (issue 18 item 5).
 */
import { afterEach, describe, expect, it, vi } from 'vitest';

import { makeBody, makeConfig, makeSurvey } from '../test/fixtures';
import type { WidgetProps } from '../types';
import { resetOutbox } from '../outbox';
import { startSession } from './session';

const REST = 'http://site.test/wp-json/userfeedback/v1/';

function stubFetch() {
	const fetch = vi.fn(
		async ( ...args: [ string, RequestInit? ] ) =>
			new Response( JSON.stringify( { id: 42 } ), {
				status: args[ 0 ].includes( '/responses' ) ? 201 : 200,
			} )
	);
	vi.stubGlobal( 'fetch', fetch );
	return fetch;
}

const writes = ( fetch: ReturnType< typeof stubFetch > ) =>
	fetch.mock.calls
		.filter( ( [ url ] ) => url.includes( '/responses' ) )
		.map( ( [ , init ] ) => JSON.parse( String( init?.body ) ) );

function start( hidden: unknown, limits?: { field_max?: number } ) {
	const survey = makeSurvey();
	survey.settings = {
		...survey.settings,
		hidden_fields:
			hidden as WidgetProps[ 'survey' ][ 'settings' ][ 'hidden_fields' ],
	};
	const config = makeConfig( { rest_url: REST } );
	// The limits come with the survey's body (SurveyBody, GET surveys/{id}/widget), not the config.
	const body = makeBody(
		survey,
		limits
			? { limits: { comment_max: 1000, name_max: 100, ...limits } }
			: {}
	);
	let props: WidgetProps | undefined;
	startSession( config, body, ( given ) => {
		props = given;
		return () => undefined;
	} );
	return props!;
}

afterEach( () => {
	resetOutbox();
	sessionStorage.clear();
	document.cookie =
		'utm_source=; expires=Thu, 01 Jan 1970 00:00:00 GMT; path=/';
	window.history.replaceState( null, '', '/' );
	vi.unstubAllGlobals();
} );

describe( 'hidden fields in the session', () => {
	it( 'collects them at start and sends them in every write', async () => {
		const fetch = stubFetch();
		window.history.replaceState( null, '', '/pricing/?plan=pro' );
		document.cookie = 'utm_source=newsletter; path=/';
		const props = start(
			[
				{ name: 'plan', source: 'query', key: 'plan' },
				{ name: 'source', source: 'cookie', key: 'utm_source' },
				{ name: 'missing', source: 'query', key: 'nope' },
			],
			{ field_max: 3 }
		);
		expect( props.fields ).toEqual( { plan: 'pro', source: 'new' } );

		props.onAnswer?.( { question_id: 1, value: 'Friend' }, 1 );
		await vi.waitFor( () => expect( writes( fetch ) ).toHaveLength( 1 ) );
		await props.onFinish?.(
			[
				{ question_id: 1, value: 'Friend' },
				{ question_id: 2, value: 'Great' },
			],
			1
		);
		const sent = writes( fetch );
		expect( sent.length ).toBeGreaterThanOrEqual( 2 );
		for ( const body of sent ) {
			expect( body.fields ).toEqual( { plan: 'pro', source: 'new' } );
		}
	} );

	it( 'sends no fields key when the survey has none', async () => {
		const fetch = stubFetch();
		window.history.replaceState( null, '', '/?plan=pro' );
		const props = start( undefined );
		expect( props.fields ).toEqual( {} );
		await props.onFinish?.( [ { question_id: 1, value: 'Friend' } ], 0 );
		expect( writes( fetch ) ).toHaveLength( 1 );
		expect( writes( fetch )[ 0 ] ).not.toHaveProperty( 'fields' );
	} );
} );
