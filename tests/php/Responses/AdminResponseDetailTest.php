<?php
/**
 * GET surveys/{id}/responses/{rid}: the response, the survey, and its place in the filtered list
 * (same order as the list), checked against the list for every response.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Responses;

final class AdminResponseDetailTest extends AdminResponsesTestCase {

	/**
	 * @return array<string,mixed>
	 */
	private function detail( int $survey_id, int $id, array $query = array(), int $status = 200 ): array {
		$response = $this->rest( 'GET', self::NS . "/surveys/$survey_id/responses/$id", $query );
		$this->assertSame( $status, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		return self::data( $response );
	}

	public function test_first_middle_and_last_positions(): void {
		$this->as_user( 'administrator' );
		$survey = self::open_survey( array( 'title' => 'Onboarding' ) );
		$ids    = array_reverse( self::add_series( $survey, 5 ) ); // Newest first, as the list.

		$first = $this->detail( $survey, $ids[0] );
		$this->assertSame( array( 'index' => 1, 'total' => 5, 'prev_id' => null, 'next_id' => $ids[1], 'capped' => false ), $first['position'] );
		$this->assertSame( $ids[0], $first['response']['id'] );
		$this->assertSame( 'Onboarding', $first['survey']['title'] );
		$this->assertSame( array( array( 'question_id' => 1, 'value' => 'Yes', 'extra' => null ) ), $first['response']['answers'] );

		$this->assertSame( array( 'index' => 3, 'total' => 5, 'prev_id' => $ids[1], 'next_id' => $ids[3], 'capped' => false ), $this->detail( $survey, $ids[2] )['position'] );
		$this->assertSame( array( 'index' => 5, 'total' => 5, 'prev_id' => $ids[3], 'next_id' => null, 'capped' => false ), $this->detail( $survey, $ids[4] )['position'] );
	}

	public function test_every_position_matches_the_list_with_ties_and_other_statuses(): void {
		$this->as_user( 'administrator' );
		$survey = self::open_survey();
		$times  = array( '2026-05-01 10:00:00', '2026-05-01 10:00:00', '2026-04-01 10:00:00', '2026-05-03 10:00:00', '2026-05-01 10:00:00', '2026-05-02 10:00:00', '2026-03-01 10:00:00', '2026-05-01 10:00:00', '2026-06-01 10:00:00' );
		foreach ( $times as $i => $at ) {
			self::add_response( $survey, array( 'at' => $at, 'status' => 2 === $i % 3 ? 'trash' : 'publish' ) );
		}
		self::add_series( self::open_survey(), 3 );

		foreach ( array( 'all', 'trash' ) as $filter ) {
			$query = array( 'filter' => array( 'status' => $filter ) );
			$list  = self::ids_of( $this->list_data( $survey, $query ) );
			$this->assertNotEmpty( $list );
			foreach ( $list as $i => $id ) {
				$this->assertSame(
					array(
						'index'   => $i + 1,
						'total'   => count( $list ),
						'prev_id' => $list[ $i - 1 ] ?? null,
						'next_id' => $list[ $i + 1 ] ?? null,
						'capped'  => false,
					),
					$this->detail( $survey, $id, $query )['position'],
					"Response $id under $filter."
				);
			}
		}
	}

	public function test_a_trashed_response_asked_for_under_all_is_placed_in_the_trash(): void {
		$this->as_user( 'administrator' );
		$survey = self::open_survey();
		self::add_series( $survey, 3 );
		$trash = self::add_series( $survey, 2, 'trash', '2026-03-01 00:00:00' );
		$data  = $this->detail( $survey, $trash[0] );
		$this->assertSame( 'trash', $data['response']['status'] );
		$this->assertSame( array( 'index' => 2, 'total' => 2, 'prev_id' => $trash[1], 'next_id' => null, 'capped' => false ), $data['position'] );
	}

	public function test_a_response_of_another_survey_or_none_is_not_found(): void {
		$this->as_user( 'administrator' );
		$survey = self::open_survey();
		$other  = self::add_series( self::open_survey(), 1 )[0];
		$this->detail( $survey, $other, array(), 404 );
		$this->detail( $survey, $other + 100, array(), 404 );
		$this->detail( $survey + 100, $other, array(), 404 );
	}

	public function test_the_detail_needs_view_results(): void {
		$survey = self::open_survey();
		$id     = self::add_series( $survey, 1 )[0];
		$this->as_user( 'subscriber' );
		$this->detail( $survey, $id, array(), 403 );
		$this->set_entitlements( 'lite', null );
		$this->as_results_viewer();
		$this->assertSame( $id, $this->detail( $survey, $id )['response']['id'] );
	}
}
