/**
 * Issue 19 item 5: an admin adds a webhook on Settings > Webhooks pointing at a receiver of
 * this spec's own (node:http on 127.0.0.1, allowed through the userfeedback_webhook_allow_private
 * filter by a mu-plugin of the spec), copies the secret shown once, sends a test and sees it
 * delivered; the receiver got a body signed with that secret. A receiver that answers 500
 * makes the test fail, shows in the log, and Retry delivers it. Lite sees the upgrade card.
 */
import { createHmac, timingSafeEqual } from 'node:crypto';
import { mkdirSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { AddressInfo } from 'node:net';
import { test, expect } from '@playwright/test';

import { adminStatePath } from './fixtures/site';
import { SETTINGS, app } from './fixtures/licensing';
import { createSurvey, licensed, prepareSite } from './fixtures/visitor';
import { webhooksSite } from './fixtures/webhooks';

test.use( { storageState: adminStatePath() } );

const TAB = `${ SETTINGS }#/webhooks`;
const SHOTS = '/work/notes/shots19';

type Received = {
	url: string;
	headers: Record< string, string | string[] | undefined >;
	body: string;
};

let receiver: Server;
let base = '';
const received: Received[] = [];
/** Answers of the receiver still to come (status codes); 200 after them. */
const script: number[] = [];

test.beforeAll( async () => {
	receiver = createServer( ( request, response ) => {
		let body = '';
		request.on( 'data', ( chunk ) => ( body += chunk ) );
		request.on( 'end', () => {
			received.push( {
				url: request.url ?? '',
				headers: request.headers,
				body,
			} );
			response.statusCode = script.shift() ?? 200;
			response.end( response.statusCode === 200 ? 'ok' : 'broken' );
		} );
	} );
	await new Promise< void >( ( resolve ) =>
		receiver.listen( 0, '127.0.0.1', resolve )
	);
	base = `http://127.0.0.1:${ ( receiver.address() as AddressInfo ).port }`;
	webhooksSite( 'reset' );
	webhooksSite( 'allow-private' );
} );

test.afterAll( async () => {
	webhooksSite( 'reset' );
	prepareSite( {} );
	await new Promise( ( resolve ) => receiver.close( resolve ) );
} );

function verify( request: Received, secret: string ): boolean {
	const timestamp = String( request.headers[ 'x-userfeedback-timestamp' ] );
	const signature = String( request.headers[ 'x-userfeedback-signature' ] );
	const expected =
		'sha256=' +
		createHmac( 'sha256', secret )
			.update( `${ timestamp }.${ request.body }` )
			.digest( 'hex' );
	const fresh = Math.abs( Date.now() / 1000 - Number( timestamp ) ) < 5 * 60;
	return (
		fresh &&
		expected.length === signature.length &&
		timingSafeEqual( Buffer.from( expected ), Buffer.from( signature ) )
	);
}

test( 'an admin adds a webhook, sends a test and the receiver gets a signed body; a failure can be retried from the log', async ( {
	page,
} ) => {
	prepareSite( { entitlements: licensed( 'pro' ) } );
	createSurvey(
		[
			{
				id: 1,
				type: 'nps',
				title: 'How likely are you to recommend us?',
			},
		],
		{ title: 'Pricing feedback' }
	);
	await page.goto( TAB );
	await expect(
		app( page ).getByRole( 'heading', { name: 'Webhooks', level: 2 } )
	).toBeVisible();
	await expect( app( page ).getByText( 'No webhooks yet' ) ).toBeVisible();

	await app( page ).getByRole( 'button', { name: 'Add webhook' } ).click();
	await app( page )
		.getByRole( 'textbox', { name: 'URL' } )
		.fill( `${ base }/hooks/userfeedback` );
	await app( page )
		.getByRole( 'combobox', { name: 'Survey' } )
		.selectOption( { label: 'Pricing feedback' } );
	await app( page )
		.locator( 'form' )
		.getByRole( 'button', { name: 'Add webhook' } )
		.click();

	const secretField = app( page ).getByRole( 'textbox', { name: 'Secret' } );
	await expect( secretField ).toHaveValue( /^[0-9a-f]{64}$/ );
	const secret = await secretField.inputValue();
	await app( page ).getByRole( 'button', { name: 'Done' } ).click();
	await expect( secretField ).toHaveCount( 0 );

	const item = app( page ).getByRole( 'listitem', {
		name: `${ base }/hooks/userfeedback`,
	} );
	await expect( item.getByText( 'Pricing feedback' ) ).toBeVisible();
	await expect( item.getByText( 'None yet' ) ).toBeVisible();

	received.length = 0;
	await item.getByRole( 'button', { name: 'Send test' } ).click();
	await expect( item.getByText( 'Test delivered.' ) ).toBeVisible();
	await expect(
		item.locator( '.userfeedback-webhooks__meta' ).getByText( 'Delivered' )
	).toBeVisible();
	expect( received ).toHaveLength( 1 );
	expect( received[ 0 ].url ).toBe( '/hooks/userfeedback' );
	expect( received[ 0 ].headers[ 'x-userfeedback-event' ] ).toBe( 'test' );
	expect( verify( received[ 0 ], secret ) ).toBe( true );
	expect( verify( received[ 0 ], 'not-the-secret' ) ).toBe( false );
	const body = JSON.parse( received[ 0 ].body );
	expect( body.event ).toBe( 'test' );
	expect( body.survey.title ).toBe( 'Pricing feedback' );
	expect( String( body.id ) ).toBe(
		received[ 0 ].headers[ 'x-userfeedback-delivery' ]
	);

	// A receiver that breaks: the test says so; the log's Retry delivers it.
	script.push( 500 );
	await item.getByRole( 'button', { name: 'Send test' } ).click();
	await expect( item.getByText( 'The test failed.' ) ).toBeVisible();
	await expect(
		item.getByText( 'HTTP 500 broken', { exact: false } ).first()
	).toBeVisible();
	await expect( item.getByText( 'The test failed.' ) ).toBeVisible();
	await item.getByRole( 'button', { name: 'Delivery log' } ).click();
	const log = item.getByRole( 'table' );
	await expect( log.getByRole( 'row' ) ).toHaveCount( 3 );
	await log.getByRole( 'button', { name: /^Retry delivery/ } ).click();
	await expect( log.getByText( 'Failed' ) ).toHaveCount( 0 );
	await expect( log.getByText( 'Delivered' ) ).toHaveCount( 2 );
	await expect( item.getByText( 'The test failed.' ) ).toHaveCount( 0 );
	expect( received ).toHaveLength( 3 );
	expect( verify( received[ 2 ], secret ) ).toBe( true );

	mkdirSync( SHOTS, { recursive: true } );
	await page.screenshot( {
		path: `${ SHOTS }/h2-webhooks.png`,
		fullPage: true,
	} );
} );

test( 'Lite sees the upgrade card', async ( { page } ) => {
	prepareSite( {} );
	await page.goto( TAB );
	await expect(
		app( page ).getByText( /Webhooks is a Pro feature/ )
	).toBeVisible();
	await expect(
		app( page ).getByRole( 'button', { name: 'Add webhook' } )
	).toHaveCount( 0 );
} );
