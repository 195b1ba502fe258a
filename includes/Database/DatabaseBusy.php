<?php
/**
 * The database could not take a write now: SQLite still locked after its busy timeout, MariaDB/MySQL
 * in a deadlock, past its lock wait timeout, gone away or unreachable, or a rate-limit counter that
 * could not be written. Nothing of the work was kept (Transaction rolled it back); the same request
 * may be sent again a moment later. The visitor routes answer it with 503 and Retry-After, never 500.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Database;

use UserFeedback\ExceptionText;

defined( 'ABSPATH' ) || exit;

final class DatabaseBusy extends \RuntimeException {

	/**
	 * What the engines say when they are busy or out of reach (lower case, matched anywhere in the
	 * error): SQLite's SQLITE_BUSY / SQLITE_LOCKED, MySQL/MariaDB's 1205, 1213, 2002, 2006, 2013, 1040
	 * and 1053.
	 */
	private const SIGNS = array(
		'database is locked',
		'database table is locked',
		'deadlock found',
		'lock wait timeout',
		'server has gone away',
		'lost connection to',
		"can't connect to",
		'too many connections',
		'server shutdown in progress',
		'connection refused',
		'error reading communication packets',
	);

	/**
	 * What of SIGNS MariaDB/MySQL may clear by running the whole transaction again (SQLite has
	 * already waited its busy timeout).
	 */
	private const RETRYABLE = array( 'deadlock found', 'lock wait timeout', 'server has gone away', 'lost connection to' );

	/**
	 * The exception code of a failure of the outermost COMMIT (at_commit()).
	 */
	private const AT_COMMIT = 2;

	/**
	 * The outermost COMMIT failed: the database may have applied it before the connection went, so
	 * whether the work is stored cannot be known. Never run again (a counter would count twice).
	 *
	 * @param \Throwable|string $failure Why the COMMIT failed: the failure (kept as the previous
	 *                                  exception), or a message written for HTML.
	 */
	public static function at_commit( $failure ): self {
		$why = $failure instanceof \Throwable ? esc_html( ExceptionText::plain( $failure ) ) : $failure;
		return new self( 'The commit may or may not have been applied: ' . $why, self::AT_COMMIT, $failure instanceof \Throwable ? $failure : null );
	}

	/**
	 * Whether the failure leaves it unknown if the work was stored (at_commit()).
	 */
	public function outcome_unknown(): bool {
		return self::AT_COMMIT === $this->getCode();
	}

	public static function is_busy( string $error ): bool {
		return null !== self::sign( $error );
	}

	public static function is_retryable( string $error ): bool {
		return in_array( self::sign( $error ), self::RETRYABLE, true );
	}

	private static function sign( string $error ): ?string {
		$error = strtolower( $error );
		foreach ( self::SIGNS as $sign ) {
			if ( str_contains( $error, $sign ) ) {
				return $sign;
			}
		}
		return null;
	}
}
