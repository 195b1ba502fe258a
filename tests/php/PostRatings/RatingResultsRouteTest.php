<?php
/**
 * GET post-ratings/results: rated posts of a range grouped in SQL, sorted by every column both ways,
 * paged with X-WP-Total / X-WP-TotalPages, searched by title; the range in the site's time zone.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\PostRatings;

use UserFeedback\Licensing\Entitlements;
use UserFeedback\Responses\FeatureGate;

final class RatingResultsRouteTest extends RatingsTestCase {

	private const ROUTE = '/userfeedback/v1/post-ratings/results';

	/** @var array<string,int> Title => post id. */
	private array $posts = array();

	protected function setUp(): void {
		parent::setUp();
		$this->unlock();
		$this->as_results_viewer();
		// Apple: 3 votes, average 4.33; Banana: 1 vote, 5; Cherry: 2 votes, 2.5; Damson: none.
		$this->posts = array(
			'Apple'  => self::make_post( 'Apple' ),
			'Banana' => self::make_post( 'Banana', array( 'post_type' => 'page' ) ),
			'Cherry' => self::make_post( 'Cherry' ),
			'Damson' => self::make_post( 'Damson' ),
		);
		self::rate( $this->posts['Apple'], array( array( 5, '2026-03-01 12:00:00' ), array( 4, '2026-03-05 12:00:00' ), array( 4, '2026-03-10 12:00:00' ) ) );
		self::rate( $this->posts['Banana'], array( array( 5, '2026-03-03 12:00:00' ) ) );
		self::rate( $this->posts['Cherry'], array( array( 2, '2026-03-04 12:00:00' ), array( 3, '2026-03-20 09:30:00' ) ) );
	}

	/**
	 * @param array<string,mixed> $query Query.
	 * @return array<string,mixed>
	 */
	private function ok( array $query = array() ): array {
		$response = $this->rest( 'GET', self::ROUTE, $query );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		// As the route answers it (in JSON, 5.0 would read back as the integer 5).
		return $response->get_data();
	}

	/**
	 * @param array<string,mixed> $list The payload.
	 * @return string[] Titles in the order listed.
	 */
	private static function titles( array $list ): array {
		return array_column( $list['items'], 'post_title' );
	}

	public function test_rows_hold_the_figures_of_each_rated_post(): void {
		$list = $this->ok();
		$this->assertSame( array( 'Apple', 'Cherry', 'Banana' ), self::titles( $list ), 'Most ratings first by default; Damson has none.' );
		$this->assertSame(
			array(
				'post_id'        => $this->posts['Apple'],
				'post_title'     => 'Apple',
				'post_url'       => get_permalink( $this->posts['Apple'] ),
				'total_ratings'  => 3,
				'average_rating' => 4.33,
				'last_rated_at'  => '2026-03-10T12:00:00Z',
			),
			$list['items'][0]
		);
		$this->assertSame( 2.5, $list['items'][1]['average_rating'] );
		$this->assertSame( '2026-03-20T09:30:00Z', $list['items'][1]['last_rated_at'] );
		$this->assertSame( 5.0, $list['items'][2]['average_rating'] );
		$this->assertSame( get_permalink( $this->posts['Banana'] ), $list['items'][2]['post_url'] );
		$this->assertSame(
			array(
				'page'     => 1,
				'pages'    => 1,
				'per_page' => 10,
				'total'    => 3,
			),
			$list['pagination']
		);
	}

	/**
	 * @return array<string,array{0:string,1:string,2:string[]}>
	 */
	public static function sorts(): array {
		return array(
			'title asc'    => array( 'post_title', 'asc', array( 'Apple', 'Banana', 'Cherry' ) ),
			'title desc'   => array( 'post_title', 'desc', array( 'Cherry', 'Banana', 'Apple' ) ),
			'count asc'    => array( 'total_ratings', 'asc', array( 'Banana', 'Cherry', 'Apple' ) ),
			'count desc'   => array( 'total_ratings', 'desc', array( 'Apple', 'Cherry', 'Banana' ) ),
			'average asc'  => array( 'average_rating', 'asc', array( 'Cherry', 'Apple', 'Banana' ) ),
			'average desc' => array( 'average_rating', 'desc', array( 'Banana', 'Apple', 'Cherry' ) ),
		);
	}

	/**
	 * @dataProvider sorts
	 * @param string[] $expected Titles.
	 */
	public function test_every_column_sorts_both_ways_in_sql( string $orderby, string $order, array $expected ): void {
		$this->assertSame( $expected, self::titles( $this->ok( array( 'orderby' => $orderby, 'order' => $order ) ) ) );
		// The order holds across pages too: page 2 of 1-per-page is the second post.
		$this->assertSame( array( $expected[1] ), self::titles( $this->ok( array( 'orderby' => $orderby, 'order' => $order, 'per_page' => 1, 'page' => 2 ) ) ) );
	}

	public function test_ties_are_broken_by_the_post_id_in_the_same_direction(): void {
		$elder = self::make_post( 'Elder' );
		self::rate( $elder, array( array( 5, '2026-03-02 12:00:00' ) ) );
		$asc = $this->ok( array( 'orderby' => 'total_ratings', 'order' => 'asc' ) );
		$this->assertSame( array( $this->posts['Banana'], $elder ), array_slice( array_column( $asc['items'], 'post_id' ), 0, 2 ) );
		$desc = $this->ok( array( 'orderby' => 'average_rating', 'order' => 'desc' ) );
		$this->assertSame( array( $elder, $this->posts['Banana'] ), array_slice( array_column( $desc['items'], 'post_id' ), 0, 2 ) );
	}

	public function test_paging_sends_the_total_headers(): void {
		$response = $this->rest( 'GET', self::ROUTE, array( 'per_page' => 2, 'page' => 2 ) );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( '3', $response->get_headers()['X-WP-Total'] );
		$this->assertSame( '2', $response->get_headers()['X-WP-TotalPages'] );
		$list = self::data( $response );
		$this->assertSame( array( 'Banana' ), self::titles( $list ) );
		$this->assertSame(
			array(
				'page'     => 2,
				'pages'    => 2,
				'per_page' => 2,
				'total'    => 3,
			),
			$list['pagination']
		);
		// A full page (the total is counted) and a page past the end (likewise).
		$full = $this->rest( 'GET', self::ROUTE, array( 'per_page' => 2 ) );
		$this->assertSame( '3', $full->get_headers()['X-WP-Total'] );
		$this->assertSame( array( 'Apple', 'Cherry' ), self::titles( $full->get_data() ) );
		$past = $this->ok( array( 'per_page' => 2, 'page' => 3 ) );
		$this->assertSame( array(), $past['items'] );
		$this->assertSame( 3, $past['pagination']['total'] );
		$this->assertSame( 400, $this->rest( 'GET', self::ROUTE, array( 'per_page' => 101 ) )->get_status() );
		$this->assertSame( 400, $this->rest( 'GET', self::ROUTE, array( 'page' => 0 ) )->get_status() );
	}

	public function test_the_range_is_made_of_site_local_days(): void {
		// New York is UTC-5 until March 8th 2026, UTC-4 after.
		$fig = self::make_post( 'Fig' );
		self::rate(
			$fig,
			array(
				array( 1, '2026-03-02 04:59:59' ), // March 1st, 23:59:59 local.
				array( 5, '2026-03-02 05:00:00' ), // March 2nd, 00:00 local.
				array( 3, '2026-03-09 03:59:59' ), // March 8th, 23:59:59 local (EDT).
				array( 4, '2026-03-09 04:00:00' ), // March 9th local.
			)
		);
		$in = function ( array $query ) use ( $fig ): ?array {
			foreach ( $this->ok( $query + array( 'search' => 'Fig' ) )['items'] as $row ) {
				if ( $row['post_id'] === $fig ) {
					return $row;
				}
			}
			return null;
		};
		$this->assertSame( 1, $in( array( 'from' => '2026-03-01', 'to' => '2026-03-01' ) )['total_ratings'] );
		$this->assertSame( 1.0, $in( array( 'from' => '2026-03-01', 'to' => '2026-03-01' ) )['average_rating'] );
		$march_2_to_8 = $in( array( 'from' => '2026-03-02', 'to' => '2026-03-08' ) );
		$this->assertSame( 2, $march_2_to_8['total_ratings'] );
		$this->assertSame( 4.0, $march_2_to_8['average_rating'] );
		$this->assertSame( '2026-03-09T03:59:59Z', $march_2_to_8['last_rated_at'] );
		$this->assertSame( 1, $in( array( 'from' => '2026-03-09' ) )['total_ratings'], 'Up to today by default.' );
		$this->assertSame( 4, $in( array( 'to' => '2026-03-09' ) )['total_ratings'], 'From 2005-01-01 by default.' );
		$this->assertNull( $in( array( 'from' => '2026-03-10', 'to' => '2026-03-31' ) ), 'A post without votes in the range is not listed.' );

		$range = $this->ok( array( 'from' => '2026-03-04', 'to' => '2026-03-05' ) );
		$this->assertSame( array( 'Cherry', 'Apple' ), self::titles( $range ), 'One vote each: the later post first.' );
		$this->assertSame( 2, $range['pagination']['total'], 'The total counts the posts rated in the range.' );
		$this->assertSame( 4.0, $range['items'][1]['average_rating'], 'Figures are over the range only.' );
	}

	public function test_a_wrong_range_is_refused_with_the_parameter_named(): void {
		$today    = current_datetime()->format( 'Y-m-d' );
		$tomorrow = current_datetime()->modify( '+1 day' )->format( 'Y-m-d' );
		$cases    = array(
			array( array( 'from' => '2004-12-31' ), 'from' ),
			array( array( 'to' => $tomorrow ), 'to' ),
			array( array( 'from' => $today, 'to' => '2026-01-01' ), 'from' ),
			array( array( 'from' => '2026-02-30' ), 'from' ),
			array( array( 'to' => '01/02/2026' ), 'to' ),
			array( array( 'orderby' => 'post_date' ), 'orderby' ),
			array( array( 'order' => 'sideways' ), 'order' ),
		);
		foreach ( $cases as [ $query, $param ] ) {
			$response = $this->rest( 'GET', self::ROUTE, $query );
			$this->assertSame( 400, $response->get_status(), (string) wp_json_encode( $query ) );
			$this->assertArrayHasKey( $param, $response->get_data()['data']['params'], (string) wp_json_encode( $query ) );
		}
		$this->assertSame( 3, $this->ok( array( 'from' => '2005-01-01', 'to' => $today ) )['pagination']['total'] );
	}

	public function test_search_matches_part_of_the_title_literally(): void {
		$percent = self::make_post( 'Save 50% now' );
		$other   = self::make_post( 'Save 50 dollars' );
		self::rate( $percent, array( array( 3, '2026-03-01 10:00:00' ) ) );
		self::rate( $other, array( array( 3, '2026-03-01 10:00:00' ) ) );
		$this->assertSame( array( 'Cherry' ), self::titles( $this->ok( array( 'search' => 'err' ) ) ) );
		$this->assertSame( array( 'Save 50% now' ), self::titles( $this->ok( array( 'search' => '50%' ) ) ) );
		$found = $this->rest( 'GET', self::ROUTE, array( 'search' => 'an' ) );
		$this->assertSame( array( 'Banana' ), self::titles( self::data( $found ) ) );
		$this->assertSame( '1', $found->get_headers()['X-WP-Total'], 'The total counts the matching posts only.' );
		$this->assertSame( array(), $this->ok( array( 'search' => 'Damson' ) )['items'] );
	}

	/**
	 * A full page of a range is counted apart from its rows (RatingRepository::rated_posts()): the
	 * count takes the same posts, those rated in the range, with the search, without a post that is
	 * gone (votes left behind by a post deleted outside WordPress).
	 */
	public function test_the_total_of_a_full_page_counts_the_posts_rated_in_the_range(): void {
		global $wpdb;
		$gone = self::make_post( 'Elder' );
		self::rate( $gone, array( array( 4, '2026-03-04 12:00:00' ) ) );
		$wpdb->delete( $wpdb->posts, array( 'ID' => $gone ) );
		$march = array(
			'from'     => '2026-03-02',
			'to'       => '2026-03-09',
			'per_page' => 1,
		);
		$first = $this->rest( 'GET', self::ROUTE, $march );
		$this->assertSame( array( 'Cherry' ), self::titles( self::data( $first ) ), 'Apple, Banana and Cherry have a vote each in the range: the latest post first.' );
		$this->assertSame( array( '3', '3' ), array( $first->get_headers()['X-WP-Total'], $first->get_headers()['X-WP-TotalPages'] ) );
		$searched = $this->ok( $march + array( 'search' => 'an' ) );
		$this->assertSame( array( array( 'Banana' ), 1 ), array( self::titles( $searched ), $searched['pagination']['total'] ) );
		$this->assertSame( 2, $this->ok( array( 'from' => '2026-03-04', 'to' => '2026-03-20', 'per_page' => 1 ) )['pagination']['total'], 'Apple and Cherry.' );
	}

	public function test_ratings_of_deleted_posts_are_left_out(): void {
		wp_delete_post( $this->posts['Cherry'], true );
		$this->assertSame( array( 'Apple', 'Banana' ), self::titles( $this->ok() ) );
		$this->assertSame( 2, $this->ok()['pagination']['total'] );
	}

	public function test_a_locked_feature_and_missing_capabilities_are_refused(): void {
		$this->set_entitlements( 'pro', 'plus' );
		$response = $this->rest( 'GET', self::ROUTE );
		$this->assertSame( 403, $response->get_status() );
		$this->assertSame( 'userfeedback_feature_locked', $response->get_data()['code'] );
		$this->assertSame( FeatureGate::message( new Entitlements( 'pro', new \UserFeedback\Licensing\License( 'k', 'plus' ), array() ), 'post_ratings' ), $response->get_data()['message'] );
		$this->assertSame( 403, $this->rest( 'GET', self::ROUTE . '/' . $this->posts['Apple'] )->get_status() );

		$this->unlock();
		$this->as_user( 'subscriber' );
		$this->assertSame( 403, $this->rest( 'GET', self::ROUTE )->get_status() );
		wp_set_current_user( 0 );
		$this->assertSame( 401, $this->rest( 'GET', self::ROUTE )->get_status() );
	}
}
