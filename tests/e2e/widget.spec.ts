import { test, expect, type Page, type Request } from '@playwright/test';
import { site, type SurveyInput } from './fixtures/site';

const QUESTIONS = [
	{
		id: 1,
		type: 'text',
		title: 'What brought you here today?',
		config: {},
		settings: {},
	},
	{
		id: 2,
		type: 'radio-button',
		title: 'Did you find it?',
		config: { options: [ 'Yes', 'No' ] },
		settings: {},
	},
];

function createSurvey( input: SurveyInput = {} ): number {
	return site< { id: number } >( 'survey-create', {
		title: 'Visitor survey',
		status: 'publish',
		questions: QUESTIONS,
		settings: {
			targeting: { devices: [ 'desktop', 'tablet', 'mobile' ] },
			behavior: { timing: 'immediate' },
			thank_you: { type: 'message', message: 'Thanks a lot!' },
		},
		...input,
	} ).id;
}

/** Every script URL the page requests from now on. */
function scriptRequests( page: Page ): string[] {
	const urls: string[] = [];
	page.on( 'request', ( req: Request ) => {
		if ( req.resourceType() === 'script' ) {
			urls.push( req.url() );
		}
	} );
	return urls;
}

const isLoader = ( url: string ) => /\/build\/widget\/loader\.js/.test( url );
const isUiChunk = ( url: string ) =>
	/\/build\/widget\/ui\.[^/]*\.js/.test( url );

test.beforeEach( () => {
	site( 'surveys-clear' );
} );

test.afterAll( () => {
	site( 'surveys-clear' );
} );

test( 'with no live survey a page downloads no widget code', async ( {
	page,
} ) => {
	createSurvey( { status: 'draft' } );
	const scripts = scriptRequests( page );
	await page.goto( '/' );
	await page.waitForLoadState( 'load' );
	expect( scripts.filter( isLoader ) ).toEqual( [] );
	expect( scripts.filter( isUiChunk ) ).toEqual( [] );
	await expect( page.locator( 'script[src*="build/widget"]' ) ).toHaveCount(
		0
	);
} );

test( 'a visitor answers a live survey in the widget', async ( { page } ) => {
	const id = createSurvey();
	const scripts = scriptRequests( page );
	await page.goto( '/' );

	await expect(
		page.locator( 'script[src*="build/widget/loader.js"]' )
	).toHaveAttribute( 'defer', /.*/ );
	const dialog = page.getByRole( 'dialog', { name: 'Visitor survey' } );
	await expect( dialog ).toBeVisible();
	expect( scripts.filter( isLoader ) ).toHaveLength( 1 );
	expect( scripts.filter( isUiChunk ) ).toHaveLength( 1 );

	await expect(
		dialog.getByText( 'What brought you here today?' )
	).toBeVisible();
	await dialog.getByRole( 'textbox' ).fill( 'The docs' );
	await dialog.getByRole( 'button', { name: 'Next' } ).click();

	const submitted = page.waitForRequest(
		( req ) =>
			req.method() === 'POST' &&
			req.url().includes( `/userfeedback/v1/surveys/${ id }/responses` )
	);
	await dialog.getByRole( 'button', { name: 'Yes' } ).click();
	await expect( dialog.getByRole( 'status' ) ).toHaveText( 'Thanks a lot!' );

	const body = ( await submitted ).postDataJSON();
	expect( body.answers ).toEqual( [
		{ question_id: 1, value: 'The docs' },
		{ question_id: 2, value: 'Yes' },
	] );
	expect( typeof body.nonce ).toBe( 'string' );
	expect( body.page_submitted.link ).toContain( '127.0.0.1' );
	expect( ( await submitted ).headers()[ 'x-wp-nonce' ] ).toBeUndefined();

	// The survey cookie now stops a second showing, and no UI code is fetched for it.
	const again = scriptRequests( page );
	await page.reload();
	await page.waitForLoadState( 'load' );
	expect( again.filter( isLoader ) ).toHaveLength( 1 );
	expect( again.filter( isUiChunk ) ).toEqual( [] );
	await expect( page.getByRole( 'dialog' ) ).toHaveCount( 0 );
} );

test( 'a survey for other devices does not load the UI on desktop', async ( {
	page,
} ) => {
	createSurvey( {
		settings: {
			targeting: { devices: [ 'mobile' ] },
			behavior: { timing: 'immediate' },
		},
	} );
	const scripts = scriptRequests( page );
	await page.goto( '/' );
	// Deferred scripts have run by the load event, and the loader adds the chunk's script tag
	// synchronously when it decides to show a survey.
	await page.waitForLoadState( 'load' );
	expect( scripts.filter( isLoader ) ).toHaveLength( 1 );
	await expect(
		page.locator( 'script[src*="build/widget/ui."]' )
	).toHaveCount( 0 );
	expect( scripts.filter( isUiChunk ) ).toEqual( [] );
	await expect( page.getByRole( 'dialog' ) ).toHaveCount( 0 );
} );
