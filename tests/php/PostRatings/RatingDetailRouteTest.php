<?php
/**
 * GET post-ratings/results/{post_id}: a post's figures over the range and its ratings, sorted by date
 * or rating both ways, paged; 404 for a post that does not exist.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\PostRatings;

final class RatingDetailRouteTest extends RatingsTestCase {

	private int $post = 0;

	/** @var int[] Rating ids in the order they were given. */
	private array $ids = array();

	protected function setUp(): void {
		parent::setUp();
		$this->unlock();
		$this->as_results_viewer();
		$this->post = self::make_post( 'Rated post' );
		$this->ids  = self::rate(
			$this->post,
			array(
				array( 3, '2026-04-01 10:00:00' ),
				array( 5, '2026-04-02 03:30:00' ), // April 1st, 23:30 in New York.
				array( 1, '2026-04-03 10:00:00' ),
				array( 5, '2026-04-04 10:00:00' ),
			)
		);
		self::rate( self::make_post( 'Other post' ), array( array( 2, '2026-04-02 10:00:00' ) ) );
	}

	/**
	 * @param array<string,mixed> $query Query.
	 */
	private function detail( array $query = array(), ?int $post = null ): \WP_REST_Response {
		return $this->rest( 'GET', '/userfeedback/v1/post-ratings/results/' . ( $post ?? $this->post ), $query );
	}

	/**
	 * @param array<string,mixed> $query Query.
	 * @return array<string,mixed>
	 */
	private function ok( array $query = array() ): array {
		$response = $this->detail( $query );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		return $response->get_data();
	}

	public function test_the_post_row_and_its_ratings_newest_first(): void {
		$detail = $this->ok();
		$this->assertSame(
			array(
				'post_id'        => $this->post,
				'post_title'     => 'Rated post',
				'post_url'       => get_permalink( $this->post ),
				'total_ratings'  => 4,
				'average_rating' => 3.5,
				'last_rated_at'  => '2026-04-04T10:00:00Z',
			),
			$detail['post']
		);
		$this->assertSame( array_reverse( $this->ids ), array_column( $detail['items'], 'id' ) );
		$this->assertSame(
			array(
				'id'         => $this->ids[1],
				'post_id'    => $this->post,
				'rating'     => 5,
				'created_at' => '2026-04-02T03:30:00Z',
			),
			$detail['items'][2]
		);
		$this->assertSame(
			array(
				'page'     => 1,
				'pages'    => 1,
				'per_page' => 10,
				'total'    => 4,
			),
			$detail['pagination']
		);
	}

	public function test_sorting_by_date_and_rating_both_ways(): void {
		[ $a, $b, $c, $d ] = $this->ids;
		$cases             = array(
			array( 'created_at', 'asc', array( $a, $b, $c, $d ) ),
			array( 'created_at', 'desc', array( $d, $c, $b, $a ) ),
			array( 'rating', 'asc', array( $c, $a, $b, $d ) ),   // 1, 3, 5, 5 (ties by id, ascending).
			array( 'rating', 'desc', array( $d, $b, $a, $c ) ),  // 5, 5, 3, 1 (ties by id, descending).
		);
		foreach ( $cases as [ $orderby, $order, $expected ] ) {
			$this->assertSame( $expected, array_column( $this->ok( array( 'orderby' => $orderby, 'order' => $order ) )['items'], 'id' ), "$orderby $order" );
		}
		$this->assertSame( 400, $this->detail( array( 'orderby' => 'post_title' ) )->get_status() );
	}

	public function test_paging_headers_and_range_in_the_site_time_zone(): void {
		$response = $this->detail( array( 'per_page' => 3, 'page' => 2, 'order' => 'asc' ) );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( '4', $response->get_headers()['X-WP-Total'] );
		$this->assertSame( '2', $response->get_headers()['X-WP-TotalPages'] );
		$this->assertSame( array( $this->ids[3] ), array_column( $response->get_data()['items'], 'id' ) );

		$april_1 = $this->ok( array( 'from' => '2026-04-01', 'to' => '2026-04-01' ) );
		$this->assertSame( array( $this->ids[1], $this->ids[0] ), array_column( $april_1['items'], 'id' ), '23:30 local on April 1st is April 2nd in UTC.' );
		$this->assertSame( 2, $april_1['post']['total_ratings'] );
		$this->assertSame( 4.0, $april_1['post']['average_rating'] );
		$this->assertSame( '2026-04-02T03:30:00Z', $april_1['post']['last_rated_at'] );
		$this->assertSame( 2, $april_1['pagination']['total'] );
	}

	public function test_a_post_without_ratings_in_the_range_has_zero_figures(): void {
		$none = $this->ok( array( 'from' => '2026-05-01', 'to' => '2026-05-31' ) );
		$this->assertSame( 0, $none['post']['total_ratings'] );
		$this->assertSame( 0.0, $none['post']['average_rating'] );
		$this->assertNull( $none['post']['last_rated_at'] );
		$this->assertSame( array(), $none['items'] );
		$this->assertSame( 0, $none['pagination']['total'] );
		$this->assertSame( 1, $none['pagination']['pages'] );
	}

	public function test_a_post_that_does_not_exist_answers_404(): void {
		$response = $this->detail( array(), 987654 );
		$this->assertSame( 404, $response->get_status() );
		$this->assertSame( 'userfeedback_post_not_found', $response->get_data()['code'] );
		wp_delete_post( $this->post, true );
		$this->assertSame( 404, $this->detail()->get_status(), 'Its ratings alone do not make it exist.' );
	}

	public function test_a_bad_range_answers_400(): void {
		$this->assertSame( 400, $this->detail( array( 'from' => '2026-04-05', 'to' => '2026-04-01' ) )->get_status() );
		$this->assertSame( 400, $this->detail( array( 'from' => '2004-01-01' ) )->get_status() );
	}
}
