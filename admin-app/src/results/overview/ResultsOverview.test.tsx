/**
 * The results overview end to end: shell, router, react-query and api-fetch against a
 * real HTTP server answering results-summary as the contract says.
 */
import { configure, screen, waitFor, within } from '@testing-library/react';
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
import { overviewSurvey, question, surveyResults } from '../test/fixtures';
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

// Each test boots the whole app against a real server; on a busy machine the first
// render can take longer than Testing Library's default second.
configure( { asyncUtilTimeout: 5000 } );

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
				completion_rate: 2 / 3,
			} ),
			overviewSurvey( 2, 'Checkout survey', {
				status: 'draft',
				completion_rate: null,
			} ),
			overviewSurvey( 3, 'Net promoter', {
				type: 'nps',
				completion_rate: 0.25,
			} ),
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
			'Completion rate',
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

	it( 'shows each survey’s completion rate in the range, with one decimal, and a dash when nobody started', async () => {
		renderResults( '/', resultsConfig( server ) );
		await loaded();
		const rateOf = ( title: string ) => {
			const headers = within( table() ).getAllByRole( 'columnheader' );
			const column = headers.findIndex(
				( header ) => header.textContent === 'Completion rate'
			);
			return rowOf( title ).getAllByRole( 'cell' )[ column - 1 ]
				.textContent;
		};
		expect( rateOf( 'Website feedback' ) ).toBe( '66.7%' );
		expect( rateOf( 'Net promoter' ) ).toBe( '25.0%' );
		expect( rateOf( 'Checkout survey' ) ).toBe( '—' );
	} );

	it( 'sorts by completion rate on the server and keeps that view in the URL', async () => {
		const { user, location } = renderResults(
			'/',
			resultsConfig( server )
		);
		await loaded();
		await user.click(
			screen.getByRole( 'button', { name: 'Completion rate' } )
		);
		await waitFor( () =>
			expect(
				requestsTo( api, '/results-summary' ).some(
					( entry ) =>
						entry.query.get( 'orderby' ) === 'completion_rate' &&
						entry.query.get( 'order' ) === 'desc'
				)
			).toBe( true )
		);
		expect(
			new URLSearchParams( location().search ).get( 'orderby' )
		).toBe( 'completion_rate' );
		const titles = () =>
			within( table() )
				.getAllByRole( 'rowheader' )
				.map( ( header ) => header.textContent );
		await waitFor( () =>
			expect( titles() ).toEqual( [
				'Website feedback',
				'Net promoter',
				'Checkout survey',
			] )
		);
	} );

	it( 'reads a completion-rate sort from the URL', async () => {
		renderResults(
			'/?orderby=completion_rate&order=asc',
			resultsConfig( server )
		);
		await loaded();
		// The survey dropdown asks for its own list (100 by title); the table asks for 10.
		const request = requestsTo( api, '/results-summary' ).find(
			( entry ) => entry.query.get( 'per_page' ) === '10'
		)!;
		expect( request.query.get( 'orderby' ) ).toBe( 'completion_rate' );
		expect( request.query.get( 'order' ) ).toBe( 'asc' );
		expect(
			screen.getByRole( 'columnheader', { name: /Completion rate/ } )
		).toHaveAttribute( 'aria-sort', 'ascending' );
	} );

	// Issue 17: the first click on a text column sorts A→Z (it sorted Z→A).
	it( 'sorts the table on the server, titles A→Z first', async () => {
		const { user } = renderResults( '/', resultsConfig( server ) );
		await loaded();
		await user.click( screen.getByRole( 'button', { name: 'Title' } ) );
		await waitFor( () =>
			expect(
				requestsTo( api, '/results-summary' ).some(
					( entry ) =>
						entry.query.get( 'per_page' ) === '10' &&
						entry.query.get( 'orderby' ) === 'title' &&
						entry.query.get( 'order' ) === 'asc'
				)
			).toBe( true )
		);
		expect(
			screen.getByRole( 'columnheader', { name: /Title/ } )
		).toHaveAttribute( 'aria-sort', 'ascending' );
	} );

	// Spec 2.1 (issue 17): a survey chosen in the dropdown shows its cards on the overview.
	it( 'shows a chosen survey’s count and question cards in place, and All Surveys again', async () => {
		api.results.set(
			1,
			surveyResults( 1, [
				question( 11, 'radio-button', { title: 'Which plan?' } ),
				question( 12, 'text', { title: 'Anything else?' } ),
			] )
		);
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
					name: 'Website feedback',
				} )
			).toBeInTheDocument()
		);
		await user.selectOptions( dropdown, 'Website feedback' );

		const counts = await screen.findByRole( 'list', {
			name: 'Response counts',
		} );
		expect( location().pathname ).toBe( '/' );
		expect( new URLSearchParams( location().search ).get( 'survey' ) ).toBe(
			'1'
		);
		expect(
			within( counts )
				.getAllByRole( 'listitem' )
				.map( ( item ) => item.textContent )
		).toEqual( [
			'Past 7 days12',
			'Past 30 days345',
			'Total responses1,234',
			'Impressions6,789',
		] );
		expect(
			screen.getByRole( 'heading', { name: '1. Which plan?' } )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'heading', { name: '2. Anything else?' } )
		).toBeInTheDocument();
		// The overview's range: the past 7 days.
		const asked = requestsTo( api, '/surveys/1/results' ).at( -1 )!;
		expect( asked.query.get( 'from' ) ).toBe( '2026-11-15' );
		expect( asked.query.get( 'to' ) ).toBe( '2026-11-21' );
		expect( screen.queryByRole( 'table', { name: 'Surveys' } ) ).toBeNull();
		expect(
			screen.getByRole( 'link', { name: 'View Full Results' } )
		).toHaveAttribute( 'href', '/survey/1' );

		await user.selectOptions( dropdown, 'All Surveys' );
		await loaded();
		expect( location().search ).toBe( '' );
		expect(
			screen.queryByRole( 'list', { name: 'Response counts' } )
		).toBeNull();
	} );

	it( 'goes to an nps survey’s own route from the dropdown', async () => {
		const { user, location } = renderResults(
			'/',
			resultsConfig( server )
		);
		await loaded();
		const dropdown = screen.getByRole( 'combobox', { name: 'Survey' } );
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
		expect( requestsTo( api, '/surveys/3/results' ).length ).toBeLessThan(
			2
		);
	} );

	it( 'sends an address that names an nps survey to its route', async () => {
		api.results.set(
			3,
			surveyResults( 3, [ question( 31, 'nps' ) ], {
				survey: {
					id: 3,
					title: 'Net promoter',
					type: 'nps',
					status: 'publish',
					created_at: '2026-01-01T15:00:00Z',
				},
			} )
		);
		const { location } = renderResults(
			'/?survey=3',
			resultsConfig( server )
		);
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
