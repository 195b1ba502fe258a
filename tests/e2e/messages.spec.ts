/**
 * Issue 17 item 8 (messages a person understands) and item 9 (Lite vs Pro with the coupon code,
 * post-ratings revert-to-default): a save the server refuses says which field and which rule, in
 * words, next to the field and never "Invalid parameter(s)"; Verify Key shows one notice; the
 * Lite vs Pro table and offer; each post-rating setting goes back to its default.
 */
import { test, expect, type Page } from '@playwright/test';

import { adminStatePath, site } from './fixtures/site';
import {
	SETTINGS,
	app,
	leaveLicenseMode,
	realLicenseMode,
} from './fixtures/licensing';
import { ELITE, createSurvey, prepareSite, question } from './fixtures/visitor';

test.use( { storageState: adminStatePath() } );

const SURVEYS = '/wp-admin/admin.php?page=userfeedback_surveys';
const ABOUT = '/wp-admin/admin.php?page=userfeedback_about';
const POST_RATINGS = '/wp-admin/admin.php?page=userfeedback_post_ratings';
const DELAY = 'Delay must be between 0 and 60 seconds.';

/** The toasts of the notices area (WordPress's Notice component). */
const notices = ( page: Page ) =>
	app( page ).locator( '.userfeedback-notices .components-notice' );

test.afterAll( () => {
	site( 'entitlements', null );
	site( 'surveys-clear' );
} );

test( 'a refused builder save names the field and the rule next to it', async ( {
	page,
} ) => {
	prepareSite( { entitlements: ELITE } );
	const id = createSurvey( [ question( 1, 'text', 'Anything to add?' ) ], {
		title: 'Messages survey',
		status: 'draft',
		settings: { behavior: { timing: 'delay', timing_delay: 20 } },
	} );
	// What the builder sends goes to the real server with the delay out of range, as a client
	// other than this builder (or an older one) could send it: the server's refusal is tested.
	await page.route(
		( url ) =>
			new RegExp( `surveys(/|%2F)${ id }(\\?|&|$)` ).test( url.href ),
		async ( route ) => {
			const request = route.request();
			if ( request.method() === 'GET' ) {
				return route.continue();
			}
			const body = request.postDataJSON();
			body.settings.behavior.timing_delay = 99;
			await route.continue( { postData: JSON.stringify( body ) } );
		}
	);
	const refusal = page.waitForResponse(
		( response ) =>
			/surveys(\/|%2F)\d+/.test( response.url() ) &&
			response.request().method() !== 'GET'
	);

	await page.goto( `${ SURVEYS }#/edit/${ id }/settings` );
	const delay = app( page ).getByRole( 'spinbutton', {
		name: 'Delay in seconds',
	} );
	await expect( delay ).toHaveValue( '20' );
	await app( page )
		.locator( '.userfeedback-builder__actions' )
		.getByRole( 'button', { name: 'Save as Draft' } )
		.click();

	const answer = await refusal;
	expect( answer.status() ).toBe( 400 );
	const body = await answer.json();
	expect( body.message ).toBe( DELAY );
	expect( body.data.fields ).toEqual( {
		'settings.behavior.timing_delay': DELAY,
	} );

	// Next to the field, and in one notice; never WordPress's "Invalid parameter(s)".
	await expect( delay ).toHaveAccessibleDescription( DELAY );
	await expect( delay ).toHaveAttribute( 'aria-invalid', 'true' );
	const refusedNotice = notices( page ).filter( { hasText: DELAY } );
	await expect( refusedNotice ).toHaveCount( 1 );
	await expect( refusedNotice ).toHaveClass( /is-error/ );
	await expect( app( page ) ).not.toContainText( 'Invalid parameter' );
	await page.screenshot( {
		path: '/work/notes/shots17/H6-refused-save.png',
		fullPage: true,
	} );
} );

