import { chromium, type FullConfig } from '@playwright/test';
import { mkdirSync } from 'node:fs';
import path from 'node:path';
import { adminStatePath } from './fixtures/site';

/**
 * Logs in once as the administrator of each worker's site (scripts/test-e2e.sh makes one site per
 * worker: UF_E2E_URL_N, UF_E2E_STATE_N) and keeps the cookies for the admin tests, all at once.
 */
export default async function globalSetup( config: FullConfig ) {
	const { baseURL, launchOptions } = config.projects[ 0 ].use;
	if ( ! baseURL ) {
		throw new Error(
			'UF_E2E_URL is not set: run the browser tests with `npm run test:e2e`.'
		);
	}
	const sites: { url: string; state: string }[] = [];
	for ( let n = 0; process.env[ `UF_E2E_URL_${ n }` ]; n++ ) {
		const state = process.env[ `UF_E2E_STATE_${ n }` ];
		if ( ! state ) {
			throw new Error( `UF_E2E_STATE_${ n } is not set.` );
		}
		mkdirSync( state, { recursive: true } );
		sites.push( {
			url: String( process.env[ `UF_E2E_URL_${ n }` ] ),
			state: path.join( state, 'admin.json' ),
		} );
	}
	if ( ! sites.length ) {
		sites.push( { url: baseURL, state: adminStatePath() } );
	}
	const browser = await chromium.launch( launchOptions );
	await Promise.all(
		sites.map( async ( { url, state } ) => {
			const context = await browser.newContext( { baseURL: url } );
			const page = await context.newPage();
			await page.goto( '/wp-login.php' );
			await page
				.getByLabel( 'Username or Email Address' )
				.fill( 'admin' );
			await page
				.getByLabel( 'Password', { exact: true } )
				.fill( 'password' );
			await page.getByRole( 'button', { name: 'Log In' } ).click();
			await page.waitForURL( /wp-admin/ );
			await context.storageState( { path: state } );
			await context.close();
		} )
	);
	await browser.close();
}
