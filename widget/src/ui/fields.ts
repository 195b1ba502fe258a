/**
 * Hidden fields (settings.hidden_fields): the values a survey records with its response,
 * read once when the survey starts from the page's URL query string, its cookies, or the
 * attributes the site set with userfeedback( 'attributes', {...} ) (api.ts). The server
 * (includes/Responses/HiddenFields.php) states the rules: a value is cut here to
 * limits.field_max so that the write is never refused for it, and a field with no value
 * on this page is left out.
 */
import type { HiddenField } from '../types';

/** HiddenFields::VALUE_MAX, for a page printed before limits.field_max existed. */
const FIELD_MAX = 200;

/**
 * @param search The query string (location.search, with or without its "?").
 * @param key    The parameter.
 * @return The first value of the parameter, or null.
 */
function fromQuery( search: string, key: string ): string | null {
	try {
		return new URLSearchParams( search ).get( key );
	} catch {
		return null;
	}
}

/**
 * @param cookies The cookie string (document.cookie).
 * @param key     The cookie's name.
 * @return Its decoded value (raw when it does not decode), or null.
 */
function fromCookies( cookies: string, key: string ): string | null {
	for ( const pair of cookies.split( /;\s*/ ) ) {
		const at = pair.indexOf( '=' );
		if ( at > 0 && pair.slice( 0, at ).trim() === key ) {
			const raw = pair.slice( at + 1 );
			try {
				return decodeURIComponent( raw );
			} catch {
				return raw;
			}
		}
	}
	return null;
}

/**
 * Cuts a value to `max` characters (code points, as the server counts them).
 *
 * @param value The value.
 * @param max   Most characters.
 */
function cap( value: string, max: number ): string {
	if ( value.length <= max ) {
		return value;
	}
	return Array.from( value ).slice( 0, max ).join( '' );
}

/**
 * The survey's hidden fields with a value on this page.
 *
 * @param list       settings.hidden_fields (missing on a page cached before it existed).
 * @param search     The URL's query string (location.search).
 * @param cookies    The page's cookies (document.cookie).
 * @param attributes The site's attributes (api.ts attributes()).
 * @param max        Most characters of a value (limits.field_max).
 * @return Name => value; names without a value are left out.
 */
export function collectFields(
	list: HiddenField[] | undefined,
	search: string,
	cookies: string,
	attributes: Readonly< Record< string, string > >,
	max: number = FIELD_MAX
): Record< string, string > {
	const fields: Record< string, string > = {};
	for ( const field of Array.isArray( list ) ? list : [] ) {
		if (
			! field ||
			typeof field.name !== 'string' ||
			field.name in fields
		) {
			continue;
		}
		let value: string | null = null;
		if ( field.source === 'query' ) {
			value = fromQuery( search, field.key );
		} else if ( field.source === 'cookie' ) {
			value = fromCookies( cookies, field.key );
		} else if (
			field.source === 'attribute' &&
			Object.prototype.hasOwnProperty.call( attributes, field.key )
		) {
			value = String( attributes[ field.key ] );
		}
		if ( value !== null && value !== '' ) {
			fields[ field.name ] = cap( value, max > 0 ? max : FIELD_MAX );
		}
	}
	return fields;
}
