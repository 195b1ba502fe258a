<?php
/**
 * How many completed responses (not in the trash) a survey has, for its quota (Closing): read from the
 * daily_responses rollup (Database\Rollups), which the visitor's write keeps in the same transaction
 * as the response. A sum over one survey's days is a primary-key range of a few hundred rows at most,
 * whatever the number of responses, where a COUNT(*) on the responses index would read one index entry
 * per response.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

use UserFeedback\Database\Schema;
use UserFeedback\Database\Transaction;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the plugin's daily_responses rollup and surveys table: a quota is checked against the count as committed (or locked, inside the visitor's transaction), so a cached count could let a survey take more responses than its quota.

final class CompletedCounts {

	/**
	 * Completed responses of one survey, as committed (no lock).
	 */
	public static function of( int $survey_id ): int {
		return self::of_many( array( $survey_id ) )[ $survey_id ] ?? 0;
	}

	/**
	 * Completed responses of several surveys in one query.
	 *
	 * @param int[] $survey_ids Survey ids.
	 * @return array<int,int> Survey id => count (every id given, 0 when none).
	 */
	public static function of_many( array $survey_ids ): array {
		global $wpdb;
		$ids = array_values( array_unique( array_map( 'intval', $survey_ids ) ) );
		if ( ! $ids ) {
			return array();
		}
		$rows   = $wpdb->get_results(
			$wpdb->prepare(
				'SELECT survey_id, SUM(count) AS n FROM %i WHERE survey_id IN (' . implode( ', ', array_fill( 0, count( $ids ), '%d' ) ) . ') GROUP BY survey_id',
				...array_merge( array( Schema::table( 'daily_responses' ) ), $ids )
			),
			ARRAY_A
		);
		$counts = array_fill_keys( $ids, 0 );
		foreach ( (array) $rows as $row ) {
			$counts[ (int) $row['survey_id'] ] = max( 0, (int) $row['n'] );
		}
		return $counts;
	}

	/**
	 * Inside a visitor's transaction: locks the survey's row until the commit, so that completions of
	 * the survey queue up behind each other, then counts with a locking read (on MariaDB/MySQL a plain
	 * read would answer from the transaction's snapshot, older than a completion committed while this
	 * one waited for the lock). On SQLite the outermost transaction holds the database's write lock
	 * already: every write is alone, and the plain reads are current.
	 *
	 * @throws \RuntimeException When the survey's row cannot be read.
	 */
	public static function locked( int $survey_id ): int {
		global $wpdb;
		$lock = Transaction::for_update();
		$row  = $wpdb->get_var(
			$wpdb->prepare( "SELECT id FROM %i WHERE id = %d$lock", Schema::table( 'surveys' ), $survey_id ) // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- a constant clause.
		);
		if ( null === $row && '' !== (string) $wpdb->last_error ) {
			throw new \RuntimeException( esc_html( 'Could not lock the survey: ' . $wpdb->last_error ) );
		}
		$sum = $wpdb->get_var(
			$wpdb->prepare( "SELECT SUM(count) FROM %i WHERE survey_id = %d$lock", Schema::table( 'daily_responses' ), $survey_id ) // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- a constant clause.
		);
		if ( null === $sum && '' !== (string) $wpdb->last_error ) {
			throw new \RuntimeException( esc_html( 'Could not count the survey\'s responses: ' . $wpdb->last_error ) );
		}
		return max( 0, (int) $sum );
	}
}
