<?php
/**
 * GET surveys/{id}/trends: a quantitative question's points by day, week (from start_of_week) or
 * month in the site's time zone, from the daily rollups; the NPS score and the stars' average as the
 * results compute them, each option's share of those who answered; every bucket present; and the
 * refusals (a question without a trend, unknown ids, too many points, a subscriber, a long range on Lite).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Results;

use UserFeedback\Database\Schema;
use UserFeedback\Results\Nps;
use UserFeedback\Results\Range;
use UserFeedback\Results\Trends;

final class TrendsTest extends ResultsTestCase {

	protected function setUp(): void {
		parent::setUp();
		$this->as_pro_admin();
		update_option( 'start_of_week', 1 );
	}

	/**
	 * @param array<string,mixed> $params Query.
	 * @return array<string,mixed>
	 */
	private function trend( int $survey, array $params ): array {
		return $this->ok( "/surveys/$survey/trends", $params );
	}

	/**
	 * @param array<string,mixed> $trend A Trend.
	 * @return array<string,array{0:int,1:int|float|null}> Bucket start => [count, value].
	 */
	private static function by_start( array $trend ): array {
		$points = array();
		foreach ( $trend['points'] as $point ) {
			$points[ $point['start'] ] = array( $point['count'], $point['value'] );
		}
		return $points;
	}

	public function test_nps_by_week_across_spring_forward_with_empty_weeks(): void {
		update_option( 'timezone_string', 'America/New_York' );
		$s = self::results_survey();
		// Weeks start on Monday: March 2 and March 9, 2026. Clocks go forward on Sunday March 8.
		self::respond( $s, '2026-03-03 15:00:00', array( 6 => 10 ) );
		self::respond( $s, '2026-03-08 05:30:00', array( 6 => 9 ) );  // Sunday March 8, 00:30 EST.
		self::respond( $s, '2026-03-09 03:30:00', array( 6 => 2 ) );  // Sunday March 8, 23:30 EDT.
		self::respond( $s, '2026-03-09 04:30:00', array( 6 => 7 ) );  // Monday March 9, 00:30 EDT (a fixed -5 would say Sunday).
		self::respond( $s, '2026-03-10 12:00:00', array( 6 => null ) ); // Skipped: not an answer.

		$trend = $this->trend( $s, array( 'question_id' => 6, 'interval' => 'week', 'from' => '2026-02-23', 'to' => '2026-03-22' ) );
		$this->assertSame( array( 'id' => 6, 'title' => 'Question 6?', 'type' => 'nps' ), array_intersect_key( $trend['question'], array_flip( array( 'id', 'title', 'type' ) ) ) );
		$this->assertSame( 'nps', $trend['question']['kind'] );
		$this->assertSame( 'week', $trend['interval'] );
		$this->assertSame(
			array(
				'2026-02-23' => array( 0, null ),
				'2026-03-02' => array( 3, Nps::score( 2, 0, 1 ) ),
				'2026-03-09' => array( 1, 0 ),
				'2026-03-16' => array( 0, null ),
			),
			self::by_start( $trend )
		);
		$this->assertSame( 33, $trend['points'][1]['value'], '2 promoters, 1 detractor of 3.' );
		$this->assertSame( '2026-03-08', $trend['points'][1]['end'] );
		$this->assertSame( 'Week of Mar 2', $trend['points'][1]['label'] );
		$this->assertArrayNotHasKey( 'shares', $trend['points'][1] );

		// The same answers by day: every day of the range is there.
		$days = $this->trend( $s, array( 'question_id' => 6, 'interval' => 'day', 'from' => '2026-03-07', 'to' => '2026-03-10' ) );
		$this->assertSame(
			array(
				'2026-03-07' => array( 0, null ),
				'2026-03-08' => array( 2, 0 ),
				'2026-03-09' => array( 1, 0 ),
				'2026-03-10' => array( 0, null ),
			),
			self::by_start( $days )
		);
		$this->assertSame( 'Mar 8', $days['points'][1]['label'] );
	}

	public function test_the_week_starts_on_the_sites_first_day(): void {
		update_option( 'timezone_string', 'America/New_York' );
		update_option( 'start_of_week', 0 ); // Sunday.
		$s = self::results_survey();
		self::respond( $s, '2026-03-07 15:00:00', array( 6 => 0 ) );  // Saturday March 7.
		self::respond( $s, '2026-03-09 03:30:00', array( 6 => 10 ) ); // Sunday March 8, 23:30 EDT.
		self::respond( $s, '2026-03-09 04:30:00', array( 6 => 9 ) );  // Monday March 9.

		$trend = $this->trend( $s, array( 'question_id' => 6, 'from' => '2026-03-04', 'to' => '2026-03-14' ) );
		$this->assertSame( 'week', $trend['interval'], 'Week is the default.' );
		$this->assertSame( 0, $trend['start_of_week'] );
		$this->assertSame(
			array(
				'2026-03-01' => array( 1, -100 ),
				'2026-03-08' => array( 2, 100 ),
			),
			self::by_start( $trend )
		);
		// The first week starts before the range; only the range's days count in it.
		$this->assertSame( '2026-03-07', $trend['points'][0]['end'] );
		$this->assertSame( '2026-03-14', $trend['points'][1]['end'] );

		update_option( 'start_of_week', 6 ); // Saturday.
		$this->assertSame(
			array(
				'2026-02-28' => array( 0, null ),
				'2026-03-07' => array( 3, 33 ),
				'2026-03-14' => array( 0, null ),
			),
			self::by_start( $this->trend( $s, array( 'question_id' => 6, 'from' => '2026-03-04', 'to' => '2026-03-14' ) ) )
		);
	}

	public function test_stars_average_by_month_across_a_month_end_and_a_dst_change(): void {
		update_option( 'timezone_string', 'Europe/Paris' );
		$s = self::results_survey();
		self::respond( $s, '2026-01-20 10:00:00', array( 5 => 5 ) );
		self::respond( $s, '2026-01-31 22:30:00', array( 5 => 4 ) ); // January 31, 23:30 CET.
		self::respond( $s, '2026-01-31 23:30:00', array( 5 => 2 ) ); // February 1, 00:30 CET.
		self::respond( $s, '2026-02-10 10:00:00', array( 5 => 3 ) );
		self::respond( $s, '2026-03-31 22:30:00', array( 5 => 1 ) ); // April 1, 00:30 CEST (a fixed +1 would say March 31).
		self::respond( $s, '2026-02-11 10:00:00', array( 5 => null ) );

		$trend = $this->trend( $s, array( 'question_id' => 5, 'interval' => 'month', 'from' => '2026-01-15', 'to' => '2026-04-10' ) );
		$this->assertSame( 'stars', $trend['question']['kind'] );
		$this->assertEquals(
			array(
				'2026-01-01' => array( 2, 4.5 ),
				'2026-02-01' => array( 2, 2.5 ),
				'2026-03-01' => array( 0, null ),
				'2026-04-01' => array( 1, 1.0 ),
			),
			self::by_start( $trend )
		);
		$this->assertSame( array( 'Jan 2026', 'Feb 2026', 'Mar 2026', 'Apr 2026' ), array_column( $trend['points'], 'label' ) );
		$this->assertSame( array( '2026-01-31', '2026-02-28', '2026-03-31', '2026-04-10' ), array_column( $trend['points'], 'end' ) );

		// The January response before the range does not count.
		$this->assertEquals( array( 1, 4.0 ), self::by_start( $this->trend( $s, array( 'question_id' => 5, 'interval' => 'month', 'from' => '2026-01-25', 'to' => '2026-01-31' ) ) )['2026-01-01'] );
	}

	public function test_choice_shares_are_of_those_who_answered(): void {
		update_option( 'timezone_string', 'UTC' );
		$s = self::results_survey();
		self::respond( $s, '2026-05-04 10:00:00', array( 1 => 'Yes', 2 => array( 'Red', 'Green' ) ) );
		self::respond( $s, '2026-05-04 11:00:00', array( 1 => 'No', 2 => array( 'Red' ) ) );
		self::respond( $s, '2026-05-04 12:00:00', array( 1 => 'Yes', 2 => null ) );
		self::respond( $s, '2026-05-05 12:00:00', array( 1 => null, 2 => array( 'Blue' ) ) );
		$range = array(
			'interval' => 'day',
			'from'     => '2026-05-03',
			'to'       => '2026-05-05',
		);

		$boxes = $this->trend( $s, array( 'question_id' => 2 ) + $range );
		$this->assertSame( 'choice', $boxes['question']['kind'] );
		$this->assertSame( array( 'Red', 'Green', 'Blue' ), array_column( $boxes['question']['options'], 'value' ) );
		$this->assertSame( array( 0, 2, 1 ), array_column( $boxes['points'], 'count' ) );
		$this->assertSame( array( null, null, null ), array_column( $boxes['points'], 'value' ) );
		$this->assertEquals( array( 'Red' => 0.0, 'Green' => 0.0, 'Blue' => 0.0 ), (array) $boxes['points'][0]['shares'] );
		$this->assertEquals( array( 'Red' => 100.0, 'Green' => 50.0, 'Blue' => 0.0 ), (array) $boxes['points'][1]['shares'], 'Of the 2 who answered, not of the 3 responses.' );
		$this->assertEquals( array( 'Red' => 0.0, 'Green' => 0.0, 'Blue' => 100.0 ), (array) $boxes['points'][2]['shares'] );

		$radio = $this->trend( $s, array( 'question_id' => 1 ) + $range );
		$this->assertSame( array( 0, 3, 0 ), array_column( $radio['points'], 'count' ) );
		$this->assertEquals( array( 'Yes' => 66.7, 'No' => 33.3 ), (array) $radio['points'][1]['shares'] );

		// A trashed response leaves the trend.
		global $wpdb;
		self::trash( (int) $wpdb->get_var( $wpdb->prepare( "SELECT id FROM %i WHERE survey_id = %d AND submitted_at = '2026-05-04 11:00:00'", Schema::table( 'responses' ), $s ) ) );
		$radio = $this->trend( $s, array( 'question_id' => 1 ) + $range );
		$this->assertSame( 2, $radio['points'][1]['count'] );
		$this->assertEquals( array( 'Yes' => 100.0, 'No' => 0.0 ), (array) $radio['points'][1]['shares'] );

		// Read from the rollups: the raw answers are not read.
		$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE survey_id = %d', Schema::table( 'answers' ), $s ) );
		$this->assertSame( $radio['points'], $this->trend( $s, array( 'question_id' => 1 ) + $range )['points'] );
	}

	public function test_refusals(): void {
		$s     = self::results_survey();
		$range = array( 'from' => '2026-05-01', 'to' => '2026-05-31' );

		$text = $this->get( "/surveys/$s/trends", array( 'question_id' => 7 ) + $range );
		$this->assertSame( 400, $text->get_status() );
		$this->assertStringContainsString( 'NPS, star rating and choice questions only', self::data( $text )['message'] );

		$unknown = $this->get( "/surveys/$s/trends", array( 'question_id' => 99 ) + $range );
		$this->assertSame( 404, $unknown->get_status() );
		$this->assertSame( 'That question is not part of this survey.', self::data( $unknown )['message'] );
		$this->assertSame( 404, $this->get( '/surveys/999999/trends', array( 'question_id' => 6 ) + $range )->get_status() );
		$this->assertSame( 400, $this->get( "/surveys/$s/trends", $range )->get_status(), 'question_id is required.' );
		$this->assertSame( 400, $this->get( "/surveys/$s/trends", array( 'question_id' => 6, 'interval' => 'year' ) + $range )->get_status() );
		$this->assertSame( 400, $this->get( "/surveys/$s/trends", array( 'question_id' => 6, 'from' => '2026-02-30', 'to' => '2026-03-01' ) )->get_status() );

		// At most 400 points: 400 days by day, and a longer range by week or month.
		$this->assertCount( 400, $this->trend( $s, array( 'question_id' => 6, 'interval' => 'day', 'from' => '2025-01-01', 'to' => Range::add_days( '2025-01-01', 399 ) ) )['points'] );
		$long = $this->get( "/surveys/$s/trends", array( 'question_id' => 6, 'interval' => 'day', 'from' => '2025-01-01', 'to' => Range::add_days( '2025-01-01', 400 ) ) );
		$this->assertSame( 400, $long->get_status() );
		$this->assertStringContainsString( 'Choose week or month', self::data( $long )['message'] );
		$this->assertCount( 58, $this->trend( $s, array( 'question_id' => 6, 'interval' => 'week', 'from' => '2025-01-01', 'to' => Range::add_days( '2025-01-01', 400 ) ) )['points'] );
		$weeks = $this->get( "/surveys/$s/trends", array( 'question_id' => 6, 'interval' => 'week', 'from' => '2005-01-01', 'to' => '2026-01-01' ) );
		$this->assertSame( 400, $weeks->get_status() );
		$this->assertStringContainsString( 'Choose month', self::data( $weeks )['message'] );
		$months = $this->trend( $s, array( 'question_id' => 6, 'interval' => 'month', 'from' => '2005-01-01', 'to' => '2026-01-01' ) );
		$this->assertCount( 253, $months['points'] );
		$this->assertSame( 'Jan 2005', $months['points'][0]['label'] );

		// The results' range rule: Lite shows 7 days at most.
		$this->set_entitlements( 'lite', null );
		$locked = $this->get( "/surveys/$s/trends", array( 'question_id' => 6 ) + $range );
		$this->assertSame( 403, $locked->get_status() );
		$this->assertSame( 'results_30_days', self::data( $locked )['data']['feature'] );
		$this->assertCount( 7, $this->trend( $s, array( 'question_id' => 6, 'interval' => 'day', 'from' => '2026-05-01', 'to' => '2026-05-07' ) )['points'] );

		// View-results capability.
		$this->as_user( 'subscriber' );
		$this->assertSame( 403, $this->get( "/surveys/$s/trends", array( 'question_id' => 6 ) + $range )->get_status() );
		wp_set_current_user( 0 );
		$this->assertSame( 401, $this->get( "/surveys/$s/trends", array( 'question_id' => 6 ) + $range )->get_status() );
	}

	public function test_bucket_arithmetic(): void {
		$zone  = new \DateTimeZone( 'UTC' );
		$range = new Range( '2026-12-30', '2027-01-02', $zone );
		$this->assertSame( array( '2026-12-28' => '2027-01-02' ), Trends::buckets( $range, 'week', 1 ) );
		$this->assertSame( array( '2026-12-01' => '2026-12-31', '2027-01-01' => '2027-01-02' ), Trends::buckets( $range, 'month', 1 ) );
		$this->assertSame( 4, Trends::bucket_count( $range, 'day', 1 ) );
		$this->assertSame( 2, Trends::bucket_count( $range, 'week', 4 ), 'Thursday weeks: Dec 24 and Dec 31.' );
		$this->assertSame( array( '2026-12-24', '2026-12-31' ), array_keys( Trends::buckets( $range, 'week', 4 ) ) );
		$this->assertSame( 1, Trends::week_start( 'nonsense' ) );
		$this->assertSame( 0, Trends::week_start( '0' ) );
		$this->assertNull( Trends::kind_of( 'text' ) );
		$this->assertNull( Trends::kind_of( 'email' ) );
		$this->assertSame( 'choice', Trends::kind_of( 'icon-choice' ) );
		$this->assertSame( 'choice', Trends::kind_of( 'image-radio' ) );
		foreach ( array( 'day', 'week', 'month' ) as $interval ) {
			$long = new Range( '2005-01-01', '2026-11-26', $zone );
			$this->assertSame( count( Trends::buckets( $long, $interval, 3 ) ), Trends::bucket_count( $long, $interval, 3 ), $interval );
		}
	}

	public function test_the_answer_matches_its_published_schema(): void {
		update_option( 'timezone_string', 'UTC' );
		$s = self::results_survey();
		self::respond( $s, '2026-05-04 10:00:00', array( 1 => 'Yes', 2 => array( 'Red' ), 5 => 4, 6 => 9 ) );
		$server = rest_get_server();
		$server->get_routes();
		$schema = call_user_func( $server->get_route_options( '/userfeedback/v1/surveys/(?P<id>[\d]+)/trends' )['schema'] );
		foreach ( array( 1, 2, 5, 6 ) as $question ) {
			$response = $this->get( "/surveys/$s/trends", array( 'question_id' => $question, 'interval' => 'day', 'from' => '2026-05-01', 'to' => '2026-05-07' ) );
			$this->assertSame( 200, $response->get_status() );
			$wire  = json_decode( (string) wp_json_encode( $server->response_to_data( $response, false ) ), true );
			$valid = rest_validate_value_from_schema( $wire, $schema, 'trend' );
			$this->assertTrue( $valid, "Question $question: " . ( is_wp_error( $valid ) ? $valid->get_error_message() : '' ) );
			$this->assertCount( 7, $wire['points'] );
		}
		// A choice point's shares are an object on the wire, also for options named 0 and 1.
		$numbers = self::results_survey( array( 'questions' => array( self::question( 1, 'radio-button', array( 'config' => array( 'options' => array( '0', '1' ) ) ) ) ) ) );
		self::respond( $numbers, '2026-05-04 10:00:00', array( 1 => '1' ) );
		$response = $this->get( "/surveys/$numbers/trends", array( 'question_id' => 1, 'interval' => 'day', 'from' => '2026-05-04', 'to' => '2026-05-04' ) );
		$this->assertSame( '{"0":0,"1":100}', (string) wp_json_encode( $server->response_to_data( $response, false )['points'][0]['shares'] ) );
	}
}
