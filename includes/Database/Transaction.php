<?php
/**
 * The one way to run several statements all or nothing: Transaction::run( $work ) commits what the
 * work wrote when it returns, and rolls it back when it throws anything, then throws that again.
 *
 * Nesting: a run inside a run is a savepoint of the outer one, so the inner work is undone alone when
 * it fails and the outer work decides what happens next. MySQL/MariaDB would commit the open
 * transaction on a second START TRANSACTION, so there the inner run writes SAVEPOINT statements; the
 * SQLite integration turns a nested START TRANSACTION into a savepoint by itself (and does not know
 * SAVEPOINT as a statement), so there the inner run writes the same three statements as the outer.
 *
 * The outermost run writes exactly 'START TRANSACTION', 'COMMIT' and 'ROLLBACK'. The PHPUnit tests
 * keep a run inside their own transaction by rewriting those statements (tests/php/VisitorRequests.php).
 *
 * A caller that wants something kept although its work failed (a rate-limit count of a refused
 * request) returns that outcome from the work instead of throwing it: what it means belongs to the
 * caller's layer, not to this one.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Database;

defined( 'ABSPATH' ) || exit;

final class Transaction {

	/** How many runs are open in this request. */
	private static int $depth = 0;

	/**
	 * @template T
	 * @param callable():T $work The writes.
	 * @return T What the work answered.
	 * @throws \Throwable What the work threw, after the rollback; \RuntimeException when the
	 *                    transaction cannot be opened or committed (rolled back then).
	 */
	public static function run( callable $work ) {
		$level      = self::$depth;
		$statements = self::statements( $level );
		self::query( $statements['begin'], 'Could not start a transaction' );
		++self::$depth;
		try {
			$result = $work();
		} catch ( \Throwable $e ) {
			self::rollback( $statements['rollback'] );
			throw $e;
		} finally {
			self::$depth = $level;
		}
		try {
			self::query( $statements['commit'], 'Could not commit' );
		} catch ( \RuntimeException $e ) {
			self::rollback( $statements['rollback'] );
			throw $e;
		}
		return $result;
	}

	/**
	 * @return array{begin:string,commit:string,rollback:string}
	 */
	private static function statements( int $level ): array {
		if ( 0 === $level || self::nests_by_itself() ) {
			return array(
				'begin'    => 'START TRANSACTION',
				'commit'   => 'COMMIT',
				'rollback' => 'ROLLBACK',
			);
		}
		$name = 'userfeedback_' . $level;
		return array(
			'begin'    => 'SAVEPOINT ' . $name,
			'commit'   => 'RELEASE SAVEPOINT ' . $name,
			'rollback' => 'ROLLBACK TO SAVEPOINT ' . $name,
		);
	}

	/**
	 * The SQLite integration's driver counts transaction levels itself.
	 */
	private static function nests_by_itself(): bool {
		global $wpdb;
		return class_exists( 'WP_SQLite_DB', false ) && $wpdb instanceof \WP_SQLite_DB;
	}

	/**
	 * A failed rollback must not hide why the work failed: it is logged, and the first error thrown.
	 */
	private static function rollback( string $statement ): void {
		global $wpdb;
		if ( false === $wpdb->query( $statement ) ) { // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- one of the constant statements above.
			error_log( 'UserFeedback: a rollback failed: ' . $wpdb->last_error ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log
		}
	}

	/**
	 * @throws \RuntimeException When the statement fails.
	 */
	private static function query( string $statement, string $failure ): void {
		global $wpdb;
		if ( false === $wpdb->query( $statement ) ) { // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- one of the constant statements above.
			throw new \RuntimeException( $failure . ': ' . $wpdb->last_error );
		}
	}
}
