/**
 * The notification addresses of the wizard's email step, checked as the server checks
 * a survey's notifications (SurveyService: comma-separated, each a valid address).
 */
import { __, sprintf } from '@wordpress/i18n';

const EMAIL = /^[^\s@,;<>"]+@[^\s@,;<>"]+\.[^\s@,;<>".]+$/;

/** The addresses of a comma-separated list, trimmed, without empty entries. */
export function splitAddresses( value: string ): string[] {
	return value
		.split( ',' )
		.map( ( address ) => address.trim() )
		.filter( ( address ) => address !== '' );
}

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
	const invalid = addresses.find( ( address ) => ! EMAIL.test( address ) );
	if ( invalid !== undefined ) {
		return sprintf(
			/* translators: %s: what was typed as an email address. */
			__( '"%s" is not a valid email address.', 'userfeedback' ),
			invalid
		);
	}
	return null;
}
