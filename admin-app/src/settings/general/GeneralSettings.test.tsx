/**
 * Settings > General end to end through the shell, router, react-query and ajax():
 * fetch is replaced at the network boundary by a fake admin-ajax that answers per
 * action and records every call.
 */
import {
	act,
	fireEvent,
	screen,
	waitFor,
	within,
} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { browser, cancelReload } from '../../shared/license';
import { useNotices } from '../../shared/notices';
import {
	actionsOf,
	calls,
	fail,
	handlers,
	ok,
	stubAjax,
} from '../../shared/test/ajax';
import { makeConfig } from '../../shared/test/fixtures';
import { noticesArea as toasts, renderPage } from '../../shared/test/render';
import type { AppConfig, LicenseInfo, LicenseState } from '../../shared/types';
import { routes } from '../routes';

function license( overrides: Partial< LicenseState > = {} ): LicenseState {
	return {
		key: '',
		type: null,
		is_expired: false,
		is_disabled: false,
		is_invalid: false,
		expires: '',
		...overrides,
	};
}

function licenseInfo( overrides: Partial< LicenseInfo > = {} ): LicenseInfo {
	return {
		site: license(),
		network: null,
		can_manage_network: false,
		store_configured: true,
		renew_url: 'https://store.test/checkout/?renew=1',
		...overrides,
	};
}

function renderGeneral( edition: 'pro' | 'lite' = 'pro' ) {
	const config: AppConfig = makeConfig( {
		entitlements:
			edition === 'pro'
				? {
						edition: 'pro',
						is_pro: true,
						is_licensed: false,
					}
				: {},
	} );
	return renderPage( {
		entry: 'settings',
		routes,
		config,
		path: '/general',
	} );
}

/** Settles promise chains and the zero-delay timers react-query batches with. */
async function flushFakeTimers() {
	for ( let i = 0; i < 10; i++ ) {
		await act( () => vi.advanceTimersByTimeAsync( 0 ) );
	}
}

/** The screen itself, without the live regions Notice speaks into. */
const page = () =>
	document.querySelector( '.userfeedback-page' ) as HTMLElement;

const keyField = () => screen.getByRole( 'textbox', { name: 'License Key' } );

let reload: ReturnType< typeof vi.spyOn >;
let assign: ReturnType< typeof vi.spyOn >;

beforeEach( () => {
	useNotices.getState().clear();
	stubAjax();
	reload = vi.spyOn( browser, 'reload' ).mockImplementation( () => {} );
	assign = vi.spyOn( browser, 'assign' ).mockImplementation( () => {} );
} );

afterEach( () => {
	cancelReload();
	vi.useRealTimers();
} );

