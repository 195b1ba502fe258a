/**
 * Issue 17 item 6, real icons: icon-choice options are drawn as SVG from the icon set the plugin
 * ships (Font Awesome Free's solid icons, build/icons/), in the question's icon colour, the same in
 * the builder's picker and options, the visitor's widget and the results. No emoji, no empty boxes;
 * a stored name of the first icon list (smile) still draws, an unknown one draws the fallback.
 */
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { test, expect, type Locator } from '@playwright/test';
import { adminStatePath } from './fixtures/site';
import {
	ELITE,
	onlySurvey,
	prepareSite,
	question,
	siteBatch,
	widget,
} from './fixtures/visitor';
import { surveyBody } from './fixtures/body';

const SHOTS = process.env.UF_SHOTS || '/work/notes/shots17';
const SURVEYS = '/wp-admin/admin.php?page=userfeedback_surveys';
const RESULTS = '/wp-admin/admin.php?page=userfeedback_results';
const TITLE = 'How do you feel?';

type Catalogue = {
	icons: Array< { name: string; path: string; viewBox: string } >;
	aliases: Record< string, string >;
};
const catalogue: Catalogue = JSON.parse(
	readFileSync(
		path.join( __dirname, '..', '..', 'build', 'icons', 'icons.json' ),
		'utf8'
	)
);
const drawing = ( name: string ) =>
	catalogue.icons.find(
		( icon ) => icon.name === ( catalogue.aliases[ name ] ?? name )
	)!;

let surveyId: number;

test.beforeAll( () => {
	prepareSite( { entitlements: ELITE } );
	surveyId = onlySurvey(
		[
			question(
				1,
				'icon-choice',
				TITLE,
				{
					options: [
						// Names stored before the catalogue: Font Awesome's older names.
						{
							label: 'Happy',
							icon: { name: 'smile', style: 'solid' },
						},
						{
							label: 'Sad',
							icon: { name: 'frown', style: 'solid' },
						},
						{
							label: 'Love',
							icon: { name: 'heart', style: 'solid' },
						},
						{
							label: 'Mystery',
							icon: { name: 'no-such-icon', style: 'solid' },
						},
					],
				},
				{ icon_color: '#d63638', icon_size: 'large' }
			),
		],
		{ title: 'Icon survey' }
	);
} );

test.afterAll( () => {
	siteBatch( [
		{ command: 'surveys-clear' },
		{ command: 'entitlements', arg: null },
	] );
} );

/** The path of the SVG in an element, and its computed colour. */
async function svgOf( scope: Locator ) {
	const svg = scope.locator( 'svg' ).first();
	await expect( svg ).toBeVisible();
	return {
		d: await svg.locator( 'path' ).getAttribute( 'd' ),
		color: await svg.evaluate( ( el ) => getComputedStyle( el ).color ),
		box: await svg.boundingBox(),
	};
}

test( 'the visitor sees SVG icons in the icon colour: the stored names and a fallback for an unknown one', async ( {
	page,
} ) => {
	await page.goto( '/' );
	const dialog = widget( page, 'Icon survey' );
	await expect( dialog ).toBeVisible();

	const happy = await svgOf(
		dialog.getByRole( 'button', { name: 'Happy', exact: true } )
	);
	expect( happy.d ).toBe( drawing( 'smile' ).path );
	expect( happy.color ).toBe( 'rgb(214, 54, 56)' );
	expect( Math.round( happy.box!.height ) ).toBe( 24 );
	expect(
		( await svgOf( dialog.getByRole( 'button', { name: 'Love' } ) ) ).d
	).toBe( drawing( 'heart' ).path );
	const mystery = await svgOf(
		dialog.getByRole( 'button', { name: 'Mystery' } )
	);
	expect( mystery.d ).toBe( drawing( 'circle-question' ).path );
	// The buttons hold the drawing and the label: no emoji or glyph text.
	await expect(
		dialog.getByRole( 'button', { name: 'Happy', exact: true } )
	).toHaveText( 'Happy' );

	// Only the survey's icons came with its body, not the catalogue.
	const config = ( await surveyBody( page ) ).survey.icons!;
	expect( Object.keys( config ).sort() ).toEqual( [
		'frown',
		'heart',
		'no-such-icon',
		'smile',
	] );
	await dialog.screenshot( {
		path: `${ SHOTS }/H4-icons-after-widget.png`,
	} );
} );

test.describe( 'admin', () => {
	test.use( { storageState: adminStatePath() } );

	test( 'the builder draws the options and the picker with the same SVGs, and a picked icon reaches the visitor', async ( {
		page,
		browser,
	} ) => {
		await page.setViewportSize( { width: 1280, height: 900 } );
		await page.goto( `${ SURVEYS }#/edit/${ surveyId }/questions` );
		const first = page.getByRole( 'button', {
			name: 'Choose icon for Option 1',
		} );
		const option = await svgOf( first );
		expect( option.d ).toBe( drawing( 'smile' ).path );
		expect( option.color ).toBe( 'rgb(214, 54, 56)' );

		// The live preview draws what visitors get.
		const preview = page.getByRole( 'region', { name: 'Survey preview' } );
		expect(
			(
				await svgOf(
					preview.getByRole( 'button', {
						name: 'Happy',
						exact: true,
					} )
				)
			).d
		).toBe( drawing( 'smile' ).path );

		await page
			.getByRole( 'button', { name: 'Choose icon for Option 3' } )
			.click();
		const picker = page.getByRole( 'dialog', { name: 'Choose an Icon' } );
		await expect( picker ).toBeVisible();
		// Every button of the picker is an SVG drawing.
		await expect(
			picker.locator( '.userfeedback-icon-picker__icon svg path' ).first()
		).toBeVisible();
		await page.screenshot( {
			path: `${ SHOTS }/H4-icons-after-picker.png`,
		} );
		await picker
			.getByRole( 'searchbox', { name: 'Search icons' } )
			.fill( 'thumbs' );
		await picker.getByRole( 'button', { name: 'Thumbs Up' } ).click();
		await expect( picker ).toBeHidden();
		const third = page.getByRole( 'button', {
			name: 'Choose icon for Option 3',
		} );
		await expect( third ).toContainText( 'thumbs-up' );
		expect( ( await svgOf( third ) ).d ).toBe(
			drawing( 'thumbs-up' ).path
		);

		const saved = page.waitForResponse(
			( res ) =>
				/userfeedback\/v1\/surveys\/\d+/.test(
					decodeURIComponent( res.url() )
				) &&
				[ 'POST', 'PUT', 'PATCH' ].includes( res.request().method() )
		);
		await page.getByRole( 'button', { name: 'Save and Publish' } ).click();
		expect( ( await saved ).ok() ).toBe( true );

		const visitor = await browser.newPage();
		await visitor.goto( '/' );
		const dialog = widget( visitor, 'Icon survey' );
		expect(
			( await svgOf( dialog.getByRole( 'button', { name: 'Love' } ) ) ).d
		).toBe( drawing( 'thumbs-up' ).path );
		await visitor.close();
	} );

	test( 'the results draw each option’s icon in the question’s colour', async ( {
		page,
	} ) => {
		await page.goto( `${ RESULTS }#/survey/${ surveyId }` );
		const card = page.getByRole( 'region', {
			name: new RegExp( TITLE.replace( '?', '\\?' ) ),
		} );
		const row = card.getByRole( 'row', { name: /Sad/ } ).last();
		const sad = await svgOf( row );
		expect( sad.d ).toBe( drawing( 'frown' ).path );
		expect( sad.color ).toBe( 'rgb(214, 54, 56)' );
	} );
} );
