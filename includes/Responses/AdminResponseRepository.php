<?php
/**
 * SQL of the admin side of responses: the list of a survey's responses, one response with its place in
 * that list, and the trash / restore / delete actions. Visitors' writes stay in ResponseRepository.
 *
 * Every list is ordered newest first: submitted_at desc, then id desc. The index
 * survey_status_date (survey_id, status, submitted_at) holds the primary key as its last part (InnoDB
 * secondary indexes and SQLite's rowid both do), so that order, its reverse and the keyset conditions
 * on (submitted_at, id) are walks of one index range, never a sort of the survey's rows.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Responses;

use UserFeedback\Database\Rollups;
use UserFeedback\Database\Schema;
use UserFeedback\Database\Transaction;

defined( 'ABSPATH' ) || exit;

final class AdminResponseRepository {

	/**
	 * Columns the list may be sorted by.
	 */
	public const ORDERBY = array( 'submitted_at', 'id' );

	private const COLUMNS = 'id, survey_id, status, submitted_at, page_url, page_title, ip, browser, os, device, started_at, completed_at, closed_at, last_question';

	/** What trash, restore and delete read of the changed rows (the rollups' and snapshots' moves). */
	private const BEFORE = 'id, status, submitted_at, started_at, completed_at, closed_at, last_question';

	public function __construct(
		private readonly ResponseListIndex $index = new ResponseListIndex(),
		private readonly Rollups $rollups = new Rollups(),
	) {}

	/**
	 * Responses of a survey by status (from the list snapshots, see ResponseListIndex).
	 *
	 * @return array{publish:int,partial:int,trash:int}
	 */
	public function status_counts( int $survey_id ): array {
		$counts = array();
		foreach ( ResponseListIndex::STATUSES as $status ) {
			$counts[ $status ] = $this->index->get( $survey_id, $status )['total'];
		}
		return $counts;
	}

	/**
	 * One page of a survey's responses with one status.
	 *
	 * By date (the default): the page is found as an ascending rank, reached from the nearest anchor
	 * of the list snapshot (a walk of at most ResponseListIndex::STEP index entries), and turned
	 * around for the newest-first order. By id: the ids are found on the index alone (a deferred join),
	 * from the nearer end of the list.
	 *
	 * @param string $orderby submitted_at (then id) or id.
	 * @param string $order   asc or desc.
	 * @return array<int,array<string,mixed>> Rows in the requested order.
	 */
	public function page( int $survey_id, string $status, string $orderby, string $order, int $page, int $per_page ): array {
		global $wpdb;
		$snap   = $this->index->get( $survey_id, $status );
		$total  = $snap['total'];
		$offset = ( $page - 1 ) * $per_page;
		if ( $offset >= $total ) {
			return array();
		}
		$limit = min( $per_page, $total - $offset );
		$desc  = 'desc' === $order;
		$table = Schema::table( 'responses' );

		if ( 'id' !== $orderby ) {
			// Ascending ranks [rank, rank + limit): walked up from the anchor below or down from the
			// anchor (or the end of the list) above, whichever is nearer.
			$rank  = $desc ? $total - $offset - $limit : $offset;
			$below = ResponseListIndex::anchor_for_rank( $snap, $rank );
			$above = ResponseListIndex::anchor_above_rank( $snap, $rank + $limit );
			$args  = array( $table, $survey_id, $status, $snap['max_id'] );
			if ( $rank - $below['rank'] <= $above['rank'] - $rank - $limit ) {
				$from = $below['key'] ?? array( '0000-00-00 00:00:00', 0 );
				$ids  = $wpdb->get_col(
					$wpdb->prepare(
						'SELECT id FROM %i WHERE survey_id = %d AND status = %s AND id <= %d AND submitted_at >= %s AND (submitted_at > %s OR id >= %d) ORDER BY submitted_at ASC, id ASC LIMIT %d OFFSET %d',
						...array_merge( $args, array( $from[0], $from[0], $from[1], $limit, $rank - $below['rank'] ) )
					)
				);
			} else {
				$to  = $above['key'] ?? array( '9999-12-31 23:59:59', PHP_INT_MAX );
				$ids = array_reverse(
					$wpdb->get_col(
						$wpdb->prepare(
							'SELECT id FROM %i WHERE survey_id = %d AND status = %s AND id <= %d AND submitted_at <= %s AND (submitted_at < %s OR id < %d) ORDER BY submitted_at DESC, id DESC LIMIT %d OFFSET %d',
							...array_merge( $args, array( $to[0], $to[0], $to[1], $limit, $above['rank'] - $rank - $limit ) )
						)
					)
				);
			}
			$ids = array_map( 'intval', $ids );
			return $this->rows_by_ids( $desc ? array_reverse( $ids ) : $ids );
		}

		$reverse = $offset > $total / 2;
		if ( $reverse ) {
			// The same page counted from the other end: skip what lies after it.
			$offset = $total - $offset - $limit;
			$desc   = ! $desc;
		}
		$ids = $wpdb->get_col(
			$wpdb->prepare(
				'SELECT id FROM %i WHERE survey_id = %d AND status = %s AND id <= %d ORDER BY id ' . ( $desc ? 'DESC' : 'ASC' ) . ' LIMIT %d OFFSET %d', // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- one of two constant words.
				$table,
				$survey_id,
				$status,
				$snap['max_id'],
				$limit,
				$offset
			)
		);
		$ids = array_map( 'intval', $ids );
		return $this->rows_by_ids( $reverse ? array_reverse( $ids ) : $ids );
	}

	/**
	 * Rows of responses, in the order of $ids.
	 *
	 * @param int[] $ids Response ids.
	 * @return array<int,array<string,mixed>>
	 */
	public function rows_by_ids( array $ids ): array {
		global $wpdb;
		if ( ! $ids ) {
			return array();
		}
		$rows = $wpdb->get_results(
			$wpdb->prepare(
				'SELECT ' . self::COLUMNS . ' FROM %i WHERE id IN (' . implode( ',', array_fill( 0, count( $ids ), '%d' ) ) . ')', // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- column list constant and placeholders only.
				Schema::table( 'responses' ),
				...$ids
			),
			ARRAY_A
		);
		$by_id = array();
		foreach ( (array) $rows as $row ) {
			$by_id[ (int) $row['id'] ] = $row;
		}
		$ordered = array();
		foreach ( $ids as $id ) {
			if ( isset( $by_id[ $id ] ) ) {
				$ordered[] = $by_id[ $id ];
			}
		}
		return $ordered;
	}

	/**
	 * @return array<string,mixed>|null The response's row, when it belongs to the survey.
	 */
	public function find( int $survey_id, int $id ): ?array {
		global $wpdb;
		$row = $wpdb->get_row(
			$wpdb->prepare( 'SELECT ' . self::COLUMNS . ' FROM %i WHERE id = %d AND survey_id = %d', Schema::table( 'responses' ), $id, $survey_id ), // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- constant column list.
			ARRAY_A
		);
		return $row ?: null;
	}

	/**
	 * The place of a response in the list of its survey's responses with $status (newest first):
	 * its rank, counted from the nearest anchor of the list snapshot (at most ResponseListIndex::STEP
	 * index entries), and its neighbours, each one seek of the index.
	 *
	 * @param array<string,mixed> $row The response's row.
	 * @return array{index:int,total:int,prev_id:int|null,next_id:int|null}
	 */
	public function position( array $row, string $status ): array {
		global $wpdb;
		$table     = Schema::table( 'responses' );
		$survey_id = (int) $row['survey_id'];
		$id        = (int) $row['id'];
		$at        = (string) $row['submitted_at'];
		$snap      = $this->index->get( $survey_id, $status );

		// Newer: later, or as late with a higher id. Written with a plain range first so that both
		// engines walk the index from (survey, status, at) on.
		$newer = 'survey_id = %d AND status = %s AND submitted_at >= %s AND (submitted_at > %s OR id > %d)';
		$older = 'survey_id = %d AND status = %s AND submitted_at <= %s AND (submitted_at < %s OR id < %d)';
		$args  = array( $survey_id, $status, $at, $at, $id );

		$prev = $wpdb->get_var( $wpdb->prepare( "SELECT id FROM %i WHERE $newer AND id <= %d ORDER BY submitted_at ASC, id ASC LIMIT 1", $table, ...array_merge( $args, array( $snap['max_id'] ) ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- constant condition with placeholders.
		$next = $wpdb->get_var( $wpdb->prepare( "SELECT id FROM %i WHERE $older ORDER BY submitted_at DESC, id DESC LIMIT 1", $table, ...$args ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- constant condition with placeholders.

		// Ascending rank: responses older than this one.
		$anchor      = ResponseListIndex::anchor_for_key( $snap, $at, $id );
		$from        = $anchor['key'] ?? array( '0000-00-00 00:00:00', 0 );
		$older_count = $anchor['rank'] + (int) $wpdb->get_var(
			$wpdb->prepare(
				"SELECT COUNT(*) FROM %i WHERE $older AND submitted_at >= %s AND (submitted_at > %s OR id >= %d)", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- constant condition with placeholders.
				$table,
				...array_merge( $args, array( $from[0], $from[0], $from[1] ) )
			)
		);
		$total = $snap['total'];
		$index = $total - $older_count + ( $status === $row['status'] ? 0 : 1 );
		return array(
			'index'   => max( 1, min( $index, max( 1, $total ) ) ),
			'total'   => $total,
			'prev_id' => null === $prev ? null : (int) $prev,
			'next_id' => null === $next ? null : (int) $next,
		);
	}

	/**
	 * Statuses of those of $ids that belong to the survey.
	 *
	 * @param int[] $ids Response ids.
	 * @return array<int,string> Id => status.
	 */
	public function statuses( int $survey_id, array $ids ): array {
		global $wpdb;
		if ( ! $ids ) {
			return array();
		}
		$rows     = $wpdb->get_results(
			$wpdb->prepare(
				'SELECT id, status FROM %i WHERE survey_id = %d AND id IN (' . implode( ',', array_fill( 0, count( $ids ), '%d' ) ) . ')', // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- placeholders only.
				Schema::table( 'responses' ),
				$survey_id,
				...$ids
			),
			ARRAY_A
		);
		$statuses = array();
		foreach ( (array) $rows as $row ) {
			$statuses[ (int) $row['id'] ] = (string) $row['status'];
		}
		return $statuses;
	}

	/**
	 * Sets the status of responses and of their answers (which repeat it), in one transaction.
	 *
	 * @param int[] $ids Response ids of the survey.
	 * @throws \RuntimeException When a statement fails (nothing is changed then).
	 */
	public function set_status( int $survey_id, array $ids, string $status ): void {
		$this->transaction( $survey_id, $ids, static fn( array $row ): string => $status );
	}

	/**
	 * Restores responses: a completed one (completed_at set) to 'publish', one never completed to
	 * 'partial'; both groups in one transaction.
	 *
	 * @param int[] $ids Response ids of the survey.
	 * @throws \RuntimeException When a statement fails (nothing is changed then).
	 */
	public function restore( int $survey_id, array $ids ): void {
		$this->transaction( $survey_id, $ids, static fn( array $row ): string => self::restored_status( $row ) );
	}

	/**
	 * The status a response takes back from the trash.
	 *
	 * @param array<string,mixed> $row Its row (completed_at).
	 */
	public static function restored_status( array $row ): string {
		return null === ( $row['completed_at'] ?? null ) ? 'partial' : 'publish';
	}

	/**
	 * Deletes responses and their answers, in one transaction.
	 *
	 * @param int[] $ids Response ids of the survey.
	 * @throws \RuntimeException When a statement fails (nothing is deleted then).
	 */
	public function delete( int $survey_id, array $ids ): void {
		$this->transaction( $survey_id, $ids, static fn( array $row ): ?string => null );
	}

	/**
	 * Changes the status of responses (or deletes them: target null) in one transaction, and moves
	 * them between the list snapshots in it, and in and out of the daily rollups: per target status,
	 * the rollups' deltas of the rows going there (Rollups::deltas(), read before the statements: a
	 * delete removes the answers), then the statements, then one grouped upsert per group.
	 *
	 * @param int[]                                    $ids    The responses changed.
	 * @param \Closure(array<string,mixed>):(string|null) $target The new status of a row (null: deleted).
	 * @throws \RuntimeException When one fails; the transaction is rolled back.
	 */
	private function transaction( int $survey_id, array $ids, \Closure $target ): void {
		Transaction::run(
			function () use ( $survey_id, $ids, $target ): void {
				global $wpdb;
				$table   = Schema::table( 'responses' );
				$answers = Schema::table( 'answers' );
				// The rows as they were, read in the transaction (FOR UPDATE would be stricter; the
				// snapshots heal themselves anyway, see ResponseListIndex).
				$before = (array) $wpdb->get_results(
					$wpdb->prepare(
						'SELECT ' . self::BEFORE . ' FROM %i WHERE survey_id = %d AND id IN (' . implode( ',', array_fill( 0, count( $ids ), '%d' ) ) . ')', // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- constant columns and placeholders only.
						$table,
						$survey_id,
						...$ids
					),
					ARRAY_A
				);
				$groups = array();
				foreach ( $before as $row ) {
					$to                                  = $target( $row );
					$groups[ $to ?? '' ]['rows'][]       = $row;
					$groups[ $to ?? '' ]['ids'][]        = (int) $row['id'];
				}
				// The snapshots catch up before the rows change (a response completed since the last
				// look must be counted before it can be moved out).
				$statuses = array_unique( array_merge( array_column( $before, 'status' ), array_filter( array_map( 'strval', array_keys( $groups ) ) ) ) );
				foreach ( array_intersect( $statuses, ResponseListIndex::STATUSES ) as $status ) {
					$this->index->get( $survey_id, $status );
				}
				foreach ( $groups as $key => $group ) {
					$to = '' === $key ? null : (string) $key;
					// Read before the statements run: a delete removes the answers.
					$deltas = $this->rollups->deltas( $survey_id, $group['rows'], $to );
					$in     = implode( ',', array_fill( 0, count( $group['ids'] ), '%d' ) );
					if ( null === $to ) {
						$statements = array(
							$wpdb->prepare( "DELETE FROM %i WHERE survey_id = %d AND response_id IN ($in)", $answers, $survey_id, ...$group['ids'] ), // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- placeholders only.
							$wpdb->prepare( "DELETE FROM %i WHERE survey_id = %d AND response_id IN ($in)", Schema::table( HiddenFields::TABLE ), $survey_id, ...$group['ids'] ), // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- placeholders only.
							$wpdb->prepare( "DELETE FROM %i WHERE survey_id = %d AND id IN ($in)", $table, $survey_id, ...$group['ids'] ), // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- placeholders only.
						);
					} else {
						$statements = array(
							$wpdb->prepare( "UPDATE %i SET status = %s WHERE survey_id = %d AND id IN ($in)", $table, $to, $survey_id, ...$group['ids'] ), // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- placeholders only.
							$wpdb->prepare( "UPDATE %i SET status = %s WHERE survey_id = %d AND response_id IN ($in)", $answers, $to, $survey_id, ...$group['ids'] ), // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- placeholders only.
						);
					}
					foreach ( $statements as $sql ) {
						if ( false === $wpdb->query( $sql ) ) { // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- prepared above.
							throw new \RuntimeException( 'Could not change the responses: ' . $wpdb->last_error );
						}
					}
					if ( $deltas ) {
						$this->rollups->add( $survey_id, ...$deltas );
					}
					$moved = array();
					foreach ( $group['rows'] as $row ) {
						if ( $row['status'] !== $to ) {
							$moved[ (string) $row['status'] ][] = array( (string) $row['submitted_at'], (int) $row['id'] );
						}
					}
					foreach ( $moved as $from => $keys ) {
						$this->index->move( $survey_id, $keys, (string) $from, $to );
					}
				}
			}
		);
	}
}
