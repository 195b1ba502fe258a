/**
 * The NPS survey layout end to end against a fake of the contract's nps routes.
 */
import { screen, waitFor, within } from '@testing-library/react';
import type { ChartOptions } from 'chart.js';
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
import { answer, npsOverview, question, surveyResults } from '../test/fixtures';
import { renderResults, resultsConfig } from '../test/render';

vi.mock(
	'react-chartjs-2',
	() => import( '../../shared/components/charts/test/chartMock' )
);
vi.mock( '../ai/AiSummaryBlock', () => ( {
	AiSummaryBlock: () => <p>AI summary</p>,
} ) );

let server: TestServer;
let api: FakeResultsApi;

beforeAll( async () => {
	server = await startServer();
} );
afterAll( () => server.close() );

beforeEach( () => {
	vi.useFakeTimers( { toFake: [ 'Date' ] } );
	vi.setSystemTime( new Date( '2026-11-21T15:00:00Z' ) );
	const results = surveyResults( 3, [ question( 11, 'nps' ) ], {
		nps_overview: npsOverview(),
	} );
	results.survey = { ...results.survey, title: 'NPS survey', type: 'nps' };
	api = installFakeResultsApi( server, {
		results: new Map( [ [ 3, results ] ] ),
		nps: new Map( [
			[
				3,
				{
					question_id: 11,
					overview: npsOverview( {
						promoters: 62,
						passives: 25,
						detractors: 13,
						total: 100,
						promoters_percent: 62,
						passives_percent: 25,
						detractors_percent: 13,
						score: 49,
					} ),
					series: [
						{ date: '2026-11-19', score: 100, count: 2 },
						{ date: '2026-11-20', score: null, count: 0 },
						{ date: '2026-11-21', score: -50, count: 4 },
					],
				},
			],
		] ),
		comments: Array.from( { length: 25 }, ( _v, index ) =>
			answer( 700 + index, String( index % 11 ), {
				comments:
					index === 4
						? 'Shipping was slow'
						: `Comment ${ index + 1 }`,
			} )
		),
	} );
} );
afterEach( () => {
	vi.useRealTimers();
} );

const comments = () =>
	within( screen.getByRole( 'region', { name: 'Comments' } ) );

async function loaded() {
	await screen.findByText( 'NPS Score' );
}

