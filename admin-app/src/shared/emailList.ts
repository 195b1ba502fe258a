/**
 * Comma-separated lists of email addresses, read as the server reads them
 * (includes/Notifications/Email/EmailList.php): an item is what lies between commas,
 * trimmed of PHP trim()'s characters; empty items are dropped; an item is valid when
 * WordPress's is_email() accepts it. Settings > Email, the builder's notifications
 * step and the welcome wizard all use this module, and it passes the same corpus as
 * the server (tests/fixtures/contract/email-lists.json), so what passes here is
 * accepted on save.
 */

/** The characters PHP's trim() removes (String.prototype.trim() removes more). */
const PHP_TRIM = ' \t\n\r\0\x0B';

function trimChars( value: string, chars: string ): string {
	let start = 0;
	let end = value.length;
	while ( start < end && chars.includes( value[ start ] ) ) {
		start++;
	}
	while ( end > start && chars.includes( value[ end - 1 ] ) ) {
		end--;
	}
	return value.slice( start, end );
}

/**
 * is_email()'s local-part pattern. Its PHP form ends in `$` without the D modifier,
 * which also matches before a final line feed: `\n?` keeps that.
 */
const LOCAL_PART = /^[a-zA-Z0-9!#$%&'*+\/=?^_`{|}~.-]+\n?$/;
const DOMAIN_LABEL = /^[a-z0-9-]+\n?$/i;

/**
 * Whether WordPress's is_email() accepts the address (without its filters), step
 * by step as it checks it.
 *
 * @param email One address.
 */
export function isEmail( email: string ): boolean {
	// strlen() counts bytes; an address with a non-ASCII character fails below anyway.
	if ( email.length < 6 || email.indexOf( '@', 1 ) === -1 ) {
		return false;
	}
	const at = email.indexOf( '@' );
	if ( ! LOCAL_PART.test( email.slice( 0, at ) ) ) {
		return false;
	}
	const domain = email.slice( at + 1 );
	if (
		/\.{2,}/.test( domain ) ||
		trimChars( domain, PHP_TRIM + '.' ) !== domain
	) {
		return false;
	}
	const labels = domain.split( '.' );
	if ( labels.length < 2 ) {
		return false;
	}
	return labels.every(
		( label ) =>
			trimChars( label, PHP_TRIM + '-' ) === label &&
			DOMAIN_LABEL.test( label )
	);
}

/**
 * The items of a list, trimmed, empty items dropped, in the order typed.
 *
 * @param list What was typed.
 */
export function splitEmailList( list: string ): string[] {
	return list
		.split( ',' )
		.map( ( item ) => trimChars( item, PHP_TRIM ) )
		.filter( ( item ) => item !== '' );
}

/**
 * The items is_email() refuses, in order.
 *
 * @param list What was typed.
 */
export function invalidEmails( list: string ): string[] {
	return splitEmailList( list ).filter( ( item ) => ! isEmail( item ) );
}

/**
 * The list as the server stores it: its items joined with ", ".
 *
 * @param list What was typed.
 */
export function normaliseEmailList( list: string ): string {
	return splitEmailList( list ).join( ', ' );
}
