/**
 * Settings > Widget end to end: shell, router, react-query, api-fetch, the real visitor
 * widget in the preview, and a real HTTP server standing in for the REST API.
 */
import {
	act,
	fireEvent,
	screen,
	waitFor,
	within,
} from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { feature } from '../../shared/test/fixtures';
import { noticesArea } from '../../shared/test/render';
import { sendJson, sendNoRoute } from '../../shared/test/server';
import type { Feature, FeatureKey, Settings } from '../../shared/types';
import { useUpgradeDialog } from '../../shared/upgrade';
import {
	answerSettings,
	renderSettingsAt,
	settingsSuite,
	WIDGET_SETTINGS,
} from '../test/settingsHarness';
import { fontWeights, weightLabel } from '../../shared/fonts';
import { searchToggleIcons } from './ToggleIconPicker';

const server = settingsSuite();
let stored: Partial< Settings >;
let surveyList: Array< { id: number; title: string } >;

// Each test waits out the screen's 600 ms start and talks to a real server: give a
// busy machine room.
const DEFAULTS: Partial< Settings > = {
	...WIDGET_SETTINGS,
	allow_usage_tracking: false,
};

/** A stored survey as GET surveys/{id} answers (the fields the preview reads). */
function storedSurvey( id: number, title: string ) {
	return {
		id,
		title,
		type: 'survey',
		status: 'publish',
		cookie_name: `userfeedback-survey-${ id }`,
		questions: [
			{
				id: 1,
				title: `What brought you to ${ title }?`,
				type: 'radio-button',
				config: { options: [ 'Search', 'A friend' ] },
				settings: {
					required: false,
					randomize: false,
					comment_box: false,
				},
				logic: { enabled: false, action: 'show', conditions: [] },
			},
		],
		settings: {
			thank_you: {
				type: 'message',
				message: 'Thanks!',
				redirect_to: null,
				redirect_url: '',
				conditions: [],
			},
		},
	};
}

const WIDGET_FEATURES: FeatureKey[] = [
	'branding',
	'widget_positions_middle',
	'behavior',
];

function features( allowed: boolean ) {
	return Object.fromEntries(
		WIDGET_FEATURES.map( ( key ) => [
			key,
			feature( {
				allowed,
				reason: allowed ? null : 'upgrade',
				label: {
					branding: 'Branding',
					widget_positions_middle: 'Widget Position',
					behavior: 'Behavior',
				}[ key as string ],
			} ),
		] )
	) as Partial< Record< FeatureKey, Feature > >;
}

function renderWidgetSettings( edition: 'lite' | 'pro' = 'pro' ) {
	return renderSettingsAt( server, '/widget', {
		features: features( edition === 'pro' ),
		entitlements: { edition, is_pro: edition === 'pro' },
	} );
}

const ready = () => screen.findByRole( 'button', { name: 'Save Settings' } );

const preview = () => screen.getByRole( 'region', { name: 'Widget preview' } );

/** The mounted visitor widget's root element. */
const widgetRoot = () =>
	preview().querySelector( '.userfeedback-widget' ) as HTMLElement;

const posts = () =>
	server.received
		.filter( ( r ) => r.method === 'POST' )
		.map( ( r ) => JSON.parse( r.body ) );

beforeEach( () => {
	stored = { ...DEFAULTS };
	surveyList = [
		{ id: 9, title: 'Checkout survey' },
		{ id: 4, title: 'Homepage poll' },
	];
	server.handle( ( request, response ) => {
		const url = new URL( request.url, server.url );
		const route = url.pathname.replace( '/wp-json/userfeedback/v1/', '' );
		if ( route === 'settings' ) {
			stored = answerSettings( request, response, stored );
			return;
		}
		if ( route === 'surveys' ) {
			return sendJson( response, 200, {
				items: surveyList,
				pagination: {
					page: 1,
					pages: 1,
					per_page: 50,
					total: surveyList.length,
				},
				status_filters: [],
			} );
		}
		const detail = /^surveys\/(\d+)$/.exec( route );
		const found = surveyList.find(
			( item ) => detail && item.id === Number( detail[ 1 ] )
		);
		if ( found ) {
			return sendJson(
				response,
				200,
				storedSurvey( found.id, found.title )
			);
		}
		sendNoRoute( response );
	} );
} );

