/**
 * Settings > Access end to end against a real HTTP server standing in for the REST
 * API (GET roles, GET/POST settings): the three role lists, forced roles, the save
 * payload, and the upgrade overlay without the access_control feature.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { beforeEach, describe, expect, it, vi } from 'vitest';

import { feature } from '../../shared/test/fixtures';
import { noticesArea } from '../../shared/test/render';
import { sendJson, sendNoRoute } from '../../shared/test/server';
import { useUpgradeDialog } from '../../shared/upgrade';
import {
	answerSettings,
	renderSettingsAt,
	settingsSuite,
} from '../test/settingsHarness';

const server = settingsSuite();
let stored: Record< string, unknown >;

const ROLES = [
	{ key: 'administrator', name: 'Administrator', forced: true },
	{ key: 'editor', name: 'Editor', forced: false },
	{ key: 'author', name: 'Author', forced: false },
	{ key: 'shop_manager', name: 'Shop Manager', forced: true },
	{ key: 'subscriber', name: 'Subscriber', forced: false },
];

function renderAccess( allowed = true ) {
	return renderSettingsAt( server, '/access', {
		entitlements: {
			edition: allowed ? 'pro' : 'lite',
			is_pro: allowed,
		},
		features: {
			access_control: feature( {
				allowed,
				label: 'Access Control',
				plan: 'pro',
			} ),
		},
	} );
}

const posts = () => server.received.filter( ( r ) => r.method === 'POST' );

/** The chosen tokens of a multi-select, by its label. */
function chosen( label: string ): string[] {
	const list = screen.queryByRole( 'list', { name: `${ label }: chosen` } );
	return list
		? within( list )
				.getAllByRole( 'listitem' )
				.map( ( item ) => item.textContent ?? '' )
		: [];
}

beforeEach( () => {
	stored = {
		create_edit_surveys: [ 'administrator', 'shop_manager', 'editor' ],
		view_results: [ 'administrator', 'shop_manager', 'gone_role' ],
		delete_surveys: [ 'administrator', 'shop_manager' ],
	};
	server.handle( ( request, response ) => {
		if ( request.url.startsWith( '/wp-json/userfeedback/v1/roles' ) ) {
			return sendJson( response, 200, ROLES );
		}
		if ( request.url.startsWith( '/wp-json/userfeedback/v1/settings' ) ) {
			stored = answerSettings( request, response, stored );
			return;
		}
		sendNoRoute( response );
	} );
} );

