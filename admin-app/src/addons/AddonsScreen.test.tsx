/**
 * The Addons screen end to end through the shell, router, react-query and ajax():
 * fetch is replaced at the network boundary by a fake admin-ajax that answers per
 * action and records every call.
 */
import { act, fireEvent, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { browser, cancelReload } from '../shared/license';
import { useNotices } from '../shared/notices';
import {
	actionsOf,
	calls,
	fail,
	handlers,
	ok,
	stubAjax,
	type Reply,
} from '../shared/test/ajax';
import { makeConfig } from '../shared/test/fixtures';
import { noticesArea as toasts, renderPage } from '../shared/test/render';
import type { Addon, AddonsList, AppConfig } from '../shared/types';
import { routes } from './routes';

/** A reply the test releases when it wants. */
function deferred() {
	let release: ( reply: Reply ) => void = () => {};
	const promise = new Promise< Reply >( ( resolve ) => {
		release = resolve;
	} );
	return { handler: () => promise, release };
}

function addon( overrides: Partial< Addon > = {} ): Addon {
	const slug = overrides.slug ?? 'behavior';
	return {
		slug,
		title: 'Behavior',
		excerpt: 'Show surveys at the right moment.',
		icon: `http://site.test/wp-content/plugins/userfeedback/assets/addons/${ slug }.svg`,
		installed: false,
		active: false,
		type: 'licensed',
		redirect: '',
		basename: `userfeedback-${ slug }/userfeedback-${ slug }.php`,
		url: `https://store.test/package/${ slug }.zip`,
		setup_complete: false,
		...overrides,
	};
}

const BEHAVIOR = addon();
const BRANDING = addon( {
	slug: 'branding',
	title: 'Branding',
	excerpt: 'Your colours and logo.',
	installed: true,
	active: true,
} );
const TARGETING = addon( {
	slug: 'targeting',
	title: 'Targeting',
	excerpt: 'Pick pages and devices.',
	installed: true,
} );
const GEO = addon( {
	slug: 'geo-restrictions',
	title: 'Geo Restrictions',
	excerpt: 'Show surveys by country.',
	type: 'unlicensed',
	url: '',
} );
const HEATMAPS = addon( {
	slug: 'heatmaps',
	title: 'Heatmaps',
	excerpt: 'See where visitors click.',
	redirect: 'https://partner.test/heatmaps',
} );

function list( overrides: Partial< AddonsList > = {} ): AddonsList {
	return {
		addons: [ BEHAVIOR, BRANDING, TARGETING, GEO, HEATMAPS ],
		can_install: true,
		can_activate: true,
		store_error: '',
		...overrides,
	};
}

type Edition = 'lite' | 'pro' | 'pro-unlicensed';

function renderAddons( edition: Edition = 'pro' ) {
	const config: AppConfig = makeConfig( {
		page: 'addons',
		entitlements:
			edition === 'lite'
				? {}
				: {
						edition: 'pro',
						is_pro: true,
						is_licensed: edition === 'pro',
						license_type: edition === 'pro' ? 'pro' : null,
					},
	} );
	return renderPage( { entry: 'addons', routes, config } );
}

const card = ( title: string ) =>
	screen.getByRole( 'article', { name: title } );

/** The screen itself, without the live regions Notice speaks into. */
const page = () =>
	document.querySelector( '.userfeedback-page' ) as HTMLElement;

const SETTINGS_GENERAL =
	'http://site.test/wp-admin/admin.php?page=userfeedback_settings#/general';

let reload: ReturnType< typeof vi.spyOn >;

beforeEach( () => {
	useNotices.getState().clear();
	stubAjax();
	reload = vi.spyOn( browser, 'reload' ).mockImplementation( () => {} );
} );

afterEach( () => {
	cancelReload();
	vi.useRealTimers();
} );

describe( 'Addons screen', () => {
	it( 'lists every addon with its status and the button its state calls for', async () => {
		handlers.userfeedback_get_addons = () => ok( list() );
		renderAddons();

		expect(
			screen.getByRole( 'heading', { name: 'UserFeedback Addons' } )
		).toBeInTheDocument();
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Loading addons…'
		);
		await screen.findByRole( 'article', { name: 'Behavior' } );
		expect( calls ).toEqual( [
			{
				action: 'userfeedback_get_addons',
				body: {
					action: 'userfeedback_get_addons',
					nonce: 'ajax-nonce',
				},
			},
		] );
		expect( screen.getAllByRole( 'article' ) ).toHaveLength( 5 );

		const behavior = card( 'Behavior' );
		expect( behavior ).toHaveTextContent(
			'Show surveys at the right moment.'
		);
		expect( behavior ).toHaveTextContent( 'Status: Not Installed' );
		expect(
			within( behavior ).getByRole( 'button', { name: 'Install Addon' } )
		).toBeEnabled();
		const icon = behavior.querySelector( 'img' );
		expect( icon ).toHaveAttribute( 'alt', '' );
		expect( icon ).toHaveAttribute( 'src', BEHAVIOR.icon );

		expect( card( 'Branding' ) ).toHaveTextContent( 'Status: Active' );
		expect(
			within( card( 'Branding' ) ).getByRole( 'button', {
				name: 'Deactivate',
			} )
		).toBeInTheDocument();

		expect( card( 'Targeting' ) ).toHaveTextContent( 'Status: Not Active' );
		expect(
			within( card( 'Targeting' ) ).getByRole( 'button', {
				name: 'Activate',
			} )
		).toBeInTheDocument();

		const geo = card( 'Geo Restrictions' );
		expect( geo ).toHaveTextContent( 'Status: Upgrade Required' );
		const upgrade = new URL(
			within( geo )
				.getByRole( 'link', { name: /^Upgrade Now/ } )
				.getAttribute( 'href' ) ?? ''
		);
		expect( Object.fromEntries( upgrade.searchParams ) ).toEqual( {
			utm_source: 'proplugin',
			utm_medium: 'addons',
			utm_campaign: 'geo-restrictions',
			utm_content: '0.1.0',
		} );

		expect(
			within( card( 'Heatmaps' ) ).getByRole( 'link', {
				name: /^Learn More/,
			} )
		).toHaveAttribute( 'href', 'https://partner.test/heatmaps' );

		// A licensed Pro site sees no edition or licence notice.
		expect( page().querySelector( '.components-notice' ) ).toBeNull();
	} );

	it( 'filters by title, case-insensitively, and says when nothing matches', async () => {
		handlers.userfeedback_get_addons = () => ok( list() );
		const user = userEvent.setup();
		renderAddons();
		await screen.findByRole( 'article', { name: 'Behavior' } );

		const search = screen.getByRole( 'searchbox', {
			name: 'Search Addons',
		} );
		await user.type( search, 'GEO' );
		expect(
			screen
				.getAllByRole( 'article' )
				.map(
					( item ) =>
						within( item ).getByRole( 'heading' ).textContent
				)
		).toEqual( [ 'Geo Restrictions' ] );

		await user.clear( search );
		await user.type( search, 'surveys' );
		// Excerpts are not searched.
		expect( screen.queryAllByRole( 'article' ) ).toHaveLength( 0 );
		expect( screen.getByText( 'No results found' ) ).toBeInTheDocument();

		await user.clear( search );
		expect( screen.getAllByRole( 'article' ) ).toHaveLength( 5 );
	} );

	it( 'tells Lite users that addons need Pro, with an upgrade link on every card', async () => {
		handlers.userfeedback_get_addons = () =>
			ok(
				list( {
					addons: [ BEHAVIOR, TARGETING ],
					can_install: true,
				} )
			);
		renderAddons( 'lite' );
		await screen.findByRole( 'article', { name: 'Behavior' } );

		expect( page() ).toHaveTextContent(
			'Addons are available with UserFeedback Pro. Upgrade to Pro to install and activate them.'
		);
		const link = within( page() ).getByRole( 'link', {
			name: 'Upgrade to Pro',
		} );
		expect( link.getAttribute( 'href' ) ).toContain(
			'utm_campaign=pro-required'
		);
		expect( link.getAttribute( 'href' ) ).toContain(
			'utm_source=liteplugin'
		);
		expect( card( 'Behavior' ) ).toHaveTextContent(
			'Status: Upgrade Required'
		);
		for ( const title of [ 'Behavior', 'Targeting' ] ) {
			expect(
				within( card( title ) ).getByRole( 'link', {
					name: /^Upgrade Now/,
				} )
			).toBeInTheDocument();
		}
		expect(
			screen.queryByRole( 'button', { name: 'Install Addon' } )
		).toBeNull();
	} );

	it( 'asks Pro sites without a valid licence for a key, and links installed addons to it', async () => {
		handlers.userfeedback_get_addons = () =>
			ok(
				list( {
					addons: [ TARGETING, { ...BEHAVIOR, type: 'unlicensed' } ],
				} )
			);
		renderAddons( 'pro-unlicensed' );
		await screen.findByRole( 'article', { name: 'Targeting' } );

		expect( page() ).toHaveTextContent(
			'Please enter a valid license key in Settings > General to install and activate addons.'
		);
		expect(
			within( page() ).getByRole( 'link', {
				name: 'enter a valid license key',
			} )
		).toHaveAttribute( 'href', SETTINGS_GENERAL );
		expect(
			within( card( 'Targeting' ) ).getByRole( 'link', {
				name: 'Activate License',
			} )
		).toHaveAttribute( 'href', SETTINGS_GENERAL );
		expect(
			within( card( 'Behavior' ) ).getByRole( 'link', {
				name: /^Upgrade Now/,
			} )
		).toBeInTheDocument();
	} );

	it( 'shows a store error as a warning and still lists the addons', async () => {
		handlers.userfeedback_get_addons = () =>
			ok(
				list( {
					store_error: 'The addon store could not be reached.',
				} )
			);
		renderAddons();
		await screen.findByRole( 'article', { name: 'Behavior' } );
		const warning = page().querySelector( '.components-notice.is-warning' );
		expect( warning ).toHaveTextContent(
			'The addon store could not be reached.'
		);
	} );

	it( 'installs, then activates, staying busy 1 s beyond completion, then reloads', async () => {
		handlers.userfeedback_get_addons = () => ok( list() );
		const install = deferred();
		const activate = deferred();
		handlers.userfeedback_install_addon = install.handler;
		handlers.userfeedback_activate_addon = activate.handler;
		renderAddons();
		await screen.findByRole( 'article', { name: 'Behavior' } );
		vi.useFakeTimers( { toFake: [ 'setTimeout', 'clearTimeout' ] } );

		const behavior = card( 'Behavior' );
		fireEvent.click(
			within( behavior ).getByRole( 'button', { name: 'Install Addon' } )
		);
		await act( () => vi.advanceTimersByTimeAsync( 0 ) );
		const installing = within( behavior ).getByRole( 'button', {
			name: 'Installing…',
		} );
		expect( installing ).toBeDisabled();
		// A second click while busy sends nothing.
		fireEvent.click( installing );
		expect( actionsOf( 'userfeedback_install_addon' ) ).toEqual( [
			{
				action: 'userfeedback_install_addon',
				body: {
					action: 'userfeedback_install_addon',
					plugin: 'https://store.test/package/behavior.zip',
					nonce: 'install-nonce',
				},
			},
		] );

		install.release(
			ok( {
				message: 'Addon installed.',
				addon: { ...BEHAVIOR, installed: true },
			} )
		);
		await act( () => vi.advanceTimersByTimeAsync( 0 ) );
		await act( () => vi.advanceTimersByTimeAsync( 0 ) );
		expect(
			within( behavior ).getByRole( 'button', { name: 'Activating…' } )
		).toBeDisabled();
		expect( actionsOf( 'userfeedback_activate_addon' ) ).toEqual( [
			{
				action: 'userfeedback_activate_addon',
				body: {
					action: 'userfeedback_activate_addon',
					plugin: 'userfeedback-behavior/userfeedback-behavior.php',
					nonce: 'install-nonce',
				},
			},
		] );

		activate.release(
			ok( {
				message: 'Addon activated.',
				addon: { ...BEHAVIOR, installed: true, active: true },
			} )
		);
		for ( let i = 0; i < 10; i++ ) {
			await act( () => vi.advanceTimersByTimeAsync( 0 ) );
		}
		expect( toasts().getByText( 'Addon activated.' ) ).toBeInTheDocument();
		await act( () => vi.advanceTimersByTimeAsync( 100 ) );
		expect( behavior ).toHaveTextContent( 'Status: Active' );
		// Done, but the busy label stays for another second.
		expect(
			within( behavior ).getByRole( 'button', { name: 'Activating…' } )
		).toBeDisabled();
		await act( () => vi.advanceTimersByTimeAsync( 898 ) );
		expect(
			within( behavior ).getByRole( 'button', { name: 'Activating…' } )
		).toBeDisabled();
		expect( reload ).not.toHaveBeenCalled();

		await act( () => vi.advanceTimersByTimeAsync( 2 ) );
		expect(
			within( behavior ).getByRole( 'button', { name: 'Deactivate' } )
		).toBeEnabled();
		expect( reload ).toHaveBeenCalledTimes( 1 );
		expect( actionsOf( 'userfeedback_install_addon' ) ).toHaveLength( 1 );
	} );

	it( 'toasts the install error with its detail, does not activate, and frees the button after 1 s', async () => {
		handlers.userfeedback_get_addons = () => ok( list() );
		handlers.userfeedback_install_addon = () =>
			fail( 500, {
				message: 'There was an error installing the addon',
				detail: 'Download failed. Not Found',
			} );
		const user = userEvent.setup();
		renderAddons();
		const behavior = await screen.findByRole( 'article', {
			name: 'Behavior',
		} );
		await user.click(
			within( behavior ).getByRole( 'button', { name: 'Install Addon' } )
		);

		expect(
			await toasts().findByText(
				'There was an error installing the addon: Download failed. Not Found'
			)
		).toBeInTheDocument();
		expect(
			within( behavior ).getByRole( 'button', { name: 'Installing…' } )
		).toBeDisabled();
		expect(
			await within( behavior ).findByRole( 'button', {
				name: 'Install Addon',
			} )
		).toBeEnabled();
		expect( behavior ).toHaveTextContent( 'Status: Not Installed' );
		expect( actionsOf( 'userfeedback_activate_addon' ) ).toHaveLength( 0 );
		expect( reload ).not.toHaveBeenCalled();
	} );

	it( 'falls back to the catalogue text when the server answers nothing useful', async () => {
		handlers.userfeedback_get_addons = () => ok( list() );
		handlers.userfeedback_activate_addon = () => ( {
			status: 403,
			json: -1,
		} );
		const user = userEvent.setup();
		renderAddons();
		const targeting = await screen.findByRole( 'article', {
			name: 'Targeting',
		} );
		await user.click(
			within( targeting ).getByRole( 'button', { name: 'Activate' } )
		);
		expect(
			await toasts().findByText(
				'There was an error activating the addon'
			)
		).toBeInTheDocument();
		expect( reload ).not.toHaveBeenCalled();
	} );

	it( 'deactivates an active addon in place, without a reload', async () => {
		handlers.userfeedback_get_addons = () => ok( list() );
		handlers.userfeedback_deactivate_addon = () =>
			ok( {
				message: 'Addon deactivated.',
				addon: { ...BRANDING, active: false },
			} );
		const user = userEvent.setup();
		renderAddons();
		const branding = await screen.findByRole( 'article', {
			name: 'Branding',
		} );
		await user.click(
			within( branding ).getByRole( 'button', { name: 'Deactivate' } )
		);
		expect(
			await toasts().findByText( 'Addon deactivated.' )
		).toBeInTheDocument();
		expect( branding ).toHaveTextContent( 'Status: Not Active' );
		expect(
			within( branding ).getByRole( 'button', { name: 'Deactivating…' } )
		).toBeDisabled();
		expect(
			await within( branding ).findByRole( 'button', {
				name: 'Activate',
			} )
		).toBeEnabled();
		expect(
			actionsOf( 'userfeedback_deactivate_addon' )[ 0 ].body
		).toEqual( {
			action: 'userfeedback_deactivate_addon',
			plugin: 'userfeedback-branding/userfeedback-branding.php',
			nonce: 'install-nonce',
		} );
		expect( reload ).not.toHaveBeenCalled();
	} );

	it( 'shows the error when the list cannot be loaded, and retries', async () => {
		handlers.userfeedback_get_addons = () =>
			fail( 403, { message: 'Sorry, you are not allowed to do that.' } );
		const user = userEvent.setup();
		renderAddons();
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'Sorry, you are not allowed to do that.'
		);
		handlers.userfeedback_get_addons = () => ok( list( { addons: [] } ) );
		await user.click( screen.getByRole( 'button', { name: 'Try again' } ) );
		expect(
			await screen.findByText( 'No addons are available.' )
		).toBeInTheDocument();
	} );

	it( 'retries a list call that got no answer twice, then says the server cannot be reached', async () => {
		handlers.userfeedback_get_addons = () => 'network-error';
		renderAddons();
		// react-query's own back-off: 1 s, then 2 s.
		expect( await screen.findByRole( 'alert', {} ) ).toHaveTextContent(
			'The server could not be reached.'
		);
		expect( actionsOf( 'userfeedback_get_addons' ) ).toHaveLength( 3 );
	} );
} );
