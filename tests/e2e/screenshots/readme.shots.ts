/**
 * The screenshots of readme.txt ("== Screenshots =="), taken from the real plugin on the
 * throw-away site of scripts/test-e2e.sh: `npm run screenshots` (config beside this file; never
 * part of `npm test`). Each one is saved as .wordpress-org/screenshot-N.png, N being the number
 * of its caption in readme.txt, so a caption and its picture change together here.
 *
 * The data is made the way the tests make theirs: the survey through tests/e2e/fixtures/site.php,
 * responses through the public REST route (as a visitor's browser sends them) and, for answers on
 * earlier days, tests/e2e/fixtures/trends.php. NPS and star-rating questions, a required question and
 * post ratings are Pro features, so the site runs as a Pro (Plus) site with the Question Types and
 * Post Ratings addons (development entitlements, as the tests set them); the captions say which
 * pictures show Pro features.
 */
import { test, expect, type Page } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { adminStatePath, site } from '../fixtures/site';
import {
	prepareSite,
	question,
	questionTitle,
	replaceSurveys,
	siteBatch,
	visitorPage,
	widget,
} from '../fixtures/visitor';
import {
	USER_AGENTS,
	cardOf,
	postResponse,
	responsesUrl,
	resultsUrl,
} from '../fixtures/results';
import { daysAgo, respondOn } from '../fixtures/trends';

test.use( { storageState: adminStatePath() } );

const OUT = path.resolve( __dirname, '../../../.wordpress-org' );
const SURVEYS = '/wp-admin/admin.php?page=userfeedback_surveys';
const SETTINGS = '/wp-admin/admin.php?page=userfeedback_settings';
const POST_RATINGS = '/wp-admin/admin.php?page=userfeedback_post_ratings';

/** A Plus licence with the addons whose features the pictures show. */
const PRO = {
	edition: 'pro',
	license_type: 'plus',
	licensed: true,
	addons: [ 'question-types' ],
};
/** The same with the Post Ratings addon, for the post-rating pictures only (not on the survey page). */
const PRO_RATINGS = { ...PRO, addons: [ 'question-types', 'post-ratings' ] };

const TITLE = 'Product feedback';
const Q = {
	nps: 'How likely are you to recommend Acme to a friend?',
	stars: 'How would you rate our documentation?',
	goal: 'What did you come here to do?',
	improve: 'What one thing should we improve?',
};
const GOALS = [
	'Compare plans',
	'Read the docs',
	'Get support',
	'Something else',
];

/** [days ago, NPS score, stars, goal, suggestion]: a plausible week of answers. */
const WEEK: Array< [ number, number, number, string, string | null ] > = [
	[ 6, 9, 5, 'Read the docs', 'More examples in the API guide' ],
	[ 6, 10, 4, 'Compare plans', null ],
	[ 6, 7, 4, 'Read the docs', 'A search box on the docs pages' ],
	[ 5, 3, 2, 'Get support', 'Support took two days to answer' ],
	[ 5, 8, 4, 'Compare plans', 'Show yearly prices next to monthly ones' ],
	[ 5, 10, 5, 'Read the docs', null ],
	[ 4, 9, 5, 'Something else', 'Nothing, it works well' ],
	[
		4,
		6,
		3,
		'Compare plans',
		'The pricing table is hard to read on a phone',
	],
	[ 4, 10, 5, 'Read the docs', null ],
	[ 3, 2, 1, 'Get support', 'The checkout failed twice' ],
	[ 3, 9, 4, 'Read the docs', 'Dark mode for the docs' ],
	[ 3, 8, 4, 'Compare plans', null ],
	[ 2, 10, 5, 'Read the docs', 'Keep the changelog up to date' ],
	[ 2, 5, 3, 'Get support', 'Live chat in the evening' ],
	[ 2, 9, 4, 'Compare plans', null ],
	[ 1, 7, 4, 'Read the docs', 'Video tutorials' ],
	[ 1, 10, 5, 'Something else', null ],
	[ 1, 4, 2, 'Get support', 'The checkout page is confusing' ],
];