describe( 'Settings > Access', () => {
	it( 'shows the site roles in three lists and saves them', async () => {
		const user = userEvent.setup();
		renderAccess();
		expect(
			screen.getByRole( 'heading', { name: 'Access Control' } )
		).toBeInTheDocument();
		const create = await screen.findByRole( 'combobox', {
			name: 'Create and edit surveys',
		} );
		expect(
			screen.getByRole( 'combobox', {
				name: 'View results and responses',
			} )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'combobox', {
				name: 'Delete surveys and responses',
			} )
		).toBeInTheDocument();

		expect( chosen( 'Create and edit surveys' ) ).toEqual( [
			'Administrator',
			'Shop Manager',
			'Editor',
		] );
		// A role the site no longer has is dropped.
		expect( chosen( 'View results and responses' ) ).toEqual( [
			'Administrator',
			'Shop Manager',
		] );

		// Add Author to "view", remove Editor from "create".
		await user.click(
			screen.getByRole( 'combobox', {
				name: 'View results and responses',
			} )
		);
		await user.click( screen.getByRole( 'option', { name: 'Author' } ) );
		await user.click(
			screen.getByRole( 'button', { name: 'Remove Editor' } )
		);
		expect( chosen( 'Create and edit surveys' ) ).toEqual( [
			'Administrator',
			'Shop Manager',
		] );
		expect( create ).toBeInTheDocument();

		await user.click(
			screen.getByRole( 'button', { name: 'Save Settings' } )
		);
		await waitFor( () =>
			expect(
				noticesArea().getByText( 'Settings saved.' )
			).toBeInTheDocument()
		);
		expect( JSON.parse( posts()[ 0 ].body ) ).toEqual( {
			create_edit_surveys: [ 'administrator', 'shop_manager' ],
			view_results: [ 'administrator', 'shop_manager', 'author' ],
			delete_surveys: [ 'administrator', 'shop_manager' ],
		} );
	} );

	it( 'keeps forced roles chosen: no remove button, no deselecting, no backspace', async () => {
		const user = userEvent.setup();
		renderAccess();
		const del = await screen.findByRole( 'combobox', {
			name: 'Delete surveys and responses',
		} );
		expect(
			screen.queryByRole( 'button', { name: 'Remove Administrator' } )
		).not.toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: 'Remove Shop Manager' } )
		).not.toBeInTheDocument();
		expect(
			screen.getByRole( 'button', { name: 'Remove Editor' } )
		).toBeInTheDocument();

		await user.click( del );
		const admin = screen.getByRole( 'option', { name: 'Administrator' } );
		expect( admin ).toHaveAttribute( 'aria-selected', 'true' );
		expect( admin ).toHaveAttribute( 'aria-disabled', 'true' );
		await user.click( admin );
		await user.keyboard( '{Backspace}' );
		expect( chosen( 'Delete surveys and responses' ) ).toEqual( [
			'Administrator',
			'Shop Manager',
		] );

		await user.click(
			screen.getByRole( 'button', { name: 'Save Settings' } )
		);
		await waitFor( () => expect( posts() ).toHaveLength( 1 ) );
		expect( JSON.parse( posts()[ 0 ].body ).delete_surveys ).toEqual( [
			'administrator',
			'shop_manager',
		] );
	} );

	it( 'marks a list the server refuses', async () => {
		const user = userEvent.setup();
		const scrollTo = vi
			.spyOn( window, 'scrollTo' )
			.mockImplementation( () => undefined );
		renderAccess();
		await screen.findByRole( 'combobox', {
			name: 'Create and edit surveys',
		} );
		server.handle( ( _request, response ) =>
			sendJson( response, 400, {
				code: 'userfeedback_invalid_params',
				message: 'Please fix errors on this page. Unknown role: ghost.',
				data: {
					status: 400,
					params: { view_results: 'Unknown role: ghost.' },
				},
			} )
		);
		await user.click(
			screen.getByRole( 'button', { name: 'Save Settings' } )
		);
		expect(
			await screen.findByText( 'Unknown role: ghost.' )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'combobox', {
				name: 'View results and responses',
			} )
		).toHaveAttribute( 'aria-invalid', 'true' );
		expect(
			noticesArea().getByText( 'Please fix errors on this page.' )
		).toBeInTheDocument();
		expect( scrollTo ).toHaveBeenCalled();
		scrollTo.mockRestore();
	} );

	it( 'is disabled under an upgrade overlay without Access Control', async () => {
		const user = userEvent.setup();
		renderAccess( false );
		const create = await screen.findByRole( 'combobox', {
			name: 'Create and edit surveys',
		} );
		expect( create ).toBeDisabled();
		expect(
			screen.getByRole( 'combobox', {
				name: 'View results and responses',
			} )
		).toBeDisabled();
		expect(
			screen.getByRole( 'button', { name: 'Remove Editor' } )
		).toBeDisabled();
		expect(
			screen.queryByRole( 'button', { name: 'Save Settings' } )
		).not.toBeInTheDocument();
		expect(
			screen.getByText( 'Access Control is a Pro feature' )
		).toBeInTheDocument();

		await user.click(
			screen.getByRole( 'button', { name: 'Upgrade to Pro' } )
		);
		expect( useUpgradeDialog.getState() ).toMatchObject( {
			feature: 'access_control',
			medium: 'settings-access',
		} );
		expect( await screen.findByRole( 'dialog' ) ).toBeInTheDocument();
		expect( posts() ).toHaveLength( 0 );
	} );

	it( 'shows the error and a retry when the roles cannot be loaded', async () => {
		const user = userEvent.setup();
		server.handle( ( request, response ) => {
			if ( request.url.startsWith( '/wp-json/userfeedback/v1/roles' ) ) {
				return sendJson( response, 403, {
					code: 'rest_forbidden',
					message: 'Sorry, you are not allowed to do that.',
					data: { status: 403 },
				} );
			}
			sendJson( response, 200, stored );
		} );
		renderAccess();
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'Sorry, you are not allowed to do that.'
		);
		server.handle( ( request, response ) =>
			sendJson(
				response,
				200,
				request.url.includes( '/roles' ) ? ROLES : stored
			)
		);
		await user.click( screen.getByRole( 'button', { name: 'Try again' } ) );
		expect(
			await screen.findByRole( 'combobox', {
				name: 'Create and edit surveys',
			} )
		).toBeInTheDocument();
	} );
} );
