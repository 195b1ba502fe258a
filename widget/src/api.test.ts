import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

type ApiModule = typeof import( './api' );

/** The stub a site pastes (README, "JavaScript API"), as it is written there. */
function pasteStub() {
	/* eslint-disable */
	// @ts-ignore -- the site's plain JavaScript
	window.userfeedback=window.userfeedback||function(){(window.userfeedback.q=window.userfeedback.q||[]).push(arguments)};
	/* eslint-enable */
}

let api: ApiModule;
let warn: ReturnType< typeof vi.spyOn >;
const show = vi.fn();
const hide = vi.fn();

/** A fresh module (no callbacks, no attributes) installed over the stub's queue. */
async function install() {
	api = await import( './api' );
	api.install( Array.from( window.userfeedback?.q ?? [] ), show, hide );
	return window.userfeedback!;
}

beforeEach( () => {
	vi.resetModules();
	show.mockReset();
	hide.mockReset();
	warn = vi.spyOn( console, 'warn' ).mockImplementation( () => undefined );
} );

afterEach( () => {
	delete window.userfeedback;
	vi.restoreAllMocks();
} );

describe( 'window.userfeedback', () => {
	it( 'runs the calls queued before it, in order, then takes calls itself', async () => {
		pasteStub();
		const done = vi.fn();
		window.userfeedback!( 'attributes', { plan: 'pro' } );
		window.userfeedback!( 'on', 'complete', done );
		window.userfeedback!( 'show', 12 );
		expect( window.userfeedback!.q ).toHaveLength( 3 );
		const stub = window.userfeedback;

		const real = await install();
		expect( real ).not.toBe( stub );
		expect( show ).toHaveBeenCalledWith( 12 );
		expect( api.attributes() ).toEqual( { plan: 'pro' } );
		api.emit( 'complete', { survey_id: 12, response_id: 'r-1' } );
		expect( done ).toHaveBeenCalledWith( {
			survey_id: 12,
			response_id: 'r-1',
		} );

		real( 'hide' );
		expect( hide ).toHaveBeenCalledTimes( 1 );
		real( 'show', '7' );
		expect( show ).toHaveBeenLastCalledWith( 7 );
		expect( warn ).not.toHaveBeenCalled();
	} );

	it( 'empties the queue it ran: a second install runs nothing twice', async () => {
		const queued = [ [ 'show', 3 ] as unknown as IArguments ];
		api = await import( './api' );
		api.install( queued, show, hide );
		api.install( queued, show, hide );
		expect( show ).toHaveBeenCalledTimes( 1 );
		expect( queued ).toEqual( [] );
	} );

	it( 'show needs a positive whole id', async () => {
		const call = await install();
		for ( const bad of [ undefined, 0, -3, 1.5, 'abc', null, {} ] ) {
			call( 'show', bad );
		}
		expect( show ).not.toHaveBeenCalled();
		expect( warn ).toHaveBeenCalledTimes( 7 );
		expect( warn.mock.calls[ 0 ][ 0 ] ).toMatch( /show needs a survey id/ );
	} );

	it( 'warns about an unknown command and runs nothing', async () => {
		const call = await install();
		call( 'open', 3 );
		expect( warn ).toHaveBeenCalledWith(
			'userfeedback: unknown command "open".'
		);
		expect( show ).not.toHaveBeenCalled();
		expect( hide ).not.toHaveBeenCalled();
	} );
} );

