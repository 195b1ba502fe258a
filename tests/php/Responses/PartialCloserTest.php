<?php
/**
 * The hourly cron that closes partial responses untouched for a day (Responses\PartialCloser): closed_at
 * set, "left" counted at the question last reached, nothing announced unless the
 * userfeedback_announce_partial filter asks (then the saved action and the email once, $complete false);
 * a later write of a closed partial is taken, and its completion takes the "left" count back.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Responses;

use UserFeedback\Database\Rollups;
use UserFeedback\Database\Schema;
use UserFeedback\Plugin;
use UserFeedback\Responses\PartialCloser;
use UserFeedback\Responses\ResponseRepository;
use UserFeedback\Responses\ResponseService;

final class PartialCloserTest extends ResponsesTestCase {

	/** @var array<int,array{0:int,1:bool}> Email sends: response id, partial. */
	private array $emails = array();

	private function closer(): PartialCloser {
		return new PartialCloser(
			Plugin::instance()->surveys,
			new ResponseRepository(),
			function ( int $id, bool $partial ): bool {
				$this->emails[] = array( $id, $partial );
				return true;
			}
		);
	}

	/**
	 * A partial response of $rid with one answer, that reached $reached; its last write $age seconds ago.
	 */
	private function partial( int $survey_id, string $rid, int $reached, int $age ): int {
		$response = $this->submit(
			$survey_id,
			array(
				'response_id' => $rid,
				'answers'     => array( self::answer( 1, 'Yes' ) ),
				'reached'     => $reached,
				'complete'    => false,
			)
		);
		$this->assertSame( 201, $response->get_status() );
		$id = (int) $response->get_data()['id'];
		self::age( $id, $age );
		return $id;
	}

	private static function age( int $id, int $age ): void {
		global $wpdb;
		$at = gmdate( 'Y-m-d H:i:s', time() - $age );
		$wpdb->query( $wpdb->prepare( 'UPDATE %i SET submitted_at = %s, started_at = %s, completed_at = CASE WHEN completed_at IS NULL THEN NULL ELSE %s END WHERE id = %d', Schema::table( 'responses' ), $at, $at, $at, $id ) );
	}

	/**
	 * @return array<string,mixed>
	 */
	private static function row( int $id ): array {
		global $wpdb;
		return (array) $wpdb->get_row( $wpdb->prepare( 'SELECT status, closed_at, completed_at, last_question FROM %i WHERE id = %d', Schema::table( 'responses' ), $id ), ARRAY_A );
	}

	/**
	 * @return array<string,int> "question metric" => count, without zeros.
	 */
	private static function funnel( int $survey_id ): array {
		global $wpdb;
		$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT question_id, metric, SUM(%i) AS n FROM %i WHERE survey_id = %d GROUP BY question_id, metric', 'count', Schema::table( 'daily_funnel' ), $survey_id ), ARRAY_A );
		$out  = array();
		foreach ( $rows as $row ) {
			if ( 0 !== (int) $row['n'] ) {
				$out[ $row['question_id'] . ' ' . $row['metric'] ] = (int) $row['n'];
			}
		}
		ksort( $out );
		return $out;
	}

	public function test_partials_untouched_for_a_day_are_closed_and_counted_as_left(): void {
		$survey = self::open_survey();
		$stale  = $this->partial( $survey, 'aaaaaaaa-0000-4000-8000-000000000001', 2, DAY_IN_SECONDS + 60 );
		$fresh  = $this->partial( $survey, 'aaaaaaaa-0000-4000-8000-000000000002', 1, DAY_IN_SECONDS - 60 );
		$done   = $this->submit_answers( $survey, array( self::answer( 1, 'No' ) ) )->get_data()['id'];
		self::age( $done, 2 * DAY_IN_SECONDS );

		$this->assertSame( 1, $this->closer()->run() );

		$this->assertNotNull( self::row( $stale )['closed_at'] );
		$this->assertSame( 'partial', self::row( $stale )['status'], 'Closed as partial.' );
		$this->assertNull( self::row( $fresh )['closed_at'] );
		$this->assertNull( self::row( $done )['closed_at'] );
		// Reached index 2: the third question of the survey (id 3) is where it was left.
		$this->assertSame( 1, self::funnel( $survey )[ '3 ' . Rollups::METRIC_LEFT ] );
		$this->assertArrayNotHasKey( '2 ' . Rollups::METRIC_LEFT, self::funnel( $survey ) );
		$this->assertSame( array(), $this->emails, 'Nothing is announced by default.' );

		$this->assertSame( 0, $this->closer()->run(), 'A closed partial is not closed again.' );
		$live = self::funnel( $survey );
		( new Rollups() )->rebuild_survey( $survey );
		$this->assertSame( self::funnel( $survey ), $live, 'A rebuild counts the same.' );
	}

	public function test_a_closed_partial_takes_a_late_write_and_completing_it_takes_left_back(): void {
		$survey = self::open_survey();
		$rid    = 'bbbbbbbb-0000-4000-8000-000000000001';
		$id     = $this->partial( $survey, $rid, 1, DAY_IN_SECONDS + 60 );
		$this->closer()->run();
		$this->assertSame( 1, self::funnel( $survey )[ '2 ' . Rollups::METRIC_LEFT ] );

		$late = $this->submit( $survey, array( 'response_id' => $rid, 'answers' => array( self::answer( 5, 4 ) ), 'reached' => 3, 'complete' => false ) );
		$this->assertSame( 200, $late->get_status(), 'A late answer is never dropped.' );
		$this->assertSame( 'partial', $late->get_data()['status'] );
		$funnel = self::funnel( $survey );
		$this->assertArrayNotHasKey( '2 ' . Rollups::METRIC_LEFT, $funnel, 'Left moves with the question reached.' );
		$this->assertSame( 1, $funnel[ '4 ' . Rollups::METRIC_LEFT ] );
		$live = self::funnel( $survey );
		( new Rollups() )->rebuild_survey( $survey );
		$this->assertSame( self::funnel( $survey ), $live );

		$done = $this->submit( $survey, array( 'response_id' => $rid, 'answers' => array( self::answer( 1, 'Yes' ), self::answer( 5, 4 ) ), 'reached' => 4, 'complete' => true ) );
		$this->assertSame( 200, $done->get_status() );
		$this->assertSame( 'publish', self::row( $id )['status'] );
		$funnel = self::funnel( $survey );
		foreach ( array_keys( $funnel ) as $key ) {
			$this->assertNotSame( (string) Rollups::METRIC_LEFT, explode( ' ', $key )[1], "No left count remains ($key)." );
		}
		$this->assertSame( 1, $funnel[ '0 ' . Rollups::METRIC_COMPLETED ] );
		$live = self::funnel( $survey );
		( new Rollups() )->rebuild_survey( $survey );
		$this->assertSame( self::funnel( $survey ), $live, 'Completed a day after it started: its duration bucket too.' );
		$this->assertSame( 1, $live[ '0 ' . ( Rollups::METRIC_DURATION_BASE + count( Rollups::DURATION_BUCKETS ) - 1 ) ] );
	}

	public function test_the_filter_announces_a_closed_partial_once_with_complete_false(): void {
		$survey = self::open_survey();
		$id     = $this->partial( $survey, 'cccccccc-0000-4000-8000-000000000001', 1, DAY_IN_SECONDS + 60 );
		$seen   = array();
		add_filter(
			ResponseService::ANNOUNCE_PARTIAL_FILTER,
			static function ( $announce, $s ) use ( &$seen ) {
				$seen[] = (int) $s['id'];
				return true;
			},
			10,
			2
		);
		$calls = array();
		add_action(
			ResponseService::SAVED_ACTION,
			static function ( $rid, $s, $answers, $complete ) use ( &$calls ): void {
				$calls[] = array( (int) $rid, $complete, count( $answers ) );
			},
			10,
			4
		);
		$this->closer()->run();
		$this->closer()->run();
		$this->assertSame( array( $survey ), $seen );
		$this->assertSame( array( array( $id, false, 1 ) ), $calls );
		$this->assertSame( array( array( $id, true ) ), $this->emails );
	}

	public function test_the_event_is_scheduled_hourly_and_wired_to_the_closer(): void {
		wp_unschedule_hook( PartialCloser::HOOK );
		$on_init = array_filter(
			array_merge( ...array_values( $GLOBALS['wp_filter']['init']->callbacks ) ),
			static fn( array $hooked ): bool => is_array( $hooked['function'] ) && $hooked['function'][0] instanceof PartialCloser && 'schedule' === $hooked['function'][1]
		);
		$this->assertCount( 1, $on_init, 'The plugin schedules it on init.' );
		array_values( $on_init )[0]['function']();
		$this->assertNotFalse( wp_next_scheduled( PartialCloser::HOOK ) );
		$this->assertSame( 'hourly', wp_get_schedule( PartialCloser::HOOK ) );
		$survey = self::open_survey();
		$id     = $this->partial( $survey, 'dddddddd-0000-4000-8000-000000000001', 1, DAY_IN_SECONDS + 60 );
		do_action( PartialCloser::HOOK );
		$this->assertNotNull( self::row( $id )['closed_at'] );
	}
}
