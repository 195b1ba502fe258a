/**
 * The licence of the Pro build (issue 6, spec 3 sections 2, 4 and 8), against the run's own
 * Easy Digital Downloads store: a Pro feature stays locked until the admin verifies a Pro key on
 * Settings > General; an expired key is refused, and a stored key that the store has since
 * expired shows the expired notice after a refresh.
 */
import { test, expect, type Page } from '@playwright/test';
import { adminStatePath, site } from './fixtures/site';
import {
	PRO_LICENSE,
	SETTINGS,
	app,
	collectErrors,
	leaveLicenseMode,
	realLicenseMode,
	storeState,
} from './fixtures/licensing';
import { RESULTS } from './fixtures/results';

test.use( { storageState: adminStatePath() } );

const PRO_KEY = 'e2e-pro-0123456789abcdef';
const LATER_EXPIRED_KEY = 'e2e-pro-expires-soon-0123';
const EXPIRED_KEY = 'e2e-expired-0123456789ab';

const GENERAL = `${ SETTINGS }#/general`;

test.beforeEach( () => {
	realLicenseMode( {
		[ PRO_KEY ]: PRO_LICENSE,
		[ LATER_EXPIRED_KEY ]: PRO_LICENSE,
		[ EXPIRED_KEY ]: {
			status: 'expired',
			price_id: 2,
			expires: '2024-01-01 23:59:59',
		},
	} );
	site( 'surveys-clear' );
	site( 'survey-create', { title: 'Licence survey', status: 'publish' } );
} );

test.afterAll( () => {
	leaveLicenseMode();
	site( 'surveys-clear' );
} );

const rangeButton = ( page: Page, name: string ) =>
	app( page )
		.getByRole( 'group', { name: 'Range' } )
		.getByRole( 'button', { name } );

/** The licence actions' answers (admin-ajax). */
const licenseAnswer = ( page: Page, action: string ) =>
	page.waitForResponse(
		( response ) =>
			response.url().includes( 'admin-ajax.php' ) &&
			( response.request().postData() ?? '' ).includes(
				`action=${ action }`
			)
	);

/**
 * The 30-day results range (results_30_days, a Plus feature): locked, it opens a dialog and
 * the range stays at 7 days; open, it switches the range.
 *
 * @param page   The admin's page.
 * @param locked Whether it should be locked.
 */
async function expect30DayRange( page: Page, locked: boolean ) {
	await page.goto( RESULTS );
	await expect( rangeButton( page, 'Past 7 Days' ) ).toHaveAttribute(
		'aria-pressed',
		'true'
	);
	await rangeButton( page, 'Past 30 Days' ).click();
	if ( locked ) {
		await expect( page.getByRole( 'dialog' ) ).toBeVisible();
		await page.keyboard.press( 'Escape' );
		await expect( page.getByRole( 'dialog' ) ).toHaveCount( 0 );
		await expect( rangeButton( page, 'Past 7 Days' ) ).toHaveAttribute(
			'aria-pressed',
			'true'
		);
	} else {
		await expect( rangeButton( page, 'Past 30 Days' ) ).toHaveAttribute(
			'aria-pressed',
			'true'
		);
		await expect( page.getByRole( 'dialog' ) ).toHaveCount( 0 );
	}
}

test( 'a Pro key verified on Settings > General unlocks a Pro feature after the reload', async ( {
	page,
} ) => {
	const errors = collectErrors( page );
	// The Pro build without a licence: the 30-day range is locked.
	await expect30DayRange( page, true );

	await page.goto( GENERAL );
	const field = app( page ).getByRole( 'textbox', { name: 'License Key' } );
	await expect( field ).toHaveValue( '' );
	await expect(
		app( page ).getByRole( 'button', { name: 'Verify Key' } )
	).toBeDisabled();
	// Typing is enough: verification starts 500 ms after the last keystroke.
	const verified = licenseAnswer( page, 'userfeedback_verify_license' );
	await field.fill( PRO_KEY );
	const answer = await verified;
	expect( answer.status() ).toBe( 200 );
	const reloaded = page.waitForEvent( 'load' );
	await expect(
		page
			.getByText(
				'Congratulations! Your UserFeedback Pro license key has been verified.'
			)
			.first()
	).toBeVisible();
	// The page reloads by itself about a second later, and shows the stored licence, its key
	// masked (keys never leave the server): its last four characters only.
	await reloaded;
	await expect(
		app( page ).getByRole( 'textbox', { name: 'License Key' } )
	).toHaveValue( '*'.repeat( PRO_KEY.length - 4 ) + PRO_KEY.slice( -4 ) );
	await expect(
		app( page ).getByText( 'Your license type is Pro' )
	).toBeVisible();
	await expect(
		app( page ).getByRole( 'button', { name: 'Deactivate Key' } )
	).toBeVisible();

	// The store activated this site for the key, once.
	const state = storeState();
	expect( state.activations[ PRO_KEY ] ).toEqual( [
		process.env.UF_E2E_URL,
	] );
	expect(
		state.requests.filter( ( line ) =>
			line.startsWith( `activate_license ${ PRO_KEY }` )
		)
	).toHaveLength( 1 );

	await expect30DayRange( page, false );
	expect( errors ).toEqual( [] );
} );

