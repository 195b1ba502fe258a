/**
 * The responses list's filter bar against the fake responses routes: the view in the URL,
 * the REST query each kind of filter builds, the search and its marks, the refused
 * condition, the empty state and the exports of the filtered list.
 */
import {
	cleanup,
	fireEvent,
	screen,
	waitFor,
	within,
} from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { useNotices } from '../../shared/notices';
import { startServer, type TestServer } from '../../shared/test/server';
import {
	API,
	OTHER_SURVEY,
	renderApp,
	response,
	serveResponses,
	SURVEY,
	type FakeApi,
} from './test/harness';
import type { Condition } from './view';

let server: TestServer;
let api: FakeApi;

const table = () => screen.getByRole( 'table', { name: 'Responses' } );
const rowTitles = () =>
	within( table() )
		.queryAllByRole( 'rowheader' )
		.map( ( cell ) => cell.querySelector( '.row-title' )?.textContent );

function listRequests() {
	return server.received
		.filter( ( request ) => request.method === 'GET' )
		.map( ( request ) => new URL( request.url, server.url ) )
		.filter(
			( url ) =>
				url.pathname === `${ API }/surveys/${ SURVEY.id }/responses`
		)
		.map( ( url ) => Object.fromEntries( url.searchParams ) );
}
const lastRequest = () => listRequests().at( -1 ) ?? {};
const sentConditions = (): Condition[] =>
	JSON.parse( lastRequest()[ 'filter[conditions]' ] ?? '[]' );
const viewIn = ( router: ReturnType< typeof renderApp >[ 'router' ] ) =>
	JSON.parse(
		new URLSearchParams( router.state.location.search ).get( 'view' ) ??
			'{}'
	);
const viewPath = ( view: object ) =>
	`/survey/7/responses?view=${ encodeURIComponent( JSON.stringify( view ) ) }`;

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

type User = ReturnType< typeof renderApp >[ 'user' ];

/** Add filter → the field → its editor, filled by `fill`, then Apply. */
async function addFilter(
	user: User,
	field: string,
	fill: ( editor: ReturnType< typeof within > ) => Promise< void >
) {
	await user.click( screen.getByRole( 'button', { name: 'Add filter' } ) );
	await user.click( await screen.findByRole( 'menuitem', { name: field } ) );
	const editor = within(
		await screen.findByRole( 'form', { name: `Filter by ${ field }` } )
	);
	await fill( editor );
	await user.click( editor.getByRole( 'button', { name: 'Apply' } ) );
	await loaded();
}

const chips = () =>
	within( screen.getByRole( 'list', { name: 'Active filters' } ) )
		.queryAllByRole( 'button', { name: /^Edit filter: / } )
		.map( ( chip ) => chip.textContent );

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
					response( index + 1, {
						user_device: index % 2 ? 'mobile' : 'desktop',
					} )
				),
			],
			[ OTHER_SURVEY.id, [] ],
		] ),
		actions: [],
		refuse: null,
	};
	// Response 12's comment is the one that speaks of the checkout.
	const items = api.responses.get( SURVEY.id )!;
	items[ 11 ] = response( 12, {
		user_device: 'mobile',
		answers: [
			{ question_id: 1, value: 'Search 12', extra: null },
			{
				question_id: 4,
				value: null,
				extra: { comments: 'The checkout was SLOW and slower' },
			},
		],
	} );
	serveResponses( server, api );
} );

