<?php
/**
 * Results are served from the object cache until responses change: a saved response (the visitor
 * route's hook) or ResultsCache::bump() (trash, restore, delete) makes them fresh again. The funnel
 * and the completion rates are never cached (FunnelTest checks them fresh after a write).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Results;

use UserFeedback\Responses\ResponseService;
use UserFeedback\Results\ResultsCache;

final class ResultsCacheTest extends ResultsTestCase {

	private const RANGE = array(
		'from' => '2026-11-01',
		'to'   => '2026-11-05',
	);

	private int $survey;

	protected function setUp(): void {
		parent::setUp();
		$this->as_user( 'administrator' );
		$this->survey = self::results_survey();
		self::respond( $this->survey, '2026-11-02 10:00:00', array( 1 => 'Yes', 6 => 9 ) );
	}

	private function range_count(): int {
		return $this->ok( "/surveys/{$this->survey}/results", self::RANGE )['range_responses_count'];
	}

	private function queries_of( callable $fn ): int {
		global $wpdb;
		$before = $wpdb->num_queries;
		$fn();
		return $wpdb->num_queries - $before;
	}

	public function test_a_repeated_read_runs_no_result_sql(): void {
		$this->assertSame( 1, $this->range_count() );
		$cached = $this->queries_of( fn() => $this->range_count() );
		// The funnel (every visitor's answer moves it, and only completions bump this cache) is read
		// fresh: its rollup's sums over the range and the impressions.
		$this->assertLessThanOrEqual( 3, $cached, 'Only the survey itself and the funnel\'s two sums are read again.' );
		$this->ok( '/results-summary', self::RANGE );
		$this->assertLessThanOrEqual( 1, $this->queries_of( fn() => $this->ok( '/results-summary', self::RANGE ) ), 'Only the completion rates are read again.' );
		$this->ok( "/surveys/{$this->survey}/nps", self::RANGE );
		$this->assertLessThanOrEqual( 1, $this->queries_of( fn() => $this->ok( "/surveys/{$this->survey}/nps", self::RANGE ) ) );
	}

	public function test_a_saved_response_bumps_its_survey_and_the_overview(): void {
		$other = self::results_survey();
		$this->assertSame( 1, $this->range_count() );
		$this->assertSame( 1, $this->ok( '/results-summary', self::RANGE )['total_responses'] );
		$this->assertSame( 0, $this->ok( "/surveys/$other/results", self::RANGE )['range_responses_count'] );

		$id = self::respond( $this->survey, '2026-11-03 10:00:00', array( 1 => 'No', 6 => 0 ) );
		$this->assertSame( 1, $this->range_count(), 'Still cached: nothing said it changed.' );
		do_action( ResponseService::SAVED_ACTION, $id, \UserFeedback\Plugin::instance()->surveys->find( $this->survey ), array() );

		$this->assertSame( 2, $this->range_count() );
		$this->assertSame( 2, $this->ok( '/results-summary', self::RANGE )['total_responses'] );
		$this->assertSame( 0, $this->ok( "/surveys/$other/results", self::RANGE )['range_responses_count'] );
		$this->assertSame( 0, $this->ok( "/surveys/{$this->survey}/nps", self::RANGE )['overview']['score'] );
	}

	public function test_bump_forgets_everything(): void {
		$this->assertSame( 1, $this->range_count() );
		$this->assertSame( 1, $this->ok( "/surveys/{$this->survey}/nps", self::RANGE )['overview']['total'] );
		$this->assertSame( 1, $this->ok( "/surveys/{$this->survey}/questions/1/answers", self::RANGE )['pagination']['total'] );
		self::trash( self::respond( $this->survey, '2026-11-02 09:00:00', array( 1 => 'No' ) ) );
		$global = self::respond( $this->survey, '2026-11-02 11:00:00', array( 1 => 'Yes', 6 => 10 ) );
		$this->assertSame( 1, $this->range_count(), 'Still cached.' );

		ResultsCache::bump();
		$this->assertSame( 2, $this->range_count() );
		$this->assertSame( 2, $this->ok( "/surveys/{$this->survey}/nps", self::RANGE )['overview']['total'] );
		$this->assertSame( 2, $this->ok( "/surveys/{$this->survey}/questions/1/answers", self::RANGE )['pagination']['total'] );
		$this->assertGreaterThan( 0, $global );
	}

	public function test_a_survey_change_is_seen_at_once(): void {
		$this->assertSame( 'Results survey', $this->ok( "/surveys/{$this->survey}/results", self::RANGE )['survey']['title'] );
		$survey          = \UserFeedback\Plugin::instance()->surveys->find( $this->survey );
		$survey['title'] = 'Renamed';
		\UserFeedback\Plugin::instance()->surveys->update( $this->survey, $survey );
		$this->assertSame( 'Renamed', $this->ok( "/surveys/{$this->survey}/results", self::RANGE )['survey']['title'] );
		$this->assertSame( 'Renamed', $this->ok( '/results-summary', self::RANGE )['surveys'][0]['title'] );
	}

	public function test_an_empty_object_cache_costs_a_few_small_queries(): void {
		$this->assertSame( 1, $this->range_count() );
		wp_cache_flush();
		$results = $this->queries_of( fn() => $this->range_count() );
		$this->assertLessThanOrEqual( 10, $results, 'The survey, the rollups (answers, counts), impressions, the three text questions\' first pages, and the funnel (its sums, the impressions again).' );
		wp_cache_flush();
		$this->assertLessThanOrEqual( 5, $this->queries_of( fn() => $this->ok( '/results-summary', self::RANGE ) ), 'Surveys, counts, points, and the completion rates.' );
		wp_cache_flush();
		$this->assertLessThanOrEqual( 3, $this->queries_of( fn() => $this->ok( "/surveys/{$this->survey}/nps", self::RANGE ) ) );
	}
}
