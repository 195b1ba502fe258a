<?php
/**
 * The plugin's one logger, for debugging only: a line goes to PHP's error log (WordPress's debug.log
 * with WP_DEBUG_LOG) only while WP_DEBUG is on. Every problem is also passed to the
 * `userfeedback_log` action, so a site can send it where it keeps its own logs on production.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback;

defined( 'ABSPATH' ) || exit;

final class Log {

	/**
	 * Records a problem that was handled but should leave a trace (a lost email, a failed upgrade step).
	 *
	 * @param string $message One line, plain text, without the plugin's name (it is added).
	 */
	public static function error( string $message ): void {
		/**
		 * Fires for each problem the plugin records, whether or not WP_DEBUG is on.
		 *
		 * @param string $level   'error'.
		 * @param string $message The plain-text line.
		 */
		do_action( 'userfeedback_log', 'error', $message );
		if ( ! self::enabled() ) {
			return;
		}
		// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- this is the debug-only logger: it runs only with WP_DEBUG on.
		error_log( 'UserFeedback: ' . $message );
	}

	/**
	 * Whether lines reach PHP's error log: only while WP_DEBUG is on.
	 */
	public static function enabled(): bool {
		return defined( 'WP_DEBUG' ) && WP_DEBUG;
	}
}
