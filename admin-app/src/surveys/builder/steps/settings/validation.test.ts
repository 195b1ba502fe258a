import { describe, expect, it } from 'vitest';

import { defaultSettings } from '../../../../shared/surveyDefaults';
import type {
	PageRule,
	PageRuleLogic,
	SurveySettings,
} from '../../../../shared/types';
import { countryOptions, COUNTRY_CODES } from './countries';
import {
	isValidUrl,
	LOGIC_TYPE_KEYS,
	logicTypeLabel,
	newPageRule,
	optionSource,
	pageRuleError,
	ruleKind,
	withLogic,
} from './pageRules';
import { canContinueSettings, settingsErrors } from './validation';

const rule = (
	logic: PageRuleLogic,
	data: PageRule[ 'data' ],
	operator: PageRule[ 'operator' ] = '&&'
): PageRule => ( { logic, data, operator } );

function withRules(
	rules: PageRule[],
	pages: 'all' | 'select' = 'select'
): SurveySettings {
	const settings = defaultSettings();
	return {
		...settings,
		targeting: { ...settings.targeting, pages, page_rules: rules },
	};
}

const URL_TYPES: PageRuleLogic[] = [
	'referrer',
	'page_url_is',
	'page_url_is_not',
];
const TEXT_TYPES: PageRuleLogic[] = [
	'query_parameter_contains',
	'query_parameter_not_contains',
	'query_parameter_regex',
	'cookie_exist',
	'cookie_not_exist',
	'page_url_contains',
	'page_url_not_contains',
];
const SELECTOR_TYPES: PageRuleLogic[] = [
	'user_logged_in',
	'user_role',
	'page_type',
	'page_or_post_is',
	'page_or_post_is_not',
	'post_type_is',
	'post_type_is_not',
	'taxonomy_is',
	'taxonomy_is_not',
	'taxonomy_term_is',
	'taxonomy_term_is_not',
];

describe( 'page rule types', () => {
	it( 'covers the 21 logic types of the contract, each with a human label', () => {
		expect( LOGIC_TYPE_KEYS ).toHaveLength( 21 );
		expect( [ ...LOGIC_TYPE_KEYS ].sort() ).toEqual(
			[ ...URL_TYPES, ...TEXT_TYPES, ...SELECTOR_TYPES ].sort()
		);
		for ( const logic of LOGIC_TYPE_KEYS ) {
			expect( logicTypeLabel( logic ) ).not.toBe( logic );
		}
		expect( logicTypeLabel( 'page_url_not_contains' ) ).toBe(
			'Page URL does not contain'
		);
	} );

	it( 'maps selector types to the logic-type sources and search', () => {
		expect( SELECTOR_TYPES.map( optionSource ) ).toEqual( [
			'user_logged_in',
			'wp_user_roles',
			'wp_page_type',
			'search',
			'search',
			'post_type',
			'post_type',
			'taxonomy',
			'taxonomy',
			'taxonomy_term',
			'taxonomy_term',
		] );
		for ( const logic of [ ...URL_TYPES, ...TEXT_TYPES ] ) {
			expect( optionSource( logic ) ).toBeNull();
			expect( ruleKind( logic ) ).not.toBe( 'select' );
		}
	} );
} );

describe( 'pageRuleError', () => {
	it.each( URL_TYPES )( '%s must be a valid URL', ( logic ) => {
		expect( pageRuleError( rule( logic, '' ) ) ).toMatch( /valid URL/ );
		expect( pageRuleError( rule( logic, 'example.com/page' ) ) ).toMatch(
			/valid URL/
		);
		expect(
			pageRuleError( rule( logic, 'https://exa mple.com' ) )
		).toMatch( /valid URL/ );
		expect(
			pageRuleError( rule( logic, 'https://example.com/pricing/?a=1' ) )
		).toBeNull();
		expect(
			pageRuleError( rule( logic, ' http://localhost:8080 ' ) )
		).toBeNull();
	} );

	it.each( TEXT_TYPES )( '%s must not be empty', ( logic ) => {
		expect( pageRuleError( rule( logic, '' ) ) ).toBe(
			'This field cannot be empty.'
		);
		expect( pageRuleError( rule( logic, '   ' ) ) ).toBe(
			'This field cannot be empty.'
		);
		expect( pageRuleError( rule( logic, 'utm_source' ) ) ).toBeNull();
	} );

	it( 'query_parameter_regex must compile', () => {
		expect(
			pageRuleError( rule( 'query_parameter_regex', 'utm_(source' ) )
		).toBe( 'Enter a valid regular expression.' );
		expect(
			pageRuleError(
				rule( 'query_parameter_regex', '^utm_(source|medium)=' )
			)
		).toBeNull();
	} );

	it.each( SELECTOR_TYPES )(
		'%s needs at least one chosen item',
		( logic ) => {
			expect( pageRuleError( rule( logic, [] ) ) ).toBe(
				'Select at least one option.'
			);
			// Text where a list belongs (a corrupt rule) is an error too.
			expect( pageRuleError( rule( logic, 'administrator' ) ) ).toBe(
				'Select at least one option.'
			);
			expect(
				pageRuleError( rule( logic, [ { id: 7, label: 'About' } ] ) )
			).toBeNull();
		}
	);

	it( 'the URL validator accepts what the URL parser accepts', () => {
		expect( isValidUrl( 'https://example.com' ) ).toBe( true );
		expect( isValidUrl( 'ftp://files.example.com/a' ) ).toBe( true );
		expect( isValidUrl( '/relative/path' ) ).toBe( false );
		expect( isValidUrl( '' ) ).toBe( false );
	} );
} );

