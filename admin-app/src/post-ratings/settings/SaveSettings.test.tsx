/**
 * Post ratings > Settings: saving, with the toasts of spec 2, section 8, against a real
 * HTTP server answering the post-ratings settings routes.
 */
import { screen, waitFor } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { useNotices } from '../../shared/notices';
import { noticesArea } from '../../shared/test/render';
import type { PostRatingSettings } from '../../shared/types';
import { DEFAULTS } from '../test/fakeApi';
import { renderPostRatings } from '../test/render';
import { ready, settingsSuite } from '../test/settingsSuite';

const { server, api } = settingsSuite();
const saves = () => api().saves as Array< Partial< PostRatingSettings > >;

describe( 'Post ratings > Settings: saving', () => {
	it( 'saves the settings only, with the saving and success toasts', async () => {
		const shown: string[] = [];
		const unsubscribe = useNotices.subscribe( ( state ) =>
			state.notices.forEach( ( notice ) => {
				const text = `${ notice.status }:${ String( notice.content ) }:${ notice.timeout }`;
				if ( ! shown.includes( text ) ) {
					shown.push( text );
				}
			} )
		);
		const { user } = renderPostRatings( server, '/settings' );
		await ready();
		await user.click( screen.getByRole( 'radio', { name: 'Heart' } ) );
		const thanks = screen.getByRole( 'textbox', {
			name: 'Thank You Message',
		} );
		await user.clear( thanks );
		await user.type( thanks, 'Thanks a lot!' );
		await user.click(
			screen.getByRole( 'button', { name: 'Save Settings' } )
		);

		expect(
			await noticesArea().findByText( 'Settings Updated' )
		).toBeInTheDocument();
		unsubscribe();
		expect( shown ).toEqual( [
			'info:Saving Changes…:-1',
			'success:Settings Updated:3000',
		] );
		expect( saves() ).toEqual( [
			{
				...DEFAULTS,
				icon_id: 'heart',
				thank_you_message: 'Thanks a lot!',
			},
		] );
		expect( api().settings.thank_you_message ).toBe( 'Thanks a lot!' );
		const post = server.received.find( ( r ) => r.method === 'POST' )!;
		expect( new URL( post.url, server.url ).pathname ).toBe(
			'/wp-json/userfeedback/v1/post-ratings/settings'
		);
		expect( post.headers[ 'x-wp-nonce' ] ).toBe( 'rest-nonce' );
	} );

	it( 'says Could Not Save Changes, and shows the server’s message by its field', async () => {
		api().failures.set( 'POST /post-ratings/settings', {
			status: 400,
			code: 'rest_invalid_param',
			message: 'Invalid parameter(s): rating_question',
			params: {
				rating_question:
					'rating_question must be at most 200 characters long.',
			},
		} );
		const { user } = renderPostRatings( server, '/settings' );
		await ready();
		await user.type(
			screen.getByRole( 'textbox', { name: 'Rating Question' } ),
			'!'
		);
		await user.click(
			screen.getByRole( 'button', { name: 'Save Settings' } )
		);

		expect(
			await noticesArea().findByText( 'Could Not Save Changes' )
		).toBeInTheDocument();
		const question = screen.getByRole( 'textbox', {
			name: 'Rating Question',
		} );
		expect( question ).toHaveAccessibleDescription(
			'rating_question must be at most 200 characters long.'
		);
		expect( question ).toHaveAttribute( 'aria-invalid', 'true' );

		// Editing the field clears its message.
		await user.type( question, '?' );
		expect(
			screen.queryByText(
				'rating_question must be at most 200 characters long.'
			)
		).not.toBeInTheDocument();
	} );

	it( 'says Could Not Save Changes when the server fails', async () => {
		api().failures.set( 'POST /post-ratings/settings', {
			status: 500,
			code: 'internal_error',
			message: 'Oops.',
		} );
		const { user } = renderPostRatings( server, '/settings' );
		await ready();
		await user.click(
			screen.getByRole( 'button', { name: 'Save Settings' } )
		);
		expect(
			await noticesArea().findByText( 'Could Not Save Changes' )
		).toBeInTheDocument();
		await waitFor( () =>
			expect(
				screen.getByRole( 'button', { name: 'Save Settings' } )
			).toBeEnabled()
		);
	} );
} );
