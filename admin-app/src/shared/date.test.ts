import { describe, expect, it } from 'vitest';

import { formatDate } from './date';

const newYork = {
	timezone: 'America/New_York',
	gmt_offset: -5,
	locale: 'en_US',
};

describe( 'formatDate()', () => {
	it( 'formats in the site time zone with PHP letters (WordPress defaults)', () => {
		// 03:30 UTC on 1 March is still 29 February in New York (leap year).
		expect( formatDate( '2024-03-01T03:30:00Z', 'F j, Y', newYork ) ).toBe(
			'February 29, 2024'
		);
		expect( formatDate( '2024-03-01T03:30:00Z', 'g:i a', newYork ) ).toBe(
			'10:30 pm'
		);
		expect(
			formatDate( '2026-07-04T16:05:09Z', 'Y-m-d H:i:s T P', newYork )
		).toBe( '2026-07-04 12:05:09 EDT -04:00' );
	} );

	it( 'knows day names, ordinals, ISO weeks and escapes', () => {
		expect(
			formatDate(
				'2021-01-03T12:00:00Z',
				'l, jS \\o\\f M \\W\\e\\e\\k W o',
				{
					...newYork,
					timezone: 'UTC',
				}
			)
		).toBe( 'Sunday, 3rd of Jan Week 53 2020' );
		expect( formatDate( '2026-11-12T12:00:00Z', 'D jS', newYork ) ).toBe(
			'Thu 12th'
		);
	} );

	it( 'uses a manual offset (wp_timezone_string() "+05:30", or only gmt_offset)', () => {
		expect(
			formatDate( '2026-01-31T20:00:00Z', 'Y-m-d H:i O', {
				timezone: '+05:30',
				gmt_offset: 5.5,
				locale: 'en_US',
			} )
		).toBe( '2026-02-01 01:30 +0530' );
		expect(
			formatDate( '2026-01-31T20:00:00Z', 'Y-m-d H:i', {
				timezone: '',
				gmt_offset: -3,
				locale: 'en_US',
			} )
		).toBe( '2026-01-31 17:00' );
	} );

	it( 'names months in the user locale, and gives nothing for an invalid date', () => {
		expect(
			formatDate( '2026-03-15T12:00:00Z', 'j F Y', {
				...newYork,
				locale: 'de_DE',
			} )
		).toBe( '15 März 2026' );
		expect( formatDate( 'not a date', 'F j, Y', newYork ) ).toBe( '' );
	} );
} );