describe( "userfeedback( 'attributes', … )", () => {
	it( 'merges, turns values into strings, and removes a name set to null or undefined', async () => {
		const call = await install();
		call( 'attributes', { plan: 'pro', seats: 5, beta: true } );
		call( 'attributes', { plan: 'team', seats: null, beta: undefined } );
		call( 'attributes', { region: 'eu' } );
		expect( api.attributes() ).toEqual( { plan: 'team', region: 'eu' } );
		expect( warn ).not.toHaveBeenCalled();
	} );

	it( 'cuts a value at 200 characters', async () => {
		const call = await install();
		call( 'attributes', { note: 'x'.repeat( 250 ) } );
		expect( api.attributes().note ).toBe( 'x'.repeat( 200 ) );
	} );

	it( 'keeps at most 20 names, and says which were left out', async () => {
		const call = await install();
		const many = Object.fromEntries(
			Array.from( { length: 22 }, ( _, i ) => [ `k${ i }`, i ] )
		);
		call( 'attributes', many );
		expect( Object.keys( api.attributes() ) ).toHaveLength( 20 );
		expect( api.attributes().k21 ).toBeUndefined();
		expect( warn ).toHaveBeenCalledTimes( 2 );
		expect( warn.mock.calls[ 0 ][ 0 ] ).toMatch(
			/"k20" ignored: at most 20/
		);
		// A name already kept may still change.
		call( 'attributes', { k0: 'changed' } );
		expect( api.attributes().k0 ).toBe( 'changed' );
		// Removing one makes room.
		call( 'attributes', { k1: null, extra: 'in' } );
		expect( api.attributes().extra ).toBe( 'in' );
	} );

	it( 'ignores what is not an object, and names that are not names', async () => {
		const call = await install();
		call( 'attributes', 'plan=pro' );
		call( 'attributes', null );
		call( 'attributes' );
		call( 'attributes', {
			'': 'x',
			'has space': 'x',
			'<b>': 'x',
			ok: 'y',
		} );
		expect( api.attributes() ).toEqual( { ok: 'y' } );
		expect( warn ).toHaveBeenCalledTimes( 6 );
		expect( warn.mock.calls[ 0 ][ 0 ] ).toMatch(
			/attributes needs an object/
		);
		expect( warn.mock.calls[ 4 ][ 0 ] ).toMatch(
			/"has space" is not an attribute name/
		);
	} );

	it( 'takes names of the object prototype as plain names', async () => {
		const call = await install();
		call(
			'attributes',
			JSON.parse( '{"__proto__":"a","constructor":"b"}' )
		);
		expect( api.attributes().__proto__ ).toBe( 'a' );
		expect( api.attributes().constructor ).toBe( 'b' );
		expect( ( {} as { polluted?: string } ).polluted ).toBeUndefined();
	} );
} );

describe( "userfeedback( 'on', … ) and emit()", () => {
	it( 'calls each callback of the event, in order, with the detail', async () => {
		const call = await install();
		const order: string[] = [];
		call( 'on', 'submit', () => order.push( 'a' ) );
		call( 'on', 'submit', () => order.push( 'b' ) );
		const dismissed = vi.fn();
		call( 'on', 'dismiss', dismissed );
		api.emit( 'submit', { survey_id: 4, answers: [] } );
		expect( order ).toEqual( [ 'a', 'b' ] );
		expect( dismissed ).not.toHaveBeenCalled();
		api.emit( 'dismiss', { survey_id: 4 } );
		expect( dismissed ).toHaveBeenCalledWith( { survey_id: 4 } );
	} );

	it( 'a callback that throws stops neither the others nor the caller', async () => {
		const error = vi
			.spyOn( console, 'error' )
			.mockImplementation( () => undefined );
		const call = await install();
		const after = vi.fn();
		call( 'on', 'complete', () => {
			throw new Error( 'site bug' );
		} );
		call( 'on', 'complete', after );
		expect( () => api.emit( 'complete', { survey_id: 1 } ) ).not.toThrow();
		expect( after ).toHaveBeenCalled();
		expect( error ).toHaveBeenCalled();
	} );

	it( 'ignores unknown events and callbacks that are not functions', async () => {
		const call = await install();
		call( 'on', 'open', () => undefined );
		call( 'on', 'constructor', () => undefined );
		call( 'on', 'submit', 'not a function' );
		expect( warn ).toHaveBeenCalledTimes( 3 );
		expect( () => api.emit( 'submit', { survey_id: 1 } ) ).not.toThrow();
	} );
} );
