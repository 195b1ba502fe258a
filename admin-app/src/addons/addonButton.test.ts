import { describe, expect, it } from 'vitest';

import type { Addon, LicenseType } from '../shared/types';
import {
	addonButton,
	addonStatus,
	busyFor,
	filterAddons,
	type AddonSite,
} from './addonButton';

function addon( overrides: Partial< Addon > = {} ): Addon {
	return {
		slug: 'behavior',
		title: 'Behavior',
		excerpt: 'Show surveys at the right moment.',
		icon: 'http://site.test/icons/behavior.svg',
		installed: false,
		active: false,
		type: 'licensed',
		redirect: '',
		basename: 'userfeedback-behavior/userfeedback-behavior.php',
		url: 'https://store.test/package/behavior.zip',
		setup_complete: false,
		...overrides,
	};
}

function site(
	edition: 'lite' | 'pro-unlicensed' | LicenseType,
	overrides: Partial< Omit< AddonSite, 'entitlements' > > = {}
): AddonSite {
	const isPro = edition !== 'lite';
	const licensed = isPro && edition !== 'pro-unlicensed';
	return {
		entitlements: {
			is_pro: isPro,
			is_licensed: licensed,
			license_type: licensed ? ( edition as LicenseType ) : null,
		},
		can_install: true,
		can_activate: true,
		...overrides,
	};
}

describe( 'addonButton()', () => {
	it( 'links to the outside page of an addon with a redirect, whatever its state', () => {
		const redirect = 'https://partner.test/addon';
		expect( addonButton( addon( { redirect } ), site( 'pro' ) ) ).toBe(
			'redirect'
		);
		expect(
			addonButton(
				addon( { redirect, installed: true, active: true } ),
				site( 'lite' )
			)
		).toBe( 'redirect' );
	} );

	it( 'offers Deactivate for an active addon, to users who may manage plugins', () => {
		const active = addon( { installed: true, active: true } );
		expect( addonButton( active, site( 'pro' ) ) ).toBe( 'deactivate' );
		expect( addonButton( active, site( 'pro-unlicensed' ) ) ).toBe(
			'deactivate'
		);
		expect(
			addonButton( active, site( 'pro', { can_activate: false } ) )
		).toBe( 'none' );
	} );

	it( 'offers Activate for an installed, inactive addon on a licensed Pro site', () => {
		const installed = addon( { installed: true } );
		expect( addonButton( installed, site( 'pro' ) ) ).toBe( 'activate' );
		expect( addonButton( installed, site( 'elite' ) ) ).toBe( 'activate' );
		expect( addonButton( installed, site( 'plus' ) ) ).toBe( 'activate' );
		expect(
			addonButton( installed, site( 'pro', { can_activate: false } ) )
		).toBe( 'none' );
	} );

	it( 'sends Pro sites without a valid licence to enter one (Activate License)', () => {
		expect(
			addonButton(
				addon( { installed: true } ),
				site( 'pro-unlicensed' )
			)
		).toBe( 'activate-license' );
	} );

	it( 'offers Install Addon when the licence may download it and the user may install', () => {
		expect( addonButton( addon(), site( 'pro' ) ) ).toBe( 'install' );
		expect( addonButton( addon(), site( 'elite' ) ) ).toBe( 'install' );
		expect(
			addonButton( addon(), site( 'pro', { can_install: false } ) )
		).toBe( 'none' );
		// No package URL from the store: nothing to install from.
		expect( addonButton( addon( { url: '' } ), site( 'pro' ) ) ).toBe(
			'none'
		);
	} );

	it( 'offers Upgrade Now when the addon is not covered: type unlicensed, a Plus licence, or Lite', () => {
		expect(
			addonButton( addon( { type: 'unlicensed' } ), site( 'pro' ) )
		).toBe( 'upgrade' );
		expect( addonButton( addon(), site( 'plus' ) ) ).toBe( 'upgrade' );
		expect( addonButton( addon(), site( 'lite' ) ) ).toBe( 'upgrade' );
		expect(
			addonButton(
				addon( { type: 'unlicensed' } ),
				site( 'pro-unlicensed' )
			)
		).toBe( 'upgrade' );
		expect(
			addonButton( addon( { installed: true } ), site( 'lite' ) )
		).toBe( 'upgrade' );
	} );
} );

describe( 'addonStatus()', () => {
	it( 'labels active, installed, upgradeable and installable addons', () => {
		const active = addon( { installed: true, active: true } );
		expect( addonStatus( active, 'deactivate' ) ).toBe( 'active' );
		expect( addonStatus( addon( { installed: true } ), 'activate' ) ).toBe(
			'not-active'
		);
		expect(
			addonStatus( addon( { installed: true } ), 'activate-license' )
		).toBe( 'not-active' );
		expect( addonStatus( addon(), 'upgrade' ) ).toBe( 'upgrade-required' );
		expect( addonStatus( addon(), 'install' ) ).toBe( 'not-installed' );
		expect( addonStatus( addon(), 'redirect' ) ).toBe( 'not-installed' );
		expect( addonStatus( addon(), 'none' ) ).toBe( 'not-installed' );
	} );
} );

describe( 'busyFor()', () => {
	it( 'starts install with installing, and only the three actions are busy', () => {
		expect( busyFor( 'install' ) ).toBe( 'installing' );
		expect( busyFor( 'activate' ) ).toBe( 'activating' );
		expect( busyFor( 'deactivate' ) ).toBe( 'deactivating' );
		expect( busyFor( 'upgrade' ) ).toBeNull();
		expect( busyFor( 'redirect' ) ).toBeNull();
		expect( busyFor( 'activate-license' ) ).toBeNull();
		expect( busyFor( 'none' ) ).toBeNull();
	} );
} );

describe( 'filterAddons()', () => {
	const all = [
		addon( { slug: 'behavior', title: 'Behavior' } ),
		addon( { slug: 'geo-restrictions', title: 'Geo Restrictions' } ),
		addon( { slug: 'question-types', title: 'Question Types' } ),
	];

	it( 'keeps addons whose title contains the text, ignoring case and outer spaces', () => {
		expect(
			filterAddons( all, '  GEO ' ).map( ( item ) => item.slug )
		).toEqual( [ 'geo-restrictions' ] );
		expect(
			filterAddons( all, 'ti' ).map( ( item ) => item.slug )
		).toEqual( [ 'geo-restrictions', 'question-types' ] );
	} );

	it( 'matches titles only, and keeps everything for an empty search', () => {
		expect( filterAddons( all, 'right moment' ) ).toEqual( [] );
		expect( filterAddons( all, '' ) ).toBe( all );
	} );
} );
