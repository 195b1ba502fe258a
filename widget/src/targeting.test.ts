import { afterEach, beforeEach, describe, expect, it } from 'vitest';

import {
	matchRule,
	matchRules,
	normalizeUrl,
	readCookie,
	type PageContext,
} from './targeting';
import type { PageRule } from './types';

const START_URL = location.href;

/** A rule joined with && (the operator of a first rule means nothing). */
const rule = (
	logic: string,
	data: PageRule[ 'data' ],
	operator: PageRule[ 'operator' ] = '&&'
): PageRule => ( { logic, operator, data } );

const ids = ( ...values: Array< string | number > ) =>
	values.map( ( id ) => ( { id, label: `Label ${ id }` } ) );

const post: PageContext = {
	post_id: 42,
	post_type: 'post',
	page_type: 'single',
	taxonomies: { category: [ 3, 5 ], post_tag: [], genre: [ 9 ] },
	logged_in: null,
};

const editor: PageContext = {
	...post,
	logged_in: { roles: [ 'editor', 'subscriber' ] },
};

function setReferrer( value: string ) {
	Object.defineProperty( document, 'referrer', {
		value,
		configurable: true,
	} );
}

function match( logic: string, data: PageRule[ 'data' ], context = post ) {
	return matchRule( rule( logic, data ), context );
}

beforeEach( () => {
	history.replaceState(
		null,
		'',
		'/blog/hello-world/?utm_source=newsletter&q=caf%C3%A9#comments'
	);
} );

afterEach( () => {
	history.replaceState( null, '', START_URL );
	// Back to the Document.prototype getter.
	delete ( document as { referrer?: string } ).referrer;
} );

describe( 'normalizeUrl', () => {
	it( 'lowercases the host, drops scheme, default port, hash and trailing slash', () => {
		expect( normalizeUrl( 'HTTPS://Example.COM:443/Blog/#top' ) ).toBe(
			'example.com/Blog'
		);
		expect( normalizeUrl( 'http://example.com:80' ) ).toBe( 'example.com' );
		expect( normalizeUrl( 'http://example.com:8080/a//' ) ).toBe(
			'example.com:8080/a'
		);
	} );

	it( 'keeps the query only when asked', () => {
		expect( normalizeUrl( 'https://example.com/a/?x=1#h' ) ).toBe(
			'example.com/a'
		);
		expect( normalizeUrl( 'https://example.com/a/?x=1#h', true ) ).toBe(
			'example.com/a?x=1'
		);
	} );

	it( 'answers an empty string for what is not an absolute URL', () => {
		expect( normalizeUrl( '' ) ).toBe( '' );
		expect( normalizeUrl( '/blog/' ) ).toBe( '' );
		expect( normalizeUrl( 'not a url' ) ).toBe( '' );
	} );
} );

describe( 'readCookie', () => {
	it( 'reads one cookie by its exact name, raw', () => {
		const jar = 'a=1; uf-7=%7B%22submitted%22%3Atrue%7D; b=';
		expect( readCookie( 'uf-7', jar ) ).toBe(
			'%7B%22submitted%22%3Atrue%7D'
		);
		expect( readCookie( 'a', jar ) ).toBe( '1' );
		expect( readCookie( 'b', jar ) ).toBe( '' );
		expect( readCookie( 'uf', jar ) ).toBeUndefined();
		expect( readCookie( '7', jar ) ).toBeUndefined();
		expect( readCookie( 'a', '' ) ).toBeUndefined();
	} );
} );

