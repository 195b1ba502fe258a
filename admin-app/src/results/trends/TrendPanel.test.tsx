/**
 * A question card's trend: the toggle on quantitative questions, the request, the chart
 * (counts under the points, small samples faded, a hidden table), the interval picker,
 * and the loading, error and empty states, against the real test HTTP server.
 */
import type { ServerResponse } from 'node:http';
import { render, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { QueryClientProvider } from '@tanstack/react-query';
import type { ChartData, ChartOptions } from 'chart.js';
import {
	afterAll,
	beforeAll,
	beforeEach,
	describe,
	expect,
	it,
	vi,
} from 'vitest';

import { setupApi } from '../../shared/api';
import { ConfigProvider } from '../../shared/context';
import { createQueryClient } from '../../shared/query';
import { makeConfig, restOn } from '../../shared/test/fixtures';
import {
	restRoute,
	sendFailure,
	sendJson,
	startServer,
	type Failure,
	type TestServer,
} from '../../shared/test/server';
import {
	chartCalls,
	lastChart,
} from '../../shared/components/charts/test/chartMock';
import { LINE_COLOR, paletteColor } from '../../shared/components/charts';
import type { QuestionStats, Trend, TrendPoint } from '../../shared/types';
import { QuestionCard } from '../stats/QuestionCard';

vi.mock(
	'react-chartjs-2',
	() => import( '../../shared/components/charts/test/chartMock' )
);

const RANGE = { from: '2026-11-01', to: '2026-11-21' };

const NPS_STATS: QuestionStats = {
	id: 6,
	title: 'How likely are you to recommend us?',
	type: 'nps',
	is_quantitative: true,
	total_answers: 14,
	skipped: 0,
	options: [],
	invalid_options: false,
};

function point( start: string, count: number, value: number | null ) {
	return {
		start,
		end: start,
		label: `Week of ${ start.slice( 5 ) }`,
		count,
		value,
	} satisfies TrendPoint;
}

function npsTrend( over: Partial< Trend > = {} ): Trend {
	return {
		question: {
			id: 6,
			title: NPS_STATS.title,
			type: 'nps',
			kind: 'nps',
			options: [],
		},
		interval: 'week',
		from: RANGE.from,
		to: RANGE.to,
		start_of_week: 1,
		small_sample: 5,
		points: [
			point( '2026-10-26', 12, 50 ),
			point( '2026-11-02', 0, null ),
			point( '2026-11-09', 2, -100 ),
			point( '2026-11-16', 0, null ),
		],
		...over,
	};
}

let server: TestServer;
/** What the trends route answers next, by interval. */
let answers: Map< string, Trend | Failure >;
let requests: URLSearchParams[];
/** While set, answers wait until it is resolved. */
let gate: Promise< void > | null;

beforeAll( async () => {
	server = await startServer();
} );
afterAll( () => server.close() );

beforeEach( () => {
	chartCalls.length = 0;
	answers = new Map( [ [ 'week', npsTrend() ] ] );
	requests = [];
	gate = null;
	server.handle( ( request, response: ServerResponse ) => {
		const { path, query } = restRoute( request );
		if ( path !== '/surveys/3/trends' ) {
			return sendJson( response, 404, { code: 'rest_no_route' } );
		}
		requests.push( query );
		const answer = answers.get( query.get( 'interval' ) ?? '' );
		const send = () => {
			if ( ! answer ) {
				return sendJson( response, 500, { code: 'x', message: 'x' } );
			}
			return 'points' in answer
				? sendJson( response, 200, answer )
				: sendFailure( response, answer );
		};
		if ( gate ) {
			gate.then( send );
			return;
		}
		send();
	} );
} );

function renderCard( question: QuestionStats = NPS_STATS ) {
	const config = makeConfig( { page: 'results', rest: restOn( server ) } );
	setupApi( config );
	const client = createQueryClient();
	client.setDefaultOptions( { queries: { retry: false } } );
	render(
		<ConfigProvider config={ config }>
			<QueryClientProvider client={ client }>
				<QuestionCard
					surveyId={ 3 }
					question={ question }
					index={ 0 }
					range={ RANGE }
				/>
			</QueryClientProvider>
		</ConfigProvider>
	);
	return userEvent.setup();
}

const chartData = () => lastChart( 'line' )!.data as ChartData< 'line' >;

describe( 'TrendPanel', () => {
	it( 'loads the week trend on demand and draws counts under faded small samples', async () => {
		let release!: () => void;
		gate = new Promise( ( resolve ) => ( release = resolve ) );
		const user = renderCard();
		expect( requests ).toHaveLength( 0 );
		const toggle = screen.getByRole( 'button', { name: 'Show trend' } );
		expect( toggle ).toHaveAttribute( 'aria-expanded', 'false' );

		await user.click( toggle );
		expect(
			screen.getByRole( 'button', { name: 'Hide trend' } )
		).toHaveAttribute( 'aria-expanded', 'true' );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Loading the trend…'
		);
		await waitFor( () => expect( requests ).toHaveLength( 1 ) );
		expect( Object.fromEntries( requests[ 0 ] ) ).toMatchObject( {
			question_id: '6',
			interval: 'week',
			from: '2026-11-01',
			to: '2026-11-21',
		} );
		release();

		const chart = await screen.findByRole( 'img', {
			name: 'Trend of “How likely are you to recommend us?”',
		} );
		expect( chart ).toBeInTheDocument();
		const data = chartData();
		expect( data.labels ).toEqual( [
			[ 'Week of 10-26', 'n = 12' ],
			[ 'Week of 11-02', 'n = 0' ],
			[ 'Week of 11-09', 'n = 2' ],
			[ 'Week of 11-16', 'n = 0' ],
		] );
		expect( data.datasets ).toHaveLength( 1 );
		expect( data.datasets[ 0 ] ).toMatchObject( {
			label: 'NPS score',
			data: [ 50, null, -100, null ],
			borderColor: LINE_COLOR,
		} );
		// 2 answers (< 5) are a small sample: that point is faded.
		const colours = data.datasets[ 0 ].pointBackgroundColor as string[];
		expect( colours[ 0 ] ).toBe( LINE_COLOR );
		expect( colours[ 2 ] ).not.toBe( LINE_COLOR );
		expect( colours[ 2 ].startsWith( LINE_COLOR ) ).toBe( true );
		const options = lastChart( 'line' )!.options as ChartOptions< 'line' >;
		expect( options.scales?.y ).toMatchObject( { min: -100, max: 100 } );

		// The text alternative: one row per point, with its count.
		const table = screen.getByRole( 'table', {
			name: 'Trend of “How likely are you to recommend us?”',
		} );
		const rows = within( table ).getAllByRole( 'row' );
		expect( rows ).toHaveLength( 5 );
		expect(
			within( rows[ 1 ] )
				.getAllByRole( 'cell' )
				.map( ( cell ) => cell.textContent )
		).toEqual( [ '12', '50' ] );
		expect(
			within( rows[ 2 ] )
				.getAllByRole( 'cell' )
				.map( ( cell ) => cell.textContent )
		).toEqual( [ '0', 'No answers' ] );

		await user.click(
			screen.getByRole( 'button', { name: 'Hide trend' } )
		);
		expect( screen.queryByRole( 'table' ) ).not.toBeInTheDocument();
	} );

	it( 'asks again for the interval picked', async () => {
		answers.set(
			'month',
			npsTrend( {
				interval: 'month',
				points: [
					{ ...point( '2026-11-01', 14, 29 ), label: 'Nov 2026' },
				],
			} )
		);
		const user = renderCard();
		await user.click(
			screen.getByRole( 'button', { name: 'Show trend' } )
		);
		await screen.findByRole( 'table' );
		expect( requests.map( ( query ) => query.get( 'interval' ) ) ).toEqual(
			[ 'week' ]
		);

		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Points by' } ),
			'month'
		);
		await waitFor( () =>
			expect( chartData().labels ).toEqual( [ [ 'Nov 2026', 'n = 14' ] ] )
		);
		expect( requests.map( ( query ) => query.get( 'interval' ) ) ).toEqual(
			[ 'week', 'month' ]
		);
	} );

	it( "shows the server's message when the trend is refused", async () => {
		answers.set( 'week', {
			status: 400,
			code: 'rest_invalid_param',
			message:
				'A trend by day shows at most 400 days. Choose week or month, or a shorter range.',
		} );
		const user = renderCard();
		await user.click(
			screen.getByRole( 'button', { name: 'Show trend' } )
		);
		const alert = await screen.findByRole( 'alert' );
		expect( alert ).toHaveTextContent(
			'A trend by day shows at most 400 days. Choose week or month, or a shorter range.'
		);
		expect( screen.queryByRole( 'table' ) ).not.toBeInTheDocument();
	} );

	it( 'says so when the range has no answers', async () => {
		answers.set(
			'week',
			npsTrend( {
				points: [
					point( '2026-10-26', 0, null ),
					point( '2026-11-02', 0, null ),
				],
			} )
		);
		const user = renderCard();
		await user.click(
			screen.getByRole( 'button', { name: 'Show trend' } )
		);
		expect(
			await screen.findByText( 'No answers in this range.' )
		).toBeInTheDocument();
		expect( chartCalls ).toHaveLength( 0 );
	} );

	it( 'draws one line per option of a choice question, in percent', async () => {
		answers.set( 'week', {
			...npsTrend(),
			question: {
				id: 2,
				title: 'Colours',
				type: 'checkbox',
				kind: 'choice',
				options: [
					{ value: 'Red', label: 'Red' },
					{ value: 'Green', label: 'Green' },
				],
			},
			points: [
				{
					...point( '2026-11-02', 8, null ),
					shares: { Red: 75, Green: 50 },
				},
				{
					...point( '2026-11-09', 0, null ),
					shares: { Red: 0, Green: 0 },
				},
			],
		} );
		const user = renderCard( {
			...NPS_STATS,
			id: 2,
			title: 'Colours',
			type: 'checkbox',
		} );
		await user.click(
			screen.getByRole( 'button', { name: 'Show trend' } )
		);
		const table = await screen.findByRole( 'table', {
			name: 'Trend of “Colours”',
		} );
		const data = chartData();
		expect(
			data.datasets.map( ( set ) => [
				set.label,
				set.data,
				set.borderColor,
			] )
		).toEqual( [
			[ 'Red', [ 75, null ], paletteColor( 0 ) ],
			[ 'Green', [ 50, null ], paletteColor( 1 ) ],
		] );
		expect(
			within( table )
				.getAllByRole( 'columnheader' )
				.map( ( cell ) => cell.textContent )
		).toEqual( [ 'Period', 'Answers', 'Red', 'Green' ] );
		expect(
			within( within( table ).getAllByRole( 'row' )[ 1 ] )
				.getAllByRole( 'cell' )
				.map( ( cell ) => cell.textContent )
		).toEqual( [ '8', '75%', '50%' ] );
	} );

	it( 'offers no trend on a text question', () => {
		renderCard( {
			...NPS_STATS,
			type: 'text',
			is_quantitative: false,
			answers: {
				items: [],
				pagination: { page: 1, pages: 1, per_page: 10, total: 0 },
				next_cursor: null,
			},
		} );
		expect(
			screen.queryByRole( 'button', { name: 'Show trend' } )
		).not.toBeInTheDocument();
	} );
} );
