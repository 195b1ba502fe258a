/**
 * The settings tabs with a Save button (issue 6, spec 3 sections 2 to 5): Widget, Email, Access
 * and Misc each save through the REST API, say 'Settings saved.', and show the saved values after
 * a reload; the stored settings are checked too. Email refuses an invalid address with
 * 'Please fix errors on this page.' on the screen, the server with the address named, and
 * saves nothing. Pro entitlements with every addon
 * (branding: colours, positions), except for the Lite Access check at the end.
 */
import { test, expect, type Page, type Response } from '@playwright/test';
import { adminStatePath, site } from './fixtures/site';
import { SETTINGS, app, collectErrors } from './fixtures/licensing';
import { ELITE, onlySurvey, question } from './fixtures/visitor';

test.use( { storageState: adminStatePath() } );

type StoredSettings = Record< string, unknown >;
const stored = () => site< StoredSettings >( 'settings-get' );

test.beforeAll( () => {
	site( 'batch', [
		{ command: 'entitlements', arg: ELITE },
		{ command: 'settings-reset' },
	] );
	// The widget preview draws a survey of the site.
	onlySurvey( [ question( 1, 'text', 'What could we do better?' ) ], {
		title: 'Settings preview survey',
	} );
} );

test.afterAll( () => {
	site( 'batch', [
		{ command: 'settings-reset' },
		{ command: 'surveys-clear' },
		{ command: 'entitlements', arg: null },
	] );
} );

const settingsPosts = ( page: Page ): Response[] => {
	const posts: Response[] = [];
	page.on( 'response', ( response ) => {
		if (
			response.url().includes( 'userfeedback/v1/settings' ) &&
			response.request().method() === 'POST'
		) {
			posts.push( response );
		}
	} );
	return posts;
};

/**
 * Clicks Save Settings and waits for the REST answer and the notice.
 *
 * @param page The admin's page.
 */
async function save( page: Page ) {
	const saved = page.waitForResponse(
		( response ) =>
			response.url().includes( 'userfeedback/v1/settings' ) &&
			response.request().method() === 'POST'
	);
	await app( page ).getByRole( 'button', { name: 'Save Settings' } ).click();
	const response = await saved;
	expect( response.status(), await response.text() ).toBe( 200 );
	await expect( app( page ).getByText( 'Settings saved.' ) ).toBeVisible();
}

test( 'Widget: colours, position and button labels are saved, previewed and kept', async ( {
	page,
} ) => {
	const errors = collectErrors( page );
	await page.goto( `${ SETTINGS }#/widget` );
	await expect(
		app( page ).getByRole( 'heading', { name: 'Widget Settings' } )
	).toBeVisible();
	const skip = app( page ).getByRole( 'textbox', {
		name: 'Skip button text',
	} );
	await expect( skip ).toHaveValue( 'Skip' );
	const preview = app( page ).getByRole( 'region', {
		name: 'Widget preview',
	} );
	await expect(
		preview.getByRole( 'button', { name: 'Skip', exact: true } )
	).toBeVisible();

	await app( page )
		.getByLabel( 'Background colour', { exact: true } )
		.fill( '#123456' );
	await app( page ).getByRole( 'radio', { name: 'Middle left' } ).check();
	await skip.fill( 'Not now' );
	await app( page )
		.getByRole( 'textbox', { name: 'Next button text' } )
		.fill( 'Onward' );
	// The live preview follows the form before anything is saved.
	await expect(
		preview.getByRole( 'button', { name: 'Not now', exact: true } )
	).toBeVisible();

	await save( page );
	expect( stored() ).toMatchObject( {
		skip_text: 'Not now',
		next_text: 'Onward',
		widget_position: 'middle_left',
	} );
	expect( String( stored().widget_color ).toLowerCase() ).toBe( '#123456' );

	await page.reload();
	await expect(
		app( page ).getByRole( 'textbox', { name: 'Skip button text' } )
	).toHaveValue( 'Not now' );
	await expect(
		app( page ).getByRole( 'textbox', { name: 'Next button text' } )
	).toHaveValue( 'Onward' );
	await expect(
		app( page ).getByRole( 'radio', { name: 'Middle left' } )
	).toBeChecked();
	await expect(
		app( page ).getByLabel( 'Background colour', { exact: true } )
	).toHaveValue( '#123456' );
	expect( errors ).toEqual( [] );
} );

test( 'Email: recipients are saved; an invalid address is refused and nothing is saved', async ( {
	page,
} ) => {
	const errors = collectErrors( page );
	await page.goto( `${ SETTINGS }#/email` );
	const field = app( page ).getByRole( 'textbox', {
		name: 'Send notifications to',
	} );
	await field.fill( 'owner@example.com, team@example.org' );
	await save( page );
	expect( stored().notifications_recipients ).toBe(
		'owner@example.com, team@example.org'
	);

	await page.reload();
	await expect( field ).toHaveValue( 'owner@example.com, team@example.org' );

	const posts = settingsPosts( page );
	await field.fill( 'owner@example.com, not-an-address' );
	await app( page ).getByRole( 'button', { name: 'Save Settings' } ).click();
	await expect(
		page.getByText( 'Please fix errors on this page.' ).first()
	).toBeVisible();
	await expect( field ).toHaveAttribute( 'aria-invalid', 'true' );
	await expect( app( page ).getByText( 'Settings saved.' ) ).toHaveCount( 0 );
	expect( posts ).toHaveLength( 0 );
	expect( stored().notifications_recipients ).toBe(
		'owner@example.com, team@example.org'
	);

	await page.reload();
	await expect( field ).toHaveValue( 'owner@example.com, team@example.org' );
	expect( errors ).toEqual( [] );
} );

