/**
 * The shared table end to end: a small list screen (useUrlView + react-query +
 * DataTable) against a real HTTP server that pages, sorts and filters.
 */
import { act, render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
	keepPreviousData,
	QueryClientProvider,
	useQuery,
} from '@tanstack/react-query';
import { createMemoryRouter, RouterProvider } from 'react-router-dom';
import {
	afterAll,
	afterEach,
	beforeAll,
	beforeEach,
	describe,
	expect,
	it,
	vi,
} from 'vitest';

import { apiGet, setupApi } from '../../api';
import { createQueryClient } from '../../query';
import { makeConfig } from '../../test/fixtures';
import { sendJson, startServer, type TestServer } from '../../test/server';
import { DataTable } from './DataTable';
import type { BulkAction, Column, ItemId, QuickFilter, View } from './types';
import { DEFAULT_VIEW, useUrlView, viewToQuery } from './view';

type Thing = {
	id: number;
	name: string;
	status: 'open' | 'closed';
	size: number;
};

type ThingList = {
	items: Thing[];
	pagination: { page: number; pages: number; total: number };
	counts: Record< string, number >;
};

const THINGS: Thing[] = Array.from( { length: 25 }, ( _, index ) => ( {
	id: index + 1,
	name: `Thing ${ String( index + 1 ).padStart( 2, '0' ) }`,
	status: index % 5 === 4 ? 'closed' : 'open',
	size: ( index * 7 ) % 11,
} ) );

const THINGS_VIEW: View = { ...DEFAULT_VIEW, filters: { status: 'all' } };

const COLUMNS: Column< Thing >[] = [
	{ key: 'name', title: 'Name', sortable: true, isRowTitle: true },
	{ key: 'status', title: 'Status' },
	{ key: 'size', title: 'Size', sortable: true, firstSort: 'desc' },
];

let server: TestServer;
let applied: { action: string; ids: ItemId[] }[];

/** What the server was asked for, query by query. */
function listRequests() {
	return server.received
		.map( ( request ) => new URL( request.url, server.url ) )
		.filter( ( url ) => url.pathname.endsWith( '/things' ) )
		.map( ( url ) => Object.fromEntries( url.searchParams ) );
}

function serveThings() {
	server.handle( ( request, response ) => {
		const url = new URL( request.url, server.url );
		const query = url.searchParams;
		const status = query.get( 'filter[status]' ) ?? 'all';
		const search = query.get( 'search' ) ?? '';
		const field = ( query.get( 'orderby' ) ?? 'id' ) as keyof Thing;
		const direction = query.get( 'order' ) === 'asc' ? 1 : -1;
		const perPage = Number( query.get( 'per_page' ) ?? 10 );
		const page = Number( query.get( 'page' ) ?? 1 );
		const matching = THINGS.filter(
			( thing ) =>
				( status === 'all' || thing.status === status ) &&
				thing.name.includes( search )
		).sort( ( a, b ) =>
			a[ field ] === b[ field ]
				? ( a.id - b.id ) * direction
				: ( a[ field ] > b[ field ] ? 1 : -1 ) * direction
		);
		sendJson( response, 200, {
			items: matching.slice( ( page - 1 ) * perPage, page * perPage ),
			pagination: {
				page,
				pages: Math.ceil( matching.length / perPage ),
				total: matching.length,
			},
			counts: {
				all: THINGS.length,
				open: THINGS.filter( ( t ) => t.status === 'open' ).length,
				closed: THINGS.filter( ( t ) => t.status === 'closed' ).length,
			},
		} satisfies ThingList );
	} );
}