describe( 'NPS results', () => {
	it( 'shows the buckets, the score and the total', async () => {
		renderResults( '/survey/3', resultsConfig( server ) );
		await loaded();
		expect(
			screen.getByRole( 'heading', { name: 'NPS survey' } )
		).toBeInTheDocument();
		expect( screen.getByText( 'NPS Score' ).nextSibling ).toHaveTextContent(
			'49'
		);
		expect( screen.getByText( 'Promoters' ).nextSibling ).toHaveTextContent(
			'62% (62)'
		);
		expect( screen.getByText( 'Passives' ).nextSibling ).toHaveTextContent(
			'25% (25)'
		);
		expect(
			screen.getByText( 'Detractors' ).nextSibling
		).toHaveTextContent( '13% (13)' );
		expect(
			screen.getByText( 'Total responses' ).nextSibling
		).toHaveTextContent( '100' );
		const request = requestsTo( api, '/surveys/3/nps' )[ 0 ];
		expect( request.query.get( 'from' ) ).toBe( '2026-10-23' );
		expect( request.query.get( 'to' ) ).toBe( '2026-11-21' );
		expect(
			screen.queryByRole( 'list', { name: 'Response counts' } )
		).toBeNull();
		// NPS surveys show where visitors stop as well.
		expect(
			within(
				screen.getByRole( 'region', { name: 'Drop-off' } )
			).getByRole( 'table', { name: 'Drop-off by question' } )
		).toBeInTheDocument();
	} );

	it( 'charts the daily NPS on a -100..100 axis', async () => {
		renderResults( '/survey/3', resultsConfig( server ) );
		await loaded();
		const chart = lastChart( 'line' )!;
		expect( chart.data.labels ).toEqual( [ 'Nov 19', 'Nov 20', 'Nov 21' ] );
		expect( chart.data.datasets[ 0 ].data ).toEqual( [ 100, null, -50 ] );
		const y = ( chart.options as ChartOptions< 'line' > ).scales!.y as {
			min: number;
			max: number;
			ticks: { stepSize: number };
		};
		expect( y.min ).toBe( -100 );
		expect( y.max ).toBe( 100 );
		expect( y.ticks.stepSize ).toBe( 10 );
		expect(
			within(
				screen.getByRole( 'table', { name: 'Daily NPS score' } )
			).getByText( '-50' )
		).toBeInTheDocument();
	} );

	it( 'pages comments within the first and last page', async () => {
		const { user } = renderResults( '/survey/3', resultsConfig( server ) );
		await loaded();
		expect(
			await comments().findByText( 'Comment 1' )
		).toBeInTheDocument();
		expect( comments().getByText( '25 items' ) ).toBeInTheDocument();
		expect(
			comments().getByRole( 'button', { name: 'First page' } )
		).toBeDisabled();
		expect(
			comments().getByRole( 'button', { name: 'Previous page' } )
		).toBeDisabled();

		await user.click(
			comments().getByRole( 'button', { name: 'Last page' } )
		);
		expect(
			await comments().findByText( 'Comment 21' )
		).toBeInTheDocument();
		expect(
			comments().getByRole( 'button', { name: 'Next page' } )
		).toBeDisabled();
		expect(
			comments().getByRole( 'button', { name: 'Last page' } )
		).toBeDisabled();

		// A typed page past the end is refused.
		const box = comments().getByRole( 'textbox', { name: 'Current Page' } );
		await user.clear( box );
		await user.type( box, '9{Enter}' );
		expect( box ).toHaveValue( '3' );
		// The pages asked for, in order: the first, the last, never the 9th. (The first page may be
		// asked twice on a busy machine, when the range settles after its first request went out.)
		expect( [
			...new Set(
				requestsTo( api, '/surveys/3/nps/comments' ).map( ( entry ) =>
					entry.query.get( 'page' )
				)
			),
		] ).toEqual( [ '1', '3' ] );

		await user.click(
			comments().getByRole( 'button', { name: 'Previous page' } )
		);
		expect(
			await comments().findByText( 'Comment 11' )
		).toBeInTheDocument();
	} );

	it( 'sends the cursor of the nearest earlier page of the same comments, none after a new search', async () => {
		const { user } = renderResults( '/survey/3', resultsConfig( server ) );
		await loaded();
		await comments().findByText( 'Comment 1' );
		const asked = () =>
			requestsTo( api, '/surveys/3/nps/comments' ).map( ( entry ) => [
				entry.query.get( 'page' ),
				entry.query.get( 'search' ),
				entry.query.get( 'cursor' ),
			] );
		const askedFor = ( page: string ) =>
			asked().filter( ( [ number ] ) => number === page );

		// A jump from page 1 to the last: page 1's cursor (rank 9, response 709).
		await user.click(
			comments().getByRole( 'button', { name: 'Last page' } )
		);
		await comments().findByText( 'Comment 21' );
		expect( askedFor( '1' ).every( ( entry ) => ! entry[ 2 ] ) ).toBe(
			true
		);
		expect( askedFor( '3' ) ).toEqual( [
			[ '3', null, '9-20261120143000-709' ],
		] );

		await user.click(
			comments().getByRole( 'button', { name: 'Previous page' } )
		);
		await comments().findByText( 'Comment 11' );
		expect( askedFor( '2' ) ).toEqual( [
			[ '2', null, '9-20261120143000-709' ],
		] );

		await user.type(
			comments().getByRole( 'searchbox', { name: 'Search Comments' } ),
			'comment{Enter}'
		);
		await waitFor( () =>
			expect( asked().at( -1 ) ).toEqual( [ '1', 'comment', null ] )
		);
		await comments().findByText( 'Comment 1' );
		// 24 match; page 2 of the search carries its own page 1's cursor (response 710).
		await user.click(
			comments().getByRole( 'button', { name: 'Next page' } )
		);
		await waitFor( () =>
			expect( asked().at( -1 ) ).toEqual( [
				'2',
				'comment',
				'9-20261120143000-710',
			] )
		);
	} );

	it( 'searches the comments and starts again from page 1', async () => {
		const { user } = renderResults( '/survey/3', resultsConfig( server ) );
		await loaded();
		await comments().findByText( 'Comment 1' );
		await user.click(
			comments().getByRole( 'button', { name: 'Next page' } )
		);
		await comments().findByText( 'Comment 11' );
		await user.type(
			comments().getByRole( 'searchbox', { name: 'Search Comments' } ),
			'shipping{Enter}'
		);
		expect(
			await comments().findByText( 'Shipping was slow' )
		).toBeInTheDocument();
		expect( comments().queryByText( 'Comment 11' ) ).toBeNull();
		const last = requestsTo( api, '/surveys/3/nps/comments' ).at( -1 )!;
		expect( last.query.get( 'search' ) ).toBe( 'shipping' );
		expect( last.query.get( 'page' ) ).toBe( '1' );
		expect( last.query.get( 'question_id' ) ).toBe( '11' );
		expect(
			comments().getByRole( 'link', { name: 'View response #704' } )
		).toHaveAttribute( 'href', '/survey/3/responses/704' );
	} );

	it( 'exports the NPS question as Excel for Pro', async () => {
		renderResults( '/survey/3', resultsConfig( server ) );
		await loaded();
		const link = screen.getByRole( 'link', { name: 'Export to Excel' } );
		const url = new URL( link.getAttribute( 'href' )! );
		expect( Object.fromEntries( url.searchParams ) ).toEqual( {
			page: 'userfeedback_exports',
			survey_id: '3',
			report: 'question',
			question_id: '11',
			format: 'xlsx',
			from: '2026-10-23',
			to: '2026-11-21',
			_wpnonce: 'export-nonce',
		} );
		expect(
			screen.queryByRole( 'button', { name: 'Export Results' } )
		).toBeNull();
	} );

	it( 'locks the Excel export for Lite', async () => {
		renderResults( '/survey/3', resultsConfig( server, 'lite' ) );
		await loaded();
		await waitFor( () =>
			expect(
				screen.getByRole( 'button', { name: 'Export to Excel' } )
			).toBeDisabled()
		);
		expect(
			screen.queryByRole( 'link', { name: 'Export to Excel' } )
		).toBeNull();
		expect(
			requestsTo( api, '/surveys/3/nps' )[ 0 ].query.get( 'from' )
		).toBe( '2026-11-15' );
	} );
} );
