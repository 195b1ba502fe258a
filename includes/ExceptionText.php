<?php
/**
 * Exception messages are written for HTML where they are thrown (`esc_html__()`, `esc_html()`), since
 * an exception nobody catches may be printed on an error page. Wherever a message leaves as text
 * instead (a REST error's JSON, a log line, a stored delivery error, a message inside another
 * message), it is read back here, once, so nobody sees `&#039;` for an apostrophe.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback;

defined( 'ABSPATH' ) || exit;

final class ExceptionText {

	/**
	 * The plain text of a message written for HTML.
	 *
	 * @param \Throwable|string $message An exception, or a message of one.
	 */
	public static function plain( $message ): string {
		$text = $message instanceof \Throwable ? $message->getMessage() : (string) $message;
		return wp_specialchars_decode( $text, ENT_QUOTES );
	}
}
