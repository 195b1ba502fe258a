import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
	deviceTier,
	hiddenReason,
	isSubmitted,
	pickSurvey,
	reasonFor,
} from './select';
import { makeConfig, makeSurvey, userAgents } from './test/fixtures';
import type {
	Device,
	SurveyTarget,
	WidgetConfig,
	WidgetFeature,
} from './types';

type Settings = SurveyTarget[ 'settings' ];

const ALL = Object.fromEntries(
	(
		[
			'advanced_question_types',
			'device_targeting',
			'page_targeting',
			'behavior',
			'geo_targeting',
		] as WidgetFeature[]
	 ).map( ( feature ) => [ feature, true ] )
);

function survey( id: number, settings: Settings = {}, more = {} ) {
	return makeSurvey( {
		id,
		cookie_name: `uf-${ id }`,
		settings: { targeting: { devices: [] }, ...settings },
		...more,
	} );
}

function config( surveys: SurveyTarget[], features = {} ): WidgetConfig {
	return makeConfig( { surveys, features } );
}

function setCookie( name: string, value: unknown ) {
	document.cookie = `${ name }=${ encodeURIComponent(
		JSON.stringify( value )
	) }; path=/`;
}

const reason = (
	s: SurveyTarget,
	features: WidgetConfig[ 'features' ] = ALL,
	device: Device = 'desktop'
) => hiddenReason( s, config( [ s ], features ), device );

afterEach( () => {
	vi.useRealTimers();
} );

describe( 'deviceTier', () => {
	it.each( [
		[ 'desktop', userAgents.windowsChrome, 0 ],
		[ 'desktop', userAgents.macSafari, 0 ],
		[ 'desktop', userAgents.linuxFirefox, 0 ],
		[ 'mobile', userAgents.iphone, 5 ],
		[ 'mobile', userAgents.iphoneChrome, 5 ],
		[ 'mobile', userAgents.iphoneWebView, 5 ],
		[ 'mobile', userAgents.ipod, 5 ],
		[ 'mobile', userAgents.operaMini, 0 ],
		[ 'mobile', userAgents.blackberry, 0 ],
		[ 'mobile', userAgents.androidPhone, 5 ],
		[ 'mobile', userAgents.samsungPhone, 5 ],
		[ 'mobile', userAgents.firefoxAndroid, 5 ],
		[ 'tablet', userAgents.androidTablet, 5 ],
		[ 'tablet', userAgents.ipad, 5 ],
		[ 'tablet', userAgents.kindleFire, 5 ],
		[ 'tablet', userAgents.kindleEreader, 5 ],
		// iPadOS 13+ presents itself as a Mac; only touch gives it away.
		[ 'tablet', userAgents.macSafari, 5 ],
	] )( '%s for %s (%i touch points)', ( tier, ua, touchPoints ) => {
		expect( deviceTier( ua, touchPoints ) ).toBe( tier );
	} );

	it( 'reads no touch points as none', () => {
		expect( deviceTier( userAgents.macSafari ) ).toBe( 'desktop' );
	} );
} );

describe( 'isSubmitted', () => {
	const encoded = ( value: unknown ) =>
		encodeURIComponent( JSON.stringify( value ) );

	it( 'is true only when the JSON says submitted: true', () => {
		expect(
			isSubmitted( encoded( { submitted: true, last_response_id: 9 } ) )
		).toBe( true );
		expect( isSubmitted( '{"submitted":true}' ) ).toBe( true );
		expect(
			isSubmitted(
				encoded( { submitted: false, last_response_id: null } )
			)
		).toBe( false );
		expect( isSubmitted( '' ) ).toBe( false );
		expect( isSubmitted( 'garbage%' ) ).toBe( false );
		expect( isSubmitted( encoded( { submitted: 'true' } ) ) ).toBe( false );
	} );
} );

