import { describe, expect, it } from 'vitest';

import { isEmail, parseEmailList } from './emails';
import { canContinueNotifications } from './validation';
import type { SurveyNotifications } from '../../../../shared/types';

describe( 'isEmail (WordPress is_email rules)', () => {
	it.each( [
		'admin@site.test',
		'a@b.co',
		'first.last+tag@mail.example.org',
		"o'brien@example.ie",
		'UPPER@EXAMPLE.COM',
		'x@sub-domain.example.com',
	] )( 'accepts %s', ( email ) => {
		expect( isEmail( email ) ).toBe( true );
	} );

	it.each( [
		[ 'too short', 'a@b.c' ],
		[ 'no @', 'admin.site.test' ],
		[ '@ first', '@site.test' ],
		[ 'space in the local part', 'ad min@site.test' ],
		[ 'space in the domain', 'admin@site .test' ],
		[ 'no dot in the domain', 'admin@localhost' ],
		[ 'two dots in a row', 'admin@site..test' ],
		[ 'leading dot in the domain', 'admin@.site.test' ],
		[ 'trailing dot', 'admin@site.test.' ],
		[ 'hyphen at a label edge', 'admin@-site.test' ],
		[ 'second @', 'admin@site@test.com' ],
		[ 'underscore in the domain', 'admin@my_site.test' ],
		[ 'angle brackets', '<admin@site.test>' ],
	] )( 'rejects %s: %s', ( _why, email ) => {
		expect( isEmail( email ) ).toBe( false );
	} );
} );

describe( 'parseEmailList', () => {
	it( 'splits on commas, trims, and sorts valid from invalid', () => {
		expect(
			parseEmailList(
				' admin@site.test,team@site.test , nope, a b@c.de '
			)
		).toEqual( {
			valid: [ 'admin@site.test', 'team@site.test' ],
			invalid: [ 'nope', 'a b@c.de' ],
		} );
	} );

	it( 'skips blank items and treats empty input as an empty list', () => {
		expect( parseEmailList( '' ) ).toEqual( { valid: [], invalid: [] } );
		expect( parseEmailList( ' , ,' ) ).toEqual( {
			valid: [],
			invalid: [],
		} );
		expect( parseEmailList( 'admin@site.test,' ) ).toEqual( {
			valid: [ 'admin@site.test' ],
			invalid: [],
		} );
	} );

	it( 'does not split on spaces or semicolons: the item is invalid instead', () => {
		expect( parseEmailList( 'a@site.test b@site.test' ).invalid ).toEqual( [
			'a@site.test b@site.test',
		] );
		expect(
			parseEmailList( 'a@site.test;b@site.test' ).invalid
		).toHaveLength( 1 );
	} );
} );

describe( 'canContinueNotifications', () => {
	const make = (
		active: boolean,
		addresses: string
	): SurveyNotifications => ( {
		email: {
			active,
			addresses,
			logic: { enable: false, action: 'send', conditions: [] },
		},
	} );

	it( 'needs every address valid while the email is active', () => {
		expect(
			canContinueNotifications( make( true, 'admin@site.test' ) )
		).toBe( true );
		expect(
			canContinueNotifications( make( true, 'admin@site.test, x' ) )
		).toBe( false );
	} );

	it( 'allows empty addresses and anything while the email is off', () => {
		expect( canContinueNotifications( make( true, '' ) ) ).toBe( true );
		expect( canContinueNotifications( make( true, '  ' ) ) ).toBe( true );
		expect(
			canContinueNotifications( make( false, 'not an address' ) )
		).toBe( true );
	} );
} );
