/**
 * Keyset cursors of the long lists (the responses list, a question's text answers, NPS comments).
 * Each page answers `next_cursor`, the place of its last row (includes/Database/PageCursor.php);
 * asking for a later page of the same list with the cursor of the nearest page before it lets the
 * server read on from that row instead of walking every row before the page (SQL OFFSET), which is
 * what makes a deep page of a million responses cheap.
 *
 * A cursor is a speed hint: the page is the same without it, so it stays out of the react-query
 * keys and lives here, a few strings per list, for a bounded number of lists. It is read when the
 * page is fetched (in the queryFn), so page 3 asked for right after page 2 arrived gets page 2's.
 *
 * A cursor names its row's rank in the list, which trashing or deleting a response before it moves.
 * So a cursor is used only while the page it came from is in the query cache and not invalidated:
 * the actions that change responses invalidate or drop those pages (useResponseActions,
 * DeleteAllResponses), and their cursors stop counting with them, until a fresh fetch brings new ones.
 *
 * A page read after a cursor is not counted (the responses route answers `counted: false`, and its
 * numbers only say what that page knows), so the count of the list, from its last counted answer,
 * is remembered here too, with the same list identities, bounds and rule: it holds while the
 * query it came from is in the cache and not invalidated. The responses list asks for its pages
 * without the count (count=false) and for the count with a request of its own (withListCount()):
 * that query's data is then the count's source, for every page of the list. The single
 * response screen asks for its place in a filtered list without the count too, and shows the
 * same remembered count, or runs the same count query (SingleResponse.tsx).
 */
import {
	hashKey,
	type QueryClient,
	type QueryFunctionContext,
	type QueryKey,
} from '@tanstack/react-query';

/** Lists remembered at most; the one used least recently goes first. */
export const MAX_LISTS = 20;

/** Pages remembered at most per list; the one remembered first goes first. */
export const MAX_PAGES = 50;

/** A page that can carry a cursor (the routes' answers; older cached data may lack it). */
export interface CursorPage {
	next_cursor?: string | null;
}

interface Remembered {
	cursor: string;
	/** The query whose data the cursor came from. */
	source: QueryKey;
}

/** List identity => page => its cursor; Map order is the eviction order. */
const lists = new Map< string, Map< number, Remembered > >();

/**
 * A page whose answer says how many rows its list has (the responses route's numbers; the
 * other lists' answers have a pagination and always count).
 */
export interface CountedPage extends CursorPage {
	/**
	 * False when the server read the page after the cursor and did not count: `matched` and
	 * the pagination then only say what the page knows (the rows before and on it, and one
	 * more when another follows, with `matched_capped`). Missing (older data): counted.
	 */
	counted?: boolean;
	matched?: number;
	matched_capped?: boolean;
	pagination: { total: number; pages: number };
	/** The page's rows (their number tells whether an uncounted last page knows its count). */
	items?: unknown[];
}

/** What a list's count says, as the screens show it. */
export interface ListCount {
	/** Rows the list selects (the filter bar's "N responses match"). */
	matched: number;
	/** More rows than `matched` may be there: a cap, a lower bound, or an uncounted page. */
	capped: boolean;
	/** The pagination's total and pages. */
	total: number;
	pages: number;
}

interface RememberedCount {
	count: ListCount;
	/** The query whose data the count came from. */
	source: QueryKey;
}

/** List identity => the count of its last counted answer; Map order is the eviction order. */
const counts = new Map< string, RememberedCount >();

/**
 * The identity of a list: everything its request says except the page and the cursor (the
 * route, survey, question, range, search, filters, sort, status, page size). Objects are
 * compared by value, whatever the order of their keys.
 *
 * @param parts What picks and orders the list's rows.
 */
export function listIdentity( ...parts: unknown[] ): string {
	return hashKey( parts );
}

/**
 * Remembers the cursor a page of a list answered; an empty page (null) forgets that page's.
 *
 * @param list   listIdentity() of the list.
 * @param page   1-based page.
 * @param cursor The page's next_cursor.
 * @param source The query key of the data it came from: while that query is not in the cache or
 *               is invalidated, the cursor is not used.
 */
export function rememberPageCursor(
	list: string,
	page: number,
	cursor: string | null | undefined,
	source: QueryKey
): void {
	const pages = lists.get( list ) ?? new Map< number, Remembered >();
	// Re-inserted: the most recently used list and page go last, evicted last.
	lists.delete( list );
	pages.delete( page );
	if ( typeof cursor === 'string' && cursor !== '' ) {
		pages.set( page, { cursor, source } );
	}
	while ( pages.size > MAX_PAGES ) {
		pages.delete( pages.keys().next().value as number );
	}
	if ( pages.size === 0 ) {
		return;
	}
	lists.set( list, pages );
	while ( lists.size > MAX_LISTS ) {
		lists.delete( lists.keys().next().value as string );
	}
}

