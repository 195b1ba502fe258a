<?php
/**
 * Sending through wp_mail(), for the plugin's emails: the recipients of a comma-separated setting and
 * one send that reports why it failed (the wp_mail_failed error), for the log.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Notifications\Email;

defined( 'ABSPATH' ) || exit;

final class Mail {

	/** Most recipients one email goes to; a longer list is cut (the settings allow 2000 characters). */
	public const MAX_RECIPIENTS = 50;

	/**
	 * The valid, distinct addresses of a comma-separated list (semicolons and line breaks count as
	 * commas); the site administrator's address when the list is empty.
	 *
	 * @return string[]
	 */
	public static function recipients( string $addresses ): array {
		$addresses = trim( $addresses );
		if ( '' === $addresses ) {
			$admin = (string) get_option( 'admin_email' );
			return is_email( $admin ) ? array( $admin ) : array();
		}
		$valid = array();
		foreach ( (array) preg_split( '/[,;\s]+/', $addresses, -1, PREG_SPLIT_NO_EMPTY ) as $address ) {
			$address = sanitize_email( (string) $address );
			if ( '' !== $address && is_email( $address ) ) {
				$valid[ strtolower( $address ) ] ??= $address;
			}
		}
		return array_slice( array_values( $valid ), 0, self::MAX_RECIPIENTS );
	}

	/**
	 * Sends one email.
	 *
	 * @param string[] $to      Recipients.
	 * @param string[] $headers Headers (EmailTemplate::headers()).
	 * @return true|string True when wp_mail() took it, else why not (for the log).
	 */
	public static function send( array $to, string $subject, string $body, array $headers ) {
		$error  = '';
		$listen = static function ( \WP_Error $failure ) use ( &$error ): void {
			$error = $failure->get_error_message();
		};
		add_action( 'wp_mail_failed', $listen );
		try {
			$sent = wp_mail( $to, self::one_line( $subject ), $body, $headers );
		} finally {
			remove_action( 'wp_mail_failed', $listen );
		}
		if ( $sent ) {
			return true;
		}
		return '' !== $error ? $error : 'wp_mail() returned false';
	}

	/**
	 * A subject on one line: a survey or site title must not start a header of its own. Subjects are
	 * plain text, so a title's "<" stays as typed.
	 */
	public static function one_line( string $text ): string {
		return trim( (string) preg_replace( '/[\x00-\x1f\x7f]+/', ' ', $text ) );
	}
}
