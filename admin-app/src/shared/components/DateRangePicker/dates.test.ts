import { describe, expect, it } from 'vitest';

import {
	clampRange,
	intervalRange,
	matchInterval,
	rangeLength,
	rangeProblem,
	siteToday,
} from './dates';

const NEW_YORK = {
	timezone: 'America/New_York',
	gmt_offset: -5,
	locale: 'en_US',
};

describe( 'siteToday', () => {
	it( 'is the day in the site’s zone on both sides of the spring DST change', () => {
		// 2026-03-08 02:00 EST becomes 03:00 EDT (07:00 UTC).
		expect(
			siteToday( NEW_YORK, new Date( '2026-03-08T04:30:00Z' ) )
		).toBe( '2026-03-07' );
		expect(
			siteToday( NEW_YORK, new Date( '2026-03-08T05:00:00Z' ) )
		).toBe( '2026-03-08' );
		expect(
			siteToday( NEW_YORK, new Date( '2026-03-09T03:59:00Z' ) )
		).toBe( '2026-03-08' );
		expect(
			siteToday( NEW_YORK, new Date( '2026-03-09T04:00:00Z' ) )
		).toBe( '2026-03-09' );
	} );

	it( 'is the day in the site’s zone around the autumn DST change', () => {
		// EDT (UTC-4) until 2026-11-01 06:00 UTC, EST (UTC-5) after.
		expect(
			siteToday( NEW_YORK, new Date( '2026-11-01T03:59:00Z' ) )
		).toBe( '2026-10-31' );
		expect(
			siteToday( NEW_YORK, new Date( '2026-11-01T04:00:00Z' ) )
		).toBe( '2026-11-01' );
		expect(
			siteToday( NEW_YORK, new Date( '2026-11-02T04:30:00Z' ) )
		).toBe( '2026-11-01' );
		expect(
			siteToday( NEW_YORK, new Date( '2026-11-02T05:00:00Z' ) )
		).toBe( '2026-11-02' );
	} );

	it( 'reads fixed offsets and falls back to gmt_offset', () => {
		const now = new Date( '2026-06-30T20:00:00Z' );
		expect(
			siteToday(
				{ timezone: '+05:30', gmt_offset: 5.5, locale: 'en_US' },
				now
			)
		).toBe( '2026-07-01' );
		expect(
			siteToday( { timezone: '', gmt_offset: -10, locale: 'en_US' }, now )
		).toBe( '2026-06-30' );
	} );
} );

describe( 'intervalRange', () => {
	// A Monday, the day after the spring DST change in New York.
	const today = '2026-03-09';

	it( 'gives each interval in calendar days, unaffected by DST', () => {
		expect( intervalRange( 'today', today ) ).toEqual( {
			from: today,
			to: today,
		} );
		expect( intervalRange( 'yesterday', today ) ).toEqual( {
			from: '2026-03-08',
			to: '2026-03-08',
		} );
		expect( intervalRange( 'last_7_days', today ) ).toEqual( {
			from: '2026-03-03',
			to: today,
		} );
		expect( intervalRange( 'last_30_days', today ) ).toEqual( {
			from: '2026-02-08',
			to: today,
		} );
		expect( intervalRange( 'last_90_days', today ) ).toEqual( {
			from: '2025-12-10',
			to: today,
		} );
		expect( intervalRange( 'last_month', today ) ).toEqual( {
			from: '2026-02-01',
			to: '2026-02-28',
		} );
	} );

	it( 'takes last week from the first day of the week', () => {
		expect( intervalRange( 'last_week', today ) ).toEqual( {
			from: '2026-03-02',
			to: '2026-03-08',
		} );
		expect( intervalRange( 'last_week', today, 0 ) ).toEqual( {
			from: '2026-03-01',
			to: '2026-03-07',
		} );
		// On a Sunday with weeks starting Monday, last week ended a week ago.
		expect( intervalRange( 'last_week', '2026-03-08' ) ).toEqual( {
			from: '2026-02-23',
			to: '2026-03-01',
		} );
	} );

	it( 'handles last month across a year and in a leap year', () => {
		expect( intervalRange( 'last_month', '2026-01-15' ) ).toEqual( {
			from: '2025-12-01',
			to: '2025-12-31',
		} );
		expect( intervalRange( 'last_month', '2028-03-01' ) ).toEqual( {
			from: '2028-02-01',
			to: '2028-02-29',
		} );
	} );

	it( 'measures and recognises ranges', () => {
		expect( rangeLength( intervalRange( 'last_7_days', today ) ) ).toBe(
			7
		);
		expect( rangeLength( intervalRange( 'last_30_days', today ) ) ).toBe(
			30
		);
		expect(
			matchInterval( { from: '2026-03-03', to: today }, today )
		).toBe( 'last_7_days' );
		expect(
			matchInterval( { from: '2026-03-04', to: today }, today )
		).toBeNull();
	} );
} );

describe( 'limits', () => {
	const today = '2026-11-21';

	it( 'allows only 2005-01-01 up to today, from before to', () => {
		expect(
			rangeProblem( { from: '2005-01-01', to: today }, today )
		).toBeNull();
		expect( rangeProblem( { from: '2004-12-31', to: today }, today ) ).toBe(
			'before_earliest'
		);
		expect(
			rangeProblem( { from: '2026-11-01', to: '2026-11-22' }, today )
		).toBe( 'after_today' );
		expect(
			rangeProblem( { from: '2026-11-10', to: '2026-11-01' }, today )
		).toBe( 'reversed' );
		expect( rangeProblem( { from: '', to: today }, today ) ).toBe(
			'invalid'
		);
		expect( rangeProblem( { from: '2026-02-30', to: today }, today ) ).toBe(
			'invalid'
		);
	} );

	it( 'clamps ranges read from a URL', () => {
		const fallback = { from: '2026-11-15', to: today };
		expect(
			clampRange(
				{ from: '1999-01-01', to: '2030-01-01' },
				today,
				fallback
			)
		).toEqual( { from: '2005-01-01', to: today } );
		expect(
			clampRange(
				{ from: '2026-11-10', to: '2026-11-01' },
				today,
				fallback
			)
		).toEqual( { from: '2026-11-01', to: '2026-11-10' } );
		expect( clampRange( { from: 'x' }, today, fallback ) ).toBe( fallback );
	} );
} );