/** Today's answers, sent by visitors' browsers from two pages: [score, stars, goal, text, page]. */
const TODAY: Array< [ number, number, string, string, 'pricing' | 'docs' ] > = [
	[ 9, 5, 'Compare plans', 'Clear plans, thanks', 'pricing' ],
	[
		1,
		2,
		'Compare plans',
		'The checkout asked twice for my card',
		'pricing',
	],
	[ 10, 5, 'Read the docs', 'Great docs', 'docs' ],
	[ 6, 3, 'Compare plans', 'Add a plan for small teams', 'pricing' ],
	[ 8, 4, 'Read the docs', 'More code samples', 'docs' ],
];

let surveyId = 0;
/** The same survey as a draft without responses: the builder shows no "already answered" notice. */
let draftId = 0;
let pricingPath = '/';

/**
 * Saves the page (or one element of it) as .wordpress-org/screenshot-N.png.
 *
 * @param page The page.
 * @param n    The caption's number in readme.txt.
 */
async function shoot( page: Page, n: number ): Promise< void > {
	// Nothing focused or hovered: no focus ring or tooltip of the last click in the picture.
	// (The bottom right corner: the top left one is the admin bar's WordPress menu.)
	await page.mouse.move( 1279, 799 );
	await page
		.locator( 'body' )
		.evaluate( ( body ) =>
			( body.ownerDocument.activeElement as HTMLElement | null )?.blur()
		);
	await page.screenshot( {
		path: path.join( OUT, `screenshot-${ n }.png` ),
		animations: 'disabled',
		caret: 'hide',
	} );
}

const app = ( page: Page ) => page.locator( '#userfeedback-app' );

/**
 * Closes the banner that the test site has no licence store (every admin screen shows it until the
 * user closes it; a real site has one) and waits until the close is stored for the user.
 *
 * @param page An admin screen of the plugin.
 */
async function closeStoreBanner( page: Page ): Promise< void > {
	const banner = app( page )
		.locator( '.components-notice' )
		.filter( { hasText: 'No license store is configured' } );
	await expect( app( page ) ).toBeVisible();
	// Once closed it stays closed for the user; best effort: a picture with the banner is still true.
	if ( ! ( await banner.isVisible() ) ) {
		return;
	}
	const stored = page.waitForResponse(
		( res ) =>
			res.url().includes( 'admin-ajax.php' ) &&
			( res.request().postData() ?? '' ).includes( 'remove' ),
		{ timeout: 15_000 }
	);
	await banner.getByRole( 'button' ).last().click();
	await stored.catch( () => undefined );
	await expect( banner ).toHaveCount( 0 );
}

/**
 * Visitors' browsers being shown the survey: the impressions of the results' drop-off card.
 *
 * @param page  Any page of the run (its request context).
 * @param count How many.
 */
async function showSurvey( page: Page, count: number ): Promise< void > {
	const { token } = site< { token: string } >( 'survey-token', {
		survey_id: surveyId,
		action: 'impression',
	} );
	for ( let i = 0; i < count; i++ ) {
		const res = await page.request.post(
			`/?rest_route=/userfeedback/v1/surveys/${ surveyId }/impression&nonce=${ encodeURIComponent(
				token
			) }`
		);
		expect( res.ok(), await res.text() ).toBe( true );
	}
}

