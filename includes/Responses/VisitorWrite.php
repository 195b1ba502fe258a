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
 * after the commit. Any other failure rolls everything back.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Responses;

use UserFeedback\Database\Transaction;
use UserFeedback\Rest\ApiException;

defined( 'ABSPATH' ) || exit;

final class VisitorWrite {

	/**
	 * @template T
	 * @param callable():T $work The counts and the writes; refuses with ApiException.
	 * @return T What the work answered.
	 * @throws ApiException The work's refusal, after the commit of the counts.
	 * @throws \Throwable Any other failure, after the rollback.
	 */
	public static function run( callable $work ) {
		$outcome = Transaction::run(
			static function () use ( $work ): array {
				try {
					return array( 'result' => $work() );
				} catch ( ApiException $refusal ) {
					return array( 'refusal' => $refusal );
				}
			}
		);
		if ( isset( $outcome['refusal'] ) ) {
			throw $outcome['refusal'];
		}
		return $outcome['result'];
	}
}
