<?php
/**
 * GET surveys/{id}/responses: paging (every page, from either end of the index), order, filters and
 * their counts, the survey, the items and their answers.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Responses;

use UserFeedback\Database\Schema;

final class AdminResponseListTest extends AdminResponsesTestCase {

	public function test_the_list_pages_newest_first_with_counts_and_headers(): void {
		$this->as_user( 'administrator' );
		$survey = self::open_survey( array( 'title' => 'Checkout survey' ) );
		$ids    = self::add_series( $survey, 5 );
		$trash  = self::add_series( $survey, 2, 'trash', '2026-02-01 00:00:00' );
		$other  = self::open_survey();
		self::add_series( $other, 3 );

		$response = $this->list( $survey, array( 'per_page' => 2 ) );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( '5', $response->get_headers()['X-WP-Total'] );
		$this->assertSame( '3', $response->get_headers()['X-WP-TotalPages'] );
		$data = self::data( $response );
		$this->assertSame(
			array(
				'page'     => 1,
				'pages'    => 3,
				'per_page' => 2,
				'total'    => 5,
			),
			$data['pagination']
		);
		$this->assertSame(
			array(
				array( 'status' => 'all', 'count' => 5 ),
				array( 'status' => 'publish', 'count' => 5 ),
				array( 'status' => 'partial', 'count' => 0 ),
				array( 'status' => 'trash', 'count' => 2 ),
			),
			$data['status_filters']
		);
		$this->assertSame( $survey, $data['survey']['id'] );
		$this->assertSame( 'Checkout survey', $data['survey']['title'] );
		$this->assertSame( 'survey', $data['survey']['type'] );
		$this->assertCount( 9, $data['survey']['questions'] );
		$this->assertSame( array( 'id' => 2, 'title' => 'Question 2?', 'type' => 'checkbox' ), $data['survey']['questions'][1] );

		$newest_first = array_reverse( $ids );
		$pages        = array();
		for ( $page = 1; $page <= 3; $page++ ) {
			$pages = array_merge( $pages, self::ids_of( $this->list_data( $survey, array( 'per_page' => 2, 'page' => $page ) ) ) );
		}
		$this->assertSame( $newest_first, $pages, 'Every page, the later ones read from the other end of the index.' );
		$this->assertSame( array(), $this->list_data( $survey, array( 'per_page' => 2, 'page' => 4 ) )['items'] );

		$this->assertSame( array_reverse( $trash ), self::ids_of( $this->list_data( $survey, array( 'filter' => array( 'status' => 'trash' ) ) ) ) );
		$this->assertSame( $newest_first, self::ids_of( $this->list_data( $survey, array( 'filter' => array( 'status' => 'publish' ) ) ) ) );
		$this->assertSame( $newest_first, self::ids_of( $this->list_data( $survey, array( 'filter' => array( 'status' => 'all' ) ) ) ) );
	}

	public function test_order_is_by_date_then_id_and_may_be_reversed_or_by_id(): void {
		$this->as_user( 'administrator' );
		$survey = self::open_survey();
		$a      = self::add_response( $survey, array( 'at' => '2026-03-01 10:00:00' ) );
		$b      = self::add_response( $survey, array( 'at' => '2026-03-01 09:00:00' ) );
		$c      = self::add_response( $survey, array( 'at' => '2026-03-01 10:00:00' ) ); // Same moment as $a, higher id.
		$d      = self::add_response( $survey, array( 'at' => '2026-02-01 10:00:00' ) );
		$e      = self::add_response( $survey, array( 'at' => '2026-03-02 10:00:00' ) );

		$desc = array( $e, $c, $a, $b, $d );
		$this->assertSame( $desc, self::ids_of( $this->list_data( $survey ) ) );
		$this->assertSame( array_reverse( $desc ), self::ids_of( $this->list_data( $survey, array( 'order' => 'asc' ) ) ) );
		$this->assertSame( array( $e, $d, $c, $b, $a ), self::ids_of( $this->list_data( $survey, array( 'orderby' => 'id' ) ) ) );
		$this->assertSame( array( $a, $b, $c, $d, $e ), self::ids_of( $this->list_data( $survey, array( 'orderby' => 'id', 'order' => 'asc' ) ) ) );

		foreach ( array( 'asc', 'desc' ) as $order ) {
			foreach ( array( 'submitted_at', 'id' ) as $orderby ) {
				$all   = self::ids_of( $this->list_data( $survey, compact( 'order', 'orderby' ) ) );
				$paged = array();
				for ( $page = 1; $page <= 3; $page++ ) {
					$paged = array_merge( $paged, self::ids_of( $this->list_data( $survey, array( 'per_page' => 2, 'page' => $page ) + compact( 'order', 'orderby' ) ) ) );
				}
				$this->assertSame( $all, $paged, "Pages of $orderby $order." );
			}
		}
	}

	/**
	 * Pages by id (every status) and partial pages by date are read from the anchors (id_blocks,
	 * daily_partials) however deep: any page asked for directly is the same slice as the rows in
	 * order, across many blocks of ids and many days; a middle page is read from its anchor, not
	 * walked from the list's start.
	 */
	public function test_pages_by_id_and_partial_pages_are_read_from_their_anchors(): void {
		global $wpdb;
		$this->as_elite();
		$this->as_user( 'administrator' );
		$survey   = self::open_survey();
		$statuses = array( 'publish', 'partial', 'trash' );
		for ( $i = 0; $i < 45; $i++ ) {
			$status = $statuses[ $i % 3 ];
			$at     = gmdate( 'Y-m-d H:i:s', strtotime( '2026-02-01 08:00:00 UTC' ) + $i * 7 * HOUR_IN_SECONDS - ( $i % 5 ) * DAY_IN_SECONDS );
			$wpdb->insert(
				Schema::table( 'responses' ),
				array(
					'id'           => 1000 + $i * 611,
					'survey_id'    => $survey,
					'status'       => $status,
					'submitted_at' => $at,
					'started_at'   => $at,
					'completed_at' => 'partial' === $status ? null : $at,
				)
			);
		}
		( new \UserFeedback\Database\Rollups() )->rebuild_survey( $survey );
		$this->assertGreaterThan( 10, (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(DISTINCT block) FROM %i WHERE survey_id = %d', Schema::table( 'id_blocks' ), $survey ) ) );
		$anchored = 0;
		$seen     = static function ( string $sql ) use ( &$anchored ): string {
			$anchored += preg_match( '/AND r\.(id|submitted_at) (>=|<) /', $sql ) ? 1 : 0;
			return $sql;
		};
		add_filter( 'query', $seen );
		$orders = array( array( 'id', 'desc' ), array( 'id', 'asc' ) );
		foreach ( $statuses as $status ) {
			foreach ( 'partial' === $status ? array_merge( $orders, array( array( 'submitted_at', 'desc' ), array( 'submitted_at', 'asc' ) ) ) : $orders as [ $orderby, $order ] ) {
				$expected = array_map(
					'intval',
					$wpdb->get_col( $wpdb->prepare( "SELECT id FROM %i WHERE survey_id = %d AND status = %s ORDER BY %i $order, id $order", Schema::table( 'responses' ), $survey, $status, $orderby ) ) // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- asc or desc.
				);
				$this->assertCount( 15, $expected );
				foreach ( array( 1, 2, 3, 4, 5 ) as $page ) {
					$list = $this->list_data(
						$survey,
						array(
							'page'     => $page,
							'per_page' => 3,
							'orderby'  => $orderby,
							'order'    => $order,
							'filter'   => array( 'status' => $status ),
						)
					);
					$this->assertSame( array_slice( $expected, ( $page - 1 ) * 3, 3 ), self::ids_of( $list ), "$status by $orderby $order, page $page" );
					$this->assertSame( 15, $list['pagination']['total'] );
				}
			}
		}
		remove_filter( 'query', $seen );
		$this->assertGreaterThanOrEqual( 2 * 3 * 3 + 2 * 3, $anchored, 'The middle pages were read from their anchors.' );
		// A partial list over a date range is counted from daily_partials, exactly.
		$range = $this->list_data( $survey, array( 'filter' => array( 'status' => 'partial', 'conditions' => wp_json_encode( array( array( 'field' => 'date', 'operator' => 'between', 'value' => array( '2026-02-02', '2026-02-05' ) ) ) ) ) ) );
		$this->assertFalse( $range['matched_capped'] );
		$this->assertSame( count( self::ids_of( $this->list_data( $survey, array( 'per_page' => 100, 'filter' => array( 'status' => 'partial', 'conditions' => wp_json_encode( array( array( 'field' => 'date', 'operator' => 'between', 'value' => array( '2026-02-02', '2026-02-05' ) ) ) ) ) ) ) ) ), $range['matched'] );
		$this->assertGreaterThan( 0, $range['matched'] );
	}

	public function test_items_carry_their_answers_and_the_response_details(): void {
		$this->as_user( 'administrator' );
		$survey = self::open_survey();
		$id     = self::add_response(
			$survey,
			array(
				'at'      => '2026-04-05 09:30:00',
				'started_at' => '2026-04-05 09:28:10',
				'last_question' => 5,
				'url'     => 'https://example.com/pricing/?plan=pro',
				'title'   => 'Pricing',
				'ip'      => '198.51.100.0',
				'browser' => 'Firefox',
				'os'      => 'Linux',
				'device'  => 'mobile',
				'answers' => array(
					1 => 'Yes',
					2 => array( 'Red', 'Blue' ),
					5 => '4',
					7 => 'Faster pages',
					8 => null,
					9 => 'ann@example.com',
				),
				'extra'   => array(
					7 => array( 'comments' => 'Really.' ),
					9 => array( 'name' => 'Ann' ),
				),
			)
		);
		$item   = $this->list_data( $survey )['items'][0];
		$this->assertSame(
			array(
				'id'             => $id,
				'status'         => 'publish',
				'submitted_at'   => '2026-04-05T09:30:00Z',
				'complete'       => true,
				'started_at'     => '2026-04-05T09:28:10Z',
				'completed_at'   => '2026-04-05T09:30:00Z',
				'last_question'  => 5,
				'page_submitted' => array(
					'name' => 'Pricing',
					'url'  => 'https://example.com/pricing/?plan=pro',
				),
				'user_ip'        => '198.51.100.0',
				'user_browser'   => 'Firefox',
				'user_os'        => 'Linux',
				'user_device'    => 'mobile',
				'answers'        => array(
					array( 'question_id' => 1, 'value' => 'Yes', 'extra' => null ),
					array( 'question_id' => 2, 'value' => array( 'Red', 'Blue' ), 'extra' => null ),
					array( 'question_id' => 5, 'value' => '4', 'extra' => null ),
					array( 'question_id' => 7, 'value' => 'Faster pages', 'extra' => array( 'comments' => 'Really.' ) ),
					array( 'question_id' => 8, 'value' => null, 'extra' => null ),
					array( 'question_id' => 9, 'value' => 'ann@example.com', 'extra' => array( 'name' => 'Ann' ) ),
				),
				// No question of open_survey() has display logic: none was hidden.
				'not_shown'      => array(),
				'fields'         => array(),
			),
			$item
		);
	}

	public function test_a_checkbox_stored_as_one_row_per_option_is_one_list(): void {
		// Older data stored a row per ticked option; schema 6's unique (response_id, question_id)
		// no longer lets such rows be written, so the formatter that folds them is called directly.
		$rows = array(
			array( 'question_id' => 2, 'value' => 'Red', 'extra' => null ),
			array( 'question_id' => 2, 'value' => 'Green', 'extra' => null ),
		);
		$this->assertSame( array( 'Red', 'Green' ), \UserFeedback\Responses\ResponseFormatter::answers( $rows, array( 2 => 'checkbox' ) )[0]['value'] );
	}

	public function test_page_urls_other_than_http_are_not_sent(): void {
		$this->as_user( 'administrator' );
		$survey = self::open_survey();
		$urls   = array(
			'javascript:alert(1)'             => '',
			'JavaScript:alert(document.domain)' => '',
			'data:text/html,<b>x</b>'        => '',
			'/relative/page'                  => '',
			'http://example.com/a'            => 'http://example.com/a',
			'HTTPS://example.com/b'           => 'HTTPS://example.com/b',
		);
		foreach ( array_keys( $urls ) as $i => $url ) {
			self::add_response( $survey, array( 'url' => $url, 'at' => gmdate( 'Y-m-d H:i:s', 1700000000 + $i ) ) );
		}
		$sent = array_map( static fn( array $item ): string => $item['page_submitted']['url'], $this->list_data( $survey, array( 'order' => 'asc' ) )['items'] );
		$this->assertSame( array_values( $urls ), $sent );
	}

	public function test_the_answers_of_a_page_are_read_in_one_query(): void {
		$this->as_user( 'administrator' );
		$survey  = self::open_survey();
		self::add_series( $survey, 12 );
		$answers = Schema::table( 'answers' );
		$seen    = 0;
		add_filter(
			'query',
			static function ( string $sql ) use ( $answers, &$seen ): string {
				if ( str_contains( $sql, $answers ) ) {
					++$seen;
				}
				return $sql;
			}
		);
		$this->assertCount( 10, $this->list_data( $survey )['items'] );
		$this->assertSame( 1, $seen );
	}

	public function test_bad_queries_and_unknown_surveys_are_refused(): void {
		$this->as_user( 'administrator' );
		$survey = self::open_survey();
		$this->assertSame( 400, $this->list( $survey, array( 'per_page' => 101 ) )->get_status() );
		$this->assertSame( 400, $this->list( $survey, array( 'per_page' => 0 ) )->get_status() );
		$this->assertSame( 400, $this->list( $survey, array( 'page' => 0 ) )->get_status() );
		$this->assertSame( 400, $this->list( $survey, array( 'orderby' => 'ip' ) )->get_status() );
		$this->assertSame( 400, $this->list( $survey, array( 'filter' => array( 'status' => 'draft' ) ) )->get_status() );
		$this->assertSame( 404, $this->list( $survey + 1000 )->get_status() );
	}

	public function test_viewing_needs_view_results_and_no_feature(): void {
		$survey = self::open_survey();
		self::add_series( $survey, 2 );
		$this->as_user( 'subscriber' );
		$this->assertSame( 403, $this->list( $survey )->get_status() );
		wp_set_current_user( 0 );
		$this->assertSame( 401, $this->list( $survey )->get_status() );

		$this->set_entitlements( 'lite', null );
		$this->as_results_viewer();
		$this->assertCount( 2, $this->list_data( $survey )['items'] );
	}
}
