/**
 * Narrow screens (issue 17 item 7, and item 9's sort, overview dropdown and hidden chart
 * table): every admin screen at 760 px and 390 px (below WordPress's 782 px breakpoint)
 * has no horizontal overflow; list tables show their title column with a "Show more
 * details" toggle that opens the other columns as labelled rows, and their row actions
 * are reached with the keyboard and seen without hover.
 *
 * Each test loads a screen once, checks it at 760 px, then narrows the same page to
 * 390 px and checks again (charts and grids must follow a resize, too).
 *
 * UF_SHOTS=<folder> saves a screenshot of the key screens at each width there
 * (H5-<screen>-<width>-after.png), for the issue's before/after note.
 */
/* eslint playwright/expect-expect: [ "warn", { "assertFunctionNames": [ "expect", "eachWidth" ] } ] */
import { test, expect, type Locator, type Page } from '@playwright/test';
import path from 'node:path';
import { adminStatePath, site } from './fixtures/site';
import { ELITE, question, siteBatch } from './fixtures/visitor';
import { postResponse } from './fixtures/results';

test.use( { storageState: adminStatePath() } );

const ADMIN = '/wp-admin/admin.php?page=userfeedback_';
const WIDTHS = [ 760, 390 ] as const;
const TITLE = 'Customer satisfaction survey for the new pricing page';
const NPS_TITLE = 'Net promoter survey';
const LONG_ANSWER =
	'A long answer that goes on about the pricing page, its plans, its many features and a https://example.com/a-very-long-address-without-any-spaces-in-it';

type Data = {
	survey: number;
	nps: number;
	response: number;
	post: number;
};
let data: Data;

test.beforeAll( async ( { playwright } ) => {
	const [ , , , survey, nps, , post ] = siteBatch<
		[
			unknown,
			unknown,
			unknown,
			{ id: number },
			{ id: number },
			unknown,
			{ id: number },
		]
	>( [
		{
			command: 'entitlements',
			arg: { ...ELITE, addons: [ ...ELITE.addons, 'post-ratings' ] },
		},
		{ command: 'surveys-clear' },
		{ command: 'responses-clear' },
		{
			command: 'survey-create',
			arg: {
				title: TITLE,
				status: 'publish',
				questions: [
					question( 1, 'radio-button', 'Which plan are you on?', {
						options: [ 'Basic', 'Pro' ],
					} ),
					question( 2, 'star-rating', 'Rate this page' ),
					question( 3, 'text', 'What brought you here?' ),
				],
			},
		},
		{
			command: 'survey-create',
			arg: {
				title: NPS_TITLE,
				type: 'nps',
				status: 'publish',
				questions: [
					question( 1, 'nps', 'How likely are you to recommend us?' ),
				],
			},
		},
		{ command: 'post-ratings-reset' },
		{
			command: 'page-put',
			arg: {
				slug: 'narrow-rated-post',
				title: 'A rated post with a rather long title that needs to wrap',
				type: 'post',
				content:
					'<!-- wp:paragraph --><p>Rated.</p><!-- /wp:paragraph -->',
			},
		},
		{ command: 'welcome-redirect', arg: false },
	] );
	const hoursAgo = ( hours: number ) =>
		new Date( Date.now() - hours * 3_600_000 )
			.toISOString()
			.replace( 'T', ' ' )
			.replace( /\.\d+Z$/, '' );
	site( 'post-ratings-add', {
		post_id: post.id,
		ratings: [
			[ 4, hoursAgo( 30 ) ],
			[ 5, hoursAgo( 20 ) ],
		],
	} );
	const request = await playwright.request.newContext( {
		baseURL: process.env.UF_E2E_URL,
	} );
	let response = 0;
	for ( let i = 0; i < 3; i++ ) {
		response = await postResponse( request, survey.id, [
			{ question_id: 1, value: 'Pro' },
			{ question_id: 2, value: 4 },
			{ question_id: 3, value: LONG_ANSWER },
		] );
		await postResponse( request, nps.id, [
			{ question_id: 1, value: 9 - i * 3 },
		] );
	}
	await request.dispose();
	data = { survey: survey.id, nps: nps.id, response, post: post.id };
} );

test.afterAll( () => {
	siteBatch( [
		{ command: 'entitlements', arg: null },
		{ command: 'surveys-clear' },
		{ command: 'responses-clear' },
		{ command: 'post-ratings-reset' },
	] );
} );

const app = ( page: Page ) => page.locator( '#userfeedback-app' );

/**
 * The screen has drawn: no spinner, no loading text.
 *
 * @param page  The page.
 * @param ready Something the loaded screen shows.
 */
