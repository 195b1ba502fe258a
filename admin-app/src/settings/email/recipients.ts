/**
 * The Email tab's recipient list (spec 3, section 5): comma-separated addresses,
 * each of which must look like a standard email address; an empty list is valid.
 * Pure, so that the rule is tested on its own and the tab only shows its verdict.
 */
import { __, sprintf } from '@wordpress/i18n';

/** local@domain.tld: no spaces, commas or a second @, and a dot in the domain. */
const EMAIL = /^[^\s@,]+@[^\s@,.]+(?:\.[^\s@,.]+)+$/;

/**
 * The addresses of a comma-separated list, trimmed, empty items dropped.
 *
 * @param list What was typed.
 */
export function splitRecipients( list: string ): string[] {
	return list
		.split( ',' )
		.map( ( item ) => item.trim() )
		.filter( ( item ) => item !== '' );
}

export function isEmailAddress( value: string ): boolean {
	return EMAIL.test( value );
}

/**
 * The message to show under the field, or null when the list is valid.
 *
 * @param list What was typed.
 */
export function recipientsError( list: string ): string | null {
	const invalid = splitRecipients( list ).filter(
		( item ) => ! isEmailAddress( item )
	);
	if ( invalid.length === 0 ) {
		return null;
	}
	return sprintf(
		/* translators: %s: the items that are not email addresses, comma-separated. */
		__(
			'Please enter valid email addresses, separated by commas. Not valid: %s',
			'userfeedback'
		),
		invalid.join( ', ' )
	);
}
