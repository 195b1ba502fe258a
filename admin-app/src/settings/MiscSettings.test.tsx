/**
 * The Misc tab end to end: shell, router, react-query, api-fetch and notices against
 * a real HTTP server standing in for the REST API.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useNotices } from '../shared/notices';
import { freezeClock, tick, untilFrozen } from '../shared/test/frozenClock';
import { noticesArea } from '../shared/test/render';
import { sendJson, sendNoRoute } from '../shared/test/server';
import {
	SETTINGS_PATH,
	answerSettings,
	renderSettingsAt,
	settingsSuite,
} from './test/settingsHarness';
import { MISC_DEFAULT_DELAY_MS } from './MiscSettings';

const server = settingsSuite();
let stored: Record< string, unknown >;

const renderSettings = ( path = '/misc' ) => renderSettingsAt( server, path );

beforeEach( () => {
	stored = {
		allow_usage_tracking: false,
		automatic_updates: '',
		summaries_html_template: true,
		summaries_disabled: false,
		uninstall_delete_data: false,
		notifications_feed_url: '',
		skip_text: 'Skip',
	};
	server.handle( ( request, response ) => {
		if ( ! request.url.startsWith( SETTINGS_PATH ) ) {
			return sendNoRoute( response );
		}
		stored = answerSettings( request, response, stored );
	} );
} );

afterEach( () => {
	vi.useRealTimers();
} );

describe( 'Settings > Misc', () => {
	it( 'loads the settings, defaults automatic updates to none, and saves', async () => {
		// The default comes after a real delay: with the clock frozen, a slow machine
		// cannot let it run out before the test has seen the unset state.
		freezeClock();
		renderSettings();

		expect(
			screen.getByRole( 'heading', { name: 'Miscellaneous' } )
		).toBeInTheDocument();
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Loading settings…'
		);
		const none = await untilFrozen( () =>
			screen.getByRole( 'radio', { name: /^None/ } )
		);
		// Unset: no choice at first, then the default, none, after 300 ms.
		expect( none ).not.toBeChecked();
		await tick( MISC_DEFAULT_DELAY_MS - 1 );
		expect( none ).not.toBeChecked();
		await tick( 1 );
		expect( none ).toBeChecked();
		expect(
			screen.getByRole( 'radio', { name: 'HTML template' } )
		).toBeChecked();
		expect( screen.getByRole( 'link', { name: 'Misc' } ) ).toHaveAttribute(
			'aria-current',
			'page'
		);

		fireEvent.click(
			screen.getByRole( 'checkbox', { name: 'Allow usage tracking' } )
		);
		fireEvent.click( screen.getByRole( 'radio', { name: /^Minor only/ } ) );
		fireEvent.click( screen.getByRole( 'radio', { name: 'Plain text' } ) );
		fireEvent.click(
			screen.getByRole( 'checkbox', {
				name: 'Delete all UserFeedback data when the plugin is uninstalled',
			} )
		);
		fireEvent.change(
			screen.getByRole( 'textbox', { name: 'Notifications feed URL' } ),
			{
				target: {
					value: ' https://feed.example.com/notifications.json ',
				},
			}
		);
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Save Settings' } )
		);

		expect(
			noticesArea().getByText( 'Saving Changes…' )
		).toBeInTheDocument();
		// Still on the frozen clock: the notice's 5 s would run out on a busy machine
		// before the checks below.
		await untilFrozen( () =>
			expect(
				noticesArea().getByText( 'Settings saved.' )
			).toBeInTheDocument()
		);
		expect(
			useNotices
				.getState()
				.notices.find( ( n ) => n.content === 'Settings saved.' )
		).toMatchObject( { status: 'info', timeout: 5000 } );
		expect(
			noticesArea().queryByText( 'Saving Changes…' )
		).not.toBeInTheDocument();

		const post = server.received.find( ( r ) => r.method === 'POST' );
		expect( post?.headers[ 'x-wp-nonce' ] ).toBe( 'rest-nonce' );
		expect( JSON.parse( post?.body ?? '{}' ) ).toEqual( {
			allow_usage_tracking: true,
			automatic_updates: 'minor',
			summaries_html_template: false,
			summaries_disabled: false,
			uninstall_delete_data: true,
			notifications_feed_url:
				'https://feed.example.com/notifications.json',
			retention_days: 0,
		} );
	} );

	it( 'shows the stored notifications feed URL', async () => {
		stored.notifications_feed_url = 'https://feed.example.com/uf.json';
		renderSettings();
		expect(
			await screen.findByRole( 'textbox', {
				name: 'Notifications feed URL',
			} )
		).toHaveValue( 'https://feed.example.com/uf.json' );
	} );

	it( 'keeps a stored choice instead of the default', async () => {
		stored.automatic_updates = 'all';
		freezeClock();
		renderSettings();
		const all = await untilFrozen( () =>
			screen.getByRole( 'radio', { name: /^Yes/ } )
		);
		expect( all ).toBeChecked();
		// Well past the moment the default would come.
		await tick( 10 * MISC_DEFAULT_DELAY_MS );
		expect( all ).toBeChecked();
		expect(
			screen.getByRole( 'radio', { name: /^None/ } )
		).not.toBeChecked();
	} );

	it( 'says which choices exist: usage tracking, updates, template, summaries', async () => {
		renderSettings();
		await screen.findByRole( 'radio', { name: /^None/ } );
		for ( const name of [
			/^Yes \(recommended\)/,
			/^Minor only/,
			/^None/,
			'HTML template',
			'Plain text',
		] ) {
			expect( screen.getByRole( 'radio', { name } ) ).toBeInTheDocument();
		}
		expect(
			screen.getByRole( 'checkbox', {
				name: 'Disable weekly email summaries',
			} )
		).not.toBeChecked();
		expect(
			screen.getByRole( 'checkbox', { name: 'Allow usage tracking' } )
		).not.toBeChecked();
	} );

	it( 'shows the server message when saving fails', async () => {
		renderSettings();
		await screen.findByRole( 'radio', { name: /^None/ } );
		server.handle( ( _request, response ) =>
			sendJson( response, 403, {
				code: 'rest_forbidden',
				message: 'Sorry, you are not allowed to manage these settings.',
				data: { status: 403 },
			} )
		);
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Save Settings' } )
		);
		await waitFor( () =>
			expect(
				noticesArea().getByText(
					'Sorry, you are not allowed to manage these settings.'
				)
			).toBeInTheDocument()
		);
	} );

	it( 'shows a refused field’s sentence next to it, and one notice (issue 17 item 8)', async () => {
		renderSettings();
		await screen.findByRole( 'radio', { name: /^None/ } );
		const sentence = 'Notifications feed URL must be an http or https URL.';
		server.handle( ( _request, response ) =>
			sendJson( response, 400, {
				code: 'userfeedback_invalid_params',
				message: sentence,
				data: {
					status: 400,
					params: { notifications_feed_url: sentence },
					fields: { notifications_feed_url: sentence },
				},
			} )
		);
		fireEvent.click(
			screen.getByRole( 'button', { name: 'Save Settings' } )
		);
		const field = screen.getByRole( 'textbox', {
			name: 'Notifications feed URL',
		} );
		await waitFor( () => expect( field ).toBeInvalid() );
		expect( screen.getByText( sentence ) ).toHaveClass(
			'userfeedback-field-error'
		);
		expect( useNotices.getState().notices ).toHaveLength( 1 );
		expect(
			noticesArea().getByText( 'Please fix errors on this page.' )
		).toBeInTheDocument();
	} );

	it( 'shows the error and a retry when the settings cannot be loaded', async () => {
		server.handle( ( _request, response ) =>
			sendJson( response, 500, {
				code: 'internal_server_error',
				message: 'There has been a critical error on this website.',
				data: { status: 500 },
			} )
		);
		renderSettings();
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'There has been a critical error on this website.'
		);

		server.handle( ( _request, response ) =>
			sendJson( response, 200, stored )
		);
		fireEvent.click( screen.getByRole( 'button', { name: 'Try again' } ) );
		const none = await screen.findByRole( 'radio', { name: /^None/ } );
		await waitFor( () => expect( none ).toBeChecked() );
	} );

	it( 'redirects / to the General tab', async () => {
		renderSettings( '/' );
		await waitFor( () =>
			expect(
				screen.getByRole( 'link', { name: 'General' } )
			).toHaveAttribute( 'aria-current', 'page' )
		);
	} );
} );
