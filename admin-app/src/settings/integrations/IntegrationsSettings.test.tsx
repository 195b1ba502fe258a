/**
 * Settings > Integrations against a real HTTP server standing in for admin-ajax.php:
 * the three steps enabled by active_step, and the install flow with its toasts.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import { useNotices } from '../../shared/notices';
import { noticesArea } from '../../shared/test/render';
import { sendJson, type Received } from '../../shared/test/server';
import type { AutomationIntegration } from '../../shared/types';
import { renderSettingsAt, settingsSuite } from '../test/settingsHarness';

const server = settingsSuite();
let state: AutomationIntegration;

const SETUP_URL =
	'http://site.test/wp-admin/edit.php?post_type=uo-recipe&page=uncanny-automator-setup-wizard';
const RECIPE_URL = 'http://site.test/wp-admin/post-new.php?post_type=uo-recipe';

function integration(
	over: Partial< AutomationIntegration > = {}
): AutomationIntegration {
	return {
		slug: 'uncanny-automator',
		name: 'Uncanny Automator',
		basename: 'uncanny-automator/uncanny-automator.php',
		installed: false,
		active: false,
		setup_complete: false,
		active_step: 1,
		setup_url: SETUP_URL,
		create_recipe_url: RECIPE_URL,
		can_install: true,
		can_activate: true,
		...over,
	};
}

function renderIntegrations() {
	return renderSettingsAt( server, '/integrations', {
		ajax: {
			url: `${ server.url }/wp-admin/admin-ajax.php`,
			nonce: 'ajax-nonce',
			install_nonce: 'install-nonce',
		},
	} );
}

const form = ( request: Received ) => new URLSearchParams( request.body );
const actions = () =>
	server.received.map( ( request ) => form( request ).get( 'action' ) );

/** The notices shown so far, in order, as [ status, text ]. */
let seen: Array< [ string, string ] >;
let unsubscribe: () => void = () => undefined;

afterEach( () => unsubscribe() );

beforeEach( () => {
	state = integration();
	seen = [];
	unsubscribe = useNotices.subscribe( ( current ) => {
		for ( const notice of current.notices ) {
			const entry: [ string, string ] = [
				notice.status,
				String( notice.content ),
			];
			if (
				! seen.some(
					( [ status, text ] ) =>
						status === entry[ 0 ] && text === entry[ 1 ]
				)
			) {
				seen.push( entry );
			}
		}
	} );
	server.handle( ( request, response ) => {
		const fields = form( request );
		switch ( fields.get( 'action' ) ) {
			case 'userfeedback_get_integration':
				return sendJson( response, 200, {
					success: true,
					data: state,
				} );
			case 'userfeedback_install_plugin':
				state = { ...state, installed: true };
				return sendJson( response, 200, {
					success: true,
					data: {
						message:
							'Uncanny Automator has been installed successfully!',
					},
				} );
			case 'userfeedback_activate_plugin':
				state = { ...state, active: true, active_step: 2 };
				return sendJson( response, 200, {
					success: true,
					data: { message: 'Uncanny Automator has been activated!' },
				} );
		}
		sendJson( response, 200, 0 );
	} );
} );

