<?php
/**
 * from and to: days of the calendar, in order, from 2005-01-01 up to today (site time), and longer
 * than 7 days only where the results_30_days feature is open; the default range per tier.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Results;

use UserFeedback\Results\Range;

final class ResultsRangeTest extends ResultsTestCase {

	private int $survey;

	protected function setUp(): void {
		parent::setUp();
		$this->as_user( 'administrator' );
		$this->survey = self::results_survey();
	}

	private static function today(): string {
		return current_datetime()->format( 'Y-m-d' );
	}

	/**
	 * @return array<string,array{0:array<string,string>,1:string}>
	 */
	public function invalid_ranges(): array {
		return array(
			'not a date'           => array( array( 'from' => 'yesterday' ), 'from' ),
			'no such day'          => array( array( 'from' => '2026-02-30', 'to' => '2026-03-01' ), 'from' ),
			'a time as well'       => array( array( 'to' => '2026-03-01T00:00:00' ), 'to' ),
			'before 2005'          => array( array( 'from' => '2004-12-31', 'to' => '2005-01-02' ), 'from' ),
			'backwards'            => array( array( 'from' => '2026-03-05', 'to' => '2026-03-01' ), 'from' ),
			'an array'             => array( array( 'from' => array( '2026-03-01' ) ), 'from' ),
		);
	}

	/**
	 * @dataProvider invalid_ranges
	 * @param array<string,mixed> $range Query.
	 */
	public function test_an_impossible_range_is_400( array $range, string $param ): void {
		$this->set_entitlements( 'pro', 'elite' );
		foreach ( array( "/surveys/{$this->survey}/results", '/results-summary', "/surveys/{$this->survey}/nps", "/surveys/{$this->survey}/questions/7/answers", "/surveys/{$this->survey}/nps/comments" ) as $path ) {
			$response = $this->get( $path, $range );
			$this->assertSame( 400, $response->get_status(), $path . ' ' . wp_json_encode( $response->get_data() ) );
			$this->assertArrayHasKey( $param, self::data( $response )['data']['params'] ?? array(), $path );
		}
	}

	public function test_a_range_may_not_end_after_today(): void {
		$this->set_entitlements( 'pro', 'elite' );
		$tomorrow = Range::add_days( self::today(), 1 );
		$response = $this->get( "/surveys/{$this->survey}/results", array( 'from' => self::today(), 'to' => $tomorrow ) );
		$this->assertSame( 400, $response->get_status() );
		$this->assertSame( 200, $this->get( "/surveys/{$this->survey}/results", array( 'from' => '2005-01-01', 'to' => self::today() ) )->get_status() );
	}

	public function test_today_is_the_sites(): void {
		// Whichever side of UTC midnight it is, some zone is a day ahead of UTC and some a day behind.
		update_option( 'timezone_string', 'Pacific/Kiritimati' ); // UTC+14.
		$this->set_entitlements( 'pro', 'elite' );
		$ahead = current_datetime()->format( 'Y-m-d' );
		$this->assertSame( 200, $this->get( '/results-summary', array( 'from' => $ahead, 'to' => $ahead ) )->get_status() );
		update_option( 'timezone_string', 'Pacific/Pago_Pago' ); // UTC-11.
		$behind = current_datetime()->format( 'Y-m-d' );
		$this->assertNotSame( $ahead, $behind );
		$this->assertSame( 400, $this->get( '/results-summary', array( 'from' => $ahead, 'to' => $ahead ) )->get_status() );
	}

	/**
	 * @return array<string,array{0:string,1:string|null,2:bool}>
	 */
	public function tiers(): array {
		return array(
			'lite'              => array( 'lite', null, false ),
			'pro, no licence'   => array( 'pro', null, false ),
			'pro, plus licence' => array( 'pro', 'plus', true ),
			'pro, elite'        => array( 'pro', 'elite', true ),
		);
	}

	/**
	 * @dataProvider tiers
	 */
	public function test_long_ranges_per_tier( string $edition, ?string $license, bool $long ): void {
		$this->set_entitlements( $edition, $license );
		$today = self::today();
		$paths = array( '/results-summary', "/surveys/{$this->survey}/results", "/surveys/{$this->survey}/nps", "/surveys/{$this->survey}/questions/7/answers", "/surveys/{$this->survey}/nps/comments" );

		foreach ( $paths as $path ) {
			$week = $this->get( $path, array( 'from' => Range::add_days( $today, -6 ), 'to' => $today ) );
			$this->assertSame( 200, $week->get_status(), $path );

			$eight = $this->get( $path, array( 'from' => Range::add_days( $today, -7 ), 'to' => $today ) );
			if ( $long ) {
				$this->assertSame( 200, $eight->get_status(), $path );
				$this->assertSame( 200, $this->get( $path, array( 'from' => '2026-01-01', 'to' => '2026-03-31' ) )->get_status(), $path );
			} else {
				$this->assertSame( 403, $eight->get_status(), $path );
				$error = self::data( $eight );
				$this->assertSame( 'userfeedback_feature_locked', $error['code'] );
				$this->assertStringContainsString( '7 days', $error['message'] );
				$this->assertSame( 'results_30_days', $error['data']['feature'] );
			}
		}

		// Without from and to: the last 30 days where allowed, else the last 7; either alone works too.
		$points = $this->ok( '/results-summary' )['data_points'];
		$this->assertCount( $long ? 30 : 7, $points );
		$this->assertSame( $today, end( $points )['date'] );
		$this->assertCount( $long ? 30 : 7, $this->ok( '/results-summary', array( 'to' => Range::add_days( $today, -100 ) ) )['data_points'] );
		$this->assertSame( Range::add_days( $today, -100 ), $this->ok( '/results-summary', array( 'to' => Range::add_days( $today, -100 ) ) )['data_points'][ $long ? 29 : 6 ]['date'] );
		$from_only = $this->ok( '/results-summary', array( 'from' => Range::add_days( $today, -2 ) ) )['data_points'];
		$this->assertSame( array( Range::add_days( $today, -2 ), Range::add_days( $today, -1 ), $today ), array_column( $from_only, 'date' ) );
	}

	public function test_range_helpers(): void {
		$range = new Range( '2026-02-27', '2026-03-02', new \DateTimeZone( 'UTC' ) );
		$this->assertSame( 4, $range->days() );
		$this->assertSame( array( '2026-02-27', '2026-02-28', '2026-03-01', '2026-03-02' ), $range->day_list() );
		$this->assertSame( '2026-02-27 00:00:00', $range->start_utc() );
		$this->assertSame( '2026-03-03 00:00:00', $range->end_utc() );
		$this->assertTrue( Range::is_day( '2024-02-29' ) );
		$this->assertFalse( Range::is_day( '2026-02-29' ) );
		$this->assertSame( array( 'length' => 13, 'shift' => 30 ), ( new Range( '2026-01-01', '2026-01-02', new \DateTimeZone( 'America/St_Johns' ) ) )->bucketing() );
		$this->assertSame( array( 'length' => 13, 'shift' => 45 ), ( new Range( '2026-01-01', '2026-01-02', new \DateTimeZone( 'Asia/Kathmandu' ) ) )->bucketing() );
		$this->assertSame( array( 'length' => 13, 'shift' => 0 ), ( new Range( '2026-01-01', '2026-12-31', new \DateTimeZone( 'Europe/Paris' ) ) )->bucketing() );
		$this->assertSame( array( 'length' => 16, 'shift' => 0 ), ( new Range( '2026-01-01', '2026-12-31', new \DateTimeZone( 'Australia/Lord_Howe' ) ) )->bucketing() );
	}
}
