/**
 * Access control (issue 6, spec 3 sections 2 and 6): with Pro entitlements the admin lets
 * Editors view results and responses on Settings > Access; an Editor then reaches the Results
 * screen, and still not the survey builder.
 */
import { test, expect, type Page } from '@playwright/test';
import { adminStatePath, site } from './fixtures/site';
import {
	SETTINGS,
	app,
	collectErrors,
	loggedIn,
	userWithRole,
	type E2eUser,
} from './fixtures/licensing';
import { RESULTS } from './fixtures/results';

test.use( { storageState: adminStatePath() } );

const SURVEYS = '/wp-admin/admin.php?page=userfeedback_surveys';
const REFUSED = 'Sorry, you are not allowed to access this page.';
const TITLE = 'Access survey';
const VIEW_RESULTS = 'View results and responses';

/** Pro with a licence (access_control is a Plus feature), no addons needed. */
const PRO = {
	edition: 'pro',
	license_type: 'pro',
	licensed: true,
	addons: [],
};

let editor: E2eUser;

test.beforeAll( () => {
	site( 'batch', [
		{ command: 'entitlements', arg: PRO },
		// No role but the managers' in the Access lists, the roles' capabilities to match.
		{ command: 'settings-reset' },
		{ command: 'surveys-clear' },
		{ command: 'survey-create', arg: { title: TITLE, status: 'publish' } },
	] );
	editor = userWithRole( 'e2e-editor', 'editor' );
} );

test.afterAll( () => {
	site( 'batch', [
		{ command: 'settings-reset' },
		{ command: 'surveys-clear' },
		{ command: 'entitlements', arg: null },
	] );
} );

/** The chosen roles of one of the Access screen's multi-selects. */
const chosen = ( page: Page, label: string ) =>
	app( page ).getByRole( 'list', { name: `${ label }: chosen` } );

test( 'an Editor given "View results and responses" reaches Results but not the builder', async ( {
	page,
	browser,
} ) => {
	// Before: the Editor has no UserFeedback screen at all.
	{
		const { context, page: editorPage } = await loggedIn( browser, editor );
		await editorPage.goto( RESULTS );
		await expect( editorPage.getByText( REFUSED ) ).toBeVisible();
		await context.close();
	}

	const errors = collectErrors( page );
	await page.goto( `${ SETTINGS }#/access` );
	const field = app( page ).getByRole( 'combobox', { name: VIEW_RESULTS } );
	await expect( field ).toBeEnabled();
	// Administrators are always in, and cannot be taken out.
	await expect( chosen( page, VIEW_RESULTS ) ).toContainText(
		'Administrator'
	);
	await expect(
		chosen( page, VIEW_RESULTS ).getByRole( 'button', {
			name: 'Remove Administrator',
		} )
	).toHaveCount( 0 );
	await expect( chosen( page, VIEW_RESULTS ) ).not.toContainText( 'Editor' );

	await field.click();
	await app( page )
		.getByRole( 'listbox', { name: VIEW_RESULTS } )
		.getByRole( 'option', { name: 'Editor', exact: true } )
		.click();
	await field.press( 'Escape' );
	await expect( chosen( page, VIEW_RESULTS ) ).toContainText( 'Editor' );
	// The other two lists are left alone.
	for ( const other of [
		'Create and edit surveys',
		'Delete surveys and responses',
	] ) {
		await expect( chosen( page, other ) ).not.toContainText( 'Editor' );
	}

	const saved = page.waitForResponse(
		( response ) =>
			response.url().includes( 'userfeedback/v1/settings' ) &&
			response.request().method() === 'POST'
	);
	await app( page ).getByRole( 'button', { name: 'Save Settings' } ).click();
	expect( ( await saved ).status() ).toBe( 200 );
	await expect( app( page ).getByText( 'Settings saved.' ) ).toBeVisible();
	await page.reload();
	await expect( chosen( page, VIEW_RESULTS ) ).toContainText( 'Editor' );
	expect( errors ).toEqual( [] );

	// The Editor now has the Results screen, with the survey's results.
	const { context, page: editorPage } = await loggedIn( browser, editor );
	const editorErrors = collectErrors( editorPage );
	await editorPage.goto( RESULTS );
	await expect(
		app( editorPage ).locator( '.userfeedback-header__page' )
	).toBeVisible();
	await expect(
		app( editorPage ).getByRole( 'link', { name: TITLE } ).first()
	).toBeVisible();
	const menu = editorPage.locator( '#adminmenu' );
	await expect(
		menu.getByRole( 'link', { name: 'Results', exact: true } )
	).toBeVisible();
	await expect(
		menu.getByRole( 'link', { name: 'Surveys', exact: true } )
	).toHaveCount( 0 );
	expect( editorErrors ).toEqual( [] );

	// The builder stays closed to them.
	await editorPage.goto( SURVEYS );
	await expect( editorPage.getByText( REFUSED ) ).toBeVisible();
	await expect( app( editorPage ) ).toHaveCount( 0 );
	await context.close();
} );
