/**
 * Settings > AI Summaries (issue 17 item 1) end to end against the test HTTP server:
 * gated as the AI summary is, the key write-only and masked, a refused save's
 * sentence under its field, and Test connection's success and the provider's error.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { feature } from '../../shared/test/fixtures';
import { sendJson, sendNoRoute } from '../../shared/test/server';
import {
	SETTINGS_PATH,
	renderSettingsAt,
	settingsSuite,
} from '../test/settingsHarness';

const server = settingsSuite();
const HEALTH_PATH = '/wp-json/userfeedback/v1/site-health/ai-provider';
const KEY_NEEDED =
	"Enter the API key again to change the AI provider's address or model.";

let stored: Record< string, unknown >;
let health: { status: string; label: string; message: string };

const allowed = {
	features: {
		ai_summary: feature( {
			allowed: true,
			reason: null,
			label: 'AI Summary',
		} ),
	},
};

beforeEach( () => {
	stored = {
		ai_base_url: 'https://ai.example.com/v1',
		ai_model: 'gpt-test',
		ai_api_key: '••••••••1234',
	};
	health = {
		status: 'good',
		label: 'The AI provider answers',
		message:
			'The AI provider at ai.example.com accepted the API key. AI summaries send the text answers of a survey there when someone asks for one.',
	};
	server.handle( ( request, response ) => {
		if ( request.url.startsWith( HEALTH_PATH ) ) {
			return sendJson( response, 200, health );
		}
		if ( ! request.url.startsWith( SETTINGS_PATH ) ) {
			return sendNoRoute( response );
		}
		if ( request.method === 'POST' ) {
			const body = JSON.parse( request.body );
			if (
				body.ai_model !== stored.ai_model &&
				body.ai_api_key === undefined
			) {
				return sendJson( response, 400, {
					code: 'userfeedback_ai_key_required',
					message: KEY_NEEDED,
					data: {
						status: 400,
						params: { ai_api_key: KEY_NEEDED },
						fields: { ai_api_key: KEY_NEEDED },
					},
				} );
			}
			stored = {
				...stored,
				...body,
				ai_api_key: body.ai_api_key
					? `••••••••${ String( body.ai_api_key ).slice( -4 ) }`
					: stored.ai_api_key,
			};
		}
		sendJson( response, 200, stored );
	} );
} );

const posts = () =>
	server.received
		.filter(
			( r ) => r.method === 'POST' && r.url.startsWith( SETTINGS_PATH )
		)
		.map( ( r ) => JSON.parse( r.body ) );

describe( 'Settings > AI Summaries', () => {
	it( 'is a tab of its own, gated as the AI summary is', async () => {
		renderSettingsAt( server, '/ai', {
			features: { ai_summary: feature( { label: 'AI Summary' } ) },
		} );
		expect(
			await screen.findByText( 'AI Summary is a Pro feature.' )
		).toBeInTheDocument();
		expect(
			screen.queryByRole( 'textbox', { name: 'Base URL' } )
		).not.toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'AI Summaries' } )
		).toHaveAttribute( 'aria-current', 'page' );
		// What is sent is said to everyone.
		expect(
			screen.getByRole( 'heading', {
				name: 'What is sent to the provider',
			} )
		).toBeInTheDocument();
	} );

	it( 'keeps the key write-only: masked as a placeholder, sent only when typed', async () => {
		const user = userEvent.setup();
		renderSettingsAt( server, '/ai', allowed );
		const key = await screen.findByLabelText( 'API key' );
		expect( key ).toHaveValue( '' );
		expect( key ).toHaveAttribute( 'type', 'password' );
		expect( key ).toHaveAttribute( 'placeholder', '••••••••1234' );

		const base = screen.getByRole( 'textbox', { name: 'Base URL' } );
		await user.clear( base );
		await user.type( base, 'https://other.example.com/v1' );
		await user.click(
			screen.getByRole( 'button', { name: 'Save Settings' } )
		);
		await waitFor( () => expect( posts() ).toHaveLength( 1 ) );
		expect( posts()[ 0 ] ).toEqual( {
			ai_base_url: 'https://other.example.com/v1',
			ai_model: 'gpt-test',
		} );
	} );

	it( 'shows a refused save\u2019s sentence under the key field', async () => {
		const user = userEvent.setup();
		renderSettingsAt( server, '/ai', allowed );
		const model = await screen.findByRole( 'textbox', { name: 'Model' } );
		await user.clear( model );
		await user.type( model, 'gpt-other' );
		await user.click(
			screen.getByRole( 'button', { name: 'Save Settings' } )
		);
		const key = screen.getByLabelText( 'API key' );
		await waitFor( () => expect( key ).toBeInvalid() );
		expect( key ).toHaveAccessibleDescription(
			expect.stringContaining( KEY_NEEDED )
		);

		await user.type( key, 'sk-new-5678' );
		await user.click(
			screen.getByRole( 'button', { name: 'Save Settings' } )
		);
		await waitFor( () =>
			expect( key ).toHaveAttribute( 'placeholder', '••••••••5678' )
		);
		expect( key ).toHaveValue( '' );
		expect( posts()[ 1 ] ).toMatchObject( { ai_api_key: 'sk-new-5678' } );
	} );

	it( 'tests the saved connection and reports success or the provider\u2019s error', async () => {
		const user = userEvent.setup();
		renderSettingsAt( server, '/ai', allowed );
		const test = await screen.findByRole( 'button', {
			name: 'Test connection',
		} );
		await user.click( test );
		const section = test.closest( 'div' ) as HTMLElement;
		expect(
			await within( section ).findByText( /accepted the API key/ )
		).toBeInTheDocument();
		expect(
			within( section ).getByText( 'Connected.' )
		).toBeInTheDocument();

		health = {
			status: 'recommended',
			label: 'The AI provider refuses the API key',
			message:
				'The AI provider at ai.example.com answered HTTP 401 to the stored API key, so AI summaries will fail. Enter a valid key in the UserFeedback settings. The provider said: Incorrect API key provided.',
		};
		await user.click( test );
		expect(
			await within( section ).findByText(
				/The provider said: Incorrect API key provided\./
			)
		).toBeInTheDocument();
		expect(
			within( section ).getByText( 'The connection failed.' )
		).toBeInTheDocument();

		// Unsaved changes: the test would not use them, so it waits for a save.
		await user.type(
			screen.getByRole( 'textbox', { name: 'Model' } ),
			'-x'
		);
		expect( test ).toBeDisabled();
		expect(
			screen.getByText(
				'Save your changes first: the test uses the saved provider.'
			)
		).toBeInTheDocument();
	} );
} );
