/**
 * The outbox on fake timers: no real timer races the writes, every wait is advanced
 * by hand (advanceTimersByTimeAsync also runs the promises the fetch stub settles).
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
	backoff,
	createOutbox,
	OUTBOX_KEY,
	type Outbox,
	type Write,
} from './outbox';
import { SendFailure } from './ui/send';

const URL_7 = 'http://site.test/wp-json/userfeedback/v1/surveys/7/responses';
const RID = '0b6f3c2e-8d1a-4c5b-9e7f-123456789abc';
const OTHER = '9a8b7c6d-5e4f-4a3b-8c2d-1e0f9a8b7c6d';

function write(
	questions: Array< [ number, unknown ] >,
	complete = false,
	rid = RID
): Write {
	return {
		url: URL_7,
		body: {
			response_id: rid,
			answers: questions.map( ( [ id, value ] ) => ( {
				question_id: id,
				value: value as string,
			} ) ),
			reached: questions.length,
			complete,
			nonce: 'sub-token',
		},
		session: 'uf_rid_7',
	};
}

type Reply = () => Promise< Response > | Response;

const ok =
	( status = 201 ): Reply =>
	() =>
		new Response( JSON.stringify( { id: 5, complete: false } ), {
			status,
		} );
const offline: Reply = () =>
	Promise.reject( new TypeError( 'Failed to fetch' ) );
const status =
	( code: number, headers: Record< string, string > = {} ): Reply =>
	() =>
		new Response(
			JSON.stringify( {
				code: 'x',
				message: `Refused ${ code }`,
				data: { status: code, params: { 'answers[0]': 'Bad answer' } },
			} ),
			{ status: code, headers }
		);

// jsdom's Blob cannot be read back: this one keeps its parts.
class FakeBlob {
	readonly type: string;
	constructor(
		readonly parts: string[],
		options: { type?: string } = {}
	) {
		this.type = options.type ?? '';
	}
}

let reply: Reply;
let fetch: ReturnType< typeof vi.fn >;
let beacon: ReturnType< typeof vi.fn >;
let boxes: Outbox[] = [];

/** A new outbox, as a new page would make it (stopped after the test). */
function page(): Outbox {
	const box = createOutbox();
	boxes.push( box );
	return box;
}

const sent = () =>
	fetch.mock.calls.map( ( [ , init ] ) =>
		JSON.parse( String( ( init as RequestInit ).body ) )
	);
const kept = () =>
	JSON.parse( localStorage.getItem( OUTBOX_KEY ) ?? '[]' ).map(
		( entry: { body: string } ) => JSON.parse( entry.body )
	);
const advance = ( ms: number ) => vi.advanceTimersByTimeAsync( ms );

beforeEach( () => {
	vi.useFakeTimers();
	localStorage.clear();
	sessionStorage.clear();
	reply = ok();
	fetch = vi.fn( async () => reply() );
	beacon = vi.fn( () => true );
	vi.stubGlobal( 'fetch', fetch );
	vi.stubGlobal( 'navigator', { ...navigator, sendBeacon: beacon } );
	vi.stubGlobal( 'Blob', FakeBlob );
} );

afterEach( () => {
	boxes.forEach( ( box ) => box.stop() );
	boxes = [];
	vi.useRealTimers();
	vi.unstubAllGlobals();
} );

describe( 'backoff()', () => {
	it( 'doubles from 1 s up to 60 s; Retry-After wins, above 60 s too', () => {
		expect(
			[ 1, 2, 3, 4, 5, 6, 7, 8, 20 ].map( ( tries ) => backoff( tries ) )
		).toEqual( [
			1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000, 60000,
		] );
		expect( backoff( 1, 5 ) ).toBe( 5000 );
		expect( backoff( 7, 120 ) ).toBe( 120000 );
	} );
} );

