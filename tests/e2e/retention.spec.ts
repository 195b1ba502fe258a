/**
 * Retention (issue 16): the admin turns on "Delete old responses" in Settings > Misc and saves it;
 * and deletes every response of a survey from its responses screen, after typing the survey's
 * title, and sees the empty list (nothing of the survey left in the database).
 */
import { test, expect, type Page } from '@playwright/test';
import { adminStatePath, site } from './fixtures/site';
import { SETTINGS, app, collectErrors } from './fixtures/licensing';
import {
	onlySurvey,
	question,
	siteBatch,
	storedResponses,
} from './fixtures/visitor';
import { postResponse, responsesUrl } from './fixtures/results';

test.use( { storageState: adminStatePath() } );

const TITLE = 'Retention survey';

test.beforeAll( () => {
	// Lite: deleting all of a survey's responses is every edition's tool.
	siteBatch( [
		{ command: 'entitlements', arg: null },
		{ command: 'settings-reset' },
	] );
} );

test.afterAll( () => {
	siteBatch( [
		{ command: 'settings-reset' },
		{ command: 'surveys-clear' },
	] );
} );

async function saveSettings( page: Page ) {
	const saved = page.waitForResponse(
		( response ) =>
			response.url().includes( 'userfeedback/v1/settings' ) &&
			response.request().method() === 'POST'
	);
	await app( page ).getByRole( 'button', { name: 'Save Settings' } ).click();
	expect( ( await saved ).status() ).toBe( 200 );
	await expect(
		app( page ).getByText( 'Settings saved.' ).last()
	).toBeVisible();
}

test( 'the admin turns on deleting responses older than 30 days', async ( {
	page,
} ) => {
	const errors = collectErrors( page );
	await page.goto( `${ SETTINGS }#/misc` );
	await expect(
		app( page ).getByRole( 'heading', { name: 'Data retention' } )
	).toBeVisible();
	const toggle = app( page ).getByRole( 'checkbox', {
		name: 'Delete old responses',
	} );
	await expect( toggle ).not.toBeChecked();

	await toggle.check();
	const days = app( page ).getByRole( 'spinbutton', {
		name: 'Delete responses older than (days)',
	} );
	await expect( days ).toHaveValue( '365' );
	await days.fill( '30' );
	await saveSettings( page );
	expect(
		site< Record< string, unknown > >( 'settings-get' ).retention_days
	).toBe( 30 );

	await page.reload();
	await expect( toggle ).toBeChecked();
	await expect( days ).toHaveValue( '30' );

	await toggle.uncheck();
	await saveSettings( page );
	expect(
		site< Record< string, unknown > >( 'settings-get' ).retention_days
	).toBe( 0 );
	expect( errors ).toEqual( [] );
} );

test( 'the admin deletes all responses of a survey after confirming', async ( {
	page,
} ) => {
	const errors = collectErrors( page );
	const surveyId = onlySurvey(
		[ question( 1, 'text', 'What brought you here?' ) ],
		{ title: TITLE }
	);
	for ( const answer of [ 'Search', 'A friend', 'An ad' ] ) {
		await postResponse( page.request, surveyId, [
			{ question_id: 1, value: answer },
		] );
	}
	expect( storedResponses( surveyId ) ).toHaveLength( 3 );

	await page.goto( responsesUrl( surveyId ) );
	const table = app( page ).getByRole( 'table', { name: /responses/i } );
	await expect( table.getByText( 'A friend' ) ).toBeVisible();

	await app( page )
		.getByRole( 'button', { name: 'Delete all responses' } )
		.click();
	const dialog = page.getByRole( 'dialog', {
		name: 'Delete all responses?',
	} );
	await expect( dialog ).toContainText(
		`All 3 responses of "${ TITLE }" (completed, partial and in the trash) will be deleted permanently`
	);
	const confirm = dialog.getByRole( 'button', {
		name: 'Delete all responses',
	} );
	await expect( confirm ).toBeDisabled();
	// The keyboard starts in the field, and the title may be typed in any letter case.
	const field = dialog.getByRole( 'textbox', {
		name: `Type "${ TITLE }" to confirm`,
	} );
	await expect( field ).toBeFocused();
	await page.keyboard.type( TITLE.toLowerCase() );
	await expect( field ).toHaveValue( TITLE.toLowerCase() );
	await confirm.click();

	await expect(
		app( page ).getByText( '3 responses permanently deleted.' )
	).toBeVisible();
	await expect( dialog ).toBeHidden();
	await expect( table.getByText( 'No Results Found' ) ).toBeVisible();
	expect( storedResponses( surveyId ) ).toEqual( [] );
	expect( errors ).toEqual( [] );
} );
