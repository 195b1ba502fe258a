<?php
/**
 * The search table (Schema version 13, issue 19): every word of every text answer and comment, one row
 * each, kept in the writers' transactions like the rollups, so that a search is a walk of one index
 * range in date order on both engines, whichever page is asked for.
 *
 * A row is (survey, question, field, status, term, submitted_at, response): field 0 the value of a
 * question of a text type (AnswerSearch::TEXT_TYPES), 1 the comment any question carries (extra.comments).
 * The primary key is in that order, so the answers of one question holding one word, of one status,
 * are one range sorted by date; the response_term key serves the writers (by response) and the test of
 * a search's other words on the same answer.
 *
 * Words (words()): lower-cased, accents removed, split on anything that is not a letter, a digit or a
 * combining mark, at most WORD_CHARS characters kept of each (a longer word is found by its first
 * WORD_CHARS and then confirmed by the exact test), each word once per answer and field.
 *
 * Writers: ResponseRepository (a visitor's writes: a new response, a later write of a partial one, its
 * completion), AdminResponseRepository (trash, restore, delete, so retention and the privacy eraser
 * too) and SurveyRepository (a survey's deletion). An older site fills the table in the background
 * (fill(), the upgrade step of version 13 and then FILL_HOOK): searches use it once that is done
 * (ready()), and the exact scan of the answers until then.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Database;

use UserFeedback\ExceptionText;
use UserFeedback\Log;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the plugin's own search table, written in the writers' transactions and read by the searches; a cached answer would show a search that no longer holds.

final class AnswerTerms {

	/** The schema version that added the table (its upgrade step starts the fill). */
	public const SINCE = 13;

	/** Short name of the table (Schema::TABLES). */
	public const TABLE = 'answer_terms';

	/** Characters kept of a word: a longer word is stored and sought by its start. */
	public const WORD_CHARS = 32;

	/** The field of a row: the answer's value (a text question). */
	public const FIELD_VALUE = 0;

	/** The field of a row: the comment of an answer (extra.comments). */
	public const FIELD_COMMENT = 1;

	/** Option holding the fill's progress (the last answer id done) while an older site's table is filled. */
	public const FILL_OPTION = 'userfeedback_terms_fill';

	/** The scheduled event that goes on filling the table where the upgrade step left off. */
	public const FILL_HOOK = 'userfeedback_fill_terms';

	/** Answers read per batch of the fill. */
	private const FILL_BATCH = 2000;

	/** Seconds the upgrade step fills before it leaves the rest to FILL_HOOK. */
	private const STEP_SECONDS = 10;

	/** Rows per INSERT statement. */
	private const INSERT_ROWS = 500;

	public function register(): void {
		add_action( self::FILL_HOOK, array( $this, 'fill_on_schedule' ) );
	}

	/**
	 * Whether the table holds every answer's words (always on a site installed at version 13 or later;
	 * on an older one once the fill has reached the end).
	 */
	public static function ready(): bool {
		return self::written() && false === get_option( self::FILL_OPTION, false );
	}

	/**
	 * The words of a text, as the table holds them: lower-cased, without accents, each once, in order of
	 * first appearance, each cut to WORD_CHARS characters.
	 *
	 * @return string[]
	 */
	public static function words( string $text ): array {
		$text  = remove_accents( mb_strtolower( mb_scrub( $text, 'UTF-8' ), 'UTF-8' ) );
		$parts = preg_split( '/[^\p{L}\p{N}\p{M}]+/u', $text, -1, PREG_SPLIT_NO_EMPTY );
		$words = array();
		foreach ( is_array( $parts ) ? $parts : array() as $word ) {
			$words[ mb_substr( (string) $word, 0, self::WORD_CHARS, 'UTF-8' ) ] = true;
		}
		return array_map( 'strval', array_keys( $words ) );
	}

	/**
	 * The end (exclusive) of the range of words that start with $word: its last character raised by one,
	 * so that `term >= $word AND term < upper($word)` is every word with that start, in the byte order of
	 * the binary column (UTF-8 keeps the order of the characters).
	 */
	public static function upper( string $word ): string {
		$chars = mb_str_split( $word, 1, 'UTF-8' );
		$last  = mb_ord( (string) array_pop( $chars ), 'UTF-8' );
		$next  = 0xD7FF === $last ? 0xE000 : $last + 1;
		return implode( '', $chars ) . ( $next > 0x10FFFF ? "\u{10FFFF}\u{10FFFF}" : (string) mb_chr( $next, 'UTF-8' ) );
	}

	/**
	 * The table's rows for answers: their words, field by field.
	 *
	 * @param int                                                                  $response_id The response.
	 * @param int                                                                  $survey_id   Its survey.
	 * @param string                                                               $status      The answers' status.
	 * @param string                                                               $at          The answers' submitted_at (UTC).
	 * @param array<int,array{question_id:int,value:mixed,extra:mixed}>            $answers     Answers as written (value: string, number, list or null; extra: array, JSON or null).
	 * @param array<int,string>                                                    $types       Question id => type.
	 * @return array<int,array{0:int,1:int,2:int,3:string,4:string,5:string,6:int}> survey, question, field, status, term, submitted_at, response.
	 */
	public static function rows( int $response_id, int $survey_id, string $status, string $at, array $answers, array $types ): array {
		$rows = array();
		foreach ( $answers as $answer ) {
			$question_id = (int) $answer['question_id'];
			$texts       = array();
			if ( in_array( $types[ $question_id ] ?? '', AnswerSearch::TEXT_TYPES, true ) && is_scalar( $answer['value'] ) ) {
				$texts[ self::FIELD_VALUE ] = (string) $answer['value'];
			}
			$extra = $answer['extra'];
			if ( is_string( $extra ) ) {
				$extra = json_decode( $extra, true );
			}
			if ( is_array( $extra ) && isset( $extra['comments'] ) && is_string( $extra['comments'] ) ) {
				$texts[ self::FIELD_COMMENT ] = $extra['comments'];
			}
			foreach ( $texts as $field => $text ) {
				foreach ( self::words( $text ) as $word ) {
					$rows[] = array( $survey_id, $question_id, $field, $status, $word, $at, $response_id );
				}
			}
		}
		return $rows;
	}

	/**
	 * A visitor's write: the words of the answers it wrote replace those the response held for the same
	 * questions (all of them when $all: a completion keeps only the answers it carries). In the
	 * caller's transaction.
	 *
	 * @param array<int,array{question_id:int,value:mixed,extra:mixed}> $answers The answers written.
	 * @param array<int,string>                                       $types   Question id => type.
	 * @param bool                                                    $fresh   A new response: nothing to replace.
	 * @param bool                                                    $all     Replace every word of the response.
	 * @throws \RuntimeException When a statement fails.
	 */
	public static function write( int $response_id, int $survey_id, string $status, string $at, array $answers, array $types, bool $fresh, bool $all = false ): void {
		if ( ! self::written() ) {
			return;
		}
		if ( ! $fresh ) {
			$questions = $all ? array() : array_map( static fn( array $a ): int => (int) $a['question_id'], $answers );
			if ( $all || $questions ) {
				self::delete_of( $response_id, $questions );
			}
		}
		self::insert( self::rows( $response_id, $survey_id, $status, $at, $answers, $types ), false );
	}

	/**
	 * Whether writers keep the table (its migration has run: version 13).
	 */
	private static function written(): bool {
		return (int) get_option( Migrator::VERSION_OPTION, 0 ) >= self::SINCE;
	}

	/**
	 * Removes a response's words: of those questions, or every one for an empty list.
	 *
	 * @param int[] $questions Question ids.
	 * @throws \RuntimeException When the statement fails.
	 */
	private static function delete_of( int $response_id, array $questions ): void {
		global $wpdb;
		$pdo   = Transaction::sqlite_pdo(); // phpcs:ignore PHPCompatibility.Extensions.RemovedExtensions.sqliteRemoved -- the plugin's own method (the SQLite integration's PDO), not the removed sqlite extension.
		$marks = static fn( string $mark ): string => $questions ? ' AND question_id IN (' . implode( ', ', array_fill( 0, count( $questions ), $mark ) ) . ')' : '';
		$in    = $marks( '%d' );
		if ( null !== $pdo ) {
			try {
				$pdo->prepare( 'DELETE FROM "' . Schema::table( self::TABLE ) . '" WHERE response_id = ?' . $marks( '?' ) )->execute( array_merge( array( $response_id ), $questions ) );
			} catch ( \PDOException $e ) {
				throw new \RuntimeException( esc_html( 'Could not update the search table: ' . ExceptionText::plain( $e ) ) );
			}
			return;
		}
		if ( false === $wpdb->query( $wpdb->prepare( "DELETE FROM %i WHERE response_id = %d$in", Schema::table( self::TABLE ), $response_id, ...$questions ) ) ) { // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- placeholders only, filled by the spread ids.
			throw new \RuntimeException( esc_html( 'Could not update the search table: ' . $wpdb->last_error ) );
		}
	}

	/**
	 * Inserts rows (rows()); $ignore leaves a row already there as it is (the fill).
	 *
	 * @param array<int,array{0:int,1:int,2:int,3:string,4:string,5:string,6:int}> $rows Rows.
	 * @throws \RuntimeException When a statement fails.
	 */
	private static function insert( array $rows, bool $ignore ): void {
		global $wpdb;
		$table = Schema::table( self::TABLE );
		$pdo   = Transaction::sqlite_pdo(); // phpcs:ignore PHPCompatibility.Extensions.RemovedExtensions.sqliteRemoved -- the plugin's own method (the SQLite integration's PDO), not the removed sqlite extension.
		foreach ( array_chunk( $rows, self::INSERT_ROWS ) as $chunk ) {
			if ( null !== $pdo ) {
				$sql = 'INSERT' . ( $ignore ? ' OR IGNORE' : '' ) . ' INTO "' . $table . '" ("survey_id", "question_id", "field", "status", "term", "submitted_at", "response_id") VALUES '
					. implode( ', ', array_fill( 0, count( $chunk ), '(?, ?, ?, ?, ?, ?, ?)' ) );
				try {
					$pdo->prepare( $sql )->execute( array_merge( ...$chunk ) );
				} catch ( \PDOException $e ) {
					throw new \RuntimeException( esc_html( 'Could not write the search table: ' . ExceptionText::plain( $e ) ) );
				}
				continue;
			}
			$sql = $wpdb->prepare( // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- one group of placeholders a row, filled by the spread rows.
				'INSERT' . ( $ignore ? ' IGNORE' : '' ) . ' INTO %i (survey_id, question_id, field, status, term, submitted_at, response_id) VALUES ' . implode( ', ', array_fill( 0, count( $chunk ), '(%d, %d, %d, %s, %s, %s, %d)' ) ), // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- placeholders only.
				$table,
				...array_merge( ...$chunk )
			);
			if ( false === $wpdb->query( $sql ) ) { // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- prepared above.
				throw new \RuntimeException( esc_html( 'Could not write the search table: ' . $wpdb->last_error ) );
			}
		}
	}

	/**
	 * Writes the words of answers read from the answers table (a row already there is left as it is).
	 *
	 * @param array<int,array<string,mixed>> $answers Rows with response_id, survey_id, question_id, status, submitted_at, value and extra.
	 * @param array<int,array<int,string>>   $types   Question types by survey, filled as surveys are met.
	 * @throws \RuntimeException When a statement fails.
	 */
	private static function index( array $answers, array &$types ): void {
		$terms = array();
		foreach ( $answers as $row ) {
			$survey_id = (int) $row['survey_id'];
			if ( ! isset( $types[ $survey_id ] ) ) {
				$types[ $survey_id ] = Rollups::types( $survey_id );
			}
			array_push( $terms, ...self::rows( (int) $row['response_id'], $survey_id, (string) $row['status'], (string) $row['submitted_at'], array( $row ), $types[ $survey_id ] ) );
		}
		self::insert( $terms, true );
	}

	/**
	 * Writes the words of some responses' answers from the answers table (rows already there are left).
	 *
	 * @param int[] $response_ids Responses.
	 * @throws \RuntimeException When a statement fails.
	 */
	public static function index_responses( array $response_ids ): void {
		global $wpdb;
		if ( ! $response_ids ) {
			return;
		}
		$rows  = (array) $wpdb->get_results(
			$wpdb->prepare( 'SELECT id, response_id, survey_id, question_id, status, submitted_at, value, extra FROM %i WHERE response_id IN (' . implode( ', ', array_fill( 0, count( $response_ids ), '%d' ) ) . ')', Schema::table( 'answers' ), ...$response_ids ), // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the IN list holds its own placeholders, filled by the spread ids.
			ARRAY_A
		);
		$types = array();
		self::index( $rows, $types );
	}

	/**
	 * Writes the words of a survey's answers anew from the answers table: what a writer that goes around
	 * the plugin's own (an import, a test's fixture) leaves to do.
	 *
	 * @throws \RuntimeException When a statement fails.
	 */
	public static function rebuild_survey( int $survey_id ): void {
		global $wpdb;
		if ( false === $wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE survey_id = %d', Schema::table( self::TABLE ), $survey_id ) ) ) {
			throw new \RuntimeException( esc_html( 'Could not clear the search table: ' . $wpdb->last_error ) );
		}
		$types = array();
		$after = 0;
		do {
			$rows = (array) $wpdb->get_results(
				$wpdb->prepare( 'SELECT id, response_id, survey_id, question_id, status, submitted_at, value, extra FROM %i WHERE survey_id = %d AND id > %d ORDER BY id LIMIT %d', Schema::table( 'answers' ), $survey_id, $after, self::FILL_BATCH ),
				ARRAY_A
			);
			if ( '' !== $wpdb->last_error ) {
				throw new \RuntimeException( esc_html( 'Could not read the answers: ' . $wpdb->last_error ) );
			}
			self::index( $rows, $types );
			$after = $rows ? (int) end( $rows )['id'] : $after;
			$more  = count( $rows ) === self::FILL_BATCH;
		} while ( $more );
	}

	/**
	 * The statement that moves responses' words to another status (null: deletes them), for the admin's
	 * transaction (AdminResponseRepository).
	 *
	 * @param int[] $ids Response ids (at least one).
	 */
	public static function status_sql( int $survey_id, array $ids, ?string $to ): string {
		global $wpdb;
		$in = implode( ', ', array_fill( 0, count( $ids ), '%d' ) );
		return null === $to
			? $wpdb->prepare( "DELETE FROM %i WHERE response_id IN ($in) AND survey_id = %d", Schema::table( self::TABLE ), ...array_merge( $ids, array( $survey_id ) ) ) // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the IN list holds placeholders only, filled by the spread ids.
			: $wpdb->prepare( "UPDATE %i SET status = %s WHERE response_id IN ($in) AND survey_id = %d", Schema::table( self::TABLE ), $to, ...array_merge( $ids, array( $survey_id ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the IN list holds placeholders only, filled by the spread ids.
	}

	/**
	 * The upgrade step of version 13: the fill starts from the first answer, runs for STEP_SECONDS in
	 * the migrating request, and FILL_HOOK goes on with the rest. Searches use the exact scan until it
	 * is done.
	 */
	public function start_fill(): void {
		update_option( self::FILL_OPTION, '0', true );
		$this->fill_on_schedule( self::STEP_SECONDS );
	}

	/**
	 * One run of the fill (FILL_HOOK): batches for at most $seconds, then again a few seconds later while
	 * answers are left; a failure tries again later (ScheduledRetry: a minute, then longer).
	 *
	 * @param float $seconds Time to fill for.
	 * @param int   $batch   Answers read per batch.
	 */
	public function fill_on_schedule( float $seconds = 20.0, int $batch = self::FILL_BATCH ): void {
		try {
			$done = $this->fill( $seconds, $batch );
		} catch ( \RuntimeException $e ) {
			$delay = ScheduledRetry::after_failure( self::FILL_HOOK );
			Log::error( sprintf( 'filling the search table failed, tried again in %d s: %s', $delay, ExceptionText::plain( $e ) ) );
			return;
		}
		ScheduledRetry::succeeded( self::FILL_HOOK );
		if ( ! $done && ! wp_next_scheduled( self::FILL_HOOK ) ) {
			wp_schedule_single_event( time() + 5, self::FILL_HOOK );
		}
	}

	/**
	 * Fills the table from the answers along their primary key, FILL_BATCH at a time from where the last
	 * run stopped (FILL_OPTION), for at most $seconds. A row already there (written by a visitor since
	 * the migration) is left as it is. Types are those of the surveys now.
	 *
	 * @param float $seconds Time to fill for (at least one batch is read).
	 * @param int   $batch   Answers read per batch.
	 * @return bool Whether the table is complete (FILL_OPTION is then gone).
	 * @throws \RuntimeException When a statement fails.
	 */
	public function fill( float $seconds, int $batch = self::FILL_BATCH ): bool {
		global $wpdb;
		$after = get_option( self::FILL_OPTION, false );
		if ( false === $after ) {
			return true;
		}
		$after   = (int) $after;
		$until   = microtime( true ) + $seconds;
		$answers = Schema::table( 'answers' );
		$types   = array();
		do {
			$rows = $wpdb->get_results(
				$wpdb->prepare( 'SELECT id, response_id, survey_id, question_id, status, submitted_at, value, extra FROM %i WHERE id > %d AND (value IS NOT NULL OR extra LIKE %s) ORDER BY id LIMIT %d', $answers, $after, '%"comments":%', $batch ),
				ARRAY_A
			);
			if ( '' !== $wpdb->last_error ) {
				throw new \RuntimeException( esc_html( 'Could not read the answers: ' . $wpdb->last_error ) );
			}
			$rows = (array) $rows;
			self::index( $rows, $types );
			$after = $rows ? (int) end( $rows )['id'] : $after;
			$done  = count( $rows ) < $batch;
			if ( $done ) {
				delete_option( self::FILL_OPTION );
				return true;
			}
			update_option( self::FILL_OPTION, (string) $after, true );
		} while ( microtime( true ) < $until );
		return false;
	}
}
