/**
 * The results overview end to end: shell, router, react-query and api-fetch against a
 * real HTTP server answering results-summary as the contract says.
 */
import { screen, waitFor, within } from '@testing-library/react';
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

import { startServer, type TestServer } from '../../shared/test/server';
import { lastChart } from '../../shared/components/charts/test/chartMock';
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
vi.mock( '../ai/AiSummaryBlock', () => ( {
	AiSummaryBlock: ( { surveyId }: { surveyId: number } ) => (
		<p>AI summary of { surveyId }</p>
	),
} ) );

let server: TestServer;
let api: FakeResultsApi;

beforeAll( async () => {
	server = await startServer();
} );
afterAll( () => server.close() );

beforeEach( () => {
	// 10:00 in New York on 2026-11-21.
	vi.useFakeTimers( { toFake: [ 'Date' ] } );
	vi.setSystemTime( new Date( '2026-11-21T15:00:00Z' ) );
	api = installFakeResultsApi( server, {
		surveys: [
			overviewSurvey( 1, 'Website feedback', {
				responses_count: 1500,
				range_responses_count: 7,
			} ),
			overviewSurvey( 2, 'Checkout survey', { status: 'draft' } ),
			overviewSurvey( 3, 'Net promoter', { type: 'nps' } ),
		],
		overview: {
			total_responses: 1234,
			data_points: [
				{ date: '2026-11-15', count: 1 },
				{ date: '2026-11-16', count: 0 },
				{ date: '2026-11-17', count: 5 },
				{ date: '2026-11-18', count: 2 },
				{ date: '2026-11-19', count: 0 },
				{ date: '2026-11-20', count: 3 },
				{ date: '2026-11-21', count: 4 },
			],
		},
	} );
} );
afterEach( () => {
	vi.useRealTimers();
} );

const table = () => screen.getByRole( 'table', { name: 'Surveys' } );
const rowOf = ( title: string ) =>
	within(
		within( table() )
			.getByRole( 'rowheader', { name: new RegExp( `^${ title }` ) } )
			.closest( 'tr' ) as HTMLElement
	);
const rangeButton = ( name: string ) =>
	within( screen.getByRole( 'group', { name: 'Range' } ) ).getByRole(
		'button',
		{ name }
	);
async function loaded() {
	await screen.findByRole( 'rowheader', { name: /Website feedback/ } );
}