function ThingsScreen() {
	const [ view, setView ] = useUrlView( THINGS_VIEW, {
		sortFields: [ 'id', 'name', 'size' ],
		filterValues: { status: [ 'all', 'open', 'closed' ] },
	} );
	const list = useQuery( {
		queryKey: [ 'things', view ],
		queryFn: () => apiGet< ThingList >( 'things', viewToQuery( view ) ),
		placeholderData: keepPreviousData,
	} );
	const counts = list.data?.counts;
	const quickFilters: QuickFilter[] = [
		{ attribute: 'status', value: 'all', label: 'All', count: counts?.all },
		{
			attribute: 'status',
			value: 'open',
			label: 'Open',
			count: counts?.open,
		},
		{
			attribute: 'status',
			value: 'closed',
			label: 'Closed',
			count: counts?.closed,
		},
	];
	const bulkActions: BulkAction[] = [
		{
			id: 'close',
			label: 'Close',
			onApply: ( ids ) => applied.push( { action: 'close', ids } ),
		},
		{
			id: 'keep',
			label: 'Keep selection',
			onApply: () => false,
		},
	];
	return (
		<DataTable< Thing >
			label="Things"
			columns={ COLUMNS }
			items={ list.data?.items }
			getItemId={ ( thing ) => thing.id }
			view={ view }
			onChangeView={ setView }
			paginationInfo={ {
				totalItems: list.data?.pagination.total ?? 0,
				totalPages: list.data?.pagination.pages ?? 0,
			} }
			query={ list }
			quickFilters={ quickFilters }
			bulkActions={ bulkActions }
			rowActions={ ( thing ) => [
				{ id: 'edit', label: 'Edit', to: `/edit/${ thing.id }` },
				{ id: 'remove', label: 'Remove', onClick: () => {} },
			] }
			searchLabel="Search Things"
			empty="Nothing here."
		/>
	);
}

function renderScreen( path = '/' ) {
	const queryClient = createQueryClient();
	queryClient.setDefaultOptions( { queries: { retry: false } } );
	const router = createMemoryRouter(
		[
			{ path: '/', element: <ThingsScreen /> },
			{ path: '/edit/:id', element: <p>Editing</p> },
		],
		{ initialEntries: [ path ] }
	);
	render(
		<QueryClientProvider client={ queryClient }>
			<RouterProvider router={ router } />
		</QueryClientProvider>
	);
	return { router, user: userEvent.setup() };
}

const table = () => screen.getByRole( 'table', { name: 'Things' } );
const names = () =>
	within( table() )
		.queryAllByRole( 'row' )
		.slice( 1 )
		.map(
			( row ) =>
				within( row ).queryByRole( 'rowheader' )?.firstChild
					?.textContent ?? ''
		);
const topPagination = () =>
	screen.getByRole( 'navigation', { name: 'Top pagination' } );
const lastRequest = () => listRequests().at( -1 );

async function loaded() {
	await waitFor( () =>
		expect(
			within( table() ).queryByRole( 'status' )
		).not.toBeInTheDocument()
	);
	await waitFor( () =>
		expect( table() ).toHaveAttribute( 'aria-busy', 'false' )
	);
}