describe( 'Settings > General, Pro edition', () => {
	it( 'shows the stored key, its type and the key actions', async () => {
		handlers.userfeedback_vue_get_license = () =>
			ok(
				licenseInfo( {
					site: license( { key: 'KEY-123', type: 'pro' } ),
				} )
			);
		renderGeneral();

		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Loading license…'
		);
		expect(
			await screen.findByText( 'Your license type is Pro' )
		).toBeInTheDocument();
		expect( keyField() ).toHaveValue( 'KEY-123' );
		expect(
			screen.getByRole( 'button', { name: 'Verify Key' } )
		).toBeEnabled();
		expect(
			screen.getByRole( 'button', { name: 'Refresh Key' } )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'Deactivate Key' } )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'General' } )
		).toHaveAttribute( 'aria-current', 'page' );
		// The page nonce goes with the read; the Lite blurb is not asked for.
		expect( calls ).toEqual( [
			{
				action: 'userfeedback_vue_get_license',
				body: {
					action: 'userfeedback_vue_get_license',
					nonce: 'ajax-nonce',
				},
			},
		] );
		// No network section on a single site.
		expect(
			screen.queryByRole( 'region', { name: 'Network License' } )
		).not.toBeInTheDocument();
	} );

	it( 'without a stored key: Verify disabled, no Refresh or Deactivate', async () => {
		handlers.userfeedback_vue_get_license = () => ok( licenseInfo() );
		renderGeneral();
		await screen.findByRole( 'textbox', { name: 'License Key' } );

		expect(
			screen.getByRole( 'button', { name: 'Verify Key' } )
		).toBeDisabled();
		expect(
			screen.queryByRole( 'button', { name: 'Refresh Key' } )
		).not.toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: 'Deactivate Key' } )
		).not.toBeInTheDocument();
	} );

	it( 'shows Refresh but not Deactivate for a stored key without a type', async () => {
		handlers.userfeedback_vue_get_license = () =>
			ok(
				licenseInfo( {
					site: license( { key: 'KEY-1', is_invalid: true } ),
				} )
			);
		renderGeneral();
		await screen.findByRole( 'button', { name: 'Refresh Key' } );
		expect(
			screen.queryByRole( 'button', { name: 'Deactivate Key' } )
		).not.toBeInTheDocument();
		expect(
			screen.queryByText( /Your license type is/ )
		).not.toBeInTheDocument();
	} );

	it( 'verifies 500 ms after the last keystroke, never an empty key, then reloads after 1 s', async () => {
		handlers.userfeedback_vue_get_license = () => ok( licenseInfo() );
		handlers.userfeedback_verify_license = () =>
			ok( {
				message:
					'Congratulations! This site is now receiving automatic updates.',
				license: license( { key: 'NEW-KEY', type: 'pro' } ),
			} );
		renderGeneral();
		await screen.findByRole( 'textbox', { name: 'License Key' } );
		vi.useFakeTimers( { toFake: [ 'setTimeout', 'clearTimeout' ] } );

		fireEvent.change( keyField(), { target: { value: 'NEW' } } );
		await act( () => vi.advanceTimersByTimeAsync( 300 ) );
		fireEvent.change( keyField(), { target: { value: 'NEW-KEY' } } );
		await act( () => vi.advanceTimersByTimeAsync( 499 ) );
		expect( actionsOf( 'userfeedback_verify_license' ) ).toHaveLength( 0 );

		await act( () => vi.advanceTimersByTimeAsync( 1 ) );
		expect( actionsOf( 'userfeedback_verify_license' ) ).toEqual( [
			{
				action: 'userfeedback_verify_license',
				body: {
					action: 'userfeedback_verify_license',
					license: 'NEW-KEY',
					nonce: 'ajax-nonce',
				},
			},
		] );
		// The answer arrives without any timer; the reload is scheduled from then on.
		await flushFakeTimers();
		await act( () => vi.advanceTimersByTimeAsync( 100 ) );
		expect(
			toasts().getByText(
				'Congratulations! This site is now receiving automatic updates.'
			)
		).toBeInTheDocument();
		expect(
			screen.getByText( 'Your license type is Pro' )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'Deactivate Key' } )
		).toBeInTheDocument();

		expect( reload ).not.toHaveBeenCalled();
		await act( () => vi.advanceTimersByTimeAsync( 898 ) );
		expect( reload ).not.toHaveBeenCalled();
		await act( () => vi.advanceTimersByTimeAsync( 2 ) );
		expect( reload ).toHaveBeenCalledTimes( 1 );

		// Clearing the field schedules nothing.
		fireEvent.change( keyField(), { target: { value: '' } } );
		fireEvent.change( keyField(), { target: { value: '   ' } } );
		await act( () => vi.advanceTimersByTimeAsync( 2000 ) );
		expect( actionsOf( 'userfeedback_verify_license' ) ).toHaveLength( 1 );
		expect(
			screen.getByRole( 'button', { name: 'Verify Key' } )
		).toBeDisabled();
	} );

	it( 'verifies at once on click and toasts the store error, without reloading', async () => {
		handlers.userfeedback_vue_get_license = () => ok( licenseInfo() );
		handlers.userfeedback_verify_license = () =>
			fail( 400, {
				message: 'Invalid license key.',
				error: 'Invalid license key.',
			} );
		const user = userEvent.setup();
		renderGeneral();
		await screen.findByRole( 'textbox', { name: 'License Key' } );

		fireEvent.change( keyField(), { target: { value: ' BAD-KEY ' } } );
		await user.click(
			screen.getByRole( 'button', { name: 'Verify Key' } )
		);

		expect(
			await toasts().findByText( 'Invalid license key.' )
		).toBeInTheDocument();
		const verifies = actionsOf( 'userfeedback_verify_license' );
		expect( verifies ).toHaveLength( 1 );
		expect( verifies[ 0 ].body.license ).toBe( 'BAD-KEY' );
		// The pending debounce was replaced by the click.
		await act(
			() => new Promise( ( resolve ) => setTimeout( resolve, 600 ) )
		);
		expect( actionsOf( 'userfeedback_verify_license' ) ).toHaveLength( 1 );
		expect( reload ).not.toHaveBeenCalled();
		expect( keyField() ).toHaveValue( ' BAD-KEY ' );
	} );

	it( 'shows one notice when a typed key is verified and then clicked (issue 17 item 8)', async () => {
		handlers.userfeedback_vue_get_license = () => ok( licenseInfo() );
		handlers.userfeedback_verify_license = () =>
			fail( 400, {
				message: 'This key doesn&#8217;t exist.',
				error: 'This key doesn&#8217;t exist.',
			} );
		const user = userEvent.setup();
		renderGeneral();
		await screen.findByRole( 'textbox', { name: 'License Key' } );

		// Typed: verified by itself after the pause.
		fireEvent.change( keyField(), { target: { value: 'BAD-KEY' } } );
		await waitFor( () =>
			expect( actionsOf( 'userfeedback_verify_license' ) ).toHaveLength(
				1
			)
		);
		await toasts().findByText( 'This key doesn\u2019t exist.' );
		// Then clicked: verified again, and still one notice.
		await user.click(
			screen.getByRole( 'button', { name: 'Verify Key' } )
		);
		await waitFor( () =>
			expect( actionsOf( 'userfeedback_verify_license' ) ).toHaveLength(
				2
			)
		);
		await waitFor( () =>
			expect( useNotices.getState().notices ).toHaveLength( 1 )
		);
		expect(
			toasts().getAllByText( 'This key doesn\u2019t exist.' )
		).toHaveLength( 1 );
	} );

	it( 'refreshes the stored key and prefixes a failure', async () => {
		handlers.userfeedback_vue_get_license = () =>
			ok(
				licenseInfo( {
					site: license( { key: 'KEY-123', type: 'pro' } ),
				} )
			);
		handlers.userfeedback_validate_license = () =>
			fail( 502, {
				message: 'The license store could not be reached.',
				error: 'The license store could not be reached.',
			} );
		const user = userEvent.setup();
		renderGeneral();
		await user.click(
			await screen.findByRole( 'button', { name: 'Refresh Key' } )
		);
		expect(
			await toasts().findByText(
				'There was an error refreshing your license: The license store could not be reached.'
			)
		).toBeInTheDocument();
		expect(
			actionsOf( 'userfeedback_validate_license' )[ 0 ].body
		).toEqual( {
			action: 'userfeedback_validate_license',
			nonce: 'ajax-nonce',
		} );
	} );

	it( 'deactivates the stored key and toasts the server message', async () => {
		handlers.userfeedback_vue_get_license = () =>
			ok(
				licenseInfo( {
					site: license( { key: 'KEY-123', type: 'elite' } ),
				} )
			);
		handlers.userfeedback_deactivate_license = () =>
			ok( { message: 'License key deactivated.', license: license() } );
		const user = userEvent.setup();
		renderGeneral();
		expect(
			await screen.findByText( 'Your license type is Elite' )
		).toBeInTheDocument();
		await user.click(
			screen.getByRole( 'button', { name: 'Deactivate Key' } )
		);

		expect(
			await toasts().findByText( 'License key deactivated.' )
		).toBeInTheDocument();
		expect(
			actionsOf( 'userfeedback_deactivate_license' )[ 0 ].body.license
		).toBe( 'KEY-123' );
		expect(
			screen.queryByRole( 'button', { name: 'Deactivate Key' } )
		).not.toBeInTheDocument();
		// reloadSoon(): one second after the answer.
		await waitFor( () => expect( reload ).toHaveBeenCalledTimes( 1 ) );
	} );

	it.each( [
		[
			'expired first',
			{ is_expired: true, is_disabled: true, is_invalid: true },
			'Your license key for UserFeedback has expired. Please click here to renew your license key.',
		],
		[
			'disabled before invalid',
			{ is_disabled: true, is_invalid: true },
			'Your license key for UserFeedback has been disabled. Please use a different key.',
		],
		[
			'invalid',
			{ is_invalid: true },
			'Your license key for UserFeedback is invalid. The key no longer exists or the user associated with the key has been deleted. Please use a different key.',
		],
	] )( 'shows one licence notice: %s', async ( _name, flags, text ) => {
		handlers.userfeedback_vue_get_license = () =>
			ok(
				licenseInfo( {
					site: license( { key: 'KEY-9', type: 'pro', ...flags } ),
				} )
			);
		renderGeneral();
		const region = await screen.findByRole( 'region', {
			name: 'License Key',
		} );
		const notices = region.querySelectorAll( '.components-notice' );
		expect( notices ).toHaveLength( 1 );
		expect( notices[ 0 ] ).toHaveTextContent( text );
		expect(
			within( region ).queryByText( /Your license type is/ )
		).not.toBeInTheDocument();
		if ( 'is_expired' in flags ) {
			expect(
				within( region ).getByRole( 'link', { name: 'click here' } )
			).toHaveAttribute( 'href', 'https://store.test/checkout/?renew=1' );
		}
	} );

	it( 'says when no licence store is configured', async () => {
		handlers.userfeedback_vue_get_license = () =>
			ok( licenseInfo( { store_configured: false } ) );
		renderGeneral();
		await screen.findByRole( 'region', { name: 'License Key' } );
		expect( page() ).toHaveTextContent(
			'No license store is configured on this site, so license keys cannot be verified.'
		);
	} );

	it( 'offers the network licence to network admins, acting with network=1', async () => {
		handlers.userfeedback_vue_get_license = () =>
			ok(
				licenseInfo( {
					network: license( { key: 'NET-KEY', type: 'pro' } ),
					can_manage_network: true,
				} )
			);
		handlers.userfeedback_validate_license = () =>
			ok( {
				message: 'License key refreshed.',
				license: license( { key: 'NET-KEY', type: 'elite' } ),
			} );
		const user = userEvent.setup();
		renderGeneral();

		const network = await screen.findByRole( 'region', {
			name: 'Network License',
		} );
		expect(
			within( network ).getByRole( 'textbox', {
				name: 'Network License Key',
			} )
		).toHaveValue( 'NET-KEY' );
		// The site has no key of its own: it says it uses the network's.
		expect(
			screen.getByText(
				'This site uses the network license. Enter a key here to use a license of its own.'
			)
		).toBeInTheDocument();

		await user.click(
			within( network ).getByRole( 'button', { name: 'Refresh Key' } )
		);
		expect(
			await toasts().findByText( 'License key refreshed.' )
		).toBeInTheDocument();
		expect(
			actionsOf( 'userfeedback_validate_license' )[ 0 ].body
		).toEqual( {
			action: 'userfeedback_validate_license',
			network: '1',
			nonce: 'ajax-nonce',
		} );
		expect(
			within( network ).getByText( 'Your license type is Elite' )
		).toBeInTheDocument();
	} );

	it( 'hides the network licence from admins who cannot manage the network', async () => {
		handlers.userfeedback_vue_get_license = () =>
			ok(
				licenseInfo( {
					network: license( { key: 'NET-KEY', type: 'pro' } ),
					can_manage_network: false,
				} )
			);
		renderGeneral();
		await screen.findByRole( 'region', { name: 'License Key' } );
		expect(
			screen.queryByRole( 'region', { name: 'Network License' } )
		).not.toBeInTheDocument();
	} );

	it( 'shows the error when the licence cannot be loaded, and retries', async () => {
		handlers.userfeedback_vue_get_license = () =>
			fail( 403, { message: 'Sorry, you are not allowed to do that.' } );
		const user = userEvent.setup();
		renderGeneral();
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'Sorry, you are not allowed to do that.'
		);
		handlers.userfeedback_vue_get_license = () => ok( licenseInfo() );
		await user.click( screen.getByRole( 'button', { name: 'Try again' } ) );
		expect(
			await screen.findByRole( 'textbox', { name: 'License Key' } )
		).toHaveValue( '' );
	} );

	it( 'links the setup wizard to the welcome screen', async () => {
		handlers.userfeedback_vue_get_license = () => ok( licenseInfo() );
		renderGeneral();
		expect(
			screen.getByRole( 'link', { name: 'Launch Setup Wizard' } )
		).toHaveAttribute(
			'href',
			'http://site.test/wp-admin/admin.php?page=userfeedback_welcome'
		);
	} );
} );

