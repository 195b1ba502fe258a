/**
 * Issue 17 item 10 (the admin opens fast): the apps share build/admin/vendor.js; the builder and
 * the results screens load their own chunks (from the plugin's build URL) when opened; no screen
 * loads the media library up front, and the first image picked fetches it (Settings > Email).
 */
import { test, expect, type Page, type Response } from '@playwright/test';
import { adminStatePath, site } from './fixtures/site';

test.use( { storageState: adminStatePath() } );

const SURVEYS = '/wp-admin/admin.php?page=userfeedback_surveys';
const RESULTS = '/wp-admin/admin.php?page=userfeedback_results';
const SETTINGS = '/wp-admin/admin.php?page=userfeedback_settings';
const BUILD = '/wp-content/plugins/userfeedback/build/admin/';
const MEDIA_SCRIPT =
	/\/wp-includes\/js\/(media-(views|editor|models|audiovideo)|plupload)/;

let surveyId = 0;

test.beforeAll( () => {
	site( 'surveys-clear' );
	surveyId = site< { id: number } >( 'survey-create', {
		title: 'Chunks survey',
		status: 'draft',
	} ).id;
} );

test.afterAll( () => {
	site( 'surveys-clear' );
} );

/** What a page loaded, failed to load and logged as errors, from now on. */
function watch( page: Page ) {
	const loaded: string[] = [];
	const failed: string[] = [];
	const errors: string[] = [];
	page.on( 'response', ( response: Response ) => {
		loaded.push( response.url() );
		if ( response.status() >= 400 ) {
			failed.push( `${ response.status() } ${ response.url() }` );
		}
	} );
	page.on( 'requestfailed', ( request ) =>
		failed.push( `${ request.failure()?.errorText } ${ request.url() }` )
	);
	page.on( 'console', ( message ) => {
		if ( message.type() === 'error' ) {
			errors.push( message.text() );
		}
	} );
	page.on( 'pageerror', ( error ) => errors.push( error.message ) );
	const file = ( name: string ) =>
		loaded.filter( ( url ) =>
			new URL( url ).pathname.endsWith( `${ BUILD }${ name }` )
		);
	return { loaded, failed, errors, file };
}

test( 'the Surveys list loads the shared vendor script, not the builder chunk nor the media library', async ( {
	page,
} ) => {
	const seen = watch( page );
	await page.goto( SURVEYS );
	await expect(
		page.getByRole( 'link', { name: 'Chunks survey' } ).first()
	).toBeVisible();

	expect( seen.file( 'vendor.js' ) ).toHaveLength( 1 );
	expect( seen.file( 'surveys.js' ) ).toHaveLength( 1 );
	expect( seen.file( 'surveys-builder.js' ) ).toEqual( [] );
	expect( seen.loaded.filter( ( url ) => MEDIA_SCRIPT.test( url ) ) ).toEqual(
		[]
	);
	expect(
		await page.evaluate(
			() =>
				typeof ( window as unknown as { wp?: { media?: unknown } } ).wp
					?.media
		)
	).toBe( 'undefined' );
	// The vendor script comes before the app that needs it.
	const order = await page.evaluate( () =>
		Array.from( document.scripts, ( script ) => script.id )
	);
	expect( order.indexOf( 'userfeedback-vendor-js' ) ).toBeGreaterThan( -1 );
	expect( order.indexOf( 'userfeedback-vendor-js' ) ).toBeLessThan(
		order.indexOf( 'userfeedback-admin-surveys-js' )
	);
	expect( seen.failed ).toEqual( [] );
	expect( seen.errors ).toEqual( [] );
} );