describe( 'selector rules', () => {
	it( 'user_logged_in: logged_out when there is no logged_in context', () => {
		expect( match( 'user_logged_in', ids( 'logged_out' ) ) ).toBe( true );
		expect( match( 'user_logged_in', ids( 'logged_in' ) ) ).toBe( false );
		expect( match( 'user_logged_in', ids( 'logged_in' ), editor ) ).toBe(
			true
		);
		expect( match( 'user_logged_in', ids( 'logged_out' ), editor ) ).toBe(
			false
		);
		expect(
			match( 'user_logged_in', ids( 'logged_out', 'logged_in' ), editor )
		).toBe( true );
		// A context without the key at all is a logged-out page.
		expect(
			match( 'user_logged_in', ids( 'logged_out' ), {
				page_type: 'page',
			} )
		).toBe( true );
	} );

	it( 'user_role: any of the visitor roles among the chosen ones', () => {
		expect(
			match( 'user_role', ids( 'administrator', 'editor' ), editor )
		).toBe( true );
		expect( match( 'user_role', ids( 'administrator' ), editor ) ).toBe(
			false
		);
		expect( match( 'user_role', ids( 'subscriber' ) ) ).toBe( false );
	} );

	it( 'page_type: the page type of the context', () => {
		expect( match( 'page_type', ids( 'front_page', 'single' ) ) ).toBe(
			true
		);
		expect( match( 'page_type', ids( 'page' ) ) ).toBe( false );
		expect( match( 'page_type', ids( '404' ), { page_type: '404' } ) ).toBe(
			true
		);
		expect( match( 'page_type', ids( 'single' ), {} ) ).toBe( false );
	} );

	it( 'page_or_post_is / _not: the post id, numbers or strings', () => {
		expect( match( 'page_or_post_is', ids( 7, 42 ) ) ).toBe( true );
		expect( match( 'page_or_post_is', ids( '42' ) ) ).toBe( true );
		expect( match( 'page_or_post_is', ids( 7 ) ) ).toBe( false );
		expect( match( 'page_or_post_is_not', ids( 7 ) ) ).toBe( true );
		expect( match( 'page_or_post_is_not', ids( 7, 42 ) ) ).toBe( false );
		// An archive (post_id 0) is none of the chosen posts, not even an empty id.
		const archive = { post_id: 0, page_type: 'archive' };
		expect( match( 'page_or_post_is', ids( 42 ), archive ) ).toBe( false );
		expect( match( 'page_or_post_is', ids( '' ), archive ) ).toBe( false );
	} );

	it( 'post_type_is / _not', () => {
		expect( match( 'post_type_is', ids( 'page', 'post' ) ) ).toBe( true );
		expect( match( 'post_type_is', ids( 'page' ) ) ).toBe( false );
		expect( match( 'post_type_is_not', ids( 'page' ) ) ).toBe( true );
		expect( match( 'post_type_is_not', ids( 'post' ) ) ).toBe( false );
	} );

	it( 'taxonomy_is / _not: the post has a term in the taxonomy', () => {
		expect( match( 'taxonomy_is', ids( 'category' ) ) ).toBe( true );
		expect( match( 'taxonomy_is', ids( 'genre', 'product_cat' ) ) ).toBe(
			true
		);
		// post_tag is there but empty.
		expect( match( 'taxonomy_is', ids( 'post_tag' ) ) ).toBe( false );
		expect( match( 'taxonomy_is', ids( 'product_cat' ) ) ).toBe( false );
		expect( match( 'taxonomy_is_not', ids( 'post_tag' ) ) ).toBe( true );
		expect( match( 'taxonomy_is_not', ids( 'category' ) ) ).toBe( false );
		expect(
			match( 'taxonomy_is', ids( 'category' ), { page_type: 'page' } )
		).toBe( false );
	} );

	it( 'taxonomy_term_is / _not: term ids of any taxonomy', () => {
		expect( match( 'taxonomy_term_is', ids( 9 ) ) ).toBe( true );
		expect( match( 'taxonomy_term_is', ids( 1, 5 ) ) ).toBe( true );
		expect( match( 'taxonomy_term_is', ids( 1, 2 ) ) ).toBe( false );
		expect( match( 'taxonomy_term_is_not', ids( 1, 2 ) ) ).toBe( true );
		expect( match( 'taxonomy_term_is_not', ids( 3 ) ) ).toBe( false );
	} );
} );

