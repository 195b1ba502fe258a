import { describe, expect, it } from 'vitest';

import type { HiddenField } from '../types';
import { collectFields } from './fields';

const plan: HiddenField = { name: 'plan', source: 'query', key: 'plan' };
const utm: HiddenField = {
	name: 'utm_source',
	source: 'cookie',
	key: 'utm_source',
};
const tier: HiddenField = { name: 'tier', source: 'attribute', key: 'tier' };

describe( 'collectFields', () => {
	it( 'reads the query string, cookies and attributes by key', () => {
		expect(
			collectFields(
				[ plan, utm, tier ],
				'?plan=pro&x=1',
				'a=1; utm_source=news%20letter; b=2',
				{ tier: 'gold' }
			)
		).toEqual( { plan: 'pro', utm_source: 'news letter', tier: 'gold' } );
	} );

	it( 'names a value by the field, not the key', () => {
		expect(
			collectFields(
				[ { name: 'campaign', source: 'query', key: 'utm_campaign' } ],
				'utm_campaign=spring%2B2026',
				'',
				{}
			)
		).toEqual( { campaign: 'spring+2026' } );
	} );

	it( 'leaves out fields without a value on the page', () => {
		expect(
			collectFields( [ plan, utm, tier ], '?plan=', 'other=1', {
				other: 'x',
			} )
		).toEqual( {} );
	} );

	it( 'takes the first of repeated query parameters', () => {
		expect( collectFields( [ plan ], '?plan=a&plan=b', '', {} ) ).toEqual( {
			plan: 'a',
		} );
	} );

	it( 'keeps a cookie value that does not decode as it is', () => {
		expect(
			collectFields( [ utm ], '', 'utm_source=%E0%A4%A', {} )
		).toEqual( { utm_source: '%E0%A4%A' } );
	} );

	it( 'does not read a key of the object prototype as an attribute', () => {
		expect(
			collectFields(
				[ { name: 'ctor', source: 'attribute', key: 'constructor' } ],
				'',
				'',
				{}
			)
		).toEqual( {} );
	} );

	it( 'caps values at the limit, in characters', () => {
		const long = 'é'.repeat( 250 );
		const fields = collectFields(
			[ plan ],
			`?plan=${ long }`,
			'',
			{},
			200
		);
		expect( Array.from( fields.plan ) ).toHaveLength( 200 );
		expect(
			collectFields( [ plan ], '?plan=abcdef', '', {}, 3 ).plan
		).toBe( 'abc' );
		// Emoji are one character each, never cut in half.
		expect(
			collectFields( [ plan ], `?plan=${ '😀'.repeat( 5 ) }`, '', {}, 2 )
				.plan
		).toBe( '😀😀' );
	} );

	it( 'uses 200 without a limit and ignores a missing or broken list', () => {
		expect(
			collectFields( [ plan ], `?plan=${ 'x'.repeat( 300 ) }`, '', {} )
				.plan
		).toHaveLength( 200 );
		expect( collectFields( undefined, '?plan=pro', '', {} ) ).toEqual( {} );
		expect(
			collectFields(
				[
					null as unknown as HiddenField,
					plan,
					{ ...plan, key: 'other' },
				],
				'?plan=pro&other=x',
				'',
				{}
			)
		).toEqual( { plan: 'pro' } );
	} );
} );
