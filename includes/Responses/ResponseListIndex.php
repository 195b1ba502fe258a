<?php
/**
 * What makes any page of a survey's responses list, and the place of any response in it, cheap at a
 * million responses: per survey and status, the count of responses and a few "anchors". An anchor is
 * a key (submitted_at, id) with its rank: how many responses of the list sort before that key in
 * ascending order. A page or a rank then needs one seek to the nearest anchor and a walk of about
 * STEP index entries, instead of a COUNT over, or an OFFSET into, the whole survey.
 *
 * Kept exact without walking the survey again:
 * - a new response (id above the highest the snapshot has seen, read on the primary key) adds one to
 *   the total and to the rank of every anchor after its key; the newest ones (the usual case) move no
 *   anchor, and a new anchor is added when the rows past the last one fill a step;
 * - trash, restore and delete (AdminResponseRepository) move the changed keys out of one list and
 *   into the other the same way, in the transaction of the change.
 * - a partial response that completes (the visitor's last write) keeps its id but enters the
 *   'publish' list with a new key (submitted_at becomes the completion time): the publish snapshot
 *   finds such rows by their recent submitted_at (those of the last RECENT seconds, one index range)
 *   and remembers the ids it has counted there, so each is added once;
 * - the 'partial' list also loses rows in place (completions) and its rows' keys move with every
 *   write of the visitor, which no cheap read can follow exactly: its snapshot is rebuilt when its
 *   total no longer equals the funnel rollup's count of partial responses (started - completed, see
 *   Rollups) and at least every PARTIAL_MAX_AGE seconds; between two rebuilds a partial that was
 *   written again may appear one page off.
 * A snapshot is rebuilt after MAX_AGE anyway, which also heals what a race could have skewed (a
 * response committed after a higher id had been seen, two admins acting at the same moment).
 *
 * Snapshots live in non-autoloaded options: shared by every PHP node, small (about 40 bytes per
 * anchor), written only when responses changed.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Responses;

use UserFeedback\Database\Schema;

defined( 'ABSPATH' ) || exit;

final class ResponseListIndex {

	/** Responses between two anchors when they are made: about the longest walk a page or a rank needs. */
	public const STEP = 20000;

	/** New rows folded in one go; more than this rebuilds the snapshot instead. */
	private const MAX_NEW = 5000;

	private const MAX_AGE = DAY_IN_SECONDS;

	/** Seconds the partial list's snapshot is trusted (see the class comment). */
	private const PARTIAL_MAX_AGE = 300;

	/**
	 * Seconds back that the publish snapshot seeks completions (rows that became 'publish' in place):
	 * far longer than any write's transaction, and than the clock skew between PHP nodes.
	 */
	public const RECENT = 600;

	/** The statuses that have a list, each with its snapshot. */
	public const STATUSES = array( 'publish', 'partial', 'trash' );

	private const OPTION = 'userfeedback_rlist_';

	/**
	 * @param int $step Responses between two anchors (tests use small steps).
	 */
	public function __construct( private readonly int $step = self::STEP ) {}

	/**
	 * The snapshot of a survey's responses with $status, up to date with the table.
	 *
	 * @return array{max_id:int,total:int,step:int,anchors:array<int,array{0:string,1:int,2:int}>,built:int,since?:string,recent?:array<int,string>} anchors: (submitted_at, id, rank), ascending.
	 */
	public function get( int $survey_id, string $status ): array {
		$expected = 'partial' === $status ? self::partial_total( $survey_id ) : null;
		$max      = $this->max_id();
		$snap     = get_option( self::name( $survey_id, $status ), null );
		$max_age  = 'partial' === $status ? self::PARTIAL_MAX_AGE : self::MAX_AGE;
		if ( ! is_array( $snap ) || ! isset( $snap['max_id'], $snap['total'], $snap['anchors'], $snap['built'] ) || $snap['built'] < time() - $max_age || $snap['max_id'] > $max || ( $snap['step'] ?? 0 ) !== $this->step || ( 'publish' === $status && ! isset( $snap['since'], $snap['recent'] ) ) ) {
			$snap = $this->build( $survey_id, $status, $max );
			$this->save( $survey_id, $status, $snap );
			return $snap;
		}
		$changed = false;
		if ( $snap['max_id'] < $max ) {
			$snap    = $this->fold_in( $snap, $survey_id, $status, $max );
			$changed = true;
		}
		if ( 'publish' === $status ) {
			$before  = $snap;
			$snap    = $this->fold_completed( $snap, $survey_id );
			$changed = $changed || $before !== $snap;
		}
		if ( null !== $expected && $expected !== $snap['total'] ) {
			$snap    = $this->build( $survey_id, $status, $max );
			$changed = true;
		}
		if ( $changed ) {
			$this->save( $survey_id, $status, $snap );
		}
		return $snap;
	}

	/**
	 * The survey's untrashed partial responses by the funnel rollup (started - completed, all days),
	 * or null where the funnel is not kept yet (before schema version 6).
	 */
	private static function partial_total( int $survey_id ): ?int {
		global $wpdb;
		if ( (int) get_option( \UserFeedback\Database\Migrator::VERSION_OPTION, 0 ) < 6 ) {
			return null;
		}
		$n = $wpdb->get_var(
			$wpdb->prepare(
				'SELECT SUM( CASE WHEN metric = %d THEN %i ELSE 0 - %i END ) FROM %i WHERE survey_id = %d AND question_id = 0 AND metric IN (%d, %d)',
				1,
				'count',
				'count',
				Schema::table( 'daily_funnel' ),
				$survey_id,
				1,
				2
			)
		);
		return null === $n ? 0 : max( 0, (int) $n );
	}

	/**
	 * Adds the responses that became 'publish' in place (a partial completed) since the snapshot last
	 * looked: rows of the last RECENT seconds that it has not counted yet. Forgets the ids it
	 * remembers once they are older than that.
	 *
	 * @param array<string,mixed> $snap A publish snapshot.
	 * @return array<string,mixed>
	 */
	private function fold_completed( array $snap, int $survey_id ): array {
		global $wpdb;
		$recent = (array) $snap['recent'];
		$rows   = $wpdb->get_results(
			$wpdb->prepare( 'SELECT id, submitted_at FROM %i WHERE survey_id = %d AND status = %s AND submitted_at >= %s AND id <= %d', Schema::table( 'responses' ), $survey_id, 'publish', $snap['since'], $snap['max_id'] ),
			ARRAY_A
		);
		foreach ( $rows ?: array() as $row ) {
			$id = (int) $row['id'];
			if ( ! isset( $recent[ $id ] ) ) {
				$snap          = self::shift( $snap, array( (string) $row['submitted_at'], $id ), 1 );
				$recent[ $id ] = (string) $row['submitted_at'];
			}
		}
		$since = gmdate( 'Y-m-d H:i:s', time() - self::RECENT );
		if ( $since > $snap['since'] ) {
			$snap['since'] = $since;
			$recent        = array_filter( $recent, static fn( string $at ): bool => $at >= $since );
		}
		if ( count( $recent ) > self::MAX_NEW ) {
			return $this->build( $survey_id, 'publish', (int) $snap['max_id'] );
		}
		$snap['recent'] = $recent;
		return $snap;
	}

	/**
	 * Moves responses between the lists of a survey after their status changed (call inside the
	 * transaction of the change, after the UPDATE/DELETE statements).
	 *
	 * @param array<int,array{0:string,1:int}> $keys Keys (submitted_at, id) of the changed responses.
	 * @param string|null                      $from The status they had (null: none).
	 * @param string|null                      $to   The status they have now (null: deleted).
	 */
	public function move( int $survey_id, array $keys, ?string $from, ?string $to ): void {
		foreach ( array( array( $from, -1 ), array( $to, 1 ) ) as [ $status, $delta ] ) {
			if ( null === $status ) {
				continue;
			}
			$snap = get_option( self::name( $survey_id, $status ), null );
			if ( ! is_array( $snap ) || ! isset( $snap['anchors'] ) ) {
				continue; // Built on the next read.
			}
			foreach ( $keys as $key ) {
				if ( $key[1] <= $snap['max_id'] ) {
					$snap = self::shift( $snap, $key, $delta );
				}
			}
			$this->save( $survey_id, $status, $snap );
		}
	}

	/**
	 * Forgets a survey's snapshots.
	 */
	public function forget( int $survey_id ): void {
		foreach ( self::STATUSES as $status ) {
			delete_option( self::name( $survey_id, $status ) );
		}
	}

	/**
	 * The nearest anchor at or below an ascending rank.
	 *
	 * @param array<string,mixed> $snap A snapshot.
	 * @return array{rank:int,key:array{0:string,1:int}|null}
	 */
	public static function anchor_for_rank( array $snap, int $rank ): array {
		$lo    = 0;
		$hi    = count( $snap['anchors'] ) - 1;
		$found = -1;
		while ( $lo <= $hi ) {
			$mid = intdiv( $lo + $hi, 2 );
			if ( $snap['anchors'][ $mid ][2] <= $rank ) {
				$found = $mid;
				$lo    = $mid + 1;
			} else {
				$hi = $mid - 1;
			}
		}
		return self::anchor( $snap, $found );
	}

	/**
	 * The nearest anchor at or above an ascending rank, or the end of the list (key null, rank total).
	 *
	 * @param array<string,mixed> $snap A snapshot.
	 * @return array{rank:int,key:array{0:string,1:int}|null}
	 */
	public static function anchor_above_rank( array $snap, int $rank ): array {
		$lo    = 0;
		$hi    = count( $snap['anchors'] ) - 1;
		$found = -1;
		while ( $lo <= $hi ) {
			$mid = intdiv( $lo + $hi, 2 );
			if ( $snap['anchors'][ $mid ][2] >= $rank ) {
				$found = $mid;
				$hi    = $mid - 1;
			} else {
				$lo = $mid + 1;
			}
		}
		return $found < 0 ? array(
			'rank' => (int) $snap['total'],
			'key'  => null,
		) : self::anchor( $snap, $found );
	}

	/**
	 * The nearest anchor at or before a key.
	 *
	 * @param array<string,mixed> $snap A snapshot.
	 * @return array{rank:int,key:array{0:string,1:int}|null}
	 */
	public static function anchor_for_key( array $snap, string $at, int $id ): array {
		$lo    = 0;
		$hi    = count( $snap['anchors'] ) - 1;
		$found = -1;
		while ( $lo <= $hi ) {
			$mid = intdiv( $lo + $hi, 2 );
			if ( self::compare( $snap['anchors'][ $mid ], array( $at, $id ) ) <= 0 ) {
				$found = $mid;
				$lo    = $mid + 1;
			} else {
				$hi = $mid - 1;
			}
		}
		return self::anchor( $snap, $found );
	}

	/**
	 * @param array<string,mixed> $snap A snapshot.
	 * @return array{rank:int,key:array{0:string,1:int}|null}
	 */
	private static function anchor( array $snap, int $k ): array {
		if ( $k < 0 ) {
			return array(
				'rank' => 0,
				'key'  => null,
			);
		}
		$anchor = $snap['anchors'][ $k ];
		return array(
			'rank' => (int) $anchor[2],
			'key'  => array( (string) $anchor[0], (int) $anchor[1] ),
		);
	}

	/**
	 * @param array<int,string|int> $a Key (submitted_at, id, ...).
	 * @param array<int,string|int> $b Key.
	 */
	private static function compare( array $a, array $b ): int {
		return array( (string) $a[0], (int) $a[1] ) <=> array( (string) $b[0], (int) $b[1] );
	}

	/**
	 * One response more ($delta 1) or less (-1) at $key: the total and the ranks of the anchors after it.
	 *
	 * @param array<string,mixed>   $snap A snapshot.
	 * @param array{0:string,1:int} $key  The response's key.
	 * @return array<string,mixed>
	 */
	private static function shift( array $snap, array $key, int $delta ): array {
		$snap['total'] = max( 0, $snap['total'] + $delta );
		for ( $k = count( $snap['anchors'] ) - 1; $k >= 0 && self::compare( $snap['anchors'][ $k ], $key ) > 0; $k-- ) {
			$snap['anchors'][ $k ][2] = max( 0, $snap['anchors'][ $k ][2] + $delta );
		}
		return $snap;
	}

	/**
	 * Counts the responses and walks the index once, a step per query.
	 *
	 * @return array<string,mixed>
	 */
	private function build( int $survey_id, string $status, int $max ): array {
		global $wpdb;
		$total = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE survey_id = %d AND status = %s AND id <= %d', Schema::table( 'responses' ), $survey_id, $status, $max ) );
		$snap  = array(
			'max_id'  => $max,
			'total'   => $total,
			'step'    => $this->step,
			'anchors' => array(),
			'built'   => time(),
		);
		if ( 'publish' === $status ) {
			// The rows a later fold_completed() would find again: counted already.
			$snap['since']  = gmdate( 'Y-m-d H:i:s', time() - self::RECENT );
			$snap['recent'] = array();
			$rows           = $wpdb->get_results(
				$wpdb->prepare( 'SELECT id, submitted_at FROM %i WHERE survey_id = %d AND status = %s AND submitted_at >= %s AND id <= %d', Schema::table( 'responses' ), $survey_id, $status, $snap['since'], $max ),
				ARRAY_A
			);
			foreach ( $rows ?: array() as $row ) {
				$snap['recent'][ (int) $row['id'] ] = (string) $row['submitted_at'];
			}
		}
		return $this->extend( $snap, $survey_id, $status );
	}

	/**
	 * Adds the rows above the snapshot's highest id. Read on the primary key alone (no survey
	 * condition, which would tempt the planner into the survey's whole index range).
	 *
	 * @param array<string,mixed> $snap A snapshot.
	 * @return array<string,mixed>
	 */
	private function fold_in( array $snap, int $survey_id, string $status, int $max ): array {
		global $wpdb;
		$rows = $wpdb->get_results(
			$wpdb->prepare( 'SELECT id, survey_id, status, submitted_at FROM %i WHERE id > %d AND id <= %d ORDER BY id LIMIT %d', Schema::table( 'responses' ), $snap['max_id'], $max, self::MAX_NEW + 1 ),
			ARRAY_A
		);
		if ( count( $rows ) > self::MAX_NEW ) {
			return $this->build( $survey_id, $status, $max );
		}
		foreach ( $rows as $row ) {
			if ( (int) $row['survey_id'] === $survey_id && $row['status'] === $status ) {
				$snap = self::shift( $snap, array( (string) $row['submitted_at'], (int) $row['id'] ), 1 );
				if ( isset( $snap['since'] ) && (string) $row['submitted_at'] >= $snap['since'] ) {
					$snap['recent'][ (int) $row['id'] ] = (string) $row['submitted_at'];
				}
			}
		}
		$snap['max_id'] = $max;
		return $this->extend( $snap, $survey_id, $status );
	}

	/**
	 * Adds anchors while the rows past the last one fill more than a step: the first at the oldest
	 * response (rank 0), each next one a step further.
	 *
	 * @param array<string,mixed> $snap A snapshot.
	 * @return array<string,mixed>
	 */
	private function extend( array $snap, int $survey_id, string $status ): array {
		global $wpdb;
		$table = Schema::table( 'responses' );
		while ( true ) {
			$last = end( $snap['anchors'] );
			if ( false === $last ) {
				if ( $snap['total'] <= $this->step ) {
					break;
				}
				$row  = $wpdb->get_row( $wpdb->prepare( 'SELECT submitted_at, id FROM %i WHERE survey_id = %d AND status = %s AND id <= %d ORDER BY submitted_at ASC, id ASC LIMIT 1', $table, $survey_id, $status, $snap['max_id'] ), ARRAY_A );
				$rank = 0;
			} else {
				if ( $snap['total'] - $last[2] <= $this->step ) {
					break;
				}
				// The row a step past the last anchor: rows from the anchor's key on start at its rank.
				$row  = $wpdb->get_row(
					$wpdb->prepare(
						'SELECT submitted_at, id FROM %i WHERE survey_id = %d AND status = %s AND submitted_at >= %s AND (submitted_at > %s OR id >= %d) AND id <= %d ORDER BY submitted_at ASC, id ASC LIMIT 1 OFFSET %d',
						$table,
						$survey_id,
						$status,
						$last[0],
						$last[0],
						$last[1],
						$snap['max_id'],
						$this->step
					),
					ARRAY_A
				);
				$rank = $last[2] + $this->step;
			}
			if ( ! $row ) {
				break;
			}
			$snap['anchors'][] = array( (string) $row['submitted_at'], (int) $row['id'], $rank );
		}
		return $snap;
	}

	private function max_id(): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT MAX(id) FROM %i', Schema::table( 'responses' ) ) );
	}

	/**
	 * @param array<string,mixed> $snap A snapshot.
	 */
	private function save( int $survey_id, string $status, array $snap ): void {
		update_option( self::name( $survey_id, $status ), $snap, false );
	}

	private static function name( int $survey_id, string $status ): string {
		return self::OPTION . $survey_id . '_' . $status;
	}
}
