/**
 * One survey's results end to end against a fake of the contract's results routes.
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
import { findIcon, installIconCatalogue } from '../../shared/SurveyIcon';
import { TEST_CATALOGUE } from '../../shared/SurveyIcon/testCatalogue';
import {
	chartCalls,
	lastChart,
} from '../../shared/components/charts/test/chartMock';
import {
	installFakeResultsApi,
	requestsTo,
	type FakeResultsApi,
} from '../test/fakeApi';
import {
	answer,
	funnel,
	npsOverview,
	overviewSurvey,
	question,
	surveyResults,
} from '../test/fixtures';
import { renderResults, resultsConfig } from '../test/render';

vi.mock(
	'react-chartjs-2',
	() => import( '../../shared/components/charts/test/chartMock' )
);
vi.mock( '../ai/AiSummaryBlock', () => ( {
	AiSummaryBlock: ( { surveyId }: { surveyId: number } ) => (
		<p>AI summary of survey { surveyId }</p>
	),
} ) );

// Each test boots the whole app against a real server; on a busy machine the first
// render can take longer than Testing Library's default second.
configure( { asyncUtilTimeout: 5000 } );

let server: TestServer;
let api: FakeResultsApi;

const QUESTIONS = [
	question( 1, 'radio-button', {
		title: 'How did you find us?',
		total_answers: 8,
		skipped: 2,
		options: [
			{ value: 'Search', label: 'Search', count: 6 },
			{ value: 'Friend', label: 'Friend', count: 2 },
		],
	} ),
	question( 2, 'checkbox', {
		title: 'What do you use?',
		total_answers: 4,
		options: [
			{ value: 'A', label: 'A', count: 3 },
			{ value: 'B', label: 'B', count: 2 },
		],
		invalid_options: true,
	} ),
	question( 3, 'image-radio', {
		title: 'Pick a picture',
		total_answers: 1,
		options: [
			{
				value: 'Cat',
				label: 'Cat',
				count: 1,
				image: 'http://site.test/cat.png',
			},
		],
	} ),
	question( 4, 'icon-choice', {
		title: 'Your mood',
		total_answers: 2,
		options: [
			{
				value: 'Happy',
				label: 'Happy',
				count: 2,
				icon: 'smile',
				icon_color: '#d63638',
			},
		],
	} ),
	question( 5, 'star-rating', {
		title: 'Rate us',
		total_answers: 4,
		skipped: 1,
		average: 4.25,
		options: [ '1', '2', '3', '4', '5' ].map( ( value ) => ( {
			value,
			label: value,
			count: { '4': 3, '5': 1 }[ value ] ?? 0,
		} ) ),
	} ),
	question( 6, 'nps', {
		title: 'Recommend us?',
		total_answers: 10,
		nps: npsOverview(),
		options: Array.from( { length: 11 }, ( _v, index ) => ( {
			value: String( index ),
			label: String( index ),
			count: index === 10 ? 5 : 0,
		} ) ),
	} ),
	question( 7, 'email', {
		title: 'Your email',
		total_answers: 12,
		skipped: 3,
		answers: {
			items: [
				answer( 501, 'ann@example.com', {
					name: 'Ann',
					comments: 'Call me',
				} ),
			],
			pagination: { page: 1, pages: 2, per_page: 10, total: 12 },
			next_cursor: '0-20261120143000-501',
		},
	} ),
];

beforeAll( async () => {
	server = await startServer();
} );
afterAll( () => server.close() );

beforeEach( () => {
	vi.useFakeTimers( { toFake: [ 'Date' ] } );
	vi.setSystemTime( new Date( '2026-11-21T15:00:00Z' ) );
	chartCalls.length = 0;
	api = installFakeResultsApi( server, {
		surveys: [
			overviewSurvey( 7, 'Website feedback' ),
			overviewSurvey( 8, 'Other survey' ),
		],
		results: new Map( [ [ 7, surveyResults( 7, QUESTIONS ) ] ] ),
		answers: new Map( [
			[
				7,
				Array.from( { length: 12 }, ( _v, index ) =>
					answer( 600 + index, `Answer ${ index + 1 }@example.com` )
				),
			],
		] ),
	} );
} );
afterEach( () => {
	vi.useRealTimers();
} );

const card = ( title: string ) =>
	within(
		screen.getByRole( 'region', {
			name: new RegExp( title.replace( '?', '\\?' ) ),
		} )
	);

async function loaded() {
	await screen.findByRole( 'heading', { name: 'Survey 7' } );
}

describe( 'Survey results', () => {
	it( 'shows the counts, the links and the AI summary', async () => {
		renderResults( '/survey/7', resultsConfig( server ) );
		await loaded();
		const request = requestsTo( api, '/surveys/7/results' )[ 0 ];
		expect( request.query.get( 'from' ) ).toBe( '2026-10-23' );
		expect( request.query.get( 'to' ) ).toBe( '2026-11-21' );

		const counts = within(
			screen.getByRole( 'list', { name: 'Response counts' } )
		);
		expect(
			counts.getByText( 'Past 7 days' ).nextSibling
		).toHaveTextContent( '12' );
		expect(
			counts.getByText( 'Past 30 days' ).nextSibling
		).toHaveTextContent( '345' );
		expect(
			counts.getByText( 'Total responses' ).nextSibling
		).toHaveTextContent( '1,234' );
		expect(
			counts.getByText( 'Impressions' ).nextSibling
		).toHaveTextContent( '6,789' );

		expect(
			screen.getByRole( 'link', { name: 'View Responses' } )
		).toHaveAttribute( 'href', '/survey/7/responses' );
		expect(
			screen.getByText( 'AI summary of survey 7' )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'combobox', { name: 'Date range' } )
		).toHaveValue( 'last_30_days' );
	} );

	it( 'draws choice questions with a chart and a table of counts and percentages', async () => {
		installIconCatalogue( TEST_CATALOGUE );
		const { user } = renderResults( '/survey/7', resultsConfig( server ) );
		await loaded();
		const radio = card( '1. How did you find us?' );
		expect(
			radio.getByText( 'Answers', { selector: 'dt' } ).nextSibling
		).toHaveTextContent( '8' );
		expect(
			radio.getByText( 'Skipped', { selector: 'dt' } ).nextSibling
		).toHaveTextContent( '2' );
		const rows = within(
			radio.getAllByRole( 'table' ).at( -1 )!
		).getAllByRole( 'row' );
		expect( rows[ 1 ] ).toHaveTextContent( 'Search675%' );
		expect( rows[ 2 ] ).toHaveTextContent( 'Friend225%' );
		const pie = chartCalls.find(
			( call ) =>
				call.kind === 'pie' &&
				call.props[ 'aria-label' ] ===
					'Answers to “How did you find us?”'
		)!;
		expect( pie.props.data.datasets[ 0 ].data ).toEqual( [ 6, 2 ] );
		await user.click( radio.getByRole( 'button', { name: 'Bar' } ) );
		expect( lastChart( 'bar' )!.data.labels ).toEqual( [
			'Search',
			'Friend',
		] );

		// Checkbox shares are of the answers, so they may add up past 100%.
		const checkbox = card( '2. What do you use?' );
		expect( checkbox.getByText( '75%' ) ).toBeInTheDocument();
		expect( checkbox.getByText( '50%' ) ).toBeInTheDocument();
		expect(
			checkbox.getByRole( 'button', { name: 'Bar' } )
		).toHaveAttribute( 'aria-pressed', 'true' );

		const image = card( '3. Pick a picture' );
		expect(
			image
				.getAllByRole( 'row', { name: /Cat/ } )
				.at( -1 )!
				.querySelector( 'img' )
		).toHaveAttribute( 'src', 'http://site.test/cat.png' );
		// The option's icon: the catalogue's SVG (shared/SurveyIcon), in the question's colour.
		await waitFor( () =>
			expect(
				card( '4. Your mood' )
					.getAllByRole( 'row', { name: /Happy/ } )
					.at( -1 )!
					.querySelector( 'svg[data-icon="smile"] path' )
			).toHaveAttribute( 'd', findIcon( TEST_CATALOGUE, 'smile' )!.path )
		);
		expect(
			card( '4. Your mood' )
				.getAllByRole( 'row', { name: /Happy/ } )
				.at( -1 )!
				.querySelector( 'svg[data-icon="smile"]' )
		).toHaveStyle( { color: 'rgb(214, 54, 56)' } );
		installIconCatalogue( null );
	} );

	it( 'warns about invalid options with a link to the question editor', async () => {
		renderResults( '/survey/7', resultsConfig( server ) );
		await loaded();
		const checkbox = card( '2. What do you use?' );
		expect(
			checkbox.getByText(
				/This question has invalid options\. You can fix it/
			)
		).toBeInTheDocument();
		expect(
			checkbox.getByRole( 'link', { name: 'here' } )
		).toHaveAttribute(
			'href',
			'http://site.test/wp-admin/admin.php?page=userfeedback_surveys#/edit/7/questions'
		);
		expect(
			card( '1. How did you find us?' ).queryByText( /invalid options/ )
		).toBeNull();
	} );

	it( 'shows star ratings and NPS questions', async () => {
		renderResults( '/survey/7', resultsConfig( server ) );
		await loaded();
		const stars = card( '5. Rate us' );
		expect( stars.getByText( '4.3' ) ).toBeInTheDocument();
		expect(
			stars.getByRole( 'img', { name: 'Average rating 4.3 out of 5' } )
		).toBeInTheDocument();
		const rows = within( stars.getByRole( 'table' ) ).getAllByRole( 'row' );
		expect( rows[ 1 ] ).toHaveTextContent( '125%' );
		expect(
			within( rows[ 1 ] ).getByRole( 'img', { name: '5 stars' } )
		).toBeInTheDocument();
		expect( rows[ 2 ] ).toHaveTextContent( '375%' );

		const nps = card( '6. Recommend us?' );
		expect( nps.getByText( 'NPS Score' ).nextSibling ).toHaveTextContent(
			'30'
		);
		expect( nps.getByText( 'Promoters' ).nextSibling ).toHaveTextContent(
			'50%'
		);
		expect( nps.getByText( 'Passives' ).nextSibling ).toHaveTextContent(
			'30%'
		);
		expect( nps.getByText( 'Detractors' ).nextSibling ).toHaveTextContent(
			'20%'
		);
	} );

	it( 'pages through text answers, newest first, from the answers route', async () => {
		const { user } = renderResults( '/survey/7', resultsConfig( server ) );
		await loaded();
		const email = card( '7. Your email' );
		expect(
			email.getByText( 'Skipped', { selector: 'dt' } ).nextSibling
		).toHaveTextContent( '3' );
		expect( email.getByText( 'ann@example.com' ) ).toBeInTheDocument();
		expect( email.getByText( '(Ann)' ) ).toBeInTheDocument();
		expect(
			email.getByRole( 'heading', { name: 'Comments' } )
		).toBeInTheDocument();
		expect( email.getByText( 'Call me' ) ).toBeInTheDocument();
		expect(
			email.getByText( 'November 20, 2026 9:30 am' )
		).toBeInTheDocument();
		expect(
			email.getByRole( 'link', { name: 'View response #501' } )
		).toHaveAttribute( 'href', '/survey/7/responses/501' );
		expect(
			requestsTo( api, '/surveys/7/questions/7/answers' )
		).toHaveLength( 0 );

		expect(
			email.getByRole( 'button', { name: 'Previous page' } )
		).toBeDisabled();
		await user.click( email.getByRole( 'button', { name: 'Next page' } ) );
		expect(
			await email.findByText( 'Answer 11@example.com' )
		).toBeInTheDocument();
		const request = requestsTo(
			api,
			'/surveys/7/questions/7/answers'
		)[ 0 ];
		expect( request.query.get( 'page' ) ).toBe( '2' );
		expect( request.query.get( 'per_page' ) ).toBe( '10' );
		expect( request.query.get( 'from' ) ).toBe( '2026-10-23' );
		expect(
			email.getByRole( 'button', { name: 'Next page' } )
		).toBeDisabled();
	} );

	it( 'reloads for another date range and switches surveys from the dropdown', async () => {
		const { user, location } = renderResults(
			'/survey/7',
			resultsConfig( server )
		);
		await loaded();
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Date range' } ),
			'last_7_days'
		);
		await waitFor( () =>
			expect(
				requestsTo( api, '/surveys/7/results' ).some(
					( entry ) => entry.query.get( 'from' ) === '2026-11-15'
				)
			).toBe( true )
		);
		const dropdown = screen.getByRole( 'combobox', { name: 'Survey' } );
		await waitFor( () =>
			expect(
				within( dropdown ).getByRole( 'option', {
					name: 'Other survey',
				} )
			).toBeInTheDocument()
		);
		await user.selectOptions( dropdown, 'Other survey' );
		await waitFor( () =>
			expect( location().pathname ).toBe( '/survey/8' )
		);
		expect( location().search ).toBe( '?from=2026-11-15&to=2026-11-21' );
	} );

	it( 'builds the export links with the range and nonce', async () => {
		const { user } = renderResults( '/survey/7', resultsConfig( server ) );
		await loaded();
		await user.click(
			screen.getByRole( 'button', { name: 'Export Results' } )
		);
		const csv = new URL(
			screen
				.getByRole( 'link', { name: 'General report (CSV)' } )
				.getAttribute( 'href' )!
		);
		expect( csv.origin + csv.pathname ).toBe(
			'http://site.test/wp-admin/admin.php'
		);
		expect( Object.fromEntries( csv.searchParams ) ).toEqual( {
			page: 'userfeedback_exports',
			survey_id: '7',
			report: 'general',
			format: 'csv',
			from: '2026-10-23',
			to: '2026-11-21',
			_wpnonce: 'export-nonce',
		} );
		const xlsx = new URL(
			screen
				.getByRole( 'link', { name: 'General report (XLSX)' } )
				.getAttribute( 'href' )!
		);
		expect( xlsx.searchParams.get( 'format' ) ).toBe( 'xlsx' );
	} );

	it( 'locks the export and long ranges for Lite', async () => {
		const { user } = renderResults(
			'/survey/7',
			resultsConfig( server, 'lite' )
		);
		await loaded();
		const exportButton = screen.getByRole( 'button', {
			name: 'Export Results',
		} );
		expect( exportButton ).toBeDisabled();
		expect(
			screen.getByText( 'CSV and XLSX Export is a Pro feature.' )
		).toBeInTheDocument();
		// Lite starts with the last 7 days: the server refuses longer ranges.
		expect(
			requestsTo( api, '/surveys/7/results' )[ 0 ].query.get( 'from' )
		).toBe( '2026-11-15' );
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Date range' } ),
			'last_30_days'
		);
		expect(
			await screen.findByRole( 'dialog', {
				name: '30-Day Results is a Pro feature',
			} )
		).toBeInTheDocument();
	} );

	it( 'shows the drop-off of the range, with the partial responses it leaves out', async () => {
		api.results.set(
			7,
			surveyResults( 7, QUESTIONS, {
				partial: 4,
				funnel: funnel( QUESTIONS.slice( 0, 2 ), {
					impressions: 120,
					started: 30,
					completed: 21,
					completion_rate: 0.7,
					median_seconds: 95,
				} ),
			} )
		);
		const { user, location } = renderResults(
			'/survey/7',
			resultsConfig( server )
		);
		await loaded();
		const dropOff = within(
			screen.getByRole( 'region', { name: 'Drop-off' } )
		);
		expect(
			dropOff.getByRole( 'list', {
				name: 'From impressions to completed responses',
			} )
		).toHaveTextContent(
			/Impressions120Started3025% of impressionsCompleted21/
		);
		expect(
			dropOff.getByText( 'Completion rate' ).nextSibling
		).toHaveTextContent( '70.0%' );
		expect(
			dropOff.getByText( 'Median time to complete' ).nextSibling
		).toHaveTextContent( '1 min 35 s' );
		expect(
			dropOff
				.getAllByRole( 'rowheader' )
				.map( ( cell ) => cell.textContent )
		).toEqual( [ '1. How did you find us?', '2. What do you use?' ] );
		await user.click(
			dropOff.getByRole( 'link', { name: 'View partial responses' } )
		);
		await waitFor( () =>
			expect( location().pathname ).toBe( '/survey/7/responses' )
		);
		expect( location().search ).toBe( '?status=partial' );
	} );

	it( 'says when a survey has no questions or does not exist', async () => {
		api.results.set( 9, surveyResults( 9, [], { responses_count: 0 } ) );
		const first = renderResults( '/survey/9', resultsConfig( server ) );
		expect(
			await screen.findByText( 'No questions yet' )
		).toBeInTheDocument();
		first.unmount();
		renderResults( '/survey/404', resultsConfig( server ) );
		expect(
			await screen.findByText( 'Survey not found' )
		).toBeInTheDocument();
	} );
} );