test( 'Email: the server refuses an invalid address that reaches it', async ( {
	page,
} ) => {
	// The screen checks before it sends; the REST route checks on its own.
	await page.goto( `${ SETTINGS }#/email` );
	const nonce = await app( page ).evaluate(
		( el ) =>
			JSON.parse( el.getAttribute( 'data-config' ) || '{}' ).rest
				?.nonce as string
	);
	expect( nonce, 'a REST nonce on the page' ).toBeTruthy();
	const response = await page.request.post(
		'/?rest_route=/userfeedback/v1/settings',
		{
			headers: { 'X-WP-Nonce': nonce },
			data: { notifications_recipients: 'someone@example.com, nope' },
		}
	);
	expect( response.status() ).toBe( 400 );
	// The refusal names the field's problem in words (issue 17 item 8).
	const refusal = await response.json();
	expect( refusal.message ).toBe( '"nope" is not a valid email address.' );
	expect( refusal.data.fields ).toEqual( {
		notifications_recipients: '"nope" is not a valid email address.',
	} );
	expect( stored().notifications_recipients ).not.toContain( 'nope' );
} );

test( 'Access: a role added to a list is saved and kept (Pro)', async ( {
	page,
} ) => {
	const label = 'Delete surveys and responses';
	const errors = collectErrors( page );
	await page.goto( `${ SETTINGS }#/access` );
	const field = app( page ).getByRole( 'combobox', { name: label } );
	const chosen = app( page ).getByRole( 'list', {
		name: `${ label }: chosen`,
	} );
	await expect( chosen ).toContainText( 'Administrator' );
	await expect( chosen ).not.toContainText( 'Author' );

	await field.click();
	await app( page )
		.getByRole( 'listbox', { name: label } )
		.getByRole( 'option', { name: 'Author', exact: true } )
		.click();
	await field.press( 'Escape' );
	await expect( chosen ).toContainText( 'Author' );
	await save( page );
	expect( stored().delete_surveys ).toContain( 'author' );

	await page.reload();
	await expect( chosen ).toContainText( 'Author' );

	// And taken out again.
	await chosen.getByRole( 'button', { name: 'Remove Author' } ).click();
	await expect( chosen ).not.toContainText( 'Author' );
	await save( page );
	expect( stored().delete_surveys ).not.toContain( 'author' );
	await page.reload();
	await expect( chosen ).toContainText( 'Administrator' );
	await expect( chosen ).not.toContainText( 'Author' );
	expect( errors ).toEqual( [] );
} );

test( 'Misc: checkboxes and radios are saved and kept', async ( { page } ) => {
	const errors = collectErrors( page );
	await page.goto( `${ SETTINGS }#/misc` );
	const tracking = app( page ).getByRole( 'checkbox', {
		name: 'Allow usage tracking',
	} );
	const summaries = app( page ).getByRole( 'checkbox', {
		name: 'Disable weekly email summaries',
	} );
	const all = app( page ).getByRole( 'radio', {
		name: /^Yes \(recommended\)/,
	} );
	const plain = app( page ).getByRole( 'radio', { name: 'Plain text' } );
	await expect(
		app( page ).getByRole( 'radio', { name: /^None/ } )
	).toBeChecked();
	await expect( tracking ).not.toBeChecked();

	await tracking.check();
	await all.check();
	await plain.check();
	await summaries.check();
	await save( page );
	expect( stored() ).toMatchObject( {
		allow_usage_tracking: true,
		automatic_updates: 'all',
		summaries_html_template: false,
		summaries_disabled: true,
	} );

	await page.reload();
	await expect( tracking ).toBeChecked();
	await expect( all ).toBeChecked();
	await expect( plain ).toBeChecked();
	await expect( summaries ).toBeChecked();
	expect( errors ).toEqual( [] );
} );

test( 'Access on Lite: the lists are disabled under an upgrade prompt', async ( {
	page,
} ) => {
	site( 'entitlements', null );
	try {
		await page.goto( `${ SETTINGS }#/access` );
		await expect(
			app( page ).getByRole( 'heading', {
				name: 'Access Control is a Pro feature',
			} )
		).toBeVisible();
		await expect(
			app( page ).getByRole( 'combobox', {
				name: 'View results and responses',
			} )
		).toBeDisabled();
		await expect(
			app( page ).getByRole( 'button', { name: 'Save Settings' } )
		).toHaveCount( 0 );
	} finally {
		site( 'entitlements', ELITE );
	}
} );