describe( 'Responses filter bar', () => {
	it( 'restores the filters, search, page and order from a shared link, and sends them', async () => {
		renderApp(
			server,
			viewPath( {
				conditions: [
					{ field: 'device', operator: 'isAny', value: [ 'mobile' ] },
				],
				search: 'great',
				sort: { field: 'id', direction: 'asc' },
			} )
		);
		await loaded();
		expect( lastRequest() ).toMatchObject( {
			orderby: 'id',
			order: 'asc',
			page: '1',
			'filter[status]': 'all',
		} );
		expect( sentConditions() ).toEqual( [
			{ field: 'device', operator: 'isAny', value: [ 'mobile' ] },
			{ field: 'text:any', operator: 'contains', value: 'great' },
		] );
		expect( chips() ).toEqual( [ 'Device is any of Mobile' ] );
		expect(
			screen.getByRole( 'searchbox', { name: 'Search answers' } )
		).toHaveValue( 'great' );
		// 11 completed responses on mobile; all but #12 say "Great site".
		expect(
			document.querySelector( '.userfeedback-filter-bar__matched' )
		).toHaveTextContent( '10 responses match' );
		expect(
			document.querySelector( '.userfeedback-filter-bar__matched' )
		).toHaveAttribute( 'aria-live', 'polite' );
		expect( rowTitles()[ 0 ] ).toBe( 'Response #2' );
	} );

	it( 'writes each change to the URL, so back and forward step through the filters', async () => {
		const { user, router } = renderApp( server, '/survey/7/responses' );
		await loaded();
		await addFilter( user, 'Device', async ( editor ) => {
			await user.click(
				editor.getByRole( 'checkbox', { name: 'Mobile' } )
			);
		} );
		expect( viewIn( router ) ).toEqual( {
			conditions: [
				{ field: 'device', operator: 'isAny', value: [ 'mobile' ] },
			],
		} );
		await user.click(
			within(
				screen.getByRole( 'navigation', { name: 'Top pagination' } )
			).getByRole( 'button', { name: 'Next page' } )
		);
		await loaded();
		expect( viewIn( router ) ).toMatchObject( { page: 2 } );

		await router.navigate( -1 );
		await loaded();
		expect( viewIn( router ) ).toEqual( {
			conditions: [
				{ field: 'device', operator: 'isAny', value: [ 'mobile' ] },
			],
		} );
		await router.navigate( -1 );
		await loaded();
		expect( router.state.location.search ).toBe( '' );
		await waitFor( () =>
			expect(
				screen.queryByRole( 'list', { name: 'Active filters' } )
			).toBeNull()
		);
		// The plain list again (from the cache: its first load is still fresh).
		expect( rowTitles()[ 0 ] ).toBe( 'Response #25' );
	} );

	it( 'builds the condition of every kind of filter the server offers', async () => {
		const { user } = renderApp( server, '/survey/7/responses' );
		await loaded();

		await addFilter( user, 'Date', async ( editor ) => {
			fireEvent.change( editor.getByLabelText( 'From' ), {
				target: { value: '2026-10-01' },
			} );
			fireEvent.change( editor.getByLabelText( 'To' ), {
				target: { value: '2026-10-20' },
			} );
		} );
		await addFilter( user, 'Page URL', async ( editor ) => {
			await user.type(
				editor.getByRole( 'textbox', { name: 'Contains' } ),
				' page-1 '
			);
		} );
		await addFilter( user, 'How did you find us?', async ( editor ) => {
			await user.selectOptions(
				editor.getByRole( 'combobox', { name: 'Condition' } ),
				'isNot'
			);
			await user.selectOptions(
				editor.getByRole( 'combobox', { name: 'Value' } ),
				'Friend'
			);
		} );
		await addFilter( user, 'Rate us', async ( editor ) => {
			await user.selectOptions(
				editor.getByRole( 'combobox', { name: 'Condition' } ),
				'lessThanOrEqual'
			);
			await user.selectOptions(
				editor.getByRole( 'combobox', { name: 'Stars' } ),
				'2'
			);
		} );
		await addFilter( user, 'Would you recommend us?', async ( editor ) => {
			await user.click(
				editor.getByRole( 'checkbox', { name: 'Detractors (0-6)' } )
			);
			await user.click(
				editor.getByRole( 'checkbox', { name: 'Passives (7-8)' } )
			);
		} );
		await addFilter( user, 'Anything else?', async ( editor ) => {
			await user.type(
				editor.getByRole( 'textbox', { name: 'Contains' } ),
				'price'
			);
		} );
		await addFilter( user, 'Hidden field: plan', async ( editor ) => {
			await user.type(
				editor.getByRole( 'textbox', { name: 'Equals' } ),
				'gold'
			);
		} );

		expect( sentConditions() ).toEqual( [
			{
				field: 'date',
				operator: 'between',
				value: [ '2026-10-01', '2026-10-20' ],
			},
			{ field: 'page_url', operator: 'contains', value: 'page-1' },
			{ field: 'question:1', operator: 'isNot', value: 'Friend' },
			{ field: 'question:5', operator: 'lessThanOrEqual', value: 2 },
			{
				field: 'question:6',
				operator: 'isAny',
				value: [ 'detractor', 'passive' ],
			},
			{ field: 'text:4', operator: 'contains', value: 'price' },
			{ field: 'field:plan', operator: 'is', value: 'gold' },
		] );
		expect( chips() ).toEqual( [
			'Date between 2026-10-01 and 2026-10-20',
			'Page URL contains “page-1”',
			'How did you find us? is not Friend',
			'Rate us at most 2',
			'Would you recommend us? is any of Detractors (0-6), Passives (7-8)',
			'Anything else? contains “price”',
			'Hidden field: plan is “gold”',
		] );
		// The search box is not in the menu: it is the box.
		await user.click(
			screen.getByRole( 'button', { name: 'Add filter' } )
		);
		expect(
			screen.queryByRole( 'menuitem', { name: 'Any text answer' } )
		).toBeNull();
	} );

	it( 'takes one of several options of a choice question, and edits and removes a chip', async () => {
		const { user } = renderApp( server, '/survey/7/responses' );
		await loaded();
		await addFilter( user, 'How did you find us?', async ( editor ) => {
			await user.selectOptions(
				editor.getByRole( 'combobox', { name: 'Condition' } ),
				'isAny'
			);
			// The option chosen for "is" stays ticked.
			expect(
				editor.getByRole( 'checkbox', { name: 'Search' } )
			).toBeChecked();
			await user.click( editor.getByRole( 'checkbox', { name: 'Ad' } ) );
		} );
		await addFilter( user, 'Device', async ( editor ) => {
			// Nothing ticked: nothing to apply yet.
			expect(
				editor.getByRole( 'button', { name: 'Apply' } )
			).toHaveAttribute( 'aria-disabled', 'true' );
			await user.click(
				editor.getByRole( 'checkbox', { name: 'Tablet' } )
			);
		} );
		expect( sentConditions() ).toEqual( [
			{
				field: 'question:1',
				operator: 'isAny',
				value: [ 'Search', 'Ad' ],
			},
			{ field: 'device', operator: 'isAny', value: [ 'tablet' ] },
		] );

		const chip = screen.getByRole( 'button', {
			name: 'Edit filter: Device is any of Tablet',
		} );
		await user.click( chip );
		const editor = within(
			await screen.findByRole( 'form', { name: 'Filter by Device' } )
		);
		expect(
			editor.getByRole( 'checkbox', { name: 'Tablet' } )
		).toBeChecked();
		await user.click( editor.getByRole( 'checkbox', { name: 'Tablet' } ) );
		await user.click( editor.getByRole( 'checkbox', { name: 'Mobile' } ) );
		await user.click( editor.getByRole( 'button', { name: 'Apply' } ) );
		await loaded();
		expect( sentConditions()[ 1 ] ).toEqual( {
			field: 'device',
			operator: 'isAny',
			value: [ 'mobile' ],
		} );

		await user.click(
			screen.getByRole( 'button', {
				name: 'Remove filter: How did you find us? is any of Search, Ad',
			} )
		);
		await loaded();
		expect( sentConditions() ).toEqual( [
			{ field: 'device', operator: 'isAny', value: [ 'mobile' ] },
		] );
		// The removed chip's button is gone: the keyboard stays in the bar.
		expect(
			screen.getByRole( 'button', { name: 'Add filter' } )
		).toHaveFocus();
	} );

	it( 'gives the focus back to the chip when its editor closes, and reaches the chips by Tab', async () => {
		const { user } = renderApp(
			server,
			viewPath( {
				conditions: [
					{ field: 'device', operator: 'isAny', value: [ 'mobile' ] },
				],
			} )
		);
		await loaded();
		const chip = screen.getByRole( 'button', {
			name: 'Edit filter: Device is any of Mobile',
		} );
		screen.getByRole( 'button', { name: 'Add filter' } ).focus();
		await user.tab();
		expect(
			screen.getByRole( 'button', { name: 'Reset filters' } )
		).toHaveFocus();
		await user.tab();
		expect( chip ).toHaveFocus();
		await user.tab();
		expect(
			screen.getByRole( 'button', {
				name: 'Remove filter: Device is any of Mobile',
			} )
		).toHaveFocus();

		await user.click( chip );
		const form = await screen.findByRole( 'form', {
			name: 'Filter by Device',
		} );
		// Inside the popover, Escape closes it.
		await user.click(
			within( form ).getByRole( 'checkbox', { name: 'Tablet' } )
		);
		await user.keyboard( '{Escape}' );
		await waitFor( () =>
			expect(
				screen.queryByRole( 'form', { name: 'Filter by Device' } )
			).toBeNull()
		);
		expect( chip ).toHaveFocus();
		// Closed without Apply: nothing changed.
		expect( sentConditions() ).toEqual( [
			{ field: 'device', operator: 'isAny', value: [ 'mobile' ] },
		] );
		expect( listRequests() ).toHaveLength( 1 );
	} );

	it( 'searches the answers on Enter, marks the words, and clears', async () => {
		const { user, router } = renderApp( server, '/survey/7/responses' );
		await loaded();
		const box = screen.getByRole( 'searchbox', { name: 'Search answers' } );
		await user.type( box, 'slow' );
		// Typing alone sends nothing.
		expect( lastRequest()[ 'filter[conditions]' ] ).toBeUndefined();
		await user.keyboard( '{Enter}' );
		await loaded();
		expect( sentConditions() ).toEqual( [
			{ field: 'text:any', operator: 'contains', value: 'slow' },
		] );
		expect( viewIn( router ) ).toEqual( { search: 'slow' } );
		expect( rowTitles() ).toEqual( [ 'Response #12' ] );
		expect(
			document.querySelector( '.userfeedback-filter-bar__matched' )
		).toHaveTextContent( '1 response matches' );
		// The cell shows the answer that matched, its words marked.
		const cell = within( table() ).getByText(
			( _text, element ) =>
				element?.tagName === 'SPAN' &&
				element.textContent === 'The checkout was SLOW and slower'
		);
		expect(
			Array.from( cell.querySelectorAll( 'mark' ) ).map(
				( mark ) => mark.textContent
			)
		).toEqual( [ 'SLOW', 'slow' ] );

		await user.click(
			screen.getByRole( 'button', { name: 'Reset search' } )
		);
		await loaded();
		expect( lastRequest()[ 'filter[conditions]' ] ).toBeUndefined();
		expect( router.state.location.search ).toBe( '' );
		expect( table().querySelector( 'mark' ) ).toBeNull();
	} );

	it( 'says when no response matches, and resets', async () => {
		const { user } = renderApp(
			server,
			viewPath( { search: 'nothing like this' } )
		);
		await loaded();
		expect(
			screen.getByText( 'No responses match these filters.' )
		).toBeInTheDocument();
		expect(
			document.querySelector( '.userfeedback-filter-bar__matched' )
		).toHaveTextContent( '0 responses match' );
		await user.click(
			within( table() ).getByRole( 'button', { name: 'Reset filters' } )
		);
		await loaded();
		expect( rowTitles() ).toHaveLength( 10 );
		expect(
			screen.getByRole( 'searchbox', { name: 'Search answers' } )
		).toHaveValue( '' );
	} );

	it( 'shows the server’s message when it refuses a condition', async () => {
		api.refuseConditions =
			'Condition 1: Device must be one of desktop, tablet, mobile.';
		const { user } = renderApp(
			server,
			viewPath( {
				conditions: [
					{ field: 'device', operator: 'isAny', value: [ 'watch' ] },
				],
			} )
		);
		const refused = () =>
			document.querySelector( '.userfeedback-responses__refused' );
		await waitFor( () =>
			expect( refused() ).toHaveTextContent(
				'Condition 1: Device must be one of desktop, tablet, mobile.'
			)
		);
		expect( refused() ).toHaveClass( 'is-error' );
		expect( rowTitles() ).toEqual( [] );
		await user.click(
			within( refused() as HTMLElement ).getByRole( 'button', {
				name: 'Reset filters',
			} )
		);
		await loaded();
		expect( rowTitles() ).toHaveLength( 10 );
		expect( refused() ).toBeNull();
	} );

	it( 'shows the default list with a notice for a view it cannot read', async () => {
		renderApp( server, '/survey/7/responses?view=%7Bnot-json' );
		await loaded();
		expect(
			document.querySelector( '.userfeedback-responses .is-warning' )
		).toHaveTextContent(
			'The filters in this link could not be read, so all responses are shown.'
		);
		expect( rowTitles() ).toHaveLength( 10 );
		expect( lastRequest()[ 'filter[conditions]' ] ).toBeUndefined();
	} );

	it( 'opens a response of the filtered list, steps through that list and comes back to it', async () => {
		const view = {
			conditions: [
				{ field: 'device', operator: 'isAny', value: [ 'mobile' ] },
			],
			page: 2,
		};
		const { user, router } = renderApp( server, viewPath( view ) );
		await loaded();
		// Page 2 of the 11 completed mobile responses, newest first.
		expect( rowTitles() ).toEqual( [ 'Response #2' ] );
		await user.click( screen.getByRole( 'link', { name: 'Response #2' } ) );
		await screen.findByRole( 'heading', { name: 'Response #2' } );
		const detail = server.received
			.map( ( request ) => new URL( request.url, server.url ) )
			.filter( ( url ) =>
				url.pathname.endsWith( '/surveys/7/responses/2' )
			)
			.at( -1 )!;
		expect(
			JSON.parse( detail.searchParams.get( 'filter[conditions]' )! )
		).toEqual( view.conditions );
		// Its place in the filtered list, whose step back is #4 (#3 is not in it).
		await waitFor( () =>
			expect(
				screen.getByText( /Response 11 of 11/ )
			).toBeInTheDocument()
		);
		await user.click(
			screen.getByRole( 'button', { name: 'Previous response' } )
		);
		await screen.findByRole( 'heading', { name: 'Response #4' } );
		await user.click(
			screen.getByRole( 'link', { name: 'Back to all responses' } )
		);
		await loaded();
		expect( viewIn( router ) ).toEqual( view );
		expect( rowTitles() ).toEqual( [ 'Response #2' ] );
	} );

	it( 'exports the rows shown: the same status and conditions', async () => {
		const view = {
			status: 'partial',
			conditions: [
				{ field: 'device', operator: 'isAny', value: [ 'mobile' ] },
			],
			search: 'slow',
			page: 2,
		};
		const { user } = renderApp( server, viewPath( view ) );
		await loaded();
		await user.click( screen.getByRole( 'button', { name: 'Export' } ) );
		const menu = await screen.findByRole( 'menu', {
			name: 'Export the responses shown',
		} );
		const urls = within( menu )
			.getAllByRole( 'menuitem' )
			.map( ( item ) => new URL( item.getAttribute( 'href' )! ) );
		expect(
			urls.map( ( url ) => url.searchParams.get( 'format' ) )
		).toEqual( [ 'csv', 'xlsx' ] );
		for ( const url of urls ) {
			expect( url.searchParams.get( 'filter[status]' ) ).toBe(
				'partial'
			);
			expect( url.searchParams.get( 'filter[conditions]' ) ).toBe(
				lastRequest()[ 'filter[conditions]' ]
			);
			expect( url.searchParams.get( 'page' ) ).toBe(
				'userfeedback_exports'
			);
		}
	} );
} );

// Each test's app is unmounted before the next starts.
afterAll( cleanup );
