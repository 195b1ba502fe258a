/**
 * The settings step against a real HTTP server standing in for GET logic-type and
 * GET search.
 */
import { act, screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import {
	afterAll,
	beforeAll,
	beforeEach,
	describe,
	expect,
	it,
	vi,
} from 'vitest';

import { setupApi } from '../../../../shared/api';
import { useNotices } from '../../../../shared/notices';
import { makeConfig } from '../../../../shared/test/fixtures';
import {
	sendJson,
	startServer,
	type Received,
	type TestServer,
} from '../../../../shared/test/server';
import type {
	AppConfig,
	PageRule,
	SurveySettings,
} from '../../../../shared/types';
import { useUpgradeDialog } from '../../../../shared/upgrade';
import { defaultSettings } from '../../../../shared/surveyDefaults';
import { page, RELOAD_DELAY_MS, type AnalyticsPlugin } from './analytics';
import { SettingsStep } from './SettingsStep';
import { renderControlled, tierConfig, type Tier } from './testing';

let server: TestServer;
let apiConfig: AppConfig;

const ROLES = [
	{ id: 'administrator', label: 'Administrator' },
	{ id: 'editor', label: 'Editor' },
	{ id: 'subscriber', label: 'Subscriber' },
];
const PAGES = [
	{ id: 2, title: 'About us' },
	{ id: 9, title: 'Pricing' },
];

beforeAll( async () => {
	server = await startServer();
	apiConfig = makeConfig( {
		rest: {
			root: `${ server.url }/wp-json/`,
			namespace: 'userfeedback/v1',
			nonce: 'rest-nonce',
		},
	} );
	setupApi( apiConfig );
} );
afterAll( () => server.close() );

beforeEach( () => {
	server.received.length = 0;
	useNotices.getState().clear();
	act( () => useUpgradeDialog.getState().close() );
	server.handle( ( request, response ) => {
		const url = new URL( request.url, server.url );
		const search = ( url.searchParams.get( 'search' ) ?? '' ).toLowerCase();
		if ( url.pathname === '/wp-json/userfeedback/v1/logic-type' ) {
			if ( url.searchParams.get( 'logic_type' ) === 'wp_user_roles' ) {
				return sendJson(
					response,
					200,
					ROLES.filter( ( r ) =>
						r.label.toLowerCase().includes( search )
					)
				);
			}
			return sendJson( response, 200, [] );
		}
		if ( url.pathname === '/wp-json/userfeedback/v1/search' ) {
			const title = (
				url.searchParams.get( 'title' ) ?? ''
			).toLowerCase();
			return sendJson(
				response,
				200,
				PAGES.filter( ( p ) => p.title.toLowerCase().includes( title ) )
			);
		}
		sendJson( response, 404, {
			code: 'rest_no_route',
			message: 'No route was found matching the URL and request method.',
			data: { status: 404 },
		} );
	} );
} );

function settingsWith( patch: {
	rules?: PageRule[];
	pages?: 'all' | 'select';
} ): SurveySettings {
	const settings = defaultSettings();
	return {
		...settings,
		targeting: {
			...settings.targeting,
			pages: patch.pages ?? 'select',
			page_rules: patch.rules ?? settings.targeting.page_rules,
		},
	};
}

function renderStep(
	settings: SurveySettings = defaultSettings(),
	tier: Tier = 'elite',
	extra: {
		analytics?: AnalyticsPlugin;
		onInstallAnalytics?: (
			step: 'install' | 'activate'
		) => Promise< unknown >;
		applyTrackingDefault?: boolean;
	} = {}
) {
	return renderControlled(
		settings,
		( value, onChange ) => (
			<SettingsStep
				settings={ value }
				onChange={ onChange }
				questions={ [] }
				{ ...extra }
			/>
		),
		tierConfig( tier )
	);
}

/**
 * A user whose keystrokes come with no pause: user-event's default waits for a
 * timeout between keys, and on a busy machine those waits can add up past the
 * 300 ms search debounce and send a request per letter. Without them the keys of
 * one type() run before any timer can, as a quick typist's do.
 */
const typingAtOnce = () => userEvent.setup( { delay: null } );

const ruleGroup = ( n: number ) =>
	screen.getByRole( 'group', { name: `Rule ${ n }` } );

/** The query of each request to a route, without api-fetch's _locale. */
const lookups = ( route: string ): Record< string, string >[] =>
	server.received
		.filter( ( r: Received ) =>
			r.url.startsWith( `/wp-json/userfeedback/v1/${ route }?` )
		)
		.map( ( r ) => {
			const query = Object.fromEntries(
				new URL( r.url, server.url ).searchParams
			);
			delete query._locale;
			return query;
		} );

/** The notices area only: Notice also speaks its text into a live region. */
const noticesArea = () =>
	within( document.querySelector( '.userfeedback-notices' ) as HTMLElement );

describe( 'Page rules editor', () => {
	it( 'adds rules, joins them with an operator, and never removes the first', async () => {
		const user = userEvent.setup();
		const view = renderStep();

		await user.click(
			screen.getByRole( 'radio', { name: 'Pages matching rules' } )
		);
		expect( view.latest().targeting.pages ).toBe( 'select' );
		expect( view.latest().targeting.page_rules ).toHaveLength( 1 );
		expect(
			within( ruleGroup( 1 ) ).queryByRole( 'button', { name: /Remove/ } )
		).not.toBeInTheDocument();
		// The first rule has no operator: nothing comes before it.
		expect(
			within( ruleGroup( 1 ) ).queryByRole( 'combobox', {
				name: 'Operator',
			} )
		).not.toBeInTheDocument();

		await user.click( screen.getByRole( 'button', { name: 'Add rule' } ) );
		await user.click( screen.getByRole( 'button', { name: 'Add rule' } ) );
		expect( view.latest().targeting.page_rules ).toHaveLength( 3 );

		const operator = within( ruleGroup( 2 ) ).getByRole( 'combobox', {
			name: 'Operator',
		} );
		expect( operator ).toHaveValue( '&&' );
		await user.selectOptions( operator, 'OR' );
		expect(
			view.latest().targeting.page_rules.map( ( r ) => r.operator )
		).toEqual( [ '&&', '||', '&&' ] );

		expect(
			screen.queryByRole( 'button', { name: 'Remove rule 1' } )
		).not.toBeInTheDocument();
		await user.click(
			screen.getByRole( 'button', { name: 'Remove rule 2' } )
		);
		expect(
			view.latest().targeting.page_rules.map( ( r ) => r.operator )
		).toEqual( [ '&&', '&&' ] );
		await user.click(
			screen.getByRole( 'button', { name: 'Remove rule 2' } )
		);
		expect( view.latest().targeting.page_rules ).toHaveLength( 1 );
		expect(
			screen.queryByRole( 'button', { name: /Remove rule/ } )
		).not.toBeInTheDocument();
	} );

	it( 'offers every logic type and switches the value input by type', async () => {
		const user = userEvent.setup();
		const view = renderStep(
			settingsWith( {
				rules: [
					{
						logic: 'page_url_is',
						operator: '&&',
						data: 'https://example.com/',
					},
				],
			} )
		);
		const condition = within( ruleGroup( 1 ) ).getByRole( 'combobox', {
			name: 'Condition',
		} );
		expect( within( condition ).getAllByRole( 'option' ) ).toHaveLength(
			21
		);

		await user.selectOptions( condition, 'User role is' );
		expect( view.latest().targeting.page_rules[ 0 ] ).toEqual( {
			logic: 'user_role',
			operator: '&&',
			data: [],
		} );
		expect(
			within( ruleGroup( 1 ) ).getByRole( 'combobox', { name: 'Value' } )
		).toHaveAttribute( 'placeholder', 'Select an option' );

		await user.selectOptions( condition, 'Cookie exists' );
		expect(
			within( ruleGroup( 1 ) ).getByRole( 'textbox', { name: 'Value' } )
		).toHaveValue( '' );
	} );

	it( 'shows the error of each kind of bad rule, and clears it when fixed', async () => {
		const user = userEvent.setup();
		renderStep(
			settingsWith( {
				rules: [
					{
						logic: 'page_url_is',
						operator: '&&',
						data: 'example.com',
					},
					{ logic: 'referrer', operator: '&&', data: '' },
					{
						logic: 'query_parameter_contains',
						operator: '||',
						data: '',
					},
					{ logic: 'cookie_not_exist', operator: '&&', data: ' ' },
					{
						logic: 'page_url_not_contains',
						operator: '&&',
						data: '',
					},
					{
						logic: 'query_parameter_regex',
						operator: '&&',
						data: '(',
					},
					{ logic: 'taxonomy_is', operator: '&&', data: [] },
				],
			} )
		);
		const value = ( n: number, role: 'textbox' | 'combobox' = 'textbox' ) =>
			within( ruleGroup( n ) ).getByRole( role, { name: 'Value' } );

		for ( const n of [ 1, 2 ] ) {
			expect( value( n ) ).toHaveAttribute( 'aria-invalid', 'true' );
			expect( value( n ) ).toHaveAccessibleDescription(
				/Enter a valid URL/
			);
		}
		for ( const n of [ 3, 4, 5 ] ) {
			expect( value( n ) ).toBeInvalid();
			expect( value( n ) ).toHaveAccessibleDescription(
				'This field cannot be empty.'
			);
		}
		expect( value( 6 ) ).toHaveAccessibleDescription(
			'Enter a valid regular expression.'
		);
		expect( value( 7, 'combobox' ) ).toBeInvalid();
		expect( value( 7, 'combobox' ) ).toHaveAccessibleDescription(
			'Select at least one option.'
		);

		await user.clear( value( 1 ) );
		await user.paste( 'https://example.com/pricing/' );
		expect( value( 1 ) ).toHaveValue( 'https://example.com/pricing/' );
		expect( value( 1 ) ).toBeValid();
		expect( value( 1 ) ).not.toHaveAccessibleDescription();
		await user.click( value( 3 ) );
		await user.paste( 'utm_source=ads' );
		expect( value( 3 ) ).toBeValid();
	} );

	it( 'waits until a new rule is left before showing its error', async () => {
		const user = userEvent.setup();
		renderStep( settingsWith( { pages: 'all' } ) );
		await user.click(
			screen.getByRole( 'radio', { name: 'Pages matching rules' } )
		);
		const value = within( ruleGroup( 1 ) ).getByRole( 'combobox', {
			name: 'Value',
		} );
		expect( value ).toBeValid();
		await user.click( value );
		await user.tab();
		expect( value ).toBeInvalid();
		expect( value ).toHaveAccessibleDescription(
			'Select at least one option.'
		);
	} );

	it( 'loads selector choices from GET logic-type, debounced, and picks several', async () => {
		const user = typingAtOnce();
		const view = renderStep(
			settingsWith( {
				rules: [ { logic: 'user_role', operator: '&&', data: [] } ],
			} )
		);
		const input = within( ruleGroup( 1 ) ).getByRole( 'combobox', {
			name: 'Value',
		} );
		await user.click( input );
		expect(
			await screen.findByRole( 'option', { name: 'Editor' } )
		).toBeVisible();
		expect( lookups( 'logic-type' ) ).toEqual( [
			{ logic_type: 'wp_user_roles' },
		] );
		expect( server.received[ 0 ].headers[ 'x-wp-nonce' ] ).toBe(
			'rest-nonce'
		);

		await user.type( input, 'adm' );
		await waitFor( () =>
			expect(
				screen.queryByRole( 'option', { name: 'Editor' } )
			).toBeNull()
		);
		await user.click(
			screen.getByRole( 'option', { name: 'Administrator' } )
		);
		// One request for the whole word: the keystrokes came within 300 ms.
		expect( lookups( 'logic-type' ) ).toEqual( [
			{ logic_type: 'wp_user_roles' },
			{ logic_type: 'wp_user_roles', search: 'adm' },
		] );

		await user.click(
			await screen.findByRole( 'option', { name: 'Subscriber' } )
		);
		expect( view.latest().targeting.page_rules[ 0 ].data ).toEqual( [
			{ id: 'administrator', label: 'Administrator' },
			{ id: 'subscriber', label: 'Subscriber' },
		] );
		expect(
			screen.getByRole( 'option', { name: 'Subscriber' } )
		).toHaveAttribute( 'aria-selected', 'true' );
		expect( input ).toBeValid();

		await user.click(
			screen.getByRole( 'button', { name: 'Remove Administrator' } )
		);
		expect( view.latest().targeting.page_rules[ 0 ].data ).toEqual( [
			{ id: 'subscriber', label: 'Subscriber' },
		] );
	} );

	it( 'says "No results found" when a search finds nothing', async () => {
		const user = typingAtOnce();
		renderStep(
			settingsWith( {
				rules: [ { logic: 'user_role', operator: '&&', data: [] } ],
			} )
		);
		const input = within( ruleGroup( 1 ) ).getByRole( 'combobox', {
			name: 'Value',
		} );
		await user.type( input, 'zzz' );
		expect( await screen.findByText( 'No results found' ) ).toBeVisible();
		expect(
			within( screen.getByRole( 'listbox' ) ).queryAllByRole( 'option' )
		).toHaveLength( 0 );
		// The first list when the field got focus, then the search.
		expect( lookups( 'logic-type' ) ).toEqual( [
			{ logic_type: 'wp_user_roles' },
			{ logic_type: 'wp_user_roles', search: 'zzz' },
		] );
	} );

	it( 'searches pages and posts with GET search for page_or_post rules', async () => {
		const user = typingAtOnce();
		const view = renderStep(
			settingsWith( {
				rules: [
					{ logic: 'page_or_post_is_not', operator: '&&', data: [] },
				],
			} )
		);
		const input = within( ruleGroup( 1 ) ).getByRole( 'combobox', {
			name: 'Value',
		} );
		// Focus lists the first pages; then the search.
		await user.click( input );
		await screen.findByRole( 'option', { name: 'About us' } );
		await user.type( input, 'pri' );
		// The arrow moves over the options shown: wait for the search's answer first
		// (on a busy machine even the first list may not be there yet).
		await waitFor( () => {
			expect(
				screen.getByRole( 'option', { name: 'Pricing' } )
			).toBeInTheDocument();
			expect(
				screen.queryByRole( 'option', { name: 'About us' } )
			).not.toBeInTheDocument();
		} );
		await user.keyboard( '{ArrowDown}' );
		expect( screen.getByRole( 'option', { name: 'Pricing' } ) ).toHaveClass(
			'is-active'
		);
		await user.keyboard( '{Enter}' );
		expect( view.latest().targeting.page_rules[ 0 ].data ).toEqual( [
			{ id: 9, label: 'Pricing' },
		] );
		expect( lookups( 'search' ) ).toEqual( [ {}, { title: 'pri' } ] );
	} );
} );

describe( 'Gating by tier', () => {
	const upgradeDialog = () => screen.findByRole( 'dialog' );

	it( 'Lite: desktop only, all pages, all countries, immediate behavior; prompts to upgrade', async () => {
		const user = userEvent.setup();
		renderStep( defaultSettings(), 'lite' );

		expect(
			screen.getByRole( 'checkbox', { name: 'Desktop' } )
		).toBeEnabled();
		expect(
			screen.getByRole( 'checkbox', { name: 'Tablet' } )
		).toBeDisabled();
		expect(
			screen.getByRole( 'checkbox', { name: 'Mobile' } )
		).toBeDisabled();
		expect(
			screen.getByRole( 'radio', { name: 'Pages matching rules' } )
		).toBeDisabled();
		expect(
			screen.getByRole( 'radio', { name: 'Selected countries' } )
		).toBeDisabled();
		expect(
			screen.getByText(
				'Please activate the Geo Restrictions addon to access this feature.'
			)
		).toBeVisible();

		expect(
			screen.getByRole( 'radio', { name: 'Immediately' } )
		).toBeEnabled();
		for ( const name of [
			'After a delay',
			'When the visitor is about to leave',
			'After scrolling half the page',
			'Only once',
			'Repeatedly',
			'Stop on a date',
		] ) {
			expect( screen.getByRole( 'radio', { name } ) ).toBeDisabled();
		}
		expect(
			screen.getByRole( 'radio', { name: 'Until the visitor responds' } )
		).toBeEnabled();
		expect(
			screen.getByRole( 'checkbox', { name: 'Start minimized' } )
		).toBeDisabled();

		const devices = screen.getByRole( 'group', { name: 'Devices' } );
		await user.click(
			within( devices ).getByRole( 'button', { name: 'Upgrade to Pro' } )
		);
		expect( await upgradeDialog() ).toHaveAccessibleName(
			'Device Targeting is a Pro feature'
		);
	} );

	it( 'plus: device targeting still needs an upgrade; pages, countries and behavior are open', async () => {
		const user = userEvent.setup();
		const view = renderStep( defaultSettings(), 'plus' );
		expect(
			screen.getByRole( 'checkbox', { name: 'Tablet' } )
		).toBeDisabled();
		expect(
			screen.getByRole( 'radio', { name: 'Pages matching rules' } )
		).toBeEnabled();
		expect(
			screen.getByRole( 'radio', { name: 'Selected countries' } )
		).toBeEnabled();
		expect(
			screen.getByRole( 'radio', { name: 'After a delay' } )
		).toBeEnabled();
		expect(
			screen.queryByText( /Geo Restrictions addon/ )
		).not.toBeInTheDocument();

		await user.click(
			within(
				screen.getByRole( 'group', { name: 'Devices' } )
			).getByRole( 'button', { name: 'Upgrade to Pro' } )
		);
		expect( await upgradeDialog() ).toHaveAccessibleName(
			'Device Targeting is a Pro feature'
		);
		await user.click( screen.getByRole( 'button', { name: /close/i } ) );
		await waitFor( () =>
			expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument()
		);

		await user.click(
			screen.getByRole( 'radio', { name: 'Selected countries' } )
		);
		const countries = screen.getByRole( 'combobox', {
			name: 'Show the survey to visitors from',
		} );
		await user.type( countries, 'germ' );
		await user.click( screen.getByRole( 'option', { name: 'Germany' } ) );
		expect( view.latest().geo_targeting ).toEqual( {
			target: 'select',
			countries: [ 'DE' ],
		} );
	} );

	it( 'pro with every addon: every control is open', async () => {
		const user = userEvent.setup();
		const view = renderStep( defaultSettings(), 'pro' );
		await user.click( screen.getByRole( 'checkbox', { name: 'Tablet' } ) );
		expect( view.latest().targeting.devices ).toEqual( [
			'desktop',
			'mobile',
		] );
		await user.click( screen.getByRole( 'checkbox', { name: 'Tablet' } ) );
		expect( view.latest().targeting.devices ).toEqual( [
			'desktop',
			'tablet',
			'mobile',
		] );
		expect(
			screen.queryByRole( 'button', { name: /Upgrade/ } )
		).toBeNull();
		expect(
			screen.queryByRole( 'link', { name: 'Activate Addon' } )
		).toBeNull();
	} );

	it( 'pro without the addons: each gated group links to the Addons page', () => {
		renderStep( defaultSettings(), 'pro-no-addons' );
		expect(
			screen.getByRole( 'checkbox', { name: 'Mobile' } )
		).toBeDisabled();
		expect(
			screen.getByRole( 'radio', { name: 'After a delay' } )
		).toBeDisabled();
		const links = screen.getAllByRole( 'link', { name: 'Activate Addon' } );
		// Devices, pages, countries and behavior.
		expect( links ).toHaveLength( 4 );
		for ( const link of links ) {
			expect( link ).toHaveAttribute(
				'href',
				'http://site.test/wp-admin/admin.php?page=userfeedback_addons'
			);
		}
		expect(
			within(
				screen.getByRole( 'group', { name: 'Devices' } )
			).getByText(
				'Device Targeting needs the Targeting addon to be active.'
			)
		).toBeVisible();
	} );

	it( 'pro without a licence: asks for the licence key', () => {
		renderStep( defaultSettings(), 'pro-unlicensed' );
		expect(
			screen.getByRole( 'checkbox', { name: 'Tablet' } )
		).toBeDisabled();
		expect(
			screen.getByText(
				'Please enter a valid license key to use Behavioral Targeting.'
			)
		).toBeVisible();
		expect(
			screen.getAllByRole( 'link', { name: 'Enter License Key' } )[ 0 ]
		).toHaveAttribute(
			'href',
			'http://site.test/wp-admin/admin.php?page=userfeedback_settings'
		);
	} );
} );

describe( 'Behavior', () => {
	it( 'shows the delay only for the delay timing and keeps it within 0 to 60', async () => {
		const user = userEvent.setup();
		const view = renderStep();
		expect(
			screen.queryByRole( 'spinbutton', { name: 'Delay in seconds' } )
		).not.toBeInTheDocument();

		await user.click(
			screen.getByRole( 'radio', { name: 'After a delay' } )
		);
		const delay = screen.getByRole( 'spinbutton', {
			name: 'Delay in seconds',
		} );
		expect( delay ).toHaveValue( 20 );
		expect( delay ).toHaveAttribute( 'min', '0' );
		expect( delay ).toHaveAttribute( 'max', '60' );

		await user.clear( delay );
		expect( delay ).toBeInvalid();
		await user.type( delay, '61' );
		expect( view.latest().behavior.timing_delay ).toBe( 61 );
		expect( delay ).toHaveAccessibleDescription(
			'Delay must be between 0 and 60 seconds.'
		);
		await user.clear( delay );
		await user.type( delay, '60' );
		expect( view.latest().behavior.timing_delay ).toBe( 60 );
		expect( delay ).toBeValid();
		await user.clear( delay );
		await user.type( delay, '0' );
		expect( view.latest().behavior.timing_delay ).toBe( 0 );
		expect( delay ).toBeValid();

		await user.click(
			screen.getByRole( 'radio', { name: 'Immediately' } )
		);
		expect(
			screen.queryByRole( 'spinbutton', { name: 'Delay in seconds' } )
		).not.toBeInTheDocument();
	} );

	it( 'enables the expiry month and day only when the survey expires', async () => {
		const user = userEvent.setup();
		// A survey with a look of its own sets start minimized here (a survey that follows
		// the site's widget settings gets the site's).
		const own = defaultSettings();
		const view = renderStep( {
			...own,
			theming: { ...own.theming, source: 'custom' },
		} );
		const month = screen.getByRole( 'combobox', { name: 'Month' } );
		const day = screen.getByRole( 'combobox', { name: 'Day' } );
		expect( month ).toBeDisabled();
		expect( day ).toBeDisabled();

		await user.click(
			screen.getByRole( 'radio', { name: 'Stop on a date' } )
		);
		expect( month ).toBeEnabled();
		expect(
			within( month )
				.getAllByRole( 'option' )
				.map( ( o ) => o.textContent )
		).toEqual( [
			'Month',
			'January',
			'February',
			'March',
			'April',
			'May',
			'June',
			'July',
			'August',
			'September',
			'October',
			'November',
			'December',
		] );
		expect( within( day ).getAllByRole( 'option' ) ).toHaveLength( 32 );
		expect(
			screen.getByText( 'Choose the month and day to stop on.' )
		).toBeVisible();

		await user.selectOptions( month, 'March' );
		await user.selectOptions( day, '31' );
		expect( view.latest().behavior ).toMatchObject( {
			run_time: 'expire',
			expire_at: { month: 3, day: 31 },
		} );
		expect(
			screen.queryByText( 'Choose the month and day to stop on.' )
		).not.toBeInTheDocument();

		await user.click(
			screen.getByRole( 'checkbox', { name: 'Start minimized' } )
		);
		expect( view.latest().behavior.start_minimized ).toBe( true );
	} );
} );

describe( 'Start minimized', () => {
	it( "follows Settings > Widget while the survey uses the site's widget settings", () => {
		renderStep( defaultSettings(), 'elite' );
		const toggle = screen.getByRole( 'checkbox', {
			name: 'Start minimized',
		} );
		expect( toggle ).toBeDisabled();
		expect(
			screen.getByText( /This survey uses the site's widget settings/ )
		).toBeInTheDocument();
	} );
} );

describe( 'Tracking', () => {
	it( 'is just a toggle without plugin information', async () => {
		const user = userEvent.setup();
		const view = renderStep();
		const toggle = screen.getByRole( 'checkbox', {
			name: 'Enable Tracking',
		} );
		expect( toggle ).not.toBeChecked();
		await user.click( toggle );
		expect( view.latest().enable_tracking ).toBe( true );
		expect(
			screen.queryByRole( 'button', { name: /Install|Activate/ } )
		).toBeNull();
	} );

	it( 'turns on when the analytics plugin is installed and active, off when not', () => {
		const on = renderStep( defaultSettings(), 'elite', {
			analytics: {
				installed: true,
				active: true,
				name: 'MonsterInsights',
			},
		} );
		expect( on.latest().enable_tracking ).toBe( true );
		on.unmount();

		const settings = { ...defaultSettings(), enable_tracking: true };
		const off = renderStep( settings, 'elite', {
			analytics: {
				installed: true,
				active: false,
				name: 'MonsterInsights',
			},
		} );
		expect( off.latest().enable_tracking ).toBe( false );
	} );

	it( 'keeps a saved survey’s choice whatever the plugin', () => {
		const settings = { ...defaultSettings(), enable_tracking: true };
		const view = renderStep( settings, 'elite', {
			analytics: {
				installed: false,
				active: false,
				name: 'MonsterInsights',
			},
			applyTrackingDefault: false,
		} );
		expect( view.latest().enable_tracking ).toBe( true );
		expect(
			screen.getByRole( 'checkbox', { name: 'Enable Tracking' } )
		).toBeChecked();
	} );

	it( 'installs then activates with toasts, and reloads 800 ms after activating', async () => {
		const reload = vi
			.spyOn( page, 'reload' )
			.mockImplementation( () => {} );
		const user = userEvent.setup();
		const steps: string[] = [];
		let finish: () => void = () => {};
		renderStep( defaultSettings(), 'elite', {
			analytics: {
				installed: false,
				active: false,
				name: 'MonsterInsights',
			},
			onInstallAnalytics: ( step ) => {
				steps.push( step );
				return new Promise( ( resolve ) => {
					finish = () => resolve( undefined );
				} );
			},
		} );
		await user.click(
			screen.getByRole( 'button', { name: 'Install MonsterInsights' } )
		);
		expect(
			await noticesArea().findByText( 'Installing MonsterInsights…' )
		).toBeVisible();
		act( () => finish() );
		expect(
			await noticesArea().findByText(
				'MonsterInsights has been installed successfully!'
			)
		).toBeVisible();
		expect(
			await noticesArea().findByText( 'Activating MonsterInsights…' )
		).toBeVisible();
		act( () => finish() );
		expect(
			await noticesArea().findByText(
				'MonsterInsights has been activated!'
			)
		).toBeVisible();
		expect( steps ).toEqual( [ 'install', 'activate' ] );
		expect( reload ).not.toHaveBeenCalled();
		await waitFor( () => expect( reload ).toHaveBeenCalledTimes( 1 ), {
			timeout: RELOAD_DELAY_MS + 500,
		} );
	} );

	it( 'reloads even after a failed activation, and stops after a failed install', async () => {
		const reload = vi
			.spyOn( page, 'reload' )
			.mockImplementation( () => {} );
		const user = userEvent.setup();
		const view = renderStep( defaultSettings(), 'elite', {
			analytics: { installed: true, active: false, name: 'ExactMetrics' },
			onInstallAnalytics: () => Promise.reject( new Error( 'nope' ) ),
		} );
		await user.click(
			screen.getByRole( 'button', { name: 'Activate ExactMetrics' } )
		);
		expect(
			await noticesArea().findByText(
				'There was an error activating ExactMetrics'
			)
		).toBeVisible();
		await waitFor( () => expect( reload ).toHaveBeenCalledTimes( 1 ), {
			timeout: RELOAD_DELAY_MS + 500,
		} );
		view.unmount();
		reload.mockClear();
		act( () => useNotices.getState().clear() );

		renderStep( defaultSettings(), 'elite', {
			analytics: {
				installed: false,
				active: false,
				name: 'ExactMetrics',
			},
			onInstallAnalytics: () => Promise.reject( new Error( 'nope' ) ),
		} );
		await user.click(
			screen.getByRole( 'button', { name: 'Install ExactMetrics' } )
		);
		expect(
			await noticesArea().findByText(
				'There was an error installing ExactMetrics'
			)
		).toBeVisible();
		expect(
			noticesArea().queryByText( /Activating/ )
		).not.toBeInTheDocument();
		await new Promise( ( resolve ) =>
			setTimeout( resolve, RELOAD_DELAY_MS + 100 )
		);
		expect( reload ).not.toHaveBeenCalled();
	} );
} );