beforeAll( async () => {
	server = await startServer();
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
afterAll( () => server.close() );
beforeEach( () => {
	server.received.length = 0;
	applied = [];
	serveThings();
} );

describe( 'DataTable', () => {
	it( 'shows a spinner row, then the first page as the view asks for it', async () => {
		renderScreen();
		expect( within( table() ).getByRole( 'status' ) ).toHaveTextContent(
			'Loading…'
		);
		await loaded();

		expect( names() ).toHaveLength( 10 );
		expect( names()[ 0 ] ).toBe( 'Thing 25' );
		expect( lastRequest() ).toMatchObject( {
			page: '1',
			per_page: '10',
			orderby: 'id',
			order: 'desc',
			'filter[status]': 'all',
		} );
		expect( screen.getAllByText( '25 items' ) ).toHaveLength( 2 );
		expect(
			screen.getByRole( 'columnheader', { name: 'Status' } )
		).not.toHaveAttribute( 'aria-sort' );
	} );

	it( 'selects all rows, and clears "Select All" when one is unticked', async () => {
		const { user } = renderScreen();
		await loaded();
		const selectAll = screen.getByRole( 'checkbox', {
			name: 'Select All',
		} );
		const rowBoxes = () =>
			within( table() )
				.getAllByRole( 'checkbox' )
				.filter( ( box ) => box !== selectAll );

		await user.click( selectAll );
		expect( rowBoxes() ).toHaveLength( 10 );
		rowBoxes().forEach( ( box ) => expect( box ).toBeChecked() );

		await user.click(
			screen.getByRole( 'checkbox', { name: 'Select Thing 20' } )
		);
		expect( selectAll ).not.toBeChecked();
		expect( ( selectAll as HTMLInputElement ).indeterminate ).toBe( true );
		expect(
			rowBoxes().filter( ( box ) => ( box as HTMLInputElement ).checked )
		).toHaveLength( 9 );

		await user.click( selectAll );
		rowBoxes().forEach( ( box ) => expect( box ).toBeChecked() );
		await user.click( selectAll );
		rowBoxes().forEach( ( box ) => expect( box ).not.toBeChecked() );
	} );

	// Issue 17: the first click on a text column sorts A→Z (it sorted Z→A); numbers
	// and dates that ask for it start with the largest or newest.
	it( 'sorts a text column A→Z on the first click, then toggles, with aria-sort', async () => {
		const { user, router } = renderScreen();
		await loaded();
		const header = screen.getByRole( 'columnheader', { name: 'Name' } );
		expect( header ).not.toHaveAttribute( 'aria-sort' );

		await user.click( screen.getByRole( 'button', { name: 'Name' } ) );
		await loaded();
		expect( header ).toHaveAttribute( 'aria-sort', 'ascending' );
		expect( lastRequest() ).toMatchObject( {
			orderby: 'name',
			order: 'asc',
		} );
		expect( names()[ 0 ] ).toBe( 'Thing 01' );
		expect( router.state.location.search ).toBe(
			'?orderby=name&order=asc'
		);

		await user.click( screen.getByRole( 'button', { name: 'Name' } ) );
		await loaded();
		expect( header ).toHaveAttribute( 'aria-sort', 'descending' );
		expect( names()[ 0 ] ).toBe( 'Thing 25' );

		// The view is in the history: back returns to the ascending sort.
		await act( () => router.navigate( -1 ) );
		await loaded();
		expect(
			screen.getByRole( 'columnheader', { name: 'Name' } )
		).toHaveAttribute( 'aria-sort', 'ascending' );
	} );

	it( 'starts a number column that asks for it with the largest first', async () => {
		const { user } = renderScreen( '/?orderby=name&order=asc' );
		await loaded();
		await user.click( screen.getByRole( 'button', { name: 'Size' } ) );
		await loaded();
		expect(
			screen.getByRole( 'columnheader', { name: 'Size' } )
		).toHaveAttribute( 'aria-sort', 'descending' );
		expect( lastRequest() ).toMatchObject( {
			orderby: 'size',
			order: 'desc',
		} );
		await user.click( screen.getByRole( 'button', { name: 'Size' } ) );
		await loaded();
		expect( lastRequest() ).toMatchObject( {
			orderby: 'size',
			order: 'asc',
		} );
	} );

	// Issue 17 item 7: at 782 px and below only the title column shows (CSS); its
	// toggle opens the row's other cells, each labelled with its column's name.
	it( 'gives each row a named toggle that opens its other columns', async () => {
		const { user } = renderScreen();
		await loaded();
		const toggle = screen.getByRole( 'button', {
			name: 'Show more details about “Thing 24”',
		} );
		const row = toggle.closest( 'tr' ) as HTMLElement;
		expect( toggle ).toHaveAttribute( 'aria-expanded', 'false' );
		expect( row ).not.toHaveClass( 'is-expanded' );
		expect( within( row ).getByRole( 'rowheader' ) ).toHaveClass(
			'column-primary'
		);
		expect(
			within( row )
				.getAllByRole( 'cell' )
				.map( ( cell ) => cell.getAttribute( 'data-colname' ) )
		).toEqual( [ null, 'Status', 'Size' ] );

		await user.click( toggle );
		expect( toggle ).toHaveAttribute( 'aria-expanded', 'true' );
		expect( row ).toHaveClass( 'is-expanded' );
		// Only that row.
		expect(
			screen.getByRole( 'button', {
				name: 'Show more details about “Thing 25”',
			} )
		).toHaveAttribute( 'aria-expanded', 'false' );

		// The keyboard reaches it, and the row actions before it, in order.
		await user.click( toggle );
		expect( toggle ).toHaveAttribute( 'aria-expanded', 'false' );
		expect( row ).not.toHaveClass( 'is-expanded' );
		within( row ).getByRole( 'checkbox' ).focus();
		await user.tab();
		expect(
			within( row ).getByRole( 'link', { name: 'Edit “Thing 24”' } )
		).toHaveFocus();
		await user.tab();
		await user.tab();
		expect( toggle ).toHaveFocus();
		await user.keyboard( '{Enter}' );
		expect( toggle ).toHaveAttribute( 'aria-expanded', 'true' );
	} );

	it( 'pages with first, previous, next and last, disabled at the ends', async () => {
		const { user, router } = renderScreen();
		await loaded();
		const nav = topPagination();
		const button = ( name: string ) =>
			within( nav ).getByRole( 'button', { name } );

		expect( button( 'First page' ) ).toBeDisabled();
		expect( button( 'Previous page' ) ).toBeDisabled();
		expect( button( 'Next page' ) ).toBeEnabled();
		expect( button( 'Last page' ) ).toBeEnabled();
		expect( within( nav ).getByText( 'of 3' ) ).toBeInTheDocument();

		await user.click( button( 'Next page' ) );
		await loaded();
		expect( lastRequest()?.page ).toBe( '2' );
		expect(
			within( topPagination() ).getByRole( 'textbox', {
				name: 'Current Page',
			} )
		).toHaveValue( '2' );
		expect( router.state.location.search ).toBe( '?paged=2' );
		expect( button( 'First page' ) ).toBeEnabled();

		// The bottom controls do the same.
		const bottom = screen.getByRole( 'navigation', {
			name: 'Bottom pagination',
		} );
		await user.click(
			within( bottom ).getByRole( 'button', { name: 'Last page' } )
		);
		await loaded();
		expect( lastRequest()?.page ).toBe( '3' );
		expect( names() ).toHaveLength( 5 );
		expect( button( 'Next page' ) ).toBeDisabled();
		expect( button( 'Last page' ) ).toBeDisabled();
		expect( button( 'Previous page' ) ).toBeEnabled();

		await user.click( button( 'First page' ) );
		await loaded();
		expect( lastRequest()?.page ).toBe( '1' );
		expect( router.state.location.search ).toBe( '' );
	} );

	it( 'goes to a typed page on Enter only, and ignores pages that do not exist', async () => {
		const { user } = renderScreen();
		await loaded();
		const input = within( topPagination() ).getByRole( 'textbox', {
			name: 'Current Page',
		} );

		await user.clear( input );
		await user.type( input, '3' );
		expect( listRequests().some( ( q ) => q.page === '3' ) ).toBe( false );

		await user.keyboard( '{Enter}' );
		await loaded();
		expect( lastRequest()?.page ).toBe( '3' );
		const current = () =>
			within( topPagination() ).getByRole( 'textbox', {
				name: 'Current Page',
			} );
		expect( current() ).toHaveValue( '3' );

		const requests = listRequests().length;
		await user.clear( current() );
		await user.type( current(), '9{Enter}' );
		expect( current() ).toHaveValue( '3' );
		await user.clear( current() );
		await user.type( current(), 'two{Enter}' );
		expect( current() ).toHaveValue( '3' );
		expect( listRequests() ).toHaveLength( requests );

		// Leaving the box without Enter puts the current page back.
		await user.clear( current() );
		await user.type( current(), '1' );
		await user.tab();
		expect( current() ).toHaveValue( '3' );
	} );

	it( 'hides the page controls when everything fits on one page', async () => {
		const { user } = renderScreen();
		await loaded();
		await user.click(
			screen.getByRole( 'button', { name: 'Closed (5)' } )
		);
		await loaded();
		expect( names() ).toHaveLength( 5 );
		expect( screen.getAllByText( '5 items' ) ).toHaveLength( 2 );
		expect( screen.queryByRole( 'navigation' ) ).not.toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: 'Next page' } )
		).not.toBeInTheDocument();
	} );

	it( 'filters with quick filter links that show counts, from page 1', async () => {
		const { user, router } = renderScreen( '/?paged=2' );
		await loaded();
		const filters = screen.getByRole( 'list', { name: 'Filter Things' } );
		expect(
			within( filters )
				.getAllByRole( 'button' )
				.map( ( link ) => link.textContent )
		).toEqual( [ 'All (25)', 'Open (20)', 'Closed (5)' ] );
		expect(
			screen.getByRole( 'button', { name: 'All (25)' } )
		).toHaveAttribute( 'aria-current', 'true' );

		await user.click( screen.getByRole( 'button', { name: 'Open (20)' } ) );
		await loaded();
		expect( lastRequest() ).toMatchObject( {
			page: '1',
			'filter[status]': 'open',
		} );
		expect(
			screen.getByRole( 'button', { name: 'Open (20)' } )
		).toHaveAttribute( 'aria-current', 'true' );
		expect(
			screen.getByRole( 'button', { name: 'All (25)' } )
		).not.toHaveAttribute( 'aria-current' );
		expect( router.state.location.search ).toBe( '?status=open' );
	} );

	it( 'keeps Apply disabled without a bulk action or without a selection', async () => {
		const { user } = renderScreen();
		await loaded();
		const apply = screen.getByRole( 'button', { name: 'Apply' } );
		const select = screen.getByRole( 'combobox', {
			name: 'Select bulk action',
		} );
		expect( apply ).toBeDisabled();

		await user.selectOptions( select, 'Close' );
		expect( apply ).toBeDisabled();

		await user.click(
			screen.getByRole( 'checkbox', { name: 'Select Thing 24' } )
		);
		expect( apply ).toBeEnabled();

		await user.selectOptions( select, 'Bulk actions' );
		expect( apply ).toBeDisabled();

		await user.selectOptions( select, 'Close' );
		await user.click(
			screen.getByRole( 'checkbox', { name: 'Select Thing 22' } )
		);
		await user.click( apply );
		expect( applied ).toEqual( [ { action: 'close', ids: [ 24, 22 ] } ] );
		// Done: the selection and the chosen action are cleared.
		expect(
			screen.getByRole( 'checkbox', { name: 'Select Thing 24' } )
		).not.toBeChecked();
		expect( select ).toHaveValue( '' );
		expect( apply ).toBeDisabled();

		// An action that answers false (say, a cancelled confirmation) keeps them.
		await user.selectOptions( select, 'Keep selection' );
		await user.click(
			screen.getByRole( 'checkbox', { name: 'Select Thing 21' } )
		);
		await user.click( apply );
		expect(
			screen.getByRole( 'checkbox', { name: 'Select Thing 21' } )
		).toBeChecked();
		expect( select ).toHaveValue( 'keep' );
	} );

	it( 'clears the selection when the view changes', async () => {
		const { user } = renderScreen();
		await loaded();
		await user.click(
			screen.getByRole( 'checkbox', { name: 'Select All' } )
		);
		await user.click(
			within( topPagination() ).getByRole( 'button', {
				name: 'Next page',
			} )
		);
		await loaded();
		expect(
			screen.getByRole( 'checkbox', { name: 'Select All' } )
		).not.toBeChecked();
		expect(
			screen.getByRole( 'checkbox', { name: 'Select Thing 15' } )
		).not.toBeChecked();
	} );

	it( 'names row actions after their row, and links them to routes', async () => {
		const { user, router } = renderScreen();
		await loaded();
		expect(
			screen.getByRole( 'button', { name: 'Remove “Thing 25”' } )
		).toBeInTheDocument();
		await user.click(
			screen.getByRole( 'link', { name: 'Edit “Thing 24”' } )
		);
		expect( router.state.location.pathname ).toBe( '/edit/24' );
	} );

	it( 'reads the view from the URL, and searches from page 1', async () => {
		const { user, router } = renderScreen(
			'/?paged=2&orderby=size&order=asc&per_page=5&bogus=1'
		);
		await loaded();
		expect( lastRequest() ).toMatchObject( {
			page: '2',
			per_page: '5',
			orderby: 'size',
			order: 'asc',
		} );
		expect(
			screen.getByRole( 'columnheader', { name: 'Size' } )
		).toHaveAttribute( 'aria-sort', 'ascending' );
		expect(
			within( topPagination() ).getByRole( 'textbox', {
				name: 'Current Page',
			} )
		).toHaveValue( '2' );

		await user.type(
			screen.getByRole( 'searchbox', { name: 'Search Things' } ),
			'Thing 1{Enter}'
		);
		await loaded();
		expect( lastRequest() ).toMatchObject( {
			page: '1',
			search: 'Thing 1',
		} );
		expect( names() ).toHaveLength( 5 );
		expect(
			names().every( ( name ) => name.startsWith( 'Thing 1' ) )
		).toBe( true );
		expect( screen.getAllByText( '10 items' ) ).toHaveLength( 2 );
		// Parameters that are not the view's are left alone.
		expect(
			new URLSearchParams( router.state.location.search ).get( 'bogus' )
		).toBe( '1' );
	} );

	it( 'goes back to the last page there is when the URL asks for one past it', async () => {
		const { router } = renderScreen( '/?paged=9' );
		await waitFor( () =>
			expect( router.state.location.search ).toBe( '?paged=3' )
		);
		// The answer for page 9 (empty) may settle the table before page 3 is asked for: the
		// rows of page 3 are what the test waits for, not the first quiet moment.
		await waitFor( () => expect( names() ).toHaveLength( 5 ) );
		await loaded();
		expect( lastRequest()?.page ).toBe( '3' );
	} );

	it( 'shows the empty message in the table', async () => {
		const { user } = renderScreen();
		await loaded();
		await user.type(
			screen.getByRole( 'searchbox', { name: 'Search Things' } ),
			'nothing like this{Enter}'
		);
		await waitFor( () =>
			expect(
				within( table() ).getByText( 'Nothing here.' )
			).toBeInTheDocument()
		);
		expect( screen.getAllByText( '0 items' ) ).toHaveLength( 2 );
		expect(
			screen.getByRole( 'checkbox', { name: 'Select All' } )
		).toBeDisabled();
	} );

	it( 'shows a failed load with the server message and a retry', async () => {
		server.handle( ( _request, response ) =>
			sendJson( response, 500, {
				code: 'internal_server_error',
				message: 'There has been a critical error on this website.',
				data: { status: 500 },
			} )
		);
		const { user } = renderScreen();
		expect(
			await within( table() ).findByRole( 'alert' )
		).toHaveTextContent(
			'There has been a critical error on this website.'
		);

		serveThings();
		await user.click( screen.getByRole( 'button', { name: 'Try again' } ) );
		await loaded();
		expect( names() ).toHaveLength( 10 );
	} );
} );

