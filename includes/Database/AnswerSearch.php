<?php
/**
 * Full-text search over a survey's text answers and comments: one place that turns what an admin typed
 * into SQL (the responses list's `text:<id>` / `text:any` conditions, the results' text-answer list and
 * NPS comments).
 *
 * Word semantics. The search is split on white space into at most MAX_TERMS terms; an answer matches
 * when it contains every term (AND), in any case, in its value (text, long-text and email questions) or
 * in its comment (extra.comments, any question). The exact test is TextSearch::contains() per term,
 * applied on both engines, so %, _, \, quotes and HTML are plain characters.
 *
 * Speed. On MariaDB/MySQL the answers table carries FULLTEXT KEY answer_text (value,extra) (Schema
 * version 10; InnoDB keeps it in step with every insert, update, trash/restore (status only) and delete,
 * so no other write path needs to know). When it exists, a MATCH ... AGAINST in BOOLEAN MODE narrows
 * the rows first: each word of each term that the index holds (at least innodb_ft_min_token_size
 * characters, 3 by default, not an InnoDB stopword, and without an underscore, which InnoDB keeps inside
 * one token) becomes a required prefix `+word*`; then the
 * exact test above confirms. Unless the search is common among the answers it searches (is_common():
 * PROBE_HITS of the first PROBE_ROWS of them match): then the exact test alone walks the survey's
 * (question's) answers, which finds common words quickly. So on MariaDB a term matches at the START of a word ("pric" finds "price",
 * "rice" does not find "price"), and words shorter than the minimum token size or stopwords only narrow
 * through the exact scan. A search with no indexable word at all ("ok", "to be") falls back to the exact
 * contains scan restricted to the survey (and question): correct, and as slow as before on a survey of a
 * million answers. SQLite: the WordPress SQLite integration translates MySQL SQL and has no MATCH
 * translation (it turns a FULLTEXT key into a plain B-tree index, which is why the key is MariaDB-only),
 * so SQLite always uses the contains scan (substring anywhere).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Database;

defined( 'ABSPATH' ) || exit;
// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- answers (and a survey's questions, the answers' index list, a server variable): a search must find the answers as written, so nothing here is cached across requests; what stays true for one request (whether the FULLTEXT index exists, innodb_ft_min_token_size, whether a search's words are common) is kept in static properties for that request.

final class AnswerSearch {

	/** Longest search, in characters (the REST routes refuse longer with a 400). */
	public const MAX_LENGTH = 100;

	/** Terms taken from one search (the rest are ignored). */
	public const MAX_TERMS = 10;

	/** Matches a search counts at most (the lists then say "1,000+"); its pages end there. */
	public const COUNT_CAP = 1000;

	/** Question types whose answer value is free text. */
	public const TEXT_TYPES = array( 'text', 'long-text', 'email' );

	/** Name of the MariaDB FULLTEXT index on answers (value, extra). */
	public const INDEX = 'answer_text';

	/** The key under which the visitor route stores a comment in answers.extra (JSON). */
	private const COMMENT_KEY = '"comments":"';

	/**
	 * InnoDB's default stopword list (INFORMATION_SCHEMA.INNODB_FT_DEFAULT_STOPWORD): a `+stopword*`
	 * would match nothing, so these words are left to the exact scan.
	 */
	private const STOPWORDS = array( 'a', 'about', 'an', 'are', 'as', 'at', 'be', 'by', 'com', 'de', 'en', 'for', 'from', 'how', 'i', 'in', 'is', 'it', 'la', 'of', 'on', 'or', 'that', 'the', 'this', 'to', 'was', 'what', 'when', 'where', 'who', 'will', 'with', 'und', 'www' );

	/** @var bool|null Whether the FULLTEXT index exists (per request). */
	private static ?bool $has_index = null;

	/** @var array<string,bool> is_common() per survey, question and search (per request). */
	private static array $common = array();

	/** Answers a search reads first to tell whether it is common among them (is_common()). */
	public const PROBE_ROWS = 1000;

	/** Matches among those (0.2%) that make a search common: it walks the answers by date instead of the index. */
	public const PROBE_HITS = 2;

	/** Responses a search of a whole survey (text:any) reads first to tell whether it is common. */
	public const PROBE_RESPONSES = 200;

	/** Time a search's bounded count gets (the results lists), in milliseconds. */
	public const COUNT_MS = 40;

	/**
	 * One value of a prepared SELECT that may take at most $ms milliseconds (MariaDB's
	 * max_statement_time, MySQL's MAX_EXECUTION_TIME hint); null when it ran out of time (or failed).
	 * SQLite has no such limit: the query runs to its end.
	 *
	 * @param string $sql A prepared SELECT (no user input left to escape).
	 */
	public static function bounded_var( string $sql, int $ms ): ?string {
		global $wpdb;
		/**
		 * Filters the time, in milliseconds, a search's count may take (COUNT_MS, and the lists' counts).
		 *
		 * @param int $ms The limit.
		 */
		$ms = max( 1, (int) apply_filters( 'userfeedback_search_time_limit_ms', $ms ) );
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

	/** @var int|null innodb_ft_min_token_size (per request). */
	private static ?int $min_token = null;

	/**
	 * SQL selecting the ids of the responses of $survey_id that have an answer matching $words: of
	 * question $question_id (its value or its comment), or for null any text answer or comment of the
	 * survey. For `r.id IN ( $sql )`. Statuses are not filtered: the caller filters the responses.
	 *
	 * @return array{0:string,1:array<int,int|string>} SQL with %d/%s/%i placeholders, and its arguments.
	 * @throws \InvalidArgumentException When $words is empty or longer than MAX_LENGTH.
	 */
	public static function response_ids_sql( int $survey_id, ?int $question_id, string $words ): array {
		list( $where, $args ) = self::where( $survey_id, $question_id, $words );
		return array( "SELECT DISTINCT response_id FROM %i WHERE $where", array_merge( array( Schema::table( 'answers' ) ), $args ) );
	}

	/**
	 * A condition on the responses table aliased $alias: the response has an answer matching $words (as
	 * response_ids_sql()). A search the FULLTEXT index narrows is read as that id list (few rows); any
	 * other (a common word, a word the index does not hold, SQLite) is tested per response, on its own
	 * answers (response_question: one seek for a question, the response's few answers for null), so a
	 * list walked by date finds a page after the rows it shows instead of reading every answer of the
	 * survey first.
	 *
	 * @param string $alias The responses table's alias (code, never input).
	 * @return array{0:string,1:array<int,int|string>} SQL with %d/%s/%i placeholders, and its arguments.
	 * @throws \InvalidArgumentException When $words is empty or longer than MAX_LENGTH.
	 */
	public static function response_condition_sql( string $alias, int $survey_id, ?int $question_id, string $words ): array {
		list( $where, $args ) = self::where( $survey_id, $question_id, $words );
		$args                 = array_merge( array( Schema::table( 'answers' ) ), $args );
		if ( self::narrows( $where ) ) {
			return array( "$alias.id IN (SELECT DISTINCT response_id FROM %i WHERE $where)", $args );
		}
		// The inner columns are the answers' own (they shadow the responses' survey_id).
		return array( "EXISTS (SELECT 1 FROM %i WHERE response_id = $alias.id AND $where)", $args );
	}

	/**
	 * Whether a WHERE of where() goes through the FULLTEXT index.
	 *
	 * @param string $where A WHERE clause where() gave.
	 */
	public static function narrows( string $where ): bool {
		return str_contains( $where, 'MATCH(' );
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

		$match = self::boolean_query( $terms );
		if ( '' !== $match && ! self::is_common( $survey_id, $question_id, $where, $args, $exact, $exact_args ) ) {
			$where .= ' AND MATCH(value, extra) AGAINST (%s IN BOOLEAN MODE)';
			$args[] = $match;
		}
		return array( $where . ' AND ' . $exact, array_merge( $args, $exact_args ) );
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
	 * The BOOLEAN MODE query that narrows the rows through the FULLTEXT index: `+word*` for every word
	 * of every term the index holds; '' when there is no index (SQLite, or not built) or no such word.
	 *
	 * @param string[] $terms Terms.
	 */
	public static function boolean_query( array $terms ): string {
		if ( ! self::has_index() ) {
			return '';
		}
		$min   = self::min_token_size();
		$words = array();
		foreach ( $terms as $term ) {
			// The InnoDB parser splits on anything but letters, digits and the underscore; the boolean
			// operators (+ - < > ( ) ~ * " @) never reach the query since they are split away here.
			foreach ( (array) preg_split( '/[^\p{L}\p{N}_]+/u', mb_strtolower( $term ), -1, PREG_SPLIT_NO_EMPTY ) as $word ) {
				$word = (string) $word;
				// A word with an underscore is one token to InnoDB ("snake_case"), so a part of it ("e_c")
				// would not match at its start: such words are left to the exact test, which finds them
				// anywhere, as SQLite does.
				if ( mb_strlen( $word ) < $min || in_array( $word, self::STOPWORDS, true ) || str_contains( $word, '_' ) ) {
					continue;
				}
				$words[ $word ] = '+' . $word . '*';
			}
		}
		return implode( ' ', $words );
	}

	/**
	 * Whether the answers table has the FULLTEXT index (never on SQLite).
	 */
	public static function has_index(): bool {
		if ( null === self::$has_index ) {
			global $wpdb;
			self::$has_index = false;
			if ( ! Transaction::is_sqlite() ) {
				$rows            = $wpdb->get_results( $wpdb->prepare( 'SHOW INDEX FROM %i WHERE Key_name = %s', Schema::table( 'answers' ), self::INDEX ), ARRAY_A );
				self::$has_index = ! empty( $rows );
			}
		}
		return self::$has_index;
	}

	/** Forgets what has_index() found (tests, after an index change). */
	public static function reset(): void {
		self::$has_index = null;
		self::$min_token = null;
		self::$common    = array();
	}

	/**
	 * Whether a search is common among what it searches: of a question, at least PROBE_HITS of its newest
	 * PROBE_ROWS completed answers (read on the survey_question index) pass the exact test; of the whole
	 * survey (text:any, a responses-list condition), the same share of its newest PROBE_RESPONSES
	 * completed responses (on survey_status_date) have an answer that does. The FULLTEXT index cannot be
	 * narrowed to one survey or sorted by date: every answer of the site it finds for the words is read,
	 * checked against the survey and the question, and sorted, which for a word of a few percent of a
	 * million answers takes most of a second (and InnoDB reads a word's whole list before any LIMIT or
	 * time limit applies: 0.75 s, or 130 ms cut by max_statement_time, for one common word on the bench
	 * site; 0.85 s for two). Walking by date and testing each row finds a page of a search in 0.2% of the
	 * rows after about 5,000 of them; so anything as common as that is walked, and only what the probe
	 * does not find (rare here, and likely rare on the site) goes through the index. The probe reads a
	 * bounded number of rows, whatever the index holds.
	 *
	 * @param string                $where      The answers' survey (and question) condition.
	 * @param array<int,int|string> $args       Its values.
	 * @param string                $exact      The exact test (exact()).
	 * @param array<int,int|string> $exact_args Its values.
	 */
	private static function is_common( int $survey_id, ?int $question_id, string $where, array $args, string $exact, array $exact_args ): bool {
		global $wpdb;
		$key = md5( (string) wp_json_encode( array( $where, $args, $exact, $exact_args ) ) );
		if ( ! isset( self::$common[ $key ] ) ) {
			/**
			 * Filters PROBE_HITS: how many of the PROBE_ROWS answers (or, for a whole survey, of
			 * PROBE_RESPONSES responses, in proportion) a search reads first must match for it to walk by
			 * date rather than look its words up in the FULLTEXT index.
			 *
			 * @param int $hits The threshold.
			 */
			$need = max( 1, (int) apply_filters( 'userfeedback_search_common_hits', self::PROBE_HITS ) );
			if ( null === $question_id ) {
				$need = max( 1, (int) ceil( $need * self::PROBE_RESPONSES / self::PROBE_ROWS ) );
				$hits = $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM ( SELECT id FROM %i WHERE survey_id = %d AND status = 'publish' ORDER BY submitted_at DESC LIMIT %d ) AS probe WHERE EXISTS ( SELECT 1 FROM %i WHERE response_id = probe.id AND $where AND $exact )", ...array_merge( array( Schema::table( 'responses' ), $survey_id, self::PROBE_RESPONSES, Schema::table( 'answers' ) ), $args, $exact_args ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the survey condition and the exact test, placeholders only, filled by the spread values.
			} else {
				$hits = $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM ( SELECT value, extra, question_id FROM %i WHERE $where AND status = 'publish' ORDER BY submitted_at DESC LIMIT %d ) AS probe WHERE $exact", Schema::table( 'answers' ), ...array_merge( $args, array( self::PROBE_ROWS ), $exact_args ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- the survey and question condition and the exact test, placeholders only.
			}
			self::$common[ $key ] = (int) $hits >= $need;
		}
		return self::$common[ $key ];
	}

	/**
	 * The server's innodb_ft_min_token_size (3 unless configured).
	 */
	private static function min_token_size(): int {
		if ( null === self::$min_token ) {
			global $wpdb;
			$size            = $wpdb->get_var( 'SELECT @@innodb_ft_min_token_size' );
			self::$min_token = is_numeric( $size ) && (int) $size > 0 ? (int) $size : 3;
		}
		return self::$min_token;
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