describe( 'what hides a survey floating and inline', () => {
	const gate = ( s: SurveyTarget, c: WidgetConfig ) => hiddenReason( s, c );

	beforeEach( () => {
		vi.useFakeTimers( { toFake: [ 'Date' ] } );
		vi.setSystemTime( new Date( '2025-06-15T12:00:00Z' ) );
	} );

	it( 'hides a survey scheduled for later', () => {
		const later = survey( 1, {}, { publish_at: '2025-06-15T12:00:01Z' } );
		expect( gate( later, config( [ later ] ) ) ).toBe( 'scheduled' );
	} );

	it( 'shows a survey whose schedule has come, or that has none', () => {
		for ( const publishAt of [
			'2025-06-15T12:00:00Z',
			'2025-06-15T13:00:00+02:00',
			null,
			undefined,
		] ) {
			const s = survey( 1, {}, { publish_at: publishAt } );
			expect( gate( s, config( [ s ] ) ) ).toBeUndefined();
		}
	} );

	// Question types are no longer checked in the browser (the slim config carries no
	// questions): the server marks a survey whose question-types addon lapsed with
	// needs_pro, which hides it.
	it.each( [ 'star-rating', 'nps' ] as const )(
		'shows a survey with %s questions whatever the question-types addon',
		( type ) => {
			const s = survey(
				1,
				{},
				{
					questions: [
						...makeSurvey().questions,
						{ id: 3, title: 'Rate us', type, config: {} },
					],
				}
			);
			expect( gate( s, config( [ s ] ) ) ).toBeUndefined();
			expect( reason( s, {} ) ).toBeUndefined();
			const lapsed = { ...s, needs_pro: [ 'advanced_question_types' ] };
			expect( gate( lapsed, config( [ lapsed ] ) ) ).toBe( 'needs_pro' );
		}
	);

	it( 'hides a survey that uses what the site may no longer use, floating and inline', () => {
		const lapsed = survey( 1, {}, { needs_pro: [ 'page_targeting' ] } );
		expect( gate( lapsed, config( [ lapsed ] ) ) ).toBe( 'needs_pro' );
		// Even where every feature is on: the server knows the licence, the page may be stale.
		expect( reason( lapsed ) ).toBe( 'needs_pro' );
		expect( reason( lapsed, ALL, 'mobile' ) ).toBe( 'needs_pro' );
		const renewed = survey( 2, {}, { needs_pro: [] } );
		expect( gate( renewed, config( [ renewed ] ) ) ).toBeUndefined();
		expect( reason( renewed ) ).toBeUndefined();
	} );

	it( 'records needs_pro for the survey it passes over and shows the next', async () => {
		window.userfeedbackHidden = [];
		const lapsed = survey( 1, {}, { needs_pro: [ 'behavior' ] } );
		const plain = survey( 2 );
		const picked = await pickSurvey(
			config( [ lapsed, plain ], ALL ),
			'desktop',
			[]
		);
		expect( picked?.id ).toBe( 2 );
		expect( window.userfeedbackHidden ).toEqual( [
			{ survey_id: 1, reason: 'needs_pro' },
		] );
	} );
} );