test( 'the builder loads its route chunk from the plugin build folder when opened', async ( {
	page,
} ) => {
	const seen = watch( page );
	await page.goto( SURVEYS );
	await expect(
		page.getByRole( 'link', { name: 'Chunks survey' } ).first()
	).toBeVisible();
	expect( seen.file( 'surveys-builder.js' ) ).toEqual( [] );

	// Client-side navigation into the builder: the chunk loads then.
	await page.goto( `${ SURVEYS }#/edit/${ surveyId }` );
	await expect( page.locator( '.userfeedback-builder' ) ).toBeVisible();
	await expect(
		page.getByRole( 'button', { name: /Save|Next/ } ).first()
	).toBeVisible();
	expect( seen.file( 'surveys-builder.js' ) ).toHaveLength( 1 );
	expect( seen.failed ).toEqual( [] );
	expect( seen.errors ).toEqual( [] );

	// Opened directly (a reload on a builder URL): the same chunk, the same screen.
	await page.reload();
	await expect( page.locator( '.userfeedback-builder' ) ).toBeVisible();
	expect( seen.failed ).toEqual( [] );
	expect( seen.errors ).toEqual( [] );
} );

test( "a survey's results load their route chunk; the overview its own", async ( {
	page,
} ) => {
	const seen = watch( page );
	// The survey switcher asks for its list of surveys beside the survey's own results. Leaving the
	// page while that request is still on its way would abort it (net::ERR_ABORTED, a failure
	// this test counts), so the test waits for its answer before it navigates on.
	const switcherList = page.waitForEvent(
		'requestfinished',
		( request ) =>
			request.url().includes( '/userfeedback/v1/results-summary' ) &&
			new URL( request.url() ).searchParams.get( 'orderby' ) === 'title'
	);
	await page.goto( `${ RESULTS }#/survey/${ surveyId }` );
	await expect( page.locator( '.userfeedback-results' ) ).toBeVisible();
	await expect( page.getByText( 'Chunks survey' ).first() ).toBeVisible();
	await switcherList;
	expect( seen.file( 'vendor.js' ) ).toHaveLength( 1 );
	expect( seen.file( 'results-survey.js' ) ).toHaveLength( 1 );
	expect( seen.file( 'results-overview.js' ) ).toEqual( [] );
	expect( seen.loaded.filter( ( url ) => MEDIA_SCRIPT.test( url ) ) ).toEqual(
		[]
	);

	await page.goto( RESULTS );
	await expect(
		page.getByRole( 'heading', { name: 'Results', exact: true } ).first()
	).toBeVisible();
	await expect
		.poll( () => seen.file( 'results-overview.js' ).length )
		.toBe( 1 );
	expect( seen.failed ).toEqual( [] );
	expect( seen.errors ).toEqual( [] );
} );

test( 'Settings loads the media library only when an image is picked', async ( {
	page,
} ) => {
	const seen = watch( page );
	await page.goto( `${ SETTINGS }#/email` );
	const upload = page.getByRole( 'button', { name: 'Upload Image' } );
	await expect( upload ).toBeVisible();
	expect( seen.loaded.filter( ( url ) => MEDIA_SCRIPT.test( url ) ) ).toEqual(
		[]
	);

	const fetched = page.waitForResponse(
		( response ) =>
			response.url().includes( '/wp-admin/admin-ajax.php' ) &&
			response
				.request()
				.postData()
				?.includes( 'action=userfeedback_media_library' ) === true
	);
	await upload.click();
	expect( ( await fetched ).status() ).toBe( 200 );
	// Each pick opens a frame of its own; the one on screen is the dialog.
	const modal = page.getByRole( 'dialog', { name: 'Choose a header image' } );
	await expect( modal ).toBeVisible();
	expect(
		seen.loaded.filter( ( url ) => /media-views(\.min)?\.js/.test( url ) )
	).toHaveLength( 1 );
	// The page's own jQuery was not loaded a second time.
	expect(
		seen.loaded.filter( ( url ) => /\/jquery(\.min)?\.js/.test( url ) )
	).toEqual( [] );

	// Closed and opened again: no second fetch.
	await page.keyboard.press( 'Escape' );
	await expect( modal ).toBeHidden();
	const fetches = () =>
		seen.loaded.filter( ( url ) => url.includes( 'admin-ajax.php' ) )
			.length;
	const before = fetches();
	await upload.click();
	await expect( modal ).toBeVisible();
	expect( fetches() ).toBe( before );
	expect( seen.failed ).toEqual( [] );
	expect( seen.errors ).toEqual( [] );
} );