describe( 'withLogic and newPageRule', () => {
	it( 'starts selector rules with a list and text rules with a string', () => {
		expect( newPageRule( 'user_role' ) ).toEqual( {
			logic: 'user_role',
			operator: '&&',
			data: [],
		} );
		expect( newPageRule( 'cookie_exist' ).data ).toBe( '' );
	} );

	it( 'keeps data between types that read the same thing, clears it otherwise', () => {
		const page = rule(
			'page_or_post_is',
			[ { id: 2, label: 'About' } ],
			'||'
		);
		expect( withLogic( page, 'page_or_post_is_not' ) ).toEqual( {
			...page,
			logic: 'page_or_post_is_not',
		} );
		expect( withLogic( page, 'post_type_is' ).data ).toEqual( [] );
		expect( withLogic( page, 'page_url_is' ).data ).toBe( '' );
		expect( withLogic( page, 'page_url_is' ).operator ).toBe( '||' );
		expect(
			withLogic( rule( 'page_url_contains', '/blog/' ), 'cookie_exist' )
				.data
		).toBe( '/blog/' );
		expect(
			withLogic( rule( 'page_url_contains', '/blog/' ), 'user_role' ).data
		).toEqual( [] );
	} );
} );

describe( 'settingsErrors and canContinueSettings', () => {
	it( 'accepts the defaults', () => {
		expect( settingsErrors( defaultSettings() ) ).toEqual( {} );
		expect( canContinueSettings( defaultSettings() ) ).toBe( true );
	} );

	it( 'ignores page rules while targeting all pages', () => {
		const settings = withRules( [ rule( 'page_url_is', 'nope' ) ], 'all' );
		expect( canContinueSettings( settings ) ).toBe( true );
	} );

	it( 'reports every bad rule by index when targeting selected pages', () => {
		const settings = withRules( [
			rule( 'page_url_is', 'https://example.com/' ),
			rule( 'referrer', 'google', '||' ),
			rule( 'cookie_exist', '' ),
			rule( 'user_role', [] ),
			rule( 'taxonomy_term_is', [ { id: 3, label: 'News' } ] ),
		] );
		expect( settingsErrors( settings ) ).toEqual( {
			'targeting.page_rules.1': expect.stringMatching( /valid URL/ ),
			'targeting.page_rules.2': 'This field cannot be empty.',
			'targeting.page_rules.3': 'Select at least one option.',
		} );
		expect( canContinueSettings( settings ) ).toBe( false );
	} );

	it( 'needs at least one rule when targeting selected pages', () => {
		expect( settingsErrors( withRules( [] ) ) ).toEqual( {
			'targeting.page_rules': 'Add at least one page rule.',
		} );
	} );

	it( 'needs a device and, when selecting countries, a country', () => {
		const settings = defaultSettings();
		settings.targeting.devices = [];
		settings.geo_targeting = { target: 'select', countries: [] };
		expect( Object.keys( settingsErrors( settings ) ) ).toEqual( [
			'targeting.devices',
			'geo_targeting.countries',
		] );
		settings.targeting.devices = [ 'mobile' ];
		settings.geo_targeting.countries = [ 'DE' ];
		expect( canContinueSettings( settings ) ).toBe( true );
	} );

	it.each( [
		[ 0, true ],
		[ 20, true ],
		[ 60, true ],
		[ -1, false ],
		[ 61, false ],
		[ 2.5, false ],
		[ Number.NaN, false ],
	] )( 'a delay of %s seconds is allowed: %s', ( delay, ok ) => {
		const settings = defaultSettings();
		settings.behavior.timing = 'delay';
		settings.behavior.timing_delay = delay;
		expect( canContinueSettings( settings ) ).toBe( ok );
		// The delay only matters with the delay timing.
		settings.behavior.timing = 'half_page';
		expect( canContinueSettings( settings ) ).toBe( true );
	} );

	it( 'needs a real month and day to expire on', () => {
		const settings = defaultSettings();
		settings.behavior.run_time = 'expire';
		expect( settingsErrors( settings )[ 'behavior.expire_at' ] ).toBe(
			'Choose the month and day to stop on.'
		);
		settings.behavior.expire_at = { month: 2, day: 30 };
		expect( settingsErrors( settings )[ 'behavior.expire_at' ] ).toBe(
			'February has only 29 days.'
		);
		settings.behavior.expire_at = { month: 12, day: 31 };
		expect( canContinueSettings( settings ) ).toBe( true );
		settings.behavior.run_time = 'indefinitely';
		settings.behavior.expire_at = { month: null, day: null };
		expect( canContinueSettings( settings ) ).toBe( true );
	} );
} );

describe( 'countries', () => {
	it( 'lists the 249 ISO 3166-1 codes with names in the site language', () => {
		expect( COUNTRY_CODES ).toHaveLength( 249 );
		expect( new Set( COUNTRY_CODES ).size ).toBe( 249 );
		const english = countryOptions( 'en_US' );
		expect( english.find( ( c ) => c.id === 'DE' )?.label ).toBe(
			'Germany'
		);
		const german = countryOptions( 'de_DE_formal' );
		expect( german.find( ( c ) => c.id === 'DE' )?.label ).toBe(
			'Deutschland'
		);
	} );
} );
