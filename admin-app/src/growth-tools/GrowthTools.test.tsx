/**
 * Growth Tools through the shell and router: the tab bar scrolls to its sections, the
 * featured item per edition and licence, plugins with their buttons, guides as links.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useNotices } from '../shared/notices';
import { actionsOf, handlers, ok, stubAjax } from '../shared/test/ajax';
import { makeConfig } from '../shared/test/fixtures';
import { noticesArea as toasts, renderPage } from '../shared/test/render';
import type { LicenseType } from '../shared/types';
import type { InstallablePlugin } from '../shared/types/notifications';
import { routes } from './routes';

const SEO: InstallablePlugin = {
	slug: 'all-in-one-seo-pack',
	name: 'All in One SEO',
	basename: 'all-in-one-seo-pack/all_in_one_seo_pack.php',
	group: 'partner',
	installed: false,
	active: false,
};
const WPFORMS: InstallablePlugin = {
	slug: 'wpforms-lite',
	name: 'WPForms',
	basename: 'wpforms-lite/wpforms.php',
	group: 'partner',
	installed: true,
	active: false,
};
const PAY: InstallablePlugin = {
	slug: 'stripe',
	name: 'WP Simple Pay',
	basename: 'stripe/stripe-checkout.php',
	group: 'partner',
	installed: true,
	active: true,
};

type Tier = 'lite' | LicenseType | 'unlicensed';

function renderGrowth( tier: Tier = 'lite' ) {
	const config = makeConfig( {
		page: 'growth-tools',
		entitlements:
			tier === 'lite'
				? {}
				: {
						edition: 'pro',
						is_pro: true,
						is_licensed: tier !== 'unlicensed',
						license_type: tier === 'unlicensed' ? null : tier,
					},
	} );
	return renderPage( { entry: 'growth-tools', routes, config } );
}

const section = ( name: string ) => screen.getByRole( 'region', { name } );
const tabs = () =>
	screen.getByRole( 'navigation', { name: 'Growth Tools sections' } );

/** The featured item's link and its tracking parameters. */
function featuredLink() {
	const link = within( section( 'Featured' ) ).getByRole( 'link' );
	const url = new URL( link.getAttribute( 'href' ) ?? '' );
	return {
		name: link.textContent,
		target: link.getAttribute( 'target' ),
		url: url.origin + url.pathname,
		params: Object.fromEntries( url.searchParams ),
	};
}

let scrolled: HTMLElement[];

beforeEach( () => {
	useNotices.getState().clear();
	stubAjax();
	handlers.userfeedback_get_plugins = () =>
		ok( {
			plugins: [ SEO, WPFORMS, PAY ],
			can_install: true,
			can_activate: true,
		} );
	scrolled = [];
	// jsdom does not scroll; record on which element it was asked.
	Element.prototype.scrollIntoView = vi.fn( function ( this: HTMLElement ) {
		scrolled.push( this );
	} );
} );

afterEach( () => {
	delete ( Element.prototype as Partial< Element > ).scrollIntoView;
} );

