<?php
/**
 * POST userfeedback/v1/surveys/{id}/impression: one upserted row per survey and site-local day.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Responses;

use UserFeedback\Database\Schema;
use UserFeedback\Frontend\SurveyTokens;
use UserFeedback\Responses\ResponseRepository;

final class ImpressionTest extends ResponsesTestCase {

	public function test_two_impressions_on_one_day_make_one_row_with_count_2(): void {
		update_option( 'timezone_string', 'Pacific/Kiritimati' ); // UTC+14: the site's day is not UTC's for ten hours a day.
		$id = self::open_survey();

		$first = $this->impression( $id );
		$this->assertSame( 200, $first->get_status(), (string) wp_json_encode( $first->get_data() ) );
		$this->assertSame( array( 'recorded' => true ), $first->get_data() );
		$this->assertSame( 200, $this->impression( $id )->get_status() );

		$this->assertSame(
			array(
				array(
					'day'   => current_datetime()->format( 'Y-m-d' ),
					'count' => '2',
				),
			),
			self::rows( $id )
		);
	}

	public function test_days_and_surveys_have_rows_of_their_own(): void {
		$repository = new ResponseRepository();
		$one        = self::open_survey();
		$two        = self::open_survey();
		$repository->add_impression( $one, '2026-03-01' );
		$repository->add_impression( $one, '2026-03-01' );
		$repository->add_impression( $one, '2026-03-02' );
		$repository->add_impression( $two, '2026-03-01' );
		$this->assertSame(
			array(
				array(
					'day'   => '2026-03-01',
					'count' => '2',
				),
				array(
					'day'   => '2026-03-02',
					'count' => '1',
				),
			),
			self::rows( $one )
		);
		$this->assertSame( '1', self::rows( $two )[0]['count'] );
	}

	public function test_the_token_may_come_in_the_body_and_must_be_the_impression_one(): void {
		$id      = self::open_survey();
		$request = new \WP_REST_Request( 'POST', self::NS . "/surveys/$id/impression" );
		$request->set_header( 'Content-Type', 'application/json' );
		$request->set_body( (string) wp_json_encode( array( 'nonce' => SurveyTokens::issue( $id, 'impression' ) ) ) );
		$this->assertSame( 200, rest_do_request( $request )->get_status() );

		foreach ( array( SurveyTokens::issue( $id, 'submission' ), SurveyTokens::issue( $id + 1, 'impression' ), '' ) as $token ) {
			$response = $this->impression( $id, $token );
			$this->assertSame( 403, $response->get_status() );
			$this->assertSame( 'userfeedback_invalid_token', $response->get_data()['code'] );
		}
		$missing = rest_do_request( new \WP_REST_Request( 'POST', self::NS . "/surveys/$id/impression" ) );
		$this->assertSame( 403, $missing->get_status() );
		$this->assertSame( '1', self::rows( $id )[0]['count'] );
	}

	/**
	 * @return array<int,array{day:string,count:string}>
	 */
	private static function rows( int $survey_id ): array {
		global $wpdb;
		return $wpdb->get_results(
			$wpdb->prepare( 'SELECT day, %i FROM %i WHERE survey_id = %d ORDER BY day', 'count', Schema::table( 'impressions' ), $survey_id ),
			ARRAY_A
		);
	}
}
