<?php
/**
 * Results are served from the object cache until responses change: a saved response (the visitor
 * route's hook) or ResultsCache::bump() (trash, restore, delete) makes them fresh again.
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
		$this->assertLessThanOrEqual( 1, $cached, 'Only the survey itself is read again.' );
		$this->ok( '/results-summary', self::RANGE );
		$this->assertSame( 0, $this->queries_of( fn() => $this->ok( '/results-summary', self::RANGE ) ) );
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
		$this->assertSame( 1, $this->range_count() );

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

	public function test_only_the_days_whose_responses_changed_are_counted_again(): void {
		global $wpdb;
		$this->assertSame( 1, $this->range_count() );
		$counts = array();
		add_filter(
			'query',
			static function ( string $sql ) use ( &$counts ): string {
				if ( str_contains( $sql, 'GROUP BY bucket, question_id, v' ) ) {
					$counts[] = $sql;
				}
				return $sql;
			}
		);

		// A response on November 4 (site time, New York: EST, UTC-5): only that day is counted again.
		self::respond( $this->survey, '2026-11-04 12:00:00', array( 1 => 'No' ) );
		ResultsCache::bump( $this->survey );
		$this->assertSame( 2, $this->range_count() );
		$this->assertCount( 1, $counts );
		$this->assertStringContainsString( "'2026-11-04 05:00:00'", $counts[0] );
		$this->assertStringContainsString( "'2026-11-05 05:00:00'", $counts[0] );

		// Nothing changed: no counting at all, even with the payloads forgotten.
		ResultsCache::bump( $this->survey );
		$this->assertSame( 2, $this->range_count() );
		$this->assertCount( 1, $counts );

		// Trash and restore change the day's fingerprint.
		$first = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT MIN(id) FROM %i WHERE survey_id = %d', \UserFeedback\Database\Schema::table( 'responses' ), $this->survey ) );
		self::trash( $first );
		ResultsCache::bump( $this->survey );
		$radio = self::stats_of( $this->ok( "/surveys/{$this->survey}/results", self::RANGE )['question_stats'], 1 );
		$this->assertSame( array( 'Yes' => 0, 'No' => 1 ), self::counts( $radio['options'] ) );
		$wpdb->query( $wpdb->prepare( "UPDATE %i SET status = 'publish' WHERE response_id = %d", \UserFeedback\Database\Schema::table( 'answers' ), $first ) );
		$wpdb->query( $wpdb->prepare( "UPDATE %i SET status = 'publish' WHERE id = %d", \UserFeedback\Database\Schema::table( 'responses' ), $first ) );
		ResultsCache::bump( $this->survey );
		$radio = self::stats_of( $this->ok( "/surveys/{$this->survey}/results", self::RANGE )['question_stats'], 1 );
		$this->assertSame( array( 'Yes' => 1, 'No' => 1 ), self::counts( $radio['options'] ) );
		// A day left empty needs no counting, and the restore brought back the fingerprint that the
		// day's counts were cached with.
		$this->assertCount( 1, $counts );

		// A trash on a day that keeps other responses counts that day again.
		self::respond( $this->survey, '2026-11-04 13:00:00', array( 1 => 'Yes' ) );
		ResultsCache::bump( $this->survey );
		$this->assertSame( 3, $this->range_count() );
		$this->assertCount( 2, $counts );
		self::trash( (int) $wpdb->get_var( $wpdb->prepare( 'SELECT MAX(id) FROM %i', \UserFeedback\Database\Schema::table( 'responses' ) ) ) );
		ResultsCache::bump( $this->survey );
		$this->assertSame( 2, $this->range_count() );
		$this->assertCount( 3, $counts );
	}
}