describe( 'hiddenReason', () => {
	it( 'for an inline survey (no device), stops after the schedule and the addon', () => {
		setCookie( 'uf-1', { submitted: true } );
		const s = survey( 1, {
			targeting: {
				devices: [ 'mobile' ],
				pages: 'select',
				page_rules: [
					{ logic: 'page_url_contains', operator: '&&', data: '/x/' },
				],
			},
			behavior: {
				run_time: 'expire',
				expire_at: { month: 1, day: 1 },
			},
		} );
		expect( hiddenReason( s, config( [ s ], {} ) ) ).toBeUndefined();
		expect( hiddenReason( s, config( [ s ], ALL ) ) ).toBeUndefined();
	} );

	it( 'passes a plain survey on a desktop', () => {
		expect( reason( survey( 1 ), {} ) ).toBeUndefined();
	} );

	it( 'checks the schedule first', () => {
		const s = survey(
			1,
			{ targeting: { devices: [ 'mobile' ] } },
			{ publish_at: '2999-01-01T00:00:00Z' }
		);
		expect( reason( s ) ).toBe( 'scheduled' );
	} );

	describe( 'devices', () => {
		it( 'tablets and phones need the targeting addon', () => {
			const s = survey( 1 );
			expect( reason( s, {}, 'mobile' ) ).toBe( 'targeting_addon' );
			expect( reason( s, {}, 'tablet' ) ).toBe( 'targeting_addon' );
			expect( reason( s, {}, 'desktop' ) ).toBeUndefined();
			expect(
				reason( s, { device_targeting: true }, 'mobile' )
			).toBeUndefined();
		} );

		it( 'the tier must be on a non-empty device list', () => {
			const desktopOnly = survey( 1, {
				targeting: { devices: [ 'desktop' ] },
			} );
			const handheld = survey( 2, {
				targeting: { devices: [ 'tablet', 'mobile' ] },
			} );
			expect( reason( desktopOnly, ALL, 'mobile' ) ).toBe( 'device' );
			expect( reason( desktopOnly, ALL, 'desktop' ) ).toBeUndefined();
			expect( reason( handheld, ALL, 'desktop' ) ).toBe( 'device' );
			expect( reason( handheld, ALL, 'tablet' ) ).toBeUndefined();
			expect( reason( handheld, {}, 'desktop' ) ).toBe( 'device' );
			expect( reason( survey( 3 ), ALL, 'tablet' ) ).toBeUndefined();
			expect(
				reason( survey( 4, { targeting: {} } ), ALL, 'mobile' )
			).toBeUndefined();
		} );
	} );

	describe( 'run time', () => {
		const expiring = ( month: unknown, day: unknown ) =>
			survey( 1, {
				behavior: {
					run_time: 'expire',
					expire_at: { month, day } as never,
				},
			} );

		beforeEach( () => {
			vi.useFakeTimers( { toFake: [ 'Date' ] } );
			// June 15 in the visitor's local time.
			vi.setSystemTime( new Date( 2025, 5, 15, 23, 30 ) );
		} );

		it( 'hides a survey past its month and day of this year', () => {
			expect( reason( expiring( 6, 14 ) ) ).toBe( 'expired' );
			expect( reason( expiring( 1, 31 ) ) ).toBe( 'expired' );
			expect( reason( expiring( '5', '31' ) ) ).toBe( 'expired' );
		} );

		it( 'shows it on the day itself and before', () => {
			expect( reason( expiring( 6, 15 ) ) ).toBeUndefined();
			expect( reason( expiring( 6, 16 ) ) ).toBeUndefined();
			expect( reason( expiring( 12, 31 ) ) ).toBeUndefined();
		} );

		it( 'takes a day the month does not have as its last', () => {
			vi.setSystemTime( new Date( 2025, 5, 30, 12 ) );
			expect( reason( expiring( 6, 31 ) ) ).toBeUndefined();
			vi.setSystemTime( new Date( 2025, 6, 1, 0, 0 ) );
			expect( reason( expiring( 6, 31 ) ) ).toBe( 'expired' );
		} );

		it( 'ignores the date without the behavior addon, when indefinite, or when unset', () => {
			expect(
				reason( expiring( 1, 1 ), { ...ALL, behavior: false } )
			).toBeUndefined();
			expect(
				reason(
					survey( 1, {
						behavior: {
							run_time: 'indefinitely',
							expire_at: { month: 1, day: 1 },
						},
					} )
				)
			).toBeUndefined();
			expect( reason( expiring( null, null ) ) ).toBeUndefined();
			expect(
				reason( survey( 1, { behavior: { run_time: 'expire' } } ) )
			).toBeUndefined();
		} );
	} );

	describe( 'display length and the survey cookie', () => {
		const SHOWN = { submitted: false, last_response_id: null };
		const ANSWERED = { submitted: true, last_response_id: 12 };

		it.each( [
			// display_length, behavior addon, cookie, hidden?
			[ 'until_response', true, null, false ],
			[ 'until_response', true, SHOWN, false ],
			[ 'until_response', true, ANSWERED, true ],
			[ 'until_response', false, ANSWERED, true ],
			[ 'once', true, null, false ],
			[ 'once', true, SHOWN, true ],
			[ 'once', true, ANSWERED, true ],
			[ 'once', false, SHOWN, false ],
			[ 'once', false, ANSWERED, true ],
			[ 'repeatedly', true, null, false ],
			[ 'repeatedly', true, SHOWN, false ],
			[ 'repeatedly', true, ANSWERED, false ],
			[ 'repeatedly', false, SHOWN, false ],
			[ 'repeatedly', false, ANSWERED, true ],
			[ undefined, true, ANSWERED, true ],
			[ undefined, true, SHOWN, false ],
		] )(
			'%s, behavior addon %s, cookie %j: hidden %s',
			( length, behavior, cookie, hidden ) => {
				const s = survey( 1, {
					behavior: { display_length: length },
				} );
				if ( cookie ) {
					setCookie( 'uf-1', cookie );
				}
				expect( reason( s, { ...ALL, behavior } ) ).toBe(
					hidden ? 'cookie' : undefined
				);
			}
		);

		it( 'reads only its own cookie', () => {
			setCookie( 'uf-10', { submitted: true } );
			setCookie( 'xuf-1', { submitted: true } );
			expect( reason( survey( 1 ) ) ).toBeUndefined();
		} );

		it( 'counts an unreadable cookie as shown but not answered', () => {
			document.cookie = 'uf-1=garbage%; path=/';
			expect( reason( survey( 1 ) ) ).toBeUndefined();
			expect(
				reason( survey( 1, { behavior: { display_length: 'once' } } ) )
			).toBe( 'cookie' );
		} );
	} );

	// Page rules are read by the narrow chunk, which reasonFor() imports for a survey
	// that has them: hiddenReason() alone leaves them out.
	describe( 'page rules', () => {
		const full = (
			s: SurveyTarget,
			features: WidgetConfig[ 'features' ] = ALL,
			more: Partial< WidgetConfig > = {}
		) =>
			reasonFor(
				s,
				makeConfig( { surveys: [ s ], features, ...more } ),
				'desktop'
			);

		const onShopOnly = survey( 1, {
			targeting: {
				pages: 'select',
				page_rules: [
					{
						logic: 'page_url_contains',
						operator: '&&',
						data: '/shop/',
					},
				],
			},
		} );

		it( 'hides a survey whose rules do not match this page', async () => {
			expect( reason( onShopOnly ) ).toBeUndefined();
			expect( await full( onShopOnly ) ).toBe( 'pages' );
		} );

		it( 'shows it where they match', async () => {
			history.replaceState( null, '', '/shop/shoes/' );
			expect( await full( onShopOnly ) ).toBeUndefined();
			history.replaceState( null, '', '/' );
		} );

		it( 'ignores them without the targeting addon, or with pages: all', async () => {
			expect(
				await full( onShopOnly, { ...ALL, page_targeting: false } )
			).toBeUndefined();
			expect(
				await full(
					survey( 1, {
						targeting: {
							pages: 'all',
							page_rules:
								onShopOnly.settings.targeting!.page_rules,
						},
					} )
				)
			).toBeUndefined();
		} );

		it( 'reads the page context from the config', async () => {
			const s = survey( 1, {
				targeting: {
					pages: 'select',
					page_rules: [
						{
							logic: 'post_type_is',
							operator: '&&',
							data: [ { id: 'product', label: 'Product' } ],
						},
					],
				},
			} );
			expect( await full( s ) ).toBe( 'pages' );
			expect(
				await full( s, ALL, {
					context: { post_type: 'product', post_id: 3 },
				} )
			).toBeUndefined();
			expect( await full( s, ALL, { context: undefined } ) ).toBe(
				'pages'
			);
		} );
	} );
} );

