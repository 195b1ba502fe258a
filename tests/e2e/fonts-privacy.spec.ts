/**
 * No third-party requests from visitors' browsers by default (issue 16): a survey with a
 * custom font loads it from the plugin's own folder (build/fonts, scripts/fonts.mjs), and
 * the page asks no host but the site for anything. Google Fonts only when the site opts
 * in (external_fonts), and the admin's previews follow the same rule.
 */
import { test, expect, type Page } from '@playwright/test';
import { adminStatePath, site } from './fixtures/site';
import { SETTINGS, app } from './fixtures/licensing';
import {
	ELITE,
	onlySurvey,
	prepareSite,
	question,
	widget,
} from './fixtures/visitor';
import { surveyBody } from './fixtures/body';

const FONT = { family: 'Lato', weight: '700' };

let path = '/';

/** Every URL the page asks for from now on (documents, scripts, styles, fonts, REST). */
function requests( page: Page ): string[] {
	const urls: string[] = [];
	page.on( 'request', ( request ) => urls.push( request.url() ) );
	return urls;
}

/** The hosts other than the site's among the URLs (data: and blob: are no connection). */
function foreign( urls: string[], base: string ): string[] {
	const host = new URL( base ).host;
	return urls.filter( ( url ) => {
		const parsed = new URL( url );
		if ( parsed.protocol === 'data:' || parsed.protocol === 'blob:' ) {
			return false;
		}
		return parsed.host !== host;
	} );
}

/** The loaded faces of a family as the document knows them ("Lato 700"). */
function loadedFaces( page: Page, family: string ): Promise< string[] > {
	return page.evaluate(
		( name ) =>
			[ ...document.fonts ]
				.filter(
					( face ) =>
						face.family.replace( /["']/g, '' ) === name &&
						face.status === 'loaded'
				)
				.map( ( face ) => `${ face.family } ${ face.weight }` ),
		family
	);
}

test.beforeAll( () => {
	path = prepareSite( {
		entitlements: ELITE,
		pages: [ [ 'fonts-privacy', 'Fonts privacy' ] ],
	} )[ 'fonts-privacy' ];
	site( 'settings-set', { widget_font: FONT, external_fonts: false } );
	onlySurvey(
		[
			question( 1, 'radio-button', 'Was the page readable?', {
				options: [ 'Yes', 'No' ],
			} ),
		],
		{ title: 'Font survey' }
	);
} );

test.afterAll( () => {
	site( 'surveys-clear' );
	site( 'settings-set', {
		widget_font: { family: '', weight: '' },
		external_fonts: false,
	} );
} );

test( 'a visitor page with a custom font asks no host but the site, and the font comes from the plugin folder', async ( {
	page,
	baseURL,
} ) => {
	const urls = requests( page );
	const fontFiles: Array< { url: string; status: number } > = [];
	page.on( 'response', ( response ) => {
		if ( /\.woff2(\?|$)/.test( response.url() ) ) {
			fontFiles.push( {
				url: response.url(),
				status: response.status(),
			} );
		}
	} );

	await page.goto( path );
	const survey = widget( page, 'Font survey' );
	await expect(
		survey.getByRole( 'heading', { name: 'Was the page readable?' } )
	).toBeVisible();

	// The face the widget asks for (Lato 700, latin) is fetched and applied.
	await expect
		.poll( () => loadedFaces( page, 'Lato' ), { timeout: 15_000 } )
		.toContain( 'Lato 700' );
	expect(
		await page.evaluate( () => document.fonts.check( '700 16px Lato' ) )
	).toBe( true );
	const family = await survey.evaluate(
		( element ) =>
			getComputedStyle(
				element.closest( '.userfeedback-widget' ) ?? element
			).fontFamily
	);
	expect( family ).toMatch( /^"?Lato"?,/ );

	const stylesheet = urls.filter( ( url ) =>
		/\/build\/fonts\/lato\.css\?ver=/.test( url )
	);
	expect( stylesheet ).toHaveLength( 1 );
	expect( new URL( stylesheet[ 0 ] ).pathname ).toMatch(
		/^\/wp-content\/plugins\/[^/]+\/build\/fonts\/lato\.css$/
	);
	expect( fontFiles ).toContainEqual( {
		url: expect.stringMatching(
			/\/wp-content\/plugins\/[^/]+\/build\/fonts\/lato\/lato-latin-700-normal\.woff2$/
		),
		status: 200,
	} );

	// By now the page has loaded, the widget has rendered and its font has loaded:
	// every request the page makes for them has been made.
	await page.waitForLoadState( 'load' );
	expect( urls.length ).toBeGreaterThan( 3 );
	expect( foreign( urls, baseURL as string ) ).toEqual( [] );
} );

test( 'opted in to Google Fonts, the widget asks Google for the stylesheet the server named', async ( {
	page,
} ) => {
	site( 'settings-set', { external_fonts: true } );
	try {
		// Nothing may leave this machine: Google's requests are answered here, refused.
		const google: string[] = [];
		await page.route(
			/^https?:\/\/(?!127\.0\.0\.1|localhost)/,
			( route ) => {
				google.push( route.request().url() );
				return route.abort();
			}
		);
		await page.goto( path );
		await expect(
			widget( page, 'Font survey' ).getByRole( 'heading', {
				name: 'Was the page readable?',
			} )
		).toBeVisible();
		const url: string = ( await surveyBody( page ) ).survey.settings.theming
			.font.url;
		expect( url ).toBe(
			'https://fonts.googleapis.com/css2?family=Lato:wght@100;300;400;700;900&display=swap'
		);
		await expect.poll( () => google ).toContain( url );
		expect(
			google.every( ( asked ) =>
				asked.startsWith( 'https://fonts.googleapis.com/' )
			)
		).toBe( true );
	} finally {
		site( 'settings-set', { external_fonts: false } );
	}
} );

test.describe( 'the admin preview', () => {
	test.use( { storageState: adminStatePath() } );

	test( 'previews fonts from the plugin folder, asks no other host, and offers the opt-in with its notice', async ( {
		page,
		baseURL,
	} ) => {
		const urls = requests( page );
		await page.goto( `${ SETTINGS }#/widget` );
		await expect(
			app( page ).getByRole( 'heading', { name: 'Widget Settings' } )
		).toBeVisible();
		const preview = app( page ).getByRole( 'region', {
			name: 'Widget preview',
		} );
		await expect(
			preview.getByRole( 'heading', { name: 'Was the page readable?' } )
		).toBeVisible( { timeout: 15_000 } );

		await app( page )
			.getByRole( 'combobox', { name: 'Font family' } )
			.selectOption( 'Pacifico' );
		await expect
			.poll( () => loadedFaces( page, 'Pacifico' ), { timeout: 15_000 } )
			.toContain( 'Pacifico 400' );
		expect(
			urls.some( ( url ) =>
				/\/build\/fonts\/pacifico\.css\?ver=/.test( url )
			)
		).toBe( true );
		expect(
			urls.some( ( url ) =>
				/\/build\/fonts\/pacifico\/pacifico-latin-400-normal\.woff2$/.test(
					url
				)
			)
		).toBe( true );

		const toggle = app( page ).getByRole( 'checkbox', {
			name: 'Load fonts from Google Fonts',
		} );
		await expect( toggle ).not.toBeChecked();
		await toggle.check();
		await expect(
			app( page ).getByText(
				'Visitors’ browsers then connect to Google’s servers, which see their IP address.',
				{ exact: false }
			)
		).toBeVisible();

		expect( foreign( urls, baseURL as string ) ).toEqual( [] );
	} );
} );
