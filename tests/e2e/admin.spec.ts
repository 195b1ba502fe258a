import { test, expect, type Page } from '@playwright/test';
import { adminStatePath, site } from './fixtures/site';

test.use( { storageState: adminStatePath() } );

// The surveys list sends a site without any survey to the builder (spec 1): one survey
// keeps the Surveys page on its list for these tests.
test.beforeAll( () => {
	site( 'surveys-clear' );
	site( 'survey-create', { title: 'Admin pages survey', status: 'draft' } );
} );

test.afterAll( () => {
	site( 'surveys-clear' );
} );

const PAGES = [
	[ 'surveys', 'Surveys' ],
	[ 'results', 'Results' ],
	[ 'post_ratings', 'Post Ratings' ],
	[ 'settings', 'Settings' ],
	[ 'addons', 'Addons' ],
	[ 'growth_tools', 'Growth Tools' ],
	[ 'about', 'About Us' ],
] as const;

/** Console errors and uncaught exceptions of the page, collected from now on. */
function collectErrors( page: Page ): string[] {
	const errors: string[] = [];
	page.on( 'console', ( message ) => {
		if ( message.type() === 'error' ) {
			errors.push( message.text() );
		}
	} );
	page.on( 'pageerror', ( error ) => errors.push( error.message ) );
	return errors;
}

test( 'the UserFeedback menu lists its seven pages', async ( { page } ) => {
	await page.goto( '/wp-admin/' );
	const menu = page.locator( '#toplevel_page_userfeedback_surveys' );
	await expect( menu.locator( '> a .wp-menu-name' ) ).toHaveText(
		'UserFeedback'
	);
	await expect( menu.locator( '.wp-submenu a' ) ).toHaveText(
		PAGES.map( ( [ , title ] ) => title )
	);
} );

for ( const [ slug, title ] of PAGES ) {
	test( `the ${ title } page mounts its app without console errors`, async ( {
		page,
	} ) => {
		const errors = collectErrors( page );
		await page.goto( `/wp-admin/admin.php?page=userfeedback_${ slug }` );
		await expect(
			page.locator( '#userfeedback-app .userfeedback-header__page' )
		).toBeVisible();
		await expect(
			page
				.locator( '#userfeedback-app .userfeedback-page__title' )
				.first()
		).toBeVisible();
		// The server-rendered placeholder is gone once React has taken over.
		await expect(
			page.locator( '.userfeedback-app__loading' )
		).toHaveCount( 0 );
		expect( errors ).toEqual( [] );
	} );
}

test( 'settings routes: / goes to General, tabs switch screens', async ( {
	page,
} ) => {
	const errors = collectErrors( page );
	await page.goto( '/wp-admin/admin.php?page=userfeedback_settings' );
	await expect( page ).toHaveURL( /#\/general$/ );
	await page.getByRole( 'link', { name: 'Misc' } ).click();
	await expect( page ).toHaveURL( /#\/misc$/ );
	await expect(
		page.getByRole( 'heading', { name: 'Miscellaneous' } )
	).toBeVisible();
	expect( errors ).toEqual( [] );
} );

test( 'Misc settings save through the REST API and survive a reload', async ( {
	page,
} ) => {
	await page.goto( '/wp-admin/admin.php?page=userfeedback_settings#/misc' );
	const minor = page.getByRole( 'radio', { name: /^Minor only/ } );
	const none = page.getByRole( 'radio', { name: /^None/ } );
	await expect( none ).toBeChecked();

	await minor.check();
	const saved = page.waitForResponse(
		( response ) =>
			response.url().includes( 'userfeedback/v1/settings' ) &&
			response.request().method() === 'POST'
	);
	await page.getByRole( 'button', { name: 'Save Settings' } ).click();
	expect( ( await saved ).status() ).toBe( 200 );
	await expect(
		page.locator( '#userfeedback-app' ).getByText( 'Settings saved.' )
	).toBeVisible();

	await page.reload();
	await expect(
		page.getByRole( 'radio', { name: /^Minor only/ } )
	).toBeChecked();

	// Put the default back for the other tests.
	await page.getByRole( 'radio', { name: /^None/ } ).check();
	await page.getByRole( 'button', { name: 'Save Settings' } ).click();
	await expect(
		page.locator( '#userfeedback-app' ).getByText( 'Settings saved.' )
	).toBeVisible();
} );
