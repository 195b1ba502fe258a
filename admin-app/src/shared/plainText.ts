/**
 * Server texts as a person reads them.
 */
let decoder: HTMLTextAreaElement | null = null;

/**
 * Text as a person reads it: HTML entities decoded (&#8217; is ’, &amp; is &) and
 * tags dropped. Server texts may come escaped for HTML (esc_html, wptexturize);
 * React prints text as it is, so an entity would show raw.
 *
 * @param text Text that may hold entities or tags.
 */
export function plainText( text: string ): string {
	if ( ! /[&<]/.test( text ) ) {
		return text;
	}
	const withoutTags = text.replace( /<[^>]*>/g, '' );
	if ( typeof document === 'undefined' ) {
		return withoutTags;
	}
	// A textarea decodes entities without running or loading anything.
	decoder ??= document.createElement( 'textarea' );
	decoder.innerHTML = withoutTags;
	return decoder.value;
}