describe( 'Settings > General, Lite edition', () => {
	beforeEach( () => {
		handlers.userfeedback_validate_settings_blurb = () =>
			ok( { show: false } );
	} );

	it( 'connects a key and goes to the returned URL', async () => {
		handlers.userfeedback_connect_url = () =>
			ok( {
				url: 'http://site.test/wp-admin/update.php?action=userfeedback_upgrade',
			} );
		const user = userEvent.setup();
		renderGeneral( 'lite' );

		const unlock = screen.getByRole( 'button', {
			name: 'Unlock PRO Features Now',
		} );
		expect( unlock ).toBeDisabled();
		await user.type( keyField(), 'PRO-KEY' );
		expect( unlock ).toBeEnabled();
		// Typing verifies nothing in Lite.
		expect( actionsOf( 'userfeedback_verify_license' ) ).toHaveLength( 0 );
		await user.click( unlock );

		await waitFor( () =>
			expect( assign ).toHaveBeenCalledWith(
				'http://site.test/wp-admin/update.php?action=userfeedback_upgrade'
			)
		);
		expect( actionsOf( 'userfeedback_connect_url' )[ 0 ].body ).toEqual( {
			action: 'userfeedback_connect_url',
			key: 'PRO-KEY',
			nonce: 'ajax-nonce',
		} );
		expect( reload ).not.toHaveBeenCalled();
		expect( actionsOf( 'userfeedback_vue_get_license' ) ).toHaveLength( 0 );
	} );

	it( 'reloads instead when the server asks for it', async () => {
		handlers.userfeedback_connect_url = () =>
			ok( {
				url: '',
				reload: true,
				message: 'You are already using UserFeedback PRO.',
			} );
		const user = userEvent.setup();
		renderGeneral( 'lite' );
		await user.type( keyField(), 'PRO-KEY' );
		await user.click(
			screen.getByRole( 'button', { name: 'Unlock PRO Features Now' } )
		);
		await waitFor( () => expect( reload ).toHaveBeenCalledTimes( 1 ) );
		expect( assign ).not.toHaveBeenCalled();
		expect(
			toasts().getByText( 'You are already using UserFeedback PRO.' )
		).toBeInTheDocument();
	} );

	it( 'reloads when the returned URL is this page and a reload is asked for', async () => {
		handlers.userfeedback_connect_url = () =>
			ok( {
				url: window.location.href.split( '#' )[ 0 ] + '#/general',
				reload: true,
				message: 'UserFeedback Pro has been installed. Welcome to Pro!',
			} );
		const user = userEvent.setup();
		renderGeneral( 'lite' );
		await user.type( keyField(), 'PRO-KEY' );
		await user.click(
			screen.getByRole( 'button', { name: 'Unlock PRO Features Now' } )
		);
		await waitFor( () => expect( reload ).toHaveBeenCalledTimes( 1 ) );
		expect( assign ).not.toHaveBeenCalled();
	} );

	it( 'shows an alert with Ok when connecting fails', async () => {
		handlers.userfeedback_connect_url = () =>
			fail( 400, { message: 'This license key has expired.' } );
		const user = userEvent.setup();
		renderGeneral( 'lite' );
		await user.type( keyField(), 'OLD-KEY' );
		await user.click(
			screen.getByRole( 'button', { name: 'Unlock PRO Features Now' } )
		);

		const alert = await screen.findByRole( 'alertdialog' );
		expect( alert ).toHaveTextContent(
			'There was an error unlocking UserFeedback PRO please try again or install manually.'
		);
		expect( alert ).toHaveTextContent( 'This license key has expired.' );
		await user.click(
			within( alert ).getByRole( 'button', { name: 'Ok' } )
		);
		expect( screen.queryByRole( 'alertdialog' ) ).not.toBeInTheDocument();
		expect( reload ).not.toHaveBeenCalled();
		expect( assign ).not.toHaveBeenCalled();
	} );

	it( 'reloads after Ok when the failure asks for it', async () => {
		handlers.userfeedback_connect_url = () =>
			fail( 500, {
				message: 'Pro was installed but could not be activated.',
				reload: true,
			} );
		const user = userEvent.setup();
		renderGeneral( 'lite' );
		await user.type( keyField(), 'PRO-KEY' );
		await user.click(
			screen.getByRole( 'button', { name: 'Unlock PRO Features Now' } )
		);
		const alert = await screen.findByRole( 'alertdialog' );
		expect( reload ).not.toHaveBeenCalled();
		await user.click(
			within( alert ).getByRole( 'button', { name: 'Ok' } )
		);
		expect( reload ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'shows the upgrade blurb until dismissed', async () => {
		handlers.userfeedback_validate_settings_blurb = () =>
			ok( { show: true } );
		handlers.userfeedback_dismiss_settings_blurb = () =>
			ok( { show: false } );
		const user = userEvent.setup();
		renderGeneral( 'lite' );

		const blurb = await screen.findByRole( 'region', {
			name: 'Upgrade to UserFeedback PRO',
		} );
		expect( blurb ).toHaveTextContent( '50% off' );
		const link = within( blurb ).getByRole( 'link', {
			name: 'Upgrade to PRO and save 50%',
		} );
		const url = new URL( link.getAttribute( 'href' ) ?? '' );
		expect( url.origin + url.pathname ).toBe(
			'https://userfeedback.com/lite/'
		);
		expect( Object.fromEntries( url.searchParams ) ).toEqual( {
			utm_source: 'liteplugin',
			utm_medium: 'settings-general',
			utm_campaign: 'lite-blurb',
			utm_content: '0.1.0',
		} );

		await user.click(
			within( blurb ).getByRole( 'button', {
				name: 'Dismiss the upgrade offer',
			} )
		);
		expect(
			screen.queryByRole( 'region', {
				name: 'Upgrade to UserFeedback PRO',
			} )
		).not.toBeInTheDocument();
		await waitFor( () =>
			expect(
				actionsOf( 'userfeedback_dismiss_settings_blurb' )
			).toHaveLength( 1 )
		);
	} );

	it( 'does not show the blurb when the server says it was dismissed', async () => {
		renderGeneral( 'lite' );
		await waitFor( () =>
			expect(
				actionsOf( 'userfeedback_validate_settings_blurb' )
			).toHaveLength( 1 )
		);
		await act(
			() => new Promise( ( resolve ) => setTimeout( resolve, 20 ) )
		);
		expect(
			screen.queryByRole( 'region', {
				name: 'Upgrade to UserFeedback PRO',
			} )
		).not.toBeInTheDocument();
		expect(
			screen.getByRole( 'region', { name: 'License Key' } )
		).toBeInTheDocument();
	} );
} );
