/** @jsxImportSource preact */
/**
 * What the UI tells the JavaScript API (api.ts emit(), called from ui/session.ts) and the
 * loader's pacing (localStorage uf_seen): submit when the visitor submits the last
 * question, complete once the server stored the response, dismiss on ×; the time and the
 * survey of the impression.
 */
import { fireEvent, screen, waitFor } from '@testing-library/preact';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { install } from './api';
import { resetOutbox } from './outbox';
import { makeBody, makeConfig, makeSurvey } from './test/fixtures';
import { mount } from './ui/index';
import { startSession } from './ui/session';

const REST = 'http://site.test/wp-json/userfeedback/v1/';
const events: unknown[][] = [];

beforeEach( () => {
	install( [], vi.fn(), vi.fn() );
	vi.stubGlobal(
		'fetch',
		vi.fn(
			async () =>
				new Response( JSON.stringify( { id: 42 } ), { status: 201 } )
		)
	);
} );

afterEach( () => {
	document.body.innerHTML = '';
	resetOutbox();
	localStorage.clear();
	sessionStorage.clear();
	vi.unstubAllGlobals();
	vi.useRealTimers();
	delete window.userfeedback;
} );

// Registered once: api.ts keeps its callbacks for the page (module) lifetime.
install(
	[
		[ 'on', 'submit', ( d: unknown ) => events.push( [ 'submit', d ] ) ],
		[
			'on',
			'complete',
			( d: unknown ) => events.push( [ 'complete', d ] ),
		],
		[ 'on', 'dismiss', ( d: unknown ) => events.push( [ 'dismiss', d ] ) ],
	] as unknown as IArguments[],
	vi.fn(),
	vi.fn()
);

function start() {
	startSession(
		makeConfig( { rest_url: REST } ),
		makeBody( makeSurvey() ),
		mount
	);
}

describe( 'the UI and the JavaScript API', () => {
	it( 'emits submit, then complete once the server stored the response', async () => {
		events.length = 0;
		start();
		fireEvent.click( screen.getByRole( 'button', { name: 'Friend' } ) );
		fireEvent.input(
			screen.getByRole( 'textbox', { name: 'Anything else?' } ),
			{ target: { value: 'Great' } }
		);
		fireEvent.click( screen.getByRole( 'button', { name: 'Submit' } ) );
		expect( events[ 0 ] ).toEqual( [
			'submit',
			expect.objectContaining( {
				survey_id: 7,
				response_id: expect.any( String ),
				answers: expect.arrayContaining( [
					expect.objectContaining( {
						question_id: 2,
						value: 'Great',
					} ),
				] ),
			} ),
		] );
		await waitFor( () => expect( events ).toHaveLength( 2 ) );
		const [ , complete ] = events[ 1 ] as [
			string,
			{ response_id: string },
		];
		expect( events[ 1 ][ 0 ] ).toBe( 'complete' );
		expect( complete.response_id ).toBe(
			( events[ 0 ][ 1 ] as { response_id: string } ).response_id
		);
	} );

	it( 'emits no complete when the server refuses the response', async () => {
		events.length = 0;
		vi.stubGlobal(
			'fetch',
			vi.fn(
				async () =>
					new Response( JSON.stringify( { message: 'No' } ), {
						status: 400,
					} )
			)
		);
		start();
		fireEvent.click( screen.getByRole( 'button', { name: 'Friend' } ) );
		fireEvent.click( screen.getByRole( 'button', { name: 'Submit' } ) );
		await screen.findByRole( 'button', { name: /Retry|Submit/ } );
		await new Promise( ( settle ) => setTimeout( settle, 50 ) );
		expect( events.map( ( [ name ] ) => name ) ).toEqual( [ 'submit' ] );
	} );

	it( 'emits dismiss on ×', () => {
		events.length = 0;
		start();
		fireEvent.click( screen.getByRole( 'button', { name: 'Close' } ) );
		expect( events ).toEqual( [ [ 'dismiss', { survey_id: 7 } ] ] );
	} );

	it( 'records the time and survey of the impression in uf_seen', () => {
		vi.useFakeTimers( { toFake: [ 'Date', 'setTimeout' ] } );
		vi.setSystemTime( new Date( '2030-01-02T03:04:05Z' ) );
		start();
		// With the impression, in the task after the render's.
		expect( localStorage.uf_seen ).toBeUndefined();
		vi.advanceTimersByTime( 0 );
		expect( localStorage.uf_seen ).toBe(
			`${ Date.parse( '2030-01-02T03:04:05Z' ) }:7`
		);
	} );
} );
