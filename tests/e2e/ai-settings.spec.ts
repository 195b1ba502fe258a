/**
 * Issue 17 item 1: AI summaries can be set up. Settings > AI Summaries takes the provider's base
 * URL, model and API key (write-only, shown masked), Test connection reports success or the
 * provider's own error, the screen says what is sent, Lite sees the gate; the results' AI Summary
 * block, asked before a provider is set up, links to that tab.
 *
 * The provider is a loopback server of this spec's own (node:http on 127.0.0.1): an
 * OpenAI-compatible model list that accepts one key and refuses others with the provider's error.
 */
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect, type Page } from '@playwright/test';

import { adminStatePath, site } from './fixtures/site';
import { SETTINGS, app } from './fixtures/licensing';
import {
	createSurvey,
	licensed,
	prepareSite,
	question,
} from './fixtures/visitor';
import { resultsUrl } from './fixtures/results';

test.use( { storageState: adminStatePath() } );

const KEY = 'sk-e2e-ai-settings-0042';
const WRONG = 'sk-e2e-wrong-9999';
const PROVIDER_ERROR = 'Incorrect API key provided.';
const AI_TAB = `${ SETTINGS }#/ai`;

let provider: Server;
let base = '';
const seen: Array< { url: string; auth: string } > = [];

test.beforeAll( async () => {
	provider = createServer( ( request, response ) => {
		const auth = String( request.headers.authorization ?? '' );
		seen.push( { url: request.url ?? '', auth } );
		response.setHeader( 'Content-Type', 'application/json' );
		if ( request.url !== '/v1/models' ) {
			response.statusCode = 404;
			response.end( JSON.stringify( { error: 'Not found' } ) );
			return;
		}
		if ( auth !== `Bearer ${ KEY }` ) {
			response.statusCode = 401;
			response.end(
				JSON.stringify( { error: { message: PROVIDER_ERROR } } )
			);
			return;
		}
		response.end(
			JSON.stringify( {
				object: 'list',
				data: [ { id: 'gpt-e2e', object: 'model' } ],
			} )
		);
	} );
	await new Promise< void >( ( resolve ) =>
		provider.listen( 0, '127.0.0.1', resolve )
	);
	base = `http://127.0.0.1:${ ( provider.address() as AddressInfo ).port }/v1`;
} );

test.afterAll( async () => {
	site( 'settings-set', { ai_base_url: '', ai_api_key: '', ai_model: '' } );
	site( 'entitlements', null );
	await new Promise( ( resolve ) => provider.close( resolve ) );
} );

const field = ( page: Page, name: string ) =>
	app( page ).getByRole( 'textbox', { name } );
const keyField = ( page: Page ) => app( page ).getByLabel( 'API key' );
const save = ( page: Page ) =>
	app( page ).getByRole( 'button', { name: 'Save Settings' } ).click();

test( 'the provider is set up on its own tab: key masked, Test connection reports success and the provider\u2019s error', async ( {
	page,
} ) => {
	prepareSite( { entitlements: licensed( 'pro' ) } );
	site( 'settings-set', { ai_base_url: '', ai_api_key: '', ai_model: '' } );

	await page.goto( AI_TAB );
	await expect(
		app( page ).getByRole( 'heading', { name: 'AI Summaries' } )
	).toBeVisible();
	await expect(
		app( page ).getByRole( 'heading', {
			name: 'What is sent to the provider',
		} )
	).toBeVisible();
	await expect(
		app( page ).getByText( /at most 300 answers and comments/ )
	).toBeVisible();
	// Nothing saved yet: nothing to test.
	await expect(
		app( page ).getByRole( 'button', { name: 'Test connection' } )
	).toBeDisabled();

	await field( page, 'Base URL' ).fill( base );
	await field( page, 'Model' ).fill( 'gpt-e2e' );
	await keyField( page ).fill( KEY );
	await expect( keyField( page ) ).toHaveAttribute( 'type', 'password' );
	await save( page );
	await expect( page.getByText( 'Settings saved.' ).first() ).toBeVisible();

	// Write-only: stored on the server, shown masked, never in the page.
	expect( site< { ai_api_key: string } >( 'settings-get' ).ai_api_key ).toBe(
		KEY
	);
	await expect( keyField( page ) ).toHaveValue( '' );
	await expect( keyField( page ) ).toHaveAttribute(
		'placeholder',
		'••••••••0042'
	);
	await page.reload();
	await expect( keyField( page ) ).toHaveAttribute(
		'placeholder',
		'••••••••0042'
	);
	expect( await page.content() ).not.toContain( KEY );

	seen.length = 0;
	await app( page )
		.getByRole( 'button', { name: 'Test connection' } )
		.click();
	await expect( app( page ).getByText( 'Connected.' ) ).toBeVisible();
	await expect(
		app( page ).getByText( /accepted the API key/ )
	).toBeVisible();
	expect( seen ).toEqual( [
		{ url: '/v1/models', auth: `Bearer ${ KEY }` },
	] );

	// A wrong key: the provider's own words come back.
	await keyField( page ).fill( WRONG );
	await expect(
		app( page ).getByRole( 'button', { name: 'Test connection' } )
	).toBeDisabled();
	await save( page );
	await expect( keyField( page ) ).toHaveAttribute(
		'placeholder',
		'••••••••9999'
	);
	await app( page )
		.getByRole( 'button', { name: 'Test connection' } )
		.click();
	await expect(
		app( page ).getByText( 'The connection failed.' )
	).toBeVisible();
	await expect(
		app( page ).getByText( `The provider said: ${ PROVIDER_ERROR }` )
	).toBeVisible();
	expect( await page.content() ).not.toContain( WRONG );

	// Changing the model while a key is stored needs the key again: said under the key field.
	await field( page, 'Model' ).fill( 'gpt-other' );
	await save( page );
	const needed =
		"Enter the API key again to change the AI provider's address or model.";
	await expect(
		app( page ).locator( '.userfeedback-field-error', { hasText: needed } )
	).toBeVisible();
	await expect( keyField( page ) ).toHaveAttribute( 'aria-invalid', 'true' );
	await page.screenshot( {
		path: '/work/notes/shots17/H6-ai-settings.png',
		fullPage: true,
	} );
} );

test( 'Lite sees the tab gated as the AI summary is', async ( { page } ) => {
	prepareSite( { entitlements: null } );
	await page.goto( AI_TAB );
	await expect(
		app( page ).getByText( 'AI Summary is a Pro feature.' )
	).toBeVisible();
	await expect( field( page, 'Base URL' ) ).toHaveCount( 0 );
} );

test( 'Generate summary without a provider links to the AI tab', async ( {
	page,
} ) => {
	prepareSite( { entitlements: licensed( 'pro' ) } );
	site( 'settings-set', { ai_base_url: '', ai_api_key: '', ai_model: '' } );
	const id = createSurvey(
		[ question( 1, 'text', 'What could we do better?' ) ],
		{
			title: 'AI link survey',
		}
	);

	await page.goto( resultsUrl( id ) );
	await app( page )
		.getByRole( 'button', { name: /^(Generate|Refresh) summary$/ } )
		.click();
	const link = app( page ).getByRole( 'link', {
		name: 'Set up the AI provider in Settings',
	} );
	await expect( link ).toBeVisible();
	await link.click();
	await expect( page ).toHaveURL( /page=userfeedback_settings#\/ai$/ );
	await expect(
		app( page ).getByRole( 'heading', { name: 'AI Summaries' } )
	).toBeVisible();
} );
