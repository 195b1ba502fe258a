import { describe, expect, it } from 'vitest';

import { recipientsError, splitRecipients } from './recipients';

// Which addresses are valid is the contract corpus tests/fixtures/contract/email-lists.json
// (shared/emailList.test.ts); here, the tab's message.
describe( 'recipient list', () => {
	it( 'splits on commas, trims and drops empty items', () => {
		expect( splitRecipients( ' a@x.com ,b@y.org,, ' ) ).toEqual( [
			'a@x.com',
			'b@y.org',
		] );
		expect( splitRecipients( '' ) ).toEqual( [] );
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
