/**
 * A visitor answers: every question type through the widget into the database, the survey
 * cookie, and the public routes as a browser calls them (no X-WP-Nonce).
 */
import { test, expect, type Page } from '@playwright/test';
import { adminStatePath, site } from './fixtures/site';
import {
	ELITE,
	Traffic,
	anyWidget,
	choice,
	createSurvey,
	extraOf,
	impressionCount,
	isImpression,
	isLoader,
	isUiChunk,
	moveOn,
	onlySurvey,
	prepareSite,
	question,
	questionTitle,
	settle,
	siteBatch,
	storedResponses,
	submission,
	surveyCookie,
	valuesOf,
	widget,
	type StoredResponse,
} from './fixtures/visitor';
import { surveyBody } from './fixtures/body';

const IMAGE = ( fill: string ) =>
	'data:image/svg+xml,' +
	encodeURIComponent(
		`<svg xmlns="http://www.w3.org/2000/svg" width="40" height="30"><rect width="40" height="30" fill="${ fill }"/></svg>`
	);

const Q = {
	plan: 'Which plan are you on?',
	features: 'Which features do you use?',
	picture: 'Pick a picture',
	feel: 'How do you feel about it?',
	stars: 'Rate this page',
	nps: 'How likely are you to recommend us?',
	text: 'What brought you here?',
	browser: 'Which browser do you use?',
	improve: 'What should we improve?',
	email: 'Your email, if we may follow up',
};
const THANKS = 'Thanks a lot!';

const EVERY_TYPE = [
	question( 1, 'radio-button', Q.plan, { options: [ 'Basic', 'Pro' ] } ),
	question( 2, 'checkbox', Q.features, {
		options: [ 'Search', 'Charts', 'Exports' ],
	} ),
	question( 3, 'image-radio', Q.picture, {
		options: [
			{ label: 'Mountains', image: { id: null, url: IMAGE( '#557' ) } },
			{ label: 'Ocean', image: { id: null, url: IMAGE( '#07a' ) } },
		],
	} ),
	question( 4, 'icon-choice', Q.feel, {
		options: [
			{ label: 'Love it', icon: { name: 'heart', style: 'solid' } },
			{ label: 'Not sure', icon: { name: 'question', style: 'solid' } },
		],
	} ),
	question( 5, 'star-rating', Q.stars ),
	question( 6, 'nps', Q.nps, {}, { comment_box: true } ),
	question( 7, 'text', Q.text ),
	question( 8, 'radio-button', Q.browser, {
		options: [ 'Chromium', 'Firefox' ],
	} ),
	question( 9, 'long-text', Q.improve ),
	question( 10, 'email', Q.email, { include_name: true } ),
];

