import { chromium, type FullConfig } from '@playwright/test';
import { adminStatePath } from './fixtures/site';

/**
 * Logs in once as the site's administrator and keeps the cookies for the admin tests.
 */
export default async function globalSetup( config: FullConfig ) {
	const { baseURL, launchOptions } = config.projects[ 0 ].use;
	if ( ! baseURL ) {
		throw new Error(
			'UF_E2E_URL is not set: run the browser tests with `npm run test:e2e`.'
		);
	}
	const browser = await chromium.launch( launchOptions );
	const page = await browser.newPage( { baseURL } );
	await page.goto( '/wp-login.php' );
	await page.getByLabel( 'Username or Email Address' ).fill( 'admin' );
	await page.getByLabel( 'Password', { exact: true } ).fill( 'password' );
	await page.getByRole( 'button', { name: 'Log In' } ).click();
	await page.waitForURL( /wp-admin/ );
	await page.context().storageState( { path: adminStatePath() } );
	await browser.close();
}
