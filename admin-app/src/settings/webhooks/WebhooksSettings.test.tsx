/**
 * Settings > Webhooks against the test HTTP server standing in for the webhook routes:
 * the upgrade card without the feature, the list, adding one (the secret shown once),
 * Send test and its outcome, the delivery log with Retry, and delete after a confirm.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { feature } from '../../shared/test/fixtures';
import { sendJson, sendNoRoute } from '../../shared/test/server';
import { renderSettingsAt, settingsSuite } from '../test/settingsHarness';
import type { Webhook, WebhookDelivery } from './types';

const server = settingsSuite();
const BASE = '/wp-json/userfeedback/v1/webhooks';
const SECRET = 'f'.repeat( 64 );

const allowed = {
	features: {
		webhooks: feature( {
			allowed: true,
			reason: null,
			label: 'Webhooks',
		} ),
	},
};

const delivery = (
	over: Partial< WebhookDelivery > = {}
): WebhookDelivery => ( {
	id: 1,
	event: 'response.completed',
	response_id: 42,
	status: 'delivered',
	attempts: 1,
	code: 200,
	error: '',
	duration_ms: 35,
	created_at: '2026-11-20T10:00:00Z',
	attempted_at: '2026-11-20T10:00:05Z',
	next_at: null,
	delivered_at: '2026-11-20T10:00:05Z',
	...over,
} );

let hooks: Webhook[];
let log: WebhookDelivery[];

const hook = ( over: Partial< Webhook > = {} ): Webhook => ( {
	id: 7,
	url: 'https://hooks.example.com/uf',
	survey_id: 0,
	survey_title: null,
	format: 'json',
	active: true,
	created_at: '2026-11-20T09:00:00Z',
	updated_at: '2026-11-20T09:00:00Z',
	last_delivery: null,
	...over,
} );

beforeEach( () => {
	hooks = [];
	log = [];
	server.handle( ( request, response ) => {
		const url = request.url;
		if ( url.includes( '/results-summary' ) ) {
			return sendJson( response, 200, {
				total_responses: 0,
				data_points: [],
				surveys: [ { id: 3, title: 'Pricing survey' } ],
				pagination: { page: 1, pages: 1, per_page: 100, total: 1 },
			} );
		}
		if ( ! url.startsWith( BASE ) ) {
			return sendNoRoute( response );
		}
		const path = url.slice( BASE.length ).split( '?' )[ 0 ];
		const override = request.headers[ 'x-http-method-override' ];
		const method = ( override as string | undefined ) ?? request.method;
		if ( path === '' && method === 'GET' ) {
			return sendJson( response, 200, hooks );
		}
		if ( path === '' && method === 'POST' ) {
			const body = JSON.parse( request.body );
			if ( body.url.startsWith( 'http://10.' ) ) {
				const message =
					'The webhook URL points to a private or reserved address (10.0.0.1 is 10.0.0.1).';
				return sendJson( response, 400, {
					code: 'userfeedback_invalid_params',
					message,
					data: {
						status: 400,
						params: { url: message },
						fields: { url: message },
					},
				} );
			}
			const created = hook( {
				id: 8,
				url: body.url,
				survey_id: body.survey_id,
				survey_title: body.survey_id ? 'Pricing survey' : null,
				format: body.format,
			} );
			hooks = [ ...hooks, created ];
			return sendJson( response, 201, { ...created, secret: SECRET } );
		}
		if ( path === '/7/test' ) {
			const sent = delivery( {
				id: 2,
				event: 'test',
				response_id: 0,
				status: 'failed',
				code: 500,
				error: 'HTTP 500 receiver broke',
				delivered_at: null,
			} );
			log = [ sent, ...log ];
			return sendJson( response, 200, {
				delivered: false,
				code: 500,
				error: 'HTTP 500 receiver broke',
				duration_ms: 12,
				delivery: sent,
			} );
		}
		if ( path === '/7/deliveries' ) {
			return sendJson( response, 200, log );
		}
		if ( path === '/7/deliveries/2/retry' ) {
			const again = delivery( { id: 2, event: 'test', attempts: 2 } );
			log = log.map( ( d ) => ( d.id === 2 ? again : d ) );
			return sendJson( response, 200, {
				delivered: true,
				code: 200,
				error: '',
				duration_ms: 9,
				delivery: again,
			} );
		}
		if ( path === '/7' && method === 'DELETE' ) {
			hooks = hooks.filter( ( h ) => h.id !== 7 );
			return sendJson( response, 200, { deleted: true, id: 7 } );
		}
		if ( path === '/9' && method === 'POST' ) {
			const body = JSON.parse( request.body );
			hooks = hooks.map( ( h ) =>
				h.id === 9 ? { ...h, active: body.active } : h
			);
			return sendJson( response, 200, hooks[ 1 ] );
		}
		if ( path === '/7/secret' ) {
			return sendJson( response, 200, { id: 7, secret: SECRET } );
		}
		sendNoRoute( response );
	} );
} );

describe( 'Settings > Webhooks', () => {
	it( 'shows the upgrade card without the feature and asks nothing', async () => {
		renderSettingsAt( server, '/webhooks', {
			features: { webhooks: feature( { label: 'Webhooks' } ) },
		} );
		expect(
			await screen.findByText( 'Webhooks is a Pro feature.' )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Webhooks' } )
		).toHaveAttribute( 'aria-current', 'page' );
		expect(
			server.received.filter( ( r ) => r.url.startsWith( BASE ) )
		).toHaveLength( 0 );
	} );

	it( 'lists webhooks with their survey, format and last delivery', async () => {
		hooks = [
			hook( { last_delivery: delivery() } ),
			hook( {
				id: 9,
				url: 'https://hooks.slack.com/services/T/B/X',
				survey_id: 3,
				survey_title: 'Pricing survey',
				format: 'slack',
				active: false,
			} ),
		];
		renderSettingsAt( server, '/webhooks', allowed );
		const first = await screen.findByRole( 'listitem', {
			name: 'https://hooks.example.com/uf',
		} );
		expect(
			within( first ).getByText( 'All surveys' )
		).toBeInTheDocument();
		expect( within( first ).getByText( 'JSON' ) ).toBeInTheDocument();
		expect( within( first ).getByText( 'Delivered' ) ).toBeInTheDocument();
		expect(
			within( first ).getByRole( 'checkbox', { name: 'Active' } )
		).toBeChecked();
		const second = screen.getByRole( 'listitem', {
			name: 'https://hooks.slack.com/services/T/B/X',
		} );
		expect(
			within( second ).getByText( 'Pricing survey' )
		).toBeInTheDocument();
		expect( within( second ).getByText( 'Slack' ) ).toBeInTheDocument();
		expect( within( second ).getByText( 'None yet' ) ).toBeInTheDocument();
		expect(
			within( second ).getByRole( 'checkbox', { name: 'Active' } )
		).not.toBeChecked();
		// Secrets never come with the list.
		expect( screen.queryByDisplayValue( SECRET ) ).not.toBeInTheDocument();

		// The Active toggle saves at once.
		const user = userEvent.setup();
		await user.click(
			within( second ).getByRole( 'checkbox', { name: 'Active' } )
		);
		await waitFor( () =>
			expect(
				within( second ).getByRole( 'checkbox', { name: 'Active' } )
			).toBeChecked()
		);
		const saved = server.received.filter(
			( r ) => r.method === 'POST' && r.url.startsWith( `${ BASE }/9` )
		);
		expect( JSON.parse( saved[ 0 ].body ) ).toEqual( { active: true } );
	} );

	it( 'adds a webhook, shows a refused URL under its field, and the secret once', async () => {
		const user = userEvent.setup();
		renderSettingsAt( server, '/webhooks', allowed );
		await user.click(
			await screen.findByRole( 'button', { name: 'Add webhook' } )
		);
		const url = screen.getByRole( 'textbox', { name: 'URL' } );
		await user.type( url, 'http://10.0.0.1/hook' );
		const form = url.closest( 'form' ) as HTMLElement;
		await user.click(
			within( form ).getByRole( 'button', { name: 'Add webhook' } )
		);
		await waitFor( () => expect( url ).toBeInvalid() );
		expect( url ).toHaveAccessibleDescription(
			expect.stringContaining( 'private or reserved address' )
		);

		await user.clear( url );
		await user.type( url, 'https://hooks.example.com/new' );
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Survey' } ),
			'Pricing survey'
		);
		await user.click(
			screen.getByRole( 'radio', { name: 'Slack incoming webhook' } )
		);
		await user.click(
			within( form ).getByRole( 'button', { name: 'Add webhook' } )
		);
		const secret = await screen.findByRole( 'textbox', {
			name: 'Secret',
		} );
		expect( secret ).toHaveValue( SECRET );
		const posts = server.received.filter(
			( r ) => r.method === 'POST' && r.url.startsWith( BASE )
		);
		expect( JSON.parse( posts[ posts.length - 1 ].body ) ).toEqual( {
			url: 'https://hooks.example.com/new',
			survey_id: 3,
			format: 'slack',
		} );
		expect(
			await screen.findByRole( 'listitem', {
				name: 'https://hooks.example.com/new',
			} )
		).toBeInTheDocument();

		await user.click( screen.getByRole( 'button', { name: 'Done' } ) );
		expect( screen.queryByDisplayValue( SECRET ) ).not.toBeInTheDocument();
	} );

	it( 'sends a test, shows its outcome, and retries it from the log', async () => {
		const user = userEvent.setup();
		hooks = [ hook() ];
		renderSettingsAt( server, '/webhooks', allowed );
		const item = await screen.findByRole( 'listitem', {
			name: 'https://hooks.example.com/uf',
		} );
		await user.click(
			within( item ).getByRole( 'button', { name: 'Send test' } )
		);
		expect(
			await within( item ).findByText( 'The test failed.' )
		).toBeInTheDocument();
		expect(
			within( item ).getByText( 'HTTP 500 receiver broke · 12 ms' )
		).toBeInTheDocument();

		await user.click(
			within( item ).getByRole( 'button', { name: 'Delivery log' } )
		);
		const table = await within( item ).findByRole( 'table' );
		expect( within( table ).getByText( 'Test' ) ).toBeInTheDocument();
		expect( within( table ).getByText( 'Failed' ) ).toBeInTheDocument();
		await user.click(
			within( table ).getByRole( 'button', { name: 'Retry delivery 2' } )
		);
		expect(
			await within( table ).findByText( 'Delivered' )
		).toBeInTheDocument();
		expect(
			within( table ).queryByRole( 'button', { name: /Retry/ } )
		).not.toBeInTheDocument();
		// The failed test's notice is out of date once it was retried.
		expect(
			within( item ).queryByText( 'The test failed.' )
		).not.toBeInTheDocument();
		expect(
			within( table ).getByText( 'HTTP 200 · 35 ms' )
		).toBeInTheDocument();
	} );

	it( 'shows the secret on request and deletes after a confirm', async () => {
		const user = userEvent.setup();
		hooks = [ hook() ];
		renderSettingsAt( server, '/webhooks', allowed );
		const item = await screen.findByRole( 'listitem', {
			name: 'https://hooks.example.com/uf',
		} );
		await user.click(
			within( item ).getByRole( 'button', { name: 'Show secret' } )
		);
		expect(
			await within( item ).findByRole( 'textbox', { name: 'Secret' } )
		).toHaveValue( SECRET );

		await user.click(
			within( item ).getByRole( 'button', { name: 'Delete' } )
		);
		await user.click(
			await screen.findByRole( 'button', { name: 'Delete permanently' } )
		);
		expect(
			await screen.findByText( 'No webhooks yet' )
		).toBeInTheDocument();
	} );
} );
