<?php
/**
 * A search through the search table (AnswerTerms): what AnswerSearch does once the table is filled,
 * the same on MariaDB and on SQLite.
 *
 * Meaning. Each term of the search (AnswerSearch::terms()) is split into words as the table splits the
 * answers (AnswerTerms::words()); an answer matches when each of those words starts a word of the
 * answer (case and accents aside: "pric" finds "Price", "creme" finds "Crème"; "rice" does not find
 * "price"), and, for a term that is more than one plain word ("check-out", "50%", "it's"), when the
 * answer also contains the term as typed (AnswerSearch::exact_sql()), as the answers' exact scan would
 * find it. A term without any letter or digit ("%", "!") has nothing to look up and is the exact test
 * alone; a search of such terms only is the answers' exact scan (plan() answers null).
 *
 * Speed. The words of one question's answers of one status are one range of the table's primary key
 * per word, in date order: a page of a question's answers (the results' text-answer list, NPS comments)
 * walks the range of one word, the one with the fewest answers, newest first, testing the others on
 * the same answer (response_term), and skips at most the page's offset, which a search's cap
 * (AnswerSearch::COUNT_CAP) bounds; a word that starts several indexed words walks each of their
 * ranges (at most MAX_EXPANSIONS) and merges them. Only a start shared by more words than that (one or
 * two letters) is read whole and sorted.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Database;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the search table: a search must see the answers as they are now.

final class TermSearch {

	/** Indexed words a word of a search may start before its range is read whole and sorted. */
	public const MAX_EXPANSIONS = 16;

	/** Answers of a word (in a survey, or one question) below which a responses-list condition is an id list. */
	public const RARE = 5000;

	/**
	 * What a search looks up: per term its words and, when the words alone do not say it, the term to
	 * confirm with the exact test. Null when the table cannot answer it: it is not filled yet, or a term
	 * has no word.
	 *
	 * @return array<int,array{words:string[],confirm:?string}>|null
	 * @throws \InvalidArgumentException As AnswerSearch::terms().
	 */
	public static function plan( string $search ): ?array {
		$terms = AnswerSearch::terms( $search );
		if ( ! AnswerTerms::ready() ) {
			return null;
		}
		$plan = array();
		foreach ( $terms as $term ) {
			$words  = AnswerTerms::words( $term );
			$plain  = 1 === count( $words ) && mb_strlen( $term ) <= AnswerTerms::WORD_CHARS && ! preg_match( '/[^\p{L}\p{N}\p{M}]/u', $term );
			$plan[] = array(
				'words'   => $words,
				'confirm' => $plain ? null : $term,
			);
		}
		return array() === self::words_of( $plan ) ? null : $plan;
	}

	/**
	 * Every word of a plan, each once.
	 *
	 * @param array<int,array{words:string[],confirm:?string}> $plan A plan.
	 * @return string[]
	 */
	private static function words_of( array $plan ): array {
		return array_values( array_unique( array_merge( ...array_map( static fn( array $t ): array => $t['words'], $plan ) ) ) );
	}

	/**
	 * The conditions on a row `$t` of the table that the rest of a plan holds for the same answer: each
	 * other word starts a word of it (of the same field when $field is given), and the exact test of
	 * each term that needs one.
	 *
	 * @param array<int,array{words:string[],confirm:?string}> $plan   A plan.
	 * @param string                                            $driver The word the rows are walked by.
	 * @param string                                            $t      The row's alias (code).
	 * @param string                                            $scope  'value', 'comment' or 'both' (AnswerSearch::exact_sql()).
	 * @return array{0:string,1:array<int,int|string>}
	 */
	private static function others_sql( int $survey_id, ?int $question_id, array $plan, string $driver, string $t, ?int $field, string $scope ): array {
		$table = Schema::table( AnswerTerms::TABLE );
		$sql   = array();
		$args  = array();
		foreach ( self::words_of( $plan ) as $word ) {
			if ( $word === $driver ) {
				continue;
			}
			$words = null === $field || null === $question_id ? array() : self::expansions( $survey_id, $question_id, $field, 'publish', $word, self::MAX_EXPANSIONS );
			if ( array() === $words ) {
				// No answer of the question holds it (a page then has nothing), or the rows of any field
				// and status: the response's own rows, by response_term.
				$sql[] = "EXISTS (SELECT 1 FROM %i o WHERE o.response_id = $t.response_id AND o.question_id = $t.question_id AND o.term >= %s AND o.term < %s" . ( null === $field ? '' : ' AND o.field = %d' ) . ')';
				array_push( $args, $table, $word, AnswerTerms::upper( $word ) );
				if ( null !== $field ) {
					$args[] = $field;
				}
			} elseif ( count( $words ) <= self::MAX_EXPANSIONS ) {
				// The same answer's row of each word the start begins: a lookup of the whole primary key.
				$sql[] = "EXISTS (SELECT 1 FROM %i o WHERE o.survey_id = $t.survey_id AND o.question_id = $t.question_id AND o.field = $t.field AND o.status = $t.status AND " . self::in( 'o.term', $words, '%s' ) . " AND o.submitted_at = $t.submitted_at AND o.response_id = $t.response_id)";
				array_push( $args, $table, ...$words );
			} else {
				$sql[] = "EXISTS (SELECT 1 FROM %i o WHERE o.response_id = $t.response_id AND o.question_id = $t.question_id AND o.term >= %s AND o.term < %s AND o.field = %d)";
				array_push( $args, $table, $word, AnswerTerms::upper( $word ), $field );
			}
		}
		$confirm = array_values( array_filter( array_map( static fn( array $t ): ?string => $t['confirm'], $plan ) ) );
		if ( $confirm ) {
			[ $exact, $exact_args ] = AnswerSearch::exact_sql( $survey_id, $question_id, $confirm, $scope );
			$sql[]                  = "EXISTS (SELECT 1 FROM %i WHERE response_id = $t.response_id AND question_id = $t.question_id AND $exact)";
			array_push( $args, Schema::table( 'answers' ), ...$exact_args );
		}
		return array( implode( ' AND ', $sql ), $args );
	}

	/**
	 * How many rows of the table hold a word's start, counted to at most $cap: in one question's
	 * answers of one field and status, or (null question) in the survey's answers of any status.
	 *
	 * @param int[] $questions The questions (one, or the survey's).
	 * @param int[] $fields    The fields.
	 * @param string[] $statuses The statuses.
	 */
	private static function frequency( int $survey_id, array $questions, array $fields, array $statuses, string $word, int $cap ): int {
		global $wpdb;
		return (int) $wpdb->get_var(
			$wpdb->prepare( // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the IN lists hold their own placeholders, filled by the spread values.
				'SELECT COUNT(*) FROM (SELECT 1 FROM %i WHERE survey_id = %d AND ' . self::in( 'question_id', $questions, '%d' ) . ' AND ' . self::in( 'field', $fields, '%d' ) . ' AND ' . self::in( 'status', $statuses, '%s' ) . ' AND term >= %s AND term < %s LIMIT %d) AS c', // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- placeholders only.
				...array_merge( array( Schema::table( AnswerTerms::TABLE ), $survey_id ), $questions, $fields, $statuses, array( $word, AnswerTerms::upper( $word ), $cap ) )
			)
		);
	}

	/**
	 * A column's equality or IN list of placeholders.
	 *
	 * @param array<int,int|string> $values At least one value.
	 */
	private static function in( string $column, array $values, string $placeholder ): string {
		return 1 === count( $values ) ? "$column = $placeholder" : "$column IN (" . implode( ', ', array_fill( 0, count( $values ), $placeholder ) ) . ')';
	}

	/**
	 * The word of a plan whose range is the shortest: the search walks it and tests the others.
	 *
	 * @param array<int,array{words:string[],confirm:?string}> $plan A plan.
	 * @param int[]                                             $questions As frequency().
	 * @param int[]                                             $fields    As frequency().
	 * @param string[]                                          $statuses  As frequency().
	 * @return array{0:string,1:int} The word and its frequency (at most $cap + 1).
	 */
	private static function driver( int $survey_id, array $questions, array $fields, array $statuses, array $plan, int $cap ): array {
		$best = array( '', PHP_INT_MAX );
		foreach ( self::words_of( $plan ) as $word ) {
			$count = self::frequency( $survey_id, $questions, $fields, $statuses, $word, $cap + 1 );
			// Equally frequent: the longer word (fewer indexed words start with it).
			if ( $count < $best[1] || ( $count === $best[1] && mb_strlen( $word ) > mb_strlen( $best[0] ) ) ) {
				$best = array( $word, $count );
			}
		}
		return $best;
	}

	/**
	 * The indexed words of one question's answers of a field and status that start with $word, in byte
	 * order, at most $max + 1 (one more says there are more): one index seek each.
	 *
	 * @return string[]
	 */
	private static function expansions( int $survey_id, int $question_id, int $field, string $status, string $word, int $max ): array {
		global $wpdb;
		$found = array();
		$from  = $word;
		$op    = '>=';
		$upper = AnswerTerms::upper( $word );
		for ( $n = 0; $n <= $max; $n++ ) {
			$next = $wpdb->get_var(
				$wpdb->prepare( "SELECT term FROM %i WHERE survey_id = %d AND question_id = %d AND field = %d AND status = %s AND term $op %s AND term < %s ORDER BY term LIMIT 1", Schema::table( AnswerTerms::TABLE ), $survey_id, $question_id, $field, $status, $from, $upper ) // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $op is >= or >.
			);
			if ( null === $next ) {
				break;
			}
			$found[] = (string) $next;
			$from    = (string) $next;
			$op      = '>';
		}
		return $found;
	}

	/**
	 * The reader of one question's answers (published, submitted in [$start, $end)) that match a plan:
	 * a function of $n and a cursor giving the first $n matches, newest first, after the cursor when one
	 * is given, each as submitted_at and response_id. The rarest word, the words each start begins and
	 * the tests of the others are looked up once, when the reader is made, however often it reads.
	 *
	 * @param array<int,array{words:string[],confirm:?string}> $plan  A plan (plan()).
	 * @param string                                            $scope 'value' or 'comment'.
	 * @return \Closure(int,?PageCursor):array<int,array{submitted_at:string,response_id:int}>
	 */
	public static function matcher( int $survey_id, int $question_id, string $scope, string $start, string $end, array $plan ): \Closure {
		$field              = 'comment' === $scope ? AnswerTerms::FIELD_COMMENT : AnswerTerms::FIELD_VALUE;
		[ $driver, $count ] = self::driver( $survey_id, array( $question_id ), array( $field ), array( 'publish' ), $plan, AnswerSearch::COUNT_CAP );
		if ( 0 === $count ) {
			return static fn(): array => array();
		}
		[ $others, $other_args ] = self::others_sql( $survey_id, $question_id, $plan, $driver, 't', $field, $scope );
		$words                   = self::expansions( $survey_id, $question_id, $field, 'publish', $driver, self::MAX_EXPANSIONS );
		$select                  = 'FROM %i t WHERE t.survey_id = %d AND t.question_id = %d AND t.field = %d AND t.status = %s AND ';
		$select_args             = array( Schema::table( AnswerTerms::TABLE ), $survey_id, $question_id, $field, 'publish' );
		// Too many words start so: their whole range, sorted (an answer holding two of them once);
		// else one range per word, each in date order, merged below.
		$ranges = count( $words ) > self::MAX_EXPANSIONS
			? array( array( 'SELECT DISTINCT t.submitted_at, t.response_id ' . $select . 't.term >= %s AND t.term < %s', array( $driver, AnswerTerms::upper( $driver ) ) ) )
			: array_map( static fn( string $word ): array => array( 'SELECT t.submitted_at, t.response_id ' . $select . 't.term = %s', array( $word ) ), $words );
		$rest   = ' AND t.submitted_at >= %s AND t.submitted_at < %s' . ( '' === $others ? '' : ' AND ' . $others );

		return static function ( int $n, ?PageCursor $cursor ) use ( $ranges, $select_args, $rest, $other_args, $start, $end ): array {
			global $wpdb;
			if ( $n < 1 ) {
				return array();
			}
			$after      = '';
			$after_args = array();
			if ( null !== $cursor ) {
				[ $after, $after_args ] = $cursor->after_sql( 't.submitted_at', 't.response_id', true );
				$after                  = ' AND ' . $after;
			}
			$unique = array();
			foreach ( $ranges as [ $sql, $range_args ] ) {
				$rows = (array) $wpdb->get_results(
					$wpdb->prepare( "$sql$rest$after ORDER BY t.submitted_at DESC, t.response_id DESC LIMIT %d", ...array_merge( $select_args, $range_args, array( $start, $end ), $other_args, $after_args, array( $n ) ) ), // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- $sql, $rest and $after hold placeholders only, filled by the spread values.
					ARRAY_A
				);
				foreach ( $rows as $row ) {
					$unique[ (int) $row['response_id'] ] = array(
						'submitted_at' => (string) $row['submitted_at'],
						'response_id'  => (int) $row['response_id'],
					);
				}
			}
			$unique = array_values( $unique );
			usort( $unique, static fn( array $a, array $b ): int => array( $b['submitted_at'], $b['response_id'] ) <=> array( $a['submitted_at'], $a['response_id'] ) );
			return array_slice( $unique, 0, $n );
		};
	}

	/**
	 * A condition on the responses table aliased $alias: the response has an answer matching the plan,
	 * of question $question_id (its value or its comment), or for null of any question of the survey.
	 * A plan whose rarest word is rare in the survey is read as the id list of its answers; otherwise
	 * each response is tested on its own rows (response_term), so a list walked by date finds a page
	 * after the rows it shows.
	 *
	 * @param string                                            $alias The responses table's alias (code, never input).
	 * @param array<int,array{words:string[],confirm:?string}> $plan  A plan (plan()).
	 * @return array{0:string,1:array<int,int|string>} SQL with %d/%s/%i placeholders, and its arguments.
	 */
	public static function response_condition_sql( string $alias, int $survey_id, ?int $question_id, array $plan ): array {
		$questions = null === $question_id ? array_keys( Rollups::types( $survey_id ) ) : array( $question_id );
		if ( array() === $questions ) {
			return array( '1 = 0', array() );
		}
		$fields   = array( AnswerTerms::FIELD_VALUE, AnswerTerms::FIELD_COMMENT );
		$statuses = Schema::RESPONSE_STATUSES;
		/**
		 * Filters RARE: the answers of a search's rarest word in a survey (or question) up to which a
		 * responses-list condition is the id list of its answers rather than a test of each response.
		 *
		 * @param int $rare The threshold.
		 */
		$rare                    = min( PHP_INT_MAX - 1, max( 0, (int) apply_filters( 'userfeedback_search_id_list_max', self::RARE ) ) );
		[ $driver, $count ]      = self::driver( $survey_id, $questions, $fields, $statuses, $plan, $rare );
		[ $others, $other_args ] = self::others_sql( $survey_id, $question_id, $plan, $driver, 't', null, 'both' );
		$rest                    = '' === $others ? '' : ' AND ' . $others;
		$table                   = Schema::table( AnswerTerms::TABLE );
		if ( $count <= $rare ) {
			return array(
				"$alias.id IN (SELECT t.response_id FROM %i t WHERE t.survey_id = %d AND " . self::in( 't.question_id', $questions, '%d' ) . ' AND t.field IN (%d, %d) AND ' . self::in( 't.status', $statuses, '%s' ) . " AND t.term >= %s AND t.term < %s$rest)",
				array_merge( array( $table, $survey_id ), $questions, $fields, $statuses, array( $driver, AnswerTerms::upper( $driver ) ), $other_args ),
			);
		}
		$question = null === $question_id ? '' : ' AND t.question_id = %d';
		return array(
			"EXISTS (SELECT 1 FROM %i t WHERE t.response_id = $alias.id$question AND t.term >= %s AND t.term < %s$rest)",
			array_merge( array( $table ), null === $question_id ? array() : array( $question_id ), array( $driver, AnswerTerms::upper( $driver ) ), $other_args ),
		);
	}
}
