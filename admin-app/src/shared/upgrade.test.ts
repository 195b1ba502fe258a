import { describe, expect, it } from 'vitest';

import { makeConfig } from './test/fixtures';
import { upgradeUrl } from './upgrade';

describe( 'upgradeUrl', () => {
	it( 'adds source, medium, campaign and the plugin version for Lite', () => {
		const url = new URL(
			upgradeUrl(
				{ medium: 'upgrade-dialog', campaign: 'scheduling' },
				makeConfig( { version: '1.2.3' } )
			)
		);
		expect( url.origin + url.pathname ).toBe(
			'https://userfeedback.com/lite/'
		);
		expect( Object.fromEntries( url.searchParams ) ).toEqual( {
			utm_source: 'liteplugin',
			utm_medium: 'upgrade-dialog',
			utm_campaign: 'scheduling',
			utm_content: '1.2.3',
		} );
	} );

	it( 'uses proplugin as the source on the Pro edition', () => {
		const url = new URL(
			upgradeUrl(
				{ medium: 'settings-general', campaign: 'license' },
				makeConfig( {
					entitlements: { edition: 'pro', is_pro: true },
				} )
			)
		);
		expect( url.searchParams.get( 'utm_source' ) ).toBe( 'proplugin' );
		expect( url.searchParams.get( 'utm_medium' ) ).toBe(
			'settings-general'
		);
	} );

	it( 'keeps a query the upgrade URL already has and encodes values', () => {
		const config = makeConfig();
		config.urls.upgrade = 'https://userfeedback.com/lite/?discount=LITE50';
		const url = new URL(
			upgradeUrl( { medium: 'a b', campaign: 'x&y' }, config )
		);
		expect( url.searchParams.get( 'discount' ) ).toBe( 'LITE50' );
		expect( url.searchParams.get( 'utm_medium' ) ).toBe( 'a b' );
		expect( url.searchParams.get( 'utm_campaign' ) ).toBe( 'x&y' );
	} );
} );
