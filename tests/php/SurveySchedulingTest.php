<?php
/**
 * Scheduling: publish_at taken as RFC 3339 or as a naive time in the site's time zone, stored in UTC,
 * answered in UTC and local time; "scheduled" is computed when read, so a survey goes live on time
 * without cron or an admin visit.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

use UserFeedback\Frontend\VisitorSurveys;
use UserFeedback\Plugin;
use UserFeedback\Surveys\Schedule;

final class SurveySchedulingTest extends SurveyTestCase {

	protected function setUp(): void {
		parent::setUp();
		$this->as_elite();
		$this->as_user( 'administrator' );
	}

	private function set_timezone( string $zone, float $offset = 0 ): void {
		update_option( 'timezone_string', $zone );
		update_option( 'gmt_offset', $offset );
	}

	/**
	 * Saves a publish_at and answers the survey.
	 *
	 * @return array<string,mixed>
	 */
	private function schedule( ?string $publish_at, string $status = 'publish' ): array {
		$response = $this->create( self::survey( array( 'status' => $status, 'publish_at' => $publish_at ) ) );
		$this->assertSame( 201, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$result = self::data( $response );
		$notes = self::notes( $response );
		$this->assertSame( array(), $notes['stripped'] );
		return $result;
	}

	private static function stored( int $id ): ?string {
		return Plugin::instance()->surveys->find( $id )['publish_at'];
	}

	public function test_a_naive_time_is_read_in_the_site_time_zone_tokyo(): void {
		$this->set_timezone( 'Asia/Tokyo' );
		$survey = $this->schedule( '2027-01-15T09:00:00' );
		$this->assertSame( '2027-01-15 00:00:00', self::stored( $survey['id'] ) );
		$this->assertSame( '2027-01-15T00:00:00Z', $survey['publish_at'] );
		$this->assertSame( '2027-01-15T09:00:00', $survey['publish_at_local'] );
		$this->assertSame( 'scheduled', $survey['display_status'] );
	}

	public function test_a_naive_time_follows_daylight_saving_in_new_york(): void {
		$this->set_timezone( 'America/New_York' );
		$cases = array(
			'2027-03-13T12:00:00' => '2027-03-13 17:00:00', // EST, the day before DST starts.
			'2027-03-15T12:00:00' => '2027-03-15 16:00:00', // EDT, the day after.
			'2027-03-14T02:30:00' => '2027-03-14 07:30:00', // Does not exist: read as 03:30 EDT.
			'2027-11-07T01:30:00' => '2027-11-07 05:30:00', // Happens twice: the first, EDT.
			'2027-11-08T01:30:00' => '2027-11-08 06:30:00', // EST again.
		);
		foreach ( $cases as $local => $utc ) {
			$survey = $this->schedule( $local );
			$this->assertSame( $utc, self::stored( $survey['id'] ), $local );
			$this->assertSame( str_replace( ' ', 'T', $utc ) . 'Z', $survey['publish_at'], $local );
		}
		$this->assertSame( '2027-03-15T12:00:00', $this->fetch( $this->schedule( '2027-03-15T12:00:00' )['id'] )['publish_at_local'] );
	}

	public function test_times_with_an_offset_ignore_the_site_time_zone(): void {
		$this->set_timezone( 'America/New_York' );
		foreach ( array( '2027-01-15T09:00:00+09:00', '2027-01-15T00:00:00Z', '2027-01-14T19:00:00-05:00', '2027-01-15T05:30:00+05:30', '2027-01-15 00:00:00.250Z' ) as $input ) {
			$survey = $this->schedule( $input );
			$this->assertSame( '2027-01-15 00:00:00', self::stored( $survey['id'] ), $input );
		}
		$this->assertSame( '2027-01-14T19:00:00', $survey['publish_at_local'] );
	}

	public function test_the_stored_moment_stays_when_the_site_changes_time_zone(): void {
		$this->set_timezone( 'Asia/Tokyo' );
		$id = $this->schedule( '2027-06-01T09:00:00' )['id'];
		$this->set_timezone( 'America/New_York' );
		$survey = $this->fetch( $id );
		$this->assertSame( '2027-06-01T00:00:00Z', $survey['publish_at'] );
		$this->assertSame( '2027-05-31T20:00:00', $survey['publish_at_local'] );
	}

	public function test_a_site_with_only_an_utc_offset(): void {
		$this->set_timezone( '', 5.5 );
		$survey = $this->schedule( '2027-01-15T12:00:00' );
		$this->assertSame( '2027-01-15 06:30:00', self::stored( $survey['id'] ) );
		$this->assertSame( '2027-01-15T12:00:00', $survey['publish_at_local'] );
	}

	public function test_null_clears_the_schedule(): void {
		$id = $this->schedule( '2030-01-01T00:00:00Z' )['id'];
		$survey = self::data( $this->update( $id, array( 'publish_at' => null ) ) );
		$this->assertNull( $survey['publish_at'] );
		$this->assertNull( $survey['publish_at_local'] );
		$this->assertSame( 'publish', $survey['display_status'] );
		$this->assertNull( self::stored( $id ) );
	}

	public function test_a_past_time_is_live_at_once(): void {
		$survey = $this->schedule( gmdate( 'Y-m-d\TH:i:s\Z', time() - 60 ) );
		$this->assertSame( 'publish', $survey['display_status'] );
		$this->assertContains( $survey['id'], array_column( ( new VisitorSurveys( Plugin::instance()->surveys ) )->live(), 'id' ) );
	}

	public function test_a_draft_with_a_time_is_a_draft(): void {
		$survey = $this->schedule( '2030-01-01T00:00:00Z', 'draft' );
		$this->assertSame( 'draft', $survey['display_status'] );
	}

	public function test_a_scheduled_survey_goes_live_when_its_time_comes(): void {
		$this->set_timezone( 'Asia/Tokyo' );
		$start  = time() + 2;
		$local  = ( new \DateTimeImmutable( '@' . $start ) )->setTimezone( new \DateTimeZone( 'Asia/Tokyo' ) )->format( 'Y-m-d\TH:i:s' );
		$survey = $this->schedule( $local );
		$visitor = new VisitorSurveys( Plugin::instance()->surveys );

		$this->assertSame( 'scheduled', $survey['display_status'] );
		// Visitors get it already, with its start time: cached pages outlive that moment, so the loader waits for it.
		$this->assertContains( $survey['id'], array_column( $visitor->live(), 'id' ) );
		$this->assertSame( $survey['publish_at'], $visitor->find( $survey['id'] )['publish_at'] );
		$list = self::data( $this->rest( 'GET', self::NS . '/surveys', array( 'filter' => array( 'status' => 'scheduled' ) ) ) );
		$this->assertSame( array( $survey['id'] ), array_column( $list['items'], 'id' ) );

		sleep( 3 ); // Nothing runs in between: no cron, no admin request.

		$this->assertSame( 'publish', $this->fetch( $survey['id'] )['display_status'] );
		$this->assertContains( $survey['id'], array_column( $visitor->live(), 'id' ) );
		$list = self::data( $this->rest( 'GET', self::NS . '/surveys', array( 'filter' => array( 'status' => 'publish' ) ) ) );
		$this->assertSame( array( $survey['id'] ), array_column( $list['items'], 'id' ) );
		$this->assertSame( 0, $list['status_filters'][2]['count'], 'No longer counted as scheduled.' );
	}

	public function test_the_parser_refuses_what_is_not_a_date_and_time(): void {
		foreach ( array( '2027-02-29T10:00:00', '2027-01-15T24:00:00', '2027-01-15', '15/01/2027 10:00', '2027-01-15T10:00:00+25:00x' ) as $input ) {
			try {
				Schedule::to_utc( $input );
				$this->fail( "$input was taken." );
			} catch ( \InvalidArgumentException $e ) {
				$this->assertSame( 'not a date-time', $e->getMessage() );
			}
		}
		$this->assertNull( Schedule::to_utc( '' ) );
		$this->assertNull( Schedule::to_utc( null ) );
	}
}
