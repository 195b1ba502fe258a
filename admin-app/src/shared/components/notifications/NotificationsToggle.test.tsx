/**
 * The notifications toggle and drawer end to end: shell, api-fetch and react-query
 * against a real HTTP server standing in for the notifications REST routes.
 */
import { screen, waitFor, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { setupApi } from '../../api';
import { browser } from '../../license';
import { useNotices } from '../../notices';
import { makeConfig, type ConfigOverrides } from '../../test/fixtures';
import { noticesArea, renderPage } from '../../test/render';
import { sendJson, sendNoRoute, serverForSuite } from '../../test/server';
import type {
	Notification,
	NotificationActionResult,
	NotificationsList,
} from '../../types/notifications';

const BASE = '/wp-json/userfeedback/v1/notifications';
const server = serverForSuite();

const item = ( overrides: Partial< Notification > ): Notification => ( {
	id: 'uf-first-response-12',
	title: 'Your first response',
	category: 'insight',
	icon: 'megaphone',
	content: 'Survey "Checkout" got its first response.',
	active_from: new Date( Date.now() - 3 * 3600_000 ).toISOString(),
	buttons: [],
	...overrides,
} );

let list: NotificationsList;
let actionResult: NotificationActionResult;

beforeEach( () => {
	useNotices.getState().clear();
	server.received.length = 0;
	window.history.replaceState( null, '', '/wp-admin/admin.php?page=x' );
	actionResult = {};
	list = {
		notifications: [
			item( {
				buttons: [
					{
						type: 'primary',
						text: 'View Results',
						url: 'admin.php?page=userfeedback_results',
						is_external: false,
					},
					{
						type: 'secondary',
						text: 'Read the guide',
						url: 'https://userfeedback.com/docs/',
						is_external: true,
					},
					{
						type: 'secondary',
						text: 'Bad link',
						url: 'javascript:alert(1)',
						is_external: false,
					},
				],
			} ),
			item( {
				id: 'feed-7',
				title: 'New: AI summaries',
				icon: 'https://cdn.example.com/ai.png',
				category: 'news',
				content: 'Summaries of text answers.',
				buttons: [
					{
						type: 'primary',
						text: 'Enable it',
						url: '',
						is_external: false,
						action: { class: 'AiFeature', action: 'enable' },
					},
				],
			} ),
		],
		dismissed: [
			item( { id: 'feed-3', title: 'Old news', content: 'Gone.' } ),
		],
		view_url:
			'http://site.test/wp-admin/admin.php?page=userfeedback_surveys&open=userfeedback_notifications',
		sidebar_url:
			'http://site.test/wp-admin/admin.php?page=userfeedback_surveys&open=userfeedback_notifications',
	};
	server.handle( ( request, response ) => {
		const path = request.url.split( '?' )[ 0 ];
		if ( request.method === 'GET' && path === BASE ) {
			return sendJson( response, 200, list );
		}
		if ( request.method === 'POST' && path === `${ BASE }/dismiss-all` ) {
			list = {
				...list,
				notifications: [],
				dismissed: [ ...list.notifications, ...list.dismissed ],
			};
			return sendJson( response, 200, list );
		}
		if ( request.method === 'POST' && path === `${ BASE }/action` ) {
			return sendJson( response, 200, actionResult );
		}
		const dismiss = path.match( /\/notifications\/([^/]+)\/dismiss$/ );
		if ( request.method === 'POST' && dismiss ) {
			const id = decodeURIComponent( dismiss[ 1 ] );
			const gone = list.notifications.filter( ( n ) => n.id === id );
			list = {
				...list,
				notifications: list.notifications.filter(
					( n ) => n.id !== id
				),
				dismissed: [ ...gone, ...list.dismissed ],
			};
			return sendJson( response, 200, list );
		}
		sendNoRoute( response );
	} );
} );

afterEach( () => {
	vi.restoreAllMocks();
} );

function renderApp( overrides: ConfigOverrides = {} ) {
	const config = makeConfig( {
		rest: {
			root: `${ server.url }/wp-json/`,
			namespace: 'userfeedback/v1',
			nonce: 'rest-nonce',
		},
		...overrides,
	} );
	setupApi( config );
	renderPage( {
		entry: 'surveys',
		config,
		routes: [ { index: true, element: <p>Surveys page</p> } ],
	} );
	return userEvent.setup();
}

const toggle = ( name: string | RegExp = /^Notifications/ ) =>
	screen.findByRole( 'button', { name } );

async function openDrawer() {
	const user = renderApp();
	await user.click( await toggle( 'Notifications (2 unread)' ) );
	const drawer = await screen.findByRole( 'dialog', {
		name: 'Notifications',
	} );
	await within( drawer ).findByRole( 'article', {
		name: 'Your first response',
	} );
	return { user, drawer };
}

const posts = () =>
	server.received
		.filter( ( request ) => request.method === 'POST' )
		.map( ( request ) => ( {
			...request,
			url: request.url.split( '?' )[ 0 ],
		} ) );

/** The Modal plays its exit animation first; then focus is back on the toggle. */
async function closed() {
	await waitFor( () =>
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument()
	);
	expect(
		screen.getByRole( 'button', { name: 'Notifications (2 unread)' } )
	).toHaveFocus();
}

describe( 'Notifications toggle and drawer', () => {
	it( 'shows the count of active notifications on the toggle', async () => {
		renderApp();
		const button = await toggle( 'Notifications (2 unread)' );
		expect( button ).toHaveTextContent( '2' );
		expect( button ).toHaveAttribute( 'aria-expanded', 'false' );
		expect( server.received[ 0 ].headers[ 'x-wp-nonce' ] ).toBe(
			'rest-nonce'
		);
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();
	} );

	it( 'has no count when the inbox is empty, and says so in the drawer', async () => {
		list.notifications = [];
		const user = renderApp();
		const button = await toggle( 'Notifications' );
		await user.click( button );
		const drawer = await screen.findByRole( 'dialog', {
			name: 'Notifications',
		} );
		expect(
			await within( drawer ).findByText(
				'You have no new notifications.'
			)
		).toBeInTheDocument();
		// Loaded, and still no badge.
		expect( button ).not.toHaveTextContent( /\d/ );
		expect( button ).toHaveAccessibleName( 'Notifications' );
		expect(
			within( drawer ).queryByRole( 'button', { name: 'Dismiss All' } )
		).not.toBeInTheDocument();
	} );

	it( 'opens, lists the items, and closes with the close button and Escape, focus back on the toggle', async () => {
		const { user, drawer } = await openDrawer();
		expect( drawer ).toContainElement(
			drawer.ownerDocument.activeElement as HTMLElement
		);

		const first = within( drawer ).getByRole( 'article', {
			name: 'Your first response',
		} );
		expect( first ).toHaveTextContent( '3 hours ago' );
		expect( first ).toHaveTextContent(
			'Survey "Checkout" got its first response.'
		);
		expect( first.querySelector( '.dashicons-megaphone' ) ).not.toBeNull();
		expect(
			within( first ).getByRole( 'link', { name: 'View Results' } )
		).toHaveAttribute(
			'href',
			'http://site.test/wp-admin/admin.php?page=userfeedback_results'
		);
		expect(
			within( first ).getByRole( 'link', { name: /Read the guide/ } )
		).toHaveAttribute( 'target', '_blank' );
		expect(
			within( first ).getByRole( 'link', { name: /Read the guide/ } )
		).toHaveAttribute( 'rel', 'noopener noreferrer' );
		expect(
			within( first ).queryByText( 'Bad link' )
		).not.toBeInTheDocument();
		const second = within( drawer ).getByRole( 'article', {
			name: 'New: AI summaries',
		} );
		expect( second.querySelector( 'img' ) ).toHaveAttribute(
			'src',
			'https://cdn.example.com/ai.png'
		);

		await user.click(
			within( drawer ).getByRole( 'button', { name: 'Close' } )
		);
		await closed();

		await user.click(
			screen.getByRole( 'button', { name: 'Notifications (2 unread)' } )
		);
		await screen.findByRole( 'dialog', { name: 'Notifications' } );
		await user.keyboard( '{Escape}' );
		await closed();
	} );

	it( 'dismisses one notification: the server call, the list and the count update', async () => {
		const { user, drawer } = await openDrawer();
		const first = within( drawer ).getByRole( 'article', {
			name: 'Your first response',
		} );
		await user.click(
			within( first ).getByRole( 'button', { name: 'Dismiss' } )
		);

		await waitFor( () =>
			expect(
				within( drawer ).queryByRole( 'article', {
					name: 'Your first response',
				} )
			).not.toBeInTheDocument()
		);
		expect( posts().map( ( r ) => r.url ) ).toEqual( [
			`${ BASE }/uf-first-response-12/dismiss`,
		] );
		expect( posts()[ 0 ].headers[ 'x-wp-nonce' ] ).toBe( 'rest-nonce' );
		expect(
			within( drawer ).getByRole( 'article', {
				name: 'New: AI summaries',
			} )
		).toBeInTheDocument();
		// The toggle sits behind the modal (aria-hidden), so query it hidden-inclusive.
		expect(
			screen.getByRole( 'button', {
				name: 'Notifications (1 unread)',
				hidden: true,
			} )
		).toBeInTheDocument();
	} );

	it( 'dismisses all, then shows the empty inbox', async () => {
		const { user, drawer } = await openDrawer();
		await user.click(
			within( drawer ).getByRole( 'button', { name: 'Dismiss All' } )
		);
		expect(
			await within( drawer ).findByText(
				'You have no new notifications.'
			)
		).toBeInTheDocument();
		expect( posts().map( ( r ) => r.url ) ).toEqual( [
			`${ BASE }/dismiss-all`,
		] );
		expect(
			screen.getByRole( 'button', {
				name: 'Notifications',
				hidden: true,
			} )
		).toBeInTheDocument();
	} );

	it( 'switches to the dismissed view and back to the inbox', async () => {
		const { user, drawer } = await openDrawer();
		await user.click(
			within( drawer ).getByRole( 'button', {
				name: 'Dismissed Notifications',
			} )
		);
		const old = within( drawer ).getByRole( 'article', {
			name: 'Old news',
		} );
		expect(
			within( old ).queryByRole( 'button', { name: 'Dismiss' } )
		).not.toBeInTheDocument();
		expect(
			within( drawer ).queryByRole( 'article', {
				name: 'Your first response',
			} )
		).not.toBeInTheDocument();
		expect(
			within( drawer ).queryByRole( 'button', { name: 'Dismiss All' } )
		).not.toBeInTheDocument();

		await user.click(
			within( drawer ).getByRole( 'button', { name: 'Inbox' } )
		);
		expect(
			within( drawer ).getByRole( 'article', {
				name: 'Your first response',
			} )
		).toBeInTheDocument();
	} );

	it( 'says when nothing was dismissed yet', async () => {
		list.dismissed = [];
		const { user, drawer } = await openDrawer();
		await user.click(
			within( drawer ).getByRole( 'button', {
				name: 'Dismissed Notifications',
			} )
		);
		expect(
			within( drawer ).getByText( 'You have no dismissed notifications.' )
		).toBeInTheDocument();
	} );

	it( 'runs an action button and reloads when the server asks for it', async () => {
		actionResult = { message: 'AI summaries enabled.', reload: true };
		const reload = vi
			.spyOn( browser, 'reload' )
			.mockImplementation( () => {} );
		const assign = vi
			.spyOn( browser, 'assign' )
			.mockImplementation( () => {} );
		const { user, drawer } = await openDrawer();
		await user.click(
			within( drawer ).getByRole( 'button', { name: 'Enable it' } )
		);
		await waitFor( () => expect( reload ).toHaveBeenCalledTimes( 1 ) );
		expect( assign ).not.toHaveBeenCalled();
		expect( posts() ).toHaveLength( 1 );
		expect( posts()[ 0 ].url ).toBe( `${ BASE }/action` );
		expect( JSON.parse( posts()[ 0 ].body ) ).toEqual( {
			class: 'AiFeature',
			action: 'enable',
		} );
		expect(
			noticesArea().getByText( 'AI summaries enabled.' )
		).toBeInTheDocument();
	} );

	it( 'goes to redirect_to after an action, and ignores a non-http one', async () => {
		actionResult = {
			redirect_to:
				'http://site.test/wp-admin/admin.php?page=userfeedback_settings',
		};
		const reload = vi
			.spyOn( browser, 'reload' )
			.mockImplementation( () => {} );
		const assign = vi
			.spyOn( browser, 'assign' )
			.mockImplementation( () => {} );
		const { user, drawer } = await openDrawer();
		const enable = within( drawer ).getByRole( 'button', {
			name: 'Enable it',
		} );
		await user.click( enable );
		await waitFor( () =>
			expect( assign ).toHaveBeenCalledWith(
				'http://site.test/wp-admin/admin.php?page=userfeedback_settings'
			)
		);
		expect( reload ).not.toHaveBeenCalled();

		actionResult = { redirect_to: 'javascript:alert(1)' };
		await waitFor( () => expect( enable ).toBeEnabled() );
		await user.click( enable );
		await waitFor( () => expect( posts() ).toHaveLength( 2 ) );
		await waitFor( () => expect( enable ).toBeEnabled() );
		expect( assign ).toHaveBeenCalledTimes( 1 );
		expect( reload ).not.toHaveBeenCalled();
	} );

	it( 'shows the server error when an action fails', async () => {
		const { user, drawer } = await openDrawer();
		server.handle( ( _request, response ) =>
			sendJson( response, 403, {
				code: 'rest_forbidden',
				message: 'Sorry, you are not allowed to do that.',
				data: { status: 403 },
			} )
		);
		await user.click(
			within( drawer ).getByRole( 'button', { name: 'Enable it' } )
		);
		await waitFor( () =>
			expect(
				noticesArea().getByText(
					'Sorry, you are not allowed to do that.'
				)
			).toBeInTheDocument()
		);
	} );

	it( 'opens by itself when the address has open=userfeedback_notifications', async () => {
		window.history.replaceState(
			null,
			'',
			'/wp-admin/admin.php?page=userfeedback_surveys&open=userfeedback_notifications'
		);
		const user = renderApp();
		const drawer = await screen.findByRole( 'dialog', {
			name: 'Notifications',
		} );
		await within( drawer ).findByRole( 'article', {
			name: 'Your first response',
		} );
		await user.keyboard( '{Escape}' );
		await closed();
	} );

	it( 'shows loading, then the load error with a retry', async () => {
		server.handle( ( _request, response ) =>
			sendJson( response, 500, {
				code: 'internal_server_error',
				message: 'There has been a critical error on this website.',
				data: { status: 500 },
			} )
		);
		const user = renderApp();
		await user.click( await toggle( 'Notifications' ) );
		const drawer = await screen.findByRole( 'dialog', {
			name: 'Notifications',
		} );
		expect(
			await within( drawer ).findByRole( 'alert' )
		).toHaveTextContent(
			'There has been a critical error on this website.'
		);

		// The answer waits until the loading state has been seen: a fast local answer
		// could otherwise replace it before the assertion runs.
		let release = () => {};
		const held = new Promise< void >(
			( resolve ) => ( release = resolve )
		);
		server.handle( ( _request, response ) => {
			held.then( () => sendJson( response, 200, list ) );
		} );
		await user.click(
			within( drawer ).getByRole( 'button', { name: 'Try again' } )
		);
		expect(
			await within( drawer ).findByRole( 'status' )
		).toHaveTextContent( 'Loading notifications…' );
		release();
		expect(
			await within( drawer ).findByRole( 'article', {
				name: 'Your first response',
			} )
		).toBeInTheDocument();
	} );

	it( 'treats an answer that is not a notifications list as an error, not a crash', async () => {
		server.handle( ( _request, response ) =>
			sendJson( response, 200, { notifications: 'none' } )
		);
		const user = renderApp();
		await user.click( await toggle( 'Notifications' ) );
		const drawer = await screen.findByRole( 'dialog', {
			name: 'Notifications',
		} );
		expect(
			await within( drawer ).findByRole( 'alert' )
		).toHaveTextContent( 'The notifications could not be read.' );
		expect( screen.getByText( 'Surveys page' ) ).toBeInTheDocument();
	} );

	it( 'is there for a user with any one of our capabilities, e.g. a survey editor', async () => {
		renderApp( {
			user: {
				id: 3,
				display_name: 'editor',
				capabilities: {
					create_edit_surveys: true,
					view_results: false,
					delete_surveys: false,
					manage_settings: false,
				},
			},
		} );
		expect(
			await screen.findByRole( 'button', { name: /^Notifications/ } )
		).toBeInTheDocument();
	} );

	it( 'is not there for users without any UserFeedback capability, and asks nothing', async () => {
		// A nonce of this test's own: a request an earlier test started may still reach the server
		// late on a busy machine, and it carries the suite's nonce, not this one.
		renderApp( {
			rest: {
				root: `${ server.url }/wp-json/`,
				namespace: 'userfeedback/v1',
				nonce: 'subscriber-nonce',
			},
			user: {
				id: 2,
				display_name: 'subscriber',
				capabilities: {
					create_edit_surveys: false,
					view_results: false,
					delete_surveys: false,
					manage_settings: false,
				},
			},
		} );
		await screen.findByText( 'Surveys page' );
		expect(
			screen.queryByRole( 'button', { name: /^Notifications/ } )
		).not.toBeInTheDocument();
		await new Promise( ( resolve ) => setTimeout( resolve, 50 ) );
		expect(
			server.received.filter(
				( request ) =>
					request.headers[ 'x-wp-nonce' ] === 'subscriber-nonce'
			)
		).toHaveLength( 0 );
	} );
} );
