/**
 * The loader's newer reasons to pass a survey over: end date, sample, cooldown, one
 * survey per page; and the order among several matching surveys.
 */
import { afterEach, beforeEach, describe, expect, it, vi } from 'vitest';

import {
	hiddenReason,
	pacedReason,
	pickSurvey,
	reasonFor,
	sampledReason,
} from './select';
import { makeConfig } from './test/fixtures';
import type { SurveyBehavior, SurveyTarget, WidgetConfig } from './types';

function target(
	id: number,
	behavior: SurveyBehavior = {},
	more: Partial< SurveyTarget > = {}
): SurveyTarget {
	return {
		id,
		cookie_name: `uf-pick-${ id }`,
		publish_at: null,
		v: '1',
		settings: { behavior, targeting: { devices: [] } },
		...more,
	};
}

function config(
	surveys: SurveyTarget[],
	more: Partial< WidgetConfig > = {}
): WidgetConfig {
	return makeConfig( {
		surveys,
		features: { behavior: true },
		...more,
	} as Partial< WidgetConfig > );
}

/** A seeded random source (Park-Miller): the same seed, the same draws. */
function seeded( seed: number ) {
	return () => {
		seed = ( seed * 16807 ) % 2147483647;
		return ( seed - 1 ) / 2147483646;
	};
}

const DAY = 864e5;

beforeEach( () => {
	localStorage.clear();
	sessionStorage.clear();
	window.userfeedbackHidden = [];
} );

afterEach( () => {
	vi.restoreAllMocks();
	vi.useRealTimers();
	delete window.userfeedbackHidden;
} );

describe( 'end date (settings.close.end_at)', () => {
	it( 'hides a survey once its end has passed, floating and inline', () => {
		vi.useFakeTimers( { toFake: [ 'Date' ] } );
		vi.setSystemTime( new Date( '2030-06-15T12:00:00Z' ) );
		const ended = target( 1, {}, { end_at: '2030-06-15T12:00:00Z' } );
		const running = target( 2, {}, { end_at: '2030-06-15T12:00:01Z' } );
		const c = config( [ ended, running ] );
		expect( hiddenReason( ended, c, 'desktop' ) ).toBe( 'closed' );
		expect( hiddenReason( ended, c ) ).toBe( 'closed' );
		expect( hiddenReason( running, c, 'desktop' ) ).toBeUndefined();
		vi.setSystemTime( new Date( '2030-06-15T12:00:02Z' ) );
		expect( hiddenReason( running, c ) ).toBe( 'closed' );
	} );

	it( 'without an end, or with one that does not parse, the survey runs', () => {
		for ( const endAt of [ null, undefined, '', 'soon' ] ) {
			const s = target( 1, {}, { end_at: endAt } );
			expect( hiddenReason( s, config( [ s ] ), 'desktop' ) ).toBe(
				undefined
			);
		}
	} );

	it( 'is enforced whatever the licence', () => {
		const s = target( 1, {}, { end_at: '2020-01-01T00:00:00Z' } );
		expect(
			hiddenReason( s, config( [ s ], { features: {} } ), 'desktop' )
		).toBe( 'closed' );
	} );
} );