describe( 'outbox', () => {
	it( 'sends a write at once, with keepalive, and forgets it once taken', async () => {
		const box = page();
		const done = box.queue( write( [ [ 1, 'Yes' ] ] ) );
		expect( fetch ).toHaveBeenCalledTimes( 1 );
		const [ url, init ] = fetch.mock.calls[ 0 ] as [ string, RequestInit ];
		expect( url ).toBe( URL_7 );
		expect( init ).toMatchObject( {
			method: 'POST',
			keepalive: true,
			headers: { 'Content-Type': 'application/json' },
		} );
		await expect( done ).resolves.toEqual( { id: 5, complete: false } );
		expect( localStorage.getItem( OUTBOX_KEY ) ).toBeNull();
		expect( box.pending() ).toEqual( [] );
	} );

	it( 'sends the wp_rest nonce of a logged-in visitor’s page; without one, none', async () => {
		const box = page();
		await box.queue( write( [ [ 1, 'Yes' ] ] ) );
		window.userfeedbackConfig = {
			rest_nonce: 'abc123',
		} as typeof window.userfeedbackConfig;
		try {
			await box.queue( write( [ [ 2, 'No' ] ], false, OTHER ) );
		} finally {
			delete window.userfeedbackConfig;
		}
		const headers = fetch.mock.calls.map(
			( [ , init ] ) => ( init as RequestInit ).headers
		);
		expect( headers ).toEqual( [
			{ 'Content-Type': 'application/json' },
			{ 'Content-Type': 'application/json', 'X-WP-Nonce': 'abc123' },
		] );
	} );

	it( 'a nonce the server refuses (logged out since) is dropped and the write sent again at once', async () => {
		window.userfeedbackConfig = {
			rest_nonce: 'stale',
		} as typeof window.userfeedbackConfig;
		try {
			fetch.mockImplementationOnce(
				async () =>
					new Response(
						JSON.stringify( {
							code: 'rest_cookie_invalid_nonce',
							message: 'Cookie check failed',
							data: { status: 403 },
						} ),
						{ status: 403 }
					)
			);
			const done = page().queue( write( [ [ 1, 'Yes' ] ] ) );
			await expect( done ).resolves.toEqual( { id: 5, complete: false } );
			expect( fetch ).toHaveBeenCalledTimes( 2 );
			expect(
				( fetch.mock.calls[ 1 ][ 1 ] as RequestInit ).headers
			).toEqual( { 'Content-Type': 'application/json' } );
			expect( window.userfeedbackConfig?.rest_nonce ).toBeUndefined();
			expect( localStorage.getItem( OUTBOX_KEY ) ).toBeNull();
		} finally {
			delete window.userfeedbackConfig;
		}
	} );

	it( 'tries again after 1 s, 2 s, 4 s … at most 60 s while it gets no answer', async () => {
		reply = offline;
		const box = page();
		const failures: SendFailure[] = [];
		box.queue( write( [ [ 1, 'Yes' ] ] ), ( failure ) =>
			failures.push( failure )
		);
		await advance( 0 );
		expect( fetch ).toHaveBeenCalledTimes( 1 );
		expect( failures.map( ( failure ) => failure.kind ) ).toEqual( [
			'unreachable',
		] );
		for ( const wait of [
			1000, 2000, 4000, 8000, 16000, 32000, 60000, 60000,
		] ) {
			const before = fetch.mock.calls.length;
			await advance( wait - 1 );
			expect( fetch ).toHaveBeenCalledTimes( before );
			await advance( 1 );
			expect( fetch ).toHaveBeenCalledTimes( before + 1 );
		}
		// Still kept; then the server answers and it is gone.
		expect( kept() ).toHaveLength( 1 );
		reply = ok();
		await advance( 60000 );
		expect( kept() ).toEqual( [] );
		await advance( 300000 );
		expect( fetch ).toHaveBeenCalledTimes( 10 );
	} );

	it( 'a 503, 5xx, 408 or 429 is tried again; Retry-After says when', async () => {
		reply = status( 503, { 'Retry-After': '2' } );
		const box = page();
		const failures: SendFailure[] = [];
		const done = box.queue( write( [ [ 1, 'Yes' ] ] ), ( failure ) =>
			failures.push( failure )
		);
		await advance( 0 );
		expect( failures[ 0 ] ).toMatchObject( {
			kind: 'unreachable',
			wait: 2,
		} );
		// Not after 1 s: after the 2 s the server asked for.
		reply = status( 429, { 'Retry-After': '90' } );
		await advance( 1999 );
		expect( fetch ).toHaveBeenCalledTimes( 1 );
		await advance( 1 );
		expect( fetch ).toHaveBeenCalledTimes( 2 );
		// Retry-After wins over the 60 s cap too.
		reply = status( 408 );
		await advance( 89999 );
		expect( fetch ).toHaveBeenCalledTimes( 2 );
		await advance( 1 );
		expect( fetch ).toHaveBeenCalledTimes( 3 );
		// 408 without Retry-After: the backoff (third failure: 4 s).
		reply = status( 500 );
		await advance( 4000 );
		expect( fetch ).toHaveBeenCalledTimes( 4 );
		reply = ok( 200 );
		await advance( 8000 );
		expect( fetch ).toHaveBeenCalledTimes( 5 );
		await expect( done ).resolves.toMatchObject( { id: 5 } );
		expect( failures ).toHaveLength( 4 );
	} );

	it( 'a 4xx refusal is dropped: the promise says why, nothing is tried again', async () => {
		reply = status( 400 );
		const box = page();
		const done = box.queue( write( [ [ 3, 'Pro' ] ] ) );
		const failure = await done.catch( ( error ) => error );
		expect( failure ).toBeInstanceOf( SendFailure );
		expect( failure ).toMatchObject( {
			kind: 'refused',
			message: 'Refused 400',
			questions: { 3: 'Bad answer' },
		} );
		expect( localStorage.getItem( OUTBOX_KEY ) ).toBeNull();
		await advance( 600000 );
		expect( fetch ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'kept writes survive a reload: the next page sends them at once', async () => {
		reply = offline;
		const first = page();
		first.queue( write( [ [ 1, 'Yes' ] ] ) );
		first.queue( write( [ [ 2, 'Fine' ] ] ) );
		await advance( 0 );
		expect( kept() ).toEqual( [
			expect.objectContaining( {
				answers: [ { question_id: 1, value: 'Yes' } ],
			} ),
			expect.objectContaining( {
				answers: [ { question_id: 2, value: 'Fine' } ],
			} ),
		] );
		// The page goes away (its timers with it); the next one has a new outbox.
		first.stop();
		fetch.mockClear();
		reply = ok();
		page();
		await advance( 0 );
		// In the order they were made, one at a time.
		expect(
			sent().map( ( body ) => body.answers[ 0 ].question_id )
		).toEqual( [ 1, 2 ] );
		expect( localStorage.getItem( OUTBOX_KEY ) ).toBeNull();
		await advance( 600000 );
		expect( fetch ).toHaveBeenCalledTimes( 2 );
	} );

	it( 'back online: every kept write goes at once, whatever its backoff', async () => {
		reply = offline;
		const box = page();
		box.queue( write( [ [ 1, 'Yes' ] ] ) );
		box.queue( write( [ [ 1, 'Sure' ] ], false, OTHER ) );
		await advance( 0 );
		// Three failures each: the next tries are 4 s away.
		await advance( 1000 );
		await advance( 2000 );
		expect( fetch ).toHaveBeenCalledTimes( 6 );
		reply = ok();
		window.dispatchEvent( new Event( 'online' ) );
		await advance( 0 );
		expect( fetch ).toHaveBeenCalledTimes( 8 );
		expect( localStorage.getItem( OUTBOX_KEY ) ).toBeNull();
	} );

	it( 'the page hidden or left: the kept writes go by sendBeacon, and stay kept', async () => {
		reply = offline;
		const box = page();
		box.queue( write( [ [ 1, 'Yes' ] ] ) );
		box.queue( write( [ [ 2, 'Fine' ] ] ) );
		await advance( 0 );

		window.dispatchEvent( new Event( 'pagehide' ) );
		expect( beacon ).toHaveBeenCalledTimes( 2 );
		const [ url, blob ] = beacon.mock.calls[ 0 ] as [ string, FakeBlob ];
		expect( url ).toBe( URL_7 );
		expect( blob ).toBeInstanceOf( FakeBlob );
		expect( blob.type ).toBe( 'application/json' );
		expect( JSON.parse( blob.parts.join( '' ) ) ).toMatchObject( {
			response_id: RID,
			answers: [ { question_id: 1, value: 'Yes' } ],
		} );
		expect( kept() ).toHaveLength( 2 );

		// A hidden tab too; a visible one sends nothing.
		const visibility = vi.spyOn( document, 'visibilityState', 'get' );
		visibility.mockReturnValue( 'visible' );
		document.dispatchEvent( new Event( 'visibilitychange' ) );
		expect( beacon ).toHaveBeenCalledTimes( 2 );
		visibility.mockReturnValue( 'hidden' );
		document.dispatchEvent( new Event( 'visibilitychange' ) );
		expect( beacon ).toHaveBeenCalledTimes( 4 );
		visibility.mockRestore();
	} );

	it( 'the page left while an answer’s first write is in flight: its changed value is not beaconed to overtake it', async () => {
		reply = () => new Promise< Response >( () => {} );
		const box = page();
		box.queue( write( [ [ 1, 'Yes' ] ] ) );
		await advance( 0 );
		box.queue( write( [ [ 1, 'No' ] ] ) );
		box.queue( write( [ [ 2, 'Fine' ] ] ) );
		window.dispatchEvent( new Event( 'pagehide' ) );
		expect(
			beacon.mock.calls.map(
				( [ , blob ] ) =>
					JSON.parse( ( blob as FakeBlob ).parts.join( '' ) )
						.answers[ 0 ]
			)
		).toEqual( [ { question_id: 2, value: 'Fine' } ] );
		// Kept for the next page view, which sends it after the first has gone.
		expect(
			kept().map( ( body: { answers: unknown[] } ) => body.answers[ 0 ] )
		).toEqual( [
			{ question_id: 1, value: 'Yes' },
			{ question_id: 1, value: 'No' },
			{ question_id: 2, value: 'Fine' },
		] );
	} );

	it( 'the writes of one response go one at a time, in order; other responses do not wait', async () => {
		let release: ( response: Response ) => void = () => {};
		reply = () =>
			new Promise< Response >( ( resolve ) => ( release = resolve ) );
		const box = page();
		box.queue( write( [ [ 1, 'Yes' ] ] ) );
		reply = ok();
		box.queue( write( [ [ 2, 'Fine' ] ] ) );
		box.queue( write( [ [ 1, 'Other' ] ], false, OTHER ) );
		await advance( 0 );
		// The second write of RID waits for the first; OTHER's went.
		expect( sent().map( ( body ) => body.response_id ) ).toEqual( [
			RID,
			OTHER,
		] );
		release( new Response( '{"id":5}', { status: 201 } ) );
		await advance( 0 );
		expect(
			sent().map( ( body ) => [
				body.response_id,
				body.answers[ 0 ].question_id,
			] )
		).toEqual( [
			[ RID, 1 ],
			[ OTHER, 1 ],
			[ RID, 2 ],
		] );
		expect( localStorage.getItem( OUTBOX_KEY ) ).toBeNull();
	} );

	it( 'never keeps a write twice: the newer one with the same key replaces it', async () => {
		reply = offline;
		const box = page();
		box.queue( write( [ [ 1, 'Yes' ] ] ) );
		await advance( 0 );
		box.queue( write( [ [ 1, 'No' ] ] ) );
		box.queue( write( [ [ 2, 'Fine' ] ] ) );
		await advance( 0 );
		box.queue( write( [ [ 2, 'Great' ] ] ) );
		await advance( 0 );
		expect(
			kept().map( ( body: { answers: unknown[] } ) => body.answers )
		).toEqual( [
			[ { question_id: 1, value: 'No' } ],
			[ { question_id: 2, value: 'Great' } ],
		] );
		expect( box.pending() ).toHaveLength( 2 );
	} );

	it( 'an answer changed (after Back) while its first write is in flight goes after it, and each promise gets its own answer', async () => {
		let release: ( response: Response ) => void = () => {};
		reply = () =>
			new Promise< Response >( ( resolve ) => ( release = resolve ) );
		const box = page();
		const first = vi.fn();
		const second = vi.fn();
		box.queue( write( [ [ 1, 'Yes' ] ] ) ).then( first );
		await advance( 0 );
		box.queue( write( [ [ 1, 'No' ] ] ) ).then( second );
		// Changed again before it went: only the latest value waits.
		const third = vi.fn();
		box.queue( write( [ [ 1, 'Maybe' ] ] ) ).then( third );
		await advance( 0 );
		expect( sent() ).toHaveLength( 1 );
		expect( box.pending() ).toHaveLength( 2 );
		reply = () =>
			new Response( JSON.stringify( { id: 5, answer: 'second' } ), {
				status: 200,
			} );
		release(
			new Response( JSON.stringify( { id: 5, answer: 'first' } ), {
				status: 201,
			} )
		);
		await advance( 0 );
		expect( first ).toHaveBeenCalledWith( { id: 5, answer: 'first' } );
		expect( sent().map( ( body ) => body.answers[ 0 ].value ) ).toEqual( [
			'Yes',
			'Maybe',
		] );
		expect( second ).toHaveBeenCalledWith( { id: 5, answer: 'second' } );
		expect( third ).toHaveBeenCalledWith( { id: 5, answer: 'second' } );
		expect( box.pending() ).toHaveLength( 0 );
		expect( localStorage.getItem( OUTBOX_KEY ) ).toBeNull();
	} );

	it( 'the completing write replaces the partial writes it carries, also one that fails in flight', async () => {
		let fail: ( error: Error ) => void = () => {};
		reply = offline;
		const box = page();
		box.queue( write( [ [ 1, 'Yes' ] ] ) );
		await advance( 0 );
		// A new write tries its response again at once: the first partial write (the
		// head of the response's writes) is in flight when the visitor completes.
		reply = () =>
			new Promise< Response >( ( _, reject ) => ( fail = reject ) );
		box.queue( write( [ [ 2, 'Fine' ] ] ) );
		await advance( 0 );
		reply = ok();
		const done = box.queue(
			write(
				[
					[ 1, 'Yes' ],
					[ 2, 'Fine' ],
					[ 3, 'Bye' ],
				],
				true
			)
		);
		expect( kept() ).toHaveLength( 2 );
		fail( new TypeError( 'Failed to fetch' ) );
		await expect( done ).resolves.toMatchObject( { id: 5 } );
		// The second partial write never went on its own: the completion carries it.
		expect(
			sent().map( ( body ) => [
				body.answers.map(
					( answer: { question_id: number } ) => answer.question_id
				),
				body.complete,
			] )
		).toEqual( [
			[ [ 1 ], false ],
			[ [ 1 ], false ],
			[ [ 1, 2, 3 ], true ],
		] );
		expect( localStorage.getItem( OUTBOX_KEY ) ).toBeNull();
		await advance( 600000 );
		expect( fetch ).toHaveBeenCalledTimes( 3 );
	} );

	it( 'the completion taken ends the survey session’s response id', async () => {
		sessionStorage.setItem( 'uf_rid_7', RID );
		const box = page();
		await box.queue( write( [ [ 1, 'Yes' ] ] ) );
		expect( sessionStorage.getItem( 'uf_rid_7' ) ).toBe( RID );
		await box.queue( write( [ [ 1, 'Yes' ] ], true ) );
		expect( sessionStorage.getItem( 'uf_rid_7' ) ).toBeNull();
		// A newer response id of the survey is left alone.
		sessionStorage.setItem( 'uf_rid_7', OTHER );
		await box.queue( write( [ [ 1, 'Yes' ] ], true ) );
		expect( sessionStorage.getItem( 'uf_rid_7' ) ).toBe( OTHER );
	} );

	it( 'keeps writes another tab put in the outbox meanwhile', async () => {
		reply = offline;
		const box = page();
		const theirs = {
			key: `${ OTHER }|1|0`,
			url: URL_7,
			body: JSON.stringify(
				write( [ [ 1, 'Tab' ] ], false, OTHER ).body
			),
			rid: OTHER,
			complete: false,
			tries: 0,
			due: 0,
		};
		localStorage.setItem( OUTBOX_KEY, JSON.stringify( [ theirs ] ) );
		box.queue( write( [ [ 1, 'Yes' ] ] ) );
		await advance( 0 );
		expect(
			kept().map( ( body: { response_id: string } ) => body.response_id )
		).toEqual( [ OTHER, RID ] );
	} );

	it( 'reads an unreadable outbox as empty', () => {
		localStorage.setItem( OUTBOX_KEY, '{not json' );
		expect( page().pending() ).toEqual( [] );
		localStorage.setItem( OUTBOX_KEY, '[{"key":1},null,"x"]' );
		expect( page().pending() ).toEqual( [] );
		expect( fetch ).not.toHaveBeenCalled();
	} );
} );
