<?php
/**
 * The "all time" post-ratings lists read the per-post totals (issue 19): the same rows, order,
 * averages, latest votes, pages and totals as grouping every vote, for each sort and a title search;
 * and a post's all-time summary likewise.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\PostRatings;

use UserFeedback\PostRatings\RatingRepository;
use UserFeedback\Results\Range;

final class RatingTotalsListTest extends RatingsTestCase {

	public function test_all_time_lists_equal_the_grouped_votes(): void {
		$posts = array();
		// Averages with ties (3.0 twice), long decimals (10/3, 11/3) and a post whose votes are old.
		$plan = array(
			'Alpha post'   => array( 3, 3, 4 ),
			'Bravo post'   => array( 5, 5, 1 ),
			'Charlie post' => array( 3 ),
			'Delta post'   => array( 2, 4 ),
			'Echo post'    => array( 5, 4, 4, 5, 1, 2, 3 ),
			'Foxtrot page' => array( 1 ),
		);
		$i = 0;
		foreach ( $plan as $title => $ratings ) {
			$posts[ $title ] = self::make_post( $title );
			$votes           = array();
			foreach ( $ratings as $k => $rating ) {
				$votes[] = array( $rating, gmdate( 'Y-m-d H:i:s', strtotime( '2025-03-01 10:00:00 UTC' ) + ( $i++ * 7 + $k ) * 3600 ) );
			}
			self::rate( $posts[ $title ], $votes );
		}
		self::make_post( 'Never rated' );
		$repository = new RatingRepository();
		$range      = new Range( Range::EARLIEST, current_datetime()->format( 'Y-m-d' ), wp_timezone() );
		$compared   = 0;
		foreach ( RatingRepository::POST_ORDERBY as $orderby ) {
			foreach ( array( 'asc', 'desc' ) as $order ) {
				foreach ( array( '', 'post' ) as $search ) {
					foreach ( array( array( 2, 0 ), array( 2, 2 ), array( 2, 4 ), array( 10, 0 ) ) as [ $per_page, $offset ] ) {
						$query = array(
							'orderby'  => $orderby,
							'order'    => $order,
							'search'   => $search,
							'per_page' => $per_page,
							'offset'   => $offset,
							'count'    => true,
						);
						$grouped = $repository->rated_posts( $range->start_utc(), $range->end_utc(), $query );
						$totals  = $repository->rated_posts( $range->start_utc(), $range->end_utc(), $query + array( 'all_time' => true ) );
						$this->assertSame( $grouped, $totals, wp_json_encode( $query ) );
						++$compared;
					}
				}
			}
		}
		$this->assertGreaterThan( 40, $compared );
		$this->assertSame( 5, $repository->rated_posts( $range->start_utc(), $range->end_utc(), array( 'orderby' => 'post_title', 'order' => 'asc', 'search' => 'post', 'per_page' => 10, 'offset' => 0, 'count' => true, 'all_time' => true ) )['total'] );

		foreach ( $posts as $title => $post_id ) {
			$this->assertSame(
				$repository->post_summary( $post_id, $range->start_utc(), $range->end_utc() ),
				$repository->post_summary( $post_id, $range->start_utc(), $range->end_utc(), true ),
				$title
			);
		}
		$never = self::make_post( 'Still never rated' );
		$this->assertSame( array( 'count' => 0, 'average' => 0.0, 'last_rated_at' => null ), $repository->post_summary( $never, $range->start_utc(), $range->end_utc(), true ) );
	}

	public function test_the_routes_default_range_reads_the_totals_and_a_shorter_one_the_votes(): void {
		$this->unlock();
		$this->as_results_viewer();
		$post = self::make_post( 'Counted post' );
		self::rate( $post, array( array( 4, gmdate( 'Y-m-d H:i:s', time() - 3 * DAY_IN_SECONDS ) ), array( 2, gmdate( 'Y-m-d H:i:s', time() - 400 * DAY_IN_SECONDS ) ) ) );
		global $wpdb;
		// Tamper with the totals: the all-time list must show them, a dated range the votes.
		$wpdb->query( $wpdb->prepare( 'UPDATE %i SET votes = 7, total = 21 WHERE post_id = %d', \UserFeedback\Database\Schema::table( 'post_rating_totals' ), $post ) );
		$all = self::data( $this->rest( 'GET', self::NS . '/post-ratings/results' ) );
		$this->assertSame( array( 7, 3 ), array( $all['items'][0]['total_ratings'], (int) $all['items'][0]['average_rating'] ) );
		$this->assertSame( 7, self::data( $this->rest( 'GET', self::NS . "/post-ratings/results/$post" ) )['post']['total_ratings'] );
		$recent = self::data( $this->rest( 'GET', self::NS . '/post-ratings/results', array( 'from' => gmdate( 'Y-m-d', time() - 30 * DAY_IN_SECONDS ) ) ) );
		$this->assertSame( 1, $recent['items'][0]['total_ratings'] );
	}
}
