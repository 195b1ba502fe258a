/**
 * One look for the site, overridable per survey (issue 17, item 2), and Lite's Settings >
 * Widget gates (item 9). Surveys that follow the site's widget settings (what existing
 * surveys migrate to, and what new ones do) change when Settings > Widget changes; a survey
 * given a look of its own in the builder keeps it, and "Reset to site settings" puts it
 * back. In Lite, the paid controls of Settings > Widget open the upgrade dialog.
 */
import { test, expect, type Browser, type Page } from '@playwright/test';
import { adminStatePath, site } from './fixtures/site';
import { SETTINGS, app } from './fixtures/licensing';
import {
	ELITE,
	createSurvey,
	prepareSite,
	question,
	replaceSurveys,
	useEntitlements,
	widget,
	type Question,
	visitorPage,
} from './fixtures/visitor';

type SurveyOptions = NonNullable< Parameters< typeof createSurvey >[ 1 ] >;

test.use( { storageState: adminStatePath() } );

const SHOTS = '/work/notes/shots17';
const SURVEYS = '/wp-admin/admin.php?page=userfeedback_surveys';

/** The look a site had when its surveys were made (the factory widget settings). */
const OLD_LOOK = {
	widget_theme: 'light',
	widget_color: '#ffffff',
	widget_position: 'bottom_right',
	widget_start_minimized: false,
};

let paths: Record< string, string > = {};
let ids: number[] = [];

/**
 * A published survey shown only on the page whose URL contains $slug, stored as an
 * existing survey is after the version 8 migration: the old site look copied into its
 * theming, following the site.
 *
 * @param title The survey's title.
 * @param slug  The page it shows on.
 */
function existing(
	title: string,
	slug: string
): [ Question[], SurveyOptions ] {
	return [
		[
			question( 1, 'radio-button', `${ title }: how was it?`, {
				options: [ 'Good', 'Bad' ],
			} ),
		],
		{
			title,
			settings: {
				targeting: {
					devices: [ 'desktop', 'tablet', 'mobile' ],
					pages: 'select',
					page_rules: [
						{
							logic: 'page_url_contains',
							operator: '&&',
							data: slug,
						},
					],
				},
				behavior: {
					timing: 'immediate',
					display_length: 'repeatedly',
					start_minimized: false,
				},
				thank_you: { type: 'message', message: 'Thanks!' },
				theming: {
					source: 'site',
					color_scheme: 'light',
					widget_color: '#ffffff',
					text_color: '#23282D',
					button_color: '#2D87F1',
					position: 'bottom_right',
				},
			},
		},
	];
}

test.beforeAll( () => {
	paths = prepareSite( {
		entitlements: ELITE,
		pages: [
			[ 'look-one', 'Look one' ],
			[ 'look-two', 'Look two' ],
		],
	} );
	site( 'settings-reset' );
	site( 'settings-set', OLD_LOOK );
	ids = replaceSurveys(
		existing( 'First survey', 'look-one' ),
		existing( 'Second survey', 'look-two' )
	);
} );

test.afterAll( () => {
	useEntitlements( null );
	site( 'surveys-clear' );
	site( 'settings-reset' );
} );

/** Where the survey of a page sits and its background, as a visitor gets them. */
async function visitorLook(
	browser: Browser,
	path: string,
	title: string,
	shot?: string
): Promise< { position: string; background: string } > {
	const page = await visitorPage( browser );
	await page.goto( path );
	const survey = widget( page, title );
	await expect( survey ).toBeVisible();
	const root = page.locator( '.userfeedback-widget' ).first();
	const look = await root.evaluate( ( element ) => ( {
		position:
			[ ...element.classList ]
				.find( ( name ) => name.startsWith( 'uf-pos-' ) )
				?.slice( 'uf-pos-'.length ) ?? '',
		background: getComputedStyle( element )
			.getPropertyValue( '--uf-bg' )
			.trim()
			.toLowerCase(),
	} ) );
	if ( shot ) {
		await page.screenshot( { path: `${ SHOTS }/${ shot }` } );
	}
	await page.context().close();
	return look;
}

async function saveWidgetSettings( page: Page ) {
	const saved = page.waitForResponse(
		( res ) =>
			res.request().method() === 'POST' &&
			decodeURIComponent( res.url() ).includes(
				'userfeedback/v1/settings'
			)
	);
	await app( page ).getByRole( 'button', { name: 'Save Settings' } ).click();
	expect( ( await saved ).status() ).toBe( 200 );
}

async function saveSurvey( page: Page, id: number ) {
	const saved = page.waitForResponse(
		( res ) =>
			res.request().method() !== 'GET' &&
			new RegExp( `/userfeedback/v1/surveys/${ id }(\\?|$)` ).test(
				decodeURIComponent( res.url() )
			)
	);
	await page.getByRole( 'button', { name: 'Save and Publish' } ).click();
	expect( ( await saved ).status() ).toBe( 200 );
}

const stored = ( id: number ) =>
	site<
		Array< {
			id: number;
			settings: { theming: Record< string, unknown > };
		} >
	>( 'surveys-list' ).find( ( survey ) => survey.id === id )!.settings
		.theming;

