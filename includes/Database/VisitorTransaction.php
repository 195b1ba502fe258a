<?php
/**
 * A visitor's write in one transaction: the rate-limit counters (when they live in the table) and the
 * rows the request adds. One commit per request instead of one per statement (each commit is a disk
 * sync on InnoDB's default settings and on SQLite), and nothing half-written.
 *
 * A refusal (ApiException) commits what was counted before it, the rate-limit hits, so a flood of
 * refused requests still counts; nothing else was written by then. Any other failure rolls back.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Database;

use UserFeedback\Rest\ApiException;

defined( 'ABSPATH' ) || exit;

final class VisitorTransaction {

	/**
	 * @template T
	 * @param callable():T $work The writes.
	 * @return T What the work answered.
	 * @throws \Throwable What the work threw; \RuntimeException when the transaction cannot be opened or committed.
	 */
	public static function run( callable $work ) {
		self::query( 'START TRANSACTION', 'Could not start a transaction' );
		try {
			$result = $work();
		} catch ( ApiException $refusal ) {
			self::query( 'COMMIT', 'Could not commit' );
			throw $refusal;
		} catch ( \Throwable $e ) {
			global $wpdb;
			$wpdb->query( 'ROLLBACK' );
			throw $e;
		}
		self::query( 'COMMIT', 'Could not commit' );
		return $result;
	}

	/**
	 * @throws \RuntimeException When the statement fails.
	 */
	private static function query( string $statement, string $failure ): void {
		global $wpdb;
		if ( false === $wpdb->query( $statement ) ) {
			throw new \RuntimeException( $failure . ': ' . $wpdb->last_error );
		}
	}
}
