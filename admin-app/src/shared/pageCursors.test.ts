import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import {
	clearPageCursors,
	cursorBefore,
	listIdentity,
	MAX_LISTS,
	MAX_PAGES,
	rememberPageCursor,
	withPageCursor,
} from './pageCursors';

const always = () => true;
const LIST = listIdentity( 'responses', 7, { status: 'all', search: '' } );

/** A cursor as the server writes it, for page n of 10 rows. */
const cursor = ( page: number ) =>
	`${ page * 10 - 1 }-20261024150000-${ page }`;

beforeEach( () => {
	clearPageCursors();
} );

describe( 'page cursors', () => {
	it( 'gives the cursor of the largest earlier page, none for page 1 or without one', () => {
		expect( cursorBefore( LIST, 2, always ) ).toBeUndefined();
		rememberPageCursor( LIST, 1, cursor( 1 ), [ 'p1' ] );
		rememberPageCursor( LIST, 2, cursor( 2 ), [ 'p2' ] );
		rememberPageCursor( LIST, 7, cursor( 7 ), [ 'p7' ] );

		expect( cursorBefore( LIST, 1, always ) ).toBeUndefined();
		expect( cursorBefore( LIST, 2, always ) ).toBe( cursor( 1 ) );
		expect( cursorBefore( LIST, 3, always ) ).toBe( cursor( 2 ) );
		// A jump: the nearest known page before it.
		expect( cursorBefore( LIST, 5, always ) ).toBe( cursor( 2 ) );
		expect( cursorBefore( LIST, 7, always ) ).toBe( cursor( 2 ) );
		expect( cursorBefore( LIST, 8, always ) ).toBe( cursor( 7 ) );
	} );

	it( 'keeps each list apart, and reads objects whatever the order of their keys', () => {
		rememberPageCursor( LIST, 1, cursor( 1 ), [ 'p1' ] );
		const searched = listIdentity( 'responses', 7, {
			status: 'all',
			search: 'slow',
		} );
		expect( cursorBefore( searched, 2, always ) ).toBeUndefined();
		expect(
			cursorBefore(
				listIdentity( 'responses', 8, { status: 'all', search: '' } ),
				2,
				always
			)
		).toBeUndefined();
		expect(
			cursorBefore(
				listIdentity( 'responses', 7, { search: '', status: 'all' } ),
				2,
				always
			)
		).toBe( cursor( 1 ) );
	} );

	it( 'forgets a page that answered no cursor (an empty page), and ignores what is not one', () => {
		rememberPageCursor( LIST, 1, cursor( 1 ), [ 'p1' ] );
		rememberPageCursor( LIST, 2, cursor( 2 ), [ 'p2' ] );
		rememberPageCursor( LIST, 2, null, [ 'p2' ] );
		expect( cursorBefore( LIST, 3, always ) ).toBe( cursor( 1 ) );
		// Older cached data has no next_cursor at all.
		rememberPageCursor( LIST, 1, undefined, [ 'p1' ] );
		rememberPageCursor( LIST, 1, '', [ 'p1' ] );
		expect( cursorBefore( LIST, 3, always ) ).toBeUndefined();
	} );

	it( 'skips a cursor whose page is no longer current, for an earlier current one', () => {
		rememberPageCursor( LIST, 1, cursor( 1 ), [ 'p1' ] );
		rememberPageCursor( LIST, 2, cursor( 2 ), [ 'p2' ] );
		const current = ( key: readonly unknown[] ) => key[ 0 ] === 'p1';
		expect( cursorBefore( LIST, 3, current ) ).toBe( cursor( 1 ) );
		expect( cursorBefore( LIST, 3, () => false ) ).toBeUndefined();
	} );

	it( 'keeps at most MAX_PAGES pages of a list, the latest remembered', () => {
		for ( let page = 1; page <= MAX_PAGES + 5; page++ ) {
			rememberPageCursor( LIST, page, cursor( page ), [ page ] );
		}
		expect( cursorBefore( LIST, 6, always ) ).toBeUndefined();
		expect( cursorBefore( LIST, 7, always ) ).toBe( cursor( 6 ) );
		expect( cursorBefore( LIST, MAX_PAGES + 6, always ) ).toBe(
			cursor( MAX_PAGES + 5 )
		);
	} );

	it( 'keeps at most MAX_LISTS lists, forgetting the one used least recently', () => {
		const list = ( n: number ) => listIdentity( 'answers', n );
		for ( let n = 0; n < MAX_LISTS; n++ ) {
			rememberPageCursor( list( n ), 1, cursor( 1 ), [ n ] );
		}
		// Reading list 0 makes it recent: list 1 is now the oldest.
		expect( cursorBefore( list( 0 ), 2, always ) ).toBe( cursor( 1 ) );
		rememberPageCursor( list( MAX_LISTS ), 1, cursor( 1 ), [ 'new' ] );
		expect( cursorBefore( list( 1 ), 2, always ) ).toBeUndefined();
		expect( cursorBefore( list( 0 ), 2, always ) ).toBe( cursor( 1 ) );
		expect( cursorBefore( list( 2 ), 2, always ) ).toBe( cursor( 1 ) );
		expect( cursorBefore( list( MAX_LISTS ), 2, always ) ).toBe(
			cursor( 1 )
		);
	} );
} );