describe( 'sampling (behavior.sample_percent)', () => {
	const sampled = ( percent: number ) =>
		target( 1, { sample_percent: percent } );

	it( 'draws once per visitor and survey, with Math.random, and remembers the draw', () => {
		const random = vi.spyOn( Math, 'random' ).mockReturnValue( 0.42 );
		const s = sampled( 40 );
		expect( sampledReason( s, config( [ s ] ) ) ).toBe( 'sampled_out' );
		expect( localStorage.uf_sample_1 ).toBe( '42' );
		// Later pages read the draw: no new one, the same answer.
		random.mockReturnValue( 0 );
		expect( sampledReason( s, config( [ s ] ) ) ).toBe( 'sampled_out' );
		expect( random ).toHaveBeenCalledTimes( 1 );
		// Raising the share lets the same visitor in.
		const raised = sampled( 43 );
		expect( sampledReason( raised, config( [ raised ] ) ) ).toBeUndefined();
	} );

	it( 'each survey has its own draw', () => {
		vi.spyOn( Math, 'random' )
			.mockReturnValueOnce( 0.9 )
			.mockReturnValueOnce( 0.1 );
		const a = target( 1, { sample_percent: 50 } );
		const b = target( 2, { sample_percent: 50 } );
		expect( sampledReason( a, config( [ a, b ] ) ) ).toBe( 'sampled_out' );
		expect( sampledReason( b, config( [ a, b ] ) ) ).toBeUndefined();
	} );

	it( 'shows a survey to about its share of visitors (seeded draws)', () => {
		const random = seeded( 18 );
		vi.spyOn( Math, 'random' ).mockImplementation( random );
		const s = sampled( 30 );
		let shown = 0;
		for ( let visitor = 0; visitor < 1000; visitor++ ) {
			localStorage.clear();
			if ( ! sampledReason( s, config( [ s ] ) ) ) {
				shown++;
			}
		}
		// The seed fixes the count: 30 % of 1000, give or take the draw.
		expect( shown ).toBeGreaterThan( 260 );
		expect( shown ).toBeLessThan( 340 );
		// The same seed gives the same visitors again.
		const again = seeded( 18 );
		vi.spyOn( Math, 'random' ).mockImplementation( again );
		let second = 0;
		for ( let visitor = 0; visitor < 1000; visitor++ ) {
			localStorage.clear();
			if ( ! sampledReason( s, config( [ s ] ) ) ) {
				second++;
			}
		}
		expect( second ).toBe( shown );
	} );

	it( 'draws nothing at 100 %, unset, or without the behavior addon', () => {
		const random = vi.spyOn( Math, 'random' ).mockReturnValue( 0.99 );
		const all = sampled( 100 );
		const unset = target( 2 );
		const noAddon = sampled( 10 );
		expect( sampledReason( all, config( [ all ] ) ) ).toBeUndefined();
		expect( sampledReason( unset, config( [ unset ] ) ) ).toBeUndefined();
		expect(
			sampledReason( noAddon, config( [ noAddon ], { features: {} } ) )
		).toBeUndefined();
		expect( random ).not.toHaveBeenCalled();
		expect( localStorage.length ).toBe( 0 );
	} );

	it( 'draws only for a visitor the survey otherwise matches, after its rules', async () => {
		const random = vi.spyOn( Math, 'random' ).mockReturnValue( 0.99 );
		const mobileOnly = target(
			1,
			{ sample_percent: 50 },
			{
				settings: {
					behavior: { sample_percent: 50 },
					targeting: { devices: [ 'mobile' ] },
				},
			}
		);
		const c = config( [ mobileOnly ] );
		expect( await reasonFor( mobileOnly, c, 'desktop' ) ).toBe( 'device' );
		expect( random ).not.toHaveBeenCalled();
		c.features!.device_targeting = true;
		expect( await reasonFor( mobileOnly, c, 'mobile' ) ).toBe(
			'sampled_out'
		);
		expect( random ).toHaveBeenCalledTimes( 1 );
	} );

	it( 'where storage cannot be used, the visitor is in', () => {
		vi.spyOn( Math, 'random' ).mockReturnValue( 0.99 );
		const s = sampled( 1 );
		vi.spyOn( window, 'localStorage', 'get' ).mockImplementation( () => {
			throw new DOMException( 'blocked', 'SecurityError' );
		} );
		expect( sampledReason( s, config( [ s ] ) ) ).toBeUndefined();
	} );
} );

