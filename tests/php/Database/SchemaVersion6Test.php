<?php
/**
 * Version 6 (partial responses): a site of version 5 is migrated in place on both engines. The
 * responses gain client_id, started_at, completed_at, closed_at and last_question (older rows are
 * completed ones: started and completed when submitted), answers get the unique (response_id,
 * question_id) key instead of the plain response_id one, and daily_funnel is created and filled from
 * the raw rows.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Database;

use UserFeedback\Database\Migrator;
use UserFeedback\Database\Rollups;
use UserFeedback\Database\Schema;
use UserFeedback\Plugin;
use UserFeedback\Tests\TestCase;

final class SchemaVersion6Test extends TestCase {

	public function test_a_version_5_site_is_migrated_with_its_responses(): void {
		global $wpdb;
		$responses = Schema::table( 'responses' );
		$answers   = Schema::table( 'answers' );
		$funnel    = Schema::table( 'daily_funnel' );
		$this->without_transaction(
			function () use ( $wpdb, $responses, $answers, $funnel ): void {
				try {
					$this->make_version_5_tables();
					$wpdb->query( $wpdb->prepare( "INSERT INTO %i (id, survey_id, status, submitted_at) VALUES (9001, 77, 'publish', '2026-03-04 10:00:00'), (9002, 77, 'trash', '2026-03-05 11:00:00')", $responses ) );
					$wpdb->query( $wpdb->prepare( "INSERT INTO %i (response_id, survey_id, question_id, status, submitted_at, value) VALUES (9001, 77, 1, 'publish', '2026-03-04 10:00:00', 'a'), (9001, 77, 2, 'publish', '2026-03-04 10:00:00', NULL), (9002, 77, 1, 'trash', '2026-03-05 11:00:00', 'b')", $answers ) );
					update_option( Migrator::VERSION_OPTION, '5' );

					$this->assertTrue( Plugin::instance()->migrator->migrate() );

					$this->assertSame( Schema::VERSION, (int) get_option( Migrator::VERSION_OPTION ) );
					$this->assertSame( array(), ( new Migrator() )->missing_tables() );
					$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT id, client_id, started_at, completed_at, closed_at, last_question FROM %i WHERE survey_id = 77 ORDER BY id', $responses ), ARRAY_A );
					$this->assertSame(
						array(
							array( 'id' => '9001', 'client_id' => null, 'started_at' => '2026-03-04 10:00:00', 'completed_at' => '2026-03-04 10:00:00', 'closed_at' => null, 'last_question' => '0' ),
							array( 'id' => '9002', 'client_id' => null, 'started_at' => '2026-03-05 11:00:00', 'completed_at' => '2026-03-05 11:00:00', 'closed_at' => null, 'last_question' => '0' ),
						),
						$rows
					);
					$this->assertSame( array(), self::index_columns( 'answers', 'response_id' ), 'The old key is dropped.' );
					$this->assertSame( array( 'response_id', 'question_id' ), self::index_columns( 'answers', 'response_question' ) );
					$this->assertSame( array( 'survey_id', 'client_id' ), self::index_columns( 'responses', 'survey_client' ) );
					$this->assertSame( array( 'status', 'closed_at', 'submitted_at' ), self::index_columns( 'responses', 'partial_open' ) );

					// The unique keys hold: a second answer to a question of a response, a second response of a client id.
					$wpdb->suppress_errors( true );
					$this->assertFalse( $wpdb->query( $wpdb->prepare( "INSERT INTO %i (response_id, survey_id, question_id, status, submitted_at, value) VALUES (9001, 77, 1, 'publish', '2026-03-04 10:00:00', 'again')", $answers ) ) );
					$wpdb->query( $wpdb->prepare( "INSERT INTO %i (survey_id, status, submitted_at, client_id) VALUES (77, 'partial', '2026-03-06 10:00:00', 'c0ffee00-0000-4000-8000-000000000001')", $responses ) );
					$this->assertFalse( $wpdb->query( $wpdb->prepare( "INSERT INTO %i (survey_id, status, submitted_at, client_id) VALUES (77, 'partial', '2026-03-06 10:00:00', 'c0ffee00-0000-4000-8000-000000000001')", $responses ) ) );
					$wpdb->suppress_errors( false );
					// NULL client ids (old cached pages) never collide.
					$this->assertSame( 1, $wpdb->query( $wpdb->prepare( "INSERT INTO %i (survey_id, status, submitted_at) VALUES (77, 'publish', '2026-03-06 10:00:00')", $responses ) ) );
					$this->assertSame( 1, $wpdb->query( $wpdb->prepare( "INSERT INTO %i (survey_id, status, submitted_at) VALUES (77, 'publish', '2026-03-06 10:00:00')", $responses ) ) );

					// The funnel of the published response, built from the raw rows: started, completed, no
					// duration (one write); question 1 answered, question 2 skipped. The trashed one counts in the
					// trash's count only, on the day it started.
					$day  = Rollups::day_of( '2026-03-04 10:00:00' );
					$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT day, question_id, metric, count FROM %i WHERE survey_id = 77 AND count <> 0 ORDER BY question_id, metric', $funnel ), ARRAY_A );
					$this->assertSame(
						array(
							array( 'day' => $day, 'question_id' => '0', 'metric' => (string) Rollups::METRIC_STARTED, 'count' => '1' ),
							array( 'day' => $day, 'question_id' => '0', 'metric' => (string) Rollups::METRIC_COMPLETED, 'count' => '1' ),
							array( 'day' => Rollups::day_of( '2026-03-05 11:00:00' ), 'question_id' => '0', 'metric' => (string) Rollups::METRIC_TRASHED, 'count' => '1' ),
							array( 'day' => $day, 'question_id' => '1', 'metric' => (string) Rollups::METRIC_ANSWERED, 'count' => '1' ),
							array( 'day' => $day, 'question_id' => '2', 'metric' => (string) Rollups::METRIC_SKIPPED, 'count' => '1' ),
						),
						$rows
					);
					// The list's blocks of ids: each response in its status's (both in block 4 of 2,048 ids).
					$blocks = $wpdb->get_results( $wpdb->prepare( 'SELECT status, block, count FROM %i WHERE survey_id = 77 ORDER BY status', Schema::table( 'id_blocks' ) ), ARRAY_A );
					$this->assertSame(
						array(
							array( 'status' => 'publish', 'block' => '4', 'count' => '1' ),
							array( 'status' => 'trash', 'block' => '4', 'count' => '1' ),
						),
						$blocks
					);
				} finally {
					$wpdb->suppress_errors( false );
					foreach ( array( $responses, $answers, $funnel ) as $table ) {
						$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE survey_id = 77', $table ) );
					}
					foreach ( array( 'daily_responses', 'daily_answers', 'daily_partials', 'id_blocks' ) as $table ) {
						$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE survey_id = 77', Schema::table( $table ) ) );
					}
					update_option( Migrator::VERSION_OPTION, (string) Schema::VERSION );
					wp_clear_scheduled_hook( Rollups::REBUILD_HOOK );
				}
			}
		);
	}

	public function test_a_second_migration_keeps_the_version_6_tables_as_they_are(): void {
		$this->without_transaction(
			function (): void {
				try {
					update_option( Migrator::VERSION_OPTION, '5' );
					$this->assertTrue( Plugin::instance()->migrator->migrate() );
					$this->assertSame( array( 'response_id', 'question_id' ), self::index_columns( 'answers', 'response_question' ) );
					$this->assertSame( array(), self::index_columns( 'answers', 'response_id' ) );
				} finally {
					update_option( Migrator::VERSION_OPTION, (string) Schema::VERSION );
					wp_clear_scheduled_hook( Rollups::REBUILD_HOOK );
				}
			}
		);
	}

	public function test_an_sqlite_database_is_switched_to_write_ahead_logging_unless_filtered_out(): void {
		if ( 'sqlite' !== getenv( 'UF_DB' ) ) {
			$this->markTestSkipped( 'SQLite only.' );
		}
		$pdo  = $GLOBALS['@pdo'];
		$mode = static fn(): string => strtolower( (string) $pdo->query( 'PRAGMA journal_mode' )->fetchColumn() );
		$this->without_transaction(
			function () use ( $pdo, $mode ): void {
				try {
					$pdo->exec( 'PRAGMA journal_mode = DELETE' );
					$this->assertSame( 'delete', $mode() );
					add_filter( Migrator::WAL_FILTER, '__return_false' );
					Migrator::use_wal();
					$this->assertSame( 'delete', $mode(), 'The filter keeps the mode.' );
					remove_filter( Migrator::WAL_FILTER, '__return_false' );
					update_option( Migrator::VERSION_OPTION, '5' );
					$this->assertTrue( Plugin::instance()->migrator->migrate() );
					$this->assertSame( 'wal', $mode() );
				} finally {
					update_option( Migrator::VERSION_OPTION, (string) Schema::VERSION );
					wp_clear_scheduled_hook( Rollups::REBUILD_HOOK );
					$pdo->exec( 'PRAGMA journal_mode = WAL' );
				}
			}
		);
	}

	/**
	 * The responses and answers tables as version 5 created them, and no funnel table.
	 */
	private function make_version_5_tables(): void {
		global $wpdb;
		$charset = $wpdb->get_charset_collate();
		foreach ( array( 'responses', 'answers', 'daily_funnel' ) as $name ) {
			$wpdb->query( $wpdb->prepare( 'DROP TABLE IF EXISTS %i', Schema::table( $name ) ) );
		}
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		dbDelta(
			'CREATE TABLE ' . Schema::table( 'responses' ) . " (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  survey_id bigint(20) unsigned NOT NULL,
  status varchar(20) NOT NULL DEFAULT 'publish',
  submitted_at datetime NOT NULL,
  page_url varchar(2048) NOT NULL DEFAULT '',
  page_title varchar(255) NOT NULL DEFAULT '',
  ip varchar(45) NOT NULL DEFAULT '',
  browser varchar(64) NOT NULL DEFAULT '',
  os varchar(64) NOT NULL DEFAULT '',
  device varchar(16) NOT NULL DEFAULT '',
  PRIMARY KEY  (id),
  KEY survey_status_date (survey_id,status,submitted_at),
  KEY submitted_at (submitted_at)
) $charset;"
		);
		dbDelta(
			'CREATE TABLE ' . Schema::table( 'answers' ) . " (
  id bigint(20) unsigned NOT NULL AUTO_INCREMENT,
  response_id bigint(20) unsigned NOT NULL,
  survey_id bigint(20) unsigned NOT NULL,
  question_id int(10) unsigned NOT NULL,
  status varchar(20) NOT NULL DEFAULT 'publish',
  submitted_at datetime NOT NULL,
  value text,
  extra text,
  PRIMARY KEY  (id),
  KEY response_id (response_id),
  KEY survey_question (survey_id,question_id,status,submitted_at)
) $charset;"
		);
		$this->assertSame( array( 'response_id' ), self::index_columns( 'answers', 'response_id' ) );
		$this->assertContains( 'daily_funnel', ( new Migrator() )->missing_tables() );
	}
}
