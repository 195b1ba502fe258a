<?php
/**
 * The drop-off funnel of GET surveys/{id}/results and the overview's completion rate, read from the
 * daily_funnel rollup (rows written straight into it here, so that these tests do not depend on the
 * visitors' write path): impressions -> started -> completed, the rate, the median time to complete
 * from the duration buckets, the per-question counts in survey order, the partial count, the range,
 * freshness after writes, sorting by completion_rate, and refusals.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Results;

use UserFeedback\Database\Rollups;
use UserFeedback\Database\Schema;
use UserFeedback\Plugin;
use UserFeedback\Results\Funnel;

final class FunnelTest extends ResultsTestCase {

	private const RANGE = array(
		'from' => '2026-11-01',
		'to'   => '2026-11-05',
	);

	protected function setUp(): void {
		parent::setUp();
		update_option( 'timezone_string', 'UTC' );
	}

	/**
	 * Adds to one daily_funnel row (as the rollup's upserts do).
	 */
	private static function funnel_row( int $survey_id, string $day, int $question_id, int $metric, int $count ): void {
		( new Rollups() )->add( $survey_id, array(), array(), array( $day => array( Rollups::funnel_key( $question_id, $metric ) => $count ) ) );
	}

	/**
	 * A survey whose questions are in the order 30, 10, 20 (not the order of their ids).
	 */
	private static function three_questions( string $title = 'Funnel survey' ): int {
		return Plugin::instance()->surveys->insert(
			array(
				'title'     => $title,
				'status'    => 'publish',
				'questions' => array(
					self::question( 30, 'radio-button', array( 'title' => 'First' ) ),
					self::question( 10, 'text', array( 'title' => 'Second' ) ),
					self::question( 20, 'star-rating', array( 'title' => 'Third' ) ),
				),
			)
		);
	}

	/**
	 * 10 started on 2026-11-02 and 2026-11-04, 6 completed; answered, skipped and left per question;
	 * rows outside the range and of another survey that must not count.
	 */
	private static function seed( int $survey ): void {
		$f = static fn( string $day, int $q, int $m, int $n ) => self::funnel_row( $survey, $day, $q, $m, $n );
		$f( '2026-11-02', 0, Rollups::METRIC_STARTED, 6 );
		$f( '2026-11-04', 0, Rollups::METRIC_STARTED, 4 );
		$f( '2026-11-02', 0, Rollups::METRIC_COMPLETED, 4 );
		$f( '2026-11-04', 0, Rollups::METRIC_COMPLETED, 2 );
		// Durations of the 6 completed: 2 in (10, 20], 3 in (20, 30], 1 in (60, 90].
		$f( '2026-11-02', 0, Rollups::METRIC_DURATION_BASE + 2, 2 );
		$f( '2026-11-02', 0, Rollups::METRIC_DURATION_BASE + 3, 2 );
		$f( '2026-11-04', 0, Rollups::METRIC_DURATION_BASE + 3, 1 );
		$f( '2026-11-04', 0, Rollups::METRIC_DURATION_BASE + 6, 1 );
		$f( '2026-11-02', 30, Rollups::METRIC_ANSWERED, 8 );
		$f( '2026-11-02', 30, Rollups::METRIC_SKIPPED, 1 );
		$f( '2026-11-04', 30, Rollups::METRIC_LEFT, 1 );
		$f( '2026-11-02', 10, Rollups::METRIC_ANSWERED, 5 );
		$f( '2026-11-02', 10, Rollups::METRIC_SKIPPED, 2 );
		$f( '2026-11-04', 10, Rollups::METRIC_LEFT, 1 );
		$f( '2026-11-04', 20, Rollups::METRIC_ANSWERED, 6 );
		// A trash that took a row back to zero: read as nothing.
		$f( '2026-11-03', 20, Rollups::METRIC_SKIPPED, 0 );
		// Outside the range.
		$f( '2026-10-31', 0, Rollups::METRIC_STARTED, 50 );
		$f( '2026-11-06', 0, Rollups::METRIC_COMPLETED, 50 );
		$f( '2026-10-31', 30, Rollups::METRIC_LEFT, 50 );
		self::impressions( $survey, '2026-11-01', 30 );
		self::impressions( $survey, '2026-11-05', 10 );
		self::impressions( $survey, '2026-11-06', 99 );
	}

	public function test_the_results_carry_the_funnel_of_the_range_in_survey_order(): void {
		$this->as_user( 'administrator' );
		$survey = self::three_questions();
		self::seed( $survey );
		$other = self::three_questions( 'Other' );
		self::funnel_row( $other, '2026-11-02', 0, Rollups::METRIC_STARTED, 7 );
		self::funnel_row( $other, '2026-11-02', 30, Rollups::METRIC_ANSWERED, 7 );

		$results = $this->ok( "/surveys/$survey/results", self::RANGE );
		$this->assertSame(
			array(
				'impressions'     => 40,
				'started'         => 10,
				'completed'       => 6,
				'completion_rate' => 0.6,
				// Rank 3 of 6 falls in (20, 30], after the 2 of (10, 20]: 20 + (3 - 2) / 3 * 10.
				'median_seconds'  => 23,
				'questions'       => array(
					array( 'question_id' => 30, 'title' => 'First', 'reached' => 10, 'answered' => 8, 'skipped' => 1, 'left' => 1 ),
					array( 'question_id' => 10, 'title' => 'Second', 'reached' => 8, 'answered' => 5, 'skipped' => 2, 'left' => 1 ),
					array( 'question_id' => 20, 'title' => 'Third', 'reached' => 6, 'answered' => 6, 'skipped' => 0, 'left' => 0 ),
				),
			),
			$results['funnel']
		);
		$this->assertSame( 4, $results['partial'] );
		$this->assertSame( 40, $results['impressions'] );
		// Results keep counting completed responses (daily_responses), which these rows are not.
		$this->assertSame( 0, $results['range_responses_count'] );

		$other_results = $this->ok( "/surveys/$other/results", self::RANGE );
		$this->assertSame( 7, $other_results['funnel']['started'] );
		$this->assertEquals( 0, $other_results['funnel']['completion_rate'] ); // JSON sends 0.0 as 0.
		$this->assertNotNull( $other_results['funnel']['completion_rate'] );
		$this->assertNull( $other_results['funnel']['median_seconds'] );
		$this->assertSame( 7, $other_results['partial'] );

		// A range with nothing started: no rate, no median, zero counts for every question.
		$empty = $this->ok( "/surveys/$survey/results", array( 'from' => '2026-11-10', 'to' => '2026-11-12' ) );
		$this->assertSame( 0, $empty['funnel']['started'] );
		$this->assertNull( $empty['funnel']['completion_rate'] );
		$this->assertNull( $empty['funnel']['median_seconds'] );
		$this->assertSame( array( 0, 0, 0 ), array_column( $empty['funnel']['questions'], 'reached' ) );
		$this->assertSame( 0, $empty['partial'] );
	}

	/**
	 * @return array<string,array{0:array<int,int>,1:int|null}>
	 */
	public function medians(): array {
		return array(
			'none'                    => array( array(), null ),
			'zero counts'             => array( array( 3 => 0 ), null ),
			'first bucket'            => array( array( 0 => 2 ), 3 ), // 0 + 1 / 2 * 5 = 2.5.
			'middle of a bucket'      => array( array( 3 => 4 ), 25 ),
			'across buckets'          => array( array( 0 => 1, 2 => 1, 4 => 2 ), 20 ),
			'at a bucket\'s end'      => array( array( 1 => 2, 5 => 2 ), 10 ),
			'open last bucket'        => array( array( 14 => 3 ), 3600 ),
			'mostly in the last'      => array( array( 0 => 1, 14 => 5 ), 3600 ),
			'negative (trash) counts' => array( array( 0 => -1, 3 => 2 ), 25 ),
		);
	}

	/**
	 * @dataProvider medians
	 * @param array<int,int> $buckets Bucket => count.
	 */
	public function test_the_median_is_interpolated_within_its_bucket( array $buckets, ?int $expected ): void {
		$this->assertSame( $expected, Funnel::median_seconds( $buckets ) );
	}

	public function test_funnel_numbers_are_fresh_after_a_write_while_the_rest_stays_cached(): void {
		$this->as_user( 'administrator' );
		$survey = self::three_questions();
		self::seed( $survey );
		$first = $this->ok( "/surveys/$survey/results", self::RANGE );
		$this->assertSame( 10, $first['funnel']['started'] );

		// A visitor's partial write: the rollup moves, nothing bumps the results cache.
		self::funnel_row( $survey, '2026-11-05', 0, Rollups::METRIC_STARTED, 1 );
		self::funnel_row( $survey, '2026-11-05', 30, Rollups::METRIC_ANSWERED, 1 );
		self::impressions( $survey, '2026-11-03', 2 );
		$second = $this->ok( "/surveys/$survey/results", self::RANGE );
		$this->assertSame( 11, $second['funnel']['started'] );
		$this->assertSame( 11, $second['funnel']['questions'][0]['reached'] );
		$this->assertSame( 5, $second['partial'] );
		$this->assertSame( 42, $second['funnel']['impressions'] );
		$this->assertSame( 42, $second['impressions'] );
		$this->assertSame( 0.5455, $second['funnel']['completion_rate'] );

		$overview = $this->ok( '/results-summary', self::RANGE );
		self::funnel_row( $survey, '2026-11-05', 0, Rollups::METRIC_COMPLETED, 1 );
		$this->assertSame( 0.5455, $overview['surveys'][0]['completion_rate'] );
		$this->assertSame( 0.6364, $this->ok( '/results-summary', self::RANGE )['surveys'][0]['completion_rate'] );
	}

	public function test_the_overview_has_completion_rates_and_sorts_by_them(): void {
		$this->as_user( 'administrator' );
		$ids = array();
		foreach ( array( 'half' => array( 4, 2 ), 'all' => array( 3, 3 ), 'none' => array( 0, 0 ), 'low' => array( 10, 1 ) ) as $key => [ $started, $completed ] ) {
			$ids[ $key ] = self::three_questions( $key );
			if ( $started ) {
				self::funnel_row( $ids[ $key ], '2026-11-03', 0, Rollups::METRIC_STARTED, $started );
				self::funnel_row( $ids[ $key ], '2026-11-03', 0, Rollups::METRIC_COMPLETED, $completed );
			}
		}
		// Outside the range: does not change a rate.
		self::funnel_row( $ids['low'], '2026-10-20', 0, Rollups::METRIC_COMPLETED, 9 );

		$overview = $this->ok( '/results-summary', self::RANGE );
		$rates    = array_column( $overview['surveys'], 'completion_rate', 'id' );
		$this->assertSame( 0.5, $rates[ $ids['half'] ] );
		$this->assertEquals( 1, $rates[ $ids['all'] ] ); // JSON sends 1.0 as 1.
		$this->assertNull( $rates[ $ids['none'] ] );
		$this->assertSame( 0.1, $rates[ $ids['low'] ] );

		$order = fn( string $dir ) => array_column( $this->ok( '/results-summary', self::RANGE + array( 'orderby' => 'completion_rate', 'order' => $dir ) )['surveys'], 'id' );
		$this->assertSame( array( $ids['all'], $ids['half'], $ids['low'], $ids['none'] ), $order( 'desc' ) );
		$this->assertSame( array( $ids['none'], $ids['low'], $ids['half'], $ids['all'] ), $order( 'asc' ) );
		// Paged after sorting.
		$page = $this->ok( '/results-summary', self::RANGE + array( 'orderby' => 'completion_rate', 'order' => 'desc', 'per_page' => 2, 'page' => 2 ) );
		$this->assertSame( array( $ids['low'], $ids['none'] ), array_column( $page['surveys'], 'id' ) );
	}

	public function test_unknown_orders_and_bad_ranges_are_refused(): void {
		$this->as_user( 'administrator' );
		$survey = self::three_questions();
		foreach ( array( 'completion', 'rate', 'funnel' ) as $orderby ) {
			$response = $this->get( '/results-summary', self::RANGE + array( 'orderby' => $orderby ) );
			$this->assertSame( 400, $response->get_status(), $orderby );
			$this->assertSame( 'rest_invalid_param', $response->get_data()['code'] );
		}
		$this->assertSame( 400, $this->get( "/surveys/$survey/results", array( 'from' => '2026-11-05', 'to' => '2026-11-01' ) )->get_status() );
		$this->assertSame( 404, $this->get( '/surveys/999999/results', self::RANGE )->get_status() );
	}

	public function test_the_funnel_is_refused_to_roles_without_results(): void {
		$survey = self::three_questions();
		self::seed( $survey );
		foreach ( array( 'subscriber', 'editor' ) as $role ) {
			$this->as_user( $role );
			$this->assertSame( 403, $this->get( "/surveys/$survey/results", self::RANGE )->get_status(), $role );
			$this->assertSame( 403, $this->get( '/results-summary', self::RANGE + array( 'orderby' => 'completion_rate' ) )->get_status(), $role );
		}
	}

	public function test_the_funnel_is_read_from_rollups_only(): void {
		$this->as_user( 'administrator' );
		$survey = self::three_questions();
		self::seed( $survey );
		$this->ok( "/surveys/$survey/results", self::RANGE ); // The cached part is computed once.
		$seen   = array();
		$filter = static function ( string $sql ) use ( &$seen ): string {
			$seen[] = $sql;
			return $sql;
		};
		add_filter( 'query', $filter );
		$this->ok( "/surveys/$survey/results", self::RANGE );
		remove_filter( 'query', $filter );
		$responses = Schema::table( 'responses' );
		$answers   = Schema::table( 'answers' );
		foreach ( $seen as $sql ) {
			$this->assertStringNotContainsString( $responses, $sql, 'No read of the responses table.' );
			$this->assertStringNotContainsString( $answers, $sql, 'No read of the answers table.' );
		}
		$this->assertNotEmpty( array_filter( $seen, static fn( string $sql ): bool => str_contains( $sql, Schema::table( 'daily_funnel' ) ) ) );
	}
}