describe( 'site-wide cooldown (config.cooldown)', () => {
	const seen = ( at: number, id: number ) =>
		( localStorage.uf_seen = `${ at }:${ id }` );

	it( 'holds back another survey for the days set after the visitor saw one', () => {
		vi.useFakeTimers( { toFake: [ 'Date' ] } );
		const now = Date.now();
		const s = target( 2 );
		const c = config( [ s ], {
			cooldown: { days: 3, one_per_page: false },
		} );
		seen( now - DAY, 1 );
		expect( pacedReason( s, c ) ).toBe( 'cooldown' );
		expect( hiddenReason( s, c, 'desktop' ) ).toBe( 'cooldown' );
		vi.setSystemTime( now - DAY + 3 * DAY - 1 );
		expect( pacedReason( s, c ) ).toBe( 'cooldown' );
		vi.setSystemTime( now - DAY + 3 * DAY );
		expect( pacedReason( s, c ) ).toBeUndefined();
	} );

	it( 'does not hold back the survey seen itself', () => {
		seen( Date.now() - DAY, 2 );
		const s = target( 2 );
		expect(
			pacedReason(
				s,
				config( [ s ], { cooldown: { days: 3, one_per_page: false } } )
			)
		).toBeUndefined();
	} );

	it( 'a survey with ignore_cooldown starts during it (free: whatever the licence)', () => {
		seen( Date.now() - DAY, 1 );
		const s = target( 2, { ignore_cooldown: true } );
		expect(
			pacedReason(
				s,
				config( [ s ], {
					features: {},
					cooldown: { days: 3, one_per_page: false },
				} )
			)
		).toBeUndefined();
	} );

	it( 'is off at 0 days, without a cooldown in the config, or before any survey was seen', () => {
		const s = target( 2 );
		expect(
			pacedReason(
				s,
				config( [ s ], { cooldown: { days: 3, one_per_page: true } } )
			)
		).toBeUndefined();
		seen( Date.now() - 1000, 1 );
		expect(
			pacedReason(
				s,
				config( [ s ], { cooldown: { days: 0, one_per_page: false } } )
			)
		).toBeUndefined();
		expect( pacedReason( s, config( [ s ] ) ) ).toBeUndefined();
	} );

	it( 'passes the held-back survey over in the pick and takes one that ignores it', async () => {
		seen( Date.now() - DAY, 9 );
		const c = config(
			[ target( 1 ), target( 2, { ignore_cooldown: true } ) ],
			{
				cooldown: { days: 7, one_per_page: false },
			}
		);
		expect( ( await pickSurvey( c, 'desktop', [] ) )?.id ).toBe( 2 );
		expect( window.userfeedbackHidden ).toEqual( [
			{ survey_id: 1, reason: 'cooldown' },
		] );
	} );
} );

describe( 'one survey per page (config.cooldown.one_per_page)', () => {
	it( 'holds back a survey once another was shown on this page, ignore_cooldown or not', () => {
		const c = config(
			[ target( 2 ), target( 3, { ignore_cooldown: true } ) ],
			{
				cooldown: { days: 0, one_per_page: true },
			}
		);
		// Shown on an earlier page: not this one.
		localStorage.uf_seen = `${ Date.now() - 60_000 }:1`;
		expect( pacedReason( c.surveys[ 0 ], c ) ).toBeUndefined();
		// Shown on this page (the UI writes the time of its impression).
		localStorage.uf_seen = `${ Date.now() }:1`;
		expect( pacedReason( c.surveys[ 0 ], c ) ).toBe( 'one_per_page' );
		expect( pacedReason( c.surveys[ 1 ], c ) ).toBe( 'one_per_page' );
		// Off: nothing held back.
		c.cooldown = { days: 0, one_per_page: false };
		expect( pacedReason( c.surveys[ 0 ], c ) ).toBeUndefined();
	} );
} );

describe( 'priority: the first survey in config order wins', () => {
	it( 'takes the first that passes, whatever the ids (the server orders by priority)', async () => {
		// As WidgetLoader prints them: priority 50 (id 9), then 10 (id 3, older), 10 (id 4).
		const c = config( [ target( 9 ), target( 3 ), target( 4 ) ] );
		expect( ( await pickSurvey( c, 'desktop', [] ) )?.id ).toBe( 9 );
		expect( window.userfeedbackHidden ).toEqual( [] );
	} );

	it( 'passes on to the next in order when the first is held back', async () => {
		const c = config( [
			target( 9, {}, { end_at: '2020-01-01T00:00:00Z' } ),
			target( 3 ),
			target( 4 ),
		] );
		expect( ( await pickSurvey( c, 'desktop', [] ) )?.id ).toBe( 3 );
		expect( window.userfeedbackHidden ).toEqual( [
			{ survey_id: 9, reason: 'closed' },
		] );
	} );
} );
