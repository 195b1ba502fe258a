/**
 * The cross-sale plugin cards through the shell, react-query and ajax(), with a fake
 * admin-ajax at the network boundary (shared/test/ajax.ts).
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useNotices } from '../notices';
import {
	actionsOf,
	calls,
	fail,
	handlers,
	ok,
	stubAjax,
	type Reply,
} from '../test/ajax';
import { makeConfig } from '../test/fixtures';
import { noticesArea as toasts, renderPage } from '../test/render';
import type { InstallablePlugin } from '../types/notifications';
import { PluginCards } from './PluginCard';

function plugin(
	slug: string,
	name: string,
	basename: string,
	state: Partial< InstallablePlugin > = {}
): InstallablePlugin {
	return {
		slug,
		name,
		basename,
		group: 'partner',
		installed: false,
		active: false,
		...state,
	};
}

const WPFORMS = plugin( 'wpforms-lite', 'WPForms', 'wpforms-lite/wpforms.php' );
const SMTP = plugin(
	'wp-mail-smtp',
	'WP Mail SMTP',
	'wp-mail-smtp/wp_mail_smtp.php',
	{ installed: true }
);
const SEO = plugin(
	'all-in-one-seo-pack',
	'All in One SEO',
	'all-in-one-seo-pack/all_in_one_seo_pack.php',
	{ installed: true, active: true }
);
const UNLISTED = plugin(
	'uncanny-automator',
	'Uncanny Automator',
	'uncanny-automator/uncanny-automator.php'
);

function answer( can: { install?: boolean; activate?: boolean } = {} ) {
	return ok( {
		plugins: [ UNLISTED, SEO, SMTP, WPFORMS ],
		can_install: can.install ?? true,
		can_activate: can.activate ?? true,
	} );
}

function renderCards() {
	return renderPage( {
		entry: 'about',
		config: makeConfig( { page: 'about' } ),
		routes: [
			{
				index: true,
				element: (
					<PluginCards
						className="grid"
						plugins={ [
							{ slug: 'wpforms-lite', description: 'Forms.' },
							{ slug: 'wp-mail-smtp', description: 'Email.' },
							{
								slug: 'all-in-one-seo-pack',
								description: 'SEO.',
							},
							// Not on the server's list: left out.
							{ slug: 'not-listed', description: 'Nothing.' },
						] }
					/>
				),
			},
		],
	} );
}

const card = ( name: string ) => screen.getByRole( 'article', { name } );

/** Clicks a card's button. */
const press = ( name: string, button: string ) =>
	userEvent.click(
		within( card( name ) ).getByRole( 'button', { name: button } )
	);

/** Every card as [ name, status line, button labels ]. */
const cards = () =>
	screen.getAllByRole( 'article' ).map( ( item ) => [
		within( item ).getByRole( 'heading' ).textContent,
		item.querySelector( '.userfeedback-plugin-card__status' )?.textContent,
		within( item )
			.queryAllByRole( 'button' )
			.map( ( button ) => button.textContent )
			.join( ', ' ),
	] );

/** A reply the test releases when it wants. */
function later() {
	let release: ( reply: Reply ) => void = () => {};
	const reply = new Promise< Reply >( ( resolve ) => {
		release = resolve;
	} );
	return { handler: () => reply, release };
}

/** Lets the fake timers and the pending promises run. */
async function flush( ms = 0 ) {
	for ( let i = 0; i < 5; i++ ) {
		await act( () => vi.advanceTimersByTimeAsync( 0 ) );
	}
	if ( ms ) {
		await act( () => vi.advanceTimersByTimeAsync( ms ) );
	}
}

beforeEach( () => {
	useNotices.getState().clear();
	stubAjax();
} );

afterEach( () => {
	vi.useRealTimers();
} );

