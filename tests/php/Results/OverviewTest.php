<?php
/**
 * GET results-summary: the range's total and daily points over every survey but the trashed, and a
 * page of the surveys table with all-time and range counts, sortable by either.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Results;

final class OverviewTest extends ResultsTestCase {

	private const RANGE = array(
		'from' => '2026-11-01',
		'to'   => '2026-11-05',
	);

	/** @var array<string,int> */
	private array $ids = array();

	protected function setUp(): void {
		parent::setUp();
		update_option( 'timezone_string', 'UTC' ); // The test site's is America/New_York.
		$this->as_user( 'administrator' );
		$this->ids['a'] = self::results_survey( array( 'title' => 'Alpha', 'created_at' => '2026-01-01 00:00:00' ) );
		$this->ids['b'] = self::results_survey( array( 'title' => 'beta', 'type' => 'nps', 'status' => 'draft', 'created_at' => '2026-02-01 00:00:00' ) );
		$this->ids['c'] = self::results_survey( array( 'title' => 'Gamma', 'created_at' => '2025-12-01 00:00:00' ) );
		$trashed        = self::results_survey( array( 'title' => 'Trashed', 'status' => 'trash' ) );

		self::respond( $this->ids['a'], '2026-11-01 10:00:00', array( 1 => 'Yes' ) );
		self::respond( $this->ids['a'], '2026-11-03 10:00:00', array( 1 => 'Yes' ) );
		self::respond( $this->ids['a'], '2026-10-03 10:00:00', array( 1 => 'Yes' ) );
		self::respond( $this->ids['a'], '2026-10-04 10:00:00', array( 1 => 'Yes' ) );
		self::respond( $this->ids['a'], '2026-10-05 10:00:00', array( 1 => 'Yes' ) );
		self::respond( $this->ids['b'], '2026-11-03 10:00:00', array( 6 => 9 ) );
		self::respond( $this->ids['b'], '2026-11-05 23:59:59', array( 6 => 9 ) );
		self::respond( $this->ids['b'], '2026-11-06 00:00:00', array( 6 => 9 ) );
		self::respond( $this->ids['b'], '2026-11-04 10:00:00', array( 6 => 9 ) );
		self::trash( self::respond( $this->ids['c'], '2026-11-02 10:00:00', array( 1 => 'Yes' ) ) );
		self::respond( $trashed, '2026-11-02 10:00:00', array( 1 => 'Yes' ) );
	}

	public function test_totals_points_and_surveys(): void {
		$response = $this->get( '/results-summary', self::RANGE );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( '3', $response->get_headers()['X-WP-Total'] );
		$this->assertSame( '1', $response->get_headers()['X-WP-TotalPages'] );
		$overview = self::data( $response );

		$this->assertSame( 5, $overview['total_responses'] );
		$this->assertSame(
			array(
				array( 'date' => '2026-11-01', 'count' => 1 ),
				array( 'date' => '2026-11-02', 'count' => 0 ),
				array( 'date' => '2026-11-03', 'count' => 2 ),
				array( 'date' => '2026-11-04', 'count' => 1 ),
				array( 'date' => '2026-11-05', 'count' => 1 ),
			),
			$overview['data_points']
		);
		$this->assertSame( array( 'page' => 1, 'pages' => 1, 'per_page' => 10, 'total' => 3 ), $overview['pagination'] );
		$this->assertSame( array( $this->ids['c'], $this->ids['b'], $this->ids['a'] ), array_column( $overview['surveys'], 'id' ), 'Newest id first by default.' );
		// The rates come from the funnel rollup (FunnelTest checks them); the rest is checked here.
		foreach ( $overview['surveys'] as $k => $survey ) {
			$this->assertArrayHasKey( 'completion_rate', $survey );
			unset( $overview['surveys'][ $k ]['completion_rate'] );
		}
		$this->assertSame(
			array(
				'id'                    => $this->ids['b'],
				'title'                 => 'beta',
				'type'                  => 'nps',
				'status'                => 'draft',
				'created_at'            => '2026-02-01T00:00:00Z',
				'responses_count'       => 4,
				'range_responses_count' => 3,
			),
			$overview['surveys'][1]
		);
		$this->assertSame( 5, $overview['surveys'][2]['responses_count'] );
		$this->assertSame( 2, $overview['surveys'][2]['range_responses_count'] );
		$this->assertSame( 0, $overview['surveys'][0]['responses_count'], 'Trashed responses never count.' );
	}

	/**
	 * @return array<string,array{0:string,1:string,2:string[]}>
	 */
	public function orders(): array {
		return array(
			'title asc'                   => array( 'title', 'asc', array( 'a', 'b', 'c' ) ),
			'title desc'                  => array( 'title', 'desc', array( 'c', 'b', 'a' ) ),
			'created_at asc'              => array( 'created_at', 'asc', array( 'c', 'a', 'b' ) ),
			'status asc'                  => array( 'status', 'asc', array( 'b', 'a', 'c' ) ),
			'responses_count desc'        => array( 'responses_count', 'desc', array( 'a', 'b', 'c' ) ),
			'range_responses_count desc'  => array( 'range_responses_count', 'desc', array( 'b', 'a', 'c' ) ),
			'range_responses_count asc'   => array( 'range_responses_count', 'asc', array( 'c', 'a', 'b' ) ),
			'id asc'                      => array( 'id', 'asc', array( 'a', 'b', 'c' ) ),
		);
	}

	/**
	 * @dataProvider orders
	 * @param string[] $expected Survey keys in order.
	 */
	public function test_sorting( string $orderby, string $order, array $expected ): void {
		$surveys = $this->ok( '/results-summary', self::RANGE + array( 'orderby' => $orderby, 'order' => $order ) )['surveys'];
		$this->assertSame( array_map( fn( $key ) => $this->ids[ $key ], $expected ), array_column( $surveys, 'id' ) );
	}

	public function test_paging(): void {
		$response = $this->get( '/results-summary', self::RANGE + array( 'per_page' => 2, 'page' => 2, 'orderby' => 'title', 'order' => 'asc' ) );
		$this->assertSame( '2', $response->get_headers()['X-WP-TotalPages'] );
		$overview = self::data( $response );
		$this->assertSame( array( $this->ids['c'] ), array_column( $overview['surveys'], 'id' ) );
		$this->assertSame( array( 'page' => 2, 'pages' => 2, 'per_page' => 2, 'total' => 3 ), $overview['pagination'] );
		$this->assertSame( 5, $overview['total_responses'], 'The totals do not depend on the page.' );
	}
}
