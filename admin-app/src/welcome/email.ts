/**
 * The notification addresses of the wizard's email step, checked as the server checks
 * a survey's notifications (shared/emailList.ts: comma-separated, each accepted by
 * WordPress's is_email()).
 */
import { __, sprintf } from '@wordpress/i18n';

import { invalidEmails, splitEmailList } from '../shared/emailList';

/** The addresses of a comma-separated list, as the server splits them. */
export const splitAddresses = splitEmailList;

/**
 * What is wrong with the addresses, or null when they can be saved.
 *
 * @param value  The field's text.
 * @param active Whether notifications are on; off, the field may stay empty.
 */
export function addressesError(
	value: string,
	active: boolean
): string | null {
	const addresses = splitAddresses( value );
	if ( addresses.length === 0 ) {
		return active
			? __(
					'Enter the email address that should receive the notifications.',
					'userfeedback'
				)
			: null;
	}
	const [ invalid ] = invalidEmails( value );
	if ( invalid !== undefined ) {
		return sprintf(
			/* translators: %s: what was typed as an email address. */
			__( '"%s" is not a valid email address.', 'userfeedback' ),
			invalid
		);
	}
	return null;
}
