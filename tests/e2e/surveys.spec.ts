import { test, expect, type Locator, type Page } from '@playwright/test';
import { adminStatePath, site, type SurveyInput } from './fixtures/site';

test.use( { storageState: adminStatePath() } );

const SURVEYS = '/wp-admin/admin.php?page=userfeedback_surveys';

const ELITE = {
	edition: 'pro',
	license_type: 'elite',
	licensed: true,
	addons: [
		'behavior',
		'branding',
		'targeting',
		'templates',
		'question-types',
	],
};

const QUESTIONS = [
	{
		id: 1,
		type: 'radio-button',
		title: 'Did you find what you were looking for?',
		config: { options: [ 'Yes', 'No' ] },
		settings: {},
	},
];

function createSurvey( input: SurveyInput = {} ): number {
	return site< { id: number } >( 'survey-create', {
		title: 'A survey',
		status: 'draft',
		questions: QUESTIONS,
		...input,
	} ).id;
}

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

/** The quick filter links above the list: All, Published, Scheduled, Draft, Trash. */
function quickFilters( page: Page ): Locator {
	return page.getByRole( 'list', { name: 'Filter Surveys' } );
}

function quickFilter( page: Page, label: string ): Locator {
	return quickFilters( page ).getByRole( 'button', {
		name: new RegExp( `^${ label } \\(\\d+\\)$` ),
	} );
}

/** Every quick filter's count, e.g. { All: 3, Published: 1, ... }. */
async function expectCounts( page: Page, counts: Record< string, number > ) {
	for ( const [ label, count ] of Object.entries( counts ) ) {
		await expect( quickFilter( page, label ) ).toHaveText(
			`${ label } (${ count })`
		);
	}
}

/** A toast in the app's notices area (Notice also speaks its text in a live region). */
function notice( page: Page, text: string | RegExp ): Locator {
	return page.locator( '#userfeedback-app' ).getByText( text );
}

function surveysTable( page: Page ): Locator {
	return page.getByRole( 'table', { name: 'Surveys' } );
}

/** The list's row of a survey, found by its title link or text. */
function surveyRow( page: Page, title: string ): Locator {
	return surveysTable( page )
		.getByRole( 'row' )
		.filter( {
			has: page.getByRole( 'rowheader' ).getByText( title, {
				exact: true,
			} ),
		} );
}

/** Waits until the list has answered and is not fetching. */
async function expectListLoaded( page: Page ) {
	await expect( surveysTable( page ) ).toHaveAttribute(
		'aria-busy',
		'false'
	);
}

async function nextStep( page: Page, title: string ) {
	await page.getByRole( 'button', { name: `Next Step: ${ title }` } ).click();
}

/** The step the builder's header marks as current. */
function currentStep( page: Page ): Locator {
	return page
		.getByRole( 'navigation', { name: 'Survey builder steps' } )
		.locator( '[aria-current="step"]' );
}

/**
 * The date a day from now in the site's time zone, as YYYY-MM-DD.
 *
 * @param timeZone An IANA name, or an offset such as '+05:30' (WordPress's manual offsets).
 */
function tomorrowIn( timeZone: string ): string {
	const tomorrow = Date.now() + 24 * 60 * 60 * 1000;
	const offset = /^([+-])(\d{2}):(\d{2})$/.exec( timeZone );
	if ( offset ) {
		const minutes =
			( offset[ 1 ] === '-' ? -1 : 1 ) *
			( Number( offset[ 2 ] ) * 60 + Number( offset[ 3 ] ) );
		return new Date( tomorrow + minutes * 60 * 1000 )
			.toISOString()
			.slice( 0, 10 );
	}
	return new Intl.DateTimeFormat( 'en-CA', {
		timeZone: timeZone || 'UTC',
		year: 'numeric',
		month: '2-digit',
		day: '2-digit',
	} ).format( new Date( tomorrow ) );
}

test.beforeEach( () => {
	site( 'entitlements', null );
	site( 'surveys-clear' );
} );

test.afterAll( () => {
	site( 'entitlements', null );
	site( 'surveys-clear' );
} );