test.describe( 'Verify Key', () => {
	test.afterAll( () => leaveLicenseMode() );

	test( 'shows one notice, typed and then clicked', async ( { page } ) => {
		realLicenseMode( {} );
		const answers: number[] = [];
		page.on( 'response', ( response ) => {
			if (
				response.url().includes( 'admin-ajax.php' ) &&
				( response.request().postData() ?? '' ).includes(
					'action=userfeedback_verify_license'
				)
			) {
				answers.push( response.status() );
			}
		} );
		await page.goto( `${ SETTINGS }#/general` );
		const field = app( page ).getByRole( 'textbox', {
			name: 'License Key',
		} );
		// Typing verifies by itself after a pause; the click verifies again.
		await field.fill( 'e2e-unknown-key-000000' );
		await expect.poll( () => answers.length ).toBe( 1 );
		await expect( notices( page ) ).toHaveCount( 1 );
		await app( page ).getByRole( 'button', { name: 'Verify Key' } ).click();
		await expect.poll( () => answers.length ).toBe( 2 );
		await expect( notices( page ) ).toHaveCount( 1 );
		await expect( notices( page ).first() ).toHaveClass( /is-error/ );
		// No raw HTML entities in what it says.
		await expect( notices( page ).first() ).not.toContainText(
			/&#\d+;|&[a-z]+;/
		);
	} );
} );

test( 'Lite vs Pro says what Lite allows and shows the coupon code of the offer', async ( {
	page,
} ) => {
	prepareSite( { entitlements: null } );
	await page.goto( `${ ABOUT }#/lite-vs-pro` );
	const table = app( page ).getByRole( 'table', {
		name: 'Lite and Pro features compared',
	} );
	const row = ( name: string ) =>
		table.getByRole( 'row' ).filter( {
			has: page.getByRole( 'rowheader', { name, exact: true } ),
		} );
	await expect( row( 'AI Summary' ) ).toContainText( 'Not included' );
	await expect( row( 'Scheduling' ) ).toContainText( 'Not included' );
	await expect( row( 'Surveys and responses' ) ).toContainText( 'Unlimited' );
	// Lite's question types are the basic ones: no star rating or NPS.
	const lite = row( 'Question types' ).getByRole( 'cell' ).first();
	await expect( lite ).not.toContainText( 'Net Promoter' );
	await expect( lite ).not.toContainText( 'Star' );
	await expect( app( page ).getByText( 'Pro: $199 per year' ) ).toBeVisible();
	await expect(
		app( page ).getByText( /Lite users get 50% off the regular price/ )
	).toBeVisible();
	await expect( app( page ).locator( 'code' ) ).toHaveText( 'LITEUPGRADE' );
	await page.screenshot( {
		path: '/work/notes/shots17/H6-lite-vs-pro.png',
		fullPage: true,
	} );
} );

test( 'each post-rating setting goes back to its default', async ( {
	page,
} ) => {
	site( 'entitlements', {
		edition: 'pro',
		license_type: 'pro',
		licensed: true,
		addons: [ 'post-ratings' ],
	} );
	site( 'post-ratings-reset' );
	site( 'post-ratings-set', {
		rating_question: 'Was this useful?',
		icon_color: '#aa0000',
		show_vote_count: 'no',
	} );
	await page.goto( `${ POST_RATINGS }#/settings` );
	const ratingQuestion = app( page ).getByRole( 'textbox', {
		name: 'Rating Question',
	} );
	await expect( ratingQuestion ).toHaveValue( 'Was this useful?' );
	for ( const name of [
		'Rating Question',
		'Icon Color',
		'Show vote count',
	] ) {
		await app( page )
			.getByRole( 'button', { name: `Reset to default: ${ name }` } )
			.click();
	}
	await expect( ratingQuestion ).toHaveValue(
		'How would you rate this post?'
	);
	await expect(
		app( page ).getByRole( 'button', { name: /^Reset to default/ } )
	).toHaveCount( 0 );
	await app( page ).getByRole( 'button', { name: 'Save Settings' } ).click();
	await expect
		.poll(
			() =>
				site< Record< string, string > >( 'post-ratings-get' )
					.rating_question
		)
		.toBe( 'How would you rate this post?' );
	const stored = site< Record< string, string > >( 'post-ratings-get' );
	expect( stored.icon_color.toUpperCase() ).toBe( '#1579EF' );
	expect( stored.show_vote_count ).toBe( 'yes' );
	site( 'post-ratings-reset' );
} );