describe( 'Settings > Widget: loading and preview', () => {
	it( 'waits 600 ms, then previews the newest survey and lets another be picked', async () => {
		const user = userEvent.setup();
		const started = Date.now();
		renderWidgetSettings();

		expect(
			screen.getByRole( 'heading', { name: 'Widget Settings' } )
		).toBeInTheDocument();
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Loading widget settings…'
		);
		await ready();
		expect( Date.now() - started ).toBeGreaterThanOrEqual( 590 );

		const list = server.received.find( ( r ) =>
			r.url.includes( '/surveys?' )
		);
		expect( list?.url ).toContain( 'orderby=id' );
		expect( list?.url ).toContain( 'order=desc' );

		const picker = screen.getByRole( 'combobox', {
			name: 'Preview survey',
		} );
		expect(
			within( picker )
				.getAllByRole( 'option' )
				.map( ( o ) => o.textContent )
		).toEqual( [ 'Checkout survey', 'Homepage poll' ] );
		expect(
			await screen.findByText( 'What brought you to Checkout survey?' )
		).toBeInTheDocument();

		await user.selectOptions( picker, 'Homepage poll' );
		expect(
			await screen.findByText( 'What brought you to Homepage poll?' )
		).toBeInTheDocument();
	} );

	it( 'shows an empty state with a Create New link when the site has no surveys', async () => {
		surveyList = [];
		renderWidgetSettings();
		await ready();
		expect( screen.getByText( 'No surveys yet' ) ).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Create New' } )
		).toHaveAttribute(
			'href',
			'http://site.test/wp-admin/admin.php?page=userfeedback_surveys#/new/setup'
		);
		expect(
			screen.queryByRole( 'combobox', { name: 'Preview survey' } )
		).not.toBeInTheDocument();
	} );

	it( 're-renders the preview with a changed colour, and applies a scheme’s preset colours', async () => {
		const user = userEvent.setup();
		renderWidgetSettings();
		await ready();
		await screen.findByText( 'What brought you to Checkout survey?' );
		expect( widgetRoot().style.getPropertyValue( '--uf-bg' ) ).toBe(
			'#FFFFFF'
		);

		fireEvent.change( screen.getByLabelText( 'Background colour' ), {
			target: { value: '#ff0000' },
		} );
		expect( widgetRoot().style.getPropertyValue( '--uf-bg' ) ).toBe(
			'#ff0000'
		);

		await user.click( screen.getByRole( 'radio', { name: 'Dark' } ) );
		expect( screen.getByLabelText( 'Background colour' ) ).toHaveValue(
			'#333333'
		);
		expect( screen.getByLabelText( 'Text colour' ) ).toHaveValue(
			'#ffffff'
		);
		expect( screen.getByLabelText( 'Button colour' ) ).toHaveValue(
			'#2d87f1'
		);
		expect( widgetRoot().style.getPropertyValue( '--uf-bg' ) ).toBe(
			'#333333'
		);
		expect( widgetRoot().style.getPropertyValue( '--uf-text' ) ).toBe(
			'#ffffff'
		);

		await user.click( screen.getByRole( 'radio', { name: 'Light' } ) );
		expect( screen.getByLabelText( 'Background colour' ) ).toHaveValue(
			'#ffffff'
		);
		expect( screen.getByLabelText( 'Text colour' ) ).toHaveValue(
			'#23282d'
		);
	} );
} );

