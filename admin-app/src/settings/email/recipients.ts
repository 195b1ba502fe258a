/**
 * The Email tab's recipient list (spec 3, section 5): comma-separated addresses,
 * each of which must be an address WordPress's is_email() accepts (shared/emailList.ts);
 * an empty list is valid. Pure, so that the tab only shows its verdict.
 */
import { __, sprintf } from '@wordpress/i18n';

import { invalidEmails, splitEmailList } from '../../shared/emailList';

/** The addresses of a comma-separated list, as the server splits it. */
export const splitRecipients = splitEmailList;

/**
 * The message to show under the field, or null when the list is valid.
 *
 * @param list What was typed.
 */
export function recipientsError( list: string ): string | null {
	const invalid = invalidEmails( list );
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
