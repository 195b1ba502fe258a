import { describe, expect, it } from 'vitest';

import { addressesError, splitAddresses } from './email';

describe( 'notification addresses', () => {
	it( 'splits a comma-separated list, trimmed, without empty entries', () => {
		expect( splitAddresses( ' a@x.com , ,b@y.org,' ) ).toEqual( [
			'a@x.com',
			'b@y.org',
		] );
		expect( splitAddresses( '   ' ) ).toEqual( [] );
	} );

	it( 'accepts one or several valid addresses', () => {
		expect( addressesError( 'admin@site.test', true ) ).toBeNull();
		expect(
			addressesError( 'first.last+tag@mail.example.co.uk, b@y.org', true )
		).toBeNull();
	} );

	it( 'needs an address while notifications are on, not when they are off', () => {
		expect( addressesError( ' , ', true ) ).toBe(
			'Enter the email address that should receive the notifications.'
		);
		expect( addressesError( '', false ) ).toBeNull();
	} );

	it( 'names the first invalid address, on or off', () => {
		for ( const bad of [
			'admin',
			'admin@',
			'@site.test',
			'admin@site',
			'ad min@site.test',
			'a@b@site.test',
			'admin@site.test; b@y.org',
			'admin@site.',
		] ) {
			expect( addressesError( `ok@site.test, ${ bad }`, true ) ).toBe(
				`"${ bad.trim() }" is not a valid email address.`
			);
		}
		expect( addressesError( 'nope', false ) ).toBe(
			'"nope" is not a valid email address.'
		);
	} );
} );