test( 'Settings > Widget reaches existing surveys; one survey gets a look of its own in the builder, then goes back to the site’s', async ( {
	page,
	browser,
} ) => {
	// Eleven visitor pages, two builder saves and a settings save: slow on a busy machine.
	test.setTimeout( 300_000 );
	const [ first, second ] = ids;
	expect(
		await visitorLook(
			browser,
			paths[ 'look-one' ],
			'First survey',
			'H1-visitor-before-site-change.png'
		)
	).toEqual( { position: 'bottom_right', background: '#ffffff' } );

	// The site owner changes the colour and the position in Settings > Widget.
	await page.goto( `${ SETTINGS }#/widget` );
	await expect(
		app( page ).getByText(
			/every survey that uses the site’s widget settings/
		)
	).toBeVisible();
	await app( page )
		.getByLabel( 'Background colour', { exact: true } )
		.fill( '#0a7d4f' );
	await app( page ).getByRole( 'radio', { name: 'Bottom left' } ).check();
	await saveWidgetSettings( page );

	// Both existing surveys follow.
	expect(
		await visitorLook(
			browser,
			paths[ 'look-one' ],
			'First survey',
			'H1-visitor-after-site-change.png'
		)
	).toEqual( { position: 'bottom_left', background: '#0a7d4f' } );
	expect(
		await visitorLook( browser, paths[ 'look-two' ], 'Second survey' )
	).toEqual( { position: 'bottom_left', background: '#0a7d4f' } );

	// The first survey gets a look of its own in the builder.
	await page.goto( `${ SURVEYS }#/edit/${ first }/questions` );
	const look = page.getByRole( 'region', { name: 'Look' } );
	await expect(
		look.getByRole( 'radio', { name: "Use the site's widget settings" } )
	).toBeChecked();
	await look
		.getByRole( 'radio', { name: 'Customize for this survey' } )
		.check();
	await look
		.getByRole( 'combobox', { name: 'Position' } )
		.selectOption( 'middle_right' );
	await look.getByLabel( 'Background colour' ).fill( '#aa2200' );
	// The live preview shows what visitors will get.
	const preview = page
		.getByRole( 'region', { name: 'Survey preview' } )
		.locator( '.userfeedback-widget' );
	await expect( preview ).toHaveClass( /uf-pos-middle_right/ );
	await look.scrollIntoViewIfNeeded();
	await page.screenshot( { path: `${ SHOTS }/H1-builder-look.png` } );
	await saveSurvey( page, first );
	expect( stored( first ) ).toMatchObject( {
		source: 'custom',
		position: 'middle_right',
		widget_color: '#aa2200',
	} );

	// Only that survey changed.
	expect(
		await visitorLook( browser, paths[ 'look-one' ], 'First survey' )
	).toEqual( { position: 'middle_right', background: '#aa2200' } );
	expect(
		await visitorLook( browser, paths[ 'look-two' ], 'Second survey' )
	).toEqual( { position: 'bottom_left', background: '#0a7d4f' } );

	// A later site change reaches the second survey only.
	site( 'settings-set', { widget_color: '#334455' } );
	expect(
		await visitorLook( browser, paths[ 'look-one' ], 'First survey' )
	).toEqual( { position: 'middle_right', background: '#aa2200' } );
	expect(
		await visitorLook( browser, paths[ 'look-two' ], 'Second survey' )
	).toEqual( { position: 'bottom_left', background: '#334455' } );

	// Reset to site settings: the first survey follows the site again.
	await page.goto( `${ SURVEYS }#/edit/${ first }/questions` );
	await page
		.getByRole( 'region', { name: 'Look' } )
		.getByRole( 'button', { name: 'Reset to site settings' } )
		.click();
	await expect(
		page
			.getByRole( 'region', { name: 'Look' } )
			.getByRole( 'radio', { name: "Use the site's widget settings" } )
	).toBeChecked();
	await expect( preview ).toHaveClass( /uf-pos-bottom_left/ );
	await saveSurvey( page, first );
	expect( stored( first ).source ).toBe( 'site' );
	expect(
		await visitorLook( browser, paths[ 'look-one' ], 'First survey' )
	).toEqual( { position: 'bottom_left', background: '#334455' } );
	expect( stored( second ).source ).toBe( 'site' );
} );

test( 'Lite: Settings > Widget opens the upgrade dialog for colours, toggle label and icon, font and a custom logo', async ( {
	page,
} ) => {
	useEntitlements( null );
	await page.goto( `${ SETTINGS }#/widget` );
	await expect(
		app( page ).getByRole( 'heading', { name: 'Widget Settings' } )
	).toBeVisible();
	const dialog = page.getByRole( 'dialog', {
		name: 'Branding is a Pro feature',
	} );
	const closeDialog = async () => {
		await expect( dialog ).toBeVisible();
		await page.keyboard.press( 'Escape' );
		await expect( dialog ).toBeHidden();
	};

	await app( page )
		.getByLabel( 'Background colour', { exact: true } )
		.click();
	await closeDialog();

	await app( page )
		.getByRole( 'textbox', { name: 'Toggle label' } )
		.pressSequentially( 'F' );
	await closeDialog();
	await expect(
		app( page ).getByRole( 'textbox', { name: 'Toggle label' } )
	).toHaveValue( '' );

	await app( page )
		.getByRole( 'combobox', { name: 'Font family' } )
		.selectOption( { index: 1 } );
	await closeDialog();
	await expect(
		app( page ).getByRole( 'combobox', { name: 'Font family' } )
	).toHaveValue( '' );

	await app( page ).getByRole( 'button', { name: 'Choose icon' } ).click();
	await closeDialog();

	// check() would wait for the radio to change, which it must not.
	await app( page ).getByRole( 'radio', { name: 'Custom' } ).click();
	await closeDialog();
	await expect(
		app( page ).getByRole( 'radio', { name: 'Custom' } )
	).not.toBeChecked();

	// What Lite may set stays open: the colour scheme and the bottom positions.
	await app( page ).getByRole( 'radio', { name: 'Bottom left' } ).check();
	await expect( dialog ).toBeHidden();
	await app( page ).getByRole( 'radio', { name: 'Dark' } ).check();
	await expect( dialog ).toBeHidden();
	await page.screenshot( { path: `${ SHOTS }/H1-lite-widget-settings.png` } );
} );
