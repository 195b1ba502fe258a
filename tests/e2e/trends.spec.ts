/**
 * Trends (issue 19 item 4): with answers on several days, an admin opens the survey's results,
 * shows an NPS question's trend (by week, the default), reads each point's answer count in the
 * chart's text alternative, switches to days, and sees a choice question's shares.
 */
import { test, expect, type Locator, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import { adminStatePath } from './fixtures/site';
import { ELITE, onlySurvey, prepareSite, question } from './fixtures/visitor';
import { collectErrors, resultsUrl } from './fixtures/results';
import { daysAgo, respondOn } from './fixtures/trends';

test.use( { storageState: adminStatePath() } );

const NPS = 'How likely are you to recommend us?';
const PLAN = 'Which plan are you on?';
const SHOTS = '/work/notes/shots19';

/** Answers by days back: NPS (question 1) and plan (question 2). */
const DAYS: Array< [ number, number, string ] > = [
	[ 2, 10, 'Pro' ],
	[ 2, 9, 'Pro' ],
	[ 2, 3, 'Basic' ],
	[ 3, 10, 'Pro' ],
	[ 9, 0, 'Basic' ],
	[ 9, 7, 'Pro' ],
	[ 16, 9, 'Pro' ],
	[ 16, 9, 'Basic' ],
	[ 16, 10, 'Pro' ],
	[ 16, 9, 'Pro' ],
	[ 16, 6, 'Basic' ],
];

let surveyId: number;

/** The hidden table's rows: [ period, answers, value… ]. */
async function tableRows( card: Locator ): Promise< string[][] > {
	const table = card.locator(
		'.userfeedback-trend .userfeedback-chart__data table'
	);
	await expect( table ).toBeAttached();
	return table
		.locator( 'tbody tr' )
		.evaluateAll( ( rows ) =>
			rows.map( ( row ) =>
				Array.from( row.children ).map(
					( cell ) => cell.textContent?.trim() ?? ''
				)
			)
		);
}

const cardOf = ( page: Page, title: string ) =>
	page.getByRole( 'region', { name: new RegExp( `\\d+\\. ${ title }` ) } );

test.describe( 'trends', () => {
	test.beforeAll( () => {
		prepareSite( { entitlements: ELITE } );
		surveyId = onlySurvey(
			[
				question( 1, 'nps', NPS ),
				question( 2, 'radio-button', PLAN, {
					options: [ 'Basic', 'Pro' ],
				} ),
				question( 3, 'text', 'Anything else?' ),
			],
			{ title: 'Trends survey' }
		);
		respondOn(
			surveyId,
			DAYS.map( ( [ days, nps, plan ] ) => ( {
				at: daysAgo( days ),
				answers: { 1: nps, 2: plan, 3: null },
			} ) )
		);
	} );

	test( "a question's trend shows its points with their answer counts, by week and by day", async ( {
		page,
	} ) => {
		const errors = collectErrors( page );
		await page.goto( resultsUrl( surveyId ) );
		const nps = cardOf( page, NPS );
		await expect( nps ).toBeVisible();
		// A text question has no trend.
		await expect(
			cardOf( page, 'Anything else\\?' ).getByRole( 'button', {
				name: 'Show trend',
			} )
		).toHaveCount( 0 );

		const trendAnswer = page.waitForResponse(
			( res ) =>
				/\/trends/.test( decodeURIComponent( res.url() ) ) &&
				/interval=week/.test( res.url() )
		);
		await nps.getByRole( 'button', { name: 'Show trend' } ).click();
		expect( ( await trendAnswer ).status() ).toBe( 200 );
		const chart = nps.getByRole( 'img', { name: `Trend of “${ NPS }”` } );
		await expect( chart ).toBeVisible();
		await expect(
			nps.getByRole( 'combobox', { name: 'Points by' } )
		).toHaveValue( 'week' );
		await expect(
			nps.getByText( /Faded points have fewer than 5 answers/ )
		).toBeVisible();

		// By week over the last 30 days: 5 or 6 weeks, every answer counted once.
		const weeks = await tableRows( nps );
		expect( weeks.length ).toBeGreaterThanOrEqual( 5 );
		expect( weeks.length ).toBeLessThanOrEqual( 6 );
		expect(
			weeks.every( ( row ) => row[ 0 ].startsWith( 'Week of ' ) )
		).toBe( true );
		expect(
			weeks.reduce( ( sum, row ) => sum + Number( row[ 1 ] ), 0 )
		).toBe( DAYS.length );

		mkdirSync( SHOTS, { recursive: true } );
		// The fixed admin bar would cover part of the card in an element screenshot.
		await page.addStyleTag( {
			content: '#wpadminbar { display: none !important; }',
		} );
		await nps.scrollIntoViewIfNeeded();
		await nps.screenshot( { path: `${ SHOTS }/h1-trends.png` } );

		// By day: one row per day of the range, the counts of the days that have answers.
		const dayAnswer = page.waitForResponse( ( res ) =>
			/interval=day/.test( res.url() )
		);
		await nps
			.getByRole( 'combobox', { name: 'Points by' } )
			.selectOption( 'day' );
		expect( ( await dayAnswer ).status() ).toBe( 200 );
		await expect
			.poll( async () => ( await tableRows( nps ) ).length )
			.toBe( 30 );
		const days = await tableRows( nps );
		const counted = days.filter( ( row ) => row[ 1 ] !== '0' );
		// Days 16, 9, 3 and 2 back, oldest first: 5 answers (NPS 60), 2 (-50), 1 (100), 3 (33).
		expect( counted.map( ( row ) => row.slice( 1 ) ) ).toEqual( [
			[ '5', '60' ],
			[ '2', '-50' ],
			[ '1', '100' ],
			[ '3', '33' ],
		] );
		expect( days.filter( ( row ) => row[ 1 ] === '0' )[ 0 ][ 2 ] ).toBe(
			'No answers'
		);

		// A choice question: each option's share.
		const plan = cardOf( page, PLAN );
		await plan.getByRole( 'button', { name: 'Show trend' } ).click();
		await expect(
			plan.getByRole( 'img', { name: `Trend of “${ PLAN }”` } )
		).toBeVisible();
		const shares = await tableRows( plan );
		await expect(
			plan.locator(
				'.userfeedback-trend .userfeedback-chart__data thead th'
			)
		).toHaveText( [ 'Period', 'Answers', 'Basic', 'Pro' ] );
		expect(
			shares.reduce( ( sum, row ) => sum + Number( row[ 1 ] ), 0 )
		).toBe( DAYS.length );
		await plan.scrollIntoViewIfNeeded();
		await plan.screenshot( { path: `${ SHOTS }/h1-trends-choice.png` } );
		expect( errors ).toEqual( [] );
	} );
} );
