import { describe, expect, it } from 'vitest';

import { formatDuration, rateFormat } from './format';

describe( 'formatDuration', () => {
	it.each( [
		[ 0, '0 s' ],
		[ 45, '45 s' ],
		[ 59.6, '1 min' ],
		[ 80, '1 min 20 s' ],
		[ 180, '3 min' ],
		[ 3599, '59 min 59 s' ],
		[ 3600, '1 h' ],
		[ 7530, '2 h 5 min' ],
	] )( '%s seconds read "%s"', ( seconds, text ) => {
		expect( formatDuration( seconds ) ).toBe( text );
	} );

	it( 'shows a dash for nothing to measure or a value that is not a duration', () => {
		expect( formatDuration( null ) ).toBe( '—' );
		expect( formatDuration( undefined ) ).toBe( '—' );
		expect( formatDuration( -1 ) ).toBe( '—' );
		expect( formatDuration( Number.NaN ) ).toBe( '—' );
	} );
} );

describe( 'rateFormat', () => {
	it( 'writes a rate as percent with one decimal in the user’s locale', () => {
		const rate = rateFormat( 'en_US' );
		expect( rate( 2 / 3 ) ).toBe( '66.7%' );
		expect( rate( 0.5 ) ).toBe( '50.0%' );
		expect( rate( 0 ) ).toBe( '0.0%' );
		expect( rate( 1 ) ).toBe( '100.0%' );
		expect( rate( null ) ).toBe( '—' );
		expect( rateFormat( 'de_DE' )( 0.125 ).replace( /\s/g, ' ' ) ).toBe(
			'12,5 %'
		);
		// An unknown locale falls back to English rather than throwing.
		expect( rateFormat( 'not a locale!' )( 0.25 ) ).toBe( '25.0%' );
	} );
} );
