<?php
/**
 * Comma-separated lists of email addresses (spec 1 section 5, spec 3 section 5): the settings'
 * notifications_recipients and a survey's notifications.email.addresses are split, checked and stored
 * the same way here. The admin's validator (admin-app/src/shared/emailList.ts) follows the same rules,
 * and both pass tests/fixtures/contract/email-lists.json.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Notifications\Email;

defined( 'ABSPATH' ) || exit;

final class EmailList {

	/**
	 * The items of a list: what lies between commas, trimmed (trim()'s characters only), empty items
	 * dropped, in the order typed.
	 *
	 * @return string[]
	 */
	public static function split( string $text ): array {
		return array_values( array_filter( array_map( 'trim', explode( ',', $text ) ), 'strlen' ) );
	}

	/**
	 * The items WordPress's is_email() refuses, in order.
	 *
	 * @return string[]
	 */
	public static function invalid( string $text ): array {
		return array_values( array_filter( self::split( $text ), static fn( string $email ): bool => ! is_email( $email ) ) );
	}

	/**
	 * What is wrong with a list (its first invalid item), or null when it may be saved. An empty list
	 * is valid.
	 */
	public static function error( string $text ): ?string {
		$invalid = self::invalid( $text );
		if ( ! $invalid ) {
			return null;
		}
		/* translators: %s: what was typed as an email address. */
		return sprintf( __( '"%s" is not a valid email address.', 'userfeedback' ), $invalid[0] );
	}

	/**
	 * The list as it is stored: its items joined with ", ".
	 */
	public static function normalise( string $text ): string {
		return implode( ', ', self::split( $text ) );
	}
}