/**
 * The cursor to send with a request of `page`: that of the largest earlier page of the same list
 * whose data is still current; undefined for page 1 or when there is none (the server then counts
 * from the start).
 *
 * @param list      listIdentity() of the list.
 * @param page      1-based page asked for.
 * @param isCurrent Whether the data a cursor came from still holds (see currentIn()).
 */
export function cursorBefore(
	list: string,
	page: number,
	isCurrent: ( source: QueryKey ) => boolean
): string | undefined {
	const pages = lists.get( list );
	if ( ! pages || page <= 1 ) {
		return undefined;
	}
	const earlier = [ ...pages.keys() ]
		.filter( ( known ) => known < page )
		.sort( ( a, b ) => b - a );
	for ( const known of earlier ) {
		const entry = pages.get( known ) as Remembered;
		if ( isCurrent( entry.source ) ) {
			lists.delete( list );
			lists.set( list, pages );
			return entry.cursor;
		}
	}
	return undefined;
}

/**
 * Whether a query of `client` holds data that is not invalidated: removed or invalidated pages
 * (responses trashed, restored or deleted) give no cursor.
 *
 * @param client The query client.
 */
export function currentIn( client: QueryClient ) {
	return ( source: QueryKey ): boolean => {
		const state = client.getQueryState( source );
		return (
			state !== undefined &&
			state.data !== undefined &&
			! state.isInvalidated
		);
	};
}

/**
 * The numbers a page's own answer gives (`matched` falls back to the pagination's total, as
 * older answers have none).
 *
 * @param page A page of a list.
 */
export function countOfPage( page: CountedPage ): ListCount {
	return {
		matched: page.matched ?? page.pagination.total,
		capped: page.matched_capped ?? false,
		total: page.pagination.total,
		pages: page.pagination.pages,
	};
}

function isCountedPage( page: CursorPage ): page is CountedPage {
	const pagination = ( page as Partial< CountedPage > ).pagination;
	return (
		typeof pagination?.total === 'number' &&
		typeof pagination.pages === 'number'
	);
}

/**
 * Remembers the count of a list from an answer the server counted.
 *
 * @param list   listIdentity() of the list.
 * @param count  The answer's numbers (countOfPage()).
 * @param source The query key of the data it came from: while that query is not in the cache
 *               or is invalidated, the count is not used.
 */
export function rememberListCount(
	list: string,
	count: ListCount,
	source: QueryKey
): void {
	// Re-inserted: the most recently used list goes last, evicted last.
	counts.delete( list );
	counts.set( list, { count, source } );
	while ( counts.size > MAX_LISTS ) {
		counts.delete( counts.keys().next().value as string );
	}
}

/**
 * Forgets the count of a list when it came from `source`: that query's data was replaced by an
 * answer that did not count, so the count no longer describes data in the cache.
 *
 * @param list   listIdentity() of the list.
 * @param source The query key whose data changed.
 */
function forgetCountFrom( list: string, source: QueryKey ): void {
	const known = counts.get( list );
	if ( known && hashKey( known.source ) === hashKey( source ) ) {
		counts.delete( list );
	}
}

/**
 * The count of a list's last counted answer, while the data it came from is current.
 *
 * @param list      listIdentity() of the list.
 * @param isCurrent Whether the data a count came from still holds (see currentIn()).
 */
export function rememberedCount(
	list: string,
	isCurrent: ( source: QueryKey ) => boolean
): ListCount | undefined {
	const known = counts.get( list );
	if ( ! known || ! isCurrent( known.source ) ) {
		return undefined;
	}
	counts.delete( list );
	counts.set( list, known );
	return known.count;
}

/** How many rows a list selects, and whether that is only a lower bound. */
export type Matched = Pick< ListCount, 'matched' | 'capped' >;

/**
 * A list's count, never below what an answer that did not count the list knows of it (a
 * larger lower bound, or an exact count that has since grown): the larger of the two, with
 * its capped (the list's on a tie).
 *
 * @param known The list's count.
 * @param own   What the uncounted answer knows.
 */
export function atLeast( known: Matched, own: Matched ): Matched {
	const larger = known.matched >= own.matched ? known : own;
	return { matched: larger.matched, capped: larger.capped };
}

