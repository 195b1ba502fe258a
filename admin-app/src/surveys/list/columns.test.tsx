/**
 * The surveys list's Status and Priority columns (issue 18 items 4 and 6): a closed
 * survey says "Closed" with the server's reason instead of "Published", and the list
 * sorts by priority on the server (orderby=priority), as it sorts by the other columns.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterAll, beforeAll, beforeEach, describe, expect, it } from 'vitest';

import { setupApi } from '../../shared/api';
import { makeConfig, restOn } from '../../shared/test/fixtures';
import { renderPage } from '../../shared/test/render';
import {
	sendJson,
	startServer,
	type TestServer,
} from '../../shared/test/server';
import type { SurveyListItem } from '../../shared/types';
import { SurveysList } from './SurveysList';

const API = '/wp-json/userfeedback/v1';

let server: TestServer;

function item(
	id: number,
	title: string,
	extra: Partial< SurveyListItem > = {}
): SurveyListItem {
	return {
		id,
		title,
		type: 'survey',
		status: 'publish',
		display_status: 'publish',
		created_at: `2026-01-0${ id }T15:00:00Z`,
		publish_at: null,
		responses_count: 0,
		shortcode: `[userfeedback id="${ id }"]`,
		needs_pro: [],
		priority: 0,
		closed: null,
		closed_label: '',
		...extra,
	};
}

const SURVEYS = [
	item( 1, 'Full survey', {
		priority: 10,
		closed: 'quota',
		closed_label: 'Reached 500 responses',
		responses_count: 500,
	} ),
	item( 2, 'Ended survey', {
		priority: 90,
		closed: 'ended',
		closed_label: 'Ended March 2, 2024 12:30 am',
	} ),
	item( 3, 'Open survey', { priority: 50 } ),
	item( 4, 'Draft survey', {
		status: 'draft',
		display_status: 'draft',
	} ),
];

beforeAll( async () => {
	server = await startServer();
} );
afterAll( () => server.close() );

beforeEach( () => {
	server.received.length = 0;
	server.handle( ( request, response ) => {
		const url = new URL( request.url, server.url );
		if ( url.pathname !== `${ API }/surveys` ) {
			return sendJson( response, 404, { code: 'rest_no_route' } );
		}
		const byPriority = url.searchParams.get( 'orderby' ) === 'priority';
		const direction = url.searchParams.get( 'order' ) === 'asc' ? 1 : -1;
		const items = byPriority
			? [ ...SURVEYS ].sort(
					( a, b ) =>
						( ( a.priority ?? 0 ) - ( b.priority ?? 0 ) ) *
						direction
				)
			: SURVEYS;
		return sendJson( response, 200, {
			items,
			pagination: { page: 1, pages: 1, per_page: 10, total: 4 },
			status_filters: [ { status: 'all', count: 4 } ],
		} );
	} );
} );

function renderList() {
	const config = makeConfig( { page: 'surveys', rest: restOn( server ) } );
	setupApi( config );
	renderPage( {
		entry: 'surveys',
		routes: [ { index: true, element: <SurveysList /> } ],
		config,
		path: '/',
	} );
}

const table = () => screen.getByRole( 'table', { name: 'Surveys' } );
const rowOf = ( title: string ) =>
	within(
		within( table() )
			.getByRole( 'rowheader', { name: new RegExp( `^${ title }` ) } )
			.closest( 'tr' ) as HTMLElement
	);
const titles = () =>
	within( table() )
		.getAllByRole( 'rowheader' )
		.map( ( cell ) => cell.querySelector( '.row-title' )?.textContent );

describe( 'Surveys list: Closed and Priority', () => {
	it( 'says Closed with the reason where the status is shown, and shows the priority', async () => {
		renderList();
		await screen.findByText( 'Full survey' );

		expect(
			rowOf( 'Full survey' ).getByText( 'Closed' )
		).toBeInTheDocument();
		expect(
			rowOf( 'Full survey' ).getByText( 'Reached 500 responses' )
		).toBeInTheDocument();
		expect(
			rowOf( 'Full survey' ).queryByText( 'Published' )
		).not.toBeInTheDocument();
		expect(
			rowOf( 'Ended survey' ).getByText( 'Ended March 2, 2024 12:30 am' )
		).toBeInTheDocument();
		expect(
			rowOf( 'Open survey' ).getByText( 'Published' )
		).toBeInTheDocument();
		expect(
			rowOf( 'Open survey' ).queryByText( 'Closed' )
		).not.toBeInTheDocument();
		expect(
			rowOf( 'Draft survey' ).getByText( 'Draft' )
		).toBeInTheDocument();

		expect(
			within( table() ).getByRole( 'columnheader', { name: /Priority/ } )
		).toBeInTheDocument();
		expect( rowOf( 'Ended survey' ).getByText( '90' ) ).toBeInTheDocument();
	} );

	it( 'sorts by priority on the server, highest first', async () => {
		const user = userEvent.setup();
		renderList();
		await screen.findByText( 'Full survey' );
		const header = within( table() ).getByRole( 'columnheader', {
			name: /Priority/,
		} );
		await user.click( within( header ).getByRole( 'button' ) );
		await waitFor( () =>
			expect(
				server.received.some( ( request ) => {
					const query = new URL( request.url, server.url )
						.searchParams;
					return (
						query.get( 'orderby' ) === 'priority' &&
						query.get( 'order' ) === 'desc'
					);
				} )
			).toBe( true )
		);
		await waitFor( () =>
			expect( titles() ).toEqual( [
				'Ended survey',
				'Open survey',
				'Full survey',
				'Draft survey',
			] )
		);
	} );
} );
