<?php
/**
 * Full-text search over a survey's text answers and comments: one place that turns what an admin typed
 * into SQL (the responses list's `text:<id>` / `text:any` conditions, the results' text-answer list and
 * NPS comments).
 *
 * Meaning. The search is split on white space into at most MAX_TERMS terms; an answer matches when
 * each term is in it (AND), in its value (text, long-text and email questions) or in its comment
 * (extra.comments, any question): each word of the term starts a word of the answer, in any case and
 * accents aside, and a term of more than one plain word ("50%", "check-out") is also contained as typed
 * (the exact test, TextSearch::contains(), where %, _, \, quotes and HTML are plain characters).
 *
 * Speed. The search table (AnswerTerms, Schema version 13) holds every word of every text answer and
 * comment; TermSearch reads a search through it on both engines: a page of one question's answers is a
 * walk of one word's range in date order, whichever page is asked for. This class keeps the terms'
 * parsing, the exact test, the bounded count, and the answers' exact scan, which answers a search
 * while an older site's table is still being filled (AnswerTerms::ready()) or when no term has a
 * letter or a digit: the survey's (question's) answers walked by date, each tested, so substring
 * anywhere. (Versions 10 to 12 narrowed that scan with a FULLTEXT key on MariaDB; version 13 drops it:
 * the table answers every search it could.)
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Database;

defined( 'ABSPATH' ) || exit;
// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- answers (and a survey's questions): a search must find the answers as written, so nothing here is cached.

final class AnswerSearch {

	/** Longest search, in characters (the REST routes refuse longer with a 400). */
	public const MAX_LENGTH = 100;

	/** Terms taken from one search (the rest are ignored). */
	public const MAX_TERMS = 10;

	/** Matches a search counts at most (the lists then say "1,000+"); its pages end there. */
	public const COUNT_CAP = 1000;

	/** Question types whose answer value is free text. */
	public const TEXT_TYPES = array( 'text', 'long-text', 'email' );


	/** The key under which the visitor route stores a comment in answers.extra (JSON). */
	private const COMMENT_KEY = '"comments":"';







	/** Time a search's bounded count gets (the results lists), in milliseconds. */
	public const COUNT_MS = 40;

	/**
	 * The time a count may take, in milliseconds: $ms (COUNT_MS, or the responses list's) as the site
	 * filters it.
	 */
	public static function time_limit_ms( int $ms ): int {
		/**
		 * Filters the time, in milliseconds, a search's count may take (COUNT_MS, and the lists' counts).
		 *
		 * @param int $ms The limit.
		 */
		return max( 1, (int) apply_filters( 'userfeedback_search_time_limit_ms', $ms ) );
	}

	/**
	 * One value of a prepared SELECT that may take at most $ms milliseconds (MariaDB's
	 * max_statement_time, MySQL's MAX_EXECUTION_TIME hint); null when it ran out of time (or failed).
	 * SQLite has no such limit: the query runs to its end.
	 *
	 * @param string $sql A prepared SELECT (no user input left to escape).
	 * @param int    $ms  The limit, as time_limit_ms() gives it (or what is left of it).
	 */
	public static function bounded_var( string $sql, int $ms ): ?string {
		global $wpdb;
		$ms = max( 1, $ms );
		if ( Transaction::is_sqlite() ) {
			$value = $wpdb->get_var( $sql ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- prepared by the caller.
			return null === $value ? null : (string) $value;
		}
		$bounded = str_contains( (string) $wpdb->db_server_info(), 'MariaDB' )
			? sprintf( 'SET STATEMENT max_statement_time=%s FOR %s', number_format( $ms / 1000, 3, '.', '' ), $sql )
			: (string) preg_replace( '/^\s*SELECT/i', sprintf( 'SELECT /*+ MAX_EXECUTION_TIME(%d) */', $ms ), $sql, 1 );
		$quiet   = $wpdb->suppress_errors( true );
		$value   = $wpdb->get_var( $bounded ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- prepared by the caller.
		$failed  = '' !== $wpdb->last_error;
		$wpdb->suppress_errors( $quiet );
		return $failed || null === $value ? null : (string) $value;
	}


	/**
	 * SQL selecting the ids of the responses of $survey_id that have an answer matching $words: of
	 * question $question_id (its value or its comment), or for null any text answer or comment of the
	 * survey. For `r.id IN ( $sql )`. Statuses are not filtered: the caller filters the responses.
	 *
	 * @return array{0:string,1:array<int,int|string>} SQL with %d/%s/%i placeholders, and its arguments.
	 * @throws \InvalidArgumentException When $words is empty or longer than MAX_LENGTH.
	 */
	public static function response_ids_sql( int $survey_id, ?int $question_id, string $words ): array {
		$plan = TermSearch::plan( $words );
		if ( null !== $plan ) {
			[ $condition, $args ] = TermSearch::response_condition_sql( 'r', $survey_id, $question_id, $plan );
			return array( "SELECT r.id FROM %i r WHERE r.survey_id = %d AND $condition", array_merge( array( Schema::table( 'responses' ), $survey_id ), $args ) );
		}
		list( $where, $args ) = self::where( $survey_id, $question_id, $words );
		return array( "SELECT DISTINCT response_id FROM %i WHERE $where", array_merge( array( Schema::table( 'answers' ) ), $args ) );
	}

	/**
	 * A condition on the responses table aliased $alias: the response has an answer matching $words (as
	 * response_ids_sql()): through the search table (TermSearch) once it is filled; until then each
	 * response is tested on its own answers (response_question: one seek for a question, the response's
	 * few answers for null), so a list walked by date finds a page after the rows it shows.
	 *
	 * @param string $alias The responses table's alias (code, never input).
	 * @return array{0:string,1:array<int,int|string>} SQL with %d/%s/%i placeholders, and its arguments.
	 * @throws \InvalidArgumentException When $words is empty or longer than MAX_LENGTH.
	 */
	public static function response_condition_sql( string $alias, int $survey_id, ?int $question_id, string $words ): array {
		$plan = TermSearch::plan( $words );
		if ( null !== $plan ) {
			return TermSearch::response_condition_sql( $alias, $survey_id, $question_id, $plan );
		}
		list( $where, $args ) = self::where( $survey_id, $question_id, $words );
		$args                 = array_merge( array( Schema::table( 'answers' ) ), $args );
		// The inner columns are the answers' own (they shadow the responses' survey_id).
		return array( "EXISTS (SELECT 1 FROM %i WHERE response_id = $alias.id AND $where)", $args );
	}

	/**
	 * The WHERE clause (on the answers table, unaliased) of the answers of a survey (and question)
	 * that match $words, with its arguments. $question_id null: text answers' values and any comment.
	 * $scope 'value' or 'comment' restricts the match to the value or to the comment only (the
	 * results' text-answer list and comments list).
	 *
	 * @return array{0:string,1:array<int,int|string>}
	 * @throws \InvalidArgumentException When $words is empty or longer than MAX_LENGTH.
	 */
	public static function where( int $survey_id, ?int $question_id, string $words, string $scope = 'both' ): array {
		$terms = self::terms( $words );
		$where = 'survey_id = %d';
		$args  = array( $survey_id );
		if ( null !== $question_id ) {
			$where .= ' AND question_id = %d';
			$args[] = $question_id;
		}
		[ $exact, $exact_args ] = self::exact( $survey_id, $question_id, $terms, $scope );
		return array( $where . ' AND ' . $exact, array_merge( $args, $exact_args ) );
	}

	/**
	 * The exact test of terms (each contained as typed, in any case) on the answers table, unaliased:
	 * what TermSearch confirms a term of more than one plain word with.
	 *
	 * @param string[] $terms Terms (AnswerSearch::terms()).
	 * @param string   $scope 'value', 'comment' or 'both'.
	 * @return array{0:string,1:array<int,int|string>}
	 */
	public static function exact_sql( int $survey_id, ?int $question_id, array $terms, string $scope ): array {
		return self::exact( $survey_id, $question_id, $terms, $scope );
	}

	/**
	 * The exact test, per term: in the value (of a text question when no question is named) or in the
	 * comment. The comment is sought after its key in the JSON the visitor route stores (unescaped
	 * unicode and slashes), so the term is JSON-encoded the same way.
	 *
	 * @param string[] $terms The search's terms.
	 * @return array{0:string,1:array<int,int|string>}
	 */
	private static function exact( int $survey_id, ?int $question_id, array $terms, string $scope ): array {
		$value_ok   = 'comment' !== $scope;
		$value_on   = 'value IS NOT NULL';
		$value_args = array();
		if ( $value_ok && null === $question_id && 'comment' !== $scope ) {
			$text = self::text_question_ids( $survey_id );
			if ( array() === $text ) {
				$value_ok = false;
			} else {
				$value_on  .= ' AND question_id IN (' . implode( ', ', array_fill( 0, count( $text ), '%d' ) ) . ')';
				$value_args = $text;
			}
		}
		$comment_ok = 'value' !== $scope;
		$comment    = 'SUBSTR(extra, INSTR(extra, %s) + %d)';
		$parts      = array();
		$args       = array();
		foreach ( $terms as $term ) {
			$either = array();
			if ( $value_ok ) {
				$either[] = '(' . $value_on . ' AND ' . TextSearch::contains( 'value' ) . ')';
				array_push( $args, ...$value_args );
				$args[] = $term;
			}
			if ( $comment_ok ) {
				$either[] = '(extra LIKE %s AND ' . TextSearch::contains( $comment ) . ')';
				array_push( $args, '%' . self::COMMENT_KEY . '%', self::COMMENT_KEY, strlen( self::COMMENT_KEY ), substr( (string) wp_json_encode( $term, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES ), 1, -1 ) );
			}
			$parts[] = array() === $either ? '1 = 0' : '(' . implode( ' OR ', $either ) . ')';
		}
		return array( implode( ' AND ', $parts ), $args );
	}

	/**
	 * The terms of a search: split on white space, repeats removed, at most MAX_TERMS.
	 *
	 * @return string[]
	 * @throws \InvalidArgumentException When $words is empty or longer than MAX_LENGTH.
	 */
	public static function terms( string $words ): array {
		if ( mb_strlen( $words ) > self::MAX_LENGTH ) {
			throw new \InvalidArgumentException(
				/* translators: %d: the longest search, in characters. */
				sprintf( esc_html__( 'The search can be at most %d characters long.', 'userfeedback' ), (int) self::MAX_LENGTH )
			);
		}
		$terms = preg_split( '/\s+/u', trim( $words ), -1, PREG_SPLIT_NO_EMPTY );
		$terms = is_array( $terms ) ? $terms : array();
		$seen  = array();
		foreach ( $terms as $term ) {
			$seen[ mb_strtolower( $term ) ] = $term;
		}
		$terms = array_slice( array_values( $seen ), 0, self::MAX_TERMS );
		if ( array() === $terms ) {
			throw new \InvalidArgumentException( esc_html__( 'Type something to search for.', 'userfeedback' ) );
		}
		return $terms;
	}

	/**
	 * The words to mark in a shown answer: the search's terms, longest first (so that a longer term
	 * wins where two overlap).
	 *
	 * @return string[]
	 */
	public static function highlight_terms( string $words ): array {
		try {
			$terms = self::terms( $words );
		} catch ( \InvalidArgumentException $e ) {
			return array();
		}
		usort( $terms, static fn( string $a, string $b ): int => mb_strlen( $b ) <=> mb_strlen( $a ) );
		return $terms;
	}

	/**
	 * Ids of the survey's questions whose value is free text (of the current questions; an archived
	 * question of a text type is kept by its type in the stored survey).
	 *
	 * @return int[]
	 */
	private static function text_question_ids( int $survey_id ): array {
		global $wpdb;
		$json      = $wpdb->get_var( $wpdb->prepare( 'SELECT questions FROM %i WHERE id = %d', Schema::table( 'surveys' ), $survey_id ) );
		$questions = is_string( $json ) ? json_decode( $json, true ) : null;
		$ids       = array();
		foreach ( is_array( $questions ) ? $questions : array() as $question ) {
			if ( is_array( $question ) && in_array( $question['type'] ?? '', self::TEXT_TYPES, true ) && isset( $question['id'] ) ) {
				$ids[] = (int) $question['id'];
			}
		}
		return $ids;
	}
}
