<?php
/**
 * Helpers of the admin responses and export tests: responses written straight into the tables with
 * chosen dates, statuses and answers (stored as ResponseRepository stores them, the survey's rollups
 * rebuilt after them as its writes keep them: the list's counts and pages read them), and a role that
 * may view results but not delete.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Responses;

use UserFeedback\Database\Schema;

abstract class AdminResponsesTestCase extends ResponsesTestCase {

	/**
	 * Writes one response with its answers.
	 *
	 * @param array<string,mixed> $spec at (UTC), status (publish, partial, trash), started_at, completed_at
	 *                                  (null for a partial one by default), closed_at, last_question, url, title, ip, browser, os, device,
	 *                                  answers (question id => value: string, list, or null for skipped),
	 *                                  extra (question id => array).
	 */
	protected static function add_response( int $survey_id, array $spec = array(), bool $rollups = true ): int {
		global $wpdb;
		$status = $spec['status'] ?? 'publish';
		$at     = $spec['at'] ?? gmdate( 'Y-m-d H:i:s' );
		$wpdb->insert(
			Schema::table( 'responses' ),
			array(
				'survey_id'    => $survey_id,
				'status'       => $status,
				'submitted_at' => $at,
				'page_url'     => $spec['url'] ?? 'https://example.com/pricing/',
				'page_title'   => $spec['title'] ?? 'Pricing',
				'ip'           => $spec['ip'] ?? '203.0.113.0',
				'browser'      => $spec['browser'] ?? 'Chrome',
				'os'           => $spec['os'] ?? 'Windows',
				'device'       => $spec['device'] ?? 'desktop',
				'started_at'   => $spec['started_at'] ?? $at,
				// A partial response has none; a trashed one keeps it when it was completed.
				'completed_at' => array_key_exists( 'completed_at', $spec ) ? $spec['completed_at'] : ( 'partial' === $status ? null : $at ),
				'closed_at'    => $spec['closed_at'] ?? null,
				'last_question' => $spec['last_question'] ?? 0,
			)
		);
		$id = (int) $wpdb->insert_id;
		foreach ( $spec['answers'] ?? array( 1 => 'Yes' ) as $question_id => $value ) {
			$extra = $spec['extra'][ $question_id ] ?? null;
			$wpdb->insert(
				Schema::table( 'answers' ),
				array(
					'response_id'  => $id,
					'survey_id'    => $survey_id,
					'question_id'  => $question_id,
					'status'       => $status,
					'submitted_at' => $at,
					'value'        => is_array( $value ) ? wp_json_encode( $value ) : $value,
					'extra'        => null === $extra ? null : wp_json_encode( $extra ),
				)
			);
		}
		if ( $rollups ) {
			( new \UserFeedback\Database\Rollups() )->rebuild_survey( $survey_id );
		}
		\UserFeedback\Database\AnswerTerms::index_responses( array( $id ) );
		return $id;
	}

	/**
	 * $count responses, one a minute apart from $start on (the first is the oldest).
	 *
	 * @return int[] Ids, oldest first.
	 */
	protected static function add_series( int $survey_id, int $count, string $status = 'publish', string $start = '2026-01-10 08:00:00' ): array {
		$ids  = array();
		$time = strtotime( $start . ' UTC' );
		for ( $i = 0; $i < $count; $i++ ) {
			$ids[] = self::add_response(
				$survey_id,
				array(
					'status' => $status,
					'at'     => gmdate( 'Y-m-d H:i:s', $time + 60 * $i ),
				),
				false
			);
		}
		( new \UserFeedback\Database\Rollups() )->rebuild_survey( $survey_id );
		return $ids;
	}

	/**
	 * @return array<string,mixed>|null
	 */
	protected static function answer_row( int $response_id, int $question_id ): ?array {
		global $wpdb;
		return $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM %i WHERE response_id = %d AND question_id = %d', Schema::table( 'answers' ), $response_id, $question_id ), ARRAY_A );
	}

	/**
	 * A user whose role may view results but not delete surveys or responses.
	 */
	protected function as_results_viewer(): int {
		if ( ! get_role( 'uf_results_viewer' ) ) {
			add_role(
				'uf_results_viewer',
				'Results viewer',
				array(
					'read'                            => true,
					'userfeedback_view_results'       => true,
				)
			);
		}
		return $this->as_user( 'uf_results_viewer' );
	}

	protected function list( int $survey_id, array $query = array() ): \WP_REST_Response {
		return $this->rest( 'GET', self::NS . "/surveys/$survey_id/responses", $query );
	}

	/**
	 * @return array<string,mixed>
	 */
	protected function list_data( int $survey_id, array $query = array() ): array {
		$response = $this->list( $survey_id, $query );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		return self::data( $response );
	}

	/**
	 * @return int[] Ids of a list page.
	 */
	protected static function ids_of( array $list ): array {
		return array_map( static fn( array $item ): int => $item['id'], $list['items'] );
	}

	/**
	 * Every rollup row of a survey that counts something (responses, answers, funnel, the list's
	 * anchors), sorted and comparable: rows may stay at 0 where a rebuild writes none.
	 *
	 * @return string[]
	 */
	protected static function rollups( int $survey_id ): array {
		global $wpdb;
		$rows = array();
		foreach ( array( 'daily_responses', 'daily_answers', 'daily_funnel', 'daily_partials', 'id_blocks' ) as $table ) {
			foreach ( (array) $wpdb->get_results( $wpdb->prepare( 'SELECT * FROM %i WHERE survey_id = %d', Schema::table( $table ), $survey_id ), ARRAY_A ) as $row ) {
				if ( 0 !== (int) $row['count'] ) {
					$rows[] = $table . ' ' . wp_json_encode( array_map( 'strval', $row ) );
				}
			}
		}
		sort( $rows );
		return $rows;
	}

	/**
	 * The survey's rollups as the changes left them equal a rebuild from the raw rows.
	 */
	protected function assert_rollups_equal_a_rebuild( int $survey_id, string $message = '' ): void {
		$live = self::rollups( $survey_id );
		( new \UserFeedback\Database\Rollups() )->rebuild_survey( $survey_id );
		$this->assertSame( self::rollups( $survey_id ), $live, $message ?: "Survey $survey_id: the rollups equal a rebuild from the raw rows." );
	}
}