describe( 'withPageCursor', () => {
	const key = ( page: number ) => [ 'responses', 7, { page } ];

	function fetchInto( client: QueryClient, fetchPage: typeof fake ) {
		return ( page: number ) =>
			client.fetchQuery( {
				queryKey: key( page ),
				queryFn: withPageCursor( LIST, page, ( sent ) =>
					fetchPage( page, sent )
				),
			} );
	}
	/** Answers page n; the test reads the cursor each call sent from its second argument. */
	const fake = vi.fn( async ( page: number, sent: string | undefined ) => ( {
		items: [ page ],
		sent,
		next_cursor: cursor( page ),
	} ) );

	beforeEach( () => {
		fake.mockClear();
	} );

	it( 'reads the cursor when the page is fetched and remembers the one it answers', async () => {
		const client = new QueryClient();
		const fetchPage = fetchInto( client, fake );
		await fetchPage( 1 );
		await fetchPage( 2 );
		await fetchPage( 5 );
		expect( fake.mock.calls ).toEqual( [
			[ 1, undefined ],
			[ 2, cursor( 1 ) ],
			[ 5, cursor( 2 ) ],
		] );
	} );

	it( 'sends no cursor of a page that was invalidated or removed (its ranks may have moved)', async () => {
		const client = new QueryClient();
		const fetchPage = fetchInto( client, fake );
		await fetchPage( 1 );
		await fetchPage( 2 );

		await client.invalidateQueries( { queryKey: key( 2 ) } );
		// Invalidated without an observer: not refetched, so not current.
		await fetchPage( 3 );
		expect( fake ).toHaveBeenLastCalledWith( 3, cursor( 1 ) );

		client.removeQueries( { queryKey: key( 1 ) } );
		client.removeQueries( { queryKey: key( 3 ) } );
		await fetchPage( 4 );
		expect( fake ).toHaveBeenLastCalledWith( 4, undefined );

		// A fetch of another client (another app, a test) knows none of these pages.
		await fetchInto( new QueryClient(), fake )( 5 );
		expect( fake ).toHaveBeenLastCalledWith( 5, undefined );
	} );

	it( 'remembers nothing from a failed page', async () => {
		const client = new QueryClient();
		const failing = vi.fn( async () => {
			throw new Error( 'down' );
		} );
		await expect(
			client.fetchQuery( {
				queryKey: key( 1 ),
				queryFn: withPageCursor( LIST, 1, failing ),
				retry: false,
			} )
		).rejects.toThrow( 'down' );
		await fetchInto( client, fake )( 2 );
		expect( fake ).toHaveBeenLastCalledWith( 2, undefined );
	} );
} );
