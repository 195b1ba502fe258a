/**
 * The survey dropdowns of the results screens share one cached list of every survey:
 * whichever screen loads it first, the other lists every survey too. (They once shared
 * a query key but not a fetcher: after the responses screen, which asked for the first
 * 100 surveys only, the results dropdown listed at most 100.)
 */
import { screen, waitFor, within } from '@testing-library/react';
import { act } from 'react';
import {
	afterAll,
	beforeAll,
	beforeEach,
	describe,
	expect,
	it,
	vi,
} from 'vitest';

import { startServer, type TestServer } from '../../shared/test/server';
import type { ResponseList } from '../../shared/types';
import {
	installFakeResultsApi,
	requestsTo,
	type FakeResultsApi,
} from '../test/fakeApi';
import { overviewSurvey } from '../test/fixtures';
import { renderResults, resultsConfig } from '../test/render';

vi.mock(
	'react-chartjs-2',
	() => import( '../../shared/components/charts/test/chartMock' )
);

const SURVEYS = 150;
const title = ( id: number ) => `Survey ${ String( id ).padStart( 3, '0' ) }`;

let server: TestServer;
let api: FakeResultsApi;

beforeAll( async () => {
	server = await startServer();
} );
afterAll( () => server.close() );

beforeEach( () => {
	const list: ResponseList = {
		items: [],
		pagination: { page: 1, pages: 1, per_page: 10, total: 0 },
		next_cursor: null,
		status_filters: [
			{ status: 'all', count: 0 },
			{ status: 'publish', count: 0 },
			{ status: 'trash', count: 0 },
		],
		survey: {
			id: 7,
			title: title( 7 ),
			type: 'survey',
			questions: [],
			hidden_fields: [],
		},
	};
	api = installFakeResultsApi( server, {
		surveys: Array.from( { length: SURVEYS }, ( _, i ) =>
			overviewSurvey( i + 1, title( i + 1 ) )
		),
		responses: new Map( [ [ 7, list ] ] ),
	} );
} );

const optionsOf = ( name: string ) =>
	within( screen.getByRole( 'combobox', { name } ) ).getAllByRole( 'option' );

describe( 'the survey dropdowns', () => {
	it( 'list every survey on the results overview after the responses screen', async () => {
		const { router } = renderResults(
			'/survey/7/responses',
			resultsConfig( server )
		);
		// The responses screen's dropdown has loaded its list.
		await waitFor( () =>
			expect( optionsOf( 'Survey' ).length ).toBeGreaterThanOrEqual( 100 )
		);

		await act( () => router.navigate( '/' ) );

		// The overview's dropdown: All Surveys and every survey, not the first 100.
		await waitFor( () =>
			expect( optionsOf( 'Survey' ) ).toHaveLength( SURVEYS + 1 )
		);
		expect( optionsOf( 'Survey' ).at( -1 ) ).toHaveTextContent(
			title( SURVEYS )
		);
		// One list for both screens: the pages of 100 were asked for once.
		const pages = requestsTo( api, '/results-summary' ).filter(
			( request ) => request.query.get( 'per_page' ) === '100'
		);
		expect( pages.map( ( r ) => r.query.get( 'page' ) ) ).toEqual( [
			'1',
			'2',
		] );
	} );
} );
