<?php
/**
 * For tests of searches: InnoDB applies FULLTEXT index changes at commit, so on MariaDB a search sees
 * only committed answers. commit_survey() commits what the test wrote so far; tearDown deletes the
 * rows of those surveys and commits that (on both engines alike).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Results;

use UserFeedback\Database\AnswerSearch;
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
		AnswerSearch::reset();
		if ( ! $this->committed_surveys ) {
			return;
		}
		$wpdb->query( 'ROLLBACK' );
		foreach ( array_unique( $this->committed_surveys ) as $id ) {
			foreach ( array( 'answers', 'response_fields', 'responses', 'impressions', 'daily_responses', 'daily_answers', 'daily_funnel' ) as $table ) {
				$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE survey_id = %d', Schema::table( $table ), $id ) );
			}
			$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE id = %d', Schema::table( 'surveys' ), $id ) );
		}
		$wpdb->query( 'COMMIT' );
		$wpdb->query( 'START TRANSACTION' );
		$this->committed_surveys = array();
	}
}
