import { QueryClient } from '@tanstack/react-query';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import {
	atLeast,
	clearPageCursors,
	countOfAnswer,
	countOfPage,
	currentIn,
	cursorBefore,
	listIdentity,
	MAX_LISTS,
	MAX_PAGES,
	pageKnowsCount,
	rememberedCount,
	rememberListCount,
	rememberPageCursor,
	shownCount,
	withListCount,
	withPageCursor,
	type CountedPage,
	type ListCount,
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

describe( 'list counts', () => {
	/** A page of 10 rows as the responses route answers it. */
	const answer = (
		total: number,
		extra: Partial< CountedPage > = {}
	): CountedPage => ( {
		next_cursor: null,
		matched: total,
		matched_capped: false,
		pagination: { total, pages: Math.ceil( total / 10 ) },
		...extra,
	} );
	/** Page 2 read after page 1's cursor: 20 rows known, and one more. */
	const uncounted = answer( 21, { counted: false, matched_capped: true } );
	const capped: ListCount = {
		matched: 1000,
		capped: true,
		total: 1000,
		pages: 100,
	};

	it( 'reads a page’s own numbers, `matched` falling back to the total in older data', () => {
		expect( countOfPage( answer( 37 ) ) ).toEqual( {
			matched: 37,
			capped: false,
			total: 37,
			pages: 4,
		} );
		expect(
			countOfPage( {
				next_cursor: null,
				pagination: { total: 12, pages: 2 },
			} )
		).toEqual( { matched: 12, capped: false, total: 12, pages: 2 } );
	} );

	it( 'shows the remembered count with a page the server did not count', () => {
		rememberListCount( LIST, capped, [ 'p1' ] );
		expect( shownCount( LIST, uncounted, always ) ).toEqual( capped );

		const exact = { matched: 37, capped: false, total: 37, pages: 4 };
		rememberListCount( LIST, exact, [ 'p1' ] );
		expect( shownCount( LIST, uncounted, always ) ).toEqual( exact );
		// The last page knows the rows are all there: still the exact count.
		expect(
			shownCount(
				LIST,
				answer( 37, { counted: false, matched_capped: false } ),
				always
			)
		).toEqual( exact );
	} );

	it( 'shows a page’s own numbers when it was counted, or when counted is missing', () => {
		rememberListCount( LIST, capped, [ 'p1' ] );
		expect( shownCount( LIST, answer( 37 ), always ) ).toEqual(
			countOfPage( answer( 37 ) )
		);
		expect(
			shownCount( LIST, answer( 37, { counted: true } ), always )
		).toEqual( countOfPage( answer( 37 ) ) );
	} );

	it( 'never shows fewer rows or pages than the uncounted page knows', () => {
		// A count that ran out of time: 57 at least, 6 pages.
		rememberListCount(
			LIST,
			{ matched: 57, capped: true, total: 57, pages: 6 },
			[ 'p1' ]
		);
		// Page 10 knows 91 rows and a page 11.
		const later = answer( 91, { counted: false, matched_capped: true } );
		expect( shownCount( LIST, later, always ) ).toEqual( {
			matched: 91,
			capped: true,
			total: 91,
			pages: 10,
		} );

		// Past the cap of 1,000: the last page knows the exact number.
		rememberListCount( LIST, capped, [ 'p1' ] );
		const last = answer( 1004, { counted: false, matched_capped: false } );
		expect( shownCount( LIST, last, always ) ).toEqual( {
			matched: 1004,
			capped: false,
			total: 1004,
			pages: 101,
		} );
	} );

	it( 'takes the larger of a count and what an uncounted answer knows, with its capped', () => {
		const bound = { matched: 13, capped: true };
		// The list's count, exact or capped, when it is not below the bound.
		expect( atLeast( { matched: 37, capped: false }, bound ) ).toEqual( {
			matched: 37,
			capped: false,
		} );
		expect( atLeast( { matched: 1000, capped: true }, bound ) ).toEqual( {
			matched: 1000,
			capped: true,
		} );
		// A tie: the list's.
		expect( atLeast( { matched: 13, capped: false }, bound ) ).toEqual( {
			matched: 13,
			capped: false,
		} );
		// The list has grown since it was counted: the bound, capped.
		expect( atLeast( { matched: 10, capped: false }, bound ) ).toEqual(
			bound
		);
		// An exact bound past a capped count: exact.
		expect(
			atLeast(
				{ matched: 1000, capped: true },
				{ matched: 1004, capped: false }
			)
		).toEqual( { matched: 1004, capped: false } );
	} );

	it( 'shows the page’s own numbers without a current count of the same list', () => {
		const own = countOfPage( uncounted );
		expect( shownCount( LIST, uncounted, always ) ).toEqual( own );

		rememberListCount( LIST, capped, [ 'p1' ] );
		expect( shownCount( LIST, uncounted, () => false ) ).toEqual( own );
		expect( rememberedCount( LIST, () => false ) ).toBeUndefined();

		const other = listIdentity( 'responses', 7, {
			status: 'all',
			search: 'slow',
		} );
		expect( shownCount( other, uncounted, always ) ).toEqual( own );
		expect(
			shownCount( listIdentity( 'responses', 8, {} ), uncounted, always )
		).toEqual( own );
	} );

	it( 'keeps the counts of at most MAX_LISTS lists, forgetting the one used least recently', () => {
		const list = ( n: number ) => listIdentity( 'responses', n );
		const count = ( n: number ): ListCount => ( {
			matched: n,
			capped: false,
			total: n,
			pages: 1,
		} );
		for ( let n = 0; n < MAX_LISTS; n++ ) {
			rememberListCount( list( n ), count( n ), [ n ] );
		}
		expect( rememberedCount( list( 0 ), always ) ).toEqual( count( 0 ) );
		rememberListCount( list( MAX_LISTS ), count( MAX_LISTS ), [ 'new' ] );
		expect( rememberedCount( list( 1 ), always ) ).toBeUndefined();
		expect( rememberedCount( list( 0 ), always ) ).toEqual( count( 0 ) );
		expect( rememberedCount( list( MAX_LISTS ), always ) ).toEqual(
			count( MAX_LISTS )
		);

		clearPageCursors();
		expect( rememberedCount( list( 0 ), always ) ).toBeUndefined();
	} );

	describe( 'from withPageCursor', () => {
		const key = ( page: number ) => [ 'responses', 7, { page } ];
		/** Page 1 counted (1,000+), later pages read after a cursor and not counted. */
		const route = vi.fn(
			async ( page: number, sent: string | undefined ) => ( {
				...( sent === undefined
					? answer( 1000, { matched_capped: true } )
					: answer( page * 10 + 1, {
							counted: false,
							matched_capped: true,
						} ) ),
				next_cursor: cursor( page ),
			} )
		);
		const fetchPage = ( client: QueryClient, page: number ) =>
			client.fetchQuery( {
				queryKey: key( page ),
				queryFn: withPageCursor( LIST, page, ( sent ) =>
					route( page, sent )
				),
			} );

		beforeEach( () => {
			route.mockClear();
		} );

		it( 'remembers the count of a counted answer, not of an uncounted one', async () => {
			const client = new QueryClient();
			await fetchPage( client, 1 );
			const page2 = await fetchPage( client, 2 );
			expect( page2.counted ).toBe( false );
			expect( rememberedCount( LIST, currentIn( client ) ) ).toEqual(
				capped
			);
			expect( shownCount( LIST, page2, currentIn( client ) ) ).toEqual(
				capped
			);
			// Another client (another app, a test) holds none of that data.
			expect(
				rememberedCount( LIST, currentIn( new QueryClient() ) )
			).toBeUndefined();
		} );

		it( 'drops the count when the page it came from is invalidated or removed', async () => {
			const client = new QueryClient();
			await fetchPage( client, 1 );
			const page2 = await fetchPage( client, 2 );
			await client.invalidateQueries( { queryKey: key( 1 ) } );
			expect(
				rememberedCount( LIST, currentIn( client ) )
			).toBeUndefined();
			expect( shownCount( LIST, page2, currentIn( client ) ) ).toEqual(
				countOfPage( page2 )
			);

			// Fetched again, counted again: current again, with the new answer's numbers.
			await fetchPage( client, 1 );
			expect( rememberedCount( LIST, currentIn( client ) ) ).toEqual(
				capped
			);
			client.removeQueries( { queryKey: key( 1 ) } );
			expect(
				rememberedCount( LIST, currentIn( client ) )
			).toBeUndefined();
		} );

		it( 'forgets the count when the query it came from is fetched again without counting', async () => {
			const client = new QueryClient();
			// Page 3 without a cursor (nothing before it known) is counted.
			await fetchPage( client, 3 );
			expect( route ).toHaveBeenLastCalledWith( 3, undefined );
			expect( rememberedCount( LIST, currentIn( client ) ) ).toEqual(
				capped
			);
			// Page 1 is known now (its cursor, its data); page 3 fetched again reads after
			// it, uncounted: page 3's data no longer holds the count, so it must not pass
			// for current.
			client.setQueryData( key( 1 ), answer( 1000 ) );
			rememberPageCursor( LIST, 1, cursor( 1 ), key( 1 ) );
			await client.refetchQueries( { queryKey: key( 3 ) } );
			expect( route ).toHaveBeenLastCalledWith( 3, cursor( 1 ) );
			expect(
				rememberedCount( LIST, currentIn( client ) )
			).toBeUndefined();
		} );

		it( 'keeps the count of another page when an uncounted answer comes', async () => {
			const client = new QueryClient();
			await fetchPage( client, 1 );
			await fetchPage( client, 2 );
			await client.refetchQueries( { queryKey: key( 2 ) } );
			expect( rememberedCount( LIST, currentIn( client ) ) ).toEqual(
				capped
			);
		} );

		it( 'remembers the count an uncounted last page gives by itself, not that of a page before the end', async () => {
			const client = new QueryClient();
			const last = {
				...answer( 9, { counted: false } ),
				items: new Array( 9 ).fill( {} ),
			};
			await client.fetchQuery( {
				queryKey: key( 1 ),
				queryFn: withPageCursor( LIST, 1, async () => last ),
			} );
			expect( rememberedCount( LIST, currentIn( client ) ) ).toEqual( {
				matched: 9,
				capped: false,
				total: 9,
				pages: 1,
			} );
			// A page with a row after it (capped) only knows a lower bound: it replaces nothing it
			// cannot say, and takes back what its own query had said.
			await client.fetchQuery( {
				queryKey: key( 1 ),
				queryFn: withPageCursor( LIST, 1, async () => ( {
					...answer( 11, { counted: false, matched_capped: true } ),
					items: new Array( 10 ).fill( {} ),
				} ) ),
				staleTime: 0,
			} );
			expect(
				rememberedCount( LIST, currentIn( client ) )
			).toBeUndefined();
		} );

		it( 'remembers no count from an answer without a pagination', async () => {
			const client = new QueryClient();
			await client.fetchQuery( {
				queryKey: key( 1 ),
				queryFn: withPageCursor( LIST, 1, async () => ( {
					next_cursor: cursor( 1 ),
				} ) ),
			} );
			expect(
				rememberedCount( LIST, currentIn( client ) )
			).toBeUndefined();
		} );
	} );
} );

describe( 'a list’s own count', () => {
	const COUNT_KEY = [ 'responses', 7, 'count', { status: 'all' } ];
	/** Page 2 of 10 rows read without the count: 20 rows known, and one more. */
	const uncounted: CountedPage = {
		next_cursor: null,
		counted: false,
		matched: 21,
		matched_capped: true,
		pagination: { total: 21, pages: 3 },
	};
	const fetchCount = (
		client: QueryClient,
		answer: () => Promise< { matched: number; matched_capped: boolean } >,
		perPage = 10
	) =>
		client.fetchQuery( {
			queryKey: COUNT_KEY,
			queryFn: withListCount( LIST, perPage, answer ),
		} );

	it( 'gives the pages of an exact or capped count, at least one', () => {
		expect(
			countOfAnswer( { matched: 37, matched_capped: false }, 10 )
		).toEqual( { matched: 37, capped: false, total: 37, pages: 4 } );
		expect(
			countOfAnswer( { matched: 1000, matched_capped: true }, 25 )
		).toEqual( { matched: 1000, capped: true, total: 1000, pages: 40 } );
		expect(
			countOfAnswer( { matched: 0, matched_capped: false }, 10 )
		).toEqual( { matched: 0, capped: false, total: 0, pages: 1 } );
	} );

	it( 'says nothing of a count that ran out of time (0 and capped)', () => {
		expect(
			countOfAnswer( { matched: 0, matched_capped: true }, 10 )
		).toBeUndefined();
	} );

	it( 'needs no count for a counted page, a last page with rows, or an empty first page', () => {
		const page = ( extra: Partial< CountedPage > ): CountedPage => ( {
			...uncounted,
			...extra,
		} );
		expect( pageKnowsCount( page( { counted: true } ), 2, 10 ) ).toBe(
			true
		);
		// Older data without `counted`: counted.
		expect( pageKnowsCount( page( { counted: undefined } ), 2, 10 ) ).toBe(
			true
		);
		expect( pageKnowsCount( uncounted, 2, 10 ) ).toBe( false );
		// The last page: 17 rows, all known.
		expect(
			pageKnowsCount(
				page( { matched: 17, matched_capped: false } ),
				2,
				7
			)
		).toBe( true );
		expect(
			pageKnowsCount(
				page( { matched: 0, matched_capped: false } ),
				1,
				0
			)
		).toBe( true );
		// An empty page past the first: its numbers are a guess.
		expect(
			pageKnowsCount(
				page( { matched: 40, matched_capped: false } ),
				5,
				0
			)
		).toBe( false );
	} );

	it( 'remembers the count for the list while its query is current', async () => {
		const client = new QueryClient();
		await fetchCount( client, async () => ( {
			matched: 1000,
			matched_capped: true,
		} ) );
		const capped = { matched: 1000, capped: true, total: 1000, pages: 100 };
		expect( rememberedCount( LIST, currentIn( client ) ) ).toEqual(
			capped
		);
		expect( shownCount( LIST, uncounted, currentIn( client ) ) ).toEqual(
			capped
		);

		// Responses trashed: the count query is invalidated, then dropped.
		await client.invalidateQueries( { queryKey: [ 'responses', 7 ] } );
		expect( rememberedCount( LIST, currentIn( client ) ) ).toBeUndefined();
		expect( shownCount( LIST, uncounted, currentIn( client ) ) ).toEqual(
			countOfPage( uncounted )
		);
		await fetchCount( client, async () => ( {
			matched: 36,
			matched_capped: false,
		} ) );
		expect( rememberedCount( LIST, currentIn( client ) ) ).toEqual( {
			matched: 36,
			capped: false,
			total: 36,
			pages: 4,
		} );
		client.removeQueries( { queryKey: [ 'responses', 7 ] } );
		expect( rememberedCount( LIST, currentIn( client ) ) ).toBeUndefined();
	} );

	it( 'remembers no count that says nothing, and forgets the one its query held', async () => {
		const client = new QueryClient();
		await fetchCount( client, async () => ( {
			matched: 0,
			matched_capped: true,
		} ) );
		expect( rememberedCount( LIST, currentIn( client ) ) ).toBeUndefined();

		await fetchCount( client, async () => ( {
			matched: 37,
			matched_capped: false,
		} ) );
		expect( rememberedCount( LIST, always ) ).toBeDefined();
		// Fetched again, out of time: the query's data no longer holds the count.
		await fetchCount( client, async () => ( {
			matched: 0,
			matched_capped: true,
		} ) );
		expect( rememberedCount( LIST, always ) ).toBeUndefined();
	} );

	it( 'remembers nothing of a cancelled count (an invalidation counts again)', async () => {
		const client = new QueryClient();
		type Answer = { matched: number; matched_capped: boolean };
		let answer: ( count: Answer ) => void = () => {};
		const fetching = client
			.fetchQuery( {
				queryKey: COUNT_KEY,
				queryFn: withListCount(
					LIST,
					10,
					() =>
						new Promise< Answer >( ( resolve ) => {
							answer = resolve;
						} )
				),
			} )
			.catch( () => 'cancelled' );
		await client.cancelQueries( { queryKey: COUNT_KEY } );
		answer( { matched: 37, matched_capped: false } );
		expect( await fetching ).toBe( 'cancelled' );
		// Let the queryFn run on after its answer.
		await new Promise( ( resolve ) => setTimeout( resolve, 0 ) );
		expect( rememberedCount( LIST, always ) ).toBeUndefined();
	} );

	it( 'remembers nothing of a failed count', async () => {
		const client = new QueryClient();
		await expect(
			client.fetchQuery( {
				queryKey: COUNT_KEY,
				queryFn: withListCount( LIST, 10, async () => {
					throw new Error( 'down' );
				} ),
				retry: false,
			} )
		).rejects.toThrow( 'down' );
		expect( rememberedCount( LIST, always ) ).toBeUndefined();
		expect( shownCount( LIST, uncounted, always ) ).toEqual(
			countOfPage( uncounted )
		);
	} );
} );
