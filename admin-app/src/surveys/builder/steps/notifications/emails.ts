/**
 * Recipient lists: comma-separated addresses, checked the way WordPress's
 * is_email() checks them, so what passes here passes on the server.
 */

/** WordPress is_email(): the characters it allows in the local part. */
const LOCAL_PART = /^[a-zA-Z0-9!#$%&'*+\/=?^_`{|}~.-]+$/;
const DOMAIN_LABEL = /^[a-z0-9-]+$/i;

/**
 * Whether WordPress would accept the address (is_email() without its filters).
 *
 * @param email One address, already trimmed.
 */
export function isEmail( email: string ): boolean {
	if ( email.length < 6 || email.indexOf( '@', 1 ) === -1 ) {
		return false;
	}
	const at = email.indexOf( '@' );
	if ( ! LOCAL_PART.test( email.slice( 0, at ) ) ) {
		return false;
	}
	const domain = email.slice( at + 1 );
	// No "..", and no dot or whitespace at either end.
	if (
		/\.{2,}/.test( domain ) ||
		domain !== domain.replace( /^[\s.]+|[\s.]+$/g, '' )
	) {
		return false;
	}
	const labels = domain.split( '.' );
	if ( labels.length < 2 ) {
		return false;
	}
	return labels.every(
		( label ) =>
			label === label.replace( /^[\s-]+|[\s-]+$/g, '' ) &&
			DOMAIN_LABEL.test( label )
	);
}

/**
 * Splits a comma-separated list into the addresses that are valid and those that
 * are not. Blank items (",," or a trailing comma) are skipped.
 *
 * @param text What the user typed.
 */
export function parseEmailList( text: string ): {
	valid: string[];
	invalid: string[];
} {
	const valid: string[] = [];
	const invalid: string[] = [];
	for ( const item of text.split( ',' ) ) {
		const email = item.trim();
		if ( email ) {
			( isEmail( email ) ? valid : invalid ).push( email );
		}
	}
	return { valid, invalid };
}