describe( 'text rules', () => {
	it( 'referrer: normalised equality or prefix', () => {
		setReferrer( 'https://www.google.com/search?q=feedback' );
		expect( match( 'referrer', 'https://WWW.Google.com/' ) ).toBe( true );
		expect( match( 'referrer', 'https://www.google.com/search' ) ).toBe(
			true
		);
		expect(
			match( 'referrer', 'http://www.google.com:80/search?q=feedback#x' )
		).toBe( true );
		expect( match( 'referrer', 'https://bing.com/' ) ).toBe( false );
		expect(
			match( 'referrer', 'https://www.google.com/search?q=other' )
		).toBe( false );
		// Not an absolute URL: never matches.
		expect( match( 'referrer', 'google' ) ).toBe( false );
	} );

	it( 'referrer: a visit without a referrer matches no rule', () => {
		setReferrer( '' );
		expect( match( 'referrer', 'https://www.google.com/' ) ).toBe( false );
	} );

	it( 'query_parameter_contains / _not_contains: the decoded query', () => {
		expect(
			match( 'query_parameter_contains', 'utm_source=newsletter' )
		).toBe( true );
		expect( match( 'query_parameter_contains', 'q=café' ) ).toBe( true );
		expect( match( 'query_parameter_contains', '?utm' ) ).toBe( false );
		expect( match( 'query_parameter_contains', 'utm_medium' ) ).toBe(
			false
		);
		expect( match( 'query_parameter_not_contains', 'utm_medium' ) ).toBe(
			true
		);
		expect( match( 'query_parameter_not_contains', 'newsletter' ) ).toBe(
			false
		);
	} );

	it( 'query_parameter_contains: a query that does not decode is read as it is', () => {
		history.replaceState( null, '', '/?discount=100%' );
		expect( match( 'query_parameter_contains', 'discount=100%' ) ).toBe(
			true
		);
	} );

	it( 'query_parameter_regex: tested on the query; an invalid one is false', () => {
		expect( match( 'query_parameter_regex', '^utm_source=\\w+' ) ).toBe(
			true
		);
		expect( match( 'query_parameter_regex', 'q=caf.$' ) ).toBe( true );
		expect( match( 'query_parameter_regex', '^q=' ) ).toBe( false );
		expect( match( 'query_parameter_regex', '([' ) ).toBe( false );
	} );

	it( 'cookie_exist / cookie_not_exist: a cookie of that exact name', () => {
		document.cookie = 'returning_visitor=1; path=/';
		expect( match( 'cookie_exist', 'returning_visitor' ) ).toBe( true );
		expect( match( 'cookie_exist', 'returning' ) ).toBe( false );
		expect( match( 'cookie_not_exist', 'returning_visitor' ) ).toBe(
			false
		);
		expect( match( 'cookie_not_exist', 'cart' ) ).toBe( true );
	} );

	it( 'page_url_is / _is_not: normalised; a rule without a query ignores the page query', () => {
		const here = `${ location.origin }/blog/hello-world`;
		expect( match( 'page_url_is', here ) ).toBe( true );
		expect( match( 'page_url_is', `${ here }/` ) ).toBe( true );
		expect(
			match(
				'page_url_is',
				`${ location.origin.toUpperCase() }/blog/hello-world/#x`
			)
		).toBe( true );
		expect(
			match(
				'page_url_is',
				`${ here }/?utm_source=newsletter&q=caf%C3%A9`
			)
		).toBe( true );
		expect( match( 'page_url_is', `${ here }/?utm_source=other` ) ).toBe(
			false
		);
		expect( match( 'page_url_is', `${ location.origin }/blog/` ) ).toBe(
			false
		);
		expect(
			match( 'page_url_is', 'https://elsewhere.test/blog/hello-world/' )
		).toBe( false );
		expect( match( 'page_url_is_not', `${ location.origin }/blog/` ) ).toBe(
			true
		);
		expect( match( 'page_url_is_not', here ) ).toBe( false );
		// Not an absolute URL: false, and so is its "not".
		expect( match( 'page_url_is', '/blog/hello-world/' ) ).toBe( false );
		expect( match( 'page_url_is_not', '/blog/hello-world/' ) ).toBe(
			false
		);
	} );

	it( 'page_url_contains / _not_contains: the current address', () => {
		expect( match( 'page_url_contains', '/blog/' ) ).toBe( true );
		expect( match( 'page_url_contains', 'utm_source' ) ).toBe( true );
		expect( match( 'page_url_contains', '/shop/' ) ).toBe( false );
		expect( match( 'page_url_not_contains', '/shop/' ) ).toBe( true );
		expect( match( 'page_url_not_contains', 'hello-world' ) ).toBe( false );
	} );
} );

