/**
 * Refused saves, field by field: the server answers a refused write with 400 and
 * data.fields, each wrong field's dot path (e.g. 'settings.behavior.timing_delay')
 * with a sentence that names it and its rule ("Delay must be between 0 and 60
 * seconds."). Forms show the sentence next to the field (components/FieldError).
 */
import { ApiError } from './api';
import { plainText } from './plainText';

/** Dot path => sentence. */
export type FieldErrorMap = Record< string, string >;

/** 'answers[2][value]' as 'answers.2.value'. */
export function dotPath( key: string ): string {
	return key
		.replace( /\]\[/g, '.' )
		.replace( /\[/g, '.' )
		.replace( /\]/g, '' )
		.replace( /^\.+|\.+$/g, '' );
}

/**
 * The wrong fields of a refused save (a 400 with data.fields, or data.params from an
 * older answer), by dot path; {} for any other error or none.
 *
 * @param error What the call failed with.
 */
export function fieldErrors( error: unknown ): FieldErrorMap {
	if ( ! ( error instanceof ApiError ) || error.status !== 400 ) {
		return {};
	}
	const source = error.data?.fields ?? error.data?.params;
	if ( ! source || typeof source !== 'object' ) {
		return {};
	}
	const errors: FieldErrorMap = {};
	for ( const [ key, message ] of Object.entries( source ) ) {
		if ( typeof message === 'string' && message !== '' ) {
			errors[ dotPath( key ) ] = plainText( message );
		}
	}
	return errors;
}

/**
 * The sentences about a field: its own and those of the fields inside it (a list's
 * items), joined; undefined when there are none.
 *
 * @param errors Dot path => sentence.
 * @param path   The field's dot path.
 */
export function fieldErrorAt(
	errors: FieldErrorMap | undefined,
	path: string
): string | undefined {
	if ( ! errors ) {
		return undefined;
	}
	const found = Object.entries( errors )
		.filter( ( [ key ] ) => key === path || key.startsWith( `${ path }.` ) )
		.map( ( [ , message ] ) => message );
	return found.length > 0 ? [ ...new Set( found ) ].join( ' ' ) : undefined;
}

/**
 * The errors under a prefix, with the prefix taken off: the builder's settings step
 * keys its fields 'behavior.timing_delay', the server 'settings.behavior.timing_delay'.
 *
 * @param errors Dot path => sentence.
 * @param prefix E.g. 'settings'.
 */
export function fieldErrorsUnder(
	errors: FieldErrorMap,
	prefix: string
): FieldErrorMap {
	const under: FieldErrorMap = {};
	for ( const [ key, message ] of Object.entries( errors ) ) {
		if ( key.startsWith( `${ prefix }.` ) ) {
			under[ key.slice( prefix.length + 1 ) ] = message;
		}
	}
	return under;
}
