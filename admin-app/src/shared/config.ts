/**
 * The page's boot configuration: one data-config attribute on #userfeedback-app,
 * read and checked once. A page that boots with a broken config fails here with a
 * message naming the bad key, not later with "cannot read properties of undefined".
 */
import { PAGE_KEYS, type AppConfig } from './types';

export const ROOT_ID = 'userfeedback-app';

export class ConfigError extends Error {
	constructor( message: string ) {
		super( `UserFeedback: invalid page configuration: ${ message }` );
		this.name = 'ConfigError';
	}
}

type Check = 'string' | 'number' | 'boolean' | 'object' | 'array';

/** Required keys, by path, and the type each must have. */
const REQUIRED: Array< [ string, Check ] > = [
	[ 'page', 'string' ],
	[ 'version', 'string' ],
	[ 'rest', 'object' ],
	[ 'rest.root', 'string' ],
	[ 'rest.namespace', 'string' ],
	[ 'rest.nonce', 'string' ],
	[ 'ajax', 'object' ],
	[ 'ajax.url', 'string' ],
	[ 'ajax.nonce', 'string' ],
	[ 'urls', 'object' ],
	[ 'urls.admin', 'string' ],
	[ 'urls.upgrade', 'string' ],
	[ 'urls.settings', 'string' ],
	[ 'urls.pages', 'object' ],
	[ 'user', 'object' ],
	[ 'user.capabilities', 'object' ],
	[ 'entitlements', 'object' ],
	[ 'entitlements.edition', 'string' ],
	[ 'entitlements.is_pro', 'boolean' ],
	[ 'entitlements.is_licensed', 'boolean' ],
	[ 'entitlements.addons', 'object' ],
	[ 'entitlements.features', 'object' ],
	[ 'question_types', 'array' ],
	[ 'survey_limits', 'object' ],
];

function typeOf( value: unknown ): string {
	if ( value === null ) {
		return 'null';
	}
	return Array.isArray( value ) ? 'array' : typeof value;
}

function lookup( source: unknown, path: string ): unknown {
	return path
		.split( '.' )
		.reduce< unknown >(
			( node, key ) =>
				typeof node === 'object' && node !== null
					? ( node as Record< string, unknown > )[ key ]
					: undefined,
			source
		);
}

/**
 * Parses and checks a data-config value.
 *
 * @param  raw The attribute's text (JSON).
 * @throws {ConfigError} When the JSON is missing, malformed or lacks a required key.
 */
export function parseConfig( raw: string | null | undefined ): AppConfig {
	if ( ! raw ) {
		throw new ConfigError(
			'the data-config attribute is missing or empty.'
		);
	}
	let parsed: unknown;
	try {
		parsed = JSON.parse( raw );
	} catch ( error ) {
		throw new ConfigError(
			`data-config is not valid JSON (${ ( error as Error ).message }).`
		);
	}
	if ( typeOf( parsed ) !== 'object' ) {
		throw new ConfigError(
			`data-config must be a JSON object, got ${ typeOf( parsed ) }.`
		);
	}
	for ( const [ path, expected ] of REQUIRED ) {
		const actual = typeOf( lookup( parsed, path ) );
		if ( actual !== expected ) {
			throw new ConfigError(
				actual === 'undefined'
					? `"${ path }" is missing.`
					: `"${ path }" must be ${ expected }, got ${ actual }.`
			);
		}
	}
	const config = parsed as AppConfig;
	if ( ! ( PAGE_KEYS as readonly string[] ).includes( config.page ) ) {
		throw new ConfigError(
			`"page" must be one of ${ PAGE_KEYS.join( ', ' ) }, got "${ config.page }".`
		);
	}
	if ( ! [ 'lite', 'pro' ].includes( config.entitlements.edition ) ) {
		throw new ConfigError(
			`"entitlements.edition" must be lite or pro, got "${ config.entitlements.edition }".`
		);
	}
	return config;
}

let cached: AppConfig | undefined;

/**
 * The current page's config, read from the DOM on first use.
 *
 * @param root Element holding data-config; defaults to #userfeedback-app.
 */
export function getConfig( root?: HTMLElement | null ): AppConfig {
	if ( ! cached ) {
		const element = root ?? document.getElementById( ROOT_ID );
		if ( ! element ) {
			throw new ConfigError( `no element with id "${ ROOT_ID }".` );
		}
		cached = parseConfig( element.getAttribute( 'data-config' ) );
	}
	return cached;
}

/**
 * Resolves a path from urls.pages / urls.settings ("admin.php?page=...") against the
 * admin URL; absolute URLs pass through.
 *
 * @param config The page config.
 * @param path   Relative admin path or absolute URL.
 */
export function adminUrl( config: AppConfig, path: string ): string {
	try {
		return new URL( path, config.urls.admin ).toString();
	} catch {
		return path;
	}
}
