/**
 * The post-ratings page's routes and gate: the redirect, the tabs, and the feature's gate
 * in place of the screens (with no call to the feature's routes).
 */
import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';

import { feature } from '../shared/test/fixtures';
import { useUpgradeDialog } from '../shared/upgrade';
import { renderPostRatings } from './test/render';
import { ready, settingsSuite } from './test/settingsSuite';

const { server } = settingsSuite();
const postRatingsCalls = () =>
	server.received
		.map( ( request ) => request.url )
		.filter( ( url ) => url.includes( '/post-ratings' ) );

describe( 'Post ratings: routes and gate', () => {
	it( 'redirects / to the settings tab, with Settings and Results tabs', async () => {
		const { location } = renderPostRatings( server, '/' );
		await ready();
		expect( location().pathname ).toBe( '/settings' );
		const tabs = screen.getByRole( 'navigation', {
			name: 'Post ratings sections',
		} );
		expect(
			within( tabs ).getByRole( 'link', { name: 'Settings' } )
		).toHaveAttribute( 'aria-current', 'page' );
		expect(
			within( tabs ).getByRole( 'link', { name: 'Results' } )
		).toHaveAttribute( 'href', '/results' );
	} );

	it( 'shows the addon gate instead of the screens, and calls no route', async () => {
		renderPostRatings( server, '/settings', {
			features: {
				post_ratings: feature( {
					allowed: false,
					label: 'Post Ratings',
					reason: 'addon',
					addon: 'post-ratings',
					plan: 'pro',
				} ),
			},
		} );
		expect(
			screen.getByText(
				'Post Ratings needs the Post Ratings addon to be active.'
			)
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Activate Addon' } )
		).toHaveAttribute(
			'href',
			'http://site.test/wp-admin/admin.php?page=userfeedback_addons'
		);
		expect(
			screen.queryByRole( 'navigation', {
				name: 'Post ratings sections',
			} )
		).not.toBeInTheDocument();
		await new Promise( ( resolve ) => setTimeout( resolve, 100 ) );
		// The shell's notifications are not the feature's.
		expect( postRatingsCalls() ).toEqual( [] );
	} );

	it( 'offers the upgrade dialog on Lite', async () => {
		const { user } = renderPostRatings( server, '/results', {
			entitlements: { edition: 'lite', is_pro: false },
			features: {
				post_ratings: feature( {
					allowed: false,
					label: 'Post Ratings',
					reason: 'upgrade',
					addon: 'post-ratings',
				} ),
			},
		} );
		expect(
			screen.getByText( 'Post Ratings is a Pro feature.' )
		).toBeInTheDocument();
		await user.click(
			screen.getByRole( 'button', { name: 'Upgrade to Pro' } )
		);
		expect( useUpgradeDialog.getState().feature ).toBe( 'post_ratings' );
		// The shell's notifications are not the feature's.
		expect( postRatingsCalls() ).toEqual( [] );
	} );
} );
