/**
 * The About page through the shell and router: About Us with its team card and the
 * cross-sale cards, Getting Started, and Lite vs Pro for Lite sites only.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { useNotices } from '../shared/notices';
import { actionsOf, handlers, ok, stubAjax } from '../shared/test/ajax';
import { makeConfig } from '../shared/test/fixtures';
import { noticesArea as toasts, renderPage } from '../shared/test/render';
import type { InstallablePlugin } from '../shared/types/notifications';
import { routes } from './routes';

const MONSTERINSIGHTS: InstallablePlugin = {
	slug: 'google-analytics-for-wordpress',
	name: 'MonsterInsights',
	basename: 'google-analytics-for-wordpress/googleanalytics.php',
	group: 'analytics',
	installed: true,
	active: true,
};
const DUPLICATOR: InstallablePlugin = {
	slug: 'duplicator',
	name: 'Duplicator',
	basename: 'duplicator/duplicator.php',
	group: 'partner',
	installed: true,
	active: false,
};
const OPTINMONSTER: InstallablePlugin = {
	slug: 'optinmonster',
	name: 'OptinMonster',
	basename: 'optinmonster/optin-monster-wp-api.php',
	group: 'partner',
	installed: false,
	active: false,
};

function renderAbout( edition: 'lite' | 'pro', path = '/' ) {
	const config = makeConfig( {
		page: 'about',
		entitlements:
			edition === 'lite'
				? {}
				: {
						edition: 'pro',
						is_pro: true,
						is_licensed: true,
						license_type: 'pro',
					},
	} );
	return renderPage( { entry: 'about', routes, config, path } );
}

const sections = () =>
	screen.getByRole( 'navigation', { name: 'About sections' } );

beforeEach( () => {
	useNotices.getState().clear();
	stubAjax();
	handlers.userfeedback_get_plugins = () =>
		ok( {
			plugins: [ MONSTERINSIGHTS, OPTINMONSTER, DUPLICATOR ],
			can_install: true,
			can_activate: true,
		} );
} );

describe( 'About Us', () => {
	it( 'introduces the product and the team, and lists the other plugins with their buttons', async () => {
		renderAbout( 'lite' );

		expect(
			screen.getByRole( 'heading', { name: 'About Us', level: 2 } )
		).toBeInTheDocument();
		const team = screen.getByRole( 'region', {
			name: 'The UserFeedback team',
		} );
		expect( team.querySelector( 'img' ) ).toHaveAttribute(
			'src',
			'http://site.test/wp-content/plugins/userfeedback/assets/about/team.svg'
		);

		const plugins = screen.getByRole( 'region', {
			name: 'Our other plugins',
		} );
		await within( plugins ).findByRole( 'article', {
			name: 'MonsterInsights',
		} );
		expect(
			within( plugins )
				.getAllByRole( 'article' )
				.map( ( item ) => [
					within( item ).getByRole( 'heading' ).textContent,
					item.querySelector( '.userfeedback-plugin-card__status' )
						?.textContent,
					within( item ).getByRole( 'button' ).textContent,
				] )
		).toEqual( [
			[ 'MonsterInsights', 'Status: Active', 'Deactivate' ],
			[ 'OptinMonster', 'Status: Not Installed', 'Install Addon' ],
			[ 'Duplicator', 'Status: Not Active', 'Activate' ],
		] );
	} );

	it( 'activates a plugin with the install nonce', async () => {
		handlers.userfeedback_activate_plugin = () =>
			ok( {
				message: 'Duplicator has been activated!',
				plugin: { ...DUPLICATOR, active: true },
			} );
		renderAbout( 'pro' );
		const duplicator = await screen.findByRole( 'article', {
			name: 'Duplicator',
		} );

		await userEvent.click(
			within( duplicator ).getByRole( 'button', { name: 'Activate' } )
		);

		expect(
			await toasts().findByText( 'Duplicator has been activated!' )
		).toBeInTheDocument();
		expect( duplicator ).toHaveTextContent( 'Status: Active' );
		expect( actionsOf( 'userfeedback_activate_plugin' )[ 0 ].body ).toEqual(
			{
				action: 'userfeedback_activate_plugin',
				basename: 'duplicator/duplicator.php',
				nonce: 'install-nonce',
			}
		);
	} );
} );

describe( 'Getting Started', () => {
	it( 'links each step to the screen where it happens', () => {
		renderAbout( 'lite', '/getting-started' );

		expect(
			screen.getByRole( 'heading', { name: 'Getting Started', level: 2 } )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Create a survey' } )
		).toHaveAttribute(
			'href',
			'http://site.test/wp-admin/admin.php?page=userfeedback_surveys#/new/setup'
		);
		expect(
			screen.getByRole( 'link', { name: 'Widget settings' } )
		).toHaveAttribute(
			'href',
			'http://site.test/wp-admin/admin.php?page=userfeedback_settings#/widget'
		);
		expect(
			screen.getByRole( 'link', { name: 'Email settings' } )
		).toHaveAttribute(
			'href',
			'http://site.test/wp-admin/admin.php?page=userfeedback_settings#/email'
		);
		expect(
			screen.getByRole( 'link', { name: /^UserFeedback documentation/ } )
		).toHaveAttribute( 'href', 'https://www.userfeedback.com/docs/' );
	} );
} );

describe( 'Lite vs Pro', () => {
	it( 'compares the editions, with the price, the Lite discount and the upgrade link', async () => {
		renderAbout( 'lite' );
		await userEvent.click(
			within( sections() ).getByRole( 'link', { name: 'Lite vs Pro' } )
		);

		const table = screen.getByRole( 'table', {
			name: 'Lite and Pro features compared',
		} );
		const row = ( feature: string ) =>
			within( table )
				.getByRole( 'rowheader', { name: feature } )
				.closest( 'tr' ) as HTMLElement;
		expect( row( 'Scheduling' ) ).toHaveTextContent(
			'SchedulingNot includedIncluded'
		);
		expect( row( 'CSV and XLSX export' ) ).toHaveTextContent(
			'Not includedIncluded'
		);
		expect( row( 'Surveys and responses' ) ).toHaveTextContent(
			'UnlimitedUnlimited'
		);
		expect( row( 'Templates' ) ).toHaveTextContent( '20+' );
		for ( const feature of [
			'Comment boxes',
			'Logo and branding',
			'Device targeting',
			'Page targeting',
			'Behavioral targeting',
			'Randomized answers',
			'Enhanced notifications',
		] ) {
			expect( row( feature ) ).toHaveTextContent( 'Not included' );
		}
		expect( screen.getByText( 'Pro: $199 per year' ) ).toBeInTheDocument();
		expect(
			screen.getByText(
				'Bonus: UserFeedback Lite users get 50% off the regular price.'
			)
		).toBeInTheDocument();

		const upgrade = new URL(
			screen
				.getByRole( 'link', { name: /^Upgrade to Pro/ } )
				.getAttribute( 'href' ) ?? ''
		);
		expect( upgrade.origin + upgrade.pathname ).toBe(
			'https://userfeedback.com/lite/'
		);
		expect( Object.fromEntries( upgrade.searchParams ) ).toEqual( {
			utm_source: 'liteplugin',
			utm_medium: 'about-lite-vs-pro',
			utm_campaign: 'lite-vs-pro',
			utm_content: '0.1.0',
		} );
	} );

	it( 'is neither a tab nor a route on Pro sites', async () => {
		renderAbout( 'pro', '/lite-vs-pro' );

		expect(
			within( sections() )
				.getAllByRole( 'link' )
				.map( ( link ) => link.textContent )
		).toEqual( [ 'About Us', 'Getting Started' ] );
		expect(
			screen.getByRole( 'heading', { name: 'Page not found' } )
		).toBeInTheDocument();
		expect( screen.queryByRole( 'table' ) ).not.toBeInTheDocument();
	} );
} );
