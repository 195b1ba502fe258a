/** @jsxImportSource preact */
/**
 * UiModule.start(): the survey's body comes from GET surveys/{id}/widget (the inline
 * config has only targets), then the widget mounts; a body that cannot be had shows
 * nothing and is recorded as hidden reason 'unavailable'.
 */
import { act, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { makeBody, makeConfig, makeTarget } from '../test/fixtures';
import { start } from './index';
import { BODY_RETRY_MS, bodyUrl } from './session';

const REST = 'http://site.test/wp-json/userfeedback/v1/';
const BODY_URL = `${ REST }surveys/7/widget?v=abc1234567`;

type Answer = Response | Error;

/**
 * Stubs fetch: the body requests get the given answers in turn (an Error is a network
 * failure); every other request (impression, responses) a 201.
 *
 * @param answers What each body request gets.
 */
function stubFetch( ...answers: Array< () => Answer > ) {
	const last = answers[ answers.length - 1 ];
	const fetch = vi.fn( async ( url: string, init?: RequestInit ) => {
		void init;
		if ( url.includes( '/widget' ) ) {
			const answer = ( answers.shift() ?? last )();
			if ( answer instanceof Error ) {
				throw answer;
			}
			return answer;
		}
		return new Response( '{"recorded":true}', { status: 201 } );
	} );
	vi.stubGlobal( 'fetch', fetch );
	return fetch;
}

const json =
	( data: unknown, status = 200 ) =>
	() =>
		new Response( JSON.stringify( data ), { status } );
const bodyCalls = ( fetch: ReturnType< typeof stubFetch > ) =>
	fetch.mock.calls.filter( ( [ url ] ) => url.includes( '/widget' ) );

beforeEach( () => {
	window.userfeedbackHidden = [];
} );

afterEach( () => {
	vi.useRealTimers();
	vi.unstubAllGlobals();
	document.body.innerHTML = '';
	document.cookie = 'userfeedback-survey-7=; max-age=0; path=/';
	sessionStorage.clear();
} );

describe( 'start()', () => {
	it( 'fetches the body under the page’s version without cookies, then mounts and posts the impression', async () => {
		const fetch = stubFetch( json( makeBody() ) );
		const target = makeTarget();
		expect( target ).not.toHaveProperty( 'questions' );

		const unmount = await start( makeConfig( { rest_url: REST } ), target );

		const [ url, init ] = fetch.mock.calls[ 0 ];
		expect( url ).toBe( BODY_URL );
		expect( init?.credentials ).toBe( 'omit' );
		await waitFor( () =>
			expect( fetch.mock.calls[ 1 ]?.[ 0 ] ).toBe(
				`${ REST }surveys/7/impression?nonce=imp-token`
			)
		);
		expect(
			screen.getByRole( 'heading', { name: 'How did you find us?' } )
		).toBeVisible();
		expect( window.userfeedbackHidden ).toEqual( [] );

		unmount();
		expect( document.querySelector( '.userfeedback-widget' ) ).toBeNull();
	} );

	it( 'renders an inline target into its placeholder', async () => {
		const fetch = stubFetch( json( makeBody() ) );
		const host = document.body.appendChild(
			document.createElement( 'div' )
		);
		const unmount = await start(
			makeConfig( { rest_url: REST } ),
			makeTarget( { shortcode: true } ),
			host
		);
		expect( host.querySelector( '.userfeedback-widget' ) ).not.toBeNull();
		expect(
			screen.queryByRole( 'button', { name: 'Close' } )
		).not.toBeInTheDocument();
		// Removed before its impression's task: nothing is counted after it.
		unmount();
		await new Promise( ( done ) => setTimeout( done ) );
		expect(
			fetch.mock.calls.filter( ( [ url ] ) =>
				url.includes( '/impression' )
			)
		).toEqual( [] );
	} );

	it( 'shows nothing for a survey that is no longer live (404): no retry, no impression, reason unavailable', async () => {
		const fetch = stubFetch(
			json(
				{
					code: 'userfeedback_survey_unavailable',
					message: 'This survey is not available.',
				},
				404
			)
		);
		const unmount = await start(
			makeConfig( { rest_url: REST } ),
			makeTarget()
		);
		expect( fetch ).toHaveBeenCalledTimes( 1 );
		expect( document.querySelector( '.userfeedback-widget' ) ).toBeNull();
		expect( window.userfeedbackHidden ).toEqual( [
			{ survey_id: 7, reason: 'unavailable' },
		] );
		expect( unmount ).toBeTypeOf( 'function' );
		expect( () => unmount() ).not.toThrow();
	} );

	it( 'tries once more after a network error, then mounts', async () => {
		vi.useFakeTimers();
		const fetch = stubFetch(
			() => new TypeError( 'Failed to fetch' ),
			json( makeBody() )
		);
		const started = start( makeConfig( { rest_url: REST } ), makeTarget() );
		await act( async () => {
			await vi.advanceTimersByTimeAsync( BODY_RETRY_MS - 1 );
		} );
		expect( bodyCalls( fetch ) ).toHaveLength( 1 );
		await act( async () => {
			// The retry, then the idle moments before the style and the render.
			for ( let step = 0; step < 5; step++ ) {
				await vi.advanceTimersByTimeAsync( 1 );
			}
		} );
		await started;
		expect( bodyCalls( fetch ) ).toHaveLength( 2 );
		expect(
			screen.getByRole( 'heading', { name: 'How did you find us?' } )
		).toBeVisible();
	} );

	it( 'gives up after two 5xx answers, showing nothing', async () => {
		vi.useFakeTimers();
		const fetch = stubFetch(
			json( {}, 503 ),
			json( {}, 502 ),
			json( makeBody() )
		);
		const started = start( makeConfig( { rest_url: REST } ), makeTarget() );
		await act( async () => {
			await vi.advanceTimersByTimeAsync( BODY_RETRY_MS * 3 );
		} );
		await started;
		expect( bodyCalls( fetch ) ).toHaveLength( 2 );
		expect( fetch ).toHaveBeenCalledTimes( 2 );
		expect( document.querySelector( '.userfeedback-widget' ) ).toBeNull();
		expect( window.userfeedbackHidden ).toEqual( [
			{ survey_id: 7, reason: 'unavailable' },
		] );
	} );

	it( 'does not retry a 429, and refuses a body that is not the survey’s', async () => {
		const fetch = stubFetch(
			json( { code: 'userfeedback_rate_limited' }, 429 )
		);
		await start( makeConfig( { rest_url: REST } ), makeTarget() );
		expect( fetch ).toHaveBeenCalledTimes( 1 );

		const other = stubFetch(
			json( makeBody( { ...makeBody().survey, id: 8 } ) ),
			() => new Response( 'not json', { status: 200 } )
		);
		await start( makeConfig( { rest_url: REST } ), makeTarget() );
		await start( makeConfig( { rest_url: REST } ), makeTarget() );
		expect( other ).toHaveBeenCalledTimes( 2 );
		expect( document.querySelector( '.userfeedback-widget' ) ).toBeNull();
		expect( window.userfeedbackHidden ).toHaveLength( 3 );
	} );
} );

describe( 'bodyUrl()', () => {
	it( 'adds the version to pretty and plain REST URLs', () => {
		expect(
			bodyUrl( makeConfig( { rest_url: REST } ), makeTarget() )
		).toBe( BODY_URL );
		expect(
			bodyUrl(
				makeConfig( {
					rest_url: 'http://site.test/?rest_route=/userfeedback/v1/',
				} ),
				makeTarget( { id: 12, v: 'ff00' } )
			)
		).toBe(
			'http://site.test/?rest_route=/userfeedback/v1/surveys/12/widget&v=ff00'
		);
	} );
} );