describe( 'Results overview', () => {
	it( 'shows the total, the daily chart and the surveys table for the past 7 days', async () => {
		renderResults( '/', resultsConfig( server ) );
		await loaded();

		const request = requestsTo( api, '/results-summary' ).find(
			( entry ) => entry.query.get( 'per_page' ) === '10'
		)!;
		expect( request.query.get( 'from' ) ).toBe( '2026-11-15' );
		expect( request.query.get( 'to' ) ).toBe( '2026-11-21' );
		expect( request.query.get( 'page' ) ).toBe( '1' );

		expect( screen.getByText( '1,234' ) ).toBeInTheDocument();
		expect( rangeButton( 'Past 7 Days' ) ).toHaveAttribute(
			'aria-pressed',
			'true'
		);

		const chart = lastChart( 'line' )!;
		expect( chart.data.labels ).toEqual( [
			'Nov 15',
			'Nov 16',
			'Nov 17',
			'Nov 18',
			'Nov 19',
			'Nov 20',
			'Nov 21',
		] );
		expect( chart.data.datasets[ 0 ].data ).toEqual( [
			1, 0, 5, 2, 0, 3, 4,
		] );

		const headers = within( table() )
			.getAllByRole( 'columnheader' )
			.map( ( header ) => header.textContent );
		expect( headers ).toEqual( [
			'Title',
			'Status',
			'Created',
			'All Time',
			'Past 7 Days',
			'Actions',
		] );
		const row = rowOf( 'Website feedback' );
		expect(
			row.getByRole( 'link', { name: 'Website feedback' } )
		).toHaveAttribute( 'href', '/survey/1' );
		expect( row.getByText( 'Published' ) ).toBeInTheDocument();
		expect( row.getByText( 'January 1, 2026' ) ).toBeInTheDocument();
		expect( row.getByText( '1,500' ) ).toBeInTheDocument();
		expect( row.getByText( '7' ) ).toBeInTheDocument();
		expect(
			row.getByRole( 'link', {
				name: 'View results of “Website feedback”',
			} )
		).toHaveAttribute( 'href', '/survey/1' );
		expect(
			rowOf( 'Checkout survey' ).getByText( 'Draft' )
		).toBeInTheDocument();
	} );

	it( 'sorts the table on the server', async () => {
		const { user } = renderResults( '/', resultsConfig( server ) );
		await loaded();
		await user.click( screen.getByRole( 'button', { name: 'Title' } ) );
		await waitFor( () =>
			expect(
				requestsTo( api, '/results-summary' ).some(
					( entry ) =>
						entry.query.get( 'per_page' ) === '10' &&
						entry.query.get( 'orderby' ) === 'title' &&
						entry.query.get( 'order' ) === 'desc'
				)
			).toBe( true )
		);
	} );

	it( 'goes to a survey’s results from the dropdown, nps surveys too', async () => {
		const { user, location } = renderResults(
			'/',
			resultsConfig( server )
		);
		await loaded();
		const dropdown = screen.getByRole( 'combobox', { name: 'Survey' } );
		expect( dropdown ).toHaveValue( 'all' );
		await waitFor( () =>
			expect(
				within( dropdown ).getByRole( 'option', {
					name: 'Net promoter',
				} )
			).toBeInTheDocument()
		);
		await user.selectOptions( dropdown, 'Net promoter' );
		await waitFor( () =>
			expect( location().pathname ).toBe( '/survey/3' )
		);
	} );

	it( 'asks Lite to upgrade for the past 30 days', async () => {
		const { user } = renderResults( '/', resultsConfig( server, 'lite' ) );
		await loaded();
		await user.click( rangeButton( 'Past 30 Days' ) );
		expect(
			await screen.findByRole( 'dialog', {
				name: '30-Day Results is a Pro feature',
			} )
		).toBeInTheDocument();
		await user.keyboard( '{Escape}' );
		await waitFor( () =>
			expect( screen.queryByRole( 'dialog' ) ).toBeNull()
		);
		expect( rangeButton( 'Past 7 Days' ) ).toHaveAttribute(
			'aria-pressed',
			'true'
		);
		expect(
			requestsTo( api, '/results-summary' ).every(
				( entry ) => entry.query.get( 'from' ) === '2026-11-15'
			)
		).toBe( true );
	} );

	it( 'loads the past 30 days for Pro', async () => {
		const { user } = renderResults( '/', resultsConfig( server ) );
		await loaded();
		await user.click( rangeButton( 'Past 30 Days' ) );
		await waitFor( () =>
			expect(
				requestsTo( api, '/results-summary' ).some(
					( entry ) => entry.query.get( 'from' ) === '2026-10-23'
				)
			).toBe( true )
		);
		expect( rangeButton( 'Past 30 Days' ) ).toHaveAttribute(
			'aria-pressed',
			'true'
		);
		expect(
			await screen.findByRole( 'columnheader', { name: 'Past 30 Days' } )
		).toBeInTheDocument();
		expect( screen.queryByRole( 'dialog' ) ).toBeNull();
	} );

	it( 'says No Results Found when there are no surveys', async () => {
		api.surveys = [];
		renderResults( '/', resultsConfig( server ) );
		expect(
			await screen.findByText( 'No Results Found' )
		).toBeInTheDocument();
	} );

	it( 'shows a failed load with a retry', async () => {
		api.failures.set( '/results-summary', {
			status: 500,
			code: 'internal',
			message: 'Database is down.',
		} );
		const { user } = renderResults( '/', resultsConfig( server ) );
		expect(
			( await screen.findAllByText( /Database is down\./ ) ).length
		).toBeGreaterThan( 0 );
		api.failures.clear();
		await user.click(
			screen.getAllByRole( 'button', { name: 'Try again' } )[ 0 ]
		);
		await loaded();
	} );
} );
