<?php
/**
 * SQL of the admin side of responses: the list of a survey's responses (with the filters of
 * ResponseFilter), one response with its place in that list, and the trash / restore / delete
 * actions. Visitors' writes stay in ResponseRepository.
 *
 * Nothing is kept between requests (issue 19: no snapshot to rebuild). Per list:
 * - counts: completed responses from the daily rollup (daily_responses, kept on every write), partial
 *   ones from the funnel rollup (started - completed), trashed ones from it too (METRIC_TRASHED);
 *   with conditions, a COUNT of the rows they select (date alone: the rollup's days in the range);
 * - a page of completed responses by date, unfiltered or filtered by date only: the rollup's days are
 *   the anchors. The page's first rank falls in one day; the page is read from that day's start in the
 *   index survey_status_date (survey_id, status, submitted_at, and the primary key InnoDB and SQLite
 *   keep at its end), skipping at most that day's rows, however deep the page;
 * - a page of partial responses by date (unfiltered or by date only) likewise on daily_partials (per
 *   day of their last write), and a page of any status by id (unfiltered) on id_blocks (per block
 *   of Rollups::ID_BLOCK ids): at most one anchor's rows skipped;
 * - any other page: one range of a covering index walked from the nearer end of the list (the page
 *   counted from the other end when it lies past the middle) or from the cursor of the page before,
 *   deferred: ids first, then ten rows;
 * - next / previous of a response: one seek each on the index of the list's order.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Responses;

use UserFeedback\Database\AnswerSearch;
use UserFeedback\Database\AnswerTerms;
use UserFeedback\Database\PageCursor;
use UserFeedback\Database\Rollups;
use UserFeedback\Database\Schema;
use UserFeedback\Database\Transaction;

defined( 'ABSPATH' ) || exit;
// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- responses, answers, response_fields and the rollups daily_responses, daily_answers, daily_funnel, daily_partials, id_blocks: the admin's list, detail and trash / restore / delete read and change them directly and cache nothing, so every page shows the writes made since the last one (the counts come from the rollups, which every write keeps in its transaction), and the changes run in one transaction that must see the database.

final class AdminResponseRepository {

	/**
	 * Columns the list may be sorted by.
	 */
	public const ORDERBY = array( 'submitted_at', 'id' );

	/** Most matches a filtered list counts when the rollups cannot count it (list_page()). */
	public const COUNT_CAP = 1000;

	/** Time that count gets, in milliseconds (each statement's limit on MariaDB/MySQL; between the chunks of matched() on both engines). */
	public const COUNT_MS = 40;

	/** The statuses that have a list. */
	public const STATUSES = Schema::RESPONSE_STATUSES;

	/** The index of each order (MariaDB is told which: left alone it took a worse one for deep pages). */
	private const ORDER_INDEX = array(
		'submitted_at' => 'survey_status_date',
		'id'           => 'survey_status_id',
	);

	private const COLUMNS = 'id, survey_id, status, submitted_at, page_url, page_title, ip, browser, os, device, started_at, completed_at, closed_at, last_question';

	/** What trash, restore and delete read of the changed rows (the rollups' moves). */
	private const BEFORE = 'id, status, submitted_at, started_at, completed_at, closed_at, last_question';

	/** Responses of the list's status a chunk of matched()'s count holds, about (id_blocks sizes them). */
	public const COUNT_CHUNK_ROWS = 2000;

	/**
	 * @param Rollups             $rollups    The rollups the writers move.
	 * @param (\Closure():float)|null $clock      Seconds now, as microtime( true ) (tests give their own).
	 * @param int                 $chunk_rows Responses per chunk of matched()'s count (COUNT_CHUNK_ROWS).
	 */
	public function __construct(
		private readonly Rollups $rollups = new Rollups(),
		private readonly ?\Closure $clock = null,
		private readonly int $chunk_rows = self::COUNT_CHUNK_ROWS,
	) {}

	/**
	 * Responses of a survey by status: completed from the daily rollup, partial (started - completed)
	 * and trashed from the funnel rollup.
	 *
	 * @return array{publish:int,partial:int,trash:int}
	 */
	public function status_counts( int $survey_id ): array {
		global $wpdb;
		$publish = $wpdb->get_var( $wpdb->prepare( 'SELECT SUM(%i) FROM %i WHERE survey_id = %d', 'count', Schema::table( 'daily_responses' ), $survey_id ) );
		$funnel  = $wpdb->get_row(
			$wpdb->prepare(
				'SELECT SUM( CASE WHEN metric = %d THEN %i WHEN metric = %d THEN 0 - %i ELSE 0 END ) AS partial, SUM( CASE WHEN metric = %d THEN %i ELSE 0 END ) AS trash FROM %i WHERE survey_id = %d AND question_id = 0 AND metric IN (%d, %d, %d)',
				Rollups::METRIC_STARTED,
				'count',
				Rollups::METRIC_COMPLETED,
				'count',
				Rollups::METRIC_TRASHED,
				'count',
				Schema::table( 'daily_funnel' ),
				$survey_id,
				Rollups::METRIC_STARTED,
				Rollups::METRIC_COMPLETED,
				Rollups::METRIC_TRASHED
			),
			ARRAY_A
		);
		return array(
			'publish' => max( 0, (int) $publish ),
			'partial' => max( 0, (int) ( $funnel['partial'] ?? 0 ) ),
			'trash'   => max( 0, (int) ( $funnel['trash'] ?? 0 ) ),
		);
	}

	/**
	 * How many responses with $status the filter selects ($unfiltered: the list's count without
	 * conditions, from status_counts()), as the list counts them: exact where the rollups hold the
	 * list; else counted up to the cap (count_cap()) within COUNT_MS, in chunks (count_in_chunks()).
	 * Past the cap, or out of time, the count is a lower bound: [cap, true], or what the chunks counted
	 * in time and true ([0, true] when nothing is known).
	 *
	 * With $count false, a list the rollups cannot count is not counted: [0, true].
	 *
	 * @return array{0:int,1:bool} The count, and whether it is only a lower bound.
	 */
	public function matched( int $survey_id, string $status, ResponseFilter $filter, int $unfiltered, bool $count = true ): array {
		$cheap = $this->matched_if_cheap( $survey_id, $status, $filter, $unfiltered );
		if ( null !== $cheap ) {
			return array( $cheap, false );
		}
		if ( ! $count ) {
			return array( 0, true );
		}
		$cap               = self::count_cap();
		[ $where, $args ]  = $this->where( $survey_id, $status, $filter );
		[ $found, $whole ] = $this->count_in_chunks( $survey_id, $status, $where, $args, $cap );
		return $found > $cap ? array( $cap, true ) : array( $found, ! $whole );
	}

	/**
	 * matched()'s count of a broad filter, newest responses first, in chunks of about $chunk_rows
	 * responses of the status (by id, sized by id_blocks; the first and last chunks are open-ended, so
	 * every response is in one whatever the rollup holds), each up to what the cap still needs, until
	 * the cap
	 * is passed, every chunk is counted or COUNT_MS (userfeedback_search_time_limit_ms) is spent. What
	 * was counted when the time ran out is a lower bound: a list of a million responses then says
	 * "600+" rather than nothing. A list within one chunk is one bounded count, as before.
	 *
	 * @param string                $where The list's WHERE on r, with placeholders.
	 * @param array<int,int|string> $args  Its values.
	 * @return array{0:int,1:bool} Matches counted (more than $cap: the cap was passed), and whether every
	 *                             chunk was (false: a lower bound, 0 when nothing is known).
	 */
	private function count_in_chunks( int $survey_id, string $status, string $where, array $args, int $cap ): array {
		global $wpdb;
		if ( 0 === $cap ) {
			return array( 0, false );
		}
		$budget = AnswerSearch::time_limit_ms( self::COUNT_MS );
		$clock  = $this->clock ?? static fn(): float => microtime( true );
		$start  = $clock();
		$found  = 0;
		foreach ( $this->count_chunks( $survey_id, $status ) as $i => [ $from, $below ] ) {
			$left = $budget - (int) round( ( $clock() - $start ) * 1000 );
			if ( $i > 0 && $left <= 0 ) {
				return array( $found, false );
			}
			$range      = ( null === $from ? '' : ' AND r.id >= %d' ) . ( null === $below ? '' : ' AND r.id < %d' );
			$range_args = array_values( array_filter( array( $from, $below ), static fn( $v ): bool => null !== $v ) );
			$n          = AnswerSearch::bounded_var(
				$wpdb->prepare( "SELECT COUNT(*) FROM ( SELECT 1 FROM %i r WHERE $where$range LIMIT %d ) AS found", Schema::table( 'responses' ), ...array_merge( $args, $range_args, array( $cap + 1 - $found ) ) ), // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- conditions of ResponseFilter and an id range, placeholders only.
				max( 1, $left )
			);
			if ( null === $n ) {
				return array( $found, false );
			}
			$found += (int) $n;
			if ( $found > $cap ) {
				return array( $found, true );
			}
		}
		return array( $found, true );
	}

	/**
	 * The id ranges of count_in_chunks(), newest first: [from (inclusive), below (exclusive)], null
	 * where open; whole blocks of Rollups::ID_BLOCK ids holding about $chunk_rows responses of the
	 * status, sized by id_blocks. One open range when the list fits in one chunk.
	 *
	 * Ids rather than days: the newest day of a busy survey alone holds more rows than the time
	 * allows to read one by one (8,236 on the bench site, 38 ms for a page URL condition); a block
	 * holds at most 2,048. A filter's own date range keeps its condition on every chunk.
	 *
	 * @return array<int,array{0:int|null,1:int|null}>
	 */
	private function count_chunks( int $survey_id, string $status ): array {
		global $wpdb;
		$blocks = (array) $wpdb->get_results(
			$wpdb->prepare( 'SELECT block, %i AS n FROM %i WHERE survey_id = %d AND status = %s AND %i > 0 ORDER BY block DESC', 'count', Schema::table( 'id_blocks' ), $survey_id, $status, 'count' ),
			ARRAY_A
		);
		$chunks = array();
		$below  = null;
		$rows   = 0;
		foreach ( $blocks as $block ) {
			$rows += (int) $block['n'];
			if ( $rows >= max( 1, $this->chunk_rows ) ) {
				$from     = (int) $block['block'] * Rollups::ID_BLOCK;
				$chunks[] = array( $from, $below );
				$below    = $from;
				$rows     = 0;
			}
		}
		$chunks[] = array( null, $below );
		return $chunks;
	}

	/**
	 * How many matches a filtered list counts at most (COUNT_CAP, filter
	 * userfeedback_responses_count_cap); 0 counts none.
	 */
	private static function count_cap(): int {
		/**
		 * Filters how many matching responses a filtered list counts at most (COUNT_CAP); 0 counts
		 * none (each page then says whether another follows).
		 *
		 * @param int $cap The cap.
		 */
		return max( 0, (int) apply_filters( 'userfeedback_responses_count_cap', self::COUNT_CAP ) );
	}

	/**
	 * The rows of a list's WHERE, counted up to $cap + 1 within COUNT_MS; null when the time ran out
	 * (or $cap is 0).
	 *
	 * @param string                $where The list's WHERE on r, with placeholders.
	 * @param array<int,int|string> $args  Its values.
	 */
	private function count_bounded( string $where, array $args, int $cap ): ?int {
		global $wpdb;
		if ( 0 === $cap ) {
			return null;
		}
		$found = AnswerSearch::bounded_var( $wpdb->prepare( "SELECT COUNT(*) FROM ( SELECT 1 FROM %i r WHERE $where LIMIT %d ) AS found", Schema::table( 'responses' ), ...array_merge( $args, array( $cap + 1 ) ) ), AnswerSearch::time_limit_ms( self::COUNT_MS ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- conditions of ResponseFilter (and a cursor's or a rank's), placeholders only.
		return null === $found ? null : (int) $found;
	}

	/**
	 * One page of the list and its count, as the list route shows them. The count of a list the
	 * rollups hold (unfiltered, a date range, one counted answer condition) is exact, and so are its
	 * pages. Any other filter is counted up to COUNT_CAP matches within COUNT_MS (filters
	 * userfeedback_responses_count_cap and userfeedback_search_time_limit_ms): past the cap the count
	 * says COUNT_CAP and capped (the list shows "1,000+") and its pages end there; when the count runs
	 * out of time, the page itself tells what is known: its rows, and one more (capped) when a row
	 * follows it, so the next page can be asked for.
	 *
	 * A cursor (the next_cursor of an earlier page of the same list, PageCursor) lets a page be read from
	 * just after that row where that walks fewer rows than the other ways (ids_at()); the answer's
	 * next_cursor is the cursor of its last row. A page read from a cursor is not counted (counted:
	 * false): the admin that sent the cursor got the count with an earlier page and keeps showing it,
	 * and the count, which runs to its time limit on a broad filter, would cost most of the page's time
	 * again on every Next. Such a page tells what it knows, as when the count runs out of time.
	 *
	 * The admin asks for pages without that count ($count false) and counts the list once with its own
	 * request (matched(), the count route), which runs beside the page: a list's first page then costs
	 * a walk of its rows, never the count's time limit on top.
	 *
	 * @param int  $unfiltered The list's count without conditions (status_counts()).
	 * @param bool $count      Whether to count a list the rollups cannot count (false: counted: false).
	 * @return array{rows:array<int,array<string,mixed>>,total:int,capped:bool,counted:bool,next_cursor:string|null}
	 */
	public function list_page( int $survey_id, string $status, ResponseFilter $filter, string $orderby, string $order, int $page, int $per_page, int $unfiltered, ?PageCursor $cursor = null, bool $count = true ): array {
		$per_page = max( 1, $per_page );
		$offset   = ( max( 1, $page ) - 1 ) * $per_page;
		$capped   = false;
		$total    = $this->matched_if_cheap( $survey_id, $status, $filter, $unfiltered );
		if ( null === $total ) {
			$cap              = self::count_cap();
			$counted          = $count && ( null === $cursor || ! $cursor->serves( $offset ) );
			[ $where, $args ] = $this->where( $survey_id, $status, $filter );
			$found            = $counted ? $this->count_bounded( $where, $args, $cap ) : null;
			if ( null === $found || $found > $cap ) {
				// Out of time, or more matches than the cap: no exact count. This page and whether a row
				// follows it, so the list still pages on past the cap; the total is then a lower bound
				// (matched_capped: the list says "1,000+"), exact only on the last page.
				$ids   = $this->ids_at( $survey_id, $status, $filter, $orderby, $order, $offset, $per_page + 1, PHP_INT_MAX, false, $cursor );
				$more  = count( $ids ) > $per_page;
				$ids   = array_slice( $ids, 0, $per_page );
				$total = $ids ? $offset + count( $ids ) + ( $more ? 1 : 0 ) : min( $offset, $unfiltered );
				// Past the end of a list known to hold more than the cap, the count is still unknown.
				$capped = $more || ( null !== $found && ! $ids );
				if ( $capped && null !== $found ) {
					$total = max( $total, $cap );
				}
				return self::listed( $this->rows_by_ids( $ids ), $offset, $total, $capped, $counted );
			}
			$total = (int) $found;
		}
		return self::listed( $this->rows_by_ids( $this->ids_at( $survey_id, $status, $filter, $orderby, $order, $offset, $per_page, $total, true, $cursor ) ), $offset, $total, $capped, true );
	}

	/**
	 * A page as list_page() answers it, with the cursor of its last row.
	 *
	 * @param array<int,array<string,mixed>> $rows    The page's rows, in order.
	 * @param int                            $offset  The rank of its first row.
	 * @param bool                           $counted Whether the list was counted (false: read from a cursor).
	 * @return array{rows:array<int,array<string,mixed>>,total:int,capped:bool,counted:bool,next_cursor:string|null}
	 */
	private static function listed( array $rows, int $offset, int $total, bool $capped, bool $counted ): array {
		return array(
			'rows'        => $rows,
			'total'       => $total,
			'capped'      => $capped,
			'counted'     => $counted,
			'next_cursor' => PageCursor::of_last( $rows, $offset ),
		);
	}

	/**
	 * The count of a list when it costs no walk of the rows (no condition, or the rollups hold it);
	 * null otherwise.
	 */
	private function matched_if_cheap( int $survey_id, string $status, ResponseFilter $filter, int $unfiltered ): ?int {
		if ( $filter->is_empty() ) {
			return $unfiltered;
		}
		$days = $this->anchor_days( $survey_id, $status, $filter );
		return null === $days ? null : (int) array_sum( array_column( $days, 'count' ) );
	}

	/**
	 * The ids of the rows [offset, offset + limit) of a survey's list with one status and the filter's
	 * conditions, in the requested order: from the rollups' days where they hold the list; else from
	 * the nearest of the list's start, its end (when $total is exact) and the cursor's row (an earlier
	 * row of the same list and order).
	 *
	 * @param string $orderby submitted_at (then id) or id.
	 * @param string $order   asc or desc.
	 * @param int    $total   How many the list holds, or a lower bound when not $exact (the page is
	 *                        then never counted from the list's other end).
	 * @return int[]
	 */
	private function ids_at( int $survey_id, string $status, ResponseFilter $filter, string $orderby, string $order, int $offset, int $limit, int $total, bool $exact, ?PageCursor $cursor = null ): array {
		global $wpdb;
		if ( $offset >= $total || $limit < 1 ) {
			return array();
		}
		$orderby          = in_array( $orderby, self::ORDERBY, true ) ? $orderby : 'submitted_at';
		$limit            = min( $limit, $total - $offset );
		$desc             = 'desc' === $order;
		$table            = Schema::table( 'responses' );
		[ $where, $args ] = $this->where( $survey_id, $status, $filter );

		// The cursor of the page just before (Next) is the shortest way in: one page's walk. Any other
		// page of a list the rollups hold is found from its day(s).
		$next = null !== $cursor && $cursor->serves( $offset ) && $cursor->skip( $offset ) < $limit;
		$days = null;
		if ( $exact && ! $next ) {
			$days = 'submitted_at' === $orderby ? $this->anchor_days( $survey_id, $status, $filter ) : $this->id_anchors( $survey_id, $status, $filter );
		}
		if ( null !== $days ) {
			$ids = $this->anchored_ids( $days, $where, $args, $desc ? $total - $offset - $limit : $offset, $limit, $orderby );
			if ( null !== $ids ) {
				return $desc ? array_reverse( $ids ) : $ids;
			}
		}

		// From the nearest place: the cursor's row, or for a page past the middle of an exact list, the
		// same page counted from the other end.
		$reverse = false;
		$seek    = false;
		if ( null !== $cursor && $cursor->serves( $offset, $exact ? $total - $offset - $limit : PHP_INT_MAX ) ) {
			$seek                   = true;
			[ $after, $after_args ] = 'id' === $orderby ? $cursor->after_id_sql( 'r.id', $desc ) : $cursor->after_sql( 'r.submitted_at', 'r.id', $desc );
			$where                 .= ' AND ' . $after;
			$args                   = array_merge( $args, $after_args );
			$offset                 = $cursor->skip( $offset );
		} elseif ( $exact && $offset > ( $total - $limit ) / 2 ) {
			$reverse = true;
			$offset  = $total - $offset - $limit;
			$desc    = ! $desc;
		}
		$dir   = $desc ? 'DESC' : 'ASC';
		$order = 'id' === $orderby ? "r.id $dir" : "r.submitted_at $dir, r.id $dir";
		// From a cursor, the order's index is sought to the cursor's row and walked from there: MariaDB
		// would otherwise take the same index by (survey, status) alone and walk from the list's start
		// to the cursor, page 100 costing ten times page 10 (EXPLAIN: ref instead of range).
		$hint = false === $filter->date_only() && ! $seek ? '' : $this->hint( $orderby );
		$ids  = $wpdb->get_col(
			$wpdb->prepare( // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the list's conditions and IN list hold their own placeholders, which the spread arguments fill.
				"SELECT r.id FROM %i r$hint WHERE $where ORDER BY $order LIMIT %d OFFSET %d", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- constant hint and order, conditions of ResponseFilter and the cursor's, with placeholders.
				$table,
				...array_merge( $args, array( $limit, $offset ) )
			)
		);
		$ids  = array_map( 'intval', (array) $ids );
		return $reverse ? array_reverse( $ids ) : $ids;
	}

	/**
	 * The ids of the ascending ranks [rank, rank + limit) of a list anchored on the rollups' days
	 * (anchor_days()) or blocks of ids (id_anchors()), in ascending order; null when the anchors do
	 * not hold these ranks. The page is read from the nearer edge of the anchors that hold it: from the
	 * start of the anchor of its first rank upwards, or from the end of the anchor of its last rank
	 * downwards, so a page walks at most one anchor's rows (two where it straddles them), however deep
	 * it lies in the list.
	 *
	 * @param array<int,array{count:int,start:string|int,end:string|int}> $days    The list's anchors, in the order's ascending order.
	 * @param string                                                       $where   The list's WHERE on r.
	 * @param array<int,int|string>                                        $args    Its values.
	 * @param string                                                       $orderby submitted_at (the anchors' start and end are UTC moments) or id (ids).
	 * @return int[]|null
	 */
	private function anchored_ids( array $days, string $where, array $args, int $rank, int $limit, string $orderby = 'submitted_at' ): ?array {
		global $wpdb;
		$seen  = 0;
		$first = null;
		$last  = null;
		foreach ( $days as $day ) {
			if ( null === $first && $rank < $seen + $day['count'] ) {
				$first = array( $day, $rank - $seen );
			}
			if ( $rank + $limit - 1 < $seen + $day['count'] ) {
				$last = array( $day, $seen + $day['count'] - ( $rank + $limit ) );
				break;
			}
			$seen += $day['count'];
		}
		if ( null === $first || null === $last ) {
			return null;
		}
		$table = Schema::table( 'responses' );
		$by_id = 'id' === $orderby;
		$col   = $by_id ? 'r.id' : 'r.submitted_at';
		$bound = $by_id ? '%d' : '%s';
		$hint  = $this->hint( $by_id ? 'id' : 'submitted_at' );
		if ( $first[1] <= $last[1] ) {
			// Upwards from the start of the first rank's anchor, skipping that anchor's rows before it.
			$order = $by_id ? 'r.id ASC' : 'r.submitted_at ASC, r.id ASC';
			$ids   = $wpdb->get_col(
				$wpdb->prepare( // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the list's conditions and IN list hold their own placeholders, which the spread arguments fill.
					"SELECT r.id FROM %i r$hint WHERE $where AND $col >= $bound ORDER BY $order LIMIT %d OFFSET %d", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- constant hint, column, placeholder and order; conditions of ResponseFilter with placeholders.
					$table,
					...array_merge( $args, array( $first[0]['start'], $limit, $first[1] ) )
				)
			);
			return self::whole( $ids, $limit );
		}
		// Downwards from the end of the last rank's anchor, skipping that anchor's rows after it.
		$order = $by_id ? 'r.id DESC' : 'r.submitted_at DESC, r.id DESC';
		$rows  = $wpdb->get_col(
			$wpdb->prepare( // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the list's conditions and IN list hold their own placeholders, which the spread arguments fill.
				"SELECT r.id FROM %i r$hint WHERE $where AND $col < $bound ORDER BY $order LIMIT %d OFFSET %d", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- constant hint, column, placeholder and order; conditions of ResponseFilter with placeholders.
				$table,
				...array_merge( $args, array( $last[0]['end'], $limit, $last[1] ) )
			)
		);
		$page  = self::whole( $rows, $limit );
		return null === $page ? null : array_reverse( $page );
	}

	/**
	 * The ids of an anchored page, or null when it holds fewer than the ranks asked for: the anchors
	 * do not match the rows (a row changed outside the plugin's writes), and the caller walks the
	 * index instead.
	 *
	 * @param mixed $ids What the query answered.
	 * @return int[]|null
	 */
	private static function whole( $ids, int $limit ): ?array {
		$ids = array_map( 'intval', (array) $ids );
		return count( $ids ) === $limit ? $ids : null;
	}

	/**
	 * The WHERE of a list: the survey, the status and the filter's conditions on the responses table
	 * aliased r.
	 *
	 * @return array{0:string,1:array<int,int|string>}
	 */
	private function where( int $survey_id, string $status, ResponseFilter $filter ): array {
		[ $sql, $args ] = $filter->sql( 'r' );
		return array( 'r.survey_id = %d AND r.status = %s' . $sql, array_merge( array( $survey_id, $status ), $args ) );
	}

	/**
	 * The index hint of an order on MariaDB/MySQL (SQLite chooses well, and has no such syntax); given
	 * for lists without conditions other than a date range (with others, the optimizer may rightly
	 * prefer the index of a condition).
	 */
	private function hint( string $orderby ): string {
		return Transaction::is_sqlite() ? '' : ' FORCE INDEX (' . self::ORDER_INDEX[ $orderby ] . ')';
	}

	/**
	 * The days of the list as the daily rollups count it (ascending; days with none left out), each
	 * with its count and the UTC moments it starts and ends, for a list of completed responses whose
	 * filter the rollups can count (ResponseFilter::rollup_terms(): a date range and one answer
	 * condition at most), or of partial responses with a date range at most; null for any other list.
	 * Unfiltered: daily_responses (daily_partials) per day; with an answer condition: the sum of its
	 * values' daily_answers counts (isNot: the day's responses less those).
	 *
	 * @return array<int,array{day:string,count:int,start:string,end:string}>|null
	 */
	private function anchor_days( int $survey_id, string $status, ResponseFilter $filter ): ?array {
		global $wpdb;
		$terms = 'publish' === $status || 'partial' === $status ? $filter->rollup_terms() : null;
		// Partial responses are counted per day of their last write only (daily_partials), not per answer.
		if ( null === $terms || ( 'partial' === $status && null !== $terms['question_id'] ) ) {
			return null;
		}
		[ $from_day, $to_day ] = $terms['days'];
		$range                 = '';
		$range_args            = array();
		if ( null !== $from_day ) {
			$range       .= ' AND day >= %s';
			$range_args[] = $from_day;
		}
		if ( null !== $to_day ) {
			$range       .= ' AND day <= %s';
			$range_args[] = $to_day;
		}
		$per_day = array();
		if ( null === $terms['question_id'] || $terms['negate'] ) {
			$rows = (array) $wpdb->get_results(
				$wpdb->prepare( // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the list's conditions and IN list hold their own placeholders, which the spread arguments fill.
					'SELECT day, %i AS n FROM %i WHERE survey_id = %d' . $range . ' ORDER BY day ASC', // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- $range: constant conditions with placeholders.
					'count',
					Schema::table( 'partial' === $status ? 'daily_partials' : 'daily_responses' ),
					$survey_id,
					...$range_args
				),
				ARRAY_A
			);
			foreach ( $rows as $row ) {
				$per_day[ (string) $row['day'] ] = (int) $row['n'];
			}
		}
		if ( null !== $terms['question_id'] ) {
			$rows = (array) $wpdb->get_results(
				$wpdb->prepare( // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the list's conditions and IN list hold their own placeholders, which the spread arguments fill.
					'SELECT day, SUM(%i) AS n FROM %i WHERE survey_id = %d AND question_id = %d AND kind = %d AND value IN (' . implode( ', ', array_fill( 0, count( $terms['values'] ), '%s' ) ) . ')' . $range . ' GROUP BY day ORDER BY day ASC', // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- placeholders, and $range: constant conditions with placeholders.
					'count',
					Schema::table( 'daily_answers' ),
					$survey_id,
					$terms['question_id'],
					Rollups::KIND_VALUE,
					...array_merge( $terms['values'], $range_args )
				),
				ARRAY_A
			);
			foreach ( $rows as $row ) {
				$day             = (string) $row['day'];
				$per_day[ $day ] = $terms['negate'] ? ( $per_day[ $day ] ?? 0 ) - (int) $row['n'] : (int) $row['n'];
			}
			ksort( $per_day, SORT_STRING );
		}
		$zone = wp_timezone();
		$utc  = new \DateTimeZone( 'UTC' );
		$days = array();
		foreach ( $per_day as $day => $count ) {
			if ( $count > 0 ) {
				$start  = new \DateTimeImmutable( $day . ' 00:00:00', $zone );
				$days[] = array(
					'day'   => (string) $day,
					'count' => $count,
					'start' => $start->setTimezone( $utc )->format( 'Y-m-d H:i:s' ),
					'end'   => $start->modify( '+1 day' )->setTimezone( $utc )->format( 'Y-m-d H:i:s' ),
				);
			}
		}
		return $days;
	}

	/**
	 * The blocks of ids of a list without conditions as id_blocks counts them (ascending; empty blocks
	 * left out), each with its count and the first id it holds and the first it does not; null for a
	 * list with conditions.
	 *
	 * @return array<int,array{count:int,start:int,end:int}>|null
	 */
	private function id_anchors( int $survey_id, string $status, ResponseFilter $filter ): ?array {
		global $wpdb;
		if ( ! $filter->is_empty() ) {
			return null;
		}
		$rows   = (array) $wpdb->get_results(
			$wpdb->prepare( 'SELECT block, %i AS n FROM %i WHERE survey_id = %d AND status = %s AND %i > 0 ORDER BY block ASC', 'count', Schema::table( 'id_blocks' ), $survey_id, $status, 'count' ),
			ARRAY_A
		);
		$blocks = array();
		foreach ( $rows as $row ) {
			$block    = (int) $row['block'];
			$blocks[] = array(
				'count' => (int) $row['n'],
				'start' => $block * Rollups::ID_BLOCK,
				'end'   => ( $block + 1 ) * Rollups::ID_BLOCK,
			);
		}
		return $blocks;
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
		$rows  = $wpdb->get_results(
			$wpdb->prepare( // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the list's conditions and IN list hold their own placeholders, which the spread arguments fill.
				'SELECT ' . self::COLUMNS . ' FROM %i WHERE id IN (' . implode( ', ', array_fill( 0, count( $ids ), '%d' ) ) . ')', // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- column list constant and placeholders only.
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
		return is_array( $row ) ? $row : null;
	}

	/**
	 * Whether a response meets the filter's conditions (one seek of the primary key).
	 */
	public function meets( int $survey_id, int $id, ResponseFilter $filter ): bool {
		global $wpdb;
		if ( $filter->is_empty() ) {
			return true;
		}
		[ $sql, $args ] = $filter->sql( 'r' );
		return null !== $wpdb->get_var( $wpdb->prepare( "SELECT r.id FROM %i r WHERE r.id = %d AND r.survey_id = %d$sql", Schema::table( 'responses' ), $id, $survey_id, ...$args ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- conditions of ResponseFilter, placeholders only; the spread arguments fill the placeholders.
	}

	/**
	 * The place of a response in the list of its survey's responses with $status and the filter
	 * (newest first): its neighbours (one seek each) and its rank, counted the cheaper way: from the
	 * rollup's days (the rows of the response's day before it) where the list has them, else the rows
	 * newer than it, as the list counts (up to the cap, within COUNT_MS). A rank past the cap, or not
	 * counted in time, is 0 (unknown); capped says that total is a lower bound ("1,000+").
	 *
	 * @param array<string,mixed> $row    The response's row.
	 * @param int                 $total  The list's count (matched()).
	 * @param bool                $capped Whether $total is only a lower bound (matched()).
	 * @return array{index:int,total:int,prev_id:int|null,next_id:int|null,capped:bool}
	 */
	public function position( array $row, string $status, ResponseFilter $filter, int $total, bool $capped = false ): array {
		global $wpdb;
		$table            = Schema::table( 'responses' );
		$survey_id        = (int) $row['survey_id'];
		$id               = (int) $row['id'];
		$at               = (string) $row['submitted_at'];
		[ $where, $args ] = $this->where( $survey_id, $status, $filter );
		$hint             = false === $filter->date_only() ? '' : $this->hint( 'submitted_at' );

		// Newer: later, or as late with a higher id. Written with a plain range first so that both
		// engines walk the index from (survey, status, at) on.
		$newer = 'r.submitted_at >= %s AND (r.submitted_at > %s OR r.id > %d)';
		$older = 'r.submitted_at <= %s AND (r.submitted_at < %s OR r.id < %d)';
		$key   = array( $at, $at, $id );

		$prev = $wpdb->get_var( $wpdb->prepare( "SELECT r.id FROM %i r$hint WHERE $where AND $newer ORDER BY r.submitted_at ASC, r.id ASC LIMIT 1", $table, ...array_merge( $args, $key ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- constant conditions with placeholders; the spread arguments fill the placeholders.
		$next = $wpdb->get_var( $wpdb->prepare( "SELECT r.id FROM %i r$hint WHERE $where AND $older ORDER BY r.submitted_at DESC, r.id DESC LIMIT 1", $table, ...array_merge( $args, $key ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- constant conditions with placeholders; the spread arguments fill the placeholders.

		$days = $this->anchor_days( $survey_id, $status, $filter );
		if ( null !== $days ) {
			// Ascending rank: the rollup's days before the response's, then the rows of its day before it.
			$day         = Rollups::day_of( $at );
			$start       = ( new \DateTimeImmutable( $day . ' 00:00:00', wp_timezone() ) )->setTimezone( new \DateTimeZone( 'UTC' ) )->format( 'Y-m-d H:i:s' );
			$older_count = 0;
			foreach ( $days as $d ) {
				if ( $d['day'] < $day ) {
					$older_count += $d['count'];
				}
			}
			$older_count += (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM %i r$hint WHERE $where AND r.submitted_at >= %s AND $older", $table, ...array_merge( $args, array( $start ), $key ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- constant conditions with placeholders.
			$index        = $total - $older_count;
		} elseif ( $filter->is_empty() ) {
			$index = 1 + (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM %i r$hint WHERE $where AND $newer", $table, ...array_merge( $args, $key ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- constant conditions with placeholders; the spread arguments fill the placeholders.
		} else {
			// As the list counts a broad filter: at most the cap, within COUNT_MS.
			$cap   = self::count_cap();
			$newer = $this->count_bounded( "$where AND $newer", array_merge( $args, $key ), $cap );
			$index = null === $newer || $newer > $cap ? 0 : 1 + $newer;
		}
		if ( $index > 0 ) {
			$index += $status === $row['status'] ? 0 : 1;
		}
		if ( $capped ) {
			// A lower bound: at least the rows known to come before and after it.
			$total = max( $total, $index + ( null === $next ? 0 : 1 ), 1 + ( null === $prev ? 0 : 1 ) + ( null === $next ? 0 : 1 ) );
		}
		return array(
			'index'   => 0 === $index ? 0 : max( 1, min( $index, max( 1, $total ) ) ),
			'total'   => $total,
			'prev_id' => null === $prev ? null : (int) $prev,
			'next_id' => null === $next ? null : (int) $next,
			'capped'  => $capped,
		);
	}

	/**
	 * Deletes the list snapshots versions 5 to 9 kept (options userfeedback_rlist_<survey>_<status>):
	 * the list reads the rollups and the indexes instead (schema version 10).
	 */
	public static function forget_snapshots(): void {
		global $wpdb;
		$names = (array) $wpdb->get_col( $wpdb->prepare( 'SELECT option_name FROM %i WHERE option_name LIKE %s', $wpdb->options, $wpdb->esc_like( 'userfeedback_rlist_' ) . '%' ) );
		foreach ( $names as $name ) {
			// LIKE's _ is a wildcard wherever the escape is lost: the exact names only.
			if ( preg_match( '/^userfeedback_rlist_\d+_(publish|partial|trash)$/', (string) $name ) ) {
				delete_option( (string) $name );
			}
		}
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
			$wpdb->prepare( // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the list's conditions and IN list hold their own placeholders, which the spread arguments fill.
				'SELECT id, status FROM %i WHERE survey_id = %d AND id IN (' . implode( ', ', array_fill( 0, count( $ids ), '%d' ) ) . ')', // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- placeholders only.
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
		$this->transaction( $survey_id, $ids, static fn(): string => $status );
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
		$this->transaction( $survey_id, $ids, static fn(): ?string => null );
	}

	/**
	 * Changes the status of responses (or deletes them: target null) in one transaction, and moves
	 * them in and out of the daily rollups in it: per target status,
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
				// The rows as they were, read in the transaction.
				$before = (array) $wpdb->get_results(
					$wpdb->prepare( // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the list's conditions and IN list hold their own placeholders, which the spread arguments fill.
						'SELECT ' . self::BEFORE . ' FROM %i WHERE survey_id = %d AND id IN (' . implode( ', ', array_fill( 0, count( $ids ), '%d' ) ) . ')', // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- constant columns and placeholders only.
						$table,
						$survey_id,
						...$ids
					),
					ARRAY_A
				);
				$groups = array();
				foreach ( $before as $row ) {
					$to                            = $target( $row );
					$groups[ $to ?? '' ]['rows'][] = $row;
					$groups[ $to ?? '' ]['ids'][]  = (int) $row['id'];
				}
				foreach ( $groups as $key => $group ) {
					$to = '' === $key ? null : (string) $key;
					// Read before the statements run: a delete removes the answers.
					$deltas = $this->rollups->deltas( $survey_id, $group['rows'], $to );
					if ( null === $to ) {
						$statements = array(
							$wpdb->prepare( 'DELETE FROM %i WHERE survey_id = %d AND response_id IN (' . implode( ', ', array_fill( 0, count( $group['ids'] ), '%d' ) ) . ')', $answers, $survey_id, ...$group['ids'] ), // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the list's conditions and IN list hold their own placeholders, which the spread arguments fill.
							$wpdb->prepare( 'DELETE FROM %i WHERE survey_id = %d AND response_id IN (' . implode( ', ', array_fill( 0, count( $group['ids'] ), '%d' ) ) . ')', Schema::table( HiddenFields::TABLE ), $survey_id, ...$group['ids'] ), // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the list's conditions and IN list hold their own placeholders, which the spread arguments fill.
							$wpdb->prepare( 'DELETE FROM %i WHERE survey_id = %d AND id IN (' . implode( ', ', array_fill( 0, count( $group['ids'] ), '%d' ) ) . ')', $table, $survey_id, ...$group['ids'] ), // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the list's conditions and IN list hold their own placeholders, which the spread arguments fill.
							AnswerTerms::status_sql( $survey_id, $group['ids'], null ),
						);
					} else {
						$statements = array(
							$wpdb->prepare( 'UPDATE %i SET status = %s WHERE survey_id = %d AND id IN (' . implode( ', ', array_fill( 0, count( $group['ids'] ), '%d' ) ) . ')', $table, $to, $survey_id, ...$group['ids'] ), // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the list's conditions and IN list hold their own placeholders, which the spread arguments fill.
							$wpdb->prepare( 'UPDATE %i SET status = %s WHERE survey_id = %d AND response_id IN (' . implode( ', ', array_fill( 0, count( $group['ids'] ), '%d' ) ) . ')', $answers, $to, $survey_id, ...$group['ids'] ), // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the list's conditions and IN list hold their own placeholders, which the spread arguments fill.
							AnswerTerms::status_sql( $survey_id, $group['ids'], $to ),
						);
					}
					foreach ( $statements as $sql ) {
						if ( false === $wpdb->query( $sql ) ) { // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- prepared above.
							throw new \RuntimeException( esc_html( 'Could not change the responses: ' . $wpdb->last_error ) );
						}
					}
					if ( $deltas ) {
						$this->rollups->add( $survey_id, ...$deltas );
					}
				}
			}
		);
	}
}
