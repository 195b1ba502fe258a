import { describe, expect, it } from 'vitest';

import { answerPreview, answerText, safePageUrl, truncate } from './format';

describe( 'safePageUrl', () => {
	it( 'keeps http(s) links as they are', () => {
		expect( safePageUrl( 'https://site.test/a/?b=1#c' ) ).toBe(
			'https://site.test/a/?b=1#c'
		);
		expect( safePageUrl( 'http://site.test/' ) ).toBe(
			'http://site.test/'
		);
	} );

	it( 'strips every javascript:, in any case and however it is split', () => {
		expect(
			safePageUrl( 'https://site.test/?x=JavaScript:alert(1)' )
		).toBe( 'https://site.test/?x=alert(1)' );
		expect(
			safePageUrl( 'https://site.test/?x=javajavascript:script:1' )
		).toBe( 'https://site.test/?x=1' );
		expect( safePageUrl( 'java\tscript:https://site.test/' ) ).toBe(
			'https://site.test/'
		);
	} );

	it( 'gives no link for what is left that is not an http(s) URL', () => {
		expect( safePageUrl( 'javascript:alert(1)' ) ).toBe( '' );
		expect( safePageUrl( ' \u0001javascript:alert(1)' ) ).toBe( '' );
		expect( safePageUrl( 'JAVASCRIPT:alert(document.cookie)' ) ).toBe( '' );
		expect( safePageUrl( 'data:text/html,<script>1</script>' ) ).toBe( '' );
		expect( safePageUrl( '/relative/path' ) ).toBe( '' );
		expect( safePageUrl( '' ) ).toBe( '' );
		expect( safePageUrl( undefined ) ).toBe( '' );
	} );
} );

describe( 'answers as text', () => {
	it( 'says Skipped for null or empty values and joins checkbox values', () => {
		expect( answerText( null ) ).toBe( 'Skipped' );
		expect( answerText( undefined ) ).toBe( 'Skipped' );
		expect( answerText( [] ) ).toBe( 'Skipped' );
		expect( answerText( '' ) ).toBe( 'Skipped' );
		expect( answerText( [ 'Blog', 'Shop' ] ) ).toBe( 'Blog, Shop' );
		expect( answerText( '4' ) ).toBe( '4' );
	} );

	it( 'previews the first answered question in the survey’s order', () => {
		const answers = [
			{ question_id: 3, value: 'third', extra: null },
			{ question_id: 1, value: null, extra: null },
			{ question_id: 2, value: [ 'a', 'b' ], extra: null },
		];
		expect( answerPreview( { answers }, [ 1, 2, 3 ] ) ).toBe( 'a, b' );
		expect( answerPreview( { answers }, [ 3, 1, 2 ] ) ).toBe( 'third' );
		expect(
			answerPreview(
				{ answers: [ { question_id: 1, value: null, extra: null } ] },
				[ 1 ]
			)
		).toBe( '' );
	} );

	it( 'truncates long previews on a character boundary', () => {
		expect( truncate( 'short' ) ).toBe( 'short' );
		expect( truncate( 'a\n  b' ) ).toBe( 'a b' );
		const long = 'x'.repeat( 100 );
		expect( truncate( long, 10 ) ).toBe( `${ 'x'.repeat( 9 ) }…` );
		expect( Array.from( truncate( '😀'.repeat( 20 ), 5 ) ) ).toHaveLength(
			5
		);
	} );
} );