async function settled( page: Page, ready: Locator ): Promise< void > {
	await expect( ready ).toBeVisible();
	await expect( app( page ).locator( '.components-spinner' ) ).toHaveCount(
		0
	);
	await expect( app( page ).getByText( /^Loading/ ) ).toHaveCount( 0 );
}

/**
 * Nothing is wider than the window: the page does not scroll sideways. The message
 * names the elements that stick out.
 *
 * @param page  The page.
 * @param label The screen and width, for the message.
 */
async function expectNoOverflow( page: Page, label: string ): Promise< void > {
	const measure = () =>
		page.evaluate( () => {
			const root = document.documentElement;
			const width = root.clientWidth;
			const wide: string[] = [];
			document.querySelectorAll( '#wpbody *' ).forEach( ( element ) => {
				const box = element.getBoundingClientRect();
				if ( box.width > 0 && box.right > width + 1 ) {
					wide.push(
						`${ element.tagName.toLowerCase() }.${ String(
							element.getAttribute( 'class' ) ?? ''
						).slice( 0, 60 ) } (right ${ Math.round( box.right ) })`
					);
				}
			} );
			return {
				scrollWidth: root.scrollWidth,
				width,
				wide: wide.slice( 0, 5 ),
			};
		} );
	// Layout after a resize: charts redraw once their resize observer has run, which a busy machine
	// may put off past the next frames. Wait for the page to settle at its new width (a real overflow
	// stays and fails here with the elements that stick out).
	await page
		.waitForFunction(
			() =>
				document.documentElement.scrollWidth <=
				document.documentElement.clientWidth,
			null,
			{ timeout: 30_000 }
		)
		.catch( () => undefined );
	const found = await measure();
	expect(
		found.scrollWidth,
		`${ label }: wider than ${ found.width } px: ${ found.wide.join(
			'; '
		) }`
	).toBeLessThanOrEqual( found.width );
}

async function shot( page: Page, name: string, width: number ) {
	const folder = process.env.UF_SHOTS;
	if ( folder ) {
		await page.screenshot( {
			path: path.join( folder, `H5-${ name }-${ width }-after.png` ),
		} );
	}
}

/**
 * Loads a screen, then checks it at each width without reloading.
 *
 * @param page  The page.
 * @param name  The screen's name in screenshots.
 * @param url   The screen's address.
 * @param ready Something the loaded screen shows.
 * @param check More checks at each width.
 */
async function eachWidth(
	page: Page,
	name: string,
	url: string,
	ready: ( page: Page ) => Locator,
	check: ( width: number ) => Promise< void > = async () => {}
): Promise< void > {
	await page.setViewportSize( { width: WIDTHS[ 0 ], height: 900 } );
	await page.goto( url );
	await settled( page, ready( page ) );
	for ( const width of WIDTHS ) {
		await page.setViewportSize( { width, height: 900 } );
		await expectNoOverflow( page, `${ name } at ${ width } px` );
		await check( width );
		await shot( page, name, width );
	}
}

/**
 * A list table at a narrow width: only the title column's header shows; the row's
 * toggle opens its other cells, labelled with their columns' names; Tab from the
 * row's checkbox (or title link) reaches the row actions, which show.
 *
 * @param table     The table.
 * @param rowTitle  The row's title (its toggle's and actions' names).
 * @param column    A column whose cell opens, e.g. 'Status'.
 * @param cellText  What that cell shows.
 * @param firstStop The first row action, e.g. 'Edit'; null when the table has none.
 */
