import {
	act,
	fireEvent,
	render,
	screen,
	waitFor,
} from '@testing-library/react';
import { afterEach, describe, expect, it } from 'vitest';

import { ConfigProvider } from '../context';
import { feature, makeConfig } from '../test/fixtures';
import type { AppConfig, FeatureKey } from '../types';
import { useUpgradeDialog } from '../upgrade';
import { UpgradeDialog } from './UpgradeDialog';

function openDialog( config: AppConfig, key: FeatureKey = 'scheduling' ) {
	render(
		<ConfigProvider config={ config }>
			<UpgradeDialog />
		</ConfigProvider>
	);
	act( () => useUpgradeDialog.getState().open( key ) );
}

const SETTINGS_URL =
	'http://site.test/wp-admin/admin.php?page=userfeedback_settings';

describe( 'UpgradeDialog', () => {
	afterEach( () => {
		act( () => useUpgradeDialog.getState().close() );
	} );

	it( 'asks Lite users to upgrade, with the bonus and a tracked link', () => {
		openDialog( makeConfig( { version: '0.1.0' } ) );

		const dialog = screen.getByRole( 'dialog', {
			name: 'Scheduling is a Pro feature',
		} );
		expect( dialog ).toHaveTextContent(
			"We're sorry, the Scheduling is not available on your plan. Please upgrade to the Pro plan to unlock all these awesome features."
		);
		expect( dialog ).toHaveTextContent( '50% off regular price' );

		const upgrade = new URL(
			screen
				.getByRole( 'link', { name: 'Upgrade to Pro' } )
				.getAttribute( 'href' ) as string
		);
		expect( Object.fromEntries( upgrade.searchParams ) ).toEqual( {
			utm_source: 'liteplugin',
			utm_medium: 'upgrade-dialog',
			utm_campaign: 'scheduling',
			utm_content: '0.1.0',
		} );
		expect(
			screen.getByRole( 'link', {
				name: 'Enter your license key in Settings',
			} )
		).toHaveAttribute( 'href', SETTINGS_URL );
	} );

	it( 'names the plan the feature needs and skips the Lite bonus on Pro', () => {
		openDialog(
			makeConfig( {
				entitlements: {
					edition: 'pro',
					is_pro: true,
					is_licensed: true,
					license_type: 'plus',
				},
				features: {
					ai_summary: feature( {
						label: 'AI Summary',
						plan: 'elite',
					} ),
				},
			} ),
			'ai_summary'
		);
		const dialog = screen.getByRole( 'dialog', {
			name: 'AI Summary is an Elite feature',
		} );
		expect( dialog ).toHaveTextContent(
			'Please upgrade to the Elite plan'
		);
		expect( dialog ).not.toHaveTextContent( '50% off' );
		expect(
			screen.getByRole( 'link', { name: 'Upgrade to Elite' } )
		).toHaveAttribute(
			'href',
			expect.stringContaining( 'utm_source=proplugin' )
		);
	} );

	it( 'asks for a licence key when that is what is missing', () => {
		openDialog(
			makeConfig( {
				entitlements: { edition: 'pro', is_pro: true },
				features: { scheduling: feature( { reason: 'license' } ) },
			} )
		);
		const dialog = screen.getByRole( 'dialog', {
			name: 'Scheduling needs a valid license key',
		} );
		expect( dialog ).toHaveTextContent( 'needs a valid Pro license key' );
		expect(
			screen.getByRole( 'link', { name: 'Enter License Key' } )
		).toHaveAttribute( 'href', SETTINGS_URL );
		expect(
			screen.queryByRole( 'link', { name: /Upgrade to/ } )
		).not.toBeInTheDocument();
	} );

	it( 'sends to the Addons page when an addon is missing', () => {
		openDialog(
			makeConfig( {
				entitlements: {
					edition: 'pro',
					is_pro: true,
					is_licensed: true,
					license_type: 'pro',
				},
				features: {
					behavior: feature( {
						label: 'Behavior',
						reason: 'addon',
						addon: 'behavior',
					} ),
				},
			} ),
			'behavior'
		);
		expect(
			screen.getByRole( 'dialog', {
				name: 'Behavior needs the Behavior addon',
			} )
		).toBeInTheDocument();
		expect(
			screen.getByRole( 'link', { name: 'Activate Addon' } )
		).toHaveAttribute(
			'href',
			'http://site.test/wp-admin/admin.php?page=userfeedback_addons'
		);
	} );

	it( 'shows nothing for an allowed feature, and closes', async () => {
		openDialog(
			makeConfig( {
				features: {
					scheduling: feature( { allowed: true, reason: null } ),
				},
			} )
		);
		expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument();

		act( () => useUpgradeDialog.getState().open( 'export' ) );
		// Not in the config: treated as locked rather than silently allowed.
		expect(
			screen.getByRole( 'dialog', { name: 'Export is a Pro feature' } )
		).toBeInTheDocument();
		fireEvent.click( screen.getByRole( 'button', { name: /close/i } ) );
		// The Modal closes after its exit animation.
		await waitFor( () =>
			expect( screen.queryByRole( 'dialog' ) ).not.toBeInTheDocument()
		);
		expect( useUpgradeDialog.getState().feature ).toBeNull();
	} );
} );
