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

use UserFeedback\Results\Range;
use UserFeedback\Surveys\QuestionTypes\QuestionTypes;

defined( 'ABSPATH' ) || exit;

final class Rollups {

	public const KIND_VALUE    = 0;
	public const KIND_ANSWERED = 1;
	public const KIND_SKIPPED  = 2;
	/** Answers that carry a comment (extra.comments), whatever their value: the NPS comments' total. */
	public const KIND_COMMENTED = 3;

	/** Stored values are cut to this many characters (the primary key's varchar). */
	public const VALUE_LENGTH = 191;

	/** WP-Cron hook that rebuilds every rollup from the raw tables. */
	public const REBUILD_HOOK = 'userfeedback_rebuild_rollups';

	/** Rows per multi-row upsert. */
	private const CHUNK = 500;

	public function register(): void {
		add_action( self::REBUILD_HOOK, array( $this, 'rebuild_all' ) );
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
	 * @throws \RuntimeException When a statement fails.
	 */
	public function add( int $survey_id, array $responses, array $answers ): void {
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
					$rows[] = array( $survey_id, (string) $day, (int) $question_id, (int) $kind, $value, $count );
				}
			}
		}
		$this->upsert( 'daily_answers', array( 'survey_id', 'day', 'question_id', 'kind', 'value', 'count' ), array( 'survey_id', 'day', 'question_id', 'kind', 'value' ), $rows );
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
					throw new \RuntimeException( 'Could not update the daily counts: ' . $e->getMessage() );
				}
				continue;
			}
			$tuples = array();
			foreach ( $chunk as $row ) {
				$tuples[] = $wpdb->prepare( '(' . implode( ', ', array_map( static fn( $v ): string => is_int( $v ) ? '%d' : '%s', $row ) ) . ')', ...$row ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- placeholders only.
			}
			$sql = $wpdb->prepare( 'INSERT INTO %i (' . implode( ', ', array_fill( 0, count( $columns ), '%i' ) ) . ') VALUES ', Schema::table( $table ), ...$columns ) // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- placeholders only.
				. implode( ', ', $tuples )
				. $wpdb->prepare( ' ON DUPLICATE KEY UPDATE %i = %i + VALUES(%i)', 'count', 'count', 'count' );
			if ( false === $wpdb->query( $sql ) ) { // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- prepared above.
				throw new \RuntimeException( 'Could not update the daily counts: ' . $wpdb->last_error );
			}
		}
	}

	/**
	 * Rebuilds the rollups of every survey (migration from version 2, time zone change).
	 */
	public function rebuild_all(): void {
		global $wpdb;
		$ids = array_map( 'intval', (array) $wpdb->get_col( $wpdb->prepare( 'SELECT DISTINCT survey_id FROM %i', Schema::table( 'responses' ) ) ) );
		// Minutes at a million responses: not bound by a web request's time limit where PHP allows.
		if ( function_exists( 'set_time_limit' ) ) {
			@set_time_limit( 0 ); // phpcs:ignore WordPress.PHP.NoSilencedErrors.Discouraged -- disabled on some hosts.
		}
		foreach ( $ids as $id ) {
			$this->rebuild_survey( $id );
		}
		// Rows of surveys without responses any more (deleted with their responses).
		$known = $ids ? implode( ',', $ids ) : '0';
		foreach ( array( 'daily_responses', 'daily_answers' ) as $table ) {
			$wpdb->query( $wpdb->prepare( "DELETE FROM %i WHERE survey_id NOT IN ($known)", Schema::table( $table ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- integers only.
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
				foreach ( array( 'daily_responses', 'daily_answers' ) as $table ) {
					if ( false === $wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE survey_id = %d', Schema::table( $table ), $survey_id ) ) ) {
						throw new \RuntimeException( 'Could not clear the daily counts: ' . $wpdb->last_error );
					}
				}
				$bounds = $wpdb->get_row(
					$wpdb->prepare( "SELECT MIN(submitted_at) AS first, MAX(submitted_at) AS last FROM %i WHERE survey_id = %d AND status = 'publish'", Schema::table( 'responses' ), $survey_id ),
					ARRAY_A
				);
				if ( $bounds && null !== $bounds['first'] ) {
					$to = self::day_of( (string) $bounds['last'], $zone );
					for ( $from = self::day_of( (string) $bounds['first'], $zone ); $from <= $to; $from = Range::add_days( $from, 31 ) ) {
						$this->rebuild_range( $survey_id, $types, new Range( $from, min( $to, Range::add_days( $from, 30 ) ), $zone ) );
					}
				}
			}
		);
	}

	/**
	 * @param array<int,string> $types Question id => type.
	 */
	private function rebuild_range( int $survey_id, array $types, Range $range ): void {
		global $wpdb;
		$bucketing = $range->bucketing();
		$bucket    = 0 === $bucketing['shift'] ? 'SUBSTR( submitted_at, 1, %d )' : 'SUBSTR( DATE_ADD( submitted_at, INTERVAL %d MINUTE ), 1, %d )';
		$b_args    = 0 === $bucketing['shift'] ? array( $bucketing['length'] ) : array( $bucketing['shift'], $bucketing['length'] );
		$day_of    = array();
		$day       = static function ( string $b ) use ( &$day_of, $range, $bucketing ): string {
			return $day_of[ $b ] ??= $range->day_of_bucket( $b, $bucketing['shift'] );
		};

		$responses = array();
		$rows      = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT $bucket AS bucket, COUNT(*) AS n FROM %i WHERE survey_id = %d AND status = 'publish' AND submitted_at >= %s AND submitted_at < %s GROUP BY bucket", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- placeholders only.
				...array_merge( $b_args, array( Schema::table( 'responses' ), $survey_id, $range->start_utc(), $range->end_utc() ) )
			),
			ARRAY_A
		);
		foreach ( $rows ?: array() as $row ) {
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
		$in      = implode( ',', array_map( 'intval', $quantitative ) );
		// Every question of the survey: an index range of (survey_id, question_id, status, submitted_at) each.
		$all     = implode( ',', array_map( 'intval', array_merge( array( 0 ), array_keys( $types ) ) ) );
		$answers = array();
		$rows    = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT $bucket AS bucket, question_id, CASE WHEN value IS NULL THEN NULL WHEN question_id IN ($in) THEN value ELSE '' END AS v,
				CASE WHEN extra IS NOT NULL AND extra LIKE %s THEN 1 ELSE 0 END AS c, COUNT(*) AS n
				FROM %i WHERE survey_id = %d AND question_id IN ($all) AND status = 'publish' AND submitted_at >= %s AND submitted_at < %s
				GROUP BY bucket, question_id, v, c", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- placeholders and integers only.
				...array_merge( $b_args, array( '%"comments":"%', Schema::table( 'answers' ), $survey_id, $range->start_utc(), $range->end_utc() ) )
			),
			ARRAY_A
		);
		foreach ( $rows ?: array() as $row ) {
			$d           = $day( (string) $row['bucket'] );
			$question_id = (int) $row['question_id'];
			$n           = (int) $row['n'];
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
	 * What a status change does to the daily rollups (read before it: a delete removes the answers): per local day, the responses and the answer
	 * rows (self::answer_rows()) of the responses that enter or leave 'publish', signed.
	 *
	 * @param array<int,array<string,mixed>> $before The responses' rows before the change.
	 * @return array{0:array<string,int>,1:array<string,array<string,int>>}|null Null: nothing to change.
	 */
	public function deltas( int $survey_id, array $before, ?string $to ): ?array {
		if ( ! self::live() ) {
			return null;
		}
		$sign = array();
		$day  = array();
		foreach ( $before as $row ) {
			$from = (string) $row['status'];
			if ( ( 'publish' === $from ) !== ( 'publish' === $to ) ) {
				$id          = (int) $row['id'];
				$sign[ $id ] = 'publish' === $to ? 1 : -1;
				$day[ $id ]  = self::day_of( (string) $row['submitted_at'] );
			}
		}
		if ( ! $sign ) {
			return null;
		}
		$by        = ( new AnswerRepository() )->for_responses( array_keys( $sign ) );
		$types     = self::types( $survey_id );
		$responses = array();
		$rows      = array();
		foreach ( $sign as $id => $s ) {
			$d               = $day[ $id ];
			$responses[ $d ] = ( $responses[ $d ] ?? 0 ) + $s;
			foreach ( self::answer_rows( $types, $by[ $id ] ?? array() ) as $key => $n ) {
				$rows[ $d ][ $key ] = ( $rows[ $d ][ $key ] ?? 0 ) + $s * $n;
			}
		}
		return array( $responses, $rows );
	}
}