describe( 'PluginCards', () => {
	it( 'shows each plugin in the order asked, with its status and button', async () => {
		handlers.userfeedback_get_plugins = () => answer();
		renderCards();

		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Loading plugins…'
		);
		await screen.findByRole( 'article', { name: 'WPForms' } );
		expect( cards() ).toEqual( [
			[ 'WPForms', 'Status: Not Installed', 'Install Addon' ],
			[ 'WP Mail SMTP', 'Status: Not Active', 'Activate' ],
			[ 'All in One SEO', 'Status: Active', 'Deactivate' ],
		] );
		for ( const button of screen.getAllByRole( 'button', {
			name: /^(Install Addon|Activate|Deactivate)$/,
		} ) ) {
			expect( button ).toBeEnabled();
		}
		expect( card( 'WPForms' ) ).toHaveTextContent( 'Forms.' );
		expect( actionsOf( 'userfeedback_get_plugins' ) ).toEqual( [
			{
				action: 'userfeedback_get_plugins',
				body: {
					action: 'userfeedback_get_plugins',
					nonce: 'ajax-nonce',
				},
			},
		] );
	} );

	it( 'offers no button a user may not use', async () => {
		handlers.userfeedback_get_plugins = () =>
			answer( { install: false, activate: false } );
		renderCards();
		await screen.findByRole( 'article', { name: 'WPForms' } );

		expect( cards() ).toEqual( [
			[ 'WPForms', 'Status: Not Installed', '' ],
			[ 'WP Mail SMTP', 'Status: Not Active', '' ],
			[ 'All in One SEO', 'Status: Active', '' ],
		] );
		expect( card( 'All in One SEO' ) ).toHaveTextContent(
			'Ask a site administrator to manage this plugin.'
		);
	} );

	it( 'installs, then activates, disabled while busy and for 1 s after', async () => {
		handlers.userfeedback_get_plugins = () => answer();
		const install = later();
		const activate = later();
		handlers.userfeedback_install_plugin = install.handler;
		handlers.userfeedback_activate_plugin = activate.handler;
		renderCards();
		await screen.findByRole( 'article', { name: 'WPForms' } );
		vi.useFakeTimers( { toFake: [ 'setTimeout', 'clearTimeout' ] } );

		const wpforms = card( 'WPForms' );
		fireEvent.click(
			within( wpforms ).getByRole( 'button', { name: 'Install Addon' } )
		);
		await flush();
		const installing = within( wpforms ).getByRole( 'button', {
			name: 'Installing…',
		} );
		expect( installing ).toBeDisabled();
		fireEvent.click( installing );
		expect( actionsOf( 'userfeedback_install_plugin' ) ).toEqual( [
			{
				action: 'userfeedback_install_plugin',
				body: {
					action: 'userfeedback_install_plugin',
					slug: 'wpforms-lite',
					activate: '0',
					nonce: 'install-nonce',
				},
			},
		] );

		install.release(
			ok( {
				message: 'WPForms has been installed successfully!',
				plugin: { ...WPFORMS, installed: true },
			} )
		);
		await flush();
		expect(
			within( wpforms ).getByRole( 'button', { name: 'Activating…' } )
		).toBeDisabled();
		expect( wpforms ).toHaveTextContent( 'Status: Not Active' );
		expect( actionsOf( 'userfeedback_activate_plugin' ) ).toEqual( [
			{
				action: 'userfeedback_activate_plugin',
				body: {
					action: 'userfeedback_activate_plugin',
					basename: 'wpforms-lite/wpforms.php',
					nonce: 'install-nonce',
				},
			},
		] );

		activate.release(
			ok( {
				message: 'WPForms has been activated!',
				plugin: { ...WPFORMS, installed: true, active: true },
			} )
		);
		await flush();
		expect(
			toasts().getByText( 'WPForms has been activated!' )
		).toBeInTheDocument();
		expect( wpforms ).toHaveTextContent( 'Status: Active' );
		await flush( 998 );
		expect(
			within( wpforms ).getByRole( 'button', { name: 'Activating…' } )
		).toBeDisabled();
		await flush( 2 );
		expect(
			within( wpforms ).getByRole( 'button', { name: 'Deactivate' } )
		).toBeEnabled();
		// The state came from the answers: the list was not asked for again.
		expect( actionsOf( 'userfeedback_get_plugins' ) ).toHaveLength( 1 );
	} );

	it( 'only installs when the user may install but not activate', async () => {
		handlers.userfeedback_get_plugins = () =>
			answer( { install: true, activate: false } );
		handlers.userfeedback_install_plugin = () =>
			ok( {
				message: 'WPForms has been installed successfully!',
				plugin: { ...WPFORMS, installed: true },
			} );
		renderCards();
		await screen.findByRole( 'article', { name: 'WPForms' } );
		expect(
			within( card( 'WP Mail SMTP' ) ).queryByRole( 'button' )
		).not.toBeInTheDocument();

		await press( 'WPForms', 'Install Addon' );

		expect(
			await toasts().findByText(
				'WPForms has been installed successfully!'
			)
		).toBeInTheDocument();
		expect( card( 'WPForms' ) ).toHaveTextContent( 'Status: Not Active' );
		expect( actionsOf( 'userfeedback_activate_plugin' ) ).toEqual( [] );
	} );

	it( 'deactivates an active plugin', async () => {
		handlers.userfeedback_get_plugins = () => answer();
		handlers.userfeedback_deactivate_plugin = () =>
			ok( {
				message: 'All in One SEO has been deactivated.',
				plugin: { ...SEO, active: false },
			} );
		renderCards();
		await screen.findByRole( 'article', { name: 'All in One SEO' } );

		await press( 'All in One SEO', 'Deactivate' );

		expect(
			await toasts().findByText( 'All in One SEO has been deactivated.' )
		).toBeInTheDocument();
		expect( card( 'All in One SEO' ) ).toHaveTextContent(
			'Status: Not Active'
		);
		expect( actionsOf( 'userfeedback_deactivate_plugin' ) ).toEqual( [
			{
				action: 'userfeedback_deactivate_plugin',
				body: {
					action: 'userfeedback_deactivate_plugin',
					basename: 'all-in-one-seo-pack/all_in_one_seo_pack.php',
					nonce: 'install-nonce',
				},
			},
		] );
		expect(
			await within( card( 'All in One SEO' ) ).findByRole( 'button', {
				name: 'Activate',
			} )
		).toBeEnabled();
	} );

	it( 'toasts the failed step with the server’s reason and reloads the state', async () => {
		handlers.userfeedback_get_plugins = () => answer();
		handlers.userfeedback_install_plugin = () =>
			ok( {
				message: 'WPForms has been installed successfully!',
				plugin: { ...WPFORMS, installed: true },
			} );
		handlers.userfeedback_activate_plugin = () =>
			fail( 500, {
				message: 'There was an error activating WPForms',
				code: 'plugin_not_found',
				detail: 'Plugin file does not exist.',
				plugin: { ...WPFORMS, installed: true },
			} );
		renderCards();
		await screen.findByRole( 'article', { name: 'WPForms' } );

		await press( 'WPForms', 'Install Addon' );

		expect(
			await toasts().findByText(
				'There was an error activating WPForms: Plugin file does not exist.'
			)
		).toBeInTheDocument();
		expect( actionsOf( 'userfeedback_get_plugins' ) ).toHaveLength( 2 );
	} );

	it( 'names the step when the network fails', async () => {
		handlers.userfeedback_get_plugins = () => answer();
		handlers.userfeedback_deactivate_plugin = () => 'network-error';
		renderCards();
		await screen.findByRole( 'article', { name: 'All in One SEO' } );

		await press( 'All in One SEO', 'Deactivate' );

		expect(
			await toasts().findByText(
				'There was an error deactivating All in One SEO'
			)
		).toBeInTheDocument();
		expect( card( 'All in One SEO' ) ).toHaveTextContent(
			'Status: Active'
		);
	} );

	it( 'shows the error and a retry when the list cannot be loaded', async () => {
		handlers.userfeedback_get_plugins = () =>
			fail( 403, {
				message:
					'Sorry, you are not allowed to manage plugins on this site.',
			} );
		renderCards();

		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'Sorry, you are not allowed to manage plugins on this site.'
		);
		handlers.userfeedback_get_plugins = () => answer();
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Try again' } )
		);
		expect(
			await screen.findByRole( 'article', { name: 'WPForms' } )
		).toBeInTheDocument();
		expect( calls ).toHaveLength( 2 );
	} );
} );