test( 'an expired key is refused and nothing is stored', async ( { page } ) => {
	await page.goto( GENERAL );
	const field = app( page ).getByRole( 'textbox', { name: 'License Key' } );
	const refused = licenseAnswer( page, 'userfeedback_verify_license' );
	await field.fill( EXPIRED_KEY );
	expect( ( await refused ).status() ).toBe( 400 );
	await expect(
		page.getByText( 'This license key has expired.' ).first()
	).toBeVisible();

	await page.reload();
	await expect(
		app( page ).getByRole( 'textbox', { name: 'License Key' } )
	).toHaveValue( '' );
	expect( storeState().activations[ EXPIRED_KEY ] ?? [] ).toEqual( [] );
	await expect30DayRange( page, true );
} );

test( 'a stored key the store has since expired shows the expired notice after Refresh Key', async ( {
	page,
} ) => {
	site( 'license-set', { key: LATER_EXPIRED_KEY } );
	await page.goto( GENERAL );
	await expect(
		app( page ).getByText( 'Your license type is Pro' )
	).toBeVisible();

	// The licence runs out at the store.
	site( 'store-licenses', {
		[ LATER_EXPIRED_KEY ]: {
			...PRO_LICENSE,
			status: 'expired',
			expires: '2024-01-01 23:59:59',
		},
	} );
	const refreshed = licenseAnswer( page, 'userfeedback_validate_license' );
	await app( page ).getByRole( 'button', { name: 'Refresh Key' } ).click();
	expect( ( await refreshed ).status() ).toBe( 200 );

	const notice = app( page ).locator( '.components-notice' ).filter( {
		hasText:
			'Your license key for UserFeedback has expired. Please click here to renew your license key.',
	} );
	await expect( notice ).toBeVisible();
	await expect(
		notice.getByRole( 'link', { name: 'click here' } )
	).toHaveAttribute( 'href', /^https?:\/\// );
	// It stays after a reload (the stored licence is expired), and the Pro feature is locked again.
	await page.reload();
	await expect( notice ).toBeVisible();
	await expect(
		app( page ).getByText( 'Your license type is Pro' )
	).toHaveCount( 0 );
	await expect30DayRange( page, true );
} );

test( 'Deactivate Key releases the site at the store and forgets the key', async ( {
	page,
} ) => {
	site( 'license-set', { key: PRO_KEY } );
	expect( storeState().activations[ PRO_KEY ] ).toEqual( [
		process.env.UF_E2E_URL,
	] );
	await page.goto( GENERAL );
	const deactivated = licenseAnswer(
		page,
		'userfeedback_deactivate_license'
	);
	await app( page ).getByRole( 'button', { name: 'Deactivate Key' } ).click();
	expect( ( await deactivated ).status() ).toBe( 200 );
	await expect(
		page.getByText( 'Your license key has been deactivated.' ).first()
	).toBeVisible();
	expect( storeState().activations[ PRO_KEY ] ).toEqual( [] );

	await page.goto( GENERAL );
	await expect(
		app( page ).getByRole( 'textbox', { name: 'License Key' } )
	).toHaveValue( '' );
	await expect(
		app( page ).getByRole( 'button', { name: 'Deactivate Key' } )
	).toHaveCount( 0 );
	await expect30DayRange( page, true );
} );
