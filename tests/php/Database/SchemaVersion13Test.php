<?php
/**
 * The migration to version 13 (issue 19): a site from version 12 gets the search table, filled from
 * its answers by the upgrade step, and loses the answers' FULLTEXT key of versions 10 to 12 (MariaDB),
 * which no search reads any more.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Database;

use UserFeedback\Database\AnswerTerms;
use UserFeedback\Database\Migrator;
use UserFeedback\Database\Schema;
use UserFeedback\Database\TermSearch;
use UserFeedback\Plugin;
use UserFeedback\Tests\TestCase;

final class SchemaVersion13Test extends TestCase {

	public function test_a_version_12_site_gets_its_search_table_filled_and_loses_the_fulltext_key(): void {
		global $wpdb;
		$answers = Schema::table( 'answers' );
		$terms   = Schema::table( AnswerTerms::TABLE );
		$this->without_transaction(
			function () use ( $wpdb, $answers, $terms ): void {
				$survey = Plugin::instance()->surveys->insert(
					array(
						'title'     => 'Version 12',
						'status'    => 'publish',
						'questions' => array(
							array(
								'id'    => 1,
								'type'  => 'text',
								'title' => 'Why?',
							),
						),
					)
				);
				try {
					// A response written by version 12: its answer, no words.
					$wpdb->query( $wpdb->prepare( "INSERT INTO %i (response_id, survey_id, question_id, status, submitted_at, value) VALUES (9901, %d, 1, 'publish', '2026-03-04 10:00:00', 'Slow checkout page')", $answers, $survey ) );
					if ( 'sqlite' !== getenv( 'UF_DB' ) ) {
						$wpdb->query( $wpdb->prepare( 'ALTER TABLE %i ADD FULLTEXT KEY answer_text (value, extra)', $answers ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery.SchemaChange -- the key an older version created.
						$this->assertSame( array( 'value', 'extra' ), self::index_columns( 'answers', 'answer_text' ) );
					}
					update_option( Migrator::VERSION_OPTION, '12' );

					$this->assertTrue( Plugin::instance()->migrator->migrate() );

					$this->assertSame( array(), self::index_columns( 'answers', 'answer_text' ), 'The FULLTEXT key is dropped.' );
					$this->assertTrue( AnswerTerms::ready(), 'The upgrade step filled the table.' );
					$this->assertSame( array( 'checkout', 'page', 'slow' ), array_map( 'strval', (array) $wpdb->get_col( $wpdb->prepare( 'SELECT term FROM %i WHERE survey_id = %d ORDER BY term', $terms, $survey ) ) ) );
					$this->assertNotNull( TermSearch::plan( 'checkout' ) );
				} finally {
					$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE survey_id = %d', $answers, $survey ) );
					$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE survey_id = %d', $terms, $survey ) );
					$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE id = %d', Schema::table( 'surveys' ), $survey ) );
					update_option( Migrator::VERSION_OPTION, (string) Schema::VERSION );
					delete_option( AnswerTerms::FILL_OPTION );
					wp_clear_scheduled_hook( AnswerTerms::FILL_HOOK );
				}
			}
		);
	}
}
