/**
 * The welcome screen's setup wizard end to end: shell, router, react-query, api-fetch,
 * the real visitor widget in the preview, and a real HTTP server standing in for the
 * REST API (templates, settings, surveys).
 */
import type { ServerResponse } from 'node:http';
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { setupApi } from '../shared/api';
import { useNotices } from '../shared/notices';
import {
	API,
	installFakeApi,
	type FakeApi,
} from '../shared/test/fakeSurveysApi';
import { makeConfig, type ConfigOverrides } from '../shared/test/fixtures';
import { renderPage } from '../shared/test/render';
import { answerSettings, WIDGET_SETTINGS } from '../shared/test/settingsApi';
import { question, template } from '../shared/test/surveyFixtures';
import {
	sendJson,
	serverForSuite,
	type Handler,
	type Received,
	type TestServer,
} from '../shared/test/server';
import type { Settings, SurveyInput } from '../shared/types';
import { useUpgradeDialog } from '../shared/upgrade';
import { routes } from './routes';

vi.setConfig( { testTimeout: 20_000 } );

const server = serverForSuite();

const SETTINGS = WIDGET_SETTINGS as Settings;

const twoQuestions = () => ( {
	questions: [ question( 1 ), question( 2, 'long-text' ) ],
} );

const TEMPLATES = [
	template( 'blank', 'Blank Survey' ),
	template( 'website-experience', 'Website Experience', {
		config: twoQuestions(),
	} ),
	template( 'nps', 'NPS Survey', {
		type: 'nps',
		config: { questions: [ question( 1, 'nps' ) ] },
	} ),
	template( 'pricing', 'Pricing Page Feedback', {
		tier: 'pro',
		is_available: false,
		config: twoQuestions(),
	} ),
];

let api: FakeApi;
let stored: Settings;
/** Answers of the settings route, instead of the stored values (e.g. a failure). */
let settingsReply: ( ( response: ServerResponse ) => void ) | null;
/** Answer of POST surveys, instead of the fake API's (e.g. a refusal). */
let createReply: ( ( response: ServerResponse ) => void ) | null;

const posts = ( path: string ) =>
	server.received.filter(
		( r ) =>
			r.method === 'POST' &&
			new URL( r.url, 'http://x' ).pathname === path
	);
const settingsPosts = () =>
	posts( `${ API }/settings` ).map( ( r ) => JSON.parse( r.body ) );
const surveyPosts = () =>
	posts( `${ API }/surveys` ).map(
		( r ) => JSON.parse( r.body ) as SurveyInput
	);

beforeEach( () => {
	useNotices.getState().clear();
	useUpgradeDialog.getState().close();
	server.received.length = 0;
	stored = { ...SETTINGS };
	settingsReply = null;
	createReply = null;
	// The fake surveys API answers what the settings route below does not: it is
	// handed a server whose handle() keeps its handler for this one.
	let surveys: Handler = () => undefined;
	const surveysOnly: Pick< TestServer, 'handle' > = {
		handle: ( next ) => {
			surveys = next;
		},
	};
	api = installFakeApi( surveysOnly as TestServer, {
		templates: TEMPLATES,
	} );
	server.handle( ( request: Received, response ) => {
		const path = new URL( request.url, 'http://x' ).pathname;
		if ( path === `${ API }/settings` ) {
			if ( settingsReply ) {
				return settingsReply( response );
			}
			stored = answerSettings( request, response, stored );
			return;
		}
		if ( path === `${ API }/surveys` && createReply ) {
			return createReply( response );
		}
		surveys( request, response );
	} );
} );

function renderWelcome( overrides: ConfigOverrides = {} ) {
	const config = makeConfig( {
		page: 'welcome',
		rest: {
			root: `${ server.url }/wp-json/`,
			namespace: 'userfeedback/v1',
			nonce: 'rest-nonce',
		},
		urls: {
			...makeConfig().urls,
			pages: {
				surveys: 'admin.php?page=userfeedback_surveys',
				results: 'admin.php?page=userfeedback_results',
				welcome: 'admin.php?page=userfeedback_welcome',
			},
		},
		...overrides,
	} );
	setupApi( config );
	return renderPage( { entry: 'welcome', routes, config } );
}

/** The wizard only: a Notice also speaks its text into a live region outside it. */
const wizard = () =>
	within( document.querySelector( '.userfeedback-welcome' ) as HTMLElement );