describe( 'what is always false', () => {
	it.each( [
		[ 'page_url_contains', '' ],
		[ 'page_url_not_contains', '' ],
		[ 'query_parameter_not_contains', '' ],
		[ 'query_parameter_regex', '' ],
		[ 'cookie_not_exist', '' ],
		[ 'page_url_is_not', '' ],
		[ 'referrer', '' ],
	] )( 'empty text: %s', ( logic, data ) => {
		expect( match( logic, data ) ).toBe( false );
	} );

	it.each( [
		'user_logged_in',
		'user_role',
		'page_type',
		'page_or_post_is_not',
		'post_type_is_not',
		'taxonomy_is_not',
		'taxonomy_term_is_not',
	] )( 'no choice: %s', ( logic ) => {
		expect( match( logic, [] ) ).toBe( false );
	} );

	it( 'data of the wrong kind', () => {
		expect( match( 'page_or_post_is_not', '42' ) ).toBe( false );
		expect( match( 'page_url_not_contains', ids( '/shop/' ) ) ).toBe(
			false
		);
	} );

	it.each( [
		[ 'page_is', ids( 42 ) ],
		[ 'page_type_not', ids( 'page' ) ],
		[ 'page_type_is_not', ids( 'page' ) ],
		[ 'user_role_is_not', ids( 'administrator' ) ],
		[ 'url_contains', '/blog/' ],
		[ 'toString', '/blog/' ],
		[ 'constructor', ids( 1 ) ],
		[ '', '/blog/' ],
	] )( 'unknown logic type: %s', ( logic, data ) => {
		expect( match( logic, data ) ).toBe( false );
	} );
} );

describe( 'matchRules', () => {
	const yes = rule( 'page_url_contains', '/blog/' );
	const no = rule( 'page_url_contains', '/shop/' );
	const or = ( r: PageRule ): PageRule => ( { ...r, operator: '||' } );

	it( 'no rules: every page', () => {
		expect( matchRules( [], post ) ).toBe( true );
	} );

	it( 'ignores the operator of the first rule', () => {
		expect( matchRules( [ or( no ) ], post ) ).toBe( false );
		expect( matchRules( [ or( yes ) ], post ) ).toBe( true );
	} );

	it( 'joins with && and ||', () => {
		expect( matchRules( [ yes, yes ], post ) ).toBe( true );
		expect( matchRules( [ yes, no ], post ) ).toBe( false );
		expect( matchRules( [ no, or( yes ) ], post ) ).toBe( true );
		expect( matchRules( [ no, or( no ) ], post ) ).toBe( false );
	} );

	it( 'reads left to right, without precedence', () => {
		// (yes || no) && no = false; with && first it would be yes || (no && no) = true.
		expect( matchRules( [ yes, or( no ), no ], post ) ).toBe( false );
		// (no && no) || yes = true.
		expect( matchRules( [ no, no, or( yes ) ], post ) ).toBe( true );
		// (no || yes) && yes = true.
		expect( matchRules( [ no, or( yes ), yes ], post ) ).toBe( true );
	} );

	it( 'mixes kinds of rules', () => {
		const rules = [
			rule( 'post_type_is', ids( 'page' ) ),
			or( rule( 'taxonomy_term_is', ids( 5 ) ) ),
			rule( 'user_logged_in', ids( 'logged_in' ) ),
		];
		expect( matchRules( rules, post ) ).toBe( false );
		expect( matchRules( rules, editor ) ).toBe( true );
	} );

	it( 'treats an unknown operator as &&', () => {
		expect(
			matchRules(
				[ yes, { ...no, operator: 'or' as PageRule[ 'operator' ] } ],
				post
			)
		).toBe( false );
	} );
} );
