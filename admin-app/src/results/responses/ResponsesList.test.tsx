/**
 * The responses list end to end: shell, router, react-query, api-fetch and notices
 * against a real HTTP server that answers the contract's responses routes.
 */
import { cleanup, screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { useNotices } from '../../shared/notices';
import { startServer, type TestServer } from '../../shared/test/server';
import {
	API,
	EXPORTS_URL,
	findNotice,
	liteOverrides,
	manyResponses,
	proOverrides,
	OTHER_SURVEY,
	partialResponse,
	renderApp,
	response,
	serveResponses,
	SURVEY,
	type FakeApi,
	countRequests as countOf,
} from './test/harness';

let server: TestServer;
let api: FakeApi;

const table = () => screen.getByRole( 'table', { name: 'Responses' } );
const rowTitles = () =>
	within( table() )
		.queryAllByRole( 'rowheader' )
		.map(
			( cell ) =>
				cell.querySelector( '.row-title' )?.textContent ??
				cell.textContent
		);
const rowOf = ( id: number ) =>
	within(
		within( table() )
			.getByRole( 'rowheader', {
				name: new RegExp( `^Response #${ id }\\b` ),
			} )
			.closest( 'tr' ) as HTMLElement
	);
const filter = ( name: string ) => screen.getByRole( 'button', { name } );
const bulkSelect = () =>
	screen.getByRole( 'combobox', { name: 'Select bulk action' } );
const bulkOptions = () =>
	within( bulkSelect() )
		.getAllByRole( 'option' )
		.map( ( option ) => option.textContent );

function listRequests( surveyId = SURVEY.id ) {
	return server.received
		.filter( ( request ) => request.method === 'GET' )
		.map( ( request ) => new URL( request.url, server.url ) )
		.filter(
			( url ) =>
				url.pathname === `${ API }/surveys/${ surveyId }/responses`
		)
		.map( ( url ) => Object.fromEntries( url.searchParams ) );
}
const lastRequest = () => listRequests().at( -1 );
/** The list's view in the route's query (?view=<JSON>), {} for the default view. */
const viewIn = ( router: ReturnType< typeof renderApp >[ 'router' ] ) =>
	JSON.parse(
		new URLSearchParams( router.state.location.search ).get( 'view' ) ??
			'{}'
	);

async function loaded() {
	await waitFor( () =>
		expect(
			within( table() ).queryByText( 'Loading…' )
		).not.toBeInTheDocument()
	);
	await waitFor( () =>
		expect( table() ).toHaveAttribute( 'aria-busy', 'false' )
	);
}

async function applyBulk(
	user: ReturnType< typeof renderApp >[ 'user' ],
	action: string
) {
	await user.selectOptions( bulkSelect(), action );
	await user.click( screen.getByRole( 'button', { name: 'Apply' } ) );
}

beforeAll( async () => {
	server = await startServer();
} );
afterAll( () => server.close() );

beforeEach( () => {
	useNotices.getState().clear();
	server.received.length = 0;
	api = {
		responses: new Map( [
			[
				SURVEY.id,
				Array.from( { length: 25 }, ( _, index ) =>
					response( index + 1 )
				),
			],
			[ OTHER_SURVEY.id, [] ],
		] ),
		actions: [],
		refuse: null,
	};
	serveResponses( server, api );
} );

describe( 'Responses list', () => {
	it( 'shows the newest responses first with their columns, and asks for one page of 10', async () => {
		api.responses.get( SURVEY.id )![ 24 ] = response( 25, {
			page_submitted: {
				name: 'Evil',
				url: 'javascript:alert(1)',
			},
		} );
		renderApp( server, '/survey/7/responses' );
		await loaded();
		expect(
			screen.getByRole( 'heading', {
				level: 2,
				name: 'Responses: Site feedback',
			} )
		).toBeInTheDocument();

		expect( lastRequest() ).toMatchObject( {
			page: '1',
			per_page: '10',
			orderby: 'submitted_at',
			order: 'desc',
			'filter[status]': 'all',
			// The list's count, when the rollups cannot give it, comes with its own request.
			count: 'false',
		} );
		expect(
			within( table() )
				.getAllByRole( 'columnheader' )
				.map( ( header ) => header.textContent )
		).toEqual( [
			'Response',
			'Submitted',
			'Page',
			'Device / Browser',
			'Answer',
			'Status',
		] );
		expect(
			screen.getByRole( 'checkbox', { name: 'Select All' } )
		).toBeInTheDocument();
		// Trashed 3 and 8 are left out of "all".
		expect( rowTitles() ).toEqual(
			[ 25, 24, 23, 22, 21, 20, 19, 18, 17, 16 ].map(
				( id ) => `Response #${ id }`
			)
		);

		const row = rowOf( 24 );
		expect(
			row.getByRole( 'link', { name: 'Response #24' } )
		).toHaveAttribute( 'href', '/survey/7/responses/24' );
		// 15:00 UTC is 11:00 am in New York, in the site's formats.
		expect( row.getByText( 'October 24, 2026 11:00 am' ) ).toHaveAttribute(
			'datetime',
			'2026-10-24T15:00:00Z'
		);
		expect( row.getByRole( 'link', { name: /^Page 24/ } ) ).toHaveAttribute(
			'href',
			'https://site.test/page-24/'
		);
		expect( row.getByText( 'desktop / Firefox' ) ).toBeInTheDocument();
		expect( row.getByText( 'Search 24' ) ).toBeInTheDocument();
		expect( row.getByText( 'Published' ) ).toBeInTheDocument();
		// A skipped first question: the preview is the first answered one.
		expect( rowOf( 20 ).getByText( 'Blog, Shop' ) ).toBeInTheDocument();
		// A javascript: page link is not a link.
		expect(
			rowOf( 25 ).queryByRole( 'link', { name: /Evil/ } )
		).not.toBeInTheDocument();
		expect( rowOf( 25 ).getByText( 'Evil' ) ).toBeInTheDocument();

		expect(
			screen.getByRole( 'link', { name: 'Back to results' } )
		).toHaveAttribute( 'href', '/survey/7' );
		expect( screen.getAllByText( '23 items' ) ).toHaveLength( 2 );
		expect(
			screen.getByRole( 'navigation', { name: 'Top pagination' } )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'navigation', { name: 'Bottom pagination' } )
		).toBeInTheDocument();
	} );

	it( 'sorts by response id and submitted date, and pages', async () => {
		const { user, router } = renderApp( server, '/survey/7/responses' );
		await loaded();

		await user.click( screen.getByRole( 'button', { name: 'Response' } ) );
		await loaded();
		expect( lastRequest() ).toMatchObject( {
			orderby: 'id',
			order: 'desc',
			page: '1',
		} );
		await user.click( screen.getByRole( 'button', { name: 'Response' } ) );
		await loaded();
		expect( lastRequest() ).toMatchObject( {
			orderby: 'id',
			order: 'asc',
		} );
		expect( rowTitles()[ 0 ] ).toBe( 'Response #1' );
		expect(
			screen.getByRole( 'columnheader', { name: 'Response' } )
		).toHaveAttribute( 'aria-sort', 'ascending' );

		await user.click( screen.getByRole( 'button', { name: 'Submitted' } ) );
		await loaded();
		expect( lastRequest() ).toMatchObject( {
			orderby: 'submitted_at',
			order: 'desc',
		} );

		const top = screen.getByRole( 'navigation', {
			name: 'Top pagination',
		} );
		await user.click(
			within( top ).getByRole( 'button', { name: 'Next page' } )
		);
		await loaded();
		expect( lastRequest() ).toMatchObject( { page: '2', per_page: '10' } );
		expect( rowTitles()[ 0 ] ).toBe( 'Response #15' );

		const input = within(
			screen.getByRole( 'navigation', { name: 'Top pagination' } )
		).getByRole( 'textbox', { name: 'Current Page' } );
		await user.clear( input );
		await user.type( input, '3{Enter}' );
		await loaded();
		expect( lastRequest() ).toMatchObject( { page: '3' } );
		// Newest first is the default order: the URL keeps only the page.
		expect( viewIn( router ) ).toEqual( { page: 3 } );
	} );

	it( 'shows quick filters with counts, and the trash with its own actions', async () => {
		const { user, router } = renderApp( server, '/survey/7/responses' );
		await loaded();
		expect(
			within( screen.getByRole( 'list', { name: 'Filter Responses' } ) )
				.getAllByRole( 'button' )
				.map( ( button ) => button.textContent )
		).toEqual( [
			'All (23)',
			'Published (23)',
			'Partial (0)',
			'Trash (2)',
		] );
		expect( filter( 'All (23)' ) ).toHaveAttribute(
			'aria-current',
			'true'
		);

		const row = rowOf( 25 );
		expect(
			row.getByRole( 'link', { name: 'View “Response #25”' } )
		).toHaveAttribute( 'href', '/survey/7/responses/25' );
		expect(
			row.getByRole( 'button', { name: 'Trash “Response #25”' } )
		).toBeInTheDocument();
		expect(
			row.queryByRole( 'button', { name: /^Restore/ } )
		).not.toBeInTheDocument();
		expect(
			row.queryByRole( 'button', { name: /^Delete permanently/ } )
		).not.toBeInTheDocument();
		expect( bulkOptions() ).toEqual( [ 'Bulk actions', 'Trash' ] );

		await user.click( filter( 'Trash (2)' ) );
		await loaded();
		expect( lastRequest() ).toMatchObject( {
			'filter[status]': 'trash',
			page: '1',
		} );
		expect( viewIn( router ) ).toEqual( { status: 'trash' } );
		expect( rowTitles() ).toEqual( [ 'Response #8', 'Response #3' ] );
		const trashed = rowOf( 8 );
		expect( trashed.getByText( 'Trash' ) ).toBeInTheDocument();
		expect(
			trashed.queryByRole( 'link', { name: /Response #8/ } )
		).not.toBeInTheDocument();
		expect(
			trashed.queryByRole( 'link', { name: 'View “Response #8”' } )
		).not.toBeInTheDocument();
		expect(
			trashed.queryByRole( 'button', { name: 'Trash “Response #8”' } )
		).not.toBeInTheDocument();
		expect(
			trashed.getByRole( 'button', { name: 'Restore “Response #8”' } )
		).toBeInTheDocument();
		expect(
			trashed.getByRole( 'button', {
				name: 'Delete permanently “Response #8”',
			} )
		).toBeInTheDocument();
		expect( bulkOptions() ).toEqual( [
			'Bulk actions',
			'Restore',
			'Delete Permanently',
		] );
	} );

	it( 'shows completed responses by default and the partial ones under Partial, with the question each reached', async () => {
		api.responses
			.get( SURVEY.id )!
			.push( partialResponse( 26, 1 ), partialResponse( 27, 0 ) );
		const { user, router } = renderApp( server, '/survey/7/responses' );
		await loaded();
		expect( lastRequest() ).toMatchObject( { 'filter[status]': 'all' } );
		expect( rowTitles() ).not.toContain( 'Response #26' );
		expect( rowTitles()[ 0 ] ).toBe( 'Response #25' );
		expect( within( table() ).queryByText( 'Partial' ) ).toBeNull();

		await user.click( filter( 'Partial (2)' ) );
		await loaded();
		expect( lastRequest() ).toMatchObject( {
			'filter[status]': 'partial',
			page: '1',
		} );
		expect( viewIn( router ) ).toEqual( { status: 'partial' } );
		expect( filter( 'Partial (2)' ) ).toHaveAttribute(
			'aria-current',
			'true'
		);
		expect( rowTitles() ).toEqual( [ 'Response #27', 'Response #26' ] );

		const row = rowOf( 26 );
		const status = row.getByText( 'Partial' ).closest( 'td' )!;
		expect( status ).toHaveTextContent(
			'PartialReached question 2 of 4What do you use?'
		);
		expect(
			rowOf( 27 ).getByText( 'Partial' ).closest( 'td' )
		).toHaveTextContent( 'Reached question 1 of 4How did you find us?' );
		// A partial response opens like any other, within the partial list, and can be trashed.
		expect(
			row.getByRole( 'link', { name: 'View “Response #26”' } )
		).toHaveAttribute( 'href', '/survey/7/responses/26?status=partial' );
		expect( bulkOptions() ).toEqual( [ 'Bulk actions', 'Trash' ] );
		await user.click(
			row.getByRole( 'button', { name: 'Trash “Response #26”' } )
		);
		expect(
			await screen.findByRole( 'button', { name: 'Trash (3)' } )
		).toBeInTheDocument();
		expect( filter( 'Partial (1)' ) ).toBeInTheDocument();
		expect( rowTitles() ).toEqual( [ 'Response #27' ] );

		// Restored, it goes back to the partial responses, not the completed ones.
		await user.click( filter( 'Trash (3)' ) );
		await loaded();
		await user.click(
			rowOf( 26 ).getByRole( 'button', {
				name: 'Restore “Response #26”',
			} )
		);
		expect(
			await screen.findByRole( 'button', { name: 'Partial (2)' } )
		).toBeInTheDocument();
		expect( filter( 'All (23)' ) ).toBeInTheDocument();
	} );

	it( 'opens on the Partial filter from a link, and Lite stays on the completed responses', async () => {
		api.responses.get( SURVEY.id )!.push( partialResponse( 26, 1 ) );
		renderApp( server, '/survey/7/responses?status=partial' );
		await loaded();
		expect( lastRequest() ).toMatchObject( {
			'filter[status]': 'partial',
		} );
		expect( rowTitles() ).toEqual( [ 'Response #26' ] );
		cleanup();

		renderApp(
			server,
			'/survey/7/responses?status=partial',
			liteOverrides()
		);
		await loaded();
		expect( lastRequest() ).toMatchObject( { 'filter[status]': 'all' } );
		expect( rowTitles() ).not.toContain( 'Response #26' );
	} );

	it( 'keeps the status filter in the View link', async () => {
		renderApp( server, '/survey/7/responses?status=publish' );
		await loaded();
		expect( lastRequest() ).toMatchObject( {
			'filter[status]': 'publish',
		} );
		expect(
			rowOf( 25 ).getByRole( 'link', { name: 'View “Response #25”' } )
		).toHaveAttribute( 'href', '/survey/7/responses/25?status=publish' );
	} );

	it( 'trashes one response, says so and refetches the list and counts', async () => {
		const { user } = renderApp( server, '/survey/7/responses' );
		await loaded();
		const before = listRequests().length;

		await user.click(
			rowOf( 25 ).getByRole( 'button', { name: 'Trash “Response #25”' } )
		);
		expect(
			await findNotice( '1 response moved to the Trash.' )
		).toBeInTheDocument();
		expect( api.actions ).toEqual( [
			{
				action: 'trash',
				surveyId: 7,
				ids: [ 25 ],
				method: 'POST',
				override: undefined,
			},
		] );
		expect(
			await screen.findByRole( 'button', { name: 'Trash (3)' } )
		).toBeInTheDocument();
		expect( listRequests().length ).toBeGreaterThan( before );
		expect( rowTitles()[ 0 ] ).toBe( 'Response #24' );
	} );

	it( 'asks before deleting permanently, and sends DELETE with the ids', async () => {
		const { user } = renderApp(
			server,
			'/survey/7/responses?status=trash'
		);
		await loaded();

		await user.click(
			rowOf( 8 ).getByRole( 'button', {
				name: 'Delete permanently “Response #8”',
			} )
		);
		const dialog = screen.getByRole( 'dialog', {
			name: 'Delete permanently?',
		} );
		expect( dialog ).toHaveTextContent(
			'Response #8 will be deleted permanently. This cannot be undone.'
		);
		await user.click(
			within( dialog ).getByRole( 'button', { name: 'Cancel' } )
		);
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
		expect( api.actions ).toHaveLength( 0 );

		await user.click(
			rowOf( 8 ).getByRole( 'button', {
				name: 'Delete permanently “Response #8”',
			} )
		);
		await user.click(
			within(
				screen.getByRole( 'dialog', { name: 'Delete permanently?' } )
			).getByRole( 'button', { name: 'Delete permanently' } )
		);
		expect(
			await findNotice( '1 response permanently deleted.' )
		).toBeInTheDocument();
		// api-fetch sends DELETE as POST with the override header WordPress reads.
		expect( api.actions ).toEqual( [
			{
				action: 'delete',
				surveyId: 7,
				ids: [ 8 ],
				method: 'POST',
				override: 'DELETE',
			},
		] );
		expect(
			await screen.findByRole( 'button', { name: 'Trash (1)' } )
		).toBeInTheDocument();
		expect( rowTitles() ).toEqual( [ 'Response #3' ] );
	} );

	it( 'restores a trashed response', async () => {
		const { user } = renderApp(
			server,
			'/survey/7/responses?status=trash'
		);
		await loaded();
		await user.click(
			rowOf( 3 ).getByRole( 'button', { name: 'Restore “Response #3”' } )
		);
		expect(
			await findNotice( '1 response restored from the Trash.' )
		).toBeInTheDocument();
		expect( api.actions[ 0 ] ).toMatchObject( {
			action: 'restore',
			ids: [ 3 ],
		} );
		expect(
			await screen.findByRole( 'button', { name: 'Trash (1)' } )
		).toBeInTheDocument();
	} );

	it( 'trashes the selected responses in bulk and keeps the filter while some remain', async () => {
		const { user, router } = renderApp( server, '/survey/7/responses' );
		await loaded();
		await user.click(
			screen.getByRole( 'checkbox', { name: 'Select Response #25' } )
		);
		await user.click(
			screen.getByRole( 'checkbox', { name: 'Select Response #23' } )
		);
		await applyBulk( user, 'Trash' );

		expect(
			await findNotice( '2 responses moved to the Trash.' )
		).toBeInTheDocument();
		expect( api.actions ).toEqual( [
			expect.objectContaining( { action: 'trash', ids: [ 25, 23 ] } ),
		] );
		expect(
			await screen.findByRole( 'button', { name: 'Trash (4)' } )
		).toBeInTheDocument();
		expect( rowTitles()[ 0 ] ).toBe( 'Response #24' );
		expect(
			screen.getByRole( 'checkbox', { name: 'Select Response #24' } )
		).not.toBeChecked();
		expect( router.state.location.search ).toBe( '' );
	} );

	it( 'restores everything in the trash in bulk, then goes back to All', async () => {
		const { user, router } = renderApp(
			server,
			'/survey/7/responses?status=trash'
		);
		await loaded();
		await user.click(
			screen.getByRole( 'checkbox', { name: 'Select All' } )
		);
		await applyBulk( user, 'Restore' );

		expect(
			await findNotice( '2 responses restored from the Trash.' )
		).toBeInTheDocument();
		expect( api.actions[ 0 ] ).toMatchObject( {
			action: 'restore',
			ids: [ 8, 3 ],
		} );
		// The trash is empty now: the filter resets to All.
		await waitFor( () =>
			expect( router.state.location.search ).toBe( '' )
		);
		await waitFor( () =>
			expect( filter( 'All (25)' ) ).toHaveAttribute(
				'aria-current',
				'true'
			)
		);
		expect(
			screen.getByRole( 'button', { name: 'Trash (0)' } )
		).toBeInTheDocument();
	} );

	it( 'deletes in bulk after confirmation, and the emptied trash resets the filter', async () => {
		const { user, router } = renderApp(
			server,
			'/survey/7/responses?status=trash'
		);
		await loaded();
		await user.click(
			screen.getByRole( 'checkbox', { name: 'Select All' } )
		);
		await applyBulk( user, 'Delete Permanently' );
		const dialog = screen.getByRole( 'dialog', {
			name: 'Delete permanently?',
		} );
		expect( dialog ).toHaveTextContent(
			'2 responses will be deleted permanently. This cannot be undone.'
		);
		// Cancelled: nothing sent, the selection stays.
		await user.click(
			within( dialog ).getByRole( 'button', { name: 'Cancel' } )
		);
		expect( api.actions ).toHaveLength( 0 );
		expect(
			screen.getByRole( 'checkbox', { name: 'Select Response #8' } )
		).toBeChecked();

		await user.click( screen.getByRole( 'button', { name: 'Apply' } ) );
		await user.click(
			within(
				screen.getByRole( 'dialog', { name: 'Delete permanently?' } )
			).getByRole( 'button', { name: 'Delete permanently' } )
		);
		expect(
			await findNotice( '2 responses permanently deleted.' )
		).toBeInTheDocument();
		expect( api.actions ).toEqual( [
			expect.objectContaining( {
				action: 'delete',
				ids: [ 8, 3 ],
				override: 'DELETE',
			} ),
		] );
		await waitFor( () =>
			expect( router.state.location.search ).toBe( '' )
		);
		await waitFor( () =>
			expect( filter( 'All (23)' ) ).toHaveAttribute(
				'aria-current',
				'true'
			)
		);
		await loaded();
		expect( rowTitles() ).toHaveLength( 10 );
	} );

	it( 'shows the server’s message when an action is refused', async () => {
		api.refuse = {
			status: 403,
			code: 'userfeedback_feature_locked',
			message: 'Response management is a Pro feature.',
		};
		const { user } = renderApp( server, '/survey/7/responses' );
		await loaded();
		await user.click(
			rowOf( 25 ).getByRole( 'button', { name: 'Trash “Response #25”' } )
		);
		expect(
			await findNotice(
				'The responses could not be changed: Response management is a Pro feature.'
			)
		).toBeInTheDocument();
	} );

	it( 'says "No Results Found" for a survey without responses', async () => {
		renderApp( server, '/survey/9/responses' );
		expect(
			await screen.findByText( 'No Results Found' )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'heading', {
				level: 2,
				name: 'Responses: Exit poll',
			} )
		).toBeInTheDocument();
	} );

	it( 'switches to another survey’s responses', async () => {
		const { user, router } = renderApp( server, '/survey/7/responses' );
		await loaded();
		const switcher = screen.getByRole( 'combobox', { name: 'Survey' } );
		await waitFor( () =>
			expect(
				within( switcher )
					.getAllByRole( 'option' )
					.map( ( option ) => option.textContent )
			).toEqual( [ 'Site feedback (#7)', 'Exit poll (#9)' ] )
		);
		expect( switcher ).toHaveValue( '7' );
		const summary = server.received.find( ( request ) =>
			request.url.includes( '/results-summary' )
		);
		expect(
			Object.fromEntries(
				new URL( summary!.url, server.url ).searchParams
			)
		).toMatchObject( { per_page: '100', orderby: 'title', order: 'asc' } );

		await user.selectOptions( switcher, 'Exit poll (#9)' );
		expect( router.state.location.pathname ).toBe( '/survey/9/responses' );
		expect(
			await screen.findByRole( 'heading', {
				level: 2,
				name: 'Responses: Exit poll',
			} )
		).toBeInTheDocument();
		expect( listRequests( 9 ) ).toHaveLength( 1 );
	} );

	it( 'offers the CSV and Excel exports of all responses', async () => {
		const { user } = renderApp( server, '/survey/7/responses' );
		await loaded();
		await user.click( screen.getByRole( 'button', { name: 'Export' } ) );
		const menu = await screen.findByRole( 'menu', {
			name: 'Export all responses',
		} );
		const hrefs = within( menu )
			.getAllByRole( 'menuitem' )
			.map( ( item ) => [
				item.textContent,
				item.getAttribute( 'href' ),
			] );
		expect( hrefs ).toEqual( [
			[
				'CSV',
				`http://site.test/wp-admin/${ EXPORTS_URL }&survey_id=7&report=general&format=csv&_wpnonce=export-nonce`,
			],
			[
				'Excel (XLSX)',
				`http://site.test/wp-admin/${ EXPORTS_URL }&survey_id=7&report=general&format=xlsx&_wpnonce=export-nonce`,
			],
		] );
	} );

	it( 'gives Lite no selection, bulk actions, filters, View or Trash, and a locked export', async () => {
		const { user } = renderApp(
			server,
			'/survey/7/responses?status=trash',
			liteOverrides()
		);
		await loaded();
		// The trash is not a Lite view: the URL's filter is ignored.
		expect( lastRequest() ).toMatchObject( { 'filter[status]': 'all' } );
		expect( within( table() ).queryAllByRole( 'checkbox' ) ).toHaveLength(
			0
		);
		expect(
			screen.queryByRole( 'combobox', { name: 'Select bulk action' } )
		).not.toBeInTheDocument();
		expect(
			screen.queryByRole( 'list', { name: 'Filter Responses' } )
		).not.toBeInTheDocument();
		const row = rowOf( 25 );
		expect(
			row.queryByRole( 'link', { name: /Response #25/ } )
		).not.toBeInTheDocument();
		expect( row.queryByRole( 'link', { name: /^View/ } ) ).toBeNull();
		expect( row.queryByRole( 'button', { name: /^Trash/ } ) ).toBeNull();

		const exportButton = screen.getByRole( 'button', { name: 'Export' } );
		expect( exportButton ).toHaveAttribute( 'aria-disabled', 'true' );
		expect( exportButton ).toHaveAccessibleDescription(
			'Export is a Pro feature.'
		);
		await user.click( exportButton );
		expect( screen.queryByRole( 'menu' ) ).not.toBeInTheDocument();
		await user.click(
			screen.getByRole( 'button', { name: 'Upgrade to Pro' } )
		);
		expect(
			screen.getByRole( 'dialog', { name: 'Export is a Pro feature' } )
		).toBeInTheDocument();
	} );

	it( 'offers no trash actions on Pro without the delete capability', async () => {
		const overrides = {
			...proOverrides(),
			user: {
				id: 2,
				display_name: 'analyst',
				capabilities: { view_results: true },
			},
		};
		renderApp( server, '/survey/7/responses', overrides );
		await loaded();
		expect(
			screen.getByRole( 'list', { name: 'Filter Responses' } )
		).toBeInTheDocument();
		expect(
			screen.queryByRole( 'combobox', { name: 'Select bulk action' } )
		).not.toBeInTheDocument();
		const row = rowOf( 25 );
		expect(
			row.getByRole( 'link', { name: 'View “Response #25”' } )
		).toBeInTheDocument();
		expect( row.queryByRole( 'button', { name: /^Trash/ } ) ).toBeNull();
	} );
} );

describe( 'Responses list: keyset cursors', () => {
	const top = () =>
		screen.getByRole( 'navigation', { name: 'Top pagination' } );
	const pageButton = ( name: string ) =>
		within( top() ).getByRole( 'button', { name } );
	async function typePage(
		user: ReturnType< typeof renderApp >[ 'user' ],
		page: number
	) {
		const input = within( top() ).getByRole( 'textbox', {
			name: 'Current Page',
		} );
		await user.clear( input );
		await user.type( input, `${ page }{Enter}` );
		await loaded();
	}
	const viewPath = ( view: object ) =>
		`/survey/7/responses?view=${ encodeURIComponent(
			JSON.stringify( view )
		) }`;
	const ids = ( ...list: number[] ) =>
		list.map( ( id ) => `Response #${ id }` );

	it( 'sends page 1’s next_cursor with page 2, and the nearest earlier one with a jump', async () => {
		// "all" newest first, 5 a page: 25-21 | 20-16 | 15-11 | 10, 9, 7, 6, 5 | 4, 2, 1.
		const { user, queryClient } = renderApp(
			server,
			viewPath( { perPage: 5 } )
		);
		await loaded();
		expect( lastRequest() ).toMatchObject( { page: '1', per_page: '5' } );
		expect( lastRequest() ).not.toHaveProperty( 'cursor' );

		await user.click( pageButton( 'Next page' ) );
		await loaded();
		// Rank 4, submitted 2026-10-21 15:00 UTC, id 21: the last row of page 1.
		expect( lastRequest() ).toMatchObject( {
			page: '2',
			cursor: '4-20261021150000-21',
		} );
		expect( rowTitles() ).toEqual( ids( 20, 19, 18, 17, 16 ) );

		await typePage( user, 5 );
		expect( lastRequest() ).toMatchObject( {
			page: '5',
			cursor: '9-20261016150000-16',
		} );
		expect( rowTitles() ).toEqual( ids( 4, 2, 1 ) );

		// Back to 4: page 5's cursor is after it; page 2's is the nearest before.
		await user.click( pageButton( 'Previous page' ) );
		await loaded();
		expect( lastRequest() ).toMatchObject( {
			page: '4',
			cursor: '9-20261016150000-16',
		} );
		expect( rowTitles() ).toEqual( ids( 10, 9, 7, 6, 5 ) );

		// A speed hint only: no query key holds a cursor.
		const keys = JSON.stringify(
			queryClient
				.getQueryCache()
				.getAll()
				.map( ( query ) => query.queryKey )
		);
		expect( keys ).not.toMatch( /cursor|20261021150000/ );
	} );

	it( 'starts a changed search without a cursor, and keeps each list’s cursors apart', async () => {
		const { user, router } = renderApp(
			server,
			viewPath( { perPage: 5 } )
		);
		await loaded();
		await user.click( pageButton( 'Next page' ) );
		await loaded();
		expect( lastRequest() ).toMatchObject( {
			page: '2',
			cursor: '4-20261021150000-21',
		} );

		// Page 3 of a search (a link, or the back button): nothing of that list is known.
		router.navigate(
			viewPath( { perPage: 5, page: 3, search: 'Search' } )
		);
		await waitFor( () =>
			expect( lastRequest() ).toMatchObject( { page: '3' } )
		);
		await loaded();
		expect( lastRequest() ).not.toHaveProperty( 'cursor' );
		expect( JSON.parse( lastRequest()![ 'filter[conditions]' ] ) ).toEqual(
			[ { field: 'text:any', operator: 'contains', value: 'Search' } ]
		);
		// All but 25, 20, 15, 10 and 5 answered "Search …": 24-19 | 18-13 | 12, 11, 9, 7, 6 | 4, 2, 1.
		expect( rowTitles() ).toEqual( ids( 12, 11, 9, 7, 6 ) );

		await user.click( pageButton( 'Next page' ) );
		await loaded();
		expect( lastRequest() ).toMatchObject( {
			page: '4',
			cursor: '14-20261006150000-6',
		} );
		expect( rowTitles() ).toEqual( ids( 4, 2, 1 ) );

		// Page 3 of the list without the search: its own page 2's cursor, not the search's.
		router.navigate( viewPath( { perPage: 5, page: 3 } ) );
		await waitFor( () =>
			expect( lastRequest() ).toMatchObject( { page: '3' } )
		);
		await loaded();
		expect( lastRequest() ).toMatchObject( {
			cursor: '9-20261016150000-16',
		} );
		expect( lastRequest() ).not.toHaveProperty( 'filter[conditions]' );
		expect( rowTitles() ).toEqual( ids( 15, 14, 13, 12, 11 ) );
	} );

	it( 'sends no cursor of a page that a trashed response made stale', async () => {
		// "all", 10 a page: 25-16 | 15-9, 7, 6, 5 | 4, 2, 1.
		const { user } = renderApp( server, '/survey/7/responses' );
		await loaded();
		await user.click( pageButton( 'Next page' ) );
		await loaded();
		await user.click( pageButton( 'Next page' ) );
		await loaded();
		expect( lastRequest() ).toMatchObject( {
			page: '3',
			cursor: '19-20261005150000-5',
		} );
		await user.click( pageButton( 'First page' ) );
		await loaded();

		await user.click(
			rowOf( 25 ).getByRole( 'button', { name: 'Trash “Response #25”' } )
		);
		await findNotice( '1 response moved to the Trash.' );
		await waitFor( () =>
			expect( rowTitles()[ 0 ] ).toBe( 'Response #24' )
		);
		await loaded();

		// Page 2's cursor still says rank 19 for response 5, now 18th: the rows would
		// start one too early. Page 1, fetched again, gives the cursor.
		await typePage( user, 3 );
		expect( lastRequest() ).toMatchObject( {
			page: '3',
			cursor: '9-20261015150000-15',
		} );
		expect( rowTitles() ).toEqual( ids( 2, 1 ) );
	} );
} );

describe( 'Responses list: the count of a list its pages do not count', () => {
	const top = () =>
		screen.getByRole( 'navigation', { name: 'Top pagination' } );
	const pageButton = ( name: string ) =>
		within( top() ).getByRole( 'button', { name } );
	/** The filter bar's count line, the table's item count and its "of N" pages. */
	const shown = () => ( {
		matched: document.querySelector( '.userfeedback-filter-bar__matched' )
			?.textContent,
		items: document.querySelector( '.displaying-num' )?.textContent,
		pages: top().querySelector( '.tablenav-paging-text' )?.textContent,
	} );
	const devices = ( ...value: string[] ) => [
		{ field: 'device', operator: 'isAny', value },
	];
	const viewPath = ( view: object ) =>
		`/survey/7/responses?view=${ encodeURIComponent(
			JSON.stringify( view )
		) }`;
	const countRequests = () => countOf( server );
	/**
	 * Waits for the request of `page` (of the list with `conditions`) and its answer on the screen.
	 *
	 * @param page       1-based page.
	 * @param conditions The list's conditions, when the page before was of another list.
	 */
	async function settled( page: number, conditions?: object[] ) {
		await waitFor( () =>
			expect( lastRequest() ).toMatchObject( {
				page: String( page ),
				...( conditions && {
					'filter[conditions]': JSON.stringify( conditions ),
				} ),
			} )
		);
		await loaded();
	}
	/**
	 * Held answers of the list (or, with counts, of the count route): the test lets them go
	 * with the function it returns.
	 *
	 * @param what Which requests to hold.
	 */
	function hold( what: 'hold' | 'holdCounts' = 'hold' ) {
		let release = () => {};
		api[ what ] = new Promise< void >( ( resolve ) => {
			release = resolve;
		} );
		return () => {
			api[ what ] = undefined;
			release();
		};
	}
	const capped = {
		matched: '1,000+ responses match',
		items: '1,000 items',
		pages: 'of 100',
	};

	it( 'asks for the count once, with the list’s filter only, says it is counting, then keeps "1,000+" and 100 pages on the pages after it', async () => {
		// Every completed response matches: 1,098 beside the trashed 3 and 8, counted up to 1,000.
		api.responses.set( SURVEY.id, manyResponses( 1100 ) );
		const conditions = devices( 'desktop' );
		const release = hold( 'holdCounts' );
		const { user } = renderApp(
			server,
			viewPath( { status: 'publish', conditions } )
		);
		await loaded();
		expect( lastRequest() ).toMatchObject( {
			page: '1',
			count: 'false',
			'filter[status]': 'publish',
		} );
		expect( lastRequest() ).not.toHaveProperty( 'cursor' );
		await waitFor( () => expect( countRequests() ).toHaveLength( 1 ) );
		// api-fetch adds _locale to every request.
		expect( countRequests()[ 0 ] ).toEqual( {
			_locale: 'user',
			'filter[status]': 'publish',
			'filter[conditions]': JSON.stringify( conditions ),
		} );
		// The page knows its 10 rows and that another follows: the pagination goes by that,
		// the filter bar says the count is on its way rather than "11+".
		expect( shown() ).toEqual( {
			matched: 'Counting responses…',
			items: '11 items',
			pages: 'of 2',
		} );
		expect(
			document.querySelector( '.userfeedback-filter-bar__matched' )
		).toHaveAttribute( 'aria-live', 'polite' );
		expect( pageButton( 'Next page' ) ).toBeEnabled();

		release();
		await waitFor( () => expect( shown() ).toEqual( capped ) );

		await user.click( pageButton( 'Next page' ) );
		await settled( 2 );
		// Read after page 1's cursor, not counted: the list's count stands, not asked again.
		expect( lastRequest() ).toMatchObject( { count: 'false' } );
		expect( lastRequest() ).toHaveProperty( 'cursor' );
		expect( rowTitles()[ 0 ] ).toBe( 'Response #1090' );
		expect( shown() ).toEqual( capped );

		await user.click( pageButton( 'Next page' ) );
		await settled( 3 );
		expect( rowTitles()[ 0 ] ).toBe( 'Response #1080' );
		expect( shown() ).toEqual( capped );
		expect( pageButton( 'Last page' ) ).toBeEnabled();
		expect( countRequests() ).toHaveLength( 1 );
	} );

	it( 'keeps an exact count on every later page, to the last one', async () => {
		// 39 responses, 37 of them completed: 39-30 | 29-20 | 19-10 | 9, 7, 6, 5, 4, 2, 1.
		api.responses.set( SURVEY.id, manyResponses( 39 ) );
		const { user } = renderApp(
			server,
			viewPath( { conditions: devices( 'desktop' ) } )
		);
		await loaded();
		const exact = {
			matched: '37 responses match',
			items: '37 items',
			pages: 'of 4',
		};
		await waitFor( () => expect( shown() ).toEqual( exact ) );

		for ( const page of [ 2, 3, 4 ] ) {
			await user.click( pageButton( 'Next page' ) );
			await settled( page );
			expect( lastRequest() ).toHaveProperty( 'cursor' );
			expect( shown() ).toEqual( exact );
		}
		expect( rowTitles()[ 0 ] ).toBe( 'Response #9' );
		expect( pageButton( 'Next page' ) ).toBeDisabled();
		expect( countRequests() ).toHaveLength( 1 );
	} );

	it( 'drops the count when a response is trashed, and counts again', async () => {
		api.responses.set( SURVEY.id, manyResponses( 39 ) );
		const { user } = renderApp(
			server,
			viewPath( { conditions: devices( 'desktop' ) } )
		);
		await loaded();
		await user.click( pageButton( 'Next page' ) );
		await settled( 2 );
		expect( shown().matched ).toBe( '37 responses match' );
		expect( countRequests() ).toHaveLength( 1 );

		const releaseLists = hold();
		const releaseCounts = hold( 'holdCounts' );
		const before = listRequests().length;
		await user.click(
			rowOf( 29 ).getByRole( 'button', { name: 'Trash “Response #29”' } )
		);
		await findNotice( '1 response moved to the Trash.' );
		// The count is stale: it is asked for again, and page 2 is fetched again. Until the
		// count comes, the bar says it is counting, never the count from before; the
		// pagination says what page 2 itself knows.
		await waitFor( () =>
			expect( listRequests().length ).toBeGreaterThan( before )
		);
		await waitFor( () => expect( countRequests() ).toHaveLength( 2 ) );
		await waitFor( () =>
			expect( table() ).toHaveAttribute( 'aria-busy', 'true' )
		);
		expect( shown() ).toEqual( {
			matched: 'Counting responses…',
			items: '21 items',
			pages: 'of 3',
		} );

		const recounted = {
			matched: '36 responses match',
			items: '36 items',
			pages: 'of 4',
		};
		releaseCounts();
		await waitFor( () => expect( shown() ).toEqual( recounted ) );
		expect( table() ).toHaveAttribute( 'aria-busy', 'true' );

		releaseLists();
		await loaded();
		// Page 1 is gone: page 2 is read without a cursor.
		expect( lastRequest() ).toMatchObject( { page: '2' } );
		expect( lastRequest() ).not.toHaveProperty( 'cursor' );
		expect( shown() ).toEqual( recounted );

		// The new count stands for the next page, read after the refetched page 2.
		await user.click( pageButton( 'Next page' ) );
		await settled( 3 );
		expect( lastRequest() ).toHaveProperty( 'cursor' );
		expect( shown() ).toEqual( recounted );
		expect( countRequests() ).toHaveLength( 2 );
	} );

	it( 'gives each filter its own count, also while another filter’s page loads', async () => {
		// Every fourth response is from a phone: 274 of the 1,098 completed ones (8 is trashed).
		api.responses.set(
			SURVEY.id,
			manyResponses( 1100, ( id ) =>
				id % 4 === 0 ? { user_device: 'mobile' } : {}
			)
		);
		const broad = devices( 'desktop', 'mobile' );
		const phones = devices( 'mobile' );
		const phoneCount = {
			matched: '274 responses match',
			items: '274 items',
			pages: 'of 28',
		};
		const { router } = renderApp(
			server,
			viewPath( { conditions: broad } )
		);
		await loaded();
		await waitFor( () => expect( shown() ).toEqual( capped ) );

		router.navigate( viewPath( { conditions: phones } ) );
		await settled( 1, phones );
		await waitFor( () => expect( shown() ).toEqual( phoneCount ) );
		expect(
			countRequests().map( ( query ) => query[ 'filter[conditions]' ] )
		).toEqual( [ JSON.stringify( broad ), JSON.stringify( phones ) ] );

		// Page 2 of the broad filter, read after its own page 1: its own count, not the
		// phones' that came last, and not asked for again.
		router.navigate( viewPath( { conditions: broad, page: 2 } ) );
		await settled( 2, broad );
		expect( lastRequest() ).toHaveProperty( 'cursor' );
		expect( shown() ).toEqual( capped );

		router.navigate( viewPath( { conditions: phones, page: 2 } ) );
		await settled( 2, phones );
		expect( lastRequest() ).toHaveProperty( 'cursor' );
		expect( rowTitles()[ 0 ] ).toBe( 'Response #1060' );
		expect( shown() ).toEqual( phoneCount );

		// While page 3 of the broad filter loads, the phones' rows are still shown: their
		// count goes with them.
		const release = hold();
		router.navigate( viewPath( { conditions: broad, page: 3 } ) );
		await waitFor( () =>
			expect( lastRequest() ).toMatchObject( { page: '3' } )
		);
		await waitFor( () =>
			expect( table() ).toHaveAttribute( 'aria-busy', 'true' )
		);
		expect( rowTitles()[ 0 ] ).toBe( 'Response #1060' );
		expect( shown() ).toEqual( phoneCount );

		release();
		await loaded();
		expect( lastRequest() ).toHaveProperty( 'cursor' );
		expect( rowTitles()[ 0 ] ).toBe( 'Response #1080' );
		expect( shown() ).toEqual( capped );
		expect( countRequests() ).toHaveLength( 2 );
	} );

	it( 'asks for no count when the pages are counted, or when a page’s own numbers say it all', async () => {
		// No condition: the rollups count it, on every page.
		const { user, router } = renderApp( server, '/survey/7/responses' );
		await loaded();
		expect( lastRequest() ).toMatchObject( { count: 'false' } );
		await user.click( pageButton( 'Next page' ) );
		await settled( 2 );
		expect( lastRequest() ).toHaveProperty( 'cursor' );
		expect( shown().items ).toBe( '23 items' );

		// One page holds the whole list (25 less the 25, 20, 15, 10 and 5 that skipped the
		// question, and the trashed 3 and 8): its rows are all there are.
		router.navigate( viewPath( { perPage: 50, search: 'Search' } ) );
		await settled( 1 );
		expect( rowTitles() ).toHaveLength( 18 );
		expect(
			document.querySelector( '.userfeedback-filter-bar__matched' )
		).toHaveTextContent( /^18 responses match$/ );
		// One page: no page controls, the number of items only.
		expect( screen.getAllByText( '18 items' ) ).toHaveLength( 2 );

		// None match.
		router.navigate( viewPath( { conditions: devices( 'mobile' ) } ) );
		await settled( 1, devices( 'mobile' ) );
		expect(
			document.querySelector( '.userfeedback-filter-bar__matched' )
		).toHaveTextContent( /^0 responses match$/ );
		expect( countRequests() ).toEqual( [] );
	} );

	it( 'keeps the page’s own numbers when the count says nothing (out of time)', async () => {
		api.responses.set( SURVEY.id, manyResponses( 1100 ) );
		api.countAnswer = 'unknown';
		const { user } = renderApp(
			server,
			viewPath( { conditions: devices( 'desktop' ) } )
		);
		await loaded();
		await waitFor( () => expect( countRequests() ).toHaveLength( 1 ) );
		await waitFor( () =>
			expect( shown() ).toEqual( {
				matched: '11+ responses match',
				items: '11 items',
				pages: 'of 2',
			} )
		);

		await user.click( pageButton( 'Next page' ) );
		await settled( 2 );
		expect( rowTitles()[ 0 ] ).toBe( 'Response #1090' );
		expect( shown() ).toEqual( {
			matched: '21+ responses match',
			items: '21 items',
			pages: 'of 3',
		} );
		expect( pageButton( 'Next page' ) ).toBeEnabled();
		expect( countRequests() ).toHaveLength( 1 );
	} );

	it( 'keeps the list usable with its own numbers when the count fails, silently', async () => {
		api.responses.set( SURVEY.id, manyResponses( 1100 ) );
		api.countAnswer = 500;
		const { user } = renderApp(
			server,
			viewPath( { conditions: devices( 'desktop' ) } )
		);
		await loaded();
		await waitFor( () => expect( countRequests() ).toHaveLength( 1 ) );
		await waitFor( () =>
			expect( shown() ).toEqual( {
				matched: '11+ responses match',
				items: '11 items',
				pages: 'of 2',
			} )
		);
		expect( rowTitles() ).toHaveLength( 10 );
		expect(
			document.querySelector( '.userfeedback-responses__refused' )
		).toBeNull();
		expect(
			document.querySelector( '.userfeedback-notices' )?.textContent ?? ''
		).not.toMatch( /count/i );

		await user.click( pageButton( 'Next page' ) );
		await settled( 2 );
		expect( rowTitles()[ 0 ] ).toBe( 'Response #1090' );
		expect( shown() ).toEqual( {
			matched: '21+ responses match',
			items: '21 items',
			pages: 'of 3',
		} );
		// Not asked again on every page.
		expect( countRequests() ).toHaveLength( 1 );
	} );
} );
