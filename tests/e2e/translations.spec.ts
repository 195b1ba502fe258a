/**
 * A translation reaches the screens (issue 20 item 1): the de_DE fixture
 * (tests/fixtures/i18n/userfeedback-de_DE.po), compiled as a release would ship it (msgfmt for the
 * PHP strings, `node scripts/i18n.mjs json` for the admin scripts' JSON named after the built
 * files), is put where WordPress looks for a plugin's translations (wp-content/languages/plugins),
 * and the site's language is set to German (WPLANG; no core language pack needed). An admin screen
 * (@wordpress/i18n, plural included) and the visitor widget (its strings come from PHP) show the
 * German text. Afterwards the site is English again and the files are gone.
 */
import { test, expect } from '@playwright/test';
import { execFileSync } from 'node:child_process';
import {
	copyFileSync,
	mkdirSync,
	mkdtempSync,
	readdirSync,
	rmSync,
} from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { adminStatePath, site, siteDir } from './fixtures/site';
import {
	onlySurvey,
	prepareSite,
	question,
	visitorPage,
	widget,
} from './fixtures/visitor';

test.use( { storageState: adminStatePath() } );

const ROOT = path.resolve( __dirname, '..', '..' );
const FIXTURES = path.join( ROOT, 'tests', 'fixtures', 'i18n' );
const PO = path.join( FIXTURES, 'userfeedback-de_DE.po' );
const SURVEYS = '/wp-admin/admin.php?page=userfeedback_surveys';

/** The translation files copied into the site, removed after the spec. */
const installed: string[] = [];
let previousLocale = '';

/**
 * Sets the site's language; answers the one it had.
 *
 * @param locale A locale, or '' for English.
 */
function siteLocale( locale: string ): string {
	const out = execFileSync(
		'php',
		[ path.join( FIXTURES, 'site-locale.php' ), siteDir(), locale ],
		{ encoding: 'utf8' }
	);
	return ( JSON.parse( out ) as { previous: string } ).previous;
}

test.beforeAll( () => {
	// The JSON step reads the whole build (the strings of each built script): allow it time.
	test.setTimeout( 240_000 );
	const compiled = mkdtempSync( path.join( os.tmpdir(), 'uf-e2e-i18n-' ) );
	try {
		execFileSync( 'msgfmt', [
			'--check',
			'-o',
			path.join( compiled, 'userfeedback-de_DE.mo' ),
			PO,
		] );
		execFileSync(
			'node',
			[ path.join( ROOT, 'scripts', 'i18n.mjs' ), 'json', PO, compiled ],
			{ cwd: ROOT }
		);
		const target = path.join(
			siteDir(),
			'wp-content',
			'languages',
			'plugins'
		);
		mkdirSync( target, { recursive: true } );
		for ( const file of readdirSync( compiled ) ) {
			copyFileSync(
				path.join( compiled, file ),
				path.join( target, file )
			);
			installed.push( path.join( target, file ) );
		}
	} finally {
		rmSync( compiled, { recursive: true, force: true } );
	}
	expect( installed ).toContain(
		path.join(
			siteDir(),
			'wp-content',
			'languages',
			'plugins',
			'userfeedback-de_DE.mo'
		)
	);
	prepareSite( {} );
	onlySurvey( [ question( 1, 'text', 'Was hat Sie hergeführt?' ) ] );
	previousLocale = siteLocale( 'de_DE' );
} );

test.afterAll( () => {
	siteLocale( previousLocale );
	for ( const file of installed ) {
		rmSync( file, { force: true } );
	}
	site( 'surveys-clear' );
} );

test( 'an admin screen shows the German strings of its script', async ( {
	page,
} ) => {
	await page.goto( SURVEYS );
	await expect( page.locator( 'html' ) ).toHaveAttribute( 'lang', 'de-DE' );
	// A plain string and a plural (_n) of the surveys app, from its JSON.
	await expect(
		page.getByRole( 'link', { name: 'Neu erstellen', exact: true } )
	).toBeVisible();
	await expect(
		page.locator( '.displaying-num' ).filter( { hasText: '1 Eintrag' } )
	).not.toHaveCount( 0 );
	await expect(
		page.getByRole( 'link', { name: 'Create New', exact: true } )
	).toHaveCount( 0 );
	await expect(
		page.locator( '.displaying-num' ).filter( { hasText: '1 item' } )
	).toHaveCount( 0 );
} );

test( 'the visitor widget shows its German strings', async ( { browser } ) => {
	const page = await visitorPage( browser );
	await page.goto( '/' );
	const dialog = widget( page );
	await expect( dialog ).toBeVisible();
	await expect(
		dialog.getByRole( 'button', { name: 'Absenden', exact: true } )
	).toBeVisible();
	await expect(
		dialog.getByRole( 'button', { name: 'Submit', exact: true } )
	).toHaveCount( 0 );
	await page.context().close();
} );
