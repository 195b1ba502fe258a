<?php
/**
 * The daily rollups (Database\Rollups) that results are read from: written with each response,
 * moved by trash and restore, untouched by the delete of a trashed response, built by the migration
 * from version 2 exactly as the writes build them, and rebuilt after a change of the time zone.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Results;

use UserFeedback\Database\Migrator;
use UserFeedback\Database\Rollups;
use UserFeedback\Database\Schema;
use UserFeedback\ExceptionText;
use UserFeedback\Responses\AdminResponseRepository;

final class RollupsTest extends ResultsTestCase {

	protected function setUp(): void {
		parent::setUp();
		$this->as_pro_admin();
		update_option( 'timezone_string', 'America/New_York' );
		wp_clear_scheduled_hook( Rollups::REBUILD_HOOK );
	}

	/**
	 * @return array<string,int> "day" => count.
	 */
	private static function response_rows( int $survey ): array {
		global $wpdb;
		$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT day, %i AS n FROM %i WHERE survey_id = %d AND %i <> 0 ORDER BY day', 'count', Schema::table( 'daily_responses' ), $survey, 'count' ), ARRAY_A );
		return array_map( 'intval', array_column( $rows, 'n', 'day' ) );
	}

	/**
	 * @return array<string,int> "day question kind value" => count, sorted.
	 */
	private static function answer_rows( int $survey ): array {
		global $wpdb;
		$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT day, question_id, kind, value, %i AS n FROM %i WHERE survey_id = %d AND %i <> 0', 'count', Schema::table( 'daily_answers' ), $survey, 'count' ), ARRAY_A );
		$out  = array();
		foreach ( $rows as $row ) {
			$out[ sprintf( '%s %d %d %s', substr( $row['day'], 0, 10 ), $row['question_id'], $row['kind'], $row['value'] ) ] = (int) $row['n'];
		}
		ksort( $out );
		return $out;
	}

	/**
	 * Removes a survey and everything counted of it: on MariaDB a rebuild's transaction commits the
	 * test's own (START TRANSACTION does), so a test that rebuilds cleans up after itself.
	 */
	private static function forget( int $survey ): void {
		global $wpdb;
		foreach ( array( 'daily_responses', 'daily_answers', 'daily_funnel', 'responses', 'answers' ) as $table ) {
			$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE survey_id = %d', Schema::table( $table ), $survey ) );
		}
		$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE id = %d', Schema::table( 'surveys' ), $survey ) );
	}

	/**
	 * A few responses around a DST change and a local midnight, one trashed.
	 */
	private static function fill( int $s ): void {
		self::respond( $s, '2026-11-01 03:30:00', array( 1 => 'Yes', 2 => array( 'Red', 'Green' ), 5 => 4, 6 => 10, 7 => 'hi' ) ); // October 31 (EDT).
		self::respond( $s, '2026-11-02 04:30:00', array( 1 => 'No', 2 => array( 'Green' ), 5 => null, 6 => 0, 7 => null ), array( 6 => array( 'comments' => 'slow' ) ) ); // November 1 (EST).
		self::respond( $s, '2026-11-02 05:30:00', array( 1 => 'yes', 2 => array( 'Red', 'Blue', 'Red' ), 6 => 7 ) ); // November 2.
		self::trash( self::respond( $s, '2026-11-02 06:00:00', array( 1 => 'No', 6 => 1 ) ) );
	}

	public function test_a_response_adds_to_both_rollups_on_its_local_day(): void {
		$s = self::results_survey();
		self::fill( $s );
		$this->assertSame( array( '2026-10-31' => 1, '2026-11-01' => 1, '2026-11-02' => 1 ), self::response_rows( $s ) );
		$this->assertSame(
			array(
				'2026-10-31 1 0 Yes'   => 1,
				'2026-10-31 1 1 '      => 1,
				'2026-10-31 2 0 Green' => 1,
				'2026-10-31 2 0 Red'   => 1,
				'2026-10-31 2 1 '      => 1,
				'2026-10-31 5 0 4'     => 1,
				'2026-10-31 5 1 '      => 1,
				'2026-10-31 6 0 10'    => 1,
				'2026-10-31 6 1 '      => 1,
				'2026-10-31 7 1 '      => 1,
				'2026-11-01 1 0 No'    => 1,
				'2026-11-01 1 1 '      => 1,
				'2026-11-01 2 0 Green' => 1,
				'2026-11-01 2 1 '      => 1,
				'2026-11-01 5 2 '      => 1,
				'2026-11-01 6 0 0'     => 1,
				'2026-11-01 6 1 '      => 1,
				'2026-11-01 6 3 '      => 1,
				'2026-11-01 7 2 '      => 1,
				'2026-11-02 1 0 yes'   => 1,
				'2026-11-02 1 1 '      => 1,
				'2026-11-02 2 0 Blue'  => 1,
				'2026-11-02 2 0 Red'   => 1,
				'2026-11-02 2 1 '      => 1,
				'2026-11-02 6 0 7'     => 1,
				'2026-11-02 6 1 '      => 1,
			),
			self::answer_rows( $s )
		);

		// Same day again: the upsert adds (VALUES() in ON DUPLICATE KEY UPDATE, on both engines).
		self::respond( $s, '2026-11-02 07:00:00', array( 2 => array( 'Red' ), 6 => 7 ) );
		$this->assertSame( 2, self::response_rows( $s )['2026-11-02'] );
		$this->assertSame( 2, self::answer_rows( $s )['2026-11-02 2 0 Red'] );
		$this->assertSame( 2, self::answer_rows( $s )['2026-11-02 6 0 7'] );

		// What the results make of it: a checkbox ticked twice counts once, 'yes' is not 'Yes'.
		$stats = $this->ok( "/surveys/$s/results", array( 'from' => '2026-10-31', 'to' => '2026-11-02' ) )['question_stats'];
		$this->assertSame( array( 'Red' => 3, 'Green' => 2, 'Blue' => 1 ), self::counts( self::stats_of( $stats, 2 )['options'] ) );
		$this->assertSame( 4, self::stats_of( $stats, 2 )['total_answers'] );
		$this->assertSame( array( 'Yes' => 1, 'No' => 1 ), self::counts( self::stats_of( $stats, 1 )['options'] ) );
		$this->assertTrue( self::stats_of( $stats, 1 )['invalid_options'] );
		$this->assertSame( 1, self::stats_of( $stats, 5 )['skipped'] );
		$this->assertSame( 1, self::stats_of( $stats, 7 )['total_answers'] );
		$this->assertSame( 1, self::stats_of( $stats, 7 )['skipped'] );
		// The comments' total comes from the rollup (kind 3), the items from the answers.
		$comments = $this->ok( "/surveys/$s/nps/comments", array( 'from' => '2026-10-31', 'to' => '2026-11-02' ) );
		$this->assertSame( 1, $comments['pagination']['total'] );
		$this->assertCount( 1, $comments['items'] );
	}

	public function test_trash_subtracts_and_restore_adds_back(): void {
		$s  = self::results_survey();
		$id = self::respond( $s, '2026-11-10 10:00:00', array( 1 => 'Yes', 2 => array( 'Red', 'Blue' ), 7 => null ) );
		self::respond( $s, '2026-11-10 11:00:00', array( 1 => 'Yes' ) );
		$full = self::answer_rows( $s );
		self::trash( $id );
		$this->assertSame( array( '2026-11-10' => 1 ), self::response_rows( $s ) );
		$this->assertSame( array( '2026-11-10 1 0 Yes' => 1, '2026-11-10 1 1 ' => 1 ), self::answer_rows( $s ) );
		self::trash( $id ); // Already in the trash: nothing moves.
		$this->assertSame( array( '2026-11-10' => 1 ), self::response_rows( $s ) );
		self::trash( $id, 'publish' );
		$this->assertSame( array( '2026-11-10' => 2 ), self::response_rows( $s ) );
		$this->assertSame( $full, self::answer_rows( $s ) );
	}

	public function test_the_admin_actions_keep_the_rollups_in_their_transaction(): void {
		global $wpdb;
		// The repository opens its own transaction (a commit of the test's on MariaDB): days far from
		// every other test's ranges, and the rows removed at the end.
		$s = self::results_survey();
		try {
			$a    = self::respond( $s, '2024-05-10 12:00:00', array( 1 => 'Yes', 6 => 9 ) );
			$b    = self::respond( $s, '2024-05-10 13:00:00', array( 1 => 'No', 6 => 3 ) );
			$repo = new AdminResponseRepository();
			$repo->set_status( $s, array( $a, $b ), 'trash' );
			$this->assertSame( array(), self::response_rows( $s ) );
			$this->assertSame( array(), self::answer_rows( $s ) );
			$repo->set_status( $s, array( $a ), 'publish' );
			$this->assertSame( array( '2024-05-10' => 1 ), self::response_rows( $s ) );
			$this->assertSame( array( '2024-05-10 1 0 Yes' => 1, '2024-05-10 1 1 ' => 1, '2024-05-10 6 0 9' => 1, '2024-05-10 6 1 ' => 1 ), self::answer_rows( $s ) );
			// Deleting a trashed response: the rollups never counted it.
			$repo->delete( $s, array( $b ) );
			$this->assertSame( array( '2024-05-10' => 1 ), self::response_rows( $s ) );
			// Deleting a published one takes it out.
			$repo->delete( $s, array( $a ) );
			$this->assertSame( array(), self::response_rows( $s ) );
			$this->assertSame( array(), self::answer_rows( $s ) );
		} finally {
			foreach ( array( 'daily_responses', 'daily_answers', 'responses', 'answers' ) as $table ) {
				$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE survey_id = %d', Schema::table( $table ), $s ) );
			}
			$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE id = %d', Schema::table( 'surveys' ), $s ) );
			$this->commit_transaction();
		}
	}

	public function test_the_migration_from_version_2_builds_what_the_writes_build(): void {
		global $wpdb;
		$live = self::results_survey();
		self::fill( $live );
		$responses = self::response_rows( $live );
		$answers   = self::answer_rows( $live );
		// A site on version 2: responses written without rollups.
		update_option( Migrator::VERSION_OPTION, '2' );
		$old = self::results_survey();
		self::fill( $old );
		$this->assertSame( array(), self::response_rows( $old ) );
		try {
			$this->without_transaction( static fn() => ( new Migrator() )->migrate() );
			$this->assertSame( Schema::VERSION, (int) get_option( Migrator::VERSION_OPTION ) );
			$this->assertSame( $responses, self::response_rows( $old ) );
			$this->assertSame( $answers, self::answer_rows( $old ) );
			$this->assertSame( $answers, self::answer_rows( $live ), 'Rebuilt: the same.' );
			$this->assertFalse( wp_next_scheduled( Rollups::REBUILD_HOOK ) );
			$range = array( 'from' => '2026-10-31', 'to' => '2026-11-02' );
			$a     = $this->ok( "/surveys/$live/results", $range );
			$b     = $this->ok( "/surveys/$old/results", $range );
			$strip = static fn( array $stats ): array => array_map(
				static function ( array $q ): array {
					$q['answers'] = isset( $q['answers'] ) ? $q['answers']['pagination'] : null; // Items name other response ids.
					return $q;
				},
				$stats
			);
			$this->assertSame( $strip( $a['question_stats'] ), $strip( $b['question_stats'] ) );
			$this->assertSame( 3, $b['range_responses_count'] );
		} finally {
			foreach ( array( $live, $old ) as $s ) {
				foreach ( array( 'daily_responses', 'daily_answers', 'responses', 'answers' ) as $table ) {
					$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE survey_id = %d', Schema::table( $table ), $s ) );
				}
				$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE id = %d', Schema::table( 'surveys' ), $s ) );
			}
			$this->commit_transaction();
		}
	}

	public function test_a_time_zone_change_schedules_a_rebuild_into_the_new_days(): void {
		global $wpdb;
		$s = self::results_survey();
		try {
			self::respond( $s, '2024-06-10 02:00:00', array( 6 => 10 ) ); // June 9 in New York, June 10 in Tokyo.
			self::respond( $s, '2024-06-10 16:00:00', array( 6 => 0 ) );  // June 10 in New York, June 11 in Tokyo.
			$this->assertSame( array( '2024-06-09' => 1, '2024-06-10' => 1 ), self::response_rows( $s ) );

			update_option( 'timezone_string', 'Asia/Tokyo' );
			$this->assertIsInt( wp_next_scheduled( Rollups::REBUILD_HOOK ) );
			// Until the event has run, the days are the old zone's.
			$this->assertSame( array( '2024-06-09' => 1, '2024-06-10' => 1 ), self::response_rows( $s ) );
			$this->assertNotFalse( has_action( Rollups::REBUILD_HOOK ) );
			// What the event does for every survey (rebuild_all()), for this one only.
			( new Rollups() )->rebuild_survey( $s );
			$this->assertSame( array( '2024-06-10' => 1, '2024-06-11' => 1 ), self::response_rows( $s ) );
			$this->assertSame( array( '2024-06-10 6 0 10' => 1, '2024-06-10 6 1 ' => 1, '2024-06-11 6 0 0' => 1, '2024-06-11 6 1 ' => 1 ), self::answer_rows( $s ) );
			$nps = $this->ok( "/surveys/$s/nps", array( 'from' => '2024-06-10', 'to' => '2024-06-11' ) );
			$this->assertSame( array( 100, -100 ), array_column( $nps['series'], 'score' ) );
		} finally {
			foreach ( array( 'daily_responses', 'daily_answers', 'responses', 'answers' ) as $table ) {
				$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE survey_id = %d', Schema::table( $table ), $s ) );
			}
			$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE id = %d', Schema::table( 'surveys' ), $s ) );
			update_option( 'timezone_string', 'America/New_York' );
			wp_clear_scheduled_hook( Rollups::REBUILD_HOOK );
			$this->commit_transaction();
		}
	}
	public function test_a_failed_read_during_a_rebuild_leaves_the_rollups_as_they_were(): void {
		global $wpdb;
		$s = self::results_survey();
		try {
			// Two months: the rebuild reads 31 local days at a time, from September 10 and from October 11.
			self::respond( $s, '2026-09-10 15:00:00', array( 1 => 'Yes', 6 => 9 ) );
			self::respond( $s, '2026-11-02 15:00:00', array( 1 => 'No', 6 => 3 ) );
			$responses = self::response_rows( $s );
			$answers   = self::answer_rows( $s );
			$this->assertCount( 2, $responses );

			// The answers of the second month cannot be read (as when the connection drops or MariaDB's
			// temporary folder fills up): the statement fails, the first month was read fine.
			$break = static function ( string $sql ): string {
				return str_contains( $sql, "THEN value ELSE '' END AS v" ) && str_contains( $sql, "submitted_at >= '2026-10-11" )
					? str_replace( 'GROUP BY bucket, question_id, v, c', 'GROUP BY no_such_column', $sql )
					: $sql;
			};
			add_filter( 'query', $break );
			$suppress = $wpdb->suppress_errors( true );
			try {
				( new Rollups() )->rebuild_survey( $s );
				$this->fail( 'A rebuild that could not read a month must not finish.' );
			} catch ( \RuntimeException $e ) {
				$this->assertStringContainsString( 'Could not read the answers per day', ExceptionText::plain( $e ) );
			} finally {
				remove_filter( 'query', $break );
				$wpdb->suppress_errors( $suppress );
			}
			// Nothing of the failed rebuild was kept: not the cleared rows, not the month it did read.
			$this->assertSame( $responses, self::response_rows( $s ) );
			$this->assertSame( $answers, self::answer_rows( $s ) );

			// Once the statement works again, the rebuild gives the same counts.
			( new Rollups() )->rebuild_survey( $s );
			$this->assertSame( $responses, self::response_rows( $s ) );
			$this->assertSame( $answers, self::answer_rows( $s ) );
		} finally {
			self::forget( $s );
			$this->commit_transaction();
		}
	}

	public function test_the_scheduled_rebuild_tries_again_after_a_failure(): void {
		global $wpdb;
		$s = self::results_survey();
		try {
			self::respond( $s, '2026-11-02 15:00:00', array( 1 => 'No', 6 => 3 ) );
			$break = static fn( string $sql ): string => str_contains( $sql, 'SELECT DISTINCT survey_id' ) ? str_replace( 'survey_id', 'no_such_column', $sql ) : $sql;
			add_filter( 'query', $break );
			$suppress = $wpdb->suppress_errors( true );
			try {
				do_action( Rollups::REBUILD_HOOK );
			} finally {
				remove_filter( 'query', $break );
				$wpdb->suppress_errors( $suppress );
			}
			// The survey list could not be read: no survey's rows were taken for those of a deleted one.
			$this->assertSame( array( '2026-11-02' => 1 ), self::response_rows( $s ) );
			$this->assertIsInt( wp_next_scheduled( Rollups::REBUILD_HOOK ), 'The event is scheduled again.' );
			$this->assertSame( '1', get_option( Rollups::REBUILD_HOOK . '_failures' ), 'Counted: the next failure waits longer (ScheduledRetry).' );
			wp_clear_scheduled_hook( Rollups::REBUILD_HOOK );
			do_action( Rollups::REBUILD_HOOK );
			$this->assertFalse( get_option( Rollups::REBUILD_HOOK . '_failures' ), 'A good run starts over.' );
		} finally {
			self::forget( $s );
			wp_clear_scheduled_hook( Rollups::REBUILD_HOOK );
			delete_option( Rollups::REBUILD_HOOK . '_failures' );
			$this->commit_transaction();
		}
	}
}
