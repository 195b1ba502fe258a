/**
 * Issue 18, front-end cost: the page's inline config carries only what targeting needs
 * (no questions, titles or tokens); the UI fetches the survey's body from the public
 * GET surveys/{id}/widget?v=…, which caches may keep, and the visitor still sees and
 * answers the survey, floating and inline.
 */
import { test, expect } from '@playwright/test';
import { site } from './fixtures/site';
import {
	Traffic,
	choice,
	onlySurvey,
	prepareSite,
	question,
	storedResponses,
	submission,
	valuesOf,
	widget,
} from './fixtures/visitor';

const SHOTS = '/work/notes/shots18';

const QUESTIONS = [
	question( 1, 'radio-button', 'Which plan are you on?', {
		options: [ 'Basic plan', 'Team plan' ],
	} ),
	question( 2, 'text', 'What should we add?' ),
];

const isBody = ( url: string ) =>
	/userfeedback\/v1\/surveys\/\d+\/widget/.test( decodeURIComponent( url ) );

let pages: Record< string, string >;

test.beforeAll( () => {
	pages = prepareSite( {
		pages: [
			[
				'body-inline',
				'Inline body',
				'<!-- wp:paragraph --><p>Before.</p><!-- /wp:paragraph -->[userfeedback id="ID"]',
			],
		],
	} );
} );

test.afterAll( () => {
	site( 'surveys-clear' );
} );

test( 'a page whose config has no questions still shows the survey, and the answer is stored', async ( {
	page,
} ) => {
	const id = onlySurvey( QUESTIONS, { title: 'Body survey' } );
	const traffic = new Traffic( page );
	const bodies: Array< { url: string; cache: string | null } > = [];
	page.on( 'response', ( response ) => {
		if ( isBody( response.url() ) ) {
			bodies.push( {
				url: response.url(),
				cache: response.headers()[ 'cache-control' ] ?? null,
			} );
		}
	} );
	await page.goto( '/' );

	// The inline script: the API's queue stub, then a config without the survey's words.
	const inline = (
		( await page
			.locator( 'script#userfeedback-widget-js-before' )
			.textContent() ) ?? ''
	).trim();
	expect( inline ).toMatch(
		/^window\.userfeedback=window\.userfeedback\|\|function\(\)/
	);
	for ( const absent of [
		'Body survey',
		'Which plan are you on?',
		'Basic plan',
		'"questions"',
		'"nonces"',
		'"strings"',
	] ) {
		expect( inline ).not.toContain( absent );
	}
	const target = await page.evaluate(
		() => ( window as any ).userfeedbackConfig.surveys[ 0 ]
	);
	expect( target.id ).toBe( id );
	expect( target.v ).toMatch( /^[a-f0-9]{10}$/ );

	const dialog = widget( page, 'Body survey' );
	await expect(
		dialog.getByRole( 'heading', { name: 'Which plan are you on?' } )
	).toBeVisible();
	expect( traffic.urls( isBody ) ).toHaveLength( 1 );
	// Public and long-lived under the page's version: a CDN or page cache may keep it.
	expect( bodies[ 0 ].url ).toContain( `/surveys/${ id }/widget` );
	expect( bodies[ 0 ].url ).toContain( `v=${ target.v }` );
	expect( bodies[ 0 ].cache ).toBe( 'public, max-age=86400' );
	await page.screenshot( { path: `${ SHOTS }/H2-widget-body.png` } );

	await choice( dialog, 'Team plan' ).click();
	await dialog
		.getByRole( 'textbox', { name: 'What should we add?' } )
		.fill( 'Dark mode' );
	const sent = submission( page, id );
	await dialog.getByRole( 'button', { name: 'Submit' } ).click();
	await sent;
	await expect( dialog.getByText( 'Thanks a lot!' ) ).toBeVisible();
	const [ stored ] = storedResponses( id );
	expect( valuesOf( stored, 1 ) ).toEqual( [ 'Team plan' ] );
	expect( valuesOf( stored, 2 ) ).toEqual( [ 'Dark mode' ] );
} );

test( 'the body request is cacheable: the same for a logged-out client, no cookies, no no-cache', async ( {
	page,
	request,
} ) => {
	const id = onlySurvey( QUESTIONS, { title: 'Body survey' } );
	await page.goto( '/' );
	const { rest, v } = await page.evaluate( () => {
		const config = ( window as any ).userfeedbackConfig;
		return { rest: config.rest_url as string, v: config.surveys[ 0 ].v };
	} );
	const current = await request.get(
		`${ rest }surveys/${ id }/widget?v=${ v }`
	);
	expect( current.status() ).toBe( 200 );
	expect( current.headers()[ 'cache-control' ] ).toBe(
		'public, max-age=86400'
	);
	expect( current.headers()[ 'set-cookie' ] ).toBeUndefined();
	expect( current.headers().pragma ).toBeUndefined();
	const body = await current.json();
	expect( body.survey.title ).toBe( 'Body survey' );
	expect( Object.keys( body ) ).toEqual( [
		'survey',
		'strings',
		'question_types',
		'limits',
	] );

	// An old version (a page cached before an edit) gets the current body, cached briefly.
	const stale = await request.get(
		`${ rest }surveys/${ id }/widget?v=0000000000`
	);
	expect( stale.headers()[ 'cache-control' ] ).toBe( 'public, max-age=60' );

	// A survey no longer live: 404 with a message, nothing shown.
	site( 'surveys-clear' );
	const gone = await request.get(
		`${ rest }surveys/${ id }/widget?v=${ v }`
	);
	expect( gone.status() ).toBe( 404 );
	expect( ( await gone.json() ).code ).toBe(
		'userfeedback_survey_unavailable'
	);
} );

test( 'an inline survey gets its body too', async ( { page } ) => {
	const id = onlySurvey( QUESTIONS, { title: 'Inline body survey' } );
	site( 'page-put', {
		slug: 'body-inline',
		title: 'Inline body',
		content: `<!-- wp:paragraph --><p>Before.</p><!-- /wp:paragraph -->[userfeedback id="${ id }"]`,
	} );
	await page.goto( pages[ 'body-inline' ] );
	const inline = page.locator( '.userfeedback-inline' );
	await expect(
		inline.getByRole( 'heading', { name: 'Which plan are you on?' } )
	).toBeVisible();
	await expect( inline.getByRole( 'button', { name: 'Close' } ) ).toHaveCount(
		0
	);
} );
