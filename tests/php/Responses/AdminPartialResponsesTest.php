<?php
/**
 * Partial responses on the admin's responses routes: the partial filter and its count, the new item
 * fields, restore to the status the response had (publish when completed, partial when not) with the
 * rollups kept right per target, trash and delete of partial ones, the list snapshots after a partial
 * completes in place, and refusal of an unknown status.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Responses;

use UserFeedback\Database\Rollups;
use UserFeedback\Database\Schema;
use UserFeedback\Plugin;
use UserFeedback\Responses\AdminResponseRepository;
use UserFeedback\Responses\AdminResponseService;

final class AdminPartialResponsesTest extends AdminResponsesTestCase {

	private function act( string $action, int $survey_id, array $ids ): \WP_REST_Response {
		$path = self::NS . "/surveys/$survey_id/responses" . ( 'delete' === $action ? '' : "/$action" );
		return $this->rest( 'delete' === $action ? 'DELETE' : 'POST', $path, array(), array( 'response_ids' => $ids ) );
	}

	private function service(): AdminResponseService {
		return new AdminResponseService( Plugin::instance()->surveys, new AdminResponseRepository(), \Closure::fromCallable( array( Plugin::instance(), 'entitlements' ) ) );
	}

	/**
	 * Completes a partial response in place, as the visitor's last write does: status, completion
	 * time (which becomes submitted_at), answers' status, and the survey's rollups.
	 */
	private static function complete( int $id, string $at ): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( "UPDATE %i SET status = 'publish', submitted_at = %s, completed_at = %s WHERE id = %d", Schema::table( 'responses' ), $at, $at, $id ) );
		$wpdb->query( $wpdb->prepare( "UPDATE %i SET status = 'publish', submitted_at = %s WHERE response_id = %d", Schema::table( 'answers' ), $at, $id ) );
		( new \UserFeedback\Database\Rollups() )->rebuild_survey( (int) $wpdb->get_var( $wpdb->prepare( 'SELECT survey_id FROM %i WHERE id = %d', Schema::table( 'responses' ), $id ) ) );
	}

	/**
	 * Non-zero rows of the response rollups of a survey (responses, answers, funnel), comparable.
	 *
	 * @return array<string,int>
	 */
	private static function rollup_rows( int $survey_id ): array {
		global $wpdb;
		$rows = array();
		foreach ( $wpdb->get_results( $wpdb->prepare( 'SELECT day, count FROM %i WHERE survey_id = %d', Schema::table( 'daily_responses' ), $survey_id ), ARRAY_A ) as $row ) {
			if ( 0 !== (int) $row['count'] ) {
				$rows[ 'r|' . $row['day'] ] = (int) $row['count'];
			}
		}
		foreach ( $wpdb->get_results( $wpdb->prepare( 'SELECT day, question_id, kind, value, count FROM %i WHERE survey_id = %d', Schema::table( 'daily_answers' ), $survey_id ), ARRAY_A ) as $row ) {
			if ( 0 !== (int) $row['count'] ) {
				$rows[ 'a|' . implode( '|', array( $row['day'], $row['question_id'], $row['kind'], $row['value'] ) ) ] = (int) $row['count'];
			}
		}
		foreach ( $wpdb->get_results( $wpdb->prepare( 'SELECT day, question_id, metric, count FROM %i WHERE survey_id = %d', Schema::table( 'daily_funnel' ), $survey_id ), ARRAY_A ) as $row ) {
			if ( 0 !== (int) $row['count'] ) {
				$rows[ 'f|' . implode( '|', array( $row['day'], $row['question_id'], $row['metric'] ) ) ] = (int) $row['count'];
			}
		}
		ksort( $rows );
		return $rows;
	}

	public function test_the_partial_filter_lists_partial_responses_with_their_fields_and_counts(): void {
		$this->as_user( 'administrator' );
		$survey   = self::open_survey();
		$done     = self::add_series( $survey, 3 );
		$partial  = self::add_response(
			$survey,
			array(
				'status'        => 'partial',
				'at'            => '2026-03-01 10:05:00',
				'started_at'    => '2026-03-01 10:00:00',
				'last_question' => 2,
				'answers'       => array(
					1 => 'Yes',
					2 => null,
				),
			)
		);
		$closed   = self::add_response(
			$survey,
			array(
				'status'    => 'partial',
				'at'        => '2026-02-01 10:00:00',
				'closed_at' => '2026-02-02 11:00:00',
			)
		);
		self::add_series( $survey, 1, 'trash' );

		$list = $this->list_data( $survey, array( 'filter' => array( 'status' => 'partial' ) ) );
		$this->assertSame( array( $partial, $closed ), self::ids_of( $list ) );
		$this->assertSame( 2, $list['pagination']['total'] );
		$this->assertSame(
			array(
				array( 'status' => 'all', 'count' => 3 ),
				array( 'status' => 'publish', 'count' => 3 ),
				array( 'status' => 'partial', 'count' => 2 ),
				array( 'status' => 'trash', 'count' => 1 ),
			),
			$list['status_filters']
		);
		$item = $list['items'][0];
		$this->assertSame( 'partial', $item['status'] );
		$this->assertFalse( $item['complete'] );
		$this->assertSame( '2026-03-01T10:00:00Z', $item['started_at'] );
		$this->assertNull( $item['completed_at'] );
		$this->assertSame( '2026-03-01T10:05:00Z', $item['submitted_at'] );
		$this->assertSame( 2, $item['last_question'] );
		$this->assertSame( array( 1, 2 ), array_column( $item['answers'], 'question_id' ) );

		// The default list and "publish" hold completed responses only.
		$this->assertSame( array_reverse( $done ), self::ids_of( $this->list_data( $survey ) ) );
		$this->assertSame( array_reverse( $done ), self::ids_of( $this->list_data( $survey, array( 'filter' => array( 'status' => 'publish' ) ) ) ) );
		$this->assertTrue( $this->list_data( $survey )['items'][0]['complete'] );

		// One partial response, placed in its own list.
		$detail = self::data( $this->rest( 'GET', self::NS . "/surveys/$survey/responses/$closed" ) );
		$this->assertSame( 'partial', $detail['response']['status'] );
		$this->assertSame( array( 'index' => 2, 'total' => 2, 'prev_id' => $partial, 'next_id' => null, 'capped' => false ), $detail['position'] );
	}

	public function test_an_unknown_status_is_refused(): void {
		$this->as_user( 'administrator' );
		$survey = self::open_survey();
		foreach ( array( 'completed', 'PARTIAL', 'closed' ) as $status ) {
			$response = $this->list( $survey, array( 'filter' => array( 'status' => $status ) ) );
			$this->assertSame( 400, $response->get_status(), $status );
			$this->assertSame( 'rest_invalid_param', $response->get_data()['code'] );
		}
		$response = $this->rest( 'GET', self::NS . "/surveys/$survey/responses/1", array( 'filter' => array( 'status' => 'open' ) ) );
		$this->assertSame( 400, $response->get_status() );
	}

	public function test_the_partial_list_is_refused_to_roles_without_results(): void {
		$survey = self::open_survey();
		self::add_response( $survey, array( 'status' => 'partial' ) );
		$this->as_user( 'subscriber' );
		$this->assertSame( 403, $this->list( $survey, array( 'filter' => array( 'status' => 'partial' ) ) )->get_status() );
	}

	public function test_restore_brings_completed_responses_back_to_publish_and_partial_ones_to_partial(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$survey   = self::open_survey();
		$complete = self::add_response( $survey, array( 'at' => '2026-03-01 10:00:00', 'answers' => array( 1 => 'Yes', 2 => array( 'Red' ) ) ) );
		$partial  = self::add_response( $survey, array( 'status' => 'partial', 'at' => '2026-03-01 11:00:00', 'answers' => array( 1 => 'No' ) ) );
		( new Rollups() )->rebuild_survey( $survey );
		$rollups = self::rollup_rows( $survey );
		$this->assertSame( 1, $rollups['r|2026-03-01'] ?? null, 'The completed response alone is counted.' );
		$this->assertSame( 2, $rollups['f|2026-03-01|0|1'] ?? null, 'Both started.' );
		$this->assertSame( 1, $rollups['f|2026-03-01|0|2'] ?? null, 'One completed.' );

		$this->assertSame( array( 'done' => array( $complete, $partial ) ), self::data( $this->act( 'trash', $survey, array( $complete, $partial ) ) ) );
		$this->assertSame( 'trash', self::response_row( $partial )['status'] );
		$this->assertSame( array( 'f|2026-03-01|0|' . Rollups::METRIC_TRASHED => 2 ), self::rollup_rows( $survey ), 'Only the trash\'s count: both, on the day they started.' );
		$trash = $this->list_data( $survey, array( 'filter' => array( 'status' => 'trash' ) ) );
		$this->assertSame( array( $partial, $complete ), self::ids_of( $trash ) );
		$this->assertSame( array( false, true ), array_column( $trash['items'], 'complete' ), 'A trashed response keeps whether it was completed.' );

		$this->assertSame( array( 'done' => array( $complete, $partial ) ), self::data( $this->act( 'restore', $survey, array( $complete, $partial ) ) ) );
		$this->assertSame( 'publish', self::response_row( $complete )['status'] );
		$this->assertSame( 'partial', self::response_row( $partial )['status'] );
		$this->assertSame( 'partial', self::answer_row( $partial, 1 )['status'] );
		$this->assertSame( 'publish', self::answer_row( $complete, 1 )['status'] );
		$this->assertSame( $rollups, self::rollup_rows( $survey ), 'Restore adds back the completed response only.' );

		$list = $this->list_data( $survey );
		$this->assertSame( array( $complete ), self::ids_of( $list ) );
		$this->assertSame( array( 1, 1, 1, 0 ), array_column( $list['status_filters'], 'count' ) );

		// Restoring what is not in the trash changes nothing.
		$this->assertSame( array( 'done' => array() ), self::data( $this->act( 'restore', $survey, array( $complete, $partial ) ) ) );
	}

	public function test_partial_responses_can_be_trashed_and_deleted(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$survey  = self::open_survey();
		$partial = self::add_response( $survey, array( 'status' => 'partial' ) );
		$kept    = self::add_response( $survey, array( 'status' => 'partial' ) );

		// A partial response is not in the trash: it cannot be deleted yet.
		$this->assertSame( 400, $this->act( 'delete', $survey, array( $partial ) )->get_status() );
		$this->assertSame( array( 'done' => array( $partial ) ), self::data( $this->act( 'trash', $survey, array( $partial ) ) ) );
		$this->assertSame( array( 'done' => array( $partial ) ), self::data( $this->act( 'delete', $survey, array( $partial ) ) ) );
		$this->assertNull( self::response_row( $partial ) );
		$this->assertSame( array(), self::answer_rows( $partial ) );
		$this->assertSame( 'partial', self::response_row( $kept )['status'] );
		$this->assertSame( array( $kept ), self::ids_of( $this->list_data( $survey, array( 'filter' => array( 'status' => 'partial' ) ) ) ) );
	}

	public function test_a_partial_that_completes_in_place_moves_to_the_completed_list(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$survey   = self::open_survey();
		$service  = $this->service();
		$done     = self::add_series( $survey, 7 );
		$partials = self::add_series( $survey, 4, 'partial', '2026-01-10 09:00:00' );
		$this->assertSame( 7, $service->list( $survey, array() )['pagination']['total'] );
		$this->assertSame( 4, $service->list( $survey, array( 'filter' => array( 'status' => 'partial' ) ) )['pagination']['total'] );

		$now = time();
		self::complete( $partials[1], gmdate( 'Y-m-d H:i:s', $now - 30 ) );
		self::complete( $partials[3], gmdate( 'Y-m-d H:i:s', $now - 20 ) );
		$expected = array_merge( array( $partials[3], $partials[1] ), array_reverse( $done ) );
		foreach ( array( 1, 2 ) as $look ) { // The second look must not count them again.
			$got = array();
			for ( $page = 1; $page <= 3; $page++ ) {
				$got = array_merge( $got, array_column( $service->list( $survey, array( 'per_page' => 4, 'page' => $page ) )['items'], 'id' ) );
			}
			$this->assertSame( $expected, $got, "look $look" );
			$list = $service->list( $survey, array( 'filter' => array( 'status' => 'partial' ) ) );
			$this->assertSame( array( $partials[2], $partials[0] ), array_column( $list['items'], 'id' ), "look $look" );
			$this->assertSame( array( 9, 9, 2, 0 ), array_column( $list['status_filters'], 'count' ), "look $look" );
		}
		$this->assertSame( array( 'index' => 1, 'total' => 9, 'prev_id' => null, 'next_id' => $partials[1], 'capped' => false ), $service->detail( $survey, $partials[3], array() )['position'] );

		// Completed and trashed before any list looked again: counted once.
		self::complete( $partials[0], gmdate( 'Y-m-d H:i:s', $now - 10 ) );
		$service->act( 'trash', $survey, array( $partials[0] ) );
		$list = $service->list( $survey, array() );
		$this->assertSame( 9, $list['pagination']['total'] );
		$this->assertSame( array( 9, 9, 1, 1 ), array_column( $list['status_filters'], 'count' ) );
		$service->act( 'restore', $survey, array( $partials[0] ) );
		$this->assertSame( array( 10, 10, 1, 0 ), array_column( $service->list( $survey, array() )['status_filters'], 'count' ) );
		$this->assertSame( $partials[0], $service->list( $survey, array() )['items'][0]['id'] );
	}
}
