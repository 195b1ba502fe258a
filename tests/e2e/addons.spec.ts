/**
 * The Addons screen (issue 6, spec 3 sections 2 and 4) of the Pro build with a valid Pro licence,
 * against the run's own store: the search filters the cards; Install Addon downloads the package
 * the store handed out, installs and activates the plugin and reloads; Deactivate and Activate
 * switch it. Without a valid licence the screen asks for one instead.
 */
import { test, expect, type Page } from '@playwright/test';
import { adminStatePath, site } from './fixtures/site';
import {
	ADDONS,
	PRO_LICENSE,
	addonsState,
	app,
	collectErrors,
	leaveLicenseMode,
	realLicenseMode,
	storeState,
} from './fixtures/licensing';

test.use( { storageState: adminStatePath() } );
// In order: the last test starts from the addon the install test left installed.
test.describe.configure( { mode: 'serial' } );

const PRO_KEY = 'e2e-addons-pro-0123456789';

const TITLES = [
	'Behavior',
	'Branding',
	'Targeting',
	'Templates',
	'Question Types',
	'Heatmaps',
	'Geo Restrictions',
	'Post Ratings',
];

test.beforeAll( () => {
	realLicenseMode( { [ PRO_KEY ]: PRO_LICENSE } );
	const { zips } = site< { zips: string[] } >( 'store-packages' );
	expect( zips ).toContain( 'userfeedback-behavior.zip' );
	site( 'license-set', { key: PRO_KEY } );
} );

test.afterAll( () => {
	leaveLicenseMode();
} );

const cards = ( page: Page ) => app( page ).getByRole( 'article' );
const card = ( page: Page, title: string ) =>
	cards( page ).filter( {
		has: page.getByRole( 'heading', { name: title, exact: true } ),
	} );
const status = ( page: Page, title: string, text: string ) =>
	card( page, title ).getByText( text, { exact: true } );

test( 'the search filters the addon cards by title, ignoring case', async ( {
	page,
} ) => {
	const errors = collectErrors( page );
	await page.goto( ADDONS );
	await expect(
		app( page ).getByRole( 'heading', { name: 'UserFeedback Addons' } )
	).toBeVisible();
	await expect( cards( page ) ).toHaveCount( TITLES.length );
	for ( const title of TITLES ) {
		await expect( card( page, title ) ).toHaveCount( 1 );
	}

	const search = app( page ).getByRole( 'searchbox', {
		name: 'Search Addons',
	} );
	await search.fill( 'GEO' );
	await expect( cards( page ) ).toHaveCount( 1 );
	await expect( card( page, 'Geo Restrictions' ) ).toBeVisible();

	// A substring anywhere in the title: Targeting and Post Ratings.
	await search.fill( 'tING' );
	await expect( cards( page ) ).toHaveCount( 2 );
	await expect( card( page, 'Targeting' ) ).toBeVisible();
	await expect( card( page, 'Post Ratings' ) ).toBeVisible();

	await search.fill( 'no such addon' );
	await expect( cards( page ) ).toHaveCount( 0 );

	await search.fill( '' );
	await expect( cards( page ) ).toHaveCount( TITLES.length );
	expect( errors ).toEqual( [] );
} );

test( 'Install Addon installs and activates the addon from the store; Deactivate and Activate switch it', async ( {
	page,
} ) => {
	const errors = collectErrors( page );
	await page.goto( ADDONS );
	await expect( status( page, 'Behavior', 'Not Installed' ) ).toBeVisible();
	expect( addonsState().behavior ).toEqual( {
		installed: false,
		active: false,
	} );

	const reloaded = page.waitForEvent( 'load' );
	await card( page, 'Behavior' )
		.getByRole( 'button', { name: 'Install Addon' } )
		.click();
	// Installed, activated, and the page reloads a second later with it active.
	await reloaded;
	await expect( status( page, 'Behavior', 'Active' ) ).toBeVisible( {
		timeout: 30_000,
	} );
	await expect(
		card( page, 'Behavior' ).getByRole( 'button', { name: 'Deactivate' } )
	).toBeVisible();
	expect( addonsState().behavior ).toEqual( {
		installed: true,
		active: true,
	} );
	// The package came from the store, for this licence.
	expect( storeState().requests ).toContain(
		`download ${ PRO_KEY } userfeedback-behavior`
	);
	// Nothing else was installed.
	await expect( status( page, 'Branding', 'Not Installed' ) ).toBeVisible();

	await card( page, 'Behavior' )
		.getByRole( 'button', { name: 'Deactivate' } )
		.click();
	await expect( status( page, 'Behavior', 'Not Active' ) ).toBeVisible( {
		timeout: 30_000,
	} );
	await page.reload();
	await expect( status( page, 'Behavior', 'Not Active' ) ).toBeVisible();
	expect( addonsState().behavior ).toEqual( {
		installed: true,
		active: false,
	} );

	// Activating reloads the page too, so every screen sees the addon.
	const reloadedAgain = page.waitForEvent( 'load' );
	await card( page, 'Behavior' )
		.getByRole( 'button', { name: 'Activate', exact: true } )
		.click();
	await reloadedAgain;
	await expect( status( page, 'Behavior', 'Active' ) ).toBeVisible();
	expect( addonsState().behavior ).toEqual( {
		installed: true,
		active: true,
	} );
	expect( errors ).toEqual( [] );
} );

test( 'without a valid licence: a warning links to the licence, installed addons ask for it, others for an upgrade', async ( {
	page,
} ) => {
	await page.goto( ADDONS );
	// Left inactive, then the licence goes away.
	await card( page, 'Behavior' )
		.getByRole( 'button', { name: 'Deactivate' } )
		.click();
	await expect( status( page, 'Behavior', 'Not Active' ) ).toBeVisible( {
		timeout: 30_000,
	} );
	site( 'license-reset' );

	await page.reload();
	const warning = app( page )
		.locator( '.components-notice' )
		.filter( { hasText: 'enter a valid license key' } );
	await expect( warning ).toBeVisible();
	await expect(
		warning.getByRole( 'link', { name: 'enter a valid license key' } )
	).toHaveAttribute( 'href', /page=userfeedback_settings#\/general$/ );

	await expect( status( page, 'Behavior', 'Not Active' ) ).toBeVisible();
	await expect(
		card( page, 'Behavior' ).getByRole( 'link', {
			name: 'Activate License',
		} )
	).toHaveAttribute( 'href', /page=userfeedback_settings#\/general$/ );
	await expect(
		card( page, 'Behavior' ).getByRole( 'button', { name: 'Activate' } )
	).toHaveCount( 0 );

	await expect(
		status( page, 'Branding', 'Upgrade Required' )
	).toBeVisible();
	await expect(
		card( page, 'Branding' ).getByRole( 'link', { name: /Upgrade Now/ } )
	).toBeVisible();
	await expect(
		app( page ).getByRole( 'button', { name: 'Install Addon' } )
	).toHaveCount( 0 );
} );
