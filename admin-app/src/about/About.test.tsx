/**
 * The About page through the shell and router: About Us with its team card and the
 * cross-sale cards, Getting Started, and Lite vs Pro for Lite sites only.
 */
import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { useNotices } from '../shared/notices';
import { actionsOf, handlers, ok, stubAjax } from '../shared/test/ajax';
import {
	feature,
	makeConfig,
	type ConfigOverrides,
} from '../shared/test/fixtures';
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

function renderAbout(
	edition: 'lite' | 'pro',
	path = '/',
	overrides: ConfigOverrides = {}
) {
	const config = makeConfig( {
		...overrides,
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
	it( 'compares the editions as PHP states them, with the price, the Lite discount, its coupon code and the upgrade link', async () => {
		renderAbout( 'lite', '/', {
			features: {
				scheduling: feature( { label: 'Scheduling' } ),
				export: feature( { label: 'CSV and XLSX Export' } ),
				device_targeting: feature( {
					label: 'Device Targeting',
					addon: 'targeting',
				} ),
				ai_summary: feature( { label: 'AI Summary', plan: 'elite' } ),
			},
			lite_offer: {
				price_per_year: 199,
				discount_percent: 50,
				coupon: 'LITEUPGRADE',
			},
		} );
		await userEvent.click(
			within( sections() ).getByRole( 'link', { name: 'Lite vs Pro' } )
		);

		const table = screen.getByRole( 'table', {
			name: 'Lite and Pro features compared',
		} );
		const row = ( name: string ) =>
			within( table )
				.getByRole( 'rowheader', { name } )
				.closest( 'tr' ) as HTMLElement;
		expect( row( 'Scheduling' ) ).toHaveTextContent(
			'SchedulingNot includedIncluded'
		);
		expect( row( 'CSV and XLSX Export' ) ).toHaveTextContent(
			'Not includedIncluded'
		);
		expect( row( 'Device Targeting' ) ).toHaveTextContent(
			'Not includedIncluded (Targeting addon)'
		);
		expect( row( 'AI Summary' ) ).toHaveTextContent(
			'Not includedIncluded with Elite'
		);
		expect( row( 'Surveys and responses' ) ).toHaveTextContent(
			'UnlimitedUnlimited'
		);
		// The question types Lite has are the registry's basic ones, no more.
		const types = row( 'Question types' ).querySelectorAll( 'td' );
		const config = makeConfig();
		for ( const type of config.question_types ) {
			expect( types[ 1 ] ).toHaveTextContent( type.label );
			if ( type.advanced ) {
				expect( types[ 0 ] ).not.toHaveTextContent( type.label );
			} else {
				expect( types[ 0 ] ).toHaveTextContent( type.label );
			}
		}
		// Only what PHP states: no hand-written rows beside them.
		expect( within( table ).getAllByRole( 'rowheader' ) ).toHaveLength(
			2 + 4
		);

		expect( screen.getByText( 'Pro: $199 per year' ) ).toBeInTheDocument();
		expect(
			screen.getByText(
				'Bonus: UserFeedback Lite users get 50% off the regular price.'
			)
		).toBeInTheDocument();
		expect( screen.getByText( 'LITEUPGRADE' ).tagName ).toBe( 'CODE' );
		expect(
			screen.getByText( /Use this coupon code at checkout:/ )
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
