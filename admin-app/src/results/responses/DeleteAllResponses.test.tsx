/**
 * "Delete all responses" on the responses list: who sees it, the typed confirmation,
 * the requests sent until nothing remains (progress shown), the refetch into the empty
 * state, and a failure that stops it.
 */
import { screen, waitFor, within } from '@testing-library/react';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { useNotices } from '../../shared/notices';
import { startServer, type TestServer } from '../../shared/test/server';
import { confirmationWord, confirms } from './DeleteAllResponses';
import {
	findNotice,
	liteOverrides,
	partialResponse,
	renderApp,
	response,
	SURVEY,
	type FakeApi,
	serveResponses,
} from './test/harness';

let server: TestServer;
let api: FakeApi;

const table = () => screen.getByRole( 'table', { name: 'Responses' } );
const openButton = () =>
	screen.getByRole( 'button', { name: 'Delete all responses' } );

async function loaded() {
	await waitFor( () =>
		expect( table() ).toHaveAttribute( 'aria-busy', 'false' )
	);
}

function deleteAllRequests() {
	return api.actions.filter( ( entry ) => entry.action === 'delete-all' );
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
				[
					...Array.from( { length: 4 }, ( _, index ) =>
						response( index + 1 )
					),
					partialResponse( 5, 1 ),
				],
			],
		] ),
		actions: [],
		refuse: null,
		deleteAllBatch: 2,
	};
	serveResponses( server, api );
} );

describe( 'Delete all responses', () => {
	it( 'asks for the title, deletes batch after batch and shows the empty list', async () => {
		const { user } = renderApp( server, '/survey/7/responses' );
		await loaded();

		await user.click( openButton() );
		const dialog = screen.getByRole( 'dialog', {
			name: 'Delete all responses?',
		} );
		// 3 completed, 1 in the trash (response 3), 1 partial.
		expect( dialog ).toHaveTextContent(
			'All 5 responses of "Site feedback" (completed, partial and in the trash) will be deleted permanently'
		);
		const confirm = within( dialog ).getByRole( 'button', {
			name: 'Delete all responses',
		} );
		expect( confirm ).toHaveAttribute( 'aria-disabled', 'true' );
		const field = within( dialog ).getByRole( 'textbox', {
			name: 'Type "Site feedback" to confirm',
		} );
		await user.type( field, 'Site feedbac' );
		expect( confirm ).toHaveAttribute( 'aria-disabled', 'true' );
		await user.click( confirm );
		expect( deleteAllRequests() ).toHaveLength( 0 );

		await user.type( field, 'k' );
		expect( confirm ).not.toHaveAttribute( 'aria-disabled' );
		await user.click( confirm );

		await findNotice( '5 responses permanently deleted.' );
		// 2 + 2 + 1: sent again until remaining was 0, then no more.
		expect( deleteAllRequests() ).toHaveLength( 3 );
		expect(
			server.received
				.filter( ( request ) => request.method !== 'GET' )
				.map( ( request ) => JSON.parse( request.body ) )
		).toEqual( [ { all: true }, { all: true }, { all: true } ] );
		await waitFor( () =>
			expect(
				screen.queryByRole( 'dialog', {
					name: 'Delete all responses?',
				} )
			).not.toBeInTheDocument()
		);
		await waitFor( () =>
			expect(
				within( table() ).getByText( 'No Results Found' )
			).toBeInTheDocument()
		);
		expect( openButton() ).toHaveAttribute( 'aria-disabled', 'true' );
	} );

	it( 'shows the progress while it deletes', async () => {
		api.deleteAllBatch = 1;
		const { user } = renderApp( server, '/survey/7/responses' );
		await loaded();
		await user.click( openButton() );
		const dialog = screen.getByRole( 'dialog' );
		await user.type(
			within( dialog ).getByRole( 'textbox' ),
			'Site feedback'
		);
		await user.click(
			within( dialog ).getByRole( 'button', {
				name: 'Delete all responses',
			} )
		);
		const bar = await within( dialog ).findByRole( 'progressbar', {
			name: 'Deleting responses',
		} );
		expect( bar ).toHaveAttribute( 'max', '5' );
		await within( dialog ).findByText( /^Deleted [1-5] of 5…$/ );
		await findNotice( '5 responses permanently deleted.' );
		expect( deleteAllRequests() ).toHaveLength( 5 );
	} );

	it( 'stops at a refusal and says how many were deleted', async () => {
		api.refuse = {
			status: 403,
			code: 'rest_forbidden',
			message: 'Sorry, you are not allowed to do that.',
		};
		const { user } = renderApp( server, '/survey/7/responses' );
		await loaded();
		await user.click( openButton() );
		const dialog = screen.getByRole( 'dialog' );
		await user.type(
			within( dialog ).getByRole( 'textbox' ),
			'Site feedback'
		);
		await user.click(
			within( dialog ).getByRole( 'button', {
				name: 'Delete all responses',
			} )
		);
		await findNotice(
			'Deleting stopped after 0 responses: Sorry, you are not allowed to do that.'
		);
		expect( deleteAllRequests() ).toHaveLength( 1 );
		expect( api.responses.get( SURVEY.id ) ).toHaveLength( 5 );
	} );

	it( 'can be cancelled, and is there on lite sites but not without delete_surveys', async () => {
		const lite = renderApp(
			server,
			'/survey/7/responses',
			liteOverrides()
		);
		await loaded();
		await lite.user.click( openButton() );
		await lite.user.click(
			within( screen.getByRole( 'dialog' ) ).getByRole( 'button', {
				name: 'Cancel',
			} )
		);
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
		expect( deleteAllRequests() ).toHaveLength( 0 );
	} );

	it( 'is not offered to users who may not delete', async () => {
		renderApp( server, '/survey/7/responses', {
			...liteOverrides(),
			user: {
				id: 2,
				display_name: 'Viewer',
				capabilities: { view_results: true, delete_surveys: false },
			},
		} );
		await loaded();
		expect(
			screen.queryByRole( 'button', { name: 'Delete all responses' } )
		).not.toBeInTheDocument();
	} );

	it( 'asks for "delete" when the survey has no title', () => {
		expect( confirmationWord( '  ' ) ).toBe( 'delete' );
		expect( confirmationWord( ' Exit poll ' ) ).toBe( 'Exit poll' );
	} );

	it( 'takes the title in any letter case, and nothing less', () => {
		expect( confirms( 'EXIT POLL', 'Exit poll' ) ).toBe( true );
		expect( confirms( ' exit poll ', 'Exit poll' ) ).toBe( true );
		expect( confirms( 'Exit pol', 'Exit poll' ) ).toBe( false );
		expect( confirms( '', 'delete' ) ).toBe( false );
	} );
} );
