import { describe, expect, it } from 'vitest';

import { isEmailAddress, recipientsError, splitRecipients } from './recipients';

describe( 'recipient list', () => {
	it( 'splits on commas, trims and drops empty items', () => {
		expect( splitRecipients( ' a@x.com ,b@y.org,, ' ) ).toEqual( [
			'a@x.com',
			'b@y.org',
		] );
		expect( splitRecipients( '' ) ).toEqual( [] );
	} );

	it.each( [
		'admin@site.test',
		'first.last+tag@mail.example.co.uk',
		"o'brien@example.com",
	] )( 'accepts %s', ( value ) => {
		expect( isEmailAddress( value ) ).toBe( true );
	} );

	it.each( [
		'admin',
		'admin@',
		'@site.test',
		'admin@site',
		'admin@@site.test',
		'ad min@site.test',
		'admin@site..test',
		'admin@site.',
	] )( 'refuses %s', ( value ) => {
		expect( isEmailAddress( value ) ).toBe( false );
	} );

	it( 'an empty list is valid', () => {
		expect( recipientsError( '' ) ).toBeNull();
		expect( recipientsError( ' , ' ) ).toBeNull();
	} );

	it( 'names the items that are not addresses', () => {
		expect( recipientsError( 'a@x.com, b@y.org' ) ).toBeNull();
		expect( recipientsError( 'a@x.com, nope, b@y, c@z.io' ) ).toBe(
			'Please enter valid email addresses, separated by commas. Not valid: nope, b@y'
		);
	} );
} );