describe( 'DataTable definition errors', () => {
	// React rethrows render errors through a window error event; jsdom would print
	// each as "Uncaught" unless the event is handled.
	const swallow = ( event: ErrorEvent ) => event.preventDefault();
	beforeEach( () => window.addEventListener( 'error', swallow ) );
	afterEach( () => window.removeEventListener( 'error', swallow ) );

	function renderWith(
		columns: Column< Thing >[],
		quickFilters?: QuickFilter[]
	) {
		// React reports the thrown error on the console as well; keep the output clean.
		vi.spyOn( console, 'error' ).mockImplementation( () => {} );
		return () =>
			render(
				<DataTable< Thing >
					label="Things"
					columns={ columns }
					items={ [] }
					getItemId={ ( thing ) => thing.id }
					view={ THINGS_VIEW }
					onChangeView={ () => {} }
					paginationInfo={ { totalItems: 0, totalPages: 0 } }
					quickFilters={ quickFilters }
				/>
			);
	}

	it( 'requires a title on every column', () => {
		expect(
			renderWith( [ COLUMNS[ 0 ], { key: 'size', title: '' } ] )
		).toThrow(
			'UserFeedback table "Things": column 2 has no title; every column needs one.'
		);
	} );

	it( 'requires a key on sortable and row-title columns', () => {
		expect(
			renderWith( [
				COLUMNS[ 0 ],
				{ title: 'Size', sortable: true, render: ( t ) => t.size },
			] )
		).toThrow( 'column 2 ("Size") is sortable but has no key to sort by.' );
		expect( renderWith( [ { title: 'Name', isRowTitle: true } ] ) ).toThrow(
			'column 1 ("Name") is the row title but has no key'
		);
		expect(
			renderWith( [
				{ key: 'name', title: 'Name', isRowTitle: true },
				{ key: 'size', title: 'Size', isRowTitle: true },
			] )
		).toThrow( 'at most one may be' );
	} );

	it( 'requires an attribute and a value on quick filters', () => {
		expect(
			renderWith( COLUMNS, [
				{ attribute: '', value: 'open', label: 'Open' },
			] )
		).toThrow( 'quick filter 1 ("Open") has no attribute' );
		expect(
			renderWith( COLUMNS, [
				{ attribute: 'status', value: 'all', label: 'All' },
				{ attribute: 'status', value: '', label: 'Closed' },
			] )
		).toThrow( 'quick filter 2 ("Closed") has no value for "status".' );
	} );
} );