test( 'a new admin builds a survey from a template through every step and publishes it', async ( {
	page,
} ) => {
	const errors = collectErrors( page );
	const title = 'Website visit check';
	const question = 'How was your visit to our website today?';

	await page.goto( SURVEYS );
	// No survey at all: the list sends the admin to the builder's first step.
	await expect( page ).toHaveURL( /#\/new\/setup$/ );
	await expect(
		page.getByRole( 'heading', { name: 'Select a Template' } )
	).toBeVisible();
	await expect( currentStep( page ) ).toHaveText( /Setup/ );

	// Setup: choosing a template applies it and moves on.
	await page
		.getByRole( 'button', { name: 'Website Experience', exact: true } )
		.click();
	await expect( page ).toHaveURL( /#\/new\/questions$/ );
	await expect( currentStep( page ) ).toHaveText( /Questions/ );
	await expect(
		page.getByRole( 'heading', { name: 'Website Experience', level: 2 } )
	).toBeVisible();

	// Questions: the editable title (Enter saves) and a question's title.
	await page.getByRole( 'button', { name: 'Edit survey title' } ).click();
	const titleField = page.getByRole( 'textbox', { name: 'Survey title' } );
	await titleField.fill( title );
	await titleField.press( 'Enter' );
	await expect(
		page.getByRole( 'heading', { name: title, level: 2 } )
	).toBeVisible();

	const firstQuestion = page.getByRole( 'listitem', {
		name: /^Question 1:/,
	} );
	await expect( firstQuestion ).toHaveAccessibleName(
		'Question 1: How would you rate your experience on our website today?'
	);
	await firstQuestion
		.getByRole( 'textbox', { name: 'Question Title' } )
		.fill( question );
	await expect( firstQuestion ).toHaveAccessibleName(
		`Question 1: ${ question }`
	);
	await expect(
		page.getByRole( 'listitem', { name: /^Question 2:/ } )
	).toBeVisible();

	// Settings: the three cards. On Lite everything but the defaults is locked (the
	// upgrade test checks that), and tracking follows the analytics plugin, so the
	// defaults are kept here.
	await nextStep( page, 'Settings' );
	await expect( currentStep( page ) ).toHaveText( /Settings/ );
	for ( const card of [ 'Tracking', 'Targeting', 'Behavior' ] ) {
		await expect(
			page.getByRole( 'heading', { name: card, level: 3 } )
		).toBeVisible();
	}
	await expect(
		page.getByRole( 'checkbox', { name: 'Enable Tracking' } )
	).toBeVisible();
	await expect(
		page.getByRole( 'radio', { name: 'All pages' } )
	).toBeChecked();
	await expect(
		page.getByRole( 'radio', { name: 'Immediately' } )
	).toBeChecked();
	await expect(
		page.getByRole( 'radio', { name: 'Until the visitor responds' } )
	).toBeChecked();

	// Workflow: the email address.
	await nextStep( page, 'Workflow' );
	await expect( currentStep( page ) ).toHaveText( /Workflow/ );
	await expect(
		page.getByRole( 'heading', { name: 'Send Email' } )
	).toBeVisible();
	const sendTo = page.getByRole( 'textbox', { name: 'Send to' } );
	await sendTo.fill( 'team@example.com, owner@example.com' );

	// Publish: a new survey defaults to Publish.
	await nextStep( page, 'Publish' );
	await expect( currentStep( page ) ).toHaveText( /Publish/ );
	await expect(
		page.getByRole( 'radio', { name: 'Publish' } )
	).toBeChecked();
	await expect(
		page.getByRole( 'button', { name: 'Next Step', exact: false } )
	).toHaveCount( 0 );

	const created = page.waitForResponse(
		( response ) =>
			/\/userfeedback\/v1\/surveys(\?|$)/.test( response.url() ) &&
			response.request().method() === 'POST'
	);
	// The Publish step has its primary action in the header and at the bottom (issue 17
	// item 8): the bottom one, where the summary ends.
	await page
		.getByRole( 'button', { name: 'Save and Publish' } )
		.last()
		.click();
	expect( ( await created ).status() ).toBe( 201 );
	// The answer is the survey itself, with its Location and the save's notes.
	const survey = await ( await created ).json();
	expect( ( await created ).headers().location ).toMatch(
		new RegExp( `/userfeedback/v1/surveys/${ survey.id }$` )
	);
	expect(
		JSON.parse( ( await created ).headers()[ 'x-userfeedback-notes' ] )
	).toMatchObject( { published: true } );

	// Back on the list, published.
	await expect( page ).toHaveURL( /#\/$/ );
	await expectListLoaded( page );
	await expect(
		surveyRow( page, title ).getByRole( 'cell' ).getByText( 'Published' )
	).toBeVisible();
	await expectCounts( page, { All: 1, Published: 1, Draft: 0 } );

	// Reload, open it again: what was changed came back from GET surveys/{id}.
	await page.reload();
	const loaded = page.waitForResponse(
		( response ) =>
			response
				.url()
				.includes( `/userfeedback/v1/surveys/${ survey.id }` ) &&
			response.request().method() === 'GET'
	);
	await surveyRow( page, title )
		.getByRole( 'link', { name: title, exact: true } )
		.click();
	expect( ( await loaded ).status() ).toBe( 200 );
	await expect( page ).toHaveURL(
		new RegExp( `#/edit/${ survey.id }/questions$` )
	);
	await expect(
		page.getByRole( 'heading', { name: title, level: 2 } )
	).toBeVisible();
	await expect(
		page.getByRole( 'listitem', { name: /^Question 1:/ } )
	).toHaveAccessibleName( `Question 1: ${ question }` );
	await expect(
		page
			.getByRole( 'listitem', { name: /^Question 1:/ } )
			.getByRole( 'textbox', { name: 'Question Title' } )
	).toHaveValue( question );

	await nextStep( page, 'Settings' );
	await expect(
		page.getByRole( 'heading', { name: 'Behavior', level: 3 } )
	).toBeVisible();
	await nextStep( page, 'Workflow' );
	await expect(
		page.getByRole( 'textbox', { name: 'Send to' } )
	).toHaveValue( 'team@example.com, owner@example.com' );
	await nextStep( page, 'Publish' );
	await expect(
		page.getByRole( 'radio', { name: 'Publish' } )
	).toBeChecked();

	// A visitor on the front page gets the widget for it.
	await page.context().clearCookies();
	await page.goto( '/' );
	const dialog = page.getByRole( 'dialog', { name: title } );
	await expect( dialog ).toBeVisible();
	await expect( dialog.getByText( question ) ).toBeVisible();
	expect( errors ).toEqual( [] );
} );

test( 'Pro elite: a survey scheduled for tomorrow is listed as Scheduled', async ( {
	page,
} ) => {
	const errors = collectErrors( page );
	site( 'entitlements', ELITE );
	const title = 'Launch day survey';
	const id = createSurvey( { title } );

	await page.goto( `${ SURVEYS }#/edit/${ id }/publish` );
	await expect( currentStep( page ) ).toHaveText( /Publish/ );
	// In the header and at the bottom of the step (issue 17 item 8).
	await expect(
		page.getByRole( 'button', { name: 'Save as Draft' } )
	).toHaveCount( 2 );

	const schedule = page.getByRole( 'checkbox', { name: 'Schedule' } );
	await expect( schedule ).toBeEnabled();
	await schedule.check();
	// Scheduling a draft publishes it later; Save waits for a complete time.
	await expect(
		page.getByRole( 'radio', { name: 'Publish' } )
	).toBeChecked();
	const save = page
		.getByRole( 'button', { name: 'Save and Schedule' } )
		.first();
	await expect( save ).toBeDisabled();

	const zone = (
		await page.getByText( /^Times are in the site’s time zone/ ).innerText()
	).replace( /^.*\((.*)\)\.?$/, '$1' );
	const date = tomorrowIn( zone );
	await page.getByLabel( 'Date' ).fill( date );
	await page.getByRole( 'combobox', { name: 'Hour' } ).selectOption( '10' );
	await page
		.getByRole( 'combobox', { name: 'Minutes' } )
		.selectOption( '30' );
	await expect( save ).toBeDisabled();
	await page.getByRole( 'combobox', { name: 'AM/PM' } ).selectOption( 'am' );
	await expect( save ).toBeEnabled();

	const saved = page.waitForResponse(
		( response ) =>
			response.url().includes( `/userfeedback/v1/surveys/${ id }` ) &&
			response.request().method() === 'POST'
	);
	await save.click();
	const result = await ( await saved ).json();
	expect( result.publish_at_local ).toBe( `${ date }T10:30:00` );
	expect( result.display_status ).toBe( 'scheduled' );
	await expect( notice( page, /^Your Survey was Saved! - / ) ).toBeVisible();

	await page.getByRole( 'link', { name: 'View Surveys' } ).click();
	await expect( page ).toHaveURL( /#\/$/ );
	await expectListLoaded( page );
	await expect(
		surveyRow( page, title ).getByRole( 'cell' ).getByText( 'Scheduled' )
	).toBeVisible();
	await expectCounts( page, {
		All: 1,
		Published: 0,
		Scheduled: 1,
		Draft: 0,
	} );

	await quickFilter( page, 'Scheduled' ).click();
	await expect( quickFilter( page, 'Scheduled' ) ).toHaveAttribute(
		'aria-current',
		'true'
	);
	await expect( surveysTable( page ).getByRole( 'rowheader' ) ).toHaveText( [
		new RegExp( title ),
	] );

	// Opening it again shows the schedule as it was chosen.
	await surveyRow( page, title )
		.getByRole( 'link', { name: title, exact: true } )
		.click();
	await nextStep( page, 'Settings' );
	await nextStep( page, 'Workflow' );
	await nextStep( page, 'Publish' );
	await expect(
		page.getByRole( 'checkbox', { name: 'Schedule' } )
	).toBeChecked();
	await expect( page.getByLabel( 'Date' ) ).toHaveValue( date );
	await expect( page.getByRole( 'combobox', { name: 'Hour' } ) ).toHaveValue(
		'10'
	);
	await expect(
		page.getByRole( 'combobox', { name: 'Minutes' } )
	).toHaveValue( '30' );
	await expect( page.getByRole( 'combobox', { name: 'AM/PM' } ) ).toHaveValue(
		'am'
	);
	expect( errors ).toEqual( [] );
} );

test( 'bulk actions: trash two surveys, restore one, delete the other for good', async ( {
	page,
} ) => {
	const errors = collectErrors( page );
	createSurvey( { title: 'Alpha survey', status: 'publish' } );
	createSurvey( { title: 'Bravo survey' } );
	createSurvey( { title: 'Charlie survey' } );

	await page.goto( SURVEYS );
	await expectListLoaded( page );
	await expectCounts( page, {
		All: 3,
		Published: 1,
		Scheduled: 0,
		Draft: 2,
		Trash: 0,
	} );

	const bulk = page.getByRole( 'combobox', { name: 'Select bulk action' } );
	const apply = page.getByRole( 'button', { name: 'Apply', exact: true } );

	await page.getByRole( 'checkbox', { name: 'Select Alpha survey' } ).check();
	await page.getByRole( 'checkbox', { name: 'Select Bravo survey' } ).check();
	await bulk.selectOption( { label: 'Trash' } );
	await apply.click();
	await expect(
		notice( page, '2 surveys moved to the Trash.' )
	).toBeVisible();
	await expectCounts( page, {
		All: 1,
		Published: 0,
		Draft: 1,
		Trash: 2,
	} );
	await expect( surveysTable( page ).getByRole( 'rowheader' ) ).toHaveText( [
		/Charlie survey/,
	] );

	// The Trash view lists them, with the trash's own bulk actions.
	await quickFilter( page, 'Trash' ).click();
	await expect( surveysTable( page ).getByRole( 'rowheader' ) ).toHaveText( [
		/Bravo survey/,
		/Alpha survey/,
	] );
	await expect( bulk.getByRole( 'option' ) ).toHaveText( [
		'Bulk actions',
		'Restore',
		'Delete Permanently',
	] );

	await page.getByRole( 'checkbox', { name: 'Select Alpha survey' } ).check();
	await bulk.selectOption( { label: 'Restore' } );
	await apply.click();
	await expect(
		notice( page, '1 survey restored from the Trash.' )
	).toBeVisible();
	await expectCounts( page, { All: 2, Published: 0, Draft: 2, Trash: 1 } );
	await expect( quickFilter( page, 'Trash' ) ).toHaveAttribute(
		'aria-current',
		'true'
	);
	await expect( surveysTable( page ).getByRole( 'rowheader' ) ).toHaveText( [
		/Bravo survey/,
	] );

	await page.getByRole( 'checkbox', { name: 'Select Bravo survey' } ).check();
	await bulk.selectOption( { label: 'Delete Permanently' } );
	await apply.click();
	const confirm = page.getByRole( 'dialog', { name: 'Delete permanently?' } );
	await expect( confirm ).toContainText( '“Bravo survey”' );
	await confirm.getByRole( 'button', { name: 'Delete permanently' } ).click();
	await expect( confirm ).toHaveCount( 0 );
	await expect(
		notice( page, '1 survey permanently deleted.' )
	).toBeVisible();
	await expectCounts( page, {
		All: 2,
		Published: 0,
		Scheduled: 0,
		Draft: 2,
		Trash: 0,
	} );
	// Everything shown was acted on: the view goes back to All.
	await expect( quickFilter( page, 'All' ) ).toHaveAttribute(
		'aria-current',
		'true'
	);
	await expect( surveysTable( page ).getByRole( 'rowheader' ) ).toHaveText( [
		/Charlie survey/,
		/Alpha survey/,
	] );
	expect( errors ).toEqual( [] );
} );

test( 'Duplicate opens the copy in the builder and the list has both', async ( {
	page,
} ) => {
	const errors = collectErrors( page );
	const id = createSurvey( { title: 'Original survey', status: 'publish' } );

	await page.goto( SURVEYS );
	await expectListLoaded( page );
	const row = surveyRow( page, 'Original survey' );
	await row.hover();
	await row
		.getByRole( 'link', { name: 'Duplicate “Original survey”' } )
		.click();

	await expect( page ).toHaveURL( /#\/edit\/\d+\/questions$/ );
	const copyId = Number( /#\/edit\/(\d+)\//.exec( page.url() )?.[ 1 ] );
	expect( copyId ).toBeGreaterThan( id );
	await expect(
		page.getByRole( 'heading', {
			name: 'Original survey (Copy)',
			level: 2,
		} )
	).toBeVisible();
	await expect(
		page.getByRole( 'listitem', { name: /^Question 1:/ } )
	).toHaveAccessibleName(
		'Question 1: Did you find what you were looking for?'
	);

	await page.getByRole( 'button', { name: 'Close the builder' } ).click();
	await expect( page ).toHaveURL( /#\/$/ );
	await expectListLoaded( page );
	await expect( surveysTable( page ).getByRole( 'rowheader' ) ).toHaveText( [
		/Original survey \(Copy\)/,
		/Original survey/,
	] );
	await expect(
		surveyRow( page, 'Original survey (Copy)' ).getByText( 'Draft' )
	).toBeVisible();
	await expectCounts( page, { All: 2, Published: 1, Draft: 1 } );
	expect( errors ).toEqual( [] );
} );

test( 'Lite: the upgrade prompts of the list and the builder', async ( {
	page,
} ) => {
	const errors = collectErrors( page );
	const id = createSurvey( { title: 'Lite survey' } );

	await page.goto( SURVEYS );
	await expectListLoaded( page );
	const cta = page.getByRole( 'region', {
		name: 'Get more from your surveys with UserFeedback Pro',
	} );
	await expect( cta ).toBeVisible();
	await expect( cta.getByRole( 'listitem' ) ).toContainText( [
		'Survey scheduling',
	] );
	await expect( cta ).toContainText( '50% off' );
	await expect(
		cta.getByRole( 'link', { name: 'Upgrade to Pro' } )
	).toHaveAttribute( 'href', /utm_source=liteplugin/ );

	// Advanced question types open the upgrade dialog, from Add Question…
	await surveyRow( page, 'Lite survey' )
		.getByRole( 'link', { name: 'Lite survey', exact: true } )
		.click();
	await expect( page ).toHaveURL( new RegExp( `#/edit/${ id }/questions$` ) );
	await page.getByRole( 'button', { name: 'Add Question' } ).click();
	// From the keyboard: the popover follows the page while a click scrolls it into
	// view, and a pointer click could land on its neighbour.
	await page
		.getByRole( 'menuitem', { name: 'Star Rating' } )
		.press( 'Enter' );
	const upgrade = page.getByRole( 'dialog', {
		name: 'Advanced Question Types is a Pro feature',
	} );
	await expect( upgrade ).toBeVisible();
	await expect(
		upgrade.getByRole( 'link', { name: 'Upgrade to Pro' } )
	).toBeVisible();
	await upgrade.getByRole( 'button', { name: 'Close' } ).click();
	await expect( upgrade ).toHaveCount( 0 );
	await expect(
		page.getByRole( 'listitem', { name: /^Question 2:/ } )
	).toHaveCount( 0 );

	// …and from a question's type.
	const typeSelect = page
		.getByRole( 'listitem', { name: /^Question 1:/ } )
		.getByRole( 'combobox', { name: 'Question Type' } );
	await typeSelect.selectOption( { label: 'NPS (Pro)' } );
	await expect( upgrade ).toBeVisible();
	await upgrade.getByRole( 'button', { name: 'Close' } ).click();
	await expect( typeSelect ).toHaveValue( 'radio-button' );

	// Question settings, the thank-you message and branding are Pro too.
	const firstQuestion = page.getByRole( 'listitem', {
		name: /^Question 1:/,
	} );
	await firstQuestion.getByRole( 'tab', { name: 'Settings' } ).click();
	for ( const toggle of [
		'Required',
		'Randomize answers',
		'Add a comment box',
	] ) {
		await expect(
			firstQuestion.getByRole( 'checkbox', { name: toggle } )
		).toBeDisabled();
	}
	await expect(
		page.getByRole( 'textbox', { name: 'Message' } )
	).toBeDisabled();
	await page
		.getByRole( 'button', { name: 'Upgrade to edit the message' } )
		.click();
	const messageUpgrade = page.getByRole( 'dialog', {
		name: 'Custom Thank You Message is a Pro feature',
	} );
	await expect( messageUpgrade ).toBeVisible();
	await messageUpgrade.getByRole( 'button', { name: 'Close' } ).click();
	await expect(
		page
			.getByRole( 'complementary', { name: 'Preview' } )
			.getByText( 'Branding is a Pro feature.' )
	).toBeVisible();

	// Behavior beyond the defaults is locked on the Settings step.
	await nextStep( page, 'Settings' );
	await expect(
		page.getByText( 'Behavioral Targeting is a Pro feature.' )
	).toBeVisible();
	for ( const choice of [
		'After a delay',
		'When the visitor is about to leave',
		'Only once',
		'Stop on a date',
	] ) {
		await expect(
			page.getByRole( 'radio', { name: choice } )
		).toBeDisabled();
	}
	await expect(
		page.getByRole( 'checkbox', { name: 'Start minimized' } )
	).toBeDisabled();

	// Scheduling is locked on the Publish step: the toggle opens the upgrade dialog and
	// schedules nothing (issue 17 item 9).
	await nextStep( page, 'Workflow' );
	await nextStep( page, 'Publish' );
	const scheduleToggle = page.getByRole( 'checkbox', { name: 'Schedule' } );
	await scheduleToggle.click();
	const scheduleUpgrade = page.getByRole( 'dialog', {
		name: 'Scheduling is a Pro feature',
	} );
	await expect( scheduleUpgrade ).toBeVisible();
	await scheduleUpgrade.getByRole( 'button', { name: 'Close' } ).click();
	await expect( scheduleToggle ).not.toBeChecked();
	await expect(
		page.getByText( 'Scheduling is a Pro feature.' )
	).toBeVisible();
	await page.getByRole( 'button', { name: 'Upgrade to Pro' } ).click();
	await expect(
		page.getByRole( 'dialog', { name: 'Scheduling is a Pro feature' } )
	).toBeVisible();
	expect( errors ).toEqual( [] );
} );