async function expectCoreLikeRows(
	table: Locator,
	rowTitle: string,
	column: string,
	cellText: string | RegExp,
	firstStop: string | null
): Promise< void > {
	const page = table.page();
	await expect(
		table.getByRole( 'columnheader', { name: column } )
	).toBeHidden();
	const toggleName = `Show more details about “${ rowTitle }”`;
	const toggle = table.getByRole( 'button', { name: toggleName } );
	const row = table.getByRole( 'row' ).filter( {
		has: page.getByRole( 'button', { name: toggleName } ),
	} );
	const cell = row.locator( `td[data-colname="${ column }"]` );
	await expect( toggle ).toBeVisible();
	await expect( toggle ).toHaveAttribute( 'aria-expanded', 'false' );
	await expect( cell ).toBeHidden();
	// The keyboard opens it.
	await toggle.focus();
	await page.keyboard.press( 'Enter' );
	await expect( toggle ).toHaveAttribute( 'aria-expanded', 'true' );
	await expect( cell ).toBeVisible();
	await expect( cell ).toContainText( cellText );
	// Labelled with its column's name, beside its value (core's data-colname label).
	expect(
		await cell.evaluate(
			( element ) => getComputedStyle( element, '::before' ).content
		)
	).toBe( `"${ column }"` );
	const label = await cell.boundingBox();
	const title = await row.getByRole( 'rowheader' ).boundingBox();
	// Under the title, not beside it.
	expect( label!.y ).toBeGreaterThanOrEqual( title!.y + title!.height - 1 );
	await toggle.click();
	await expect( toggle ).toHaveAttribute( 'aria-expanded', 'false' );
	await expect( cell ).toBeHidden();

	if ( firstStop ) {
		// Row actions show without hover and are reached with Tab.
		const action = row.getByRole( 'link', {
			name: `${ firstStop } “${ rowTitle }”`,
		} );
		await expect( action ).toBeVisible();
		const start = row.getByRole( 'checkbox' );
		await start.focus();
		let reached = false;
		for ( let i = 0; i < 4 && ! reached; i++ ) {
			await page.keyboard.press( 'Tab' );
			reached = await action.evaluate(
				( element ) => element === element.ownerDocument.activeElement
			);
		}
		expect( reached, `Tab reaches ${ firstStop }` ).toBe( true );
		const box = await action.boundingBox();
		const viewport = page.viewportSize()!;
		expect( box!.x ).toBeGreaterThanOrEqual( 0 );
		expect( box!.x + box!.width ).toBeLessThanOrEqual( viewport.width );
	}
}

test( 'surveys list: core-like rows, A→Z first, no overflow', async ( {
	page,
} ) => {
	const table = app( page ).getByRole( 'table', { name: 'Surveys' } );
	await eachWidth(
		page,
		'surveys-list',
		`${ ADMIN }surveys`,
		() => table.getByRole( 'rowheader', { name: new RegExp( TITLE ) } ),
		async ( width ) => {
			await expectCoreLikeRows(
				table,
				TITLE,
				'Status',
				'Published',
				'Edit'
			);
			// How an opened row looks, for the note.
			const toggle = table.getByRole( 'button', {
				name: `Show more details about “${ TITLE }”`,
			} );
			await toggle.click();
			await shot( page, 'surveys-list-open', width );
			await toggle.click();
		}
	);
	// The first click on a text column sorts A→Z (the list starts newest first).
	const titles = table.getByRole( 'rowheader' );
	await expect( titles.first() ).toContainText( NPS_TITLE );
	await table.getByRole( 'button', { name: 'Title' } ).click();
	await expect( page ).toHaveURL( /orderby=title&order=asc/ );
	await expect( titles.first() ).toContainText( TITLE );
	await expect(
		table.getByRole( 'columnheader', { name: 'Title' } )
	).toHaveAttribute( 'aria-sort', 'ascending' );
} );

test( 'survey builder steps: no overflow', async ( { page } ) => {
	const steps = ( p: Page ) =>
		app( p ).getByRole( 'navigation', { name: 'Survey builder steps' } );
	await eachWidth(
		page,
		'builder-setup',
		`${ ADMIN }surveys#/new/setup`,
		steps
	);
	for ( const step of [
		'questions',
		'settings',
		'notifications',
		'publish',
	] ) {
		await eachWidth(
			page,
			`builder-${ step }`,
			`${ ADMIN }surveys#/edit/${ data.survey }/${ step }`,
			steps
		);
	}
} );