const next = () =>
	userEvent.click( screen.getByRole( 'button', { name: 'Next' } ) );

const currentStep = () =>
	document.querySelector( '[aria-current="step"]' )?.textContent;

async function chooseTemplate( name = 'Website Experience' ) {
	await userEvent.click( await screen.findByRole( 'button', { name } ) );
}

/** Template and title done, on the widget step with the settings loaded. */
async function toWidgetStep() {
	renderWelcome();
	await chooseTemplate();
	await next();
	await screen.findByRole( 'radio', { name: 'Dark' } );
}

async function toEmailStep() {
	await toWidgetStep();
	await next();
	await screen.findByRole( 'heading', { name: 'Notification email' } );
}

describe( 'Welcome: setup wizard', () => {
	it( 'walks from a template to a live survey, saving each step only when moving on', async () => {
		renderWelcome();
		expect( screen.getByRole( 'heading', { level: 1 } ) ).toHaveTextContent(
			'Welcome'
		);
		expect( currentStep() ).toContain( 'Choose a template' );

		// Step 1: the template sets the title; nothing is written.
		await chooseTemplate();
		expect(
			screen.getByRole( 'button', { name: 'Website Experience' } )
		).toHaveAttribute( 'aria-pressed', 'true' );
		expect(
			screen.getByRole( 'textbox', { name: 'Survey title' } )
		).toHaveValue( 'Website Experience' );
		await userEvent.clear(
			screen.getByRole( 'textbox', { name: 'Survey title' } )
		);
		await userEvent.type(
			screen.getByRole( 'textbox', { name: 'Survey title' } ),
			'Homepage feedback'
		);
		await next();

		// Step 2: the look, previewed in the real widget, saved by Next.
		await screen.findByRole( 'radio', { name: 'Dark' } );
		expect( currentStep() ).toContain( 'Widget look' );
		// The focus moves in an effect after the step renders: wait for it.
		await waitFor( () =>
			expect(
				screen.getByRole( 'heading', { name: 'Widget look' } )
			).toHaveFocus()
		);
		expect(
			screen.getByRole( 'radio', { name: 'Bottom right' } )
		).toBeChecked();
		const preview = screen.getByRole( 'region', {
			name: 'Widget preview',
		} );
		await waitFor( () =>
			expect( preview ).toHaveTextContent( 'Question 1' )
		);
		await userEvent.click( screen.getByRole( 'radio', { name: 'Dark' } ) );
		await userEvent.click(
			screen.getByRole( 'radio', { name: 'Bottom left' } )
		);
		expect( preview ).toHaveClass( 'is-bottom_left' );
		expect( settingsPosts() ).toEqual( [] );
		await next();

		// Step 3: the site admin's address by default.
		await screen.findByRole( 'heading', { name: 'Notification email' } );
		expect( settingsPosts() ).toEqual( [
			{
				widget_theme: 'dark',
				widget_color: '#333333',
				widget_text_color: '#ffffff',
				widget_button_color: '#2D87F1',
				widget_position: 'bottom_left',
			},
		] );
		expect(
			screen.getByRole( 'textbox', { name: 'Send notifications to' } )
		).toHaveValue( 'admin@site.test' );
		await next();

		// Step 4: a summary; the survey is created by Publish only.
		await screen.findByRole( 'heading', { name: 'Publish' } );
		const summary = document.querySelector(
			'.userfeedback-welcome__summary'
		) as HTMLElement;
		expect( summary ).toHaveTextContent( 'Homepage feedback' );
		expect( summary ).toHaveTextContent( 'Dark, Bottom left' );
		expect( summary ).toHaveTextContent( 'admin@site.test' );
		expect( surveyPosts() ).toEqual( [] );
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Publish survey' } )
		);

		const live = await screen.findByRole( 'heading', {
			name: 'Your survey is live',
		} );
		await waitFor( () => expect( live ).toHaveFocus() );
		expect( surveyPosts() ).toEqual( [
			{
				title: 'Homepage feedback',
				type: 'survey',
				template: 'website-experience',
				status: 'publish',
				publish_at: null,
				questions: TEMPLATES[ 1 ].config.questions,
				notifications: {
					email: {
						active: true,
						addresses: 'admin@site.test',
						logic: {
							enable: false,
							action: 'send',
							conditions: [],
						},
					},
				},
			},
		] );
		expect( api.surveys.get( 100 )?.status ).toBe( 'publish' );
		expect(
			screen.getByRole( 'link', { name: 'Edit in the survey builder' } )
		).toHaveAttribute(
			'href',
			'http://site.test/wp-admin/admin.php?page=userfeedback_surveys#/edit/100'
		);
		expect(
			screen.getByRole( 'link', { name: 'See its results' } )
		).toHaveAttribute(
			'href',
			'http://site.test/wp-admin/admin.php?page=userfeedback_results#/survey/100'
		);
		expect(
			screen.getByRole( 'textbox', {
				name: 'Shortcode of “Homepage feedback” (click to copy)',
			} )
		).toHaveValue( '[userfeedback id="100"]' );
		expect(
			screen.queryByRole( 'button', { name: 'Back' } )
		).not.toBeInTheDocument();
	} );

	it( 'asks for a template and a title before moving on', async () => {
		renderWelcome();
		await screen.findByRole( 'button', { name: 'Website Experience' } );
		await next();
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'Choose a template to continue.'
		);
		await chooseTemplate( 'NPS Survey' );
		await userEvent.clear(
			screen.getByRole( 'textbox', { name: 'Survey title' } )
		);
		await next();
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'Enter a title for your survey.'
		);
		expect( currentStep() ).toContain( 'Choose a template' );
		expect( server.received.map( ( r ) => r.method ) ).not.toContain(
			'POST'
		);
	} );

	it( 'keeps a typed title when another template is chosen, and the choices on Back', async () => {
		renderWelcome();
		await userEvent.type(
			screen.getByRole( 'textbox', { name: 'Survey title' } ),
			'My survey'
		);
		await chooseTemplate( 'NPS Survey' );
		expect(
			screen.getByRole( 'textbox', { name: 'Survey title' } )
		).toHaveValue( 'My survey' );
		await next();
		await screen.findByRole( 'radio', { name: 'Dark' } );
		await userEvent.click( screen.getByRole( 'button', { name: 'Back' } ) );
		expect(
			await screen.findByRole( 'button', { name: 'NPS Survey' } )
		).toHaveAttribute( 'aria-pressed', 'true' );
		expect(
			screen.getByRole( 'textbox', { name: 'Survey title' } )
		).toHaveValue( 'My survey' );
	} );

	it( 'shows locked templates locked, leaves out the blank one, and offers the upgrade on Lite', async () => {
		renderWelcome();
		const locked = await screen.findByRole( 'button', {
			name: 'Pricing Page Feedback',
		} );
		expect( locked ).toBeDisabled();
		expect( locked ).toHaveAccessibleDescription(
			'Pricing Page Feedback description Available in UserFeedback Pro'
		);
		expect(
			screen.queryByRole( 'button', { name: 'Blank Survey' } )
		).not.toBeInTheDocument();

		await userEvent.click(
			screen.getByRole( 'button', { name: 'Upgrade to Pro' } )
		);
		expect( useUpgradeDialog.getState() ).toMatchObject( {
			feature: 'pro_templates',
			medium: 'welcome-templates',
		} );
		expect( await screen.findByRole( 'dialog' ) ).toBeInTheDocument();
	} );

	it( 'shows why the templates could not be loaded, and loads them again', async () => {
		let fail = true;
		server.handle( ( _request, response ) => {
			if ( fail ) {
				return sendJson( response, 500, {
					code: 'internal',
					message: 'Database is down.',
					data: { status: 500 },
				} );
			}
			sendJson( response, 200, TEMPLATES );
		} );
		renderWelcome();
		expect(
			await wizard().findByText( /Database is down\./ )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'Next' } )
		).toHaveAttribute( 'aria-disabled', 'true' );
		fail = false;
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Try again' } )
		);
		expect(
			await screen.findByRole( 'button', { name: 'NPS Survey' } )
		).toBeEnabled();
	} );

	it( 'writes no settings when the look is left as it is', async () => {
		await toWidgetStep();
		await next();
		await screen.findByRole( 'heading', { name: 'Notification email' } );
		expect( settingsPosts() ).toEqual( [] );
	} );

	it( 'stays on the widget step when the settings cannot be saved', async () => {
		await toWidgetStep();
		settingsReply = ( response ) =>
			sendJson( response, 403, {
				code: 'rest_forbidden',
				message: 'Sorry, you are not allowed to do that.',
				data: { status: 403 },
			} );
		await userEvent.click( screen.getByRole( 'radio', { name: 'Dark' } ) );
		await next();
		expect(
			await wizard().findByText(
				'The widget settings could not be saved. Try again, or go back.'
			)
		).toBeInTheDocument();
		expect( currentStep() ).toContain( 'Widget look' );
	} );

	it( 'checks the notification addresses before moving on', async () => {
		await toEmailStep();
		const field = screen.getByRole( 'textbox', {
			name: 'Send notifications to',
		} );

		await userEvent.clear( field );
		await next();
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'Enter the email address that should receive the notifications.'
		);
		expect( field ).toHaveAttribute( 'aria-invalid', 'true' );

		await userEvent.type( field, 'team@site.test, not-an-email' );
		await next();
		expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
			'"not-an-email" is not a valid email address.'
		);
		expect( currentStep() ).toContain( 'Notification email' );

		await userEvent.clear( field );
		await userEvent.type( field, ' team@site.test ,owner@example.org ' );
		await next();
		await screen.findByRole( 'heading', { name: 'Publish' } );
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Publish survey' } )
		);
		await screen.findByRole( 'heading', { name: 'Your survey is live' } );
		expect( surveyPosts()[ 0 ].notifications?.email ).toMatchObject( {
			active: true,
			addresses: 'team@site.test, owner@example.org',
		} );
	} );

	it( 'lets the email be turned off, the address then optional', async () => {
		await toEmailStep();
		await userEvent.clear(
			screen.getByRole( 'textbox', { name: 'Send notifications to' } )
		);
		await userEvent.click(
			screen.getByRole( 'checkbox', { name: 'Email me new responses' } )
		);
		await next();
		await screen.findByRole( 'heading', { name: 'Publish' } );
		expect(
			document.querySelector( '.userfeedback-welcome__summary' )
		).toHaveTextContent( 'No emails' );
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Publish survey' } )
		);
		await screen.findByRole( 'heading', { name: 'Your survey is live' } );
		expect( surveyPosts()[ 0 ].notifications?.email ).toMatchObject( {
			active: false,
			addresses: '',
		} );
	} );

	it( 'says why the survey could not be created and lets the admin try again', async () => {
		await toEmailStep();
		await next();
		await screen.findByRole( 'heading', { name: 'Publish' } );
		createReply = ( response ) =>
			sendJson( response, 400, {
				code: 'rest_invalid_param',
				message: 'Invalid parameter(s): notifications',
				data: { status: 400, params: {} },
			} );
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Publish survey' } )
		);
		expect(
			await wizard().findByText(
				'The survey could not be created: Invalid parameter(s): notifications'
			)
		).toBeInTheDocument();
		expect( currentStep() ).toContain( 'Publish' );

		createReply = null;
		await userEvent.click(
			screen.getByRole( 'button', { name: 'Publish survey' } )
		);
		await screen.findByRole( 'heading', { name: 'Your survey is live' } );
		expect( api.surveys.size ).toBe( 1 );
	} );

	it( 'ends on the draft and the reason when the server refuses to publish', async () => {
		api.saveAnswer = {
			published: false,
			message: "The Survey can't be published: it has no questions.",
		};
		await toEmailStep();
		await next();
		await userEvent.click(
			await screen.findByRole( 'button', { name: 'Publish survey' } )
		);
		expect(
			await screen.findByRole( 'heading', {
				name: 'Your survey was saved as a draft',
			} )
		).toBeInTheDocument();
		expect(
			wizard().getByText(
				"The Survey can't be published: it has no questions."
			)
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Edit in the survey builder' } )
		).toHaveAttribute(
			'href',
			'http://site.test/wp-admin/admin.php?page=userfeedback_surveys#/edit/100'
		);
	} );

	it( 'can be skipped for the surveys list', async () => {
		renderWelcome();
		expect(
			screen.getByRole( 'link', { name: 'Skip setup' } )
		).toHaveAttribute(
			'href',
			'http://site.test/wp-admin/admin.php?page=userfeedback_surveys'
		);
		const steps = within(
			screen.getByRole( 'list', { name: 'Setup steps' } )
		).getAllByRole( 'listitem' );
		expect( steps.map( ( step ) => step.textContent ) ).toEqual( [
			'1Choose a template',
			'2Widget look',
			'3Notification email',
			'4Publish',
		] );
	} );
} );
