import { afterEach, describe, expect, it } from 'vitest';

import { adminUrl, ConfigError, parseConfig } from './config';
import { makeConfig } from './test/fixtures';

const valid = () => makeConfig();

function withoutPath( path: string ): string {
	const config = JSON.parse( JSON.stringify( valid() ) );
	const keys = path.split( '.' );
	const last = keys.pop() as string;
	const parent = keys.reduce( ( node, key ) => node[ key ], config );
	delete parent[ last ];
	return JSON.stringify( config );
}

describe( 'parseConfig', () => {
	afterEach( () => {
		document.body.innerHTML = '';
	} );

	it( 'returns the config when every required key is there', () => {
		const config = parseConfig( JSON.stringify( valid() ) );
		expect( config.rest.nonce ).toBe( 'rest-nonce' );
		expect( config.entitlements.features.scheduling?.label ).toBe(
			'Scheduling'
		);
	} );

	it( 'refuses a missing or empty attribute', () => {
		expect( () => parseConfig( null ) ).toThrow( ConfigError );
		expect( () => parseConfig( '' ) ).toThrow(
			/data-config attribute is missing or empty/
		);
	} );

	it( 'refuses malformed JSON with a message that says so', () => {
		expect( () => parseConfig( '{"page": "surveys",' ) ).toThrow(
			/UserFeedback: invalid page configuration: data-config is not valid JSON/
		);
	} );

	it( 'refuses JSON that is not an object', () => {
		expect( () => parseConfig( '[1,2]' ) ).toThrow(
			'data-config must be a JSON object, got array.'
		);
	} );

	it.each( [
		'page',
		'rest.root',
		'rest.nonce',
		'ajax.url',
		'urls.upgrade',
		'entitlements.features',
		'question_types',
		'survey_limits',
	] )( 'names the missing key %s', ( path ) => {
		expect( () => parseConfig( withoutPath( path ) ) ).toThrow(
			`"${ path }" is missing.`
		);
	} );

	it( 'names a key of the wrong type and the type it got', () => {
		const config = { ...valid(), rest: { ...valid().rest, nonce: 42 } };
		expect( () => parseConfig( JSON.stringify( config ) ) ).toThrow(
			'"rest.nonce" must be string, got number.'
		);
		const lite = {
			...valid(),
			entitlements: { ...valid().entitlements, is_pro: 'no' },
		};
		expect( () => parseConfig( JSON.stringify( lite ) ) ).toThrow(
			'"entitlements.is_pro" must be boolean, got string.'
		);
		// PHP prints an empty array as [] but an empty map as {}: the types are a list.
		const types = { ...valid(), question_types: {} };
		expect( () => parseConfig( JSON.stringify( types ) ) ).toThrow(
			'"question_types" must be array, got object.'
		);
	} );

	it( 'refuses an unknown page and an unknown edition', () => {
		expect( () =>
			parseConfig( JSON.stringify( { ...valid(), page: 'dashboard' } ) )
		).toThrow( /"page" must be one of surveys, results, settings/ );
		expect( () =>
			parseConfig(
				JSON.stringify( {
					...valid(),
					entitlements: { ...valid().entitlements, edition: 'gold' },
				} )
			)
		).toThrow( '"entitlements.edition" must be lite or pro, got "gold".' );
	} );
} );

describe( 'adminUrl', () => {
	it( 'resolves admin-relative paths and keeps absolute URLs', () => {
		const config = valid();
		expect( adminUrl( config, 'admin.php?page=userfeedback_addons' ) ).toBe(
			'http://site.test/wp-admin/admin.php?page=userfeedback_addons'
		);
		expect( adminUrl( config, 'https://example.com/x' ) ).toBe(
			'https://example.com/x'
		);
	} );
} );
