/**
 * The welcome screen's setup wizard (issue 7, spec 3 section 2): choose a template and a title,
 * the widget's look, the notification email, then Publish creates and publishes the survey and
 * ends on "Your survey is live". Settings > General's Launch Setup Wizard leads to it, and the
 * plugin's first activation sends the administrator there once.
 */
import { test, expect, type Page } from '@playwright/test';
import { adminStatePath, site } from './fixtures/site';
import { SETTINGS, app, collectErrors } from './fixtures/licensing';
import { surveyBody } from './fixtures/body';

test.use( { storageState: adminStatePath() } );

const WELCOME = '/wp-admin/admin.php?page=userfeedback_welcome';

type StoredSurvey = {
	id: number;
	title: string;
	status: string;
	template: string;
	questions: Array< { title: string } >;
	notifications: Record< string, unknown >;
};
const surveys = () => site< StoredSurvey[] >( 'surveys-list' );

test.beforeEach( () => {
	site( 'batch', [
		{ command: 'entitlements', arg: null },
		{ command: 'settings-reset' },
		{ command: 'surveys-clear' },
		{ command: 'welcome-redirect', arg: false },
	] );
} );

test.afterAll( () => {
	site( 'batch', [
		{ command: 'settings-reset' },
		{ command: 'surveys-clear' },
	] );
} );

const step = ( page: Page, name: string ) =>
	app( page ).getByRole( 'heading', { name, exact: true } );
const next = ( page: Page ) =>
	app( page ).getByRole( 'button', { name: 'Next', exact: true } );

test( 'the wizard creates and publishes a survey and ends on the live screen', async ( {
	page,
} ) => {
	const errors = collectErrors( page );
	const title = 'Tell us about our website';
	await page.goto( WELCOME );

	await expect( step( page, 'Choose a template' ) ).toBeVisible();
	await expect(
		app( page ).getByRole( 'list', { name: 'Setup steps' } )
	).toBeVisible();
	// Next without a template says why and stays.
	await next( page ).click();
	await expect( app( page ).getByRole( 'alert' ) ).toHaveText(
		'Choose a template to continue.'
	);
	const template = app( page ).getByRole( 'button', {
		name: 'Website Experience',
		exact: true,
	} );
	await template.click();
	await expect( template ).toHaveAttribute( 'aria-pressed', 'true' );
	// The title follows the template until the admin types one.
	const titleField = app( page ).getByRole( 'textbox', {
		name: 'Survey title',
	} );
	await expect( titleField ).toHaveValue( 'Website Experience' );
	await titleField.fill( title );
	await next( page ).click();

	await expect( step( page, 'Widget look' ) ).toBeVisible();
	await app( page ).getByRole( 'radio', { name: 'Dark' } ).check();
	await app( page ).getByRole( 'radio', { name: 'Bottom left' } ).check();
	// The preview is the real widget with the chosen template's first question.
	await expect(
		app( page )
			.getByRole( 'region', { name: 'Widget preview' } )
			.getByText(
				'How would you rate your experience on our website today?'
			)
	).toBeVisible();
	await next( page ).click();

	await expect( step( page, 'Notification email' ) ).toBeVisible();
	// Moving on saved the widget look, site-wide.
	expect( site< Record< string, unknown > >( 'settings-get' ) ).toMatchObject(
		{
			widget_theme: 'dark',
			widget_position: 'bottom_left',
		}
	);
	const email = app( page ).getByRole( 'textbox', {
		name: 'Send notifications to',
	} );
	await email.fill( 'owner@example.com, not-an-address' );
	await next( page ).click();
	await expect( app( page ).getByRole( 'alert' ) ).toHaveText(
		'"not-an-address" is not a valid email address.'
	);
	await expect( email ).toHaveAttribute( 'aria-invalid', 'true' );
	await email.fill( 'owner@example.com, team@example.org' );
	await next( page ).click();

	await expect( step( page, 'Publish' ) ).toBeVisible();
	const summary = app( page ).locator( 'dl' );
	await expect( summary ).toContainText( 'Website Experience' );
	await expect( summary ).toContainText( title );
	await expect( summary ).toContainText( 'Dark, Bottom left' );
	await expect( summary ).toContainText(
		'owner@example.com, team@example.org'
	);
	// Nothing is stored before Publish.
	expect( surveys() ).toEqual( [] );
	await app( page ).getByRole( 'button', { name: 'Publish survey' } ).click();

	await expect(
		app( page ).getByRole( 'heading', { name: 'Your survey is live' } )
	).toBeVisible();
	const stored = surveys();
	expect( stored ).toHaveLength( 1 );
	expect( stored[ 0 ] ).toMatchObject( {
		title,
		status: 'publish',
		template: 'website-experience',
		notifications: {
			email: {
				active: true,
				addresses: 'owner@example.com, team@example.org',
			},
		},
	} );
	expect( stored[ 0 ].questions.map( ( q ) => q.title ) ).toEqual( [
		'How would you rate your experience on our website today?',
		'What is one thing we could do to improve our website?',
	] );
	await expect(
		app( page ).getByRole( 'link', { name: 'Edit in the survey builder' } )
	).toHaveAttribute( 'href', new RegExp( `#/edit/${ stored[ 0 ].id }$` ) );

	// Live for visitors: the survey is in the front page's widget config, its title in its body.
	await page.goto( '/' );
	const ids = await page.evaluate( () =>
		(
			window as unknown as {
				userfeedbackConfig: { surveys: Array< { id: number } > };
			}
		 ).userfeedbackConfig.surveys.map( ( { id } ) => id )
	);
	expect( ids ).toContain( stored[ 0 ].id );
	expect(
		( await surveyBody( page, ids.indexOf( stored[ 0 ].id ) ) ).survey.title
	).toBe( title );
	expect( errors ).toEqual( [] );
} );

test( 'Launch Setup Wizard on Settings > General opens the wizard', async ( {
	page,
} ) => {
	await page.goto( `${ SETTINGS }#/general` );
	await app( page )
		.getByRole( 'link', { name: 'Launch Setup Wizard' } )
		.click();
	await page.waitForURL( /page=userfeedback_welcome/ );
	await expect( step( page, 'Choose a template' ) ).toBeVisible();
} );

test( 'the first activation sends the administrator to the wizard, once', async ( {
	page,
} ) => {
	site( 'welcome-redirect', true );
	await page.goto( '/wp-admin/' );
	await page.waitForURL( /page=userfeedback_welcome/ );
	await expect( step( page, 'Choose a template' ) ).toBeVisible();

	await page.goto( '/wp-admin/' );
	await expect( page ).toHaveURL( /\/wp-admin\/(index\.php)?$/ );
} );
