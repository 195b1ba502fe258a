/**
 * Settings > Email end to end against a real HTTP server standing in for the REST
 * API: recipients validation, the header image through a stubbed wp.media, and the
 * save notices.
 */
import { screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { useNotices } from '../../shared/notices';
import { noticesArea } from '../../shared/test/render';
import { sendJson, sendNoRoute } from '../../shared/test/server';
import {
	SETTINGS_PATH,
	answerSettings,
	renderSettingsAt,
	settingsSuite,
} from '../test/settingsHarness';

const server = settingsSuite();
let stored: Record< string, unknown >;

const renderEmail = () => renderSettingsAt( server, '/email' );

const posts = () => server.received.filter( ( r ) => r.method === 'POST' );

/** A wp.media stand-in that "selects" the given image when opened. */
function stubMedia( url: string ) {
	let onSelect: () => void = () => undefined;
	const media = vi.fn( () => ( {
		on: ( _event: string, callback: () => void ) => {
			onSelect = callback;
		},
		open: () => onSelect(),
		state: () => ( {
			get: () => ( {
				first: () => ( { toJSON: () => ( { id: 7, url } ) } ),
			} ),
		} ),
	} ) );
	( window as unknown as { wp?: unknown } ).wp = { media };
	return media;
}

beforeEach( () => {
	stored = {
		notifications_recipients: 'owner@site.test',
		notifications_header_image: '',
		automatic_updates: 'none',
	};
	server.handle( ( request, response ) => {
		if ( ! request.url.startsWith( SETTINGS_PATH ) ) {
			return sendNoRoute( response );
		}
		stored = answerSettings( request, response, stored );
	} );
	stubMedia( 'http://site.test/wp-content/uploads/header.png' );
} );

afterEach( () => {
	delete ( window as unknown as { wp?: unknown } ).wp;
	vi.restoreAllMocks();
} );

describe( 'Settings > Email', () => {
	it( 'saves the recipients and the header image', async () => {
		const user = userEvent.setup();
		renderEmail();
		expect(
			screen.getByRole( 'heading', { name: 'Email Notifications' } )
		).toBeInTheDocument();
		const field = await screen.findByRole( 'textbox', {
			name: 'Send notifications to',
		} );
		expect( field ).toHaveValue( 'owner@site.test' );
		expect( screen.getByRole( 'link', { name: 'Email' } ) ).toHaveAttribute(
			'aria-current',
			'page'
		);
		expect(
			screen.getByText( 'Recommended size: 300x100 or smaller' )
		).toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: 'Reset' } )
		).not.toBeInTheDocument();

		await user.clear( field );
		await user.type( field, 'a@site.test, b@example.org' );
		await user.click(
			screen.getByRole( 'button', { name: 'Upload Image' } )
		);
		expect(
			screen.getByRole( 'img', { name: 'Email header image' } )
		).toHaveAttribute(
			'src',
			'http://site.test/wp-content/uploads/header.png'
		);
		expect(
			screen.getByRole( 'button', { name: 'Choose Another Image' } )
		).toBeInTheDocument();

		await user.click(
			screen.getByRole( 'button', { name: 'Save Settings' } )
		);
		await waitFor( () =>
			expect(
				noticesArea().getByText( 'Settings saved.' )
			).toBeInTheDocument()
		);
		expect( JSON.parse( posts()[ 0 ].body ) ).toEqual( {
			notifications_recipients: 'a@site.test, b@example.org',
			notifications_header_image:
				'http://site.test/wp-content/uploads/header.png',
		} );
	} );

	it( 'resets the header image', async () => {
		const user = userEvent.setup();
		stored.notifications_header_image = 'http://site.test/old.png';
		renderEmail();
		expect(
			await screen.findByRole( 'img', { name: 'Email header image' } )
		).toHaveAttribute( 'src', 'http://site.test/old.png' );
		await user.click( screen.getByRole( 'button', { name: 'Reset' } ) );
		expect(
			screen.queryByRole( 'img', { name: 'Email header image' } )
		).not.toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'Upload Image' } )
		).toBeInTheDocument();
		await user.click(
			screen.getByRole( 'button', { name: 'Save Settings' } )
		);
		await waitFor( () => expect( posts() ).toHaveLength( 1 ) );
		expect(
			JSON.parse( posts()[ 0 ].body ).notifications_header_image
		).toBe( '' );
	} );

	it( 'blocks the save of invalid recipients, marks the field and scrolls up', async () => {
		const user = userEvent.setup();
		const scrollTo = vi
			.spyOn( window, 'scrollTo' )
			.mockImplementation( () => undefined );
		renderEmail();
		const field = await screen.findByRole( 'textbox', {
			name: 'Send notifications to',
		} );
		await user.clear( field );
		await user.type( field, 'a@site.test, not-an-address' );
		// Nothing is marked before the admin tries to save.
		expect( field ).not.toHaveAttribute( 'aria-invalid' );

		await user.click(
			screen.getByRole( 'button', { name: 'Save Settings' } )
		);
		expect(
			noticesArea().getByText( 'Please fix errors on this page.' )
		).toBeInTheDocument();
		expect(
			useNotices.getState().notices.find( ( n ) => n.status === 'error' )
		).toMatchObject( { timeout: 5000 } );
		expect( scrollTo ).toHaveBeenCalledWith(
			expect.objectContaining( { top: 0 } )
		);
		expect( field ).toHaveAttribute( 'aria-invalid', 'true' );
		expect(
			screen.getByText(
				'Please enter valid email addresses, separated by commas. Not valid: not-an-address'
			)
		).toBeInTheDocument();
		expect( posts() ).toHaveLength( 0 );

		// Fixing it clears the mark; an empty list is valid too.
		await user.clear( field );
		expect( field ).not.toHaveAttribute( 'aria-invalid' );
		await user.click(
			screen.getByRole( 'button', { name: 'Save Settings' } )
		);
		await waitFor( () => expect( posts() ).toHaveLength( 1 ) );
		expect( JSON.parse( posts()[ 0 ].body ).notifications_recipients ).toBe(
			''
		);
	} );

	it( 'marks the fields the server refuses', async () => {
		const user = userEvent.setup();
		const scrollTo = vi
			.spyOn( window, 'scrollTo' )
			.mockImplementation( () => undefined );
		renderEmail();
		await screen.findByRole( 'textbox', { name: 'Send notifications to' } );
		server.handle( ( _request, response ) =>
			sendJson( response, 400, {
				code: 'userfeedback_invalid_params',
				message:
					'Please fix errors on this page. notifications_header_image must be an http or https URL.',
				data: {
					status: 400,
					params: {
						notifications_header_image:
							'notifications_header_image must be an http or https URL.',
					},
				},
			} )
		);
		await user.click(
			screen.getByRole( 'button', { name: 'Save Settings' } )
		);
		expect(
			await screen.findByText(
				'notifications_header_image must be an http or https URL.'
			)
		).toBeInTheDocument();
		expect(
			noticesArea().getByText( 'Please fix errors on this page.' )
		).toBeInTheDocument();
		expect(
			noticesArea().queryByText( 'Settings saved.' )
		).not.toBeInTheDocument();
		expect( scrollTo ).toHaveBeenCalled();
	} );

	it( 'offers an image URL field when the media library is not on the page', async () => {
		const user = userEvent.setup();
		delete ( window as unknown as { wp?: unknown } ).wp;
		renderEmail();
		const url = await screen.findByRole( 'textbox', {
			name: 'Header image URL',
		} );
		expect(
			screen.queryByRole( 'button', { name: 'Upload Image' } )
		).not.toBeInTheDocument();
		await user.type( url, 'https://cdn.example.com/h.png' );
		await user.click(
			screen.getByRole( 'button', { name: 'Save Settings' } )
		);
		await waitFor( () => expect( posts() ).toHaveLength( 1 ) );
		expect(
			JSON.parse( posts()[ 0 ].body ).notifications_header_image
		).toBe( 'https://cdn.example.com/h.png' );
	} );
} );
