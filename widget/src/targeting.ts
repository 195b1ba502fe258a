/**
 * Page rules (spec 3, section 3), evaluated in the browser from the page context PHP
 * prints (the same for every visitor of the URL) and what the browser knows: URL,
 * query, referrer, cookies. It ships in the loader's narrow chunk (narrow.ts), downloaded
 * only where a survey has page rules; it is table-driven and reads the page's globals.
 */
import type { PageRule, WidgetConfig } from './types';

export type PageContext = NonNullable< WidgetConfig[ 'context' ] >;

/**
 * A URL reduced for comparison: host (lowercase, no default port) and path without
 * trailing slash, plus the query when `query` is set. Scheme and hash are dropped.
 *
 * @param url   Absolute URL.
 * @param query Keep the query string.
 * @return The reduced URL, or '' when it does not parse.
 */
export function normalizeUrl( url: string, query?: unknown ): string {
	try {
		const parsed = new URL( url );
		return (
			parsed.host +
			parsed.pathname.replace( /\/+$/, '' ) +
			( query ? parsed.search : '' )
		);
	} catch {
		return '';
	}
}

/**
 * A cookie's raw value (not decoded), or undefined when there is none. select.ts, in
 * the loader, has the same function: importing this one would keep all of this module
 * in the loader, or make the loader export select.ts to this chunk (bytes every page
 * downloads); targeting.test.ts checks that both read alike.
 *
 * @param name    Cookie name.
 * @param cookies document.cookie ("a=1; b=2").
 */
export function readCookie(
	name: string,
	cookies: string
): string | undefined {
	return `; ${ cookies }`.split( `; ${ name }=` )[ 1 ]?.split( ';' )[ 0 ];
}

/**
 * Whether one rule holds on this page. Unknown logic types, data of the wrong kind,
 * empty data and URLs that do not parse are false (also for the "not" rules).
 *
 * @param rule    The rule.
 * @param context The page context.
 */
export function matchRule( rule: PageRule, context: PageContext ): boolean {
	const { logic, data } = rule;
	// page_url_is_not -> page_url_is, cookie_not_exist -> cookie_exist, ...
	const name = logic.replace( /(_is)_not$|_not(?=_)/, '$1' );
	const { href, search } = location;
	const taxonomies = context.taxonomies ?? {};
	const list = Array.isArray( data ) && data;
	// The server trims text data when it saves a survey.
	const text = list ? '' : data;
	const url = normalizeUrl( text, 1 );
	let query = search.slice( 1 );
	let regex = false;
	try {
		query = decodeURIComponent( query );
		regex = new RegExp( text ).test( query );
	} catch {}
	// Selector rules: the page's values, to compare with the chosen ids.
	// Text rules: whether the page matches the text.
	const value = (
		{
			user_logged_in: [ context.logged_in ? 'logged_in' : 'logged_out' ],
			user_role: context.logged_in?.roles,
			page_type: [ context.page_type ],
			page_or_post_is: [ context.post_id ],
			post_type_is: [ context.post_type ],
			taxonomy_is: Object.keys( taxonomies ).filter(
				( taxonomy ) => taxonomies[ taxonomy ]?.length
			),
			taxonomy_term_is: Object.values( taxonomies ).flat(),
			// A URL that does not parse gives '', which is neither true nor false.
			referrer:
				url && normalizeUrl( document.referrer, 1 ).startsWith( url ),
			query_parameter_contains: query.includes( text ),
			query_parameter_regex: regex,
			cookie_exist: readCookie( text, document.cookie ) !== undefined,
			// A rule without a query matches the page whatever its query.
			page_url_is:
				url && url === normalizeUrl( href, url.includes( '?' ) ),
			page_url_contains: href.includes( text ),
		} as Record< string, unknown >
	 )[ name ];
	return (
		Array.isArray( value ) === !! list &&
		!! ( list ? list.length : text ) &&
		( list
			? list.some( ( item ) =>
					// As text: ids come as numbers or strings.
					( value as unknown[] ).some(
						( have ) => `${ have }` === `${ item.id }`
					)
				)
			: value ) ===
			( name === logic )
	);
}

/**
 * Whether the rules hold: each rule's operator joins it to the result so far, left
 * to right (the first rule's operator means nothing). No rules: every page.
 *
 * @param rules   Page rules.
 * @param context The page context.
 */
export function matchRules( rules: PageRule[], context: PageContext ): boolean {
	return rules.reduce< boolean >( ( result, rule, index ) => {
		const value = matchRule( rule, context );
		if ( ! index ) {
			return value;
		}
		return rule.operator === '||' ? result || value : result && value;
	}, true );
}
