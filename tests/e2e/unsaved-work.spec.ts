/**
 * Unsaved work is never lost silently (issue 17 item 3): the builder keeps a survey's edits
 * in the browser and restores them after a reload (with Discard); leaving with changes asks
 * first, through the builder's own dialog for Back and Close, and through the browser's
 * prompt for a reload or a wp-admin menu link.
 */
import { test, expect, type Page } from '@playwright/test';
import { adminStatePath, site } from './fixtures/site';

test.use( { storageState: adminStatePath() } );

const SURVEYS = '/wp-admin/admin.php?page=userfeedback_surveys';

function createSurvey(): number {
	site( 'surveys-clear' );
	return site< { id: number } >( 'survey-create', {
		title: 'Unsaved work survey',
		status: 'draft',
		questions: [
			{
				id: 1,
				type: 'radio-button',
				title: 'Did you find it?',
				config: { options: [ 'Yes', 'No' ] },
				settings: {},
			},
		],
	} ).id;
}

const questionTitle = ( page: Page ) =>
	page.getByRole( 'textbox', { name: 'Question Title' } );

/** Types as a person does (a browser asks before unloading only after a real gesture). */
async function retitle( page: Page, text: string ): Promise< void > {
	const field = questionTitle( page );
	await field.click();
	await page.keyboard.press( 'ControlOrMeta+a' );
	await page.keyboard.type( text );
	await expect( field ).toHaveValue( text );
}

/** Records the browser's own prompts and answers them (accept: leave). */
function prompts( page: Page, accept: boolean ): string[] {
	const seen: string[] = [];
	page.on( 'dialog', async ( dialog ) => {
		seen.push( dialog.type() );
		await ( accept ? dialog.accept() : dialog.dismiss() );
	} );
	return seen;
}

test.afterAll( () => {
	site( 'surveys-clear' );
} );

test( 'a reload mid-edit asks, then restores the edit with an offer to discard it', async ( {
	page,
} ) => {
	const id = createSurvey();
	await page.goto( `${ SURVEYS }#/edit/${ id }/questions` );
	await retitle( page, 'Did you find everything?' );
	const seen = prompts( page, true );

	await page.reload();
	expect( seen ).toEqual( [ 'beforeunload' ] );
	const notice = page.locator( '.userfeedback-builder__restored' );
	await expect( notice ).toContainText( 'were restored from this browser' );
	await expect( questionTitle( page ) ).toHaveValue(
		'Did you find everything?'
	);
	await page.screenshot( {
		path: '/work/notes/shots17/H3-restored-draft.png',
	} );

	await notice.getByRole( 'button', { name: 'Discard' } ).click();
	await expect( questionTitle( page ) ).toHaveValue( 'Did you find it?' );
	await expect( notice ).toHaveCount( 0 );

	// Nothing changed now: a reload asks nothing and restores nothing.
	await page.reload();
	await expect( questionTitle( page ) ).toHaveValue( 'Did you find it?' );
	await expect( notice ).toHaveCount( 0 );
	expect( seen ).toEqual( [ 'beforeunload' ] );
} );

test( 'browser Back and Close ask first; Cancel keeps the edit, Discard leaves', async ( {
	page,
} ) => {
	const id = createSurvey();
	await page.goto( SURVEYS );
	await page
		.getByRole( 'link', { name: 'Unsaved work survey' } )
		.first()
		.click();
	await expect( page ).toHaveURL( new RegExp( `#/edit/${ id }/questions` ) );
	await retitle( page, 'Changed title' );

	await page.goBack();
	const leave = page.getByRole( 'dialog', { name: 'Leave without saving?' } );
	await expect( leave ).toBeVisible();
	await leave.getByRole( 'button', { name: 'Cancel' } ).click();
	await expect( leave ).toHaveCount( 0 );
	await expect( page ).toHaveURL( new RegExp( `#/edit/${ id }/questions` ) );
	await expect( questionTitle( page ) ).toHaveValue( 'Changed title' );

	await page.getByRole( 'button', { name: 'Close the builder' } ).click();
	await expect( leave ).toBeVisible();
	await leave
		.getByRole( 'button', { name: 'Discard changes and leave' } )
		.click();
	await expect(
		page.getByRole( 'heading', { level: 2, name: 'Surveys' } )
	).toBeVisible();

	// Discarded: the survey opens as it is stored.
	await page
		.getByRole( 'link', { name: 'Unsaved work survey' } )
		.first()
		.click();
	await expect( questionTitle( page ) ).toHaveValue( 'Did you find it?' );
	await expect(
		page.locator( '.userfeedback-builder__restored' )
	).toHaveCount( 0 );
} );

test( 'a wp-admin menu link asks through the browser; staying keeps the edit', async ( {
	page,
} ) => {
	const id = createSurvey();
	await page.goto( `${ SURVEYS }#/edit/${ id }/questions` );
	await retitle( page, 'Edited before the menu' );
	const seen = prompts( page, false );

	await page
		.locator( '#adminmenu' )
		.getByRole( 'link', { name: 'Dashboard', exact: true } )
		.click( { noWaitAfter: true } );
	await expect.poll( () => seen ).toEqual( [ 'beforeunload' ] );
	await expect( page ).toHaveURL( /page=userfeedback_surveys/ );
	await expect( questionTitle( page ) ).toHaveValue(
		'Edited before the menu'
	);

	// Saved: the same link leaves without a word.
	await page.getByRole( 'button', { name: 'Save as Draft' } ).first().click();
	await expect(
		page.getByText( 'Your Survey was Saved as a Draft.' ).first()
	).toBeVisible();
	await page
		.locator( '#adminmenu' )
		.getByRole( 'link', { name: 'Dashboard', exact: true } )
		.click();
	await expect( page ).toHaveURL( /wp-admin\/(index\.php)?$/ );
	expect( seen ).toEqual( [ 'beforeunload' ] );
} );