describe( 'Growth Tools', () => {
	it( 'has the five sections, and each tab scrolls to its own', async () => {
		renderGrowth();

		expect(
			screen.getByRole( 'heading', { name: 'Growth Tools', level: 2 } )
		).toBeInTheDocument();
		const buttons = within( tabs() ).getAllByRole( 'button' );
		expect( buttons.map( ( button ) => button.textContent ) ).toEqual( [
			'Featured',
			'Traffic',
			'Engagement',
			'Revenue',
			'Guides & Resources',
		] );
		expect( buttons[ 0 ] ).toHaveAttribute( 'aria-current', 'true' );

		for ( const name of [ 'Revenue', 'Guides & Resources', 'Featured' ] ) {
			await userEvent.click(
				within( tabs() ).getByRole( 'button', { name } )
			);
			expect( scrolled.at( -1 ) ).toBe( section( name ) );
			expect(
				within( tabs() ).getByRole( 'button', { name } )
			).toHaveAttribute( 'aria-current', 'true' );
			expect(
				within( tabs() ).getAllByRole( 'button', { current: true } )
			).toHaveLength( 1 );
		}
		expect( scrolled ).toHaveLength( 3 );
	} );

	it( 'lists plugins with their buttons in their sections, and installs one', async () => {
		handlers.userfeedback_install_plugin = () =>
			ok( {
				message: 'All in One SEO has been installed successfully!',
				plugin: { ...SEO, installed: true },
			} );
		handlers.userfeedback_activate_plugin = () =>
			ok( {
				message: 'All in One SEO has been activated!',
				plugin: { ...SEO, installed: true, active: true },
			} );
		renderGrowth();

		const traffic = section( 'Traffic' );
		const seo = await within( traffic ).findByRole( 'article', {
			name: 'All in One SEO',
		} );
		// The plugins the server does not list are left out.
		expect( within( traffic ).getAllByRole( 'article' ) ).toHaveLength( 1 );
		expect(
			within( section( 'Engagement' ) ).getByRole( 'article', {
				name: 'WPForms',
			} )
		).toHaveTextContent( 'Status: Not Active' );
		const pay = within( section( 'Revenue' ) ).getByRole( 'article', {
			name: 'WP Simple Pay',
		} );
		expect(
			within( pay ).getByRole( 'button', { name: 'Deactivate' } )
		).toBeEnabled();

		await userEvent.click(
			within( seo ).getByRole( 'button', { name: 'Install Addon' } )
		);

		expect(
			await toasts().findByText( 'All in One SEO has been activated!' )
		).toBeInTheDocument();
		expect( seo ).toHaveTextContent( 'Status: Active' );
		expect(
			actionsOf( 'userfeedback_install_plugin' ).map( ( c ) => c.body )
		).toEqual( [
			{
				action: 'userfeedback_install_plugin',
				slug: 'all-in-one-seo-pack',
				activate: '0',
				nonce: 'install-nonce',
			},
		] );
		expect( actionsOf( 'userfeedback_activate_plugin' ) ).toHaveLength( 1 );
	} );

	it( 'links the guides to outside sites', () => {
		renderGrowth();

		const links = within( section( 'Guides & Resources' ) ).getAllByRole(
			'link'
		);
		expect( links.length ).toBeGreaterThan( 0 );
		for ( const link of links ) {
			expect( link.getAttribute( 'href' ) ).toMatch( /^https:\/\// );
			expect( link ).toHaveAttribute( 'target', '_blank' );
		}
	} );
} );

describe( 'the featured item', () => {
	it( 'is the UserFeedback Pro upgrade on Lite', () => {
		renderGrowth( 'lite' );

		expect(
			within( section( 'Featured' ) ).getByRole( 'heading', {
				name: 'Upgrade to UserFeedback Pro',
			} )
		).toBeInTheDocument();
		expect( section( 'Featured' ) ).toHaveTextContent(
			'Lite users get 50% off'
		);
		expect( featuredLink() ).toEqual( {
			name: 'Upgrade to Pro(opens in a new tab)',
			target: '_blank',
			url: 'https://userfeedback.com/lite/',
			params: {
				utm_source: 'liteplugin',
				utm_medium: 'growth-tools',
				utm_campaign: 'featured-pro',
				utm_content: '0.1.0',
			},
		} );
	} );

	it.each( [ 'plus', 'pro' ] as const )(
		'is the Elite upgrade with a %s licence',
		( tier ) => {
			renderGrowth( tier );

			expect(
				within( section( 'Featured' ) ).getByRole( 'heading', {
					name: 'Upgrade to UserFeedback Elite',
				} )
			).toBeInTheDocument();
			expect( featuredLink() ).toMatchObject( {
				name: 'Upgrade to Elite(opens in a new tab)',
				params: {
					utm_source: 'proplugin',
					utm_medium: 'growth-tools',
					utm_campaign: 'featured-elite',
				},
			} );
		}
	);

	it.each( [ 'elite', 'unlicensed' ] as const )(
		'is another product on other Pro sites (%s)',
		( tier ) => {
			renderGrowth( tier );

			expect(
				within( section( 'Featured' ) ).getByRole( 'heading', {
					name: 'MonsterInsights Pro',
				} )
			).toBeInTheDocument();
			expect( featuredLink() ).toMatchObject( {
				name: 'Get MonsterInsights Pro(opens in a new tab)',
				url: 'https://www.monsterinsights.com/pricing/',
			} );
			expect(
				within( section( 'Featured' ) ).queryByText( /Upgrade to/ )
			).toBeNull();
		}
	);
} );