describe( 'pickSurvey', () => {
	let fetchMock: ReturnType< typeof vi.fn >;

	const geoSurvey = ( id: number, countries: string[], target = 'select' ) =>
		survey( id, {
			geo_targeting: {
				target: target as 'select' | 'all',
				countries,
			},
		} );

	function answer( body: unknown, ok = true ) {
		fetchMock.mockResolvedValue(
			new Response( JSON.stringify( body ), { status: ok ? 200 : 500 } )
		);
	}

	beforeEach( () => {
		window.userfeedbackHidden = [];
		fetchMock = vi.fn();
		vi.stubGlobal( 'fetch', fetchMock );
	} );

	afterEach( () => {
		delete window.userfeedbackHidden;
	} );

	it( 'takes the first survey that passes, in the config order', async () => {
		const surveys = [ survey( 1 ), survey( 2 ) ];
		expect(
			( await pickSurvey( config( surveys ), 'desktop', [] ) )?.id
		).toBe( 1 );
		expect( window.userfeedbackHidden ).toEqual( [] );
	} );

	it( 'records every survey it passes over, with why, and stops at the pick', async () => {
		setCookie( 'uf-3', { submitted: true } );
		const surveys = [
			survey( 1, {}, { publish_at: '2999-01-01T00:00:00Z' } ),
			survey( 2, { targeting: { devices: [ 'mobile' ] } } ),
			survey( 3 ),
			survey( 4 ),
			survey( 5, {}, { publish_at: '2999-01-01T00:00:00Z' } ),
		];
		expect(
			( await pickSurvey( config( surveys, ALL ), 'desktop', [] ) )?.id
		).toBe( 4 );
		expect( window.userfeedbackHidden ).toEqual( [
			{ survey_id: 1, reason: 'scheduled' },
			{ survey_id: 2, reason: 'device' },
			{ survey_id: 3, reason: 'cookie' },
		] );
	} );

	it( 'leaves out the surveys shown inline', async () => {
		const surveys = [ survey( 1 ), survey( 2 ) ];
		expect(
			( await pickSurvey( config( surveys ), 'desktop', [ 1 ] ) )?.id
		).toBe( 2 );
		expect( window.userfeedbackHidden ).toEqual( [
			{ survey_id: 1, reason: 'inline' },
		] );
	} );

	it( 'answers undefined when nothing passes', async () => {
		const s = survey( 1 );
		expect(
			await pickSurvey( config( [ s ] ), 'mobile', [] )
		).toBeUndefined();
		expect( window.userfeedbackHidden ).toEqual( [
			{ survey_id: 1, reason: 'targeting_addon' },
		] );
	} );

	describe( 'country rules', () => {
		it( 'asks the server for the country and shows the survey in a listed one', async () => {
			answer( { country: 'FR' } );
			const c = config( [ geoSurvey( 1, [ 'DE', 'FR' ] ) ], ALL );
			expect( ( await pickSurvey( c, 'desktop', [] ) )?.id ).toBe( 1 );
			expect( fetchMock ).toHaveBeenCalledTimes( 1 );
			expect( fetchMock ).toHaveBeenCalledWith(
				'http://site.test/wp-json/userfeedback/v1/geo'
			);
		} );

		it( 'hides it elsewhere, for an unknown country and when the request fails', async () => {
			const c = config(
				[
					geoSurvey( 1, [ 'DE' ] ),
					geoSurvey( 2, [ 'FR' ] ),
					survey( 3 ),
				],
				ALL
			);
			answer( { country: 'US' } );
			expect( ( await pickSurvey( c, 'desktop', [] ) )?.id ).toBe( 3 );
			// Asked once for both surveys.
			expect( fetchMock ).toHaveBeenCalledTimes( 1 );
			expect( window.userfeedbackHidden ).toEqual( [
				{ survey_id: 1, reason: 'geo' },
				{ survey_id: 2, reason: 'geo' },
			] );

			for ( const setUp of [
				() => answer( { country: null } ),
				() => answer( { code: 'rest_error' }, false ),
				() => fetchMock.mockResolvedValue( new Response( '<html>' ) ),
				() => fetchMock.mockResolvedValue( new Response( 'null' ) ),
				() => fetchMock.mockRejectedValue( new TypeError( 'offline' ) ),
			] ) {
				setUp();
				window.userfeedbackHidden = [];
				expect(
					await pickSurvey(
						config( [ geoSurvey( 1, [ 'DE' ] ) ], ALL ),
						'desktop',
						[]
					)
				).toBeUndefined();
				expect( window.userfeedbackHidden ).toEqual( [
					{ survey_id: 1, reason: 'geo' },
				] );
			}
		} );

		it( 'does not ask without the geo addon, for every country, or with no country listed', async () => {
			const surveys = [
				geoSurvey( 1, [ 'DE' ] ),
				geoSurvey( 2, [ 'DE' ], 'all' ),
				geoSurvey( 3, [] ),
			];
			expect(
				(
					await pickSurvey(
						config( surveys, { ...ALL, geo_targeting: false } ),
						'desktop',
						[]
					)
				)?.id
			).toBe( 1 );
			expect(
				(
					await pickSurvey(
						config( surveys.slice( 1 ), ALL ),
						'desktop',
						[]
					)
				)?.id
			).toBe( 2 );
			expect(
				(
					await pickSurvey(
						config( surveys.slice( 2 ), ALL ),
						'desktop',
						[]
					)
				)?.id
			).toBe( 3 );
			expect( fetchMock ).not.toHaveBeenCalled();
		} );

		it( 'does not ask when a survey is hidden for another reason, or after the pick', async () => {
			const surveys = [
				survey( 1, {
					geo_targeting: { target: 'select', countries: [ 'DE' ] },
					targeting: { devices: [ 'mobile' ] },
				} ),
				survey( 2 ),
				geoSurvey( 3, [ 'DE' ] ),
			];
			expect(
				( await pickSurvey( config( surveys, ALL ), 'desktop', [] ) )
					?.id
			).toBe( 2 );
			expect( fetchMock ).not.toHaveBeenCalled();
			expect( window.userfeedbackHidden ).toEqual( [
				{ survey_id: 1, reason: 'device' },
			] );
		} );
	} );
} );
