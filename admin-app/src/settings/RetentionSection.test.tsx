/**
 * Settings > Misc > Data retention against a real HTTP server standing in for the
 * settings route: off by default, switched on with a number of days and saved, a
 * number out of range refused before anything is sent, and switched off again.
 */
import { fireEvent, screen, waitFor } from '@testing-library/react';
import { beforeEach, describe, expect, it } from 'vitest';

import { useNotices } from '../shared/notices';
import { noticesArea } from '../shared/test/render';
import { sendNoRoute } from '../shared/test/server';
import {
	SETTINGS_PATH,
	answerSettings,
	renderSettingsAt,
	settingsSuite,
} from './test/settingsHarness';

const server = settingsSuite();
let stored: Record< string, unknown >;

const posts = () =>
	server.received
		.filter( ( request ) => request.method === 'POST' )
		.map( ( request ) => JSON.parse( request.body ) );
const toggle = () =>
	screen.getByRole( 'checkbox', { name: 'Delete old responses' } );
const daysField = () =>
	screen.queryByRole( 'spinbutton', {
		name: 'Delete responses older than (days)',
	} );
const save = () =>
	fireEvent.click( screen.getByRole( 'button', { name: 'Save Settings' } ) );

beforeEach( () => {
	useNotices.getState().clear();
	server.received.length = 0;
	stored = {
		allow_usage_tracking: false,
		automatic_updates: 'none',
		summaries_html_template: true,
		summaries_disabled: false,
		uninstall_delete_data: false,
		notifications_feed_url: '',
		retention_days: 0,
	};
	server.handle( ( request, response ) => {
		if ( ! request.url.startsWith( SETTINGS_PATH ) ) {
			return sendNoRoute( response );
		}
		stored = answerSettings( request, response, stored );
	} );
} );

describe( 'Settings > Misc > Data retention', () => {
	it( 'is off by default; switched on, it deletes after the days given', async () => {
		renderSettingsAt( server, '/misc' );
		expect(
			await screen.findByRole( 'heading', { name: 'Data retention' } )
		).toBeInTheDocument();
		expect( toggle() ).not.toBeChecked();
		expect( daysField() ).not.toBeInTheDocument();

		fireEvent.click( toggle() );
		expect( daysField() ).toHaveValue( 365 );
		expect(
			screen.getByText(
				/permanently deletes completed, partial and trashed responses/
			)
		).toBeInTheDocument();
		fireEvent.change( daysField() as HTMLElement, {
			target: { value: '90' },
		} );
		save();
		await waitFor( () =>
			expect(
				noticesArea().getByText( 'Settings saved.' )
			).toBeInTheDocument()
		);
		expect( posts()[ 0 ] ).toMatchObject( { retention_days: 90 } );
		expect( stored.retention_days ).toBe( 90 );
	} );

	it( 'refuses a number of days out of range before sending anything', async () => {
		renderSettingsAt( server, '/misc' );
		fireEvent.click(
			await screen.findByRole( 'checkbox', {
				name: 'Delete old responses',
			} )
		);
		for ( const bad of [ '0', '3651', '', '2.5' ] ) {
			fireEvent.change( daysField() as HTMLElement, {
				target: { value: bad },
			} );
			expect( screen.getByRole( 'alert' ) ).toHaveTextContent(
				'Enter a whole number of days from 1 to 3,650.'
			);
			save();
		}
		await waitFor( () =>
			expect(
				noticesArea().getAllByText(
					'The settings were not saved: enter the number of days after which responses are deleted.'
				).length
			).toBeGreaterThan( 0 )
		);
		expect( posts() ).toEqual( [] );
		fireEvent.change( daysField() as HTMLElement, {
			target: { value: '3650' },
		} );
		expect( screen.queryByRole( 'alert' ) ).not.toBeInTheDocument();
	} );

	it( 'shows a stored period and turns it off', async () => {
		stored.retention_days = 30;
		renderSettingsAt( server, '/misc' );
		await waitFor( () => expect( toggle() ).toBeChecked() );
		expect( daysField() ).toHaveValue( 30 );
		fireEvent.click( toggle() );
		expect( daysField() ).not.toBeInTheDocument();
		save();
		await waitFor( () => expect( stored.retention_days ).toBe( 0 ) );
		expect( posts()[ 0 ] ).toMatchObject( { retention_days: 0 } );
	} );
} );