test.describe( 'every question type', () => {
	let path: string;

	test.beforeAll( () => {
		( { 'every-type': path } = prepareSite( {
			entitlements: ELITE,
			pages: [ [ 'every-type', 'Every type' ] ],
		} ) );
	} );

	test.afterAll( () => {
		siteBatch( [
			{ command: 'surveys-clear' },
			{ command: 'entitlements', arg: null },
		] );
	} );

	test( 'a visitor on a matching page answers every type; the response, its answers and the cookie are stored', async ( {
		page,
		context,
	} ) => {
		const id = onlySurvey( EVERY_TYPE, {
			title: 'Every type',
			settings: {
				targeting: {
					devices: [ 'desktop' ],
					pages: 'select',
					page_rules: [
						{
							logic: 'page_url_contains',
							operator: '&&',
							data: '/every-type/',
						},
					],
				},
			},
		} );
		const traffic = new Traffic( page );
		const impression = page.waitForResponse(
			( res ) =>
				res.request().method() === 'POST' &&
				isImpression( res.url(), id )
		);
		await page.goto( path );

		const dialog = widget( page, 'Every type' );
		await expect( dialog ).toBeVisible();
		expect( traffic.urls( isLoader ) ).toHaveLength( 1 );
		expect( traffic.urls( isUiChunk ) ).toHaveLength( 1 );

		// The impression: token in the query, no WordPress nonce (pages are cached).
		// (Its body is checked in the routes test: the widget never reads it, and Chromium
		// then never finishes loading it, so reading it here would hang.)
		const shown = await impression;
		expect( shown.status() ).toBe( 200 );
		expect(
			new URL( shown.url() ).searchParams.get( 'nonce' )
		).toBeTruthy();
		expect( shown.request().headers()[ 'x-wp-nonce' ] ).toBeUndefined();

		// 1 radio-button
		await expect( questionTitle( dialog, Q.plan ) ).toBeVisible();
		await choice( dialog, 'Pro' ).click();
		await moveOn( dialog, Q.plan, Q.features );

		// 2 checkbox
		await dialog.getByRole( 'checkbox', { name: 'Search' } ).check();
		await dialog.getByRole( 'checkbox', { name: 'Exports' } ).check();
		await moveOn( dialog, Q.features, Q.picture );

		// 3 image-radio
		await choice( dialog, 'Ocean' ).click();
		await moveOn( dialog, Q.picture, Q.feel );

		// 4 icon-choice
		await choice( dialog, 'Love it' ).click();
		await moveOn( dialog, Q.feel, Q.stars );

		// 5 star-rating: a radiogroup of five, named by the question
		const stars = dialog.getByRole( 'radiogroup', { name: Q.stars } );
		await expect( stars.getByRole( 'radio' ) ).toHaveCount( 5 );
		await stars.getByRole( 'radio' ).nth( 3 ).click();
		await moveOn( dialog, Q.stars, Q.nps );

		// 6 nps with a comment box: the comment first, so that a UI that moves on at the
		// pick keeps it as well as one that waits for Next.
		await dialog.getByLabel( 'Comments' ).fill( 'Great docs' );
		const nps = dialog.getByRole( 'radiogroup', { name: Q.nps } );
		await expect( nps.getByRole( 'radio' ) ).toHaveCount( 11 );
		await expect( dialog.getByText( 'Not Likely' ) ).toBeVisible();
		await expect( dialog.getByText( 'Extremely Likely' ) ).toBeVisible();
		await nps.getByRole( 'radio' ).nth( 9 ).click();
		await moveOn( dialog, Q.nps, Q.text );

		// 7 text
		await dialog
			.getByRole( 'textbox', { name: Q.text } )
			.fill( 'A search' );
		await moveOn( dialog, Q.text, Q.browser, true );

		// 8 skipped
		await dialog.getByRole( 'button', { name: 'Skip' } ).click();
		await expect( questionTitle( dialog, Q.improve ) ).toBeVisible();

		// 9 long-text with its counter (400 characters)
		const improve = dialog.getByRole( 'textbox', { name: Q.improve } );
		await expect( dialog.getByText( '400 characters left' ) ).toBeVisible();
		await improve.fill( 'Faster pages' );
		await expect( dialog.getByText( '388 characters left' ) ).toBeVisible();
		await moveOn( dialog, Q.improve, Q.email, true );

		// 10 email with first name, the last question: Submit
		await dialog.getByLabel( 'First name', { exact: true } ).fill( 'Ada' );
		await dialog
			.getByLabel( 'Email', { exact: true } )
			.fill( 'ada@example.com' );
		const submitted = submission( page, id );
		await dialog.getByRole( 'button', { name: /^(Submit|Next)$/ } ).click();
		await expect( dialog.getByText( THANKS ) ).toBeVisible();

		const { response, body } = await submitted;
		// The write of the first answer created the response; the last one completes it.
		expect( response.status() ).toBe( 200 );
		expect( body ).toEqual( {
			id: expect.any( Number ),
			status: 'publish',
			complete: true,
		} );
		const sent = response.request().postDataJSON();
		expect( response.request().headers()[ 'x-wp-nonce' ] ).toBeUndefined();
		expect( typeof sent.nonce ).toBe( 'string' );
		expect( sent.page_submitted.link ).toContain( '/every-type/' );
		expect( sent.answers ).toEqual(
			expect.arrayContaining( [
				{ question_id: 1, value: 'Pro' },
				{ question_id: 5, value: 4 },
				{
					question_id: 6,
					value: 9,
					extra: { comments: 'Great docs' },
				},
				{ question_id: 8, value: null },
				{
					question_id: 10,
					value: 'ada@example.com',
					extra: { name: 'Ada' },
				},
			] )
		);

		// The database: one response, one answer row per question (skip as NULL).
		const [ stored, ...others ] = storedResponses( id );
		expect( others ).toEqual( [] );
		expect( stored.id ).toBe( body.id );
		expect( stored.status ).toBe( 'publish' );
		expect( stored.page_url ).toContain( '/every-type/' );
		expect( stored.page_title ).toContain( 'Every type' );
		expect( stored.device ).toBe( 'desktop' );
		// Anonymised by default (wp_privacy_anonymize_ip).
		expect( stored.ip ).toBe( '127.0.0.0' );
		const age = Date.now() - Date.parse( stored.submitted_at + 'Z' );
		expect( Math.abs( age ) ).toBeLessThan( 5 * 60_000 );
		for ( const answer of stored.answers ) {
			expect( answer.survey_id ).toBe( id );
			expect( answer.status ).toBe( 'publish' );
		}
		expect(
			[ ...new Set( stored.answers.map( ( a ) => a.question_id ) ) ].sort(
				( a, b ) => a - b
			)
		).toEqual( [ 1, 2, 3, 4, 5, 6, 7, 8, 9, 10 ] );
		expect( valuesOf( stored, 1 ) ).toEqual( [ 'Pro' ] );
		expect( valuesOf( stored, 2 ).sort() ).toEqual( [
			'Exports',
			'Search',
		] );
		expect( valuesOf( stored, 3 ) ).toEqual( [ 'Ocean' ] );
		expect( valuesOf( stored, 4 ) ).toEqual( [ 'Love it' ] );
		expect( valuesOf( stored, 5 ) ).toEqual( [ '4' ] );
		expect( valuesOf( stored, 6 ) ).toEqual( [ '9' ] );
		expect( extraOf( stored, 6 ) ).toEqual( { comments: 'Great docs' } );
		expect( valuesOf( stored, 7 ) ).toEqual( [ 'A search' ] );
		expect( valuesOf( stored, 8 ) ).toEqual( [ null ] );
		expect( extraOf( stored, 8 ) ).toBeNull();
		expect( valuesOf( stored, 9 ) ).toEqual( [ 'Faster pages' ] );
		expect( valuesOf( stored, 10 ) ).toEqual( [ 'ada@example.com' ] );
		expect( extraOf( stored, 10 ) ).toEqual( { name: 'Ada' } );

		// The cookie remembers the answer ...
		const cookie = await surveyCookie( context, id );
		expect( cookie?.submitted ).toBe( true );
		expect( Number( cookie?.last_response_id ) ).toBe( stored.id );

		// ... so a reload shows nothing and fetches no UI code.
		traffic.clear();
		await page.reload();
		await settle( page );
		expect( traffic.urls( isLoader ) ).toHaveLength( 1 );
		expect( traffic.urls( isUiChunk ) ).toEqual( [] );
		expect( traffic.posts( isImpression ) ).toEqual( [] );
		await expect( anyWidget( page, 'Every type' ) ).toHaveCount( 0 );
		expect( impressionCount( id ) ).toBe( 1 );
		expect( storedResponses( id ) ).toHaveLength( 1 );
	} );
} );

