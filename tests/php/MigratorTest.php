<?php
/**
 * The tables of DESIGN.md section 3, created by a versioned, idempotent migrator.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

use UserFeedback\Database\Migrator;
use UserFeedback\Database\Schema;

final class MigratorTest extends TestCase {

	public function test_activation_created_every_table_and_recorded_the_version(): void {
		$migrator = new Migrator();
		$this->assertSame( array(), $migrator->missing_tables() );
		$this->assertSame( Schema::VERSION, (int) get_option( Migrator::VERSION_OPTION ) );
		$this->assertFalse( $migrator->needs_migration() );
	}

	public function test_the_indexes_results_depend_on_exist(): void {
		$this->assertIndex( 'responses', 'survey_status_date', array( 'survey_id', 'status', 'submitted_at' ) );
		$this->assertIndex( 'answers', 'survey_question', array( 'survey_id', 'question_id', 'status', 'submitted_at' ) );
		$this->assertIndex( 'answers', 'response_question', array( 'response_id', 'question_id' ) );
		$this->assertIndex( 'responses', 'survey_client', array( 'survey_id', 'client_id' ) );
		$this->assertIndex( 'daily_funnel', 'PRIMARY', array( 'survey_id', 'day', 'question_id', 'metric' ) );
		$this->assertIndex( 'impressions', 'PRIMARY', array( 'survey_id', 'day' ) );
		$this->assertIndex( 'post_ratings', 'post_created', array( 'post_id', 'created_at' ) );
		$this->assertIndex( 'post_rating_totals', 'PRIMARY', array( 'post_id' ) );
		$this->assertIndex( 'surveys', 'status_publish', array( 'status', 'publish_at' ) );
	}

	public function test_running_again_is_idempotent_and_keeps_data(): void {
		global $wpdb;
		$wpdb->insert( Schema::table( 'impressions' ), array( 'survey_id' => 7, 'day' => '2026-01-02', 'count' => 3 ) );
		$this->commit_transaction(); // DDL below commits implicitly on MariaDB; make that explicit for both engines.
		try {
			update_option( Migrator::VERSION_OPTION, '0' );
			$this->assertTrue( ( new Migrator() )->needs_migration() );
			$this->assertTrue( ( new Migrator() )->migrate() );
			$this->assertTrue( ( new Migrator() )->migrate(), 'A second run must not fail.' );
			$this->assertSame( Schema::VERSION, (int) get_option( Migrator::VERSION_OPTION ) );
			$this->assertSame( '3', $wpdb->get_var( $wpdb->prepare( 'SELECT count FROM %i WHERE survey_id = 7', Schema::table( 'impressions' ) ) ) );
		} finally {
			$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE survey_id = 7', Schema::table( 'impressions' ) ) );
			// The row was committed above: its removal must be too, or a later test's survey 7 finds it.
			$this->commit_transaction();
		}
	}

	public function test_version_5_counts_the_post_rating_totals_from_the_votes(): void {
		global $wpdb;
		$votes  = Schema::table( 'post_ratings' );
		$totals = Schema::table( 'post_rating_totals' );
		foreach ( array( array( 901, 5 ), array( 901, 2 ), array( 902, 4 ) ) as [ $post, $rating ] ) {
			$wpdb->insert( $votes, array( 'post_id' => $post, 'rating' => $rating, 'created_at' => '2026-11-20 10:00:00' ) );
		}
		// As a version 4 site left them: votes, and no totals.
		$wpdb->query( $wpdb->prepare( 'DELETE FROM %i', $totals ) );
		// Outside the test's transaction, as in a real request: the step runs in a transaction of its
		// own, which on MariaDB would commit the test's (and the migration lock with it).
		$this->without_transaction(
			function () use ( $wpdb, $votes, $totals ): void {
				try {
					update_option( Migrator::VERSION_OPTION, '4' );
					$this->assertTrue( \UserFeedback\Plugin::instance()->migrator->migrate() );
					$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT post_id, votes, total FROM %i ORDER BY post_id', $totals ), ARRAY_A );
					$this->assertSame(
						array(
							array( 'post_id' => '901', 'votes' => '2', 'total' => '7' ),
							array( 'post_id' => '902', 'votes' => '1', 'total' => '4' ),
						),
						$rows
					);
					$this->assertEqualsWithDelta( 3.5, ( new \UserFeedback\PostRatings\RatingRepository() )->summary( 901 )['average'], 0.0001 );
				} finally {
					$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE post_id IN (901, 902)', $votes ) );
					$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE post_id IN (901, 902)', $totals ) );
					wp_cache_flush();
				}
			}
		);
	}

	public function test_a_missing_table_is_created_again(): void {
		global $wpdb;
		$this->commit_transaction();
		$wpdb->query( $wpdb->prepare( 'DROP TABLE %i', Schema::table( 'post_ratings' ) ) );
		$this->assertSame( array( 'post_ratings' ), ( new Migrator() )->missing_tables() );
		( new Migrator() )->migrate();
		$this->assertSame( array(), ( new Migrator() )->missing_tables() );
	}

	public function test_a_fresh_lock_held_by_another_request_makes_it_wait(): void {
		add_option( 'userfeedback_migration_lock', (string) time(), '', false );
		$this->assertFalse( ( new Migrator() )->migrate() );
		update_option( 'userfeedback_migration_lock', (string) ( time() - 3600 ) );
		$this->commit_transaction();
		$this->assertTrue( ( new Migrator() )->migrate(), 'A stale lock is taken over.' );
		$this->assertFalse( get_option( 'userfeedback_migration_lock' ) );
	}

	public function test_schema_refuses_names_that_are_not_ours(): void {
		$this->expectException( \InvalidArgumentException::class );
		Schema::table( 'users; DROP TABLE wp_users' );
	}

	/**
	 * @param string[] $columns Expected columns in order.
	 */
	private function assertIndex( string $table, string $index, array $columns ): void {
		global $wpdb;
		// Unquoted, as dbDelta() asks it: the SQLite driver answers nothing for a backticked name here.
		$rows = $wpdb->get_results( 'SHOW INDEX FROM ' . Schema::table( $table ), ARRAY_A );
		$found = array();
		// Rows come in column order on both engines; SQLite reports every Seq_in_index as 0.
		foreach ( $rows as $row ) {
			if ( $row['Key_name'] === $index ) {
				$found[] = $row['Column_name'];
			}
		}
		$this->assertSame( $columns, $found, "Index $index on $table." );
	}
}
