/**
 * Post ratings > Settings end to end: shell, router, react-query and api-fetch against a
 * real HTTP server answering the post-ratings settings routes as the contract says.
 */
import { fireEvent, screen } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { DEFAULTS, ICONS } from '../test/fakeApi';
import { renderPostRatings } from '../test/render';
import {
	preview,
	ready,
	settingsSuite,
	summary,
	widget,
} from '../test/settingsSuite';

const { server, api } = settingsSuite();

describe( 'Post ratings > Settings', () => {
	it( 'loads the settings into the form and previews the widget', async () => {
		api().settings = {
			...DEFAULTS,
			icon_id: 'heart',
			rating_question: 'Was this useful?',
		};
		renderPostRatings( server, '/settings' );
		expect( screen.getByRole( 'status' ) ).toHaveTextContent(
			'Loading settings…'
		);
		await ready();

		expect( screen.getByRole( 'radio', { name: 'Heart' } ) ).toBeChecked();
		expect(
			screen
				.getAllByRole( 'radio' )
				.map( ( radio ) => radio.getAttribute( 'value' ) )
		).toEqual( ICONS.map( ( icon ) => icon.id ) );
		expect(
			screen.getByRole( 'textbox', { name: 'Rating Question' } )
		).toHaveValue( 'Was this useful?' );
		expect(
			screen.getByRole( 'combobox', { name: 'Display Position' } )
		).toHaveValue( 'after_content' );
		expect(
			screen.getByRole( 'checkbox', { name: 'Show vote count' } )
		).toBeChecked();
		expect(
			screen.getByRole( 'checkbox', { name: 'Use review schema' } )
		).not.toBeChecked();

		const icons = preview().getAllByRole( 'button', {
			name: /^Rate \d out of 5$/,
		} );
		expect( icons ).toHaveLength( 5 );
		icons.forEach( ( button ) =>
			expect( button ).toHaveClass(
				'userfeedback-post-rating__icon',
				'is-filled'
			)
		);
		expect( icons[ 0 ].querySelector( 'path' ) ).toHaveAttribute(
			'd',
			ICONS[ 1 ].path
		);
		expect(
			preview().getByRole( 'group', { name: 'Was this useful?' } )
		).toBeInTheDocument();
		expect( summary() ).toHaveTextContent(
			'Average rating 5/5. Vote count: 200'
		);
		expect(
			widget().style.getPropertyValue( '--userfeedback-pr-icon' )
		).toBe( '#1579EF' );
		expect(
			screen
				.getAllByRole( 'button', { name: /^Reset to default/ } )
				.map( ( button ) => button.getAttribute( 'aria-label' ) )
		).toEqual( [
			'Reset to default: Icon',
			'Reset to default: Rating Question',
		] );
	} );

	it( 'shows an error with a retry when the settings cannot be loaded', async () => {
		api().failures.set( 'GET /post-ratings/settings', {
			status: 500,
			code: 'internal_error',
			message: 'Database unavailable.',
		} );
		const { user } = renderPostRatings( server, '/settings' );
		expect( await screen.findByRole( 'alert' ) ).toHaveTextContent(
			'Database unavailable.'
		);
		api().failures.clear();
		await user.click( screen.getByRole( 'button', { name: 'Try again' } ) );
		await ready();
	} );

	it( 'updates the preview as the settings change', async () => {
		const { user } = renderPostRatings( server, '/settings' );
		await ready();

		const question = screen.getByRole( 'textbox', {
			name: 'Rating Question',
		} );
		await user.clear( question );
		await user.type( question, 'Did this help?' );
		expect( preview().getByText( 'Did this help?' ) ).toHaveClass(
			'userfeedback-post-rating__question'
		);

		await user.click( screen.getByRole( 'radio', { name: 'Diamond' } ) );
		expect(
			preview()
				.getByRole( 'button', { name: 'Rate 1 out of 5' } )
				.querySelector( 'path' )
		).toHaveAttribute( 'd', ICONS[ 3 ].path );

		fireEvent.change( screen.getByLabelText( 'Icon Color' ), {
			target: { value: '#ff0000' },
		} );
		expect(
			widget().style.getPropertyValue( '--userfeedback-pr-icon' )
		).toBe( '#ff0000' );
		fireEvent.change( screen.getByLabelText( 'Background Color' ), {
			target: { value: '#000000' },
		} );
		expect(
			widget().style.getPropertyValue( '--userfeedback-pr-bg' )
		).toBe( '#000000' );

		await user.click(
			screen.getByRole( 'checkbox', { name: 'Show vote count' } )
		);
		expect( summary() ).toHaveTextContent( /^Average rating 5\/5\.$/ );
		await user.click(
			screen.getByRole( 'checkbox', { name: 'Show average rating' } )
		);
		expect( summary() ).toBeNull();

		await user.click(
			screen.getByRole( 'checkbox', { name: 'Show UserFeedback logo' } )
		);
		expect(
			preview().getByRole( 'link', { name: 'Powered by UserFeedback' } )
		).toHaveAttribute( 'href', 'https://www.userfeedback.com/' );

		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Font' } ),
			'Lato'
		);
		expect( widget().style.fontFamily ).toContain( 'Lato' );
		const link = document.head.querySelector(
			'link[data-userfeedback-preview-font]'
		);
		// The catalogue's stylesheet: the plugin's own file, not Google's.
		expect( link ).toHaveAttribute(
			'href',
			'http://example.test/wp-content/plugins/userfeedback/build/fonts/lato.css?ver=test'
		);
		expect(
			document.querySelector( 'link[href*="googleapis"]' )
		).toBeNull();

		// A vote in the preview shows the thank-you message.
		await user.click(
			preview().getByRole( 'button', { name: 'Rate 3 out of 5' } )
		);
		expect( preview().getByRole( 'status' ) ).toHaveTextContent(
			'Thank you for rating this post!'
		);
		expect(
			preview().getByText( 'Click on a star to rate it!' )
		).not.toBeVisible();
		await user.click(
			screen.getByRole( 'button', { name: 'Show before voting' } )
		);
		expect(
			preview().getByText( 'Click on a star to rate it!' )
		).toBeVisible();
	} );

	it( 'shows the shortcode and block hint for the manual position', async () => {
		const { user } = renderPostRatings( server, '/settings' );
		await ready();
		expect(
			screen.queryByText( /\[userfeedback_post_rating\]/ )
		).toBeNull();
		await user.selectOptions(
			screen.getByRole( 'combobox', { name: 'Display Position' } ),
			'manual'
		);
		expect(
			screen.getByText( /\[userfeedback_post_rating\] shortcode/ )
		).toHaveTextContent( 'userfeedback/post-rating' );
	} );

	it( 'offers Reset to default only for changed settings, and restores the default', async () => {
		api().settings = {
			...DEFAULTS,
			rating_question: 'Rate me',
			icon_color: '#FF0000',
			show_vote_count: 'no',
		};
		const { user } = renderPostRatings( server, '/settings' );
		await ready();

		const resets = screen
			.getAllByRole( 'button', { name: /^Reset to default/ } )
			.map( ( button ) => button.getAttribute( 'aria-label' ) );
		expect( resets ).toEqual( [
			'Reset to default: Icon Color',
			'Reset to default: Rating Question',
			'Reset to default: Show vote count',
		] );

		await user.click(
			screen.getByRole( 'button', {
				name: 'Reset to default: Rating Question',
			} )
		);
		expect(
			screen.getByRole( 'textbox', { name: 'Rating Question' } )
		).toHaveValue( 'How would you rate this post?' );
		expect(
			screen.queryByRole( 'button', {
				name: 'Reset to default: Rating Question',
			} )
		).not.toBeInTheDocument();

		await user.click(
			screen.getByRole( 'button', {
				name: 'Reset to default: Icon Color',
			} )
		);
		expect( screen.getByLabelText( 'Icon Color' ) ).toHaveValue(
			'#1579ef'
		);
		await user.click(
			screen.getByRole( 'button', {
				name: 'Reset to default: Show vote count',
			} )
		);
		expect(
			screen.getByRole( 'checkbox', { name: 'Show vote count' } )
		).toBeChecked();
		expect(
			screen.queryByRole( 'button', { name: /^Reset to default/ } )
		).not.toBeInTheDocument();

		// Editing a setting away from its default offers the reset.
		await user.click( screen.getByRole( 'radio', { name: 'Bolt' } ) );
		expect(
			screen.getByRole( 'button', { name: 'Reset to default: Icon' } )
		).toBeInTheDocument();
	} );

	it( 'is read-only, with a note, for users who cannot manage settings', async () => {
		api().settings = { ...DEFAULTS, rating_question: 'Rate me' };
		renderPostRatings( server, '/settings', {
			user: {
				id: 2,
				display_name: 'editor',
				capabilities: { view_results: true, manage_settings: false },
			},
		} );
		await screen.findByRole( 'textbox', { name: 'Rating Question' } );
		expect(
			document.querySelector( '.components-notice__content' )
		).toHaveTextContent(
			'You can view these settings, but only users who can manage UserFeedback settings can change them.'
		);
		expect(
			screen.getByRole( 'textbox', { name: 'Rating Question' } )
		).toBeDisabled();
		expect( screen.getByRole( 'radio', { name: 'Star' } ) ).toBeDisabled();
		expect(
			screen.getByRole( 'checkbox', { name: 'Show average rating' } )
		).toBeDisabled();
		expect(
			screen.queryByRole( 'button', { name: 'Save Settings' } )
		).not.toBeInTheDocument();
		expect(
			screen.queryByRole( 'button', { name: /^Reset to default/ } )
		).not.toBeInTheDocument();
		expect( preview().getByText( 'Rate me' ) ).toBeInTheDocument();
	} );
} );
