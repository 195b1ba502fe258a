/**
 * The visitor widget on a Lite site: what every page downloads, a plain answer, the device
 * list. The Pro paths are in visitor-*.spec.ts.
 */
import { test, expect } from '@playwright/test';
import { site } from './fixtures/site';
import {
	Traffic,
	anyWidget,
	choice,
	onlySurvey,
	prepareSite,
	isLoader,
	isUiChunk,
	question,
	replaceSurveys,
	settle,
	submission,
	widget,
} from './fixtures/visitor';

const QUESTIONS = [
	question( 1, 'text', 'What brought you here today?' ),
	question( 2, 'radio-button', 'Did you find it?', {
		options: [ 'Yes', 'No' ],
	} ),
];

test.beforeAll( () => {
	prepareSite( {} );
} );

test.afterAll( () => {
	site( 'surveys-clear' );
} );

test( 'with no live survey a page downloads no widget code', async ( {
	page,
} ) => {
	replaceSurveys(
		[ QUESTIONS, { status: 'draft' } ],
		[ QUESTIONS, { status: 'trash' } ]
	);
	const traffic = new Traffic( page );
	await page.goto( '/' );
	await settle( page );
	expect( traffic.urls( isLoader ) ).toEqual( [] );
	expect( traffic.urls( isUiChunk ) ).toEqual( [] );
	await expect( page.locator( 'script[src*="build/widget"]' ) ).toHaveCount(
		0
	);
	expect( await page.evaluate( () => 'userfeedbackConfig' in window ) ).toBe(
		false
	);
} );

test( 'a visitor answers a live survey in the widget', async ( { page } ) => {
	const id = onlySurvey( QUESTIONS );
	const traffic = new Traffic( page );
	await page.goto( '/' );

	await expect(
		page.locator( 'script[src*="build/widget/loader.js"]' )
	).toHaveAttribute( 'async', /.*/ );
	const dialog = widget( page );
	await expect( dialog ).toBeVisible();
	expect( traffic.urls( isLoader ) ).toHaveLength( 1 );
	expect( traffic.urls( isUiChunk ) ).toHaveLength( 1 );
	// No font chosen ("Theme default"): the widget and its skip link wear the theme's.
	await expect( page.locator( '.uf-skip-link' ) ).toHaveCount( 1 );
	const fonts = await page.evaluate( () =>
		[ 'body', '.userfeedback-widget', '.uf-skip-link' ].map(
			( selector ) =>
				getComputedStyle(
					document.querySelector( selector ) as Element
				).fontFamily
		)
	);
	expect( fonts[ 0 ] ).not.toBe( '' );
	expect( fonts ).toEqual( [ fonts[ 0 ], fonts[ 0 ], fonts[ 0 ] ] );

	await dialog
		.getByRole( 'textbox', { name: 'What brought you here today?' } )
		.fill( 'The docs' );
	await dialog.getByRole( 'button', { name: 'Next' } ).click();

	const submitted = submission( page, id );
	await choice( dialog, 'Yes' ).click();
	await expect( dialog.getByText( 'Thanks a lot!' ) ).toBeVisible();

	const { response } = await submitted;
	// The write of the first answer created the response; the last one completes it.
	expect( response.status() ).toBe( 200 );
	const body = response.request().postDataJSON();
	expect( body.answers ).toEqual( [
		{ question_id: 1, value: 'The docs' },
		{ question_id: 2, value: 'Yes' },
	] );
	expect( typeof body.nonce ).toBe( 'string' );
	expect( body.page_submitted.link ).toContain( '127.0.0.1' );
	expect( response.request().headers()[ 'x-wp-nonce' ] ).toBeUndefined();

	// The survey cookie now stops a second showing, and no UI code is fetched for it.
	traffic.clear();
	await page.reload();
	await settle( page );
	expect( traffic.urls( isLoader ) ).toHaveLength( 1 );
	expect( traffic.urls( isUiChunk ) ).toEqual( [] );
	await expect( anyWidget( page ) ).toHaveCount( 0 );
} );

test( 'a survey for other devices does not load the UI on desktop', async ( {
	page,
} ) => {
	onlySurvey( QUESTIONS, {
		settings: {
			targeting: { devices: [ 'mobile' ], pages: 'all', page_rules: [] },
		},
	} );
	const traffic = new Traffic( page );
	await page.goto( '/' );
	await settle( page );
	expect( traffic.urls( isLoader ) ).toHaveLength( 1 );
	await expect(
		page.locator( 'script[src*="build/widget/ui."]' )
	).toHaveCount( 0 );
	expect( traffic.urls( isUiChunk ) ).toEqual( [] );
	await expect( anyWidget( page ) ).toHaveCount( 0 );
} );