describe( 'Settings > Widget: toggle icon and font', () => {
	it( 'filters the nine toggle icons by a substring of their names', async () => {
		expect( searchToggleIcons( '' ) ).toHaveLength( 9 );
		expect( searchToggleIcons( 'STAR' ) ).toEqual( [
			'hand-star',
			'comment-star',
		] );

		const user = userEvent.setup();
		renderWidgetSettings();
		await ready();
		await user.click(
			screen.getByRole( 'button', { name: 'Choose icon' } )
		);
		const dialog = screen.getByRole( 'dialog', { name: 'Choose an icon' } );
		const iconNames = () =>
			within( dialog )
				.queryAllByRole( 'button', { pressed: false } )
				.concat(
					within( dialog ).queryAllByRole( 'button', {
						pressed: true,
					} )
				)
				.map( ( b ) => b.getAttribute( 'aria-label' ) )
				.sort();
		expect( iconNames() ).toHaveLength( 9 );

		await user.type(
			within( dialog ).getByRole( 'searchbox', { name: 'Search icons' } ),
			'ment'
		);
		expect( iconNames() ).toEqual( [
			'comment-edit',
			'comment-heart',
			'comment-star',
			'comments',
		] );

		await user.click(
			within( dialog ).getByRole( 'button', { name: 'comment-heart' } )
		);
		await waitFor( () =>
			expect(
				screen.queryByRole( 'dialog', { name: 'Choose an icon' } )
			).not.toBeInTheDocument()
		);
		expect( screen.getByText( 'comment-heart' ) ).toBeInTheDocument();
	} );

	it( 'offers a family’s weights without its italics, and loads its stylesheet for the preview only', async () => {
		expect( fontWeights( 'Lato' ) ).toEqual( [
			'100',
			'300',
			'regular',
			'700',
			'900',
		] );
		expect( weightLabel( 'regular' ) ).toBe( '400 Regular' );

		const user = userEvent.setup();
		const view = renderWidgetSettings();
		await ready();
		await screen.findByText( 'What brought you to Checkout survey?' );
		const weight = screen.getByRole( 'combobox', { name: 'Font weight' } );
		expect( weight ).toBeDisabled();

		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Font family' } ),
			'Lato'
		);
		expect(
			within( weight )
				.getAllByRole( 'option' )
				.map( ( o ) => o.textContent )
		).toEqual( [
			'100 Thin',
			'300 Light',
			'400 Regular',
			'700 Bold',
			'900 Black',
		] );
		expect( weight ).toHaveValue( 'regular' );
		await user.selectOptions( weight, '700 Bold' );

		expect( widgetRoot().style.getPropertyValue( '--uf-font' ) ).toBe(
			'"Lato"'
		);
		expect( widgetRoot().style.getPropertyValue( '--uf-weight' ) ).toBe(
			'700'
		);
		// The catalogue's stylesheet (the plugin's own file), one for every weight:
		// the preview's, which the widget finds and does not add again.
		const links = () =>
			[
				...document.head.querySelectorAll< HTMLLinkElement >(
					'link[rel="stylesheet"]'
				),
			].map( ( link ) => link.href );
		await waitFor( () =>
			expect( links() ).toEqual( [
				'http://example.test/wp-content/plugins/userfeedback/build/fonts/lato.css?ver=test',
			] )
		);
		expect(
			document.head.querySelector(
				'link[data-userfeedback-preview-font]'
			)
		).not.toBeNull();
		expect(
			document.querySelector( 'link[href*="googleapis"]' )
		).toBeNull();

		view.unmount();
		expect( links() ).toEqual( [] );
	} );
} );