/**
 * The numbers to show with a page of a list: its own, unless the server did not count it and a
 * count of the same list is current; then that count, never below what the page itself knows
 * (a larger lower bound, a later page past a cap or past an exact count that has since grown).
 *
 * @param list      listIdentity() of the list the page belongs to.
 * @param page      The page's data.
 * @param isCurrent Whether the data a count came from still holds (see currentIn()).
 */
export function shownCount(
	list: string,
	page: CountedPage,
	isCurrent: ( source: QueryKey ) => boolean
): ListCount {
	const own = countOfPage( page );
	if ( page.counted !== false ) {
		return own;
	}
	const known = rememberedCount( list, isCurrent );
	if ( ! known ) {
		return own;
	}
	return {
		...atLeast( known, own ),
		total: Math.max( known.total, own.total ),
		pages: Math.max( known.pages, own.pages ),
	};
}

/** A list's own count request's answer (the responses count route's ResponseCount). */
export interface CountAnswer {
	matched: number;
	matched_capped: boolean;
}

/**
 * The numbers a count answer gives a list of `perPage` rows a page; undefined when it says
 * nothing (0 and capped: the count ran out of time).
 *
 * @param answer  The count route's answer.
 * @param perPage The list's rows per page.
 */
export function countOfAnswer(
	answer: CountAnswer,
	perPage: number
): ListCount | undefined {
	if ( answer.matched_capped && answer.matched <= 0 ) {
		return undefined;
	}
	return {
		matched: answer.matched,
		capped: answer.matched_capped,
		total: answer.matched,
		pages: Math.max(
			1,
			Math.ceil( answer.matched / Math.max( 1, perPage ) )
		),
	};
}

/**
 * Whether the numbers of a page the server did not count still say its list's count: it is
 * the last page (no row follows) and not an empty page past the first (whose numbers are a
 * guess), so its rows and those before it are all there are. Such a list needs no count.
 *
 * @param page       The page's data.
 * @param pageNumber The page's 1-based number.
 * @param rows       How many rows it holds.
 */
export function pageKnowsCount(
	page: CountedPage,
	pageNumber: number,
	rows: number
): boolean {
	return (
		page.counted !== false ||
		( ! ( page.matched_capped ?? false ) &&
			( rows > 0 || pageNumber === 1 ) )
	);
}

/**
 * The queryFn of a list's count (its own request, beside pages fetched without one): fetches
 * it and remembers it for every page of the list, with the query as its source. A count that
 * says nothing is not remembered (and one remembered from the same query is forgotten, its
 * data replaced); neither is one of a fetch that was cancelled, as an invalidation does
 * before it fetches again, since it may count rows that have changed since.
 *
 * @param list       listIdentity() of the list.
 * @param perPage    The list's rows per page (its pages).
 * @param fetchCount Fetches the count.
 */
export function withListCount< T extends CountAnswer >(
	list: string,
	perPage: number,
	fetchCount: () => Promise< T >
) {
	return async ( {
		queryKey,
		signal,
	}: Pick< QueryFunctionContext, 'queryKey' | 'signal' > ): Promise< T > => {
		const result = await fetchCount();
		if ( signal.aborted ) {
			return result;
		}
		const count = countOfAnswer( result, perPage );
		if ( count ) {
			rememberListCount( list, count, queryKey );
		} else {
			forgetCountFrom( list, queryKey );
		}
		return result;
	};
}

/**
 * The queryFn of one page of a list: fetches it with the cursor of the nearest earlier page
 * known at that moment, and remembers the cursor it answers, and the count when it was counted
 * or its own numbers say it (pageKnowsCount()).
 *
 * @param list      listIdentity() of the list.
 * @param page      1-based page.
 * @param fetchPage Fetches the page, sending `cursor` when it is not undefined.
 */
export function withPageCursor< T extends CursorPage >(
	list: string,
	page: number,
	fetchPage: ( cursor: string | undefined ) => Promise< T >
) {
	return async ( {
		client,
		queryKey,
	}: Pick< QueryFunctionContext, 'client' | 'queryKey' > ): Promise< T > => {
		const result = await fetchPage(
			cursorBefore( list, page, currentIn( client ) )
		);
		rememberPageCursor( list, page, result.next_cursor, queryKey );
		if ( isCountedPage( result ) ) {
			// A counted answer, or an uncounted last page whose own numbers are the count: the
			// list's count, for its other pages and its responses' screens.
			if ( pageKnowsCount( result, page, result.items?.length ?? 0 ) ) {
				rememberListCount( list, countOfPage( result ), queryKey );
			} else {
				forgetCountFrom( list, queryKey );
			}
		}
		return result;
	};
}

/** Forgets every cursor and count (tests). */
export function clearPageCursors(): void {
	lists.clear();
	counts.clear();
}
