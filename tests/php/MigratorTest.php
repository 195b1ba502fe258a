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

	public function test_version_7_adds_the_user_id_and_email_and_fills_the_emails_from_the_answers_in_batches(): void {
		global $wpdb;
		$surveys   = Schema::table( 'surveys' );
		$responses = Schema::table( 'responses' );
		$answers   = Schema::table( 'answers' );
		$this->without_transaction(
			function () use ( $wpdb, $surveys, $responses, $answers ): void {
				$ids = array();
				try {
					$this->make_version_6_responses_table();
					$this->assertNotContains( 'email', $wpdb->get_col( 'SHOW COLUMNS FROM ' . $responses ) );
					$question = static fn( int $id, string $type ): array => array( 'id' => $id, 'type' => $type, 'title' => "Q$id" );
					$survey   = static function ( array $questions ) use ( $wpdb, $surveys ): int {
						$wpdb->insert(
							$surveys,
							array( 'title' => 'V7', 'questions' => wp_json_encode( $questions ), 'settings' => '{}', 'notifications' => '{}', 'created_at' => '2026-01-01 00:00:00', 'updated_at' => '2026-01-01 00:00:00' )
						);
						return (int) $wpdb->insert_id;
					};
					// Survey order is the questions' order, not their ids: question 5 comes before question 2.
					$with    = $survey( array( $question( 1, 'text' ), $question( 5, 'email' ), $question( 2, 'email' ) ) );
					$without = $survey( array( $question( 1, 'text' ) ) );
					$ids     = array( $with, $without );
					$answer  = static function ( int $response, int $survey_id, int $question_id, ?string $value ) use ( $wpdb, $answers ): void {
						$wpdb->insert( $answers, array( 'response_id' => $response, 'survey_id' => $survey_id, 'question_id' => $question_id, 'status' => 'publish', 'submitted_at' => '2026-01-02 00:00:00', 'value' => $value ) );
					};
					$response = static function ( int $survey_id ) use ( $wpdb, $responses ): int {
						$wpdb->insert( $responses, array( 'survey_id' => $survey_id, 'status' => 'publish', 'submitted_at' => '2026-01-02 00:00:00' ) );
						return (int) $wpdb->insert_id;
					};
					$first   = $response( $with );
					$answer( $first, $with, 1, 'me@example.com is my address' );
					$answer( $first, $with, 2, 'second@example.com' );
					$answer( $first, $with, 5, '  Ann.Lee@Example.COM ' );
					$skipped = $response( $with );
					$answer( $skipped, $with, 5, null );
					$answer( $skipped, $with, 2, 'Bob@Example.org' );
					$invalid = $response( $with );
					$answer( $invalid, $with, 5, 'not an address' );
					$long = $response( $with );
					$answer( $long, $with, 5, str_repeat( 'a', 95 ) . '@example.com' );
					$text = $response( $without );
					$answer( $text, $without, 1, 'text@example.com' );
					// More than one batch of 500: the last of them is filled too.
					$many = array();
					for ( $i = 0; $i < 510; $i++ ) {
						$many[] = $response( $with );
					}
					$rows = array();
					foreach ( $many as $i => $id ) {
						$rows[] = $wpdb->prepare( "(%d, %d, 2, 'publish', '2026-01-02 00:00:00', %s)", $id, $with, "Person$i@Example.com" );
					}
					$wpdb->query( 'INSERT INTO ' . $answers . ' (response_id, survey_id, question_id, status, submitted_at, value) VALUES ' . implode( ', ', $rows ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- prepared rows.
					update_option( Migrator::VERSION_OPTION, '6' );

					$this->assertTrue( \UserFeedback\Plugin::instance()->migrator->migrate() );

					$this->assertSame( Schema::VERSION, (int) get_option( Migrator::VERSION_OPTION ) );
					$this->assertIndex( 'responses', 'user_id', array( 'user_id' ) );
					$this->assertIndex( 'responses', 'email', array( 'email' ) );
					// get_row(): get_var() answers null for an empty string.
					$email = static fn( int $id ): ?string => $wpdb->get_row( $wpdb->prepare( 'SELECT email FROM %i WHERE id = %d', $responses, $id ), ARRAY_A )['email'] ?? null;
					$this->assertSame( 'ann.lee@example.com', $email( $first ), 'The first email question in survey order, trimmed and lower-cased.' );
					$this->assertSame( 'bob@example.org', $email( $skipped ), 'A skipped email question gives way to the next one.' );
					$this->assertSame( '', $email( $invalid ) );
					$this->assertSame( '', $email( $long ), 'An address longer than the column is not cut to a different one.' );
					$this->assertSame( '', $email( $text ), 'Only answers of email questions count.' );
					$this->assertSame( 'person509@example.com', $email( end( $many ) ) );
					$this->assertSame( '510', $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM %i WHERE survey_id = %d AND email LIKE 'person%%'", $responses, $with ) ) );
					$this->assertSame( '0', $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE survey_id IN (%d, %d) AND user_id <> 0', $responses, $with, $without ) ) );

					// A second run keeps what is there: an address set since is not overwritten.
					$wpdb->update( $responses, array( 'email' => 'changed@example.com' ), array( 'id' => $first ) );
					( new \UserFeedback\Responses\ResponseRepository() )->fill_emails();
					$this->assertSame( 'changed@example.com', $email( $first ) );
				} finally {
					foreach ( $ids as $id ) {
						$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE survey_id = %d', $responses, $id ) );
						$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE survey_id = %d', $answers, $id ) );
						$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE id = %d', $surveys, $id ) );
					}
					update_option( Migrator::VERSION_OPTION, (string) Schema::VERSION );
					wp_cache_flush();
				}
			}
		);
	}

	/**
	 * The responses table as version 6 made it: no user_id, no email. Empty: the test adds its rows.
	 */
	private function make_version_6_responses_table(): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'DROP TABLE IF EXISTS %i', Schema::table( 'responses' ) ) );
		require_once ABSPATH . 'wp-admin/includes/upgrade.php';
		$statement = Schema::statements()['responses'];
		foreach ( array( "  user_id bigint(20) unsigned NOT NULL DEFAULT 0,\n", "  email varchar(100) NOT NULL DEFAULT '',\n", ",\n  KEY user_id (user_id),\n  KEY email (email)" ) as $added ) {
			$this->assertStringContainsString( $added, $statement );
			$statement = str_replace( $added, '', $statement );
		}
		dbDelta( $statement );
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
		$this->assertSame( $columns, self::index_columns( $table, $index ), "Index $index on $table." );
	}
}
