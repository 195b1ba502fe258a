/**
 * Settings > Widget > Frequency (issue 18 item 3): the site-wide pause between surveys
 * (cooldown_days, 0 to 365) and one survey per page view, end to end against the test
 * server: shown from the stored settings, checked before a save, sent with the save,
 * and the server's refusal shown under the field.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it } from 'vitest';

import { noticesArea } from '../../shared/test/render';
import { sendJson, sendNoRoute } from '../../shared/test/server';
import type { Settings } from '../../shared/types';
import {
	answerSettings,
	renderSettingsAt,
	settingsSuite,
	WIDGET_SETTINGS,
} from '../test/settingsHarness';

const server = settingsSuite();
let stored: Partial< Settings >;
let refuse: Record< string, string > | null;

beforeEach( () => {
	stored = {
		...WIDGET_SETTINGS,
		cooldown_days: 7,
		one_survey_per_page: false,
	};
	refuse = null;
	server.handle( ( request, response ) => {
		const url = new URL( request.url, server.url );
		const route = url.pathname.replace( '/wp-json/userfeedback/v1/', '' );
		if ( route === 'settings' ) {
			if ( request.method === 'POST' && refuse ) {
				return sendJson( response, 400, {
					code: 'rest_invalid_param',
					message: 'Invalid parameter(s): cooldown_days',
					data: { status: 400, params: refuse },
				} );
			}
			stored = answerSettings( request, response, stored );
			return;
		}
		if ( route === 'surveys' ) {
			return sendJson( response, 200, {
				items: [],
				pagination: { page: 1, pages: 1, per_page: 50, total: 0 },
				status_filters: [],
			} );
		}
		sendNoRoute( response );
	} );
} );

const posts = () =>
	server.received
		.filter( ( r ) => r.method === 'POST' )
		.map( ( r ) => JSON.parse( r.body ) );

async function open() {
	renderSettingsAt( server, '/widget' );
	await screen.findByRole( 'button', { name: 'Save Settings' } );
	return {
		days: screen.getByRole( 'spinbutton', {
			name: 'Days between surveys',
		} ),
		onePerPage: screen.getByRole( 'checkbox', {
			name: 'Show at most one survey per page view',
		} ),
		save: screen.getByRole( 'button', { name: 'Save Settings' } ),
	};
}

describe( 'Settings > Widget > Frequency', () => {
	it( 'shows the stored values with plain help, and saves what was changed', async () => {
		const user = userEvent.setup();
		const { days, onePerPage, save } = await open();
		expect(
			screen.getByRole( 'heading', { name: 'Frequency' } )
		).toBeInTheDocument();
		expect( days ).toHaveValue( 7 );
		expect( onePerPage ).not.toBeChecked();
		expect(
			screen.getByText( /0 turns the pause off/ )
		).toBeInTheDocument();

		fireEvent.change( days, { target: { value: '30' } } );
		await user.click( onePerPage );
		await user.click( save );
		await waitFor( () => expect( posts() ).toHaveLength( 1 ) );
		expect( posts()[ 0 ] ).toMatchObject( {
			cooldown_days: 30,
			one_survey_per_page: true,
		} );
		expect( stored ).toMatchObject( {
			cooldown_days: 30,
			one_survey_per_page: true,
		} );
	} );

	it.each( [ '366', '-1', '2.5', '' ] )(
		'refuses %j days before sending anything',
		async ( typed ) => {
			const user = userEvent.setup();
			const { days, save } = await open();
			fireEvent.change( days, { target: { value: typed } } );
			await user.click( save );
			expect(
				await screen.findByText(
					'Enter a whole number of days from 0 to 365.'
				)
			).toBeInTheDocument();
			expect( posts() ).toHaveLength( 0 );

			// Fixed, it saves.
			fireEvent.change( days, { target: { value: '0' } } );
			expect(
				screen.queryByText(
					'Enter a whole number of days from 0 to 365.'
				)
			).not.toBeInTheDocument();
			await user.click( save );
			await waitFor( () => expect( posts() ).toHaveLength( 1 ) );
			expect( posts()[ 0 ] ).toMatchObject( { cooldown_days: 0 } );
		}
	);

	it( 'shows the server’s refusal under the field', async () => {
		refuse = {
			cooldown_days: 'Pause between surveys must be at most 365 days.',
		};
		const user = userEvent.setup();
		const { save } = await open();
		await user.click( save );
		expect(
			await screen.findByText(
				'Pause between surveys must be at most 365 days.'
			)
		).toBeInTheDocument();
		expect(
			noticesArea().queryByText( 'Settings saved.' )
		).not.toBeInTheDocument();
	} );
} );