/** A fetch from the page, as the widget makes it: JSON, no X-WP-Nonce. */
async function post(
	page: Page,
	url: string,
	body?: unknown
): Promise< { status: number; json: any } > {
	return page.evaluate(
		async ( [ target, payload ] ) => {
			const res = await fetch( target as string, {
				method: 'POST',
				headers: { 'Content-Type': 'application/json' },
				body:
					payload === undefined
						? undefined
						: JSON.stringify( payload ),
			} );
			let json = null;
			try {
				json = await res.json();
			} catch {}
			return { status: res.status, json };
		},
		[ url, body ] as const
	);
}

test.describe( 'public routes from a browser', () => {
	const TITLE = 'Did you find it?';
	let id: number;
	let path: string;

	test.beforeAll( () => {
		( { routes: path } = prepareSite( {
			pages: [ [ 'routes', 'Routes' ] ],
		} ) );
		id = createSurvey(
			[
				question( 1, 'radio-button', TITLE, {
					options: [ 'Yes', 'No' ],
				} ),
			],
			{ title: 'Routes survey' }
		);
	} );

	test.afterAll( () => {
		// The counters and the low limit go, whatever happened, so that later specs can answer.
		siteBatch( [
			{ command: 'rate-limits', arg: null },
			{ command: 'surveys-clear' },
			{ command: 'responses-clear' },
		] );
	} );

	test( 'a bad answer is refused and stores nothing; a real one is stored after the impression', async ( {
		page,
	} ) => {
		await page.goto( path );
		const dialog = widget( page, 'Routes survey' );
		await expect( dialog ).toBeVisible();
		await expect
			.poll( () => impressionCount( id ) )
			.toBeGreaterThanOrEqual( 1 );

		const config = {
			rest: await page.evaluate(
				() => ( window as any ).userfeedbackConfig.rest_url as string
			),
			// The tokens come with the survey's body, not the page's config.
			nonces: ( await surveyBody( page ) ).survey.nonces,
		};
		const responses = `${ config.rest }surveys/${ id }/responses`;
		const good = {
			answers: [ { question_id: 1, value: 'Yes' } ],
			page_submitted: { link: page.url(), title: 'Routes' },
			nonce: config.nonces.submission,
		};

		const refused = async (
			why: string,
			body: unknown,
			statuses: number[] = [ 400 ]
		) => {
			const res = await post( page, responses, body );
			// Soft: every case is reported, and the store is checked below whatever they say.
			expect
				.soft( statuses, `${ why }: ${ JSON.stringify( res ) }` )
				.toContain( res.status );
			expect.soft( typeof res.json?.code, why ).toBe( 'string' );
			expect.soft( typeof res.json?.message, why ).toBe( 'string' );
		};
		await refused( 'an option not in the list', {
			...good,
			answers: [ { question_id: 1, value: 'Maybe' } ],
		} );
		await refused( 'a question the survey does not have', {
			...good,
			answers: [ { question_id: 99, value: 'Yes' } ],
		} );
		await refused( 'no answers', { ...good, answers: [] } );
		await refused(
			'a wrong token',
			{ ...good, nonce: 'not-the-token' },
			[ 400, 401, 403 ]
		);
		await refused(
			'no token',
			{ answers: good.answers, page_submitted: good.page_submitted },
			[ 400, 401, 403 ]
		);
		// Public routes take only the fields they know (additionalProperties: false).
		await refused( 'an unknown field', {
			...good,
			answers: [ { question_id: 1, value: 'Yes', status: 'trash' } ],
		} );
		const other = await post(
			page,
			`${ config.rest }surveys/${ id + 1000 }/responses`,
			good
		);
		expect( [ 400, 403, 404 ] ).toContain( other.status );
		expect( storedResponses( id ) ).toEqual( [] );

		// The impression route: the right token counts, a wrong one does not.
		const before = impressionCount( id );
		const impression = `${ config.rest }surveys/${ id }/impression`;
		const counted = await post(
			page,
			`${ impression }?nonce=${ encodeURIComponent(
				config.nonces.impression
			) }`
		);
		expect( counted.status ).toBe( 200 );
		expect( counted.json ).toMatchObject( { recorded: true } );
		expect( impressionCount( id ) ).toBe( before + 1 );
		const wrong = await post( page, `${ impression }?nonce=nope` );
		expect( [ 400, 401, 403 ] ).toContain( wrong.status );
		expect( impressionCount( id ) ).toBe( before + 1 );

		// The visitor answers for real.
		const submitted = submission( page, id );
		await choice( dialog, 'Yes' ).click();
		const { response, body } = await submitted;
		expect( response.status() ).toBe( 201 );
		await expect( dialog.getByText( THANKS ) ).toBeVisible();
		const stored = storedResponses( id );
		expect( stored ).toHaveLength( 1 );
		expect( stored[ 0 ].id ).toBe( body.id );
		expect( valuesOf( stored[ 0 ], 1 ) ).toEqual( [ 'Yes' ] );
		expect( impressionCount( id ) ).toBeGreaterThanOrEqual( 1 );
	} );

	test( 'the geo route answers a visitor with a country or null', async ( {
		page,
	} ) => {
		await page.goto( path );
		const rest = await page.evaluate(
			() => ( window as any ).userfeedbackConfig.rest_url as string
		);
		const res = await page.evaluate( async ( url ) => {
			const r = await fetch( url + 'geo' );
			return { status: r.status, json: await r.json() };
		}, rest );
		expect( res.status ).toBe( 200 );
		expect( res.json ).toHaveProperty( 'country' );
		expect(
			res.json.country === null || /^[A-Z]{2}$/.test( res.json.country )
		).toBe( true );
	} );

	test( 'a flood of submissions is cut off with 429 and Retry-After; nothing is stored', async ( {
		page,
	} ) => {
		// The run lifts the limits (every test is the same client); this test sets a low one.
		siteBatch( [
			{ command: 'responses-clear' },
			{
				command: 'rate-limits',
				arg: { responses: { limit: 3, window: 600 } },
			},
		] );
		await page.goto( path );
		const config = {
			url: await page.evaluate( () => {
				const c = ( window as any ).userfeedbackConfig;
				return `${ c.rest_url }surveys/${ c.surveys[ 0 ].id }/responses`;
			} ),
			nonce: ( await surveyBody( page ) ).survey.nonces.submission,
		};
		// Answers the survey cannot take, so that nothing would be stored even if the flood
		// got through; the limiter counts before it judges answers.
		const replies = await page.evaluate( async ( { url, nonce } ) => {
			const out: Array< { status: number; retry: string | null } > = [];
			for ( let i = 0; i < 40; i++ ) {
				const res = await fetch( url, {
					method: 'POST',
					headers: { 'Content-Type': 'application/json' },
					body: JSON.stringify( {
						answers: [ { question_id: 1, value: 'Maybe' } ],
						page_submitted: { link: location.href, title: 'x' },
						nonce,
					} ),
				} );
				out.push( {
					status: res.status,
					retry: res.headers.get( 'Retry-After' ),
				} );
				if ( res.status === 429 ) {
					break;
				}
			}
			return out;
		}, config );
		const limited = replies.at( -1 )!;
		expect( replies.map( ( reply ) => reply.status ) ).toEqual( [
			400, 400, 400, 429,
		] );
		expect( Number( limited.retry ) ).toBeGreaterThan( 0 );
		// A good answer from the same client is refused as well while the window lasts.
		const good = await post( page, config.url, {
			answers: [ { question_id: 1, value: 'Yes' } ],
			page_submitted: { link: page.url(), title: 'Routes' },
			nonce: config.nonce,
		} );
		expect( good.status ).toBe( 429 );
		expect( good.json?.code ).toEqual( expect.any( String ) );
		expect( storedResponses( id ) ).toEqual( [] );
	} );
} );

