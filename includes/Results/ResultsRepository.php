<?php
/**
 * The SQL of results. Counts come from the daily rollups (Database\Rollups: published responses and
 * answer counts per survey and site-local day, maintained on write), summed over the range's days:
 * a few hundred rows at most, whatever the number of responses. Lists of answers (text answers,
 * NPS comments) come from the answers table over its (survey_id, question_id, status, submitted_at)
 * index, newest first with a LIMIT. Trashed responses never count: the rollups hold published
 * responses only, and answers repeat their response's status.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Results;

use UserFeedback\Database\AnswerSearch;
use UserFeedback\Database\PageCursor;
use UserFeedback\Database\Rollups;
use UserFeedback\Database\Schema;
use UserFeedback\Database\TermSearch;
use UserFeedback\Database\Transaction;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the plugin's own tables (the daily rollups, impressions, answers, surveys): ResultsService keeps what it computes from these reads in ResultsCache (the object cache, invalidated by stamps on every change of responses), and the few reads it leaves fresh on purpose (funnel, impressions) are the ones every visitor's answer moves.

final class ResultsRepository {

	/**
	 * Surveys the overview lists (every one but the trashed), list columns only.
	 *
	 * @return array<int,array{id:int,title:string,type:string,status:string,created_at:string}>
	 */
	public function surveys(): array {
		global $wpdb;
		$rows = $wpdb->get_results(
			$wpdb->prepare( "SELECT id, title, type, status, created_at FROM %i WHERE status <> 'trash' ORDER BY id ASC", Schema::table( 'surveys' ) ),
			ARRAY_A
		);
		return array_map(
			static function ( array $row ): array {
				$row['id'] = (int) $row['id'];
				return $row;
			},
			(array) $rows
		);
	}

	/**
	 * Published responses per survey, all time or on the days [from, to], from the daily rollup.
	 *
	 * @param int[] $survey_ids Surveys.
	 * @return array<int,int> Survey id => count (surveys without responses left out).
	 */
	public function response_counts( array $survey_ids, ?string $from = null, ?string $to = null ): array {
		global $wpdb;
		if ( ! $survey_ids ) {
			return array();
		}
		$ids = array_values( $survey_ids );
		if ( null !== $from && null !== $to ) {
			$rows = $wpdb->get_results(
				$wpdb->prepare(
					'SELECT survey_id, SUM(%i) AS n FROM %i WHERE survey_id IN (' . implode( ', ', array_fill( 0, count( $ids ), '%d' ) ) . ') AND day >= %s AND day <= %s GROUP BY survey_id',
					...array_merge( array( 'count', Schema::table( 'daily_responses' ) ), $ids, array( $from, $to ) )
				),
				ARRAY_A
			);
		} else {
			$rows = $wpdb->get_results(
				$wpdb->prepare(
					'SELECT survey_id, SUM(%i) AS n FROM %i WHERE survey_id IN (' . implode( ', ', array_fill( 0, count( $ids ), '%d' ) ) . ') GROUP BY survey_id',
					...array_merge( array( 'count', Schema::table( 'daily_responses' ) ), $ids )
				),
				ARRAY_A
			);
		}
		$counts = array();
		foreach ( (array) $rows as $row ) {
			if ( (int) $row['n'] > 0 ) {
				$counts[ (int) $row['survey_id'] ] = (int) $row['n'];
			}
		}
		return $counts;
	}

	/**
	 * A survey's published responses, all time and on windows of days, in one pass over its rows of
	 * the daily rollup.
	 *
	 * @param array<string,array{0:string,1:string}> $windows Name => [first day, last day].
	 * @return array<string,int> 'all' and each window's name => count.
	 */
	public function survey_counts( int $survey_id, array $windows ): array {
		global $wpdb;
		$sums = '';
		$args = array();
		foreach ( array_values( $windows ) as $i => [ $from, $to ] ) {
			$sums .= ", SUM( CASE WHEN day >= %s AND day <= %s THEN %i ELSE 0 END ) AS w$i";
			array_push( $args, $from, $to, 'count' );
		}
		$row    = $wpdb->get_row(
			$wpdb->prepare( // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- $sums holds three placeholders per window, filled by $args.
				"SELECT SUM(%i) AS n$sums FROM %i WHERE survey_id = %d", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $sums holds placeholders and w0, w1... aliases only.
				...array_merge( array( 'count' ), $args, array( Schema::table( 'daily_responses' ), $survey_id ) )
			),
			ARRAY_A
		);
		$counts = array( 'all' => (int) ( $row['n'] ?? 0 ) );
		foreach ( array_keys( $windows ) as $i => $name ) {
			$counts[ $name ] = (int) ( $row[ "w$i" ] ?? 0 );
		}
		return $counts;
	}

	/**
	 * Published responses of the surveys per survey and site-local day of the range (days without
	 * responses left out).
	 *
	 * @param int[] $survey_ids Surveys.
	 * @return array<int,array{survey_id:int,day:string,count:int}>
	 */
	public function response_days( array $survey_ids, Range $range ): array {
		global $wpdb;
		if ( ! $survey_ids ) {
			return array();
		}
		$ids  = array_values( $survey_ids );
		$rows = $wpdb->get_results(
			$wpdb->prepare(
				'SELECT survey_id, day, SUM(%i) AS n FROM %i WHERE survey_id IN (' . implode( ', ', array_fill( 0, count( $ids ), '%d' ) ) . ') AND day >= %s AND day <= %s GROUP BY survey_id, day',
				...array_merge( array( 'count', Schema::table( 'daily_responses' ) ), $ids, array( $range->from, $range->to ) )
			),
			ARRAY_A
		);
		return array_map(
			static fn( array $row ): array => array(
				'survey_id' => (int) $row['survey_id'],
				'day'       => substr( (string) $row['day'], 0, 10 ),
				'count'     => (int) $row['n'],
			),
			(array) $rows
		);
	}

	/**
	 * Impressions of a survey on the range's days (stored per site-local day already).
	 */
	public function impressions( int $survey_id, Range $range ): int {
		global $wpdb;
		return (int) $wpdb->get_var(
			$wpdb->prepare(
				'SELECT SUM(%i) FROM %i WHERE survey_id = %d AND day >= %s AND day <= %s',
				'count',
				Schema::table( 'impressions' ),
				$survey_id,
				$range->from,
				$range->to
			)
		);
	}

	/**
	 * A survey's drop-off funnel over the days of the range (the site-local days responses started
	 * on), from the daily_funnel rollup: one GROUP BY over the survey's rows of those days.
	 *
	 * @return array{started:int,completed:int,durations:array<int,int>,questions:array<int,array{answered:int,skipped:int,left:int}>} durations: bucket index (Rollups::DURATION_BUCKETS) => completed responses.
	 */
	public function funnel( int $survey_id, Range $range ): array {
		global $wpdb;
		$rows   = $wpdb->get_results(
			$wpdb->prepare(
				'SELECT question_id, metric, SUM(%i) AS n FROM %i WHERE survey_id = %d AND day >= %s AND day <= %s GROUP BY question_id, metric',
				'count',
				Schema::table( 'daily_funnel' ),
				$survey_id,
				$range->from,
				$range->to
			),
			ARRAY_A
		);
		$funnel = array(
			'started'   => 0,
			'completed' => 0,
			'durations' => array(),
			'questions' => array(),
		);
		$names  = array(
			Rollups::METRIC_ANSWERED => 'answered',
			Rollups::METRIC_SKIPPED  => 'skipped',
			Rollups::METRIC_LEFT     => 'left',
		);
		foreach ( (array) $rows as $row ) {
			$n = (int) $row['n'];
			if ( $n <= 0 ) {
				continue;
			}
			$question_id = (int) $row['question_id'];
			$metric      = (int) $row['metric'];
			if ( 0 === $question_id ) {
				if ( Rollups::METRIC_STARTED === $metric ) {
					$funnel['started'] = $n;
				} elseif ( Rollups::METRIC_COMPLETED === $metric ) {
					$funnel['completed'] = $n;
				} elseif ( $metric >= Rollups::METRIC_DURATION_BASE ) {
					$funnel['durations'][ $metric - Rollups::METRIC_DURATION_BASE ] = $n;
				}
			} elseif ( isset( $names[ $metric ] ) ) {
				$funnel['questions'][ $question_id ]                    ??= array(
					'answered' => 0,
					'skipped'  => 0,
					'left'     => 0,
				);
				$funnel['questions'][ $question_id ][ $names[ $metric ] ] = $n;
			}
		}
		ksort( $funnel['durations'] );
		return $funnel;
	}

	/**
	 * Started and completed responses per survey over the days of the range (the day each started),
	 * from the daily_funnel rollup: the overview's completion rates.
	 *
	 * @param int[] $survey_ids Surveys.
	 * @return array<int,array{started:int,completed:int}> Survey id => counts (surveys without any left out).
	 */
	public function funnel_counts( array $survey_ids, Range $range ): array {
		global $wpdb;
		if ( ! $survey_ids ) {
			return array();
		}
		$ids    = array_values( $survey_ids );
		$rows   = $wpdb->get_results(
			$wpdb->prepare(
				'SELECT survey_id, metric, SUM(%i) AS n FROM %i WHERE survey_id IN (' . implode( ', ', array_fill( 0, count( $ids ), '%d' ) ) . ') AND day >= %s AND day <= %s AND question_id = 0 AND metric IN (%d, %d) GROUP BY survey_id, metric',
				...array_merge( array( 'count', Schema::table( 'daily_funnel' ) ), $ids, array( $range->from, $range->to, Rollups::METRIC_STARTED, Rollups::METRIC_COMPLETED ) )
			),
			ARRAY_A
		);
		$counts = array();
		foreach ( (array) $rows as $row ) {
			$id              = (int) $row['survey_id'];
			$counts[ $id ] ??= array(
				'started'   => 0,
				'completed' => 0,
			);
			$counts[ $id ][ Rollups::METRIC_STARTED === (int) $row['metric'] ? 'started' : 'completed' ] = max( 0, (int) $row['n'] );
		}
		return $counts;
	}

	/**
	 * A survey's answer counts over the days of the range, from the daily rollup: per question, its
	 * answered and skipped counts and (quantitative types) the count of each value.
	 *
	 * @param int[] $question_ids The questions.
	 * @return array<int,array{answered:int,skipped:int,commented:int,values:array<string,int>}> Question id => counts.
	 */
	public function answer_totals( int $survey_id, array $question_ids, Range $range ): array {
		global $wpdb;
		if ( ! $question_ids ) {
			return array();
		}
		$ids    = array_values( $question_ids );
		$rows   = $wpdb->get_results(
			$wpdb->prepare(
				'SELECT question_id, kind, value, SUM(%i) AS n FROM %i
				WHERE survey_id = %d AND day >= %s AND day <= %s AND question_id IN (' . implode( ', ', array_fill( 0, count( $ids ), '%d' ) ) . ')
				GROUP BY question_id, kind, value',
				...array_merge( array( 'count', Schema::table( 'daily_answers' ), $survey_id, $range->from, $range->to ), $ids )
			),
			ARRAY_A
		);
		$totals = array();
		foreach ( (array) $rows as $row ) {
			$n = (int) $row['n'];
			if ( $n <= 0 ) {
				continue;
			}
			$question_id              = (int) $row['question_id'];
			$totals[ $question_id ] ??= array(
				'answered'  => 0,
				'skipped'   => 0,
				'commented' => 0,
				'values'    => array(),
			);
			switch ( (int) $row['kind'] ) {
				case Rollups::KIND_ANSWERED:
					$totals[ $question_id ]['answered'] += $n;
					break;
				case Rollups::KIND_SKIPPED:
					$totals[ $question_id ]['skipped'] += $n;
					break;
				case Rollups::KIND_COMMENTED:
					$totals[ $question_id ]['commented'] += $n;
					break;
				default:
					$totals[ $question_id ]['values'][ (string) $row['value'] ] = $n;
			}
		}
		return $totals;
	}

	/**
	 * A question's value counts per site-local day of the range (the NPS series).
	 *
	 * @return array<int,array{day:string,value:string,count:int}>
	 */
	public function value_days( int $survey_id, int $question_id, Range $range ): array {
		global $wpdb;
		$rows = $wpdb->get_results(
			$wpdb->prepare(
				'SELECT day, value, SUM(%i) AS n FROM %i WHERE survey_id = %d AND day >= %s AND day <= %s AND question_id = %d AND kind = %d GROUP BY day, value',
				'count',
				Schema::table( 'daily_answers' ),
				$survey_id,
				$range->from,
				$range->to,
				$question_id,
				Rollups::KIND_VALUE
			),
			ARRAY_A
		);
		return array_map(
			static fn( array $row ): array => array(
				'day'   => substr( (string) $row['day'], 0, 10 ),
				'value' => (string) $row['value'],
				'count' => (int) $row['n'],
			),
			(array) $rows
		);
	}

	/**
	 * One page of a question's answers within the range, newest first: those with a value, or
	 * (comments) those that carry extra.comments. $search is matched in the value, or in the comment,
	 * through the search table (TermSearch: every word by its start, any case), or while it is being
	 * filled by AnswerSearch's exact scan.
	 *
	 * With a search the count is bounded: at most AnswerSearch::COUNT_CAP + 1 matching rows are
	 * counted ('capped' says the true number is larger), and pages end at the cap, so no page of a
	 * search reads more than COUNT_CAP + per_page matching rows. Without one, the caller takes the
	 * total from the rollups ('count' false).
	 *
	 * Without a search, 'total' (the rollups' count of the list, when the caller has it) lets a page in
	 * the second half be read from the oldest end, so that no page walks more than half the list.
	 *
	 * 'cursor' (PageCursor, the next_cursor of an earlier page of the same list) starts the walk just
	 * after that answer, where that is shorter than the other ways: a search's page n then reads the
	 * rows of one page past the one before it, not the n - 1 pages before it. The answer says
	 * next_cursor, its last row's cursor.
	 *
	 * @param array{comments:bool,search:string,page:int,per_page:int,count:bool,total?:int|null,cursor?:string} $query What to list.
	 * @return array{items:array<int,array{response_id:int,value:string|null,extra:string|null,submitted_at:string}>,total:int|null,capped:bool,next_cursor:string|null}
	 */
	public function answers( int $survey_id, int $question_id, Range $range, array $query ): array {
		global $wpdb;
		$plan = '' === $query['search'] ? null : TermSearch::plan( $query['search'] );
		if ( null !== $plan ) {
			return $this->searched_answers( $survey_id, $question_id, $range, $query, $plan );
		}
		$range_sql  = "status = 'publish' AND submitted_at >= %s AND submitted_at < %s";
		$range_args = array( $range->start_utc(), $range->end_utc() );
		if ( '' !== $query['search'] ) {
			list( $where, $args ) = AnswerSearch::where( $survey_id, $question_id, $query['search'], $query['comments'] ? 'comment' : 'value' );
			$where               .= ' AND ' . $range_sql;
			$args                 = array_merge( $args, $range_args );
		} else {
			$where = 'survey_id = %d AND question_id = %d AND ' . $range_sql;
			$args  = array_merge( array( $survey_id, $question_id ), $range_args );
			if ( $query['comments'] ) {
				// Extra is JSON as the visitor route stores it (unescaped unicode and slashes).
				$where .= ' AND extra IS NOT NULL AND extra LIKE %s';
				$args[] = '%"comments":"%';
			} else {
				$where .= ' AND value IS NOT NULL';
			}
		}
		$table  = Schema::table( 'answers' );
		$offset = ( $query['page'] - 1 ) * $query['per_page'];
		$limit  = $query['per_page'];
		if ( '' !== $query['search'] ) {
			// Pages of a search end at the cap.
			$limit = max( 0, min( $limit, AnswerSearch::COUNT_CAP - $offset ) );
		}
		$rows    = array();
		$reverse = false;
		$known   = isset( $query['total'] ) ? (int) $query['total'] : null;
		$cursor  = PageCursor::decode( (string) ( $query['cursor'] ?? '' ) );
		$skip    = $offset;
		$after   = '';
		if ( null !== $cursor && $cursor->serves( $offset, null === $known ? PHP_INT_MAX : $known - $offset - $limit ) ) {
			// Just after the cursor's answer, newest first.
			[ $after, $after_args ] = $cursor->after_sql( 'submitted_at', 'id', true );
			$after                  = ' AND ' . $after;
			$skip                   = $cursor->skip( $offset );
		} elseif ( '' === $query['search'] && null !== $known && $offset > $known / 2 ) {
			// A page in the second half of a list whose total the rollups know: read it from the oldest
			// end (the last page is then the first rows of the index range, not the end of a walk past
			// every newer answer) and turn it round.
			$limit   = max( 0, min( $limit, $known - $offset ) );
			$skip    = max( 0, $known - $offset - $limit );
			$reverse = true;
		}
		if ( $limit > 0 ) {
			$direction = $reverse ? 'ASC' : 'DESC';
			// From a cursor, the question's index is sought to the cursor's answer: MariaDB would
			// otherwise take it by (survey, question, status) alone and walk from the list's start to the
			// cursor.
			$hint = '' !== $after && ! Transaction::is_sqlite() ? ' FORCE INDEX (survey_question)' : '';
			$rows = $wpdb->get_results(
				$wpdb->prepare( // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- $where and $after hold their own placeholders, filled by $args and $after_args.
					"SELECT id, response_id, value, extra, submitted_at FROM %i$hint WHERE $where$after ORDER BY submitted_at $direction, id $direction LIMIT %d OFFSET %d", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- constant hint, $where and $after hold placeholders only, $direction is ASC or DESC.
					$table,
					...array_merge( $args, '' === $after ? array() : $after_args, array( $limit, $skip ) )
				),
				ARRAY_A
			);
			$rows = (array) $rows;
			if ( $reverse ) {
				$rows = array_reverse( $rows );
			}
		}
		$total  = null;
		$capped = false;
		if ( $query['count'] ) {
			if ( '' !== $query['search'] ) {
				// The exact scan (the search table not filled yet, or a search without a word). Bounded
				// twice: at most COUNT_CAP + 1 matches, within COUNT_MS. A count that runs out of time says
				// what this page shows: the rows before it and on it, and one more ("+") when the page is
				// full, so the next page can be asked for. SQLite has no time limit: it counts.
				$found = AnswerSearch::bounded_var( $wpdb->prepare( "SELECT COUNT(*) FROM ( SELECT 1 FROM %i WHERE $where LIMIT %d ) AS found", $table, ...array_merge( $args, array( AnswerSearch::COUNT_CAP + 1 ) ) ), AnswerSearch::time_limit_ms( AnswerSearch::COUNT_MS ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $where holds placeholders only.
				if ( null === $found ) {
					$full   = $limit > 0 && count( $rows ) === $limit;
					$total  = min( AnswerSearch::COUNT_CAP, $offset + count( $rows ) + ( $full ? 1 : 0 ) );
					$capped = $full;
				} else {
					$total  = (int) $found;
					$capped = $total > AnswerSearch::COUNT_CAP;
					$total  = min( $total, AnswerSearch::COUNT_CAP );
				}
			} else {
				$total = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM %i WHERE $where", $table, ...$args ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- $where holds placeholders only, filled by $args.
			}
		}
		return array(
			'next_cursor' => PageCursor::of_last( $rows, $offset ),
			'items'       => self::items( $rows ),
			'total'       => $total,
			'capped'      => $capped,
		);
	}
	/**
	 * A page of a search through the search table (TermSearch): the matches' order is by date, newest
	 * first, then response. Counted, the first COUNT_CAP + 1 matches give the count and the page (a
	 * slice of them: pages end at the cap); not counted, the page is read after the cursor (or from the
	 * start) to its end.
	 *
	 * @param array{comments:bool,search:string,page:int,per_page:int,count:bool,total?:int|null,cursor?:string} $query What to list.
	 * @param array<int,array{words:string[],confirm:?string}>                                                 $plan  TermSearch::plan() of the search.
	 * @return array{items:array<int,array{response_id:int,value:string|null,extra:string|null,submitted_at:string}>,total:int|null,capped:bool,next_cursor:string|null}
	 */
	private function searched_answers( int $survey_id, int $question_id, Range $range, array $query, array $plan ): array {
		global $wpdb;
		$scope  = $query['comments'] ? 'comment' : 'value';
		$offset = ( $query['page'] - 1 ) * $query['per_page'];
		$limit  = max( 0, min( $query['per_page'], AnswerSearch::COUNT_CAP - $offset ) );
		$cursor = PageCursor::decode( (string) ( $query['cursor'] ?? '' ) );
		$cursor = null !== $cursor && $cursor->serves( $offset ) ? $cursor : null;
		$find   = TermSearch::matcher( $survey_id, $question_id, $scope, $range->start_utc(), $range->end_utc(), $plan );
		$total  = null;
		$capped = false;
		$page   = null;
		if ( $query['count'] ) {
			$first  = $find( AnswerSearch::COUNT_CAP + 1, null );
			$capped = count( $first ) > AnswerSearch::COUNT_CAP;
			$total  = min( count( $first ), AnswerSearch::COUNT_CAP );
			// Pages end at the cap: every page is a slice of these, cursor or not.
			$page = array_slice( $first, $offset, $limit );
		}
		if ( null === $page ) {
			$skip = null === $cursor ? $offset : $cursor->skip( $offset );
			$page = $limit > 0 ? array_slice( $find( $skip + $limit, $cursor ), $skip, $limit ) : array();
		}
		$rows = array();
		if ( $page ) {
			$ids   = array_map( static fn( array $m ): int => $m['response_id'], $page );
			$found = (array) $wpdb->get_results(
				$wpdb->prepare( // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the IN list holds its own placeholders, filled by the spread ids.
					'SELECT response_id, value, extra, submitted_at FROM %i WHERE response_id IN (' . implode( ', ', array_fill( 0, count( $ids ), '%d' ) ) . ') AND question_id = %d', // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- placeholders only.
					Schema::table( 'answers' ),
					...array_merge( $ids, array( $question_id ) )
				),
				ARRAY_A
			);
			$by_id = array_column( $found, null, 'response_id' );
			foreach ( $page as $match ) {
				$row = $by_id[ $match['response_id'] ] ?? null;
				if ( null !== $row ) {
					$rows[] = $row;
				}
			}
		}
		$last = end( $page );
		return array(
			'next_cursor' => false === $last ? null : PageCursor::encode( $offset + count( $page ) - 1, $last['submitted_at'], $last['response_id'] ),
			'items'       => self::items( $rows ),
			'total'       => $total,
			'capped'      => $capped,
		);
	}

	/**
	 * The items of an answers page, from its rows.
	 *
	 * @param array<int,array<string,mixed>> $rows Rows with response_id, value, extra and submitted_at.
	 * @return array<int,array{response_id:int,value:string|null,extra:string|null,submitted_at:string}>
	 */
	private static function items( array $rows ): array {
		return array_map(
			static fn( array $row ): array => array(
				'response_id'  => (int) $row['response_id'],
				'value'        => null === $row['value'] ? null : (string) $row['value'],
				'extra'        => null === $row['extra'] ? null : (string) $row['extra'],
				'submitted_at' => (string) $row['submitted_at'],
			),
			$rows
		);
	}
}