describe( 'Settings > Integrations', () => {
	it( 'step 1: only Install is enabled; no Save button', async () => {
		renderIntegrations();
		expect(
			screen.getByRole( 'heading', { name: 'Integrations' } )
		).toBeInTheDocument();
		expect(
			await screen.findByRole( 'button', { name: 'Install' } )
		).toBeEnabled();
		expect(
			screen.getByRole( 'button', { name: 'Setup Wizard' } )
		).toBeDisabled();
		expect(
			screen.getByRole( 'button', { name: 'Create Recipe' } )
		).toBeDisabled();
		expect(
			screen.queryByRole( 'button', { name: 'Save Settings' } )
		).not.toBeInTheDocument();
		// Other requests (the header's notifications) may come first.
		const ajaxCall = server.received.find( ( request ) =>
			request.url.includes( 'admin-ajax' )
		);
		expect( ajaxCall ).toBeDefined();
		expect( form( ajaxCall! ).get( 'nonce' ) ).toBe( 'ajax-nonce' );
	} );

	it( 'step 2: Activated, the setup wizard is the one link', async () => {
		state = integration( {
			installed: true,
			active: true,
			active_step: 2,
		} );
		renderIntegrations();
		expect(
			await screen.findByRole( 'button', { name: 'Activated' } )
		).toBeDisabled();
		expect(
			screen.getByRole( 'link', { name: 'Setup Wizard' } )
		).toHaveAttribute( 'href', SETUP_URL );
		expect(
			screen.getByRole( 'button', { name: 'Create Recipe' } )
		).toBeDisabled();
	} );

	it( 'step 3: Create Recipe is a link, the setup wizard is done', async () => {
		state = integration( {
			installed: true,
			active: true,
			setup_complete: true,
			active_step: 3,
		} );
		renderIntegrations();
		expect(
			await screen.findByRole( 'link', { name: 'Create Recipe' } )
		).toHaveAttribute( 'href', RECIPE_URL );
		expect(
			screen.getByRole( 'button', { name: 'Setup Wizard' } )
		).toBeDisabled();
		expect(
			screen.getByRole( 'button', { name: 'Activated' } )
		).toBeDisabled();
	} );

	it( 'installs then activates with progress toasts, and moves to step 2', async () => {
		const user = userEvent.setup();
		renderIntegrations();
		await user.click(
			await screen.findByRole( 'button', { name: 'Install' } )
		);
		expect(
			await screen.findByRole( 'link', { name: 'Setup Wizard' } )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'Activated' } )
		).toBeDisabled();
		expect(
			noticesArea().getByText( 'Uncanny Automator has been activated!' )
		).toBeInTheDocument();
		expect( seen ).toEqual( [
			[ 'info', 'Installing Uncanny Automator…' ],
			[ 'info', 'Activating Uncanny Automator…' ],
			[ 'success', 'Uncanny Automator has been activated!' ],
		] );

		const install = server.received.find(
			( r ) => form( r ).get( 'action' ) === 'userfeedback_install_plugin'
		) as Received;
		expect( Object.fromEntries( form( install ) ) ).toEqual( {
			action: 'userfeedback_install_plugin',
			slug: 'uncanny-automator',
			activate: '0',
			nonce: 'install-nonce',
		} );
		const activate = server.received.find(
			( r ) =>
				form( r ).get( 'action' ) === 'userfeedback_activate_plugin'
		) as Received;
		expect( Object.fromEntries( form( activate ) ) ).toEqual( {
			action: 'userfeedback_activate_plugin',
			basename: 'uncanny-automator/uncanny-automator.php',
			nonce: 'install-nonce',
		} );
	} );

	it( 'an installed plugin is only activated', async () => {
		const user = userEvent.setup();
		state = integration( { installed: true } );
		renderIntegrations();
		await user.click(
			await screen.findByRole( 'button', { name: 'Activate' } )
		);
		await screen.findByRole( 'link', { name: 'Setup Wizard' } );
		expect( actions() ).not.toContain( 'userfeedback_install_plugin' );
		expect( seen.map( ( [ , text ] ) => text ) ).toEqual( [
			'Activating Uncanny Automator…',
			'Uncanny Automator has been activated!',
		] );
	} );

	it( 'says when installing fails and does not try to activate', async () => {
		const user = userEvent.setup();
		server.handle( ( request, response ) => {
			const action = form( request ).get( 'action' );
			if ( action === 'userfeedback_install_plugin' ) {
				return sendJson( response, 500, {
					success: false,
					data: {
						message:
							'There was an error installing Uncanny Automator',
						detail: 'Download failed.',
					},
				} );
			}
			sendJson( response, 200, { success: true, data: state } );
		} );
		renderIntegrations();
		await user.click(
			await screen.findByRole( 'button', { name: 'Install' } )
		);
		await waitFor( () =>
			expect(
				noticesArea().getByText(
					'There was an error installing Uncanny Automator'
				)
			).toBeInTheDocument()
		);
		expect( actions() ).not.toContain( 'userfeedback_activate_plugin' );
		expect(
			await screen.findByRole( 'button', { name: 'Install' } )
		).toBeEnabled();
	} );

	it( 'says when activating fails, also on a network error', async () => {
		const user = userEvent.setup();
		state = integration( { installed: true } );
		server.handle( ( request, response ) => {
			const action = form( request ).get( 'action' );
			if ( action === 'userfeedback_activate_plugin' ) {
				// Drop the connection: ajax() resolves undefined.
				response.destroy();
				return;
			}
			sendJson( response, 200, { success: true, data: state } );
		} );
		renderIntegrations();
		await user.click(
			await screen.findByRole( 'button', { name: 'Activate' } )
		);
		await waitFor( () =>
			expect(
				noticesArea().getByText(
					'There was an error activating Uncanny Automator'
				)
			).toBeInTheDocument()
		);
		expect(
			useNotices.getState().notices.find( ( n ) => n.status === 'error' )
				?.content
		).toBe( 'There was an error activating Uncanny Automator' );
	} );

	it( 'without the plugin capabilities the step cannot be started', async () => {
		state = integration( { can_install: false, can_activate: false } );
		renderIntegrations();
		expect(
			await screen.findByRole( 'button', { name: 'Install' } )
		).toBeDisabled();
		expect(
			screen.getByText(
				'Ask a site administrator to install and activate it.'
			)
		).toBeInTheDocument();
	} );

	it( 'shows the error and a retry when the state cannot be loaded', async () => {
		const user = userEvent.setup();
		server.handle( ( _request, response ) =>
			sendJson( response, 403, {
				success: false,
				data: {
					message:
						'Sorry, you are not allowed to manage integrations on this site.',
				},
			} )
		);
		renderIntegrations();
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'Sorry, you are not allowed to manage integrations on this site.'
		);
		server.handle( ( _request, response ) =>
			sendJson( response, 200, { success: true, data: state } )
		);
		await user.click( screen.getByRole( 'button', { name: 'Try again' } ) );
		expect(
			await screen.findByRole( 'button', { name: 'Install' } )
		).toBeInTheDocument();
	} );
} );