test( 'results: overview, survey, NPS, responses and a response fit; the overview shows a chosen survey in place', async ( {
	page,
} ) => {
	const surveys = app( page ).getByRole( 'table', { name: 'Surveys' } );
	await eachWidth(
		page,
		'results',
		`${ ADMIN }results`,
		() => surveys.getByRole( 'rowheader', { name: new RegExp( TITLE ) } ),
		async () => {
			await expectCoreLikeRows(
				surveys,
				TITLE,
				'Status',
				'Published',
				null
			);
			// The chart's hidden data table adds no scroll of its own.
			const heights = await page.evaluate( () => {
				const before = document.documentElement.scrollHeight;
				const hidden = [
					...document.querySelectorAll< HTMLElement >(
						'.userfeedback-chart__data'
					),
				];
				hidden.forEach(
					( element ) => ( element.style.display = 'none' )
				);
				const after = document.documentElement.scrollHeight;
				hidden.forEach( ( element ) => ( element.style.display = '' ) );
				return { before, after, count: hidden.length };
			} );
			expect( heights.count ).toBe( 1 );
			expect( heights.before ).toBe( heights.after );
		}
	);
	// The dropdown shows a survey's cards in place, and sends an nps survey to its route.
	const dropdown = app( page ).getByRole( 'combobox', { name: 'Survey' } );
	await dropdown.selectOption( { label: TITLE } );
	await expect(
		app( page ).getByRole( 'list', { name: 'Response counts' } )
	).toBeVisible();
	await expect( page ).toHaveURL(
		new RegExp( `#/\\?survey=${ data.survey }` )
	);
	await expect(
		app( page ).getByRole( 'heading', {
			name: '1. Which plan are you on?',
		} )
	).toBeVisible();
	await expectNoOverflow( page, 'overview with a survey at 390 px' );
	await dropdown.selectOption( { label: NPS_TITLE } );
	await expect( page ).toHaveURL( new RegExp( `#/survey/${ data.nps }$` ) );
	await expect(
		app( page ).getByRole( 'heading', { name: NPS_TITLE } )
	).toBeVisible();

	await eachWidth(
		page,
		'survey-results',
		`${ ADMIN }results#/survey/${ data.survey }`,
		( p ) =>
			app( p ).getByRole( 'heading', {
				name: '1. Which plan are you on?',
			} )
	);
	await eachWidth(
		page,
		'nps-results',
		`${ ADMIN }results#/survey/${ data.nps }`,
		( p ) => app( p ).getByText( 'NPS Score' ).first()
	);
	const responses = app( page ).getByRole( 'table', { name: /responses/i } );
	const responseTitle = `Response #${ data.response }`;
	await eachWidth(
		page,
		'responses',
		`${ ADMIN }results#/survey/${ data.survey }/responses`,
		() => responses.getByRole( 'rowheader' ).first(),
		async () => {
			await expectCoreLikeRows(
				responses,
				responseTitle,
				'Submitted',
				/\d/,
				'View'
			);
		}
	);
	await eachWidth(
		page,
		'response',
		`${ ADMIN }results#/survey/${ data.survey }/responses/${ data.response }`,
		( p ) => app( p ).getByText( LONG_ANSWER )
	);
} );

test( 'post ratings: results, a post’s ratings and settings fit', async ( {
	page,
} ) => {
	const posts = app( page ).getByRole( 'table' ).first();
	await eachWidth(
		page,
		'post-ratings-results',
		`${ ADMIN }post_ratings#/results`,
		() => posts.getByRole( 'rowheader' ).first(),
		async () => {
			await expectCoreLikeRows(
				posts,
				'A rated post with a rather long title that needs to wrap',
				'Number of Ratings',
				'2',
				null
			);
		}
	);
	await eachWidth(
		page,
		'post-ratings-post',
		`${ ADMIN }post_ratings#/results/${ data.post }`,
		( p ) => app( p ).getByRole( 'table' ).first()
	);
	await eachWidth(
		page,
		'post-ratings-settings',
		`${ ADMIN }post_ratings#/settings`,
		( p ) => app( p ).getByRole( 'button', { name: 'Save Settings' } )
	);
} );

test( 'settings, addons, about, growth tools, welcome and notifications fit', async ( {
	page,
} ) => {
	const heading = ( p: Page ) => app( p ).locator( 'h2' ).first();
	for ( const tab of [
		'general',
		'widget',
		'email',
		'integrations',
		'access',
		'misc',
	] ) {
		await eachWidth(
			page,
			`settings-${ tab }`,
			`${ ADMIN }settings#/${ tab }`,
			heading
		);
	}
	await eachWidth( page, 'addons', `${ ADMIN }addons`, heading );
	for ( const route of [ '', '#/getting-started' ] ) {
		await eachWidth(
			page,
			`about${ route.replace( '#/', '-' ) }`,
			`${ ADMIN }about${ route }`,
			heading
		);
	}
	await eachWidth( page, 'growth-tools', `${ ADMIN }growth_tools`, heading );
	await eachWidth( page, 'welcome', `${ ADMIN }welcome`, ( p ) =>
		app( p ).getByRole( 'heading', { name: 'Choose a template' } )
	);
	// Lite's comparison table (a Pro site has no such screen).
	site( 'entitlements', null );
	await eachWidth(
		page,
		'about-lite-vs-pro',
		`${ ADMIN }about#/lite-vs-pro`,
		( p ) => app( p ).getByRole( 'heading', { name: 'Lite vs Pro' } )
	);
	// The notifications drawer fits the window.
	await eachWidth(
		page,
		'notifications',
		`${ ADMIN }surveys&open=userfeedback_notifications`,
		( p ) => p.getByRole( 'dialog', { name: 'Notifications' } ),
		async () => {
			const box = await page
				.getByRole( 'dialog', { name: 'Notifications' } )
				.boundingBox();
			expect( box!.x ).toBeGreaterThanOrEqual( 0 );
			expect( box!.x + box!.width ).toBeLessThanOrEqual(
				page.viewportSize()!.width
			);
		}
	);
} );