test.describe( 'a logged-in visitor', () => {
	test.use( { storageState: adminStatePath() } );

	test( 'answers with the login cookie and the wp_rest nonce, and the response records the user', async ( {
		page,
	} ) => {
		const { routes: path } = prepareSite( {
			pages: [ [ 'routes', 'Routes' ] ],
		} );
		const id = onlySurvey(
			[
				question( 1, 'radio-button', 'Did you find it?', {
					options: [ 'Yes', 'No' ],
				} ),
			],
			{ title: 'Logged-in survey' }
		);
		await page.goto( path );
		// Logged in indeed (the admin bar), and the widget is there all the same.
		await expect( page.locator( '#wpadminbar' ) ).toBeAttached();
		const dialog = widget( page, 'Logged-in survey' );
		const submitted = submission( page, id );
		await choice( dialog, 'Yes' ).click();
		const { response, body } = await submitted;
		expect( response.status() ).toBe( 201 );
		// Authenticated by cookie and nonce (privacy exports find a user's responses).
		expect( response.request().headers()[ 'x-wp-nonce' ] ).toMatch(
			/^[0-9a-f]{10}$/
		);
		const stored = storedResponses( id ) as Array<
			StoredResponse & { user_id?: string }
		>;
		expect( stored.map( ( r ) => r.id ) ).toEqual( [ body.id ] );
		expect( Number( stored[ 0 ].user_id ) ).toBeGreaterThan( 0 );
		site( 'surveys-clear' );
	} );
} );
