import { describe, expect, it } from 'vitest';

import { parseEmailList } from './emails';
import { canContinueNotifications } from './validation';
import type { SurveyNotifications } from '../../../../shared/types';

// Which addresses are valid is the contract corpus tests/fixtures/contract/email-lists.json
// (shared/emailList.test.ts); here, only how the step sorts a list.
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
