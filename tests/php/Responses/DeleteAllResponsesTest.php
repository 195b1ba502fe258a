<?php
/**
 * DELETE surveys/{id}/responses with { all: true }: every response of the survey (any status) deleted
 * a bounded batch per request, answered { deleted, remaining }; rollups equal to a rebuild; refused
 * without delete_surveys (403), for an unknown survey (404) and for a body that is not exactly one
 * of all: true and response_ids (400). Deleting by ids keeps its own rules (AdminResponseActionsTest).
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

final class DeleteAllResponsesTest extends AdminResponsesTestCase {

	private function delete_all( int $survey_id, ?array $body = array( 'all' => true ) ): \WP_REST_Response {
		return $this->rest( 'DELETE', self::NS . "/surveys/$survey_id/responses", array(), $body );
	}

	private static function count_of( int $survey_id, string $table = 'responses' ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE survey_id = %d', Schema::table( $table ), $survey_id ) );
	}

	/**
	 * Responses of every status, with answers the rollups count, and the rollups built from them.
	 *
	 * @return int[]
	 */
	private static function mixed_responses( int $survey_id, int $count ): array {
		$ids      = array();
		$statuses = array( 'publish', 'partial', 'trash' );
		for ( $i = 0; $i < $count; $i++ ) {
			$ids[] = self::add_response(
				$survey_id,
				array(
					'status'  => $statuses[ $i % 3 ],
					'at'      => gmdate( 'Y-m-d H:i:s', strtotime( '2026-03-01 10:00:00 UTC' ) + $i * 7200 ),
					'answers' => array(
						1 => 0 === $i % 2 ? 'Yes' : 'No',
						2 => array( 'Green' ),
						6 => (string) ( $i % 11 ),
					),
				)
			);
		}
		( new Rollups() )->rebuild_survey( $survey_id );
		return $ids;
	}

	public function test_every_response_of_the_survey_is_deleted_on_every_edition(): void {
		// Lite: deleting by ids is a paid feature; deleting all is the site owner's privacy tool.
		$this->set_entitlements( 'lite', null );
		$this->as_user( 'administrator' );
		$survey = self::open_survey();
		$other  = self::open_survey();
		self::mixed_responses( $survey, 7 );
		$kept = self::mixed_responses( $other, 2 );
		$before_other = self::rollups( $other );
		$changed      = 0;
		add_action(
			'userfeedback_responses_changed',
			static function ( int $id ) use ( &$changed, $survey ): void {
				$changed += $id === $survey ? 1 : 100;
			}
		);

		$response = $this->delete_all( $survey );

		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame( array( 'deleted' => 7, 'remaining' => 0 ), $response->get_data() );
		$this->assertSame( 0, self::count_of( $survey ) );
		$this->assertSame( 0, self::count_of( $survey, 'answers' ) );
		$this->assertSame( array(), self::rollups( $survey ), 'Nothing of the deleted responses is counted.' );
		$this->assertSame( 1, $changed );
		$this->assertSame( $kept, array_map( 'intval', array_column( array_map( static fn( int $id ): array => self::response_row( $id ), $kept ), 'id' ) ) );
		$this->assertSame( $before_other, self::rollups( $other ), 'Another survey is untouched.' );
		$list = $this->list_data( $survey );
		$this->assertSame( 0, $list['pagination']['total'] );
		$this->assertSame( array( 0, 0, 0, 0 ), array_column( $list['status_filters'], 'count' ) );

		// Nothing left: answered as such.
		$this->assertSame( array( 'deleted' => 0, 'remaining' => 0 ), $this->delete_all( $survey )->get_data() );
	}

	public function test_each_request_deletes_a_bounded_batch_and_says_what_remains(): void {
		$survey  = self::open_survey();
		$ids     = self::mixed_responses( $survey, 7 );
		$service = new AdminResponseService( Plugin::instance()->surveys, new AdminResponseRepository(), static fn() => Plugin::instance()->entitlements(), delete_all_max: 3 );

		$this->assertSame( array( 'deleted' => 3, 'remaining' => 4 ), $service->delete_all( $survey ) );
		$this->assert_rollups_equal_a_rebuild( $survey, 'After a batch, the rollups equal a rebuild from the raw rows.' );
		$this->assertSame( array( 'deleted' => 3, 'remaining' => 1 ), $service->delete_all( $survey ) );
		$this->assertSame( array( 'deleted' => 1, 'remaining' => 0 ), $service->delete_all( $survey ) );
		foreach ( $ids as $id ) {
			$this->assertNull( self::response_row( $id ) );
		}
		$this->assertSame( 2000, AdminResponseService::DELETE_ALL_MAX );
	}

	public function test_users_without_delete_surveys_are_refused_and_nothing_is_deleted(): void {
		$this->as_elite();
		$survey = self::open_survey();
		self::mixed_responses( $survey, 3 );
		foreach ( array( 'subscriber', 'editor' ) as $role ) {
			$this->as_user( $role );
			$this->assertSame( 403, $this->delete_all( $survey )->get_status(), $role );
		}
		$this->as_results_viewer();
		$this->assertSame( 403, $this->delete_all( $survey )->get_status(), 'May view results, may not delete.' );
		wp_set_current_user( 0 );
		$this->assertSame( 401, $this->delete_all( $survey )->get_status() );
		$this->assertSame( 3, self::count_of( $survey ) );
	}

	public function test_an_unknown_survey_is_404_and_a_bad_body_400(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$survey = self::open_survey();
		$trash  = self::mixed_responses( $survey, 3 )[2];

		$this->assertSame( 404, $this->delete_all( $survey + 1000 )->get_status() );
		foreach ( array( array( 'all' => false ), array( 'all' => 'yes' ), array( 'all' => 1 ), array(), array( 'all' => true, 'response_ids' => array( $trash ) ), array( 'all' => true, 'survey' => 1 ) ) as $bad ) {
			$response = $this->delete_all( $survey, $bad );
			$this->assertSame( 400, $response->get_status(), (string) wp_json_encode( $bad ) . ' ' . wp_json_encode( $response->get_data() ) );
		}
		$this->assertSame( 3, self::count_of( $survey ) );
		// Deleting by ids still works as it did, and answers as it did.
		$this->assertSame( array( 'done' => array( $trash ) ), $this->delete_all( $survey, array( 'response_ids' => array( $trash ) ) )->get_data() );
		$this->assertSame( 2, self::count_of( $survey ) );
	}

	public function test_the_route_publishes_the_all_flag(): void {
		$options = self::data( rest_do_request( new \WP_REST_Request( 'OPTIONS', self::NS . '/surveys/1/responses' ) ) );
		$delete  = array_values( array_filter( $options['endpoints'], static fn( array $e ): bool => in_array( 'DELETE', $e['methods'], true ) ) )[0];
		$this->assertSame( 'boolean', $delete['args']['all']['type'] );
		$this->assertStringContainsString( 'remaining', $delete['args']['all']['description'] );
		$this->assertArrayHasKey( 'response_ids', $delete['args'] );
	}
}
