<?php
/**
 * A visitor's write (a response, an impression, a post-rating vote) in one Database\Transaction: the
 * rate-limit counters (when they live in the table) and the rows the request adds, one commit per
 * request instead of one per statement (each commit is a disk sync on InnoDB's default settings and on
 * SQLite), and nothing half-written.
 *
 * A refusal (ApiException) is the answer of a request, not a failure of the database: the work's
 * refusal is taken out of the transaction as its outcome, so the counts taken before it are committed
 * (a flood of refused requests still counts; nothing else is written before a refusal), and thrown
 * after the commit. Any other failure rolls everything back; a database that is busy or out of reach
 * (Database\DatabaseBusy, a failed rate-limit count included) is answered 503 userfeedback_busy with
 * Retry-After (RateLimiter::respond() sets the header): the visitor's widget keeps the write and sends
 * it again, and the write is an upsert, so nothing is counted twice.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Responses;

use UserFeedback\Database\DatabaseBusy;
use UserFeedback\Database\Transaction;
use UserFeedback\ExceptionText;
use UserFeedback\Log;
use UserFeedback\Rest\ApiException;

defined( 'ABSPATH' ) || exit;

final class VisitorWrite {

	/**
	 * @template T
	 * @param callable():T $work The counts and the writes; refuses with ApiException.
	 * @return T What the work answered.
	 * @throws ApiException The work's refusal, after the commit of the counts; 503 when the database is busy.
	 * @throws \Throwable Any other failure, after the rollback.
	 */
	public static function run( callable $work ) {
		// A database that cannot be reached again ends in wpdb's dead_db(), which wp_die()s with a 500
		// error page: during the write it is a busy database like any other.
		$handler  = static function ( $message ): void {
			throw new DatabaseBusy( esc_html( 'The database cannot be reached: ' . ( is_wp_error( $message ) ? $message->get_error_message() : wp_strip_all_tags( (string) $message ) ) ) );
		};
		$die      = static fn(): \Closure => $handler;
		$handlers = array( 'wp_die_handler', 'wp_die_json_handler', 'wp_die_jsonp_handler', 'wp_die_xml_handler' );
		foreach ( $handlers as $filter ) {
			add_filter( $filter, $die, PHP_INT_MAX );
		}
		try {
			$outcome = Transaction::run(
				static function () use ( $work ): array {
					try {
						return array( 'result' => $work() );
					} catch ( ApiException $refusal ) {
						return array( 'refusal' => $refusal );
					}
				}
			);
		} catch ( DatabaseBusy $e ) {
			Log::error( 'a visitor\'s write was answered 503, the database is busy: ' . ExceptionText::plain( $e ) );
			throw self::busy( (bool) $e->outcome_unknown() );
		} finally {
			foreach ( $handlers as $filter ) {
				remove_filter( $filter, $die, PHP_INT_MAX );
			}
		}
		if ( isset( $outcome['refusal'] ) ) {
			throw $outcome['refusal'];
		}
		return $outcome['result'];
	}

	/** Seconds the visitor's widget waits before it sends a refused write again. */
	public const BUSY_RETRY_AFTER = 2;

	/**
	 * The answer to a write the database could not take now.
	 */
	public static function busy( bool $outcome_unknown = false ): ApiException {
		return new ApiException(
			'userfeedback_busy',
			esc_html__( 'The site is busy right now. Your answers are kept and will be sent again shortly.', 'userfeedback' ),
			503,
			// The database went while committing: the write may be stored (a response's retry, keyed by
			// its response_id, changes nothing then; an impression's may count twice).
			array( 'retry_after' => self::BUSY_RETRY_AFTER ) + ( $outcome_unknown ? array( 'outcome' => 'unknown' ) : array() )
		);
	}
}
