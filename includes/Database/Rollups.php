<?php
/**
 * Daily rollups of published responses, maintained on write, read by the results routes.
 *
 * - daily_responses (survey_id, day, count): published responses per survey and site-local day.
 * - daily_answers (survey_id, day, question_id, kind, value, count): per survey, local day and
 *   question, the answered (kind 1) and skipped (kind 2) counts of every question, and for the
 *   types that count values (QuestionType::counts_values()) the count per stored value (kind 0): the
 *   option label, '1'..'5', '0'..'10', one row per ticked checkbox option (the values each type's
 *   QuestionType::counted_values() names); and the answers with a comment (kind 3), the total of the
 *   NPS comments list. The results read these rows; the rollups do not read the results.
 *
 * The day is the site's (wp_timezone()) at write time, so DST and half-hour zones are exact. Counts
 * are signed: trash subtracts, restore adds; rows may reach 0 and stay (readers skip them).
 *
 * Writers: ResponseRepository::insert() (one upsert per table, in the visitor's transaction),
 * AdminResponseRepository (trash, restore, delete of published, in its transaction). A change of
 * the site's time zone schedules rebuild_all() on WP-Cron; until it has run, the days of responses
 * given before the change are those of the old zone.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Database;

use UserFeedback\ExceptionText;
use UserFeedback\Log;
use UserFeedback\Results\Range;
use UserFeedback\Surveys\QuestionTypes\QuestionTypes;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the plugin's own tables daily_responses, daily_answers and daily_funnel (written on every response, in its transaction) and the raw surveys, responses and answers they are rebuilt from: the rollups are themselves the precomputed sums the results read (ResultsCache keeps the results computed from them), and their writes and rebuilds must read the rows as they are in the transaction, never a cached copy.

final class Rollups {

	public const KIND_VALUE    = 0;
	public const KIND_ANSWERED = 1;
	public const KIND_SKIPPED  = 2;
	/** Answers that carry a comment (extra.comments), whatever their value: the NPS comments' total. */
	public const KIND_COMMENTED = 3;

	/**
	 * Metrics of daily_funnel. Question 0: started, completed, and METRIC_DURATION_BASE + b for the
	 * completed responses whose time to complete falls in DURATION_BUCKETS[ b ]. A question: answered,
	 * skipped, and left (the question shown when the cron closed a partial response). Reached is
	 * answered + skipped + left. Question 0 also holds trashed: the responses in the trash (which
	 * the other metrics leave out), on the day each started; the responses list's count of the
	 * trash is their sum, however many there are.
	 */
	public const METRIC_STARTED       = 1;
	public const METRIC_COMPLETED     = 2;
	public const METRIC_ANSWERED      = 3;
	public const METRIC_SKIPPED       = 4;
	public const METRIC_LEFT          = 5;
	public const METRIC_TRASHED       = 6;
	public const METRIC_DURATION_BASE = 100;

	/**
	 * Upper bounds (seconds, inclusive) of the time-to-complete buckets: a completed response counts in
	 * the first bucket whose bound is at least its completed_at - started_at. Only responses completed by
	 * a later write than the one that started them have a duration (a single-write response, and every
	 * response from before version 6, has none to tell).
	 */
	public const DURATION_BUCKETS = array( 5, 10, 20, 30, 45, 60, 90, 120, 180, 300, 600, 1200, 1800, 3600, PHP_INT_MAX );

	/** Stored values are cut to this many characters (the primary key's varchar). */
	public const VALUE_LENGTH = 191;

	/** WP-Cron hook that rebuilds every rollup from the raw tables. */
	public const REBUILD_HOOK = 'userfeedback_rebuild_rollups';

	/**
	 * Ids per block of id_blocks: the responses list by id is anchored on them (a page walks at most
	 * a block's rows of its status, however deep it lies).
	 */
	public const ID_BLOCK = 2048;

	/** Every rollup table, each keyed by survey_id first. */
	private const TABLES = array( 'daily_responses', 'daily_answers', 'daily_funnel', 'daily_partials', 'id_blocks' );

	/** The anchors of the responses list's other orders (version 12). */
	private const ANCHOR_TABLES = array( 'daily_partials', 'id_blocks' );

	/** Rows per multi-row upsert. */
	private const CHUNK = 500;

	public function register(): void {
		add_action( self::REBUILD_HOOK, array( $this, 'rebuild_on_schedule' ) );
		add_action( 'update_option_timezone_string', array( self::class, 'schedule_rebuild' ) );
		add_action( 'update_option_gmt_offset', array( self::class, 'schedule_rebuild' ) );
	}

	/**
	 * Schedules one rebuild (a later change of the zone before it has run reuses the same event).
	 */
	public static function schedule_rebuild(): void {
		if ( ! wp_next_scheduled( self::REBUILD_HOOK ) ) {
			wp_schedule_single_event( time() + 10, self::REBUILD_HOOK );
		}
	}

	/**
	 * Whether the rollup tables exist and are written (the migration to VERSION 3 has run).
	 */
	public static function live(): bool {
		return (int) get_option( Migrator::VERSION_OPTION, 0 ) >= 3;
	}

	/**
	 * The daily_funnel metric of a time to complete, or null when there is none to count (see
	 * DURATION_BUCKETS).
	 */
	public static function duration_metric( string $started_at, string $completed_at ): ?int {
		$seconds = strtotime( $completed_at . ' UTC' ) - strtotime( $started_at . ' UTC' );
		if ( $seconds <= 0 ) {
			return null;
		}
		foreach ( self::DURATION_BUCKETS as $b => $bound ) {
			if ( $seconds <= $bound ) {
				return self::METRIC_DURATION_BASE + $b;
			}
		}
		return null;
	}

	public static function value( string $value ): string {
		return mb_substr( $value, 0, self::VALUE_LENGTH );
	}

	public static function day_of( string $utc, ?\DateTimeZone $zone = null ): string {
		return ( new \DateTimeImmutable( $utc, new \DateTimeZone( 'UTC' ) ) )->setTimezone( $zone ?? wp_timezone() )->format( 'Y-m-d' );
	}

	/**
	 * Question types of a survey by question id, read from its row.
	 *
	 * @return array<int,string>
	 */
	public static function types( int $survey_id ): array {
		global $wpdb;
		$json = $wpdb->get_var( $wpdb->prepare( 'SELECT questions FROM %i WHERE id = %d', Schema::table( 'surveys' ), $survey_id ) );
		$list = is_string( $json ) ? json_decode( $json, true ) : null;
		return self::types_of( is_array( $list ) ? $list : array() );
	}

	/**
	 * Question types by question id, of a survey's questions (what ResponseRepository::insert() takes,
	 * so that a caller holding the survey saves the read of types()).
	 *
	 * @param array<int,mixed> $questions The survey's questions.
	 * @return array<int,string>
	 */
	public static function types_of( array $questions ): array {
		$types = array();
		foreach ( $questions as $question ) {
			if ( is_array( $question ) && isset( $question['id'], $question['type'] ) ) {
				$types[ (int) $question['id'] ] = (string) $question['type'];
			}
		}
		return $types;
	}

	/**
	 * What one response adds to daily_answers: (question, kind, value) => count.
	 *
	 * @param array<int,string>                                          $types   Question id => type.
	 * @param array<int,array{question_id:int,value:mixed,extra?:mixed}>   $answers Answers; a checkbox value is a list or its JSON, extra an array or its JSON (raw rows).
	 * @return array<string,int> Key question_id "\0" kind "\0" value => count.
	 */
	public static function answer_rows( array $types, array $answers ): array {
		$rows = array();
		foreach ( $answers as $answer ) {
			$question_id = (int) $answer['question_id'];
			$value       = $answer['value'];
			if ( self::has_comment( $answer['extra'] ?? null ) ) {
				self::bump_key( $rows, $question_id, self::KIND_COMMENTED, '' );
			}
			if ( null === $value ) {
				self::bump_key( $rows, $question_id, self::KIND_SKIPPED, '' );
				continue;
			}
			self::bump_key( $rows, $question_id, self::KIND_ANSWERED, '' );
			foreach ( self::labels( $types[ $question_id ] ?? '', $value ) as $label ) {
				self::bump_key( $rows, $question_id, self::KIND_VALUE, $label );
			}
		}
		return $rows;
	}

	/**
	 * Whether an answer's extra holds a comment, as the comments list finds them (a "comments" string).
	 *
	 * @param mixed $extra Extra as validated (array) or stored (JSON), or null.
	 */
	public static function has_comment( $extra ): bool {
		if ( is_string( $extra ) ) {
			$extra = json_decode( $extra, true );
		}
		return is_array( $extra ) && is_string( $extra['comments'] ?? null );
	}

	/**
	 * The values an answer counts for (QuestionType::counted_values(): a checkbox answer's distinct
	 * ticked labels, the value otherwise; nothing for a type that does not count values), cut to
	 * VALUE_LENGTH, each once.
	 *
	 * @param mixed $value Value as validated or as stored.
	 * @return string[]
	 */
	private static function labels( string $type, $value ): array {
		$counted = QuestionTypes::get( $type )?->counted_values( $value ) ?? array();
		return array_values( array_unique( array_map( array( self::class, 'value' ), $counted ) ) );
	}

	/**
	 * Whether answers of the type are counted per value.
	 */
	private static function counts_values( string $type ): bool {
		return (bool) QuestionTypes::get( $type )?->counts_values();
	}

	/**
	 * @param array<string,int> $rows Rows being built.
	 */
	private static function bump_key( array &$rows, int $question_id, int $kind, string $value, int $by = 1 ): void {
		$key          = $question_id . "\0" . $kind . "\0" . $value;
		$rows[ $key ] = ( $rows[ $key ] ?? 0 ) + $by;
	}

	/**
	 * Adds (or, with negative counts, subtracts) to both rollups: one multi-row upsert per table
	 * (per CHUNK rows). Call inside the writer's transaction.
	 *
	 * @param array<string,int>                  $responses Day => count.
	 * @param array<string,array<string,int>>    $answers   Day => answer_rows() keys => count.
	 * @param array<string,array<string,int>>    $funnel    Day => funnel keys (self::funnel_key()) => count.
	 * @param array<string,int>                  $partials  Day of the last write => partial responses.
	 * @param array<string,int>                  $blocks    self::block_key() => responses.
	 * @throws \RuntimeException When a statement fails.
	 */
	public function add( int $survey_id, array $responses, array $answers, array $funnel = array(), array $partials = array(), array $blocks = array() ): void {
		$rows = array();
		foreach ( $responses as $day => $count ) {
			if ( 0 !== $count ) {
				$rows[] = array( $survey_id, (string) $day, $count );
			}
		}
		$this->upsert( 'daily_responses', array( 'survey_id', 'day', 'count' ), array( 'survey_id', 'day' ), $rows );
		$rows = array();
		foreach ( $answers as $day => $keys ) {
			foreach ( $keys as $key => $count ) {
				if ( 0 !== $count ) {
					[ $question_id, $kind, $value ] = explode( "\0", (string) $key, 3 );
					$rows[]                         = array( $survey_id, (string) $day, (int) $question_id, (int) $kind, $value, $count );
				}
			}
		}
		$this->upsert( 'daily_answers', array( 'survey_id', 'day', 'question_id', 'kind', 'value', 'count' ), array( 'survey_id', 'day', 'question_id', 'kind', 'value' ), $rows );
		$rows = array();
		foreach ( $funnel as $day => $keys ) {
			foreach ( $keys as $key => $count ) {
				if ( 0 !== $count ) {
					[ $question_id, $metric ] = explode( "\0", (string) $key, 2 );
					$rows[]                   = array( $survey_id, (string) $day, (int) $question_id, (int) $metric, $count );
				}
			}
		}
		$this->upsert( 'daily_funnel', array( 'survey_id', 'day', 'question_id', 'metric', 'count' ), array( 'survey_id', 'day', 'question_id', 'metric' ), $rows );
		$rows = array();
		foreach ( $partials as $day => $count ) {
			if ( 0 !== $count ) {
				$rows[] = array( $survey_id, (string) $day, $count );
			}
		}
		$this->upsert( 'daily_partials', array( 'survey_id', 'day', 'count' ), array( 'survey_id', 'day' ), $rows );
		$rows = array();
		foreach ( $blocks as $key => $count ) {
			if ( 0 !== $count ) {
				[ $status, $block ] = explode( "\0", (string) $key, 2 );
				$rows[]             = array( $survey_id, $status, (int) $block, $count );
			}
		}
		$this->upsert( 'id_blocks', array( 'survey_id', 'status', 'block', 'count' ), array( 'survey_id', 'status', 'block' ), $rows );
	}

	/**
	 * The key of an id_blocks row in the arrays add() takes: a response of $status in the block of
	 * $block (block_of()).
	 */
	public static function block_key( string $status, int $block ): string {
		return $status . "\0" . $block;
	}

	/**
	 * The block of id_blocks a response id belongs to.
	 */
	public static function block_of( int $id ): int {
		return intdiv( $id, self::ID_BLOCK );
	}

	/**
	 * The key of a daily_funnel row in the arrays add() takes.
	 */
	public static function funnel_key( int $question_id, int $metric ): string {
		return $question_id . "\0" . $metric;
	}

	/**
	 * Question ids of a survey's questions in survey order (what last_question indexes).
	 *
	 * @param array<int,mixed> $questions The survey's questions.
	 * @return int[]
	 */
	public static function question_order( array $questions ): array {
		return array_keys( self::types_of( $questions ) );
	}

	/**
	 * The question a visitor who reached index $last_question left at: that question, or the last one
	 * when the index is past the end; 0 for a survey without questions.
	 *
	 * @param int[] $order Question ids in survey order.
	 */
	public static function left_question( array $order, int $last_question ): int {
		if ( ! $order ) {
			return 0;
		}
		return (int) $order[ min( max( 0, $last_question ), count( $order ) - 1 ) ];
	}

	/**
	 * Everything one response counts in daily_funnel (keyed as funnel_key()): started; completed and
	 * its duration bucket when completed; per answer answered or skipped; left at its last question
	 * when it is a closed partial.
	 *
	 * @param array<string,mixed>                    $row     The response's row (completed_at, started_at, closed_at, last_question).
	 * @param array<int,array{question_id:int,value:mixed}> $answers Its answers.
	 * @param int[]                                  $order   Question ids in survey order.
	 * @return array<string,int>
	 */
	public static function funnel_rows( array $row, array $answers, array $order ): array {
		$rows = array( self::funnel_key( 0, self::METRIC_STARTED ) => 1 );
		if ( null !== ( $row['completed_at'] ?? null ) ) {
			$rows[ self::funnel_key( 0, self::METRIC_COMPLETED ) ] = 1;
			$metric = self::duration_metric( (string) ( $row['started_at'] ?? $row['completed_at'] ), (string) $row['completed_at'] );
			if ( null !== $metric ) {
				$rows[ self::funnel_key( 0, $metric ) ] = 1;
			}
		} elseif ( null !== ( $row['closed_at'] ?? null ) ) {
			$left = self::left_question( $order, (int) ( $row['last_question'] ?? 0 ) );
			if ( $left > 0 ) {
				$rows[ self::funnel_key( $left, self::METRIC_LEFT ) ] = 1;
			}
		}
		foreach ( $answers as $answer ) {
			$key          = self::funnel_key( (int) $answer['question_id'], null === $answer['value'] ? self::METRIC_SKIPPED : self::METRIC_ANSWERED );
			$rows[ $key ] = ( $rows[ $key ] ?? 0 ) + 1;
		}
		return $rows;
	}

	/**
	 * INSERT ... ON DUPLICATE KEY UPDATE count = count + VALUES(count), per CHUNK rows.
	 *
	 * On SQLite (the SQLite Database Integration), the same upsert goes to the driver's PDO in
	 * SQLite's own words (ON CONFLICT ... DO UPDATE), inside the same transaction: the integration
	 * translates every statement with a tokenizer written in PHP, which made these two statements
	 * cost about 2 ms of the visitor's request (DESIGN 6 allows the route 5 ms over a no-op).
	 *
	 * @param string[]                    $columns Columns, the counter last.
	 * @param string[]                    $key     The primary key's columns.
	 * @param array<int,array<int,mixed>> $rows    Values in the order of $columns.
	 * @throws \RuntimeException When a statement fails.
	 */
	private function upsert( string $table, array $columns, array $key, array $rows ): void {
		global $wpdb;
		$pdo = $GLOBALS['@pdo'] ?? null;
		foreach ( array_chunk( $rows, self::CHUNK ) as $chunk ) {
			if ( $pdo instanceof \PDO ) {
				$tuple = '(' . implode( ', ', array_fill( 0, count( $columns ), '?' ) ) . ')';
				$sql   = 'INSERT INTO "' . Schema::table( $table ) . '" ("' . implode( '", "', $columns ) . '") VALUES '
					. implode( ', ', array_fill( 0, count( $chunk ), $tuple ) )
					. ' ON CONFLICT ("' . implode( '", "', $key ) . '") DO UPDATE SET "count" = "count" + excluded."count"';
				try {
					$pdo->prepare( $sql )->execute( array_merge( ...$chunk ) );
				} catch ( \PDOException $e ) {
					throw new \RuntimeException( esc_html( 'Could not update the daily counts: ' . ExceptionText::plain( $e ) ) );
				}
				continue;
			}
			$tuples = array();
			foreach ( $chunk as $row ) {
				$tuples[] = $wpdb->prepare( '(' . implode( ', ', array_map( static fn( $v ): string => is_int( $v ) ? '%d' : '%s', $row ) ) . ')', ...$row ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- placeholders only: one %d or %s per value of $row (the sniff counts the two formats as two placeholders).
			}
			$sql = $wpdb->prepare( 'INSERT INTO %i (' . implode( ', ', array_fill( 0, count( $columns ), '%i' ) ) . ') VALUES ', Schema::table( $table ), ...$columns ) // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- placeholders only.
				. implode( ', ', $tuples )
				. $wpdb->prepare( ' ON DUPLICATE KEY UPDATE %i = %i + VALUES(%i)', 'count', 'count', 'count' );
			if ( false === $wpdb->query( $sql ) ) { // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- prepared above.
				throw new \RuntimeException( esc_html( 'Could not update the daily counts: ' . $wpdb->last_error ) );
			}
		}
	}

	/**
	 * Throws when the statement $wpdb ran last failed. A rebuild reads month by month inside one
	 * transaction: one failed read (a lost connection, a full temporary folder) would otherwise count
	 * its month as empty and commit the rest, and the results would be short without a word.
	 *
	 * @param string $what What was read, for the message.
	 * @throws \RuntimeException When the last statement failed.
	 */
	private static function read_ok( string $what ): void {
		global $wpdb;
		if ( '' !== (string) $wpdb->last_error ) {
			throw new \RuntimeException( esc_html( 'Could not read ' . $what . ' for the daily counts: ' . $wpdb->last_error ) );
		}
	}

	/**
	 * The scheduled rebuild (REBUILD_HOOK: a time zone change, a migration that did not finish). When a
	 * statement fails, the survey being rebuilt keeps its rollups as they were (rebuild_survey()) and
	 * the event comes back later (ScheduledRetry: a minute, then longer each time it fails again):
	 * WP-Cron has already taken it off the schedule.
	 */
	public function rebuild_on_schedule(): void {
		try {
			$this->rebuild_all();
		} catch ( \RuntimeException $e ) {
			$delay = ScheduledRetry::after_failure( self::REBUILD_HOOK );
			Log::error( sprintf( 'rebuilding the daily rollups failed, tried again in %d s: %s', $delay, ExceptionText::plain( $e ) ) );
			return;
		}
		ScheduledRetry::succeeded( self::REBUILD_HOOK );
	}

	/**
	 * Rebuilds the rollups of every survey (migration from version 2, time zone change).
	 */
	public function rebuild_all(): void {
		global $wpdb;
		$ids = array_map( 'intval', (array) $wpdb->get_col( $wpdb->prepare( 'SELECT DISTINCT survey_id FROM %i', Schema::table( 'responses' ) ) ) );
		// Without the list, the clean-up below would take every survey's rows for those of deleted surveys.
		self::read_ok( 'the surveys with responses' );
		// Minutes at a million responses: not bound by a web request's time limit where PHP allows.
		if ( function_exists( 'set_time_limit' ) ) {
			@set_time_limit( 0 ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- disabled on some hosts.
		}
		foreach ( $ids as $id ) {
			$this->rebuild_survey( $id );
		}
		// Rows of surveys without responses any more (deleted with their responses).
		$known = $ids ? $ids : array( 0 );
		foreach ( self::TABLES as $table ) {
			$wpdb->query(
				$wpdb->prepare(
					'DELETE FROM %i WHERE survey_id NOT IN (' . implode( ', ', array_fill( 0, count( $known ), '%d' ) ) . ')',
					...array_merge( array( Schema::table( $table ) ), $known )
				)
			);
		}
	}

	/**
	 * Rebuilds one survey's rollups from the raw tables, in one transaction: its rows are deleted
	 * first (on InnoDB that locks the survey's key range, so a visitor's concurrent upsert waits for
	 * the commit and is counted once), then the published responses and answers are grouped in SQL
	 * per time bucket that never straddles a local midnight (Range::bucketing()), a month at a time,
	 * folded into local days in PHP and written with multi-row inserts.
	 *
	 * @throws \RuntimeException When a statement fails (the survey's rollups are left as they were).
	 */
	public function rebuild_survey( int $survey_id ): void {
		$zone  = wp_timezone();
		$types = self::types( $survey_id );
		Transaction::run(
			function () use ( $survey_id, $types, $zone ): void {
				global $wpdb;
				self::clear( $survey_id, self::TABLES );
				$bounds = $wpdb->get_row(
					$wpdb->prepare( "SELECT MIN(submitted_at) AS first, MAX(submitted_at) AS last FROM %i WHERE survey_id = %d AND status = 'publish'", Schema::table( 'responses' ), $survey_id ),
					ARRAY_A
				);
				self::read_ok( 'the dates of the responses' );
				if ( $bounds && null !== $bounds['first'] ) {
					$to = self::day_of( (string) $bounds['last'], $zone );
					for ( $from = self::day_of( (string) $bounds['first'], $zone ); $from <= $to; $from = Range::add_days( $from, 31 ) ) {
						$this->rebuild_range( $survey_id, $types, new Range( $from, min( $to, Range::add_days( $from, 30 ) ), $zone ) );
					}
				}
				// The funnel counts every response that is not in the trash, on the day it started.
				$bounds = $wpdb->get_row(
					$wpdb->prepare( "SELECT MIN(started_at) AS first, MAX(started_at) AS last FROM %i WHERE survey_id = %d AND status <> 'trash'", Schema::table( 'responses' ), $survey_id ),
					ARRAY_A
				);
				self::read_ok( 'the dates the responses started' );
				if ( $bounds && null !== $bounds['first'] ) {
					$to = self::day_of( (string) $bounds['last'], $zone );
					for ( $from = self::day_of( (string) $bounds['first'], $zone ); $from <= $to; $from = Range::add_days( $from, 31 ) ) {
						$this->rebuild_funnel_range( $survey_id, array_keys( $types ), new Range( $from, min( $to, Range::add_days( $from, 30 ) ), $zone ) );
					}
				}
				$this->rebuild_trashed( $survey_id, $zone );
				$this->rebuild_anchors( $survey_id, $zone );
			}
		);
	}

	/**
	 * The upgrade step of version 11: counts every survey's trashed responses into METRIC_TRASHED, a
	 * survey per transaction (its METRIC_TRASHED rows cleared first, so a second run, or a trash
	 * counted by the actions meanwhile, is counted once).
	 *
	 * @throws \RuntimeException When a statement fails.
	 */
	public function fill_trashed(): void {
		global $wpdb;
		$ids = array_map( 'intval', (array) $wpdb->get_col( $wpdb->prepare( "SELECT DISTINCT survey_id FROM %i WHERE status = 'trash'", Schema::table( 'responses' ) ) ) );
		self::read_ok( 'the surveys with trashed responses' );
		$zone = wp_timezone();
		foreach ( $ids as $survey_id ) {
			Transaction::run(
				function () use ( $survey_id, $zone ): void {
					global $wpdb;
					if ( false === $wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE survey_id = %d AND question_id = 0 AND metric = %d', Schema::table( 'daily_funnel' ), $survey_id, self::METRIC_TRASHED ) ) ) {
						throw new \RuntimeException( esc_html( 'Could not clear the trash counts: ' . $wpdb->last_error ) );
					}
					$this->rebuild_trashed( $survey_id, $zone );
				}
			);
		}
	}

	/** The time a trashed response counts on (responses from before version 6 may lack started_at). */
	private const TRASHED_ON = 'COALESCE( started_at, submitted_at )';

	/**
	 * Counts a survey's trashed responses into METRIC_TRASHED, on the day each started. Call inside a
	 * Transaction, with the survey's METRIC_TRASHED rows cleared.
	 *
	 * @throws \RuntimeException When a statement fails.
	 */
	public function rebuild_trashed( int $survey_id, \DateTimeZone $zone ): void {
		$key    = self::funnel_key( 0, self::METRIC_TRASHED );
		$funnel = array();
		foreach ( self::per_day( $survey_id, 'trash', self::TRASHED_ON, $zone ) as $d => $n ) {
			$funnel[ $d ][ $key ] = $n;
		}
		$this->add( $survey_id, array(), array(), $funnel );
	}

	/**
	 * Counts a survey's anchors of the responses list (daily_partials, id_blocks) from its rows. Call
	 * inside a Transaction, with the survey's rows of both tables cleared.
	 *
	 * @throws \RuntimeException When a statement fails.
	 */
	public function rebuild_anchors( int $survey_id, \DateTimeZone $zone ): void {
		global $wpdb;
		// Integer division: SQLite's / of two integers is one, MariaDB's DIV.
		$block = Transaction::is_sqlite() ? 'id / %d' : 'id DIV %d';
		$rows  = $wpdb->get_results(
			$wpdb->prepare( // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- $block holds its own %d, filled by ID_BLOCK first.
				"SELECT status, $block AS block, COUNT(*) AS n FROM %i WHERE survey_id = %d GROUP BY status, block", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $block is one of two constant expressions with a placeholder.
				self::ID_BLOCK,
				Schema::table( 'responses' ),
				$survey_id
			),
			ARRAY_A
		);
		self::read_ok( 'the responses per block of ids' );
		$blocks = array();
		foreach ( (array) $rows as $row ) {
			$blocks[ self::block_key( (string) $row['status'], (int) $row['block'] ) ] = (int) $row['n'];
		}
		$this->add( $survey_id, array(), array(), array(), self::per_day( $survey_id, 'partial', 'submitted_at', $zone ), $blocks );
	}

	/**
	 * The upgrade step of version 12: counts every survey's anchors (rebuild_anchors()), a survey per
	 * transaction, its rows cleared first (a second run counts nothing twice).
	 *
	 * @throws \RuntimeException When a statement fails.
	 */
	public function fill_anchors(): void {
		global $wpdb;
		$ids = array_map( 'intval', (array) $wpdb->get_col( $wpdb->prepare( 'SELECT DISTINCT survey_id FROM %i', Schema::table( 'responses' ) ) ) );
		self::read_ok( 'the surveys with responses' );
		$zone = wp_timezone();
		foreach ( $ids as $survey_id ) {
			Transaction::run(
				function () use ( $survey_id, $zone ): void {
					self::clear( $survey_id, self::ANCHOR_TABLES );
					$this->rebuild_anchors( $survey_id, $zone );
				}
			);
		}
	}

	/**
	 * Deletes a survey's rows of some rollup tables.
	 *
	 * @param string[] $tables Rollup tables (Schema::TABLES names).
	 * @throws \RuntimeException When a statement fails.
	 */
	private static function clear( int $survey_id, array $tables ): void {
		global $wpdb;
		foreach ( $tables as $table ) {
			if ( false === $wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE survey_id = %d', Schema::table( $table ), $survey_id ) ) ) {
				throw new \RuntimeException( esc_html( 'Could not clear the daily counts: ' . $wpdb->last_error ) );
			}
		}
	}

	/**
	 * A survey's responses of one status per site-local day of a time column, grouped in SQL per time
	 * bucket that never straddles a local midnight, a month at a time (as the funnel).
	 *
	 * @param string $column A datetime column or expression of the responses (constant, from the code).
	 * @return array<string,int> Day => count.
	 * @throws \RuntimeException When a statement fails.
	 */
	private static function per_day( int $survey_id, string $status, string $column, \DateTimeZone $zone ): array {
		global $wpdb;
		$bounds = $wpdb->get_row(
			$wpdb->prepare( "SELECT MIN($column) AS first, MAX($column) AS last FROM %i WHERE survey_id = %d AND status = %s", Schema::table( 'responses' ), $survey_id, $status ), // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $column is a constant column or expression given by this class.
			ARRAY_A
		);
		self::read_ok( "the dates of the $status responses" );
		$days = array();
		if ( ! $bounds || null === $bounds['first'] ) {
			return $days;
		}
		$to = self::day_of( (string) $bounds['last'], $zone );
		for ( $from = self::day_of( (string) $bounds['first'], $zone ); $from <= $to; $from = Range::add_days( $from, 31 ) ) {
			$range               = new Range( $from, min( $to, Range::add_days( $from, 30 ) ), $zone );
			$bucketing           = $range->bucketing();
			[ $bucket, $b_args ] = self::bucket_sql( $column, $bucketing );
			$rows                = $wpdb->get_results(
				$wpdb->prepare( // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- $bucket holds its own %d placeholders (one or two), filled by $b_args first.
					"SELECT $bucket AS bucket, COUNT(*) AS n FROM %i WHERE survey_id = %d AND status = %s AND $column >= %s AND $column < %s GROUP BY bucket", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $bucket is one of bucket_sql()'s two SUBSTR() expressions (its values are placeholders), $column a constant of this class.
					...array_merge( $b_args, array( Schema::table( 'responses' ), $survey_id, $status, $range->start_utc(), $range->end_utc() ) )
				),
				ARRAY_A
			);
			self::read_ok( "the $status responses per day" );
			foreach ( (array) $rows as $row ) {
				$d          = $range->day_of_bucket( (string) $row['bucket'], $bucketing['shift'] );
				$days[ $d ] = ( $days[ $d ] ?? 0 ) + (int) $row['n'];
			}
		}
		return $days;
	}

	/**
	 * The SQL of a time bucket of Range::bucketing() over a datetime column (a constant name given by
	 * the code), and its placeholders' values.
	 *
	 * @param array{length:int,shift:int} $bucketing Range::bucketing().
	 * @return array{0:string,1:array<int,int>}
	 */
	private static function bucket_sql( string $column, array $bucketing ): array {
		return 0 === $bucketing['shift']
			? array( "SUBSTR( $column, 1, %d )", array( $bucketing['length'] ) )
			: array( "SUBSTR( DATE_ADD( $column, INTERVAL %d MINUTE ), 1, %d )", array( $bucketing['shift'], $bucketing['length'] ) );
	}

	/**
	 * The funnel rows of the responses that started in a range, grouped in SQL per time bucket of
	 * started_at (as rebuild_range() does with submitted_at) and folded into local days.
	 *
	 * @param int[] $order Question ids in survey order.
	 */
	private function rebuild_funnel_range( int $survey_id, array $order, Range $range ): void {
		global $wpdb;
		$bucketing           = $range->bucketing();
		[ $bucket, $b_args ] = self::bucket_sql( 'r.started_at', $bucketing );
		$day_of              = array();
		$day                 = static function ( string $b ) use ( &$day_of, $range, $bucketing ): string {
			return $day_of[ $b ] ??= $range->day_of_bucket( $b, $bucketing['shift'] );
		};
		// The duration bucket in SQL: -1 for none (not completed, or no time between start and completion).
		$seconds  = '( UNIX_TIMESTAMP( r.completed_at ) - UNIX_TIMESTAMP( r.started_at ) )';
		$duration = 'CASE WHEN r.completed_at IS NULL OR r.completed_at <= r.started_at THEN -1';
		foreach ( self::DURATION_BUCKETS as $b => $bound ) {
			if ( PHP_INT_MAX !== $bound ) {
				$duration .= " WHEN $seconds <= " . (int) $bound . ' THEN ' . (int) $b;
			}
		}
		$duration  .= ' ELSE ' . ( count( self::DURATION_BUCKETS ) - 1 ) . ' END';
		$funnel     = array();
		$bump       = static function ( string $d, int $question_id, int $metric, int $n ) use ( &$funnel ): void {
			$key                  = self::funnel_key( $question_id, $metric );
			$funnel[ $d ][ $key ] = ( $funnel[ $d ][ $key ] ?? 0 ) + $n;
		};
		$range_args = array( $survey_id, $range->start_utc(), $range->end_utc() );

		$rows = $wpdb->get_results(
			$wpdb->prepare( // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- $bucket holds its own %d placeholders (one or two), filled by $b_args first.
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $bucket is one of the two SUBSTR() expressions above (its values are placeholders); $duration is built above from DURATION_BUCKETS' integers.
				"SELECT $bucket AS bucket, CASE WHEN r.completed_at IS NULL THEN 0 ELSE 1 END AS done, CASE WHEN r.completed_at IS NULL AND r.closed_at IS NOT NULL THEN r.last_question ELSE -1 END AS left_at, $duration AS duration, COUNT(*) AS n
				FROM %i r WHERE r.survey_id = %d AND r.status <> 'trash' AND r.started_at >= %s AND r.started_at < %s
				GROUP BY bucket, done, left_at, duration",
				...array_merge( $b_args, array( Schema::table( 'responses' ) ), $range_args )
			),
			ARRAY_A
		);
		self::read_ok( 'the responses of the funnel' );
		foreach ( (array) $rows as $row ) {
			$d = $day( (string) $row['bucket'] );
			$n = (int) $row['n'];
			$bump( $d, 0, self::METRIC_STARTED, $n );
			if ( '1' === (string) $row['done'] ) {
				$bump( $d, 0, self::METRIC_COMPLETED, $n );
			}
			if ( (int) $row['duration'] >= 0 ) {
				$bump( $d, 0, self::METRIC_DURATION_BASE + (int) $row['duration'], $n );
			}
			$left = (int) $row['left_at'] >= 0 ? self::left_question( $order, (int) $row['left_at'] ) : 0;
			if ( $left > 0 ) {
				$bump( $d, $left, self::METRIC_LEFT, $n );
			}
		}

		$rows = $wpdb->get_results(
			$wpdb->prepare( // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- $bucket holds its own %d placeholders (one or two), filled by $b_args first.
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $bucket is one of the two SUBSTR() expressions above (its values are placeholders).
				"SELECT $bucket AS bucket, a.question_id AS question_id, CASE WHEN a.value IS NULL THEN 1 ELSE 0 END AS skipped, COUNT(*) AS n
				FROM %i r JOIN %i a ON a.response_id = r.id WHERE r.survey_id = %d AND r.status <> 'trash' AND r.started_at >= %s AND r.started_at < %s
				GROUP BY bucket, a.question_id, skipped",
				...array_merge( $b_args, array( Schema::table( 'responses' ), Schema::table( 'answers' ) ), $range_args )
			),
			ARRAY_A
		);
		self::read_ok( 'the answers of the funnel' );
		foreach ( (array) $rows as $row ) {
			$bump( $day( (string) $row['bucket'] ), (int) $row['question_id'], '1' === (string) $row['skipped'] ? self::METRIC_SKIPPED : self::METRIC_ANSWERED, (int) $row['n'] );
		}
		$this->add( $survey_id, array(), array(), $funnel );
	}

	/**
	 * @param array<int,string> $types Question id => type.
	 */
	private function rebuild_range( int $survey_id, array $types, Range $range ): void {
		global $wpdb;
		$bucketing           = $range->bucketing();
		[ $bucket, $b_args ] = self::bucket_sql( 'submitted_at', $bucketing );
		$day_of              = array();
		$day                 = static function ( string $b ) use ( &$day_of, $range, $bucketing ): string {
			return $day_of[ $b ] ??= $range->day_of_bucket( $b, $bucketing['shift'] );
		};

		$responses = array();
		$rows      = $wpdb->get_results(
			$wpdb->prepare( // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- $bucket holds its own %d placeholders (one or two), filled by $b_args first.
				"SELECT $bucket AS bucket, COUNT(*) AS n FROM %i WHERE survey_id = %d AND status = 'publish' AND submitted_at >= %s AND submitted_at < %s GROUP BY bucket", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $bucket is one of the two SUBSTR() expressions above (its values are placeholders).
				...array_merge( $b_args, array( Schema::table( 'responses' ), $survey_id, $range->start_utc(), $range->end_utc() ) )
			),
			ARRAY_A
		);
		self::read_ok( 'the responses per day' );
		foreach ( (array) $rows as $row ) {
			$d               = $day( (string) $row['bucket'] );
			$responses[ $d ] = ( $responses[ $d ] ?? 0 ) + (int) $row['n'];
		}

		// Values of the quantitative questions only; the others are counted as answered or skipped.
		$quantitative = array( 0 );
		foreach ( $types as $id => $type ) {
			if ( self::counts_values( $type ) ) {
				$quantitative[] = $id;
			}
		}
		$quantitative = array_map( 'intval', $quantitative );
		// Every question of the survey: an index range of (survey_id, question_id, status, submitted_at) each.
		$all     = array_map( 'intval', array_merge( array( 0 ), array_keys( $types ) ) );
		$answers = array();
		$rows    = $wpdb->get_results(
			$wpdb->prepare(
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $bucket is one of the two SUBSTR() expressions above (its values are placeholders).
				"SELECT $bucket AS bucket, question_id, CASE WHEN value IS NULL THEN NULL WHEN question_id IN ("
				. implode( ', ', array_fill( 0, count( $quantitative ), '%d' ) )
				. ") THEN value ELSE '' END AS v,
				CASE WHEN extra IS NOT NULL AND extra LIKE %s THEN 1 ELSE 0 END AS c, COUNT(*) AS n
				FROM %i WHERE survey_id = %d AND question_id IN ("
				. implode( ', ', array_fill( 0, count( $all ), '%d' ) )
				. ') AND status = \'publish\' AND submitted_at >= %s AND submitted_at < %s
				GROUP BY bucket, question_id, v, c',
				...array_merge( $b_args, $quantitative, array( '%"comments":"%', Schema::table( 'answers' ), $survey_id ), $all, array( $range->start_utc(), $range->end_utc() ) )
			),
			ARRAY_A
		);
		self::read_ok( 'the answers per day' );
		foreach ( (array) $rows as $row ) {
			$d               = $day( (string) $row['bucket'] );
			$question_id     = (int) $row['question_id'];
			$n               = (int) $row['n'];
			$answers[ $d ] ??= array();
			if ( '1' === (string) $row['c'] ) {
				self::bump_key( $answers[ $d ], $question_id, self::KIND_COMMENTED, '', $n );
			}
			if ( null === $row['v'] ) {
				self::bump_key( $answers[ $d ], $question_id, self::KIND_SKIPPED, '', $n );
				continue;
			}
			self::bump_key( $answers[ $d ], $question_id, self::KIND_ANSWERED, '', $n );
			foreach ( self::labels( $types[ $question_id ] ?? '', (string) $row['v'] ) as $label ) {
				self::bump_key( $answers[ $d ], $question_id, self::KIND_VALUE, $label, $n );
			}
		}
		$this->add( $survey_id, $responses, $answers );
	}

	/**
	 * What a status change (trash, restore, delete) does to the daily rollups, read before it (a delete
	 * removes the answers): per local day, the responses and the answer rows (self::answer_rows()) of the
	 * responses that enter or leave 'publish', and the funnel rows (self::funnel_rows(), on the day each
	 * started) of those that enter or leave the trash (or are deleted out of it), signed; those that
	 * enter or leave the trash also move METRIC_TRASHED, the other way; every one moves from its
	 * status's id block to its new one's (none when deleted), and those that enter or leave 'partial'
	 * move daily_partials on the day of their last write.
	 *
	 * The caller gives each response its own new status (a restore gives 'partial' to a response
	 * without completed_at): the funnel counts it whatever that is, as long as it is out of the trash.
	 *
	 * @param array<int,array<string,mixed>> $before The responses' rows before the change (id, status, submitted_at at least).
	 * @param string|null                    $to     Their new status (null: deleted).
	 * @return array{0:array<string,int>,1:array<string,array<string,int>>,2:array<string,array<string,int>>,3:array<string,int>,4:array<string,int>}|null The arguments of add() after the survey; null: nothing to change.
	 */
	public function deltas( int $survey_id, array $before, ?string $to ): ?array {
		if ( ! self::live() || ! $before ) {
			return null;
		}
		$times    = $this->times( array_map( static fn( array $row ): int => (int) $row['id'], $before ) );
		$sign     = array();
		$move     = array();
		$trash    = array();
		$blocks   = array();
		$partials = array();
		foreach ( $before as $row ) {
			$id   = (int) $row['id'];
			$row += $times[ $id ] ?? array();
			$from = (string) $row['status'];
			$into = $to;
			if ( ( 'publish' === $from ) !== ( 'publish' === $into ) ) {
				$sign[ $id ] = 'publish' === $into ? 1 : -1;
			}
			$counted_before = 'trash' !== $from;
			$counted_after  = null !== $into && 'trash' !== $into;
			if ( $counted_before !== $counted_after && array_key_exists( 'started_at', $row ) ) {
				$move[ $id ] = array( $counted_after ? 1 : -1, $row );
			}
			if ( ( 'trash' === $from ) !== ( 'trash' === $into ) ) {
				$trash[ $id ] = array( 'trash' === $into ? 1 : -1, $row );
			}
			if ( $from !== $into ) {
				$block                                      = self::block_of( $id );
				$blocks[ self::block_key( $from, $block ) ] = ( $blocks[ self::block_key( $from, $block ) ] ?? 0 ) - 1;
				if ( null !== $into ) {
					$blocks[ self::block_key( $into, $block ) ] = ( $blocks[ self::block_key( $into, $block ) ] ?? 0 ) + 1;
				}
			}
			if ( ( 'partial' === $from ) !== ( 'partial' === $into ) ) {
				$d              = self::day_of( (string) $row['submitted_at'] );
				$partials[ $d ] = ( $partials[ $d ] ?? 0 ) + ( 'partial' === $into ? 1 : -1 );
			}
		}
		if ( ! $sign && ! $move && ! $trash && ! $blocks ) {
			return null;
		}
		$by        = ( new AnswerRepository() )->for_responses( array_keys( $sign + $move ) );
		$questions = self::questions( $survey_id );
		$types     = self::types_of( $questions );
		$order     = array_keys( $types );
		$responses = array();
		$rows      = array();
		$funnel    = array();
		foreach ( $before as $row ) {
			$id = (int) $row['id'];
			if ( isset( $sign[ $id ] ) ) {
				$s               = $sign[ $id ];
				$d               = self::day_of( (string) $row['submitted_at'] );
				$responses[ $d ] = ( $responses[ $d ] ?? 0 ) + $s;
				foreach ( self::answer_rows( $types, $by[ $id ] ?? array() ) as $key => $n ) {
					$rows[ $d ][ $key ] = ( $rows[ $d ][ $key ] ?? 0 ) + $s * $n;
				}
			}
			if ( isset( $move[ $id ] ) ) {
				[ $s, $full ] = $move[ $id ];
				$d            = self::day_of( (string) ( $full['started_at'] ?? $full['submitted_at'] ) );
				foreach ( self::funnel_rows( $full, $by[ $id ] ?? array(), $order ) as $key => $n ) {
					$funnel[ $d ][ $key ] = ( $funnel[ $d ][ $key ] ?? 0 ) + $s * $n;
				}
			}
			if ( isset( $trash[ $id ] ) ) {
				[ $s, $full ]         = $trash[ $id ];
				$d                    = self::day_of( (string) ( $full['started_at'] ?? $full['submitted_at'] ) );
				$key                  = self::funnel_key( 0, self::METRIC_TRASHED );
				$funnel[ $d ][ $key ] = ( $funnel[ $d ][ $key ] ?? 0 ) + $s;
			}
		}
		return array( $responses, $rows, $funnel, $partials, $blocks );
	}

	/**
	 * A survey's questions, read from its row.
	 *
	 * @return array<int,mixed>
	 */
	private static function questions( int $survey_id ): array {
		global $wpdb;
		$json = $wpdb->get_var( $wpdb->prepare( 'SELECT questions FROM %i WHERE id = %d', Schema::table( 'surveys' ), $survey_id ) );
		$list = is_string( $json ) ? json_decode( $json, true ) : null;
		return is_array( $list ) ? $list : array();
	}

	/**
	 * The funnel's columns of some responses.
	 *
	 * @param int[] $ids Response ids.
	 * @return array<int,array{started_at:?string,completed_at:?string,closed_at:?string,last_question:int}>
	 */
	private function times( array $ids ): array {
		global $wpdb;
		$by = array();
		foreach ( array_chunk( array_values( array_unique( $ids ) ), AnswerRepository::CHUNK ) as $chunk ) {
			$rows = $wpdb->get_results(
				$wpdb->prepare(
					'SELECT id, started_at, completed_at, closed_at, last_question FROM %i WHERE id IN (' . implode( ', ', array_fill( 0, count( $chunk ), '%d' ) ) . ')',
					...array_merge( array( Schema::table( 'responses' ) ), $chunk )
				),
				ARRAY_A
			);
			foreach ( (array) $rows as $row ) {
				$by[ (int) $row['id'] ] = array(
					'started_at'    => $row['started_at'],
					'completed_at'  => $row['completed_at'],
					'closed_at'     => $row['closed_at'],
					'last_question' => (int) $row['last_question'],
				);
			}
		}
		return $by;
	}
}
