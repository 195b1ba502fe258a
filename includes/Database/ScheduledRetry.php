<?php
/**
 * When a scheduled single event of the database's unfinished work fails (the rollups' rebuild, the
 * search table's fill), it comes back later: a minute after the first failure, twice as long after
 * each next one, at most an hour; a run that succeeds starts the count again. The failures are counted
 * in an option per hook ("{hook}_failures", a userfeedback_ option the uninstaller sweeps), so a
 * database that stays down is not hammered every minute for days.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Database;

defined( 'ABSPATH' ) || exit;

final class ScheduledRetry {

	/** The delay after a first failure, in seconds. */
	public const FIRST = MINUTE_IN_SECONDS;

	/** The longest delay, in seconds. */
	public const LONGEST = HOUR_IN_SECONDS;

	/**
	 * Schedules $hook again after a failure (unless it is scheduled already) and says in how many seconds.
	 */
	public static function after_failure( string $hook ): int {
		$failures = (int) get_option( self::option( $hook ), 0 ) + 1;
		update_option( self::option( $hook ), (string) $failures, false );
		$delay = (int) min( self::LONGEST, self::FIRST * 2 ** min( 20, $failures - 1 ) );
		if ( ! wp_next_scheduled( $hook ) ) {
			wp_schedule_single_event( time() + $delay, $hook );
		}
		return $delay;
	}

	/**
	 * A run of $hook that succeeded: the next failure waits the first delay again.
	 */
	public static function succeeded( string $hook ): void {
		delete_option( self::option( $hook ) );
	}

	/** The option counting $hook's failures in a row. */
	private static function option( string $hook ): string {
		return $hook . '_failures';
	}
}