test.beforeAll( async ( { browser } ) => {
	mkdirSync( OUT, { recursive: true } );
	const paths = prepareSite( {
		entitlements: PRO,
		pages: [
			[
				'pricing',
				'Pricing',
				'<!-- wp:heading --><h2 class="wp-block-heading">Plans for every team</h2><!-- /wp:heading -->' +
					'<!-- wp:paragraph --><p>Start free, then pick the plan that fits: Basic for one site, Plus for a few, Agency for many. Every plan includes updates and support.</p><!-- /wp:paragraph -->' +
					'<!-- wp:list --><ul><!-- wp:list-item --><li>Basic: one site</li><!-- /wp:list-item --><!-- wp:list-item --><li>Plus: up to five sites</li><!-- /wp:list-item --><!-- wp:list-item --><li>Agency: unlimited sites</li><!-- /wp:list-item --></ul><!-- /wp:list -->',
			],
			[ 'docs', 'Documentation' ],
		],
	} );
	pricingPath = paths.pricing;
	const questions = [
		question( 1, 'nps', Q.nps, {}, { required: true } ),
		question( 2, 'star-rating', Q.stars ),
		question( 3, 'radio-button', Q.goal, { options: GOALS } ),
		question( 4, 'long-text', Q.improve ),
	];
	[ surveyId, draftId ] = replaceSurveys(
		[ questions, { title: TITLE } ],
		[ questions, { title: TITLE, status: 'draft' } ]
	);
	respondOn(
		surveyId,
		WEEK.map( ( [ days, score, stars, goal, text ], i ) => ( {
			// Spread over the day, so that the responses list has distinct times.
			at: daysAgo( days ).replace(
				'12:00',
				`${ String( 9 + ( i % 8 ) ).padStart( 2, '0' ) }:${ 10 + i }`
			),
			answers: { 1: score, 2: stars, 3: goal, 4: text },
		} ) )
	);
	const visitor = await visitorPage( browser );
	await showSurvey( visitor, 38 );
	for ( const [ i, [ score, stars, goal, text, slug ] ] of TODAY.entries() ) {
		await postResponse(
			visitor.request,
			surveyId,
			[
				{ question_id: 1, value: score },
				{ question_id: 2, value: stars },
				{ question_id: 3, value: goal },
				{ question_id: 4, value: text },
			],
			{
				page: {
					link: new URL( paths[ slug ], process.env.UF_E2E_URL ).href,
					title: slug === 'pricing' ? 'Pricing' : 'Documentation',
				},
				userAgent:
					i % 2
						? USER_AGENTS.safariIphone
						: USER_AGENTS.firefoxWindows,
			}
		);
	}
	await visitor.context().close();
} );

test.afterAll( () => {
	siteBatch( [
		{ command: 'entitlements', arg: null },
		{ command: 'surveys-clear' },
		{ command: 'responses-clear' },
		{ command: 'post-ratings-reset' },
	] );
} );

test( '1: the survey builder', async ( { page } ) => {
	await page.goto( `${ SURVEYS }#/edit/${ draftId }/questions` );
	await closeStoreBanner( page );
	await expect( app( page ).getByText( Q.nps ).first() ).toBeVisible();
	await expect( app( page ).getByText( Q.improve ).first() ).toBeVisible();
	await shoot( page, 1 );
} );

test( '2: the survey on a visitor’s page', async ( { browser } ) => {
	const visitor = await visitorPage( browser );
	await visitor.setViewportSize( { width: 1280, height: 800 } );
	await visitor.goto( pricingPath );
	const dialog = widget( visitor, TITLE );
	await expect( questionTitle( dialog, Q.nps ) ).toBeVisible();
	await expect(
		dialog.getByRole( 'radiogroup', { name: Q.nps } )
	).toBeVisible();
	await shoot( visitor, 2 );
	await visitor.context().close();
} );

test( '3: the results with NPS and charts', async ( { page } ) => {
	await page.goto( resultsUrl( surveyId ) );
	await closeStoreBanner( page );
	await expect( app( page ).getByText( Q.goal ).first() ).toBeVisible();
	// The charts are canvases drawn after their data came: wait until each has been painted.
	await expect
		.poll( () =>
			app( page )
				.locator( 'canvas' )
				.evaluateAll( ( canvases ) =>
					canvases.every( ( canvas ) => {
						const c = canvas as HTMLCanvasElement;
						return c.width > 0 && c.height > 0;
					} )
				)
		)
		.toBe( true );
	// The question cards: the NPS card at the top of the view, the next cards below it.
	await cardOf( page, Q.nps ).evaluate( ( card ) =>
		window.scrollTo(
			0,
			card.getBoundingClientRect().top + window.scrollY - 40
		)
	);
	await shoot( page, 3 );
} );

test( '4: the responses list with a filter and a search', async ( {
	page,
} ) => {
	await page.goto( responsesUrl( surveyId ) );
	await closeStoreBanner( page );
	const list = app( page );
	const rows = list
		.getByRole( 'table', { name: 'Responses' } )
		.locator( 'tbody tr' );
	await expect( rows.first() ).toBeVisible();
	await list.getByRole( 'button', { name: 'Add filter' } ).click();
	await page.getByRole( 'menuitem', { name: Q.nps } ).click();
	const editor = page.getByRole( 'form', { name: `Filter by ${ Q.nps }` } );
	await editor.getByRole( 'checkbox', { name: /Detractors/ } ).check();
	await editor.getByRole( 'button', { name: 'Apply' } ).click();
	const detractors = [
		...WEEK.map( ( row ) => row[ 1 ] ),
		...TODAY.map( ( row ) => row[ 0 ] ),
	].filter( ( score ) => score <= 6 ).length;
	await expect(
		list.getByText( `${ detractors } responses match` )
	).toBeVisible();
	const search = list.getByRole( 'searchbox', { name: 'Search answers' } );
	await search.fill( 'checkout' );
	await search.press( 'Enter' );
	await expect( list.getByText( '3 responses match' ) ).toBeVisible();
	await expect( rows ).toHaveCount( 3 );
	await shoot( page, 4 );
} );

