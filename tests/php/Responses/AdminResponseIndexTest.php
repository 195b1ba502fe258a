<?php
/**
 * Pages and positions found from the daily rollup's days (completed responses by date) and from the
 * nearer end of an index range (the other lists and orders): every page and every position against a
 * plain sort in PHP, with responses over several site-local days and around midnight, after new
 * responses (the newest, and an older one), and after admin actions. Nothing is kept between requests
 * (issue 19 replaced the list snapshots).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Responses;

use UserFeedback\Database\Schema;
use UserFeedback\Plugin;
use UserFeedback\Responses\AdminResponseRepository;
use UserFeedback\Responses\AdminResponseService;

final class AdminResponseIndexTest extends AdminResponsesTestCase {

	private function service(): AdminResponseService {
		return new AdminResponseService( Plugin::instance()->surveys, new AdminResponseRepository(), \Closure::fromCallable( array( Plugin::instance(), 'entitlements' ) ) );
	}

	/**
	 * Ids with $status, newest first, sorted in PHP.
	 *
	 * @return int[]
	 */
	private static function expected( int $survey_id, string $status, string $orderby = 'submitted_at' ): array {
		global $wpdb;
		$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT id, submitted_at FROM %i WHERE survey_id = %d AND status = %s', Schema::table( 'responses' ), $survey_id, $status ), ARRAY_A );
		usort( $rows, static fn( array $a, array $b ): int => 'id' === $orderby ? (int) $b['id'] <=> (int) $a['id'] : array( $b['submitted_at'], (int) $b['id'] ) <=> array( $a['submitted_at'], (int) $a['id'] ) );
		return array_map( static fn( array $row ): int => (int) $row['id'], $rows );
	}

	private function assert_consistent( AdminResponseService $service, int $survey_id, string $label ): void {
		foreach ( array( 'publish' => 'all', 'trash' => 'trash' ) as $status => $filter ) {
			foreach ( array( 'submitted_at', 'id' ) as $orderby ) {
				$expected = self::expected( $survey_id, $status, $orderby );
				foreach ( array( 1, 2, 3, 7 ) as $per_page ) {
					foreach ( array( 'desc', 'asc' ) as $order ) {
						$got = array();
						for ( $page = 1; $page <= max( 1, (int) ceil( count( $expected ) / $per_page ) ); $page++ ) {
							$list = $service->list( $survey_id, array( 'page' => $page, 'per_page' => $per_page, 'order' => $order, 'orderby' => $orderby, 'filter' => array( 'status' => $filter ) ) );
							$this->assertSame( count( $expected ), $list['pagination']['total'], "$label: total of $filter" );
							$got = array_merge( $got, array_column( $list['items'], 'id' ) );
						}
						$this->assertSame( 'desc' === $order ? $expected : array_reverse( $expected ), $got, "$label: $filter by $orderby, $per_page a page, $order" );
					}
				}
			}
			$expected = self::expected( $survey_id, $status );
			foreach ( $expected as $i => $id ) {
				$this->assertSame(
					array(
						'index'   => $i + 1,
						'total'   => count( $expected ),
						'prev_id' => $expected[ $i - 1 ] ?? null,
						'next_id' => $expected[ $i + 1 ] ?? null,
						'capped'  => false,
					),
					$service->detail( $survey_id, $id, array( 'filter' => array( 'status' => $filter ) ) )['position'],
					"$label: position of $id under $filter"
				);
			}
		}
	}

	public function test_pages_and_positions_stay_right_as_responses_come_and_change(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		// Days are the site's: a response at 23:30 UTC is on the next local day in Paris.
		update_option( 'timezone_string', 'Europe/Paris' );
		$survey  = self::open_survey();
		$other   = self::open_survey();
		$service = $this->service();
		$times   = array( '05-30 10:05', '05-31 22:30', '05-31 23:30', '06-01 10:09', '06-01 10:01', '06-01 10:03', '06-01 10:07', '06-01 10:07', '06-01 22:59', '06-01 23:00', '06-02 10:06', '06-02 10:03', '06-02 10:04', '06-03 10:09', '06-03 10:00', '06-03 10:05', '06-03 10:05', '06-03 10:01' );
		$ids     = array();
		foreach ( $times as $i => $at ) {
			$ids[] = self::add_response( $survey, array( 'at' => "2026-$at:00", 'status' => 0 === $i % 5 ? 'trash' : 'publish' ), false );
		}
		( new \UserFeedback\Database\Rollups() )->rebuild_survey( $survey );
		self::add_series( $other, 4 );
		$this->assert_consistent( $service, $survey, 'written' );

		// New responses, the newest, and older ones (each writes its rollups, as the visitor's route does).
		foreach ( array( '06-04 10:20', '06-04 10:21', '06-04 10:21', '05-01 00:00', '06-01 10:05' ) as $at ) {
			self::add_response( $survey, array( 'at' => "2026-$at:00" ) );
			self::add_series( $other, 1, 'publish', '2026-06-01 11:00:00' );
		}
		$this->assert_consistent( $service, $survey, 'added' );

		// Admin actions move responses between the lists and the rollups.
		$service->act( 'trash', $survey, array( $ids[1], $ids[3], $ids[4] ) );
		$this->assert_consistent( $service, $survey, 'trashed' );
		$service->act( 'restore', $survey, array( $ids[0] ) );
		$service->act( 'delete', $survey, array( $ids[3], $ids[5] ) );
		$this->assert_consistent( $service, $survey, 'restored and deleted' );
		$all = self::expected( $survey, 'publish' );
		$service->act( 'trash', $survey, array_slice( $all, 1 ) );
		$this->assert_consistent( $service, $survey, 'nearly all trashed' );
		$service->act( 'restore', $survey, array_slice( $all, 1 ) );
		$this->assert_consistent( $service, $survey, 'all restored' );
		$this->assertNull( get_option( 'userfeedback_rlist_' . $survey . '_publish', null ), 'No snapshot is kept.' );
	}

	public function test_the_old_snapshots_are_forgotten_by_the_upgrade(): void {
		update_option( 'userfeedback_rlist_3_publish', array( 'total' => 1 ), false );
		update_option( 'userfeedback_rlist_3_trash', array( 'total' => 1 ), false );
		update_option( 'userfeedback_rlistx', 'kept' );
		AdminResponseRepository::forget_snapshots();
		$this->assertNull( get_option( 'userfeedback_rlist_3_publish', null ) );
		$this->assertNull( get_option( 'userfeedback_rlist_3_trash', null ) );
		$this->assertSame( 'kept', get_option( 'userfeedback_rlistx' ) );
	}

	public function test_the_route_answers_as_the_service(): void {
		$this->as_user( 'administrator' );
		$survey = self::open_survey();
		self::add_series( $survey, 9 );
		self::add_series( $survey, 4, 'trash', '2026-01-10 08:03:30' );
		$route = $this->list_data( $survey, array( 'per_page' => 4, 'page' => 2 ) );
		$this->assertSame( $route, self::data( new \WP_REST_Response( $this->service()->list( $survey, array( 'per_page' => 4, 'page' => 2 ) ) ) ) );
	}
}
