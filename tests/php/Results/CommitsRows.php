<?php
/**
 * For tests whose rows must be committed (searches were, while InnoDB's FULLTEXT index of versions 10 to
 * 12 saw only committed answers; a test whose code commits on its own). commit_survey() commits what the
 * test wrote so far; tearDown deletes the rows of those surveys and commits that (on both engines alike).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Results;

use UserFeedback\Database\Schema;

trait CommitsRows {

	/** @var int[] Surveys whose rows were committed. */
	private array $committed_surveys = array();

	/** Commits the rows written so far; $survey's rows are deleted after the test. */
	protected function commit_survey( int ...$surveys ): void {
		array_push( $this->committed_surveys, ...$surveys );
		$this->commit_transaction();
	}

	protected function delete_committed_rows(): void {
		global $wpdb;
		if ( ! $this->committed_surveys ) {
			return;
		}
		$wpdb->query( 'ROLLBACK' );
		foreach ( array_unique( $this->committed_surveys ) as $id ) {
			foreach ( array( 'answers', 'response_fields', 'responses', 'impressions', 'daily_responses', 'daily_answers', 'daily_funnel', 'daily_partials', 'id_blocks', 'answer_terms' ) as $table ) {
				$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE survey_id = %d', Schema::table( $table ), $id ) );
			}
			$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE id = %d', Schema::table( 'surveys' ), $id ) );
		}
		$wpdb->query( 'COMMIT' );
		$wpdb->query( 'START TRANSACTION' );
		$this->committed_surveys = array();
	}
}
