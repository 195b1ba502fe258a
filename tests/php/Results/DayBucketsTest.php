<?php
/**
 * Days are the site's: a response counts on the local day it was given, across DST changes (where a
 * fixed offset puts an hour on the wrong day) and in zones with half-hour offsets.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Results;

final class DayBucketsTest extends ResultsTestCase {

	protected function setUp(): void {
		parent::setUp();
		$this->as_pro_admin();
	}

	/**
	 * @param array<int,array<string,mixed>> $points data_points or series.
	 * @return array<string,int> Day => count.
	 */
	private static function by_day( array $points ): array {
		return array_column( $points, 'count', 'date' );
	}

	public function test_spring_forward_in_new_york(): void {
		update_option( 'timezone_string', 'America/New_York' );
		$s = self::results_survey();
		// Local midnight of March 8 is 05:00 UTC (EST); of March 9, 04:00 UTC (EDT since 2:00 that night).
		self::respond( $s, '2026-03-08 03:30:00', array( 6 => 10 ) ); // March 7, 22:30 EST.
		self::respond( $s, '2026-03-08 05:30:00', array( 6 => 0 ) );  // March 8, 00:30 EST.
		self::respond( $s, '2026-03-09 03:30:00', array( 6 => 9 ) );  // March 8, 23:30 EDT.
		self::respond( $s, '2026-03-09 04:30:00', array( 6 => 7 ) );  // March 9, 00:30 EDT (a fixed -5 would say March 8).
		$range = array( 'from' => '2026-03-07', 'to' => '2026-03-09' );

		$overview = $this->ok( '/results-summary', $range );
		$this->assertSame( array( '2026-03-07' => 1, '2026-03-08' => 2, '2026-03-09' => 1 ), self::by_day( $overview['data_points'] ) );

		$nps = $this->ok( "/surveys/$s/nps", $range );
		$this->assertSame( array( '2026-03-07' => 1, '2026-03-08' => 2, '2026-03-09' => 1 ), self::by_day( $nps['series'] ) );
		$this->assertSame( array( 100, 0, 0 ), array_column( $nps['series'], 'score' ) );

		// The range's bounds are local midnights too.
		$this->assertSame( 2, $this->ok( "/surveys/$s/results", array( 'from' => '2026-03-08', 'to' => '2026-03-08' ) )['range_responses_count'] );
	}

	public function test_fall_back_in_new_york(): void {
		update_option( 'timezone_string', 'America/New_York' );
		$s = self::results_survey();
		// Local midnight of November 1 is 04:00 UTC (EDT); of November 2, 05:00 UTC (EST since 2:00).
		self::respond( $s, '2026-11-01 03:30:00', array( 6 => 10 ) ); // October 31, 23:30 EDT.
		self::respond( $s, '2026-11-01 04:30:00', array( 6 => 10 ) ); // November 1, 00:30 EDT.
		self::respond( $s, '2026-11-02 04:30:00', array( 6 => 0 ) );  // November 1, 23:30 EST (a fixed -4 would say November 2).
		self::respond( $s, '2026-11-02 05:30:00', array( 6 => 0 ) );  // November 2, 00:30 EST.
		$range = array( 'from' => '2026-10-31', 'to' => '2026-11-02' );

		$this->assertSame( array( '2026-10-31' => 1, '2026-11-01' => 2, '2026-11-02' => 1 ), self::by_day( $this->ok( '/results-summary', $range )['data_points'] ) );
		$nps = $this->ok( "/surveys/$s/nps", $range );
		$this->assertSame( array( 100, 0, -100 ), array_column( $nps['series'], 'score' ) );
		$this->assertSame( 2, $this->ok( "/surveys/$s/results", array( 'from' => '2026-11-01', 'to' => '2026-11-01' ) )['range_responses_count'] );
	}

	public function test_half_hour_offset(): void {
		update_option( 'timezone_string', 'Asia/Kolkata' ); // +5:30, local midnight is 18:30 UTC.
		$s = self::results_survey();
		self::respond( $s, '2026-06-10 18:29:00', array( 1 => 'Yes' ) ); // June 10, 23:59.
		self::respond( $s, '2026-06-10 18:31:00', array( 1 => 'Yes' ) ); // June 11, 00:01.
		self::respond( $s, '2026-06-11 18:29:59', array( 1 => 'Yes' ) ); // June 11, 23:59:59.
		$this->assertSame(
			array( '2026-06-10' => 1, '2026-06-11' => 2 ),
			self::by_day( $this->ok( '/results-summary', array( 'from' => '2026-06-10', 'to' => '2026-06-11' ) )['data_points'] )
		);
	}

	public function test_a_zone_whose_sub_hour_offset_changes(): void {
		update_option( 'timezone_string', 'Australia/Lord_Howe' ); // +10:30, +11:00 from 2026-10-04 02:00.
		$s = self::results_survey();
		self::respond( $s, '2026-10-03 13:29:00', array( 1 => 'Yes' ) ); // October 3, 23:59 (+10:30).
		self::respond( $s, '2026-10-03 13:31:00', array( 1 => 'Yes' ) ); // October 4, 00:01.
		self::respond( $s, '2026-10-04 12:59:00', array( 1 => 'Yes' ) ); // October 4, 23:59 (+11:00).
		self::respond( $s, '2026-10-04 13:01:00', array( 1 => 'Yes' ) ); // October 5, 00:01.
		$this->assertSame(
			array( '2026-10-03' => 1, '2026-10-04' => 2, '2026-10-05' => 1 ),
			self::by_day( $this->ok( '/results-summary', array( 'from' => '2026-10-03', 'to' => '2026-10-05' ) )['data_points'] )
		);
	}

	public function test_a_fixed_utc_offset_setting(): void {
		update_option( 'timezone_string', '' );
		update_option( 'gmt_offset', -3.5 );
		$s = self::results_survey();
		self::respond( $s, '2026-06-11 03:29:00', array( 1 => 'Yes' ) ); // June 10, 23:59.
		self::respond( $s, '2026-06-11 03:30:00', array( 1 => 'Yes' ) ); // June 11, 00:00.
		$this->assertSame(
			array( '2026-06-10' => 1, '2026-06-11' => 1 ),
			self::by_day( $this->ok( '/results-summary', array( 'from' => '2026-06-10', 'to' => '2026-06-11' ) )['data_points'] )
		);
	}
}