describe( 'Settings > Widget: Lite', () => {
	it( 'opens the upgrade dialog for the branding, middle position and start-minimised controls', async () => {
		const user = userEvent.setup();
		renderWidgetSettings( 'lite' );
		await ready();

		const expectDialog = async ( name: string, key: FeatureKey ) => {
			expect(
				await screen.findByRole( 'dialog', { name } )
			).toBeInTheDocument();
			expect( useUpgradeDialog.getState() ).toMatchObject( {
				feature: key,
				medium: 'settings-widget',
			} );
			act( () => useUpgradeDialog.getState().close() );
		};

		const background = screen.getByLabelText( 'Background colour' );
		await user.click( background );
		await expectDialog( 'Branding is a Pro feature', 'branding' );
		fireEvent.change( background, { target: { value: '#ff0000' } } );
		await expectDialog( 'Branding is a Pro feature', 'branding' );
		expect( background ).toHaveValue( '#ffffff' );

		await user.click(
			screen.getByRole( 'button', { name: 'Choose icon' } )
		);
		await expectDialog( 'Branding is a Pro feature', 'branding' );
		expect(
			screen.queryByRole( 'dialog', { name: 'Choose an icon' } )
		).not.toBeInTheDocument();

		await user.type(
			screen.getByRole( 'textbox', { name: 'Toggle label' } ),
			'F'
		);
		await expectDialog( 'Branding is a Pro feature', 'branding' );
		expect(
			screen.getByRole( 'textbox', { name: 'Toggle label' } )
		).toHaveValue( '' );

		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Font family' } ),
			'Lato'
		);
		await expectDialog( 'Branding is a Pro feature', 'branding' );
		expect(
			screen.getByRole( 'combobox', { name: 'Font family' } )
		).toHaveValue( '' );

		await user.click( screen.getByRole( 'radio', { name: 'Custom' } ) );
		await expectDialog( 'Branding is a Pro feature', 'branding' );
		expect(
			screen.getByRole( 'radio', { name: 'Custom' } )
		).not.toBeChecked();

		await user.click(
			screen.getByRole( 'radio', { name: 'Middle left' } )
		);
		await expectDialog(
			'Widget Position is a Pro feature',
			'widget_positions_middle'
		);
		expect(
			screen.getByRole( 'radio', { name: 'Middle left' } )
		).not.toBeChecked();

		await user.click(
			screen.getByRole( 'checkbox', { name: 'Start minimized' } )
		);
		await expectDialog( 'Behavior is a Pro feature', 'behavior' );
		expect(
			screen.getByRole( 'checkbox', { name: 'Start minimized' } )
		).not.toBeChecked();
	} );

	it( 'keeps the scheme, bottom positions, logo shown or not and button labels editable, and saves them', async () => {
		const user = userEvent.setup();
		renderWidgetSettings( 'lite' );
		await ready();
		await screen.findByText( 'What brought you to Checkout survey?' );

		await user.click( screen.getByRole( 'radio', { name: 'Dark' } ) );
		await user.click(
			screen.getByRole( 'radio', { name: 'Bottom left' } )
		);
		await user.click( screen.getByRole( 'radio', { name: 'None' } ) );
		const skip = screen.getByRole( 'textbox', {
			name: 'Skip button text',
		} );
		await user.clear( skip );
		await user.type( skip, 'Pass' );
		expect( useUpgradeDialog.getState().feature ).toBeNull();

		// The preview shows what Lite visitors get: the preset, without a logo.
		expect( widgetRoot() ).toHaveClass( 'uf-pos-bottom_left' );
		expect( widgetRoot().style.getPropertyValue( '--uf-bg' ) ).toBe(
			'#333333'
		);
		expect( within( preview() ).getByText( 'Pass' ) ).toBeInTheDocument();
		expect( widgetRoot().querySelector( '.uf-logo' ) ).toBeNull();

		await user.click(
			screen.getByRole( 'button', { name: 'Save Settings' } )
		);
		await waitFor( () =>
			expect(
				noticesArea().getByText( 'Settings saved.' )
			).toBeInTheDocument()
		);
		expect( posts()[ 0 ] ).toMatchObject( {
			widget_theme: 'dark',
			widget_color: '#333333',
			widget_text_color: '#ffffff',
			widget_button_color: '#2D87F1',
			widget_position: 'bottom_left',
			logo_type: 'none',
			widget_show_logo: false,
			skip_text: 'Pass',
		} );
	} );
} );

