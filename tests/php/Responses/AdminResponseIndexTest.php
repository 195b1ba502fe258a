<?php
/**
 * The list snapshots (ResponseListIndex) with a small step, so that pages and positions are found
 * from anchors: every page and every position against a plain sort in PHP, after new responses (the
 * newest, and an older one), and after admin actions.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Responses;

use UserFeedback\Database\Schema;
use UserFeedback\Plugin;
use UserFeedback\Responses\AdminResponseRepository;
use UserFeedback\Responses\AdminResponseService;
use UserFeedback\Responses\ResponseListIndex;

final class AdminResponseIndexTest extends AdminResponsesTestCase {

	private function service( int $step = 3 ): AdminResponseService {
		return new AdminResponseService( Plugin::instance()->surveys, new AdminResponseRepository( new ResponseListIndex( $step ) ), \Closure::fromCallable( array( Plugin::instance(), 'entitlements' ) ) );
	}

	/**
	 * Ids with $status, newest first, sorted in PHP.
	 *
	 * @return int[]
	 */
	private static function expected( int $survey_id, string $status ): array {
		global $wpdb;
		$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT id, submitted_at FROM %i WHERE survey_id = %d AND status = %s', Schema::table( 'responses' ), $survey_id, $status ), ARRAY_A );
		usort( $rows, static fn( array $a, array $b ): int => array( $b['submitted_at'], (int) $b['id'] ) <=> array( $a['submitted_at'], (int) $a['id'] ) );
		return array_map( static fn( array $row ): int => (int) $row['id'], $rows );
	}

	private function assert_consistent( AdminResponseService $service, int $survey_id, string $label ): void {
		foreach ( array( 'publish' => 'all', 'trash' => 'trash' ) as $status => $filter ) {
			$expected = self::expected( $survey_id, $status );
			foreach ( array( 1, 2, 3, 7 ) as $per_page ) {
				foreach ( array( 'desc', 'asc' ) as $order ) {
					$got = array();
					for ( $page = 1; $page <= max( 1, (int) ceil( count( $expected ) / $per_page ) ); $page++ ) {
						$list = $service->list( $survey_id, array( 'page' => $page, 'per_page' => $per_page, 'order' => $order, 'filter' => array( 'status' => $filter ) ) );
						$this->assertSame( count( $expected ), $list['pagination']['total'], "$label: total of $filter" );
						$got = array_merge( $got, array_column( $list['items'], 'id' ) );
					}
					$this->assertSame( 'desc' === $order ? $expected : array_reverse( $expected ), $got, "$label: $filter, $per_page a page, $order" );
				}
			}
			foreach ( $expected as $i => $id ) {
				$this->assertSame(
					array(
						'index'   => $i + 1,
						'total'   => count( $expected ),
						'prev_id' => $expected[ $i - 1 ] ?? null,
						'next_id' => $expected[ $i + 1 ] ?? null,
					),
					$service->detail( $survey_id, $id, array( 'filter' => array( 'status' => $filter ) ) )['position'],
					"$label: position of $id under $filter"
				);
			}
		}
	}

	public function test_pages_and_positions_from_anchors_stay_right_as_responses_come_and_change(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$survey  = self::open_survey();
		$other   = self::open_survey();
		$service = $this->service();
		$times   = array( 5, 3, 3, 9, 1, 3, 7, 7, 2, 8, 6, 3, 4, 9, 0, 5, 5, 1 );
		$ids     = array();
		foreach ( $times as $i => $minute ) {
			$ids[] = self::add_response( $survey, array( 'at' => sprintf( '2026-06-01 10:%02d:00', $minute ), 'status' => 0 === $i % 5 ? 'trash' : 'publish' ) );
		}
		self::add_series( $other, 4 );
		$this->assert_consistent( $service, $survey, 'built' );
		$snap = get_option( 'userfeedback_rlist_' . $survey . '_publish' );
		$this->assertSame( 14, $snap['total'] );
		$this->assertSame( array( 0, 3, 6, 9, 12 ), array_column( $snap['anchors'], 2 ) );

		// New responses, the newest: folded in without a rebuild, anchors added as steps fill.
		$built = $snap['built'];
		foreach ( array( 20, 21, 21, 22 ) as $minute ) {
			self::add_response( $survey, array( 'at' => sprintf( '2026-06-01 10:%02d:00', $minute ) ) );
			self::add_series( $other, 1, 'publish', '2026-06-01 11:00:00' );
		}
		$this->assert_consistent( $service, $survey, 'newest added' );
		$snap = get_option( 'userfeedback_rlist_' . $survey . '_publish' );
		$this->assertSame( 18, $snap['total'] );
		$this->assertSame( array( 0, 3, 6, 9, 12, 15 ), array_column( $snap['anchors'], 2 ) );
		$this->assertSame( $built, $snap['built'] );

		// Older ones move the ranks of the anchors after them, without a rebuild.
		self::add_response( $survey, array( 'at' => '2026-05-01 00:00:00' ) );
		self::add_response( $survey, array( 'at' => '2026-06-01 10:05:00' ) );
		$this->assert_consistent( $service, $survey, 'older added' );
		$this->assertSame( $built, get_option( 'userfeedback_rlist_' . $survey . '_publish' )['built'] );

		// Admin actions move responses between the snapshots, without a rebuild either.
		$service->act( 'trash', $survey, array( $ids[1], $ids[3], $ids[4] ) );
		$this->assert_consistent( $service, $survey, 'trashed' );
		$service->act( 'restore', $survey, array( $ids[0] ) );
		$service->act( 'delete', $survey, array( $ids[3], $ids[5] ) );
		$this->assert_consistent( $service, $survey, 'restored and deleted' );
		$this->assertSame( $built, get_option( 'userfeedback_rlist_' . $survey . '_publish' )['built'] );
		// Trash everything but one and bring it back: anchors whose rows left still mark their place.
		$all = self::expected( $survey, 'publish' );
		$service->act( 'trash', $survey, array_slice( $all, 1 ) );
		$this->assert_consistent( $service, $survey, 'nearly all trashed' );
		$service->act( 'restore', $survey, array_slice( $all, 1 ) );
		$this->assert_consistent( $service, $survey, 'all restored' );
	}

	public function test_the_route_answers_the_same_as_a_small_step(): void {
		$this->as_user( 'administrator' );
		$survey = self::open_survey();
		self::add_series( $survey, 9 );
		self::add_series( $survey, 4, 'trash', '2026-01-10 08:03:30' );
		$route = $this->list_data( $survey, array( 'per_page' => 4, 'page' => 2 ) );
		$this->assertSame( $route, self::data( new \WP_REST_Response( $this->service( 2 )->list( $survey, array( 'per_page' => 4, 'page' => 2 ) ) ) ) );
	}
}
