import { describe, expect, it } from 'vitest';

import corpus from '../../../tests/fixtures/contract/email-lists.json';
import {
	invalidEmails,
	isEmail,
	normaliseEmailList,
	splitEmailList,
} from './emailList';

interface ListCase {
	list: string;
	addresses: string[];
	invalid: string[];
	why?: string;
}

// Shared with the server's EmailList (tests/php/Contract/EmailListsTest.php).
const cases: ListCase[] = corpus.cases;

describe( 'email lists (tests/fixtures/contract/email-lists.json)', () => {
	it( 'has cases', () => {
		expect( cases.length ).toBeGreaterThan( 30 );
	} );

	it.each( cases )( '$list', ( { list, addresses, invalid } ) => {
		expect( splitEmailList( list ) ).toEqual( addresses );
		expect( invalidEmails( list ) ).toEqual( invalid );
		expect( normaliseEmailList( list ) ).toBe( addresses.join( ', ' ) );
		for ( const address of addresses ) {
			expect( isEmail( address ) ).toBe( ! invalid.includes( address ) );
		}
	} );
} );
