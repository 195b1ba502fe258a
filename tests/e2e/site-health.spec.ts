/**
 * Site Health (issue 16, item 6): Tools > Site Health > Status lists UserFeedback's tests with
 * its badge (the direct ones among the passed tests on this fresh site; the AI provider's async
 * test, pointed at a port where nothing listens, among the recommended improvements, naming the
 * host and never the key), and the Info tab has a UserFeedback section without the key. The
 * privacy policy guide (issue 16, item 2) shows UserFeedback's suggested text, written from the
 * settings of the moment.
 */
import { test, expect, type Page } from '@playwright/test';
import { adminStatePath, site } from './fixtures/site';

test.use( { storageState: adminStatePath() } );

const STATUS = '/wp-admin/site-health.php';
const INFO = '/wp-admin/site-health.php?tab=debug';
const KEY = 'sk-e2e-health-secret-0042';
// The discard port: nothing listens there, so the connection is refused at once.
const UNREACHABLE = 'http://127.0.0.1:9/v1';

const aiSettings = ( base: string, key: string, model: string ) => ( {
	ai_base_url: base,
	ai_api_key: key,
	ai_model: model,
} );

test.afterAll( () => {
	site( 'settings-set', {
		...aiSettings( '', '', '' ),
		anonymize_ips: true,
	} );
} );

/** The accordion button of a test result, by its headline. */
const result = ( page: Page, section: string, label: RegExp ) =>
	page
		.locator( `#health-check-issues-${ section }` )
		.getByRole( 'button', { name: label } );

test( 'the Status screen shows UserFeedback tests among the passed ones, with their badge', async ( {
	page,
} ) => {
	site( 'settings-set', aiSettings( '', '', '' ) );
	await page.goto( STATUS );
	await page.getByRole( 'button', { name: 'Passed tests' } ).click();

	const schema = result(
		page,
		'good',
		/UserFeedback's database tables are up to date/
	);
	await expect( schema ).toBeVisible();
	await expect( schema.locator( '.badge' ) ).toHaveText( 'UserFeedback' );
	await schema.click();
	await expect(
		page.locator( '#health-check-accordion-block-userfeedback_schema' )
	).toContainText( /All tables are in place at schema version \d+\./ );

	// The dev and test sites are not production: SQLite or not, this test passes.
	await expect(
		result(
			page,
			'good',
			/UserFeedback (runs on SQLite outside production|stores its data in MySQL or MariaDB)/
		)
	).toBeVisible();
	// The async test, answered by the plugin's REST route: nothing configured, nothing sent.
	await expect(
		result( page, 'good', /No AI provider is set up for UserFeedback/ )
	).toBeVisible( { timeout: 45_000 } );
} );

test( 'an AI provider that cannot be reached is a recommended improvement that names its host, not its key', async ( {
	page,
} ) => {
	site( 'settings-set', aiSettings( UNREACHABLE, KEY, 'gpt-e2e' ) );
	const answer = page.waitForResponse(
		( response ) =>
			response.url().includes( 'site-health/ai-provider' ) ||
			response.url().includes( 'site-health%2Fai-provider' ),
		{ timeout: 45_000 }
	);
	await page.goto( STATUS );

	const ai = result(
		page,
		'recommended',
		/The AI provider cannot be reached/
	);
	await expect( ai ).toBeVisible( { timeout: 45_000 } );
	await expect( ai.locator( '.badge' ) ).toHaveText( 'UserFeedback' );
	await ai.click();
	const panel = page.locator(
		'#health-check-accordion-block-userfeedback_ai_provider'
	);
	await expect( panel ).toContainText( 'at 127.0.0.1:9' );
	await expect(
		panel.getByRole( 'link', { name: 'Open the UserFeedback settings' } )
	).toHaveAttribute( 'href', /page=userfeedback_settings/ );

	expect( ( await answer ).status() ).toBe( 200 );
	expect( await ( await answer ).text() ).not.toContain( KEY );
	expect( await page.content() ).not.toContain( KEY );
} );

test( 'the Info tab has a UserFeedback section without the key', async ( {
	page,
} ) => {
	site( 'settings-set', aiSettings( UNREACHABLE, KEY, 'gpt-e2e' ) );
	await page.goto( INFO );
	const section = page.getByRole( 'button', {
		name: 'UserFeedback',
		exact: true,
	} );
	await section.click();
	const table = page.locator( '#health-check-accordion-block-userfeedback' );
	await expect( table ).toBeVisible();
	// Core draws the fields as a presentation table: rows by their text.
	const row = ( label: string ) =>
		table.locator( 'tr', {
			has: page.getByText( label, { exact: true } ),
		} );
	await expect( row( 'Schema version' ) ).toContainText(
		/\d+ \(this version needs \d+\)/
	);
	await expect( row( 'AI provider configured' ) ).toContainText( 'Yes' );
	await expect( row( 'AI API key stored' ) ).toContainText( 'Yes' );
	await expect( row( 'Database engine' ) ).toContainText(
		/SQLite|MariaDB|MySQL/
	);
	expect( await page.content() ).not.toContain( KEY );
	// The copy for support leaves the provider's host out (a private field).
	const copied = await page
		.locator( '[data-clipboard-text]' )
		.first()
		.getAttribute( 'data-clipboard-text' );
	expect( copied ).toContain( '### userfeedback ###' );
	expect( copied ).not.toContain( KEY );
	expect( copied ).not.toContain( '127.0.0.1:9' );
} );

test( 'the privacy policy guide has the UserFeedback text, written from the current settings', async ( {
	page,
} ) => {
	site( 'settings-set', {
		...aiSettings( '', '', '' ),
		anonymize_ips: true,
	} );
	await page.goto( '/wp-admin/privacy-policy-guide.php' );
	const panel = page.locator(
		'#privacy-settings-accordion-block-userfeedback'
	);
	await page
		.locator( '.privacy-settings-accordion-trigger', {
			hasText: 'UserFeedback',
		} )
		.click();
	await expect( panel ).toContainText(
		'IP address with its last part removed'
	);
	await expect( panel ).not.toContainText( 'AI service' );

	site( 'settings-set', {
		...aiSettings( UNREACHABLE, KEY, 'gpt-e2e' ),
		anonymize_ips: false,
	} );
	await page.reload();
	await page
		.locator( '.privacy-settings-accordion-trigger', {
			hasText: 'UserFeedback',
		} )
		.click();
	await expect( panel ).toContainText(
		'We also store your full IP address with your answers.'
	);
	await expect( panel ).toContainText(
		'We use an AI service at 127.0.0.1:9'
	);
	expect( await page.content() ).not.toContain( KEY );
} );