describe( 'Settings > Widget: saving', () => {
	it( 'blocks the save of a custom logo without an image, then saves once one is chosen from the media library', async () => {
		const scrollTo = vi
			.spyOn( window, 'scrollTo' )
			.mockImplementation( () => undefined );
		const user = userEvent.setup();
		renderWidgetSettings();
		await ready();

		await user.click( screen.getByRole( 'radio', { name: 'Custom' } ) );
		// No media library on this page: a URL field stands in.
		expect(
			screen.getByRole( 'textbox', { name: 'Logo URL' } )
		).toHaveValue( '' );
		await user.click(
			screen.getByRole( 'button', { name: 'Save Settings' } )
		);

		expect(
			screen.getByText( 'You must select a custom logo.' )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'textbox', { name: 'Logo URL' } )
		).toHaveAccessibleDescription( 'You must select a custom logo.' );
		expect(
			noticesArea().getByText( 'Please fix errors on this page.' )
		).toBeInTheDocument();
		expect( scrollTo ).toHaveBeenCalled();
		expect( posts() ).toEqual( [] );

		// With the media library on the page, the logo comes from it.
		const open = vi.fn();
		let onSelect = () => undefined as void;
		vi.stubGlobal( 'wp', {
			media: () => ( {
				on: ( _event: string, callback: () => void ) =>
					( onSelect = callback ),
				open,
				state: () => ( {
					get: () => ( {
						first: () => ( {
							toJSON: () => ( {
								id: 7,
								url: 'https://site.test/logo.png',
							} ),
						} ),
					} ),
				} ),
			} ),
		} );
		await user.click( screen.getByRole( 'radio', { name: 'None' } ) );
		await user.click( screen.getByRole( 'radio', { name: 'Custom' } ) );
		await user.click(
			screen.getByRole( 'button', { name: 'Select Logo' } )
		);
		expect( open ).toHaveBeenCalled();
		act( () => onSelect() );
		expect(
			screen.getByRole( 'button', { name: 'Change Logo' } )
		).toBeInTheDocument();
		expect(
			screen.queryByText( 'You must select a custom logo.' )
		).not.toBeInTheDocument();
		await screen.findByText( 'What brought you to Checkout survey?' );
		expect( widgetRoot().querySelector( 'img.uf-logo' ) ).toHaveAttribute(
			'src',
			'https://site.test/logo.png'
		);

		await user.click( screen.getByRole( 'button', { name: 'Remove' } ) );
		expect(
			screen.getByRole( 'button', { name: 'Select Logo' } )
		).toBeInTheDocument();
		await user.click(
			screen.getByRole( 'button', { name: 'Select Logo' } )
		);
		act( () => onSelect() );

		await user.click(
			screen.getByRole( 'button', { name: 'Save Settings' } )
		);
		await waitFor( () => expect( posts() ).toHaveLength( 1 ) );
		expect( posts()[ 0 ] ).toMatchObject( {
			logo_type: 'custom',
			widget_show_logo: true,
			widget_custom_logo: 'https://site.test/logo.png',
		} );
	} );

	it( 'sends every widget setting, as edited, and nothing else', async () => {
		const user = userEvent.setup();
		renderWidgetSettings();
		await ready();

		fireEvent.change( screen.getByLabelText( 'Button colour' ), {
			target: { value: '#112233' },
		} );
		fireEvent.change( screen.getByLabelText( 'Toggle icon colour' ), {
			target: { value: '#445566' },
		} );
		await user.type(
			screen.getByRole( 'textbox', { name: 'Toggle label' } ),
			'Feedback'
		);
		await user.click(
			screen.getByRole( 'button', { name: 'Choose icon' } )
		);
		await user.click( screen.getByRole( 'button', { name: 'smile' } ) );
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Font family' } ),
			'Open Sans'
		);
		await user.click(
			screen.getByRole( 'radio', { name: 'Middle right' } )
		);
		await user.click(
			screen.getByRole( 'checkbox', { name: 'Start minimized' } )
		);
		const next = screen.getByRole( 'textbox', {
			name: 'Next button text',
		} );
		await user.clear( next );
		await user.type( next, 'Continue' );
		expect( useUpgradeDialog.getState().feature ).toBeNull();

		await user.click(
			screen.getByRole( 'button', { name: 'Save Settings' } )
		);
		await waitFor( () =>
			expect(
				noticesArea().getByText( 'Settings saved.' )
			).toBeInTheDocument()
		);
		const post = server.received.find( ( r ) => r.method === 'POST' );
		expect( post?.headers[ 'x-wp-nonce' ] ).toBe( 'rest-nonce' );
		expect( posts() ).toEqual( [
			{
				widget_theme: 'light',
				widget_color: '#FFFFFF',
				widget_text_color: '#23282D',
				widget_button_color: '#112233',
				widget_toggle_icon: 'smile',
				widget_toggle_color: '#445566',
				widget_toggle_text: 'Feedback',
				widget_font: { family: 'Open Sans', weight: 'regular' },
				widget_position: 'middle_right',
				widget_start_minimized: true,
				logo_type: 'userfeedback',
				widget_show_logo: true,
				widget_custom_logo: '',
				skip_text: 'Skip',
				next_text: 'Continue',
				external_fonts: false,
				// Settings > Widget > Frequency (issue 18), as stored (unset: the defaults).
				cooldown_days: 0,
				one_survey_per_page: false,
			},
		] );
	} );

	it( 'loads fonts from the site unless Google Fonts is turned on, and says what that means', async () => {
		const user = userEvent.setup();
		renderWidgetSettings( 'lite' );
		await ready();
		const google = screen.getByRole( 'checkbox', {
			name: 'Load fonts from Google Fonts',
		} );
		expect( google ).not.toBeChecked();
		expect(
			screen.getByText( /served from this site/ )
		).toBeInTheDocument();

		await user.click( google );
		expect( google ).toBeChecked();
		expect( useUpgradeDialog.getState().feature ).toBeNull();
		expect(
			screen.getByText(
				/Visitors’ browsers then connect to Google’s servers, which see their IP address\./
			)
		).toBeInTheDocument();

		await user.click(
			screen.getByRole( 'button', { name: 'Save Settings' } )
		);
		await waitFor( () => expect( posts() ).toHaveLength( 1 ) );
		expect( posts()[ 0 ] ).toMatchObject( { external_fonts: true } );
		expect( stored.external_fonts ).toBe( true );
	} );

	it( 'shows the stored choice, and turning it off saves false', async () => {
		stored = { ...DEFAULTS, external_fonts: true };
		const user = userEvent.setup();
		renderWidgetSettings();
		await ready();
		const google = screen.getByRole( 'checkbox', {
			name: 'Load fonts from Google Fonts',
		} );
		expect( google ).toBeChecked();
		await user.click( google );
		await user.click(
			screen.getByRole( 'button', { name: 'Save Settings' } )
		);
		await waitFor( () => expect( posts() ).toHaveLength( 1 ) );
		expect( posts()[ 0 ] ).toMatchObject( { external_fonts: false } );
	} );

	it( 'shows the error and a retry when the settings cannot be loaded', async () => {
		server.handle( ( _request, response ) =>
			sendJson( response, 500, {
				code: 'internal_server_error',
				message: 'There has been a critical error on this website.',
				data: { status: 500 },
			} )
		);
		renderWidgetSettings();
		expect( await screen.findByRole( 'alert', {} ) ).toHaveTextContent(
			'There has been a critical error on this website.'
		);
	} );
} );