/** Three posts with a few votes each. */
function ratedPosts(): { id: number; path: string } {
	const [ , , rated, other, third ] = siteBatch<
		[
			unknown,
			unknown,
			{ id: number; path: string },
			{ id: number; path: string },
			{ id: number; path: string },
		]
	>( [
		{ command: 'entitlements', arg: PRO_RATINGS },
		{ command: 'post-ratings-reset' },
		...(
			[
				[ 'getting-started', 'Getting started in five minutes' ],
				[ 'pricing-explained', 'Our pricing, explained' ],
				[ 'release-notes', 'What is new this month' ],
			] as const
		 ).map( ( [ slug, title ] ) => ( {
			command: 'page-put',
			arg: {
				slug,
				title,
				type: 'post',
				content: `<!-- wp:paragraph --><p>${ title }: install the plugin, create a survey in a few clicks, and read the first answers the same day. This post walks through each step with examples.</p><!-- /wp:paragraph -->`,
			},
		} ) ),
	] );
	const at = ( hours: number ) =>
		new Date( Date.now() - hours * 3_600_000 )
			.toISOString()
			.slice( 0, 19 )
			.replace( 'T', ' ' );
	siteBatch(
		(
			[
				[ rated.id, [ 5, 4, 5, 5, 3, 4, 5, 4, 5, 5, 4, 2 ] ],
				[ other.id, [ 3, 4, 2, 3, 4 ] ],
				[ third.id, [ 5, 4, 4, 5, 5, 3, 4 ] ],
			] as const
		 ).map( ( [ postId, votes ] ) => ( {
			command: 'post-ratings-add',
			arg: {
				post_id: postId,
				ratings: votes.map( ( rating, i ) => [
					rating,
					at( 2 + i * 7 ),
				] ),
			},
		} ) )
	);
	return rated;
}

test( '5: post ratings under a post', async ( { browser } ) => {
	const rated = ratedPosts();
	const visitor = await visitorPage( browser );
	await visitor.setViewportSize( { width: 1280, height: 800 } );
	await visitor.goto( rated.path );
	const rating = visitor.locator( '.userfeedback-post-rating' );
	await expect( rating ).toContainText( 'Vote count: 12' );
	// A reader of the post, not of the survey: the survey's widget is closed with ×.
	const dialog = widget( visitor, TITLE );
	await expect( dialog ).toBeVisible();
	await dialog.getByRole( 'button', { name: /close/i } ).click();
	await expect( dialog ).toHaveCount( 0 );
	// The post's title at the top, the rating below its text.
	await visitor
		.getByRole( 'heading', { level: 1 } )
		.first()
		.evaluate( ( title ) =>
			window.scrollTo(
				0,
				title.getBoundingClientRect().top + window.scrollY - 80
			)
		);
	await shoot( visitor, 5 );
	await visitor.context().close();
} );

test( '6: post ratings in the admin', async ( { page } ) => {
	ratedPosts();
	await page.goto( `${ POST_RATINGS }#/results` );
	await closeStoreBanner( page );
	const table = page.getByRole( 'table' );
	await expect(
		table.getByRole( 'row', { name: /Getting started in five minutes/ } )
	).toBeVisible();
	await expect( table.getByRole( 'row' ) ).toHaveCount( 4 );
	await shoot( page, 6 );
} );

test( '7: the settings', async ( { page } ) => {
	await page.goto( `${ SETTINGS }#/widget` );
	await closeStoreBanner( page );
	await expect(
		app( page ).getByRole( 'link', { name: 'Widget', exact: true } )
	).toHaveAttribute( 'aria-current', 'page' );
	await expect(
		app( page ).getByRole( 'heading', { name: 'Colours' } )
	).toBeVisible();
	await shoot( page, 7 );
} );
