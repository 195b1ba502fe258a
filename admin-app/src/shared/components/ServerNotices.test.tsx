/**
 * The server's notice banners: shown from config.notices through the notices store,
 * closed with the store's fade, dismissed remotely through admin-ajax 500 ms later.
 */
import { act, fireEvent, render, within } from '@testing-library/react';
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import { ConfigProvider } from '../context';
import { FADE_MS, useNotices } from '../notices';
import { actionsOf, calls, fail, handlers, ok, stubAjax } from '../test/ajax';
import { makeConfig } from '../test/fixtures';
import { noticesArea } from '../test/render';
import type { ServerNotice } from '../types/notifications';
import { Notices } from './Notices';
import { NOTICE_CLOSE_CALLBACK_MS, ServerNotices } from './ServerNotices';

const notice = ( overrides: Partial< ServerNotice > ): ServerNotice => ( {
	id: 'review_request',
	icon: 'star-filled',
	type: 'info',
	content: 'Enjoying UserFeedback? Please leave a review.',
	isClosable: true,
	dismissed: false,
	global: false,
	...overrides,
} );

const NOTICES: ServerNotice[] = [
	notice( {} ),
	notice( {
		id: 'php_version',
		type: 'warning',
		content: 'Your site runs an outdated PHP version.',
		global: true,
	} ),
	notice( {
		id: 'setup_done',
		type: 'success',
		content: 'Setup is complete.',
		isClosable: false,
	} ),
	notice( {
		id: 'old_news',
		content: 'You dismissed this one already.',
		dismissed: true,
	} ),
];

function renderBanners( notices: ServerNotice[] = NOTICES ) {
	return render(
		<ConfigProvider config={ makeConfig( { notices } ) }>
			<Notices />
			<ServerNotices />
		</ConfigProvider>
	);
}

// Notice also speaks its text into a live region: look in the notices area only.
const banner = ( text: string ) =>
	noticesArea()
		.getByText( text )
		.closest( '.components-notice' ) as HTMLElement;

beforeEach( () => {
	useNotices.getState().clear();
	stubAjax();
	vi.useFakeTimers( { toFake: [ 'setTimeout', 'clearTimeout' ] } );
} );

afterEach( () => {
	vi.useRealTimers();
	vi.unstubAllGlobals();
} );

describe( 'ServerNotices', () => {
	it( 'shows the banners that are not dismissed, by type, with a close button only when closable', () => {
		renderBanners();
		expect(
			banner( 'Enjoying UserFeedback? Please leave a review.' )
		).toHaveClass( 'is-info' );
		expect(
			banner( 'Your site runs an outdated PHP version.' )
		).toHaveClass( 'is-warning' );
		const done = banner( 'Setup is complete.' );
		expect( done ).toHaveClass( 'is-success' );
		expect(
			within( done ).queryByRole( 'button', { name: /close|dismiss/i } )
		).not.toBeInTheDocument();
		expect(
			noticesArea().queryByText( 'You dismissed this one already.' )
		).not.toBeInTheDocument();
		expect(
			banner(
				'Enjoying UserFeedback? Please leave a review.'
			).querySelector( '.dashicons-star-filled' )
		).not.toBeNull();
	} );

	it( 'closes a site notice: fades 500 ms, then calls remove_notice with its id', async () => {
		handlers.userfeedback_ajax_vue_remove_notice = () => ok( {} );
		renderBanners();
		const review = banner(
			'Enjoying UserFeedback? Please leave a review.'
		);
		fireEvent.click( within( review ).getByRole( 'button' ) );

		expect( review ).toHaveClass( 'is-leaving' );
		await act( () =>
			vi.advanceTimersByTimeAsync( NOTICE_CLOSE_CALLBACK_MS - 1 )
		);
		expect( calls ).toHaveLength( 0 );
		expect(
			noticesArea().getByText(
				'Enjoying UserFeedback? Please leave a review.'
			)
		).toBeInTheDocument();

		await act( () => vi.advanceTimersByTimeAsync( 1 ) );
		expect( NOTICE_CLOSE_CALLBACK_MS ).toBe( 500 );
		expect( FADE_MS ).toBe( 500 );
		expect( calls.map( ( call ) => call.body ) ).toEqual( [
			{
				action: 'userfeedback_ajax_vue_remove_notice',
				notice_id: 'review_request',
				nonce: 'ajax-nonce',
			},
		] );
		expect(
			noticesArea().queryByText(
				'Enjoying UserFeedback? Please leave a review.'
			)
		).not.toBeInTheDocument();
		expect(
			noticesArea().getByText( 'Your site runs an outdated PHP version.' )
		).toBeInTheDocument();
	} );

	it( 'closes a global notice through remove_wp_notice', async () => {
		handlers.userfeedback_ajax_vue_remove_wp_notice = () => ok( {} );
		renderBanners();
		fireEvent.click(
			within(
				banner( 'Your site runs an outdated PHP version.' )
			).getByRole( 'button' )
		);
		await act( () => vi.advanceTimersByTimeAsync( 500 ) );
		expect(
			actionsOf( 'userfeedback_ajax_vue_remove_wp_notice' )
		).toHaveLength( 1 );
		expect(
			actionsOf( 'userfeedback_ajax_vue_remove_notice' )
		).toHaveLength( 0 );
		expect( calls[ 0 ].body.notice_id ).toBe( 'php_version' );
	} );

	it( 'keeps the banners that are not closed, and those not closable, for good', async () => {
		renderBanners();
		await act( () => vi.advanceTimersByTimeAsync( 60_000 ) );
		expect(
			noticesArea().getByText( 'Setup is complete.' )
		).toBeInTheDocument();
		expect(
			noticesArea().getByText(
				'Enjoying UserFeedback? Please leave a review.'
			)
		).toBeInTheDocument();
		expect( calls ).toHaveLength( 0 );
	} );

	it( 'says so when the server refuses the dismissal', async () => {
		handlers.userfeedback_ajax_vue_remove_notice = () =>
			fail( 403, { message: 'Invalid nonce.' } );
		renderBanners();
		fireEvent.click(
			within(
				banner( 'Enjoying UserFeedback? Please leave a review.' )
			).getByRole( 'button' )
		);
		await act( () => vi.advanceTimersByTimeAsync( 500 ) );
		expect( calls ).toHaveLength( 1 );
		expect(
			noticesArea().getByText( 'The notice could not be dismissed.' )
		).toBeInTheDocument();
	} );

	it( 'shows nothing without notices', () => {
		renderBanners( [] );
		expect( useNotices.getState().notices ).toHaveLength( 0 );
	} );
} );
