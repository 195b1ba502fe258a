<?php
/**
 * The count of a broad filter (AdminResponseRepository::matched(), GET surveys/{id}/responses/count):
 * newest responses first, chunk by chunk of id blocks, until the cap is passed, every chunk is counted
 * or the time is spent; what was counted by then is a lower bound. The clock is the test's own, so the
 * time runs out after the chunk the test says, however busy the machine.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Responses;

use UserFeedback\Database\Rollups;
use UserFeedback\Database\Schema;
use UserFeedback\Plugin;
use UserFeedback\Responses\AdminResponseRepository;
use UserFeedback\Responses\ResponseFilter;

final class AdminResponseCountTest extends AdminResponsesTestCase {

	protected function setUp(): void {
		parent::setUp();
		// A minute for each count: only the test's clock says when the time is spent.
		add_filter( 'userfeedback_search_time_limit_ms', static fn(): int => 60000 );
	}

	/**
	 * Six completed responses, each in a block of ids of its own (ids 2,048 apart), every other one from
	 * the pricing page: the newest (k = 5) is not, k = 4 is.
	 *
	 * @return array{0:int,1:ResponseFilter} The survey and the filter "page URL contains pricing".
	 */
	private static function spread_survey(): array {
		global $wpdb;
		$survey = self::open_survey();
		$base   = ( intdiv( (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COALESCE(MAX(id), 0) FROM %i', Schema::table( 'responses' ) ) ), Rollups::ID_BLOCK ) + 2 ) * Rollups::ID_BLOCK;
		for ( $k = 0; $k < 6; $k++ ) {
			$wpdb->insert(
				Schema::table( 'responses' ),
				array(
					'id'           => $base + $k * Rollups::ID_BLOCK + 7,
					'survey_id'    => $survey,
					'status'       => 'publish',
					'submitted_at' => sprintf( '2026-01-10 08:%02d:00', $k ),
					'started_at'   => sprintf( '2026-01-10 08:%02d:00', $k ),
					'completed_at' => sprintf( '2026-01-10 08:%02d:00', $k ),
					'page_url'     => 0 === $k % 2 ? 'https://example.com/pricing/' : 'https://example.com/docs/',
				)
			);
		}
		( new Rollups() )->rebuild_survey( $survey );
		$filter = ResponseFilter::from_request(
			(array) Plugin::instance()->surveys->find( $survey ),
			array(
				array(
					'field'    => 'page_url',
					'operator' => 'contains',
					'value'    => 'pricing',
				),
			)
		);
		return array( $survey, $filter );
	}

	/**
	 * A repository whose clock moves $step seconds each time it is read, counting a block at a time.
	 */
	private static function repository( float $step ): AdminResponseRepository {
		$now = 0.0;
		return new AdminResponseRepository(
			new Rollups(),
			static function () use ( &$now, $step ): float {
				$now += $step;
				return $now;
			},
			1
		);
	}

	public function test_every_chunk_counted_in_time_is_exact(): void {
		[ $survey, $filter ] = self::spread_survey();
		$this->assertSame( array( 3, false ), self::repository( 0.0 )->matched( $survey, 'publish', $filter, 6 ) );
		$this->assertSame( array( 3, false ), ( new AdminResponseRepository() )->matched( $survey, 'publish', $filter, 6 ), 'In one chunk: the same count.' );
	}

	public function test_a_count_out_of_time_says_what_it_counted_as_a_lower_bound(): void {
		[ $survey, $filter ] = self::spread_survey();
		// 25 s a read of the clock within 60 s: the chunks of k = 5 and k = 4 are counted, then the time is spent.
		$this->assertSame( array( 1, true ), self::repository( 25.0 )->matched( $survey, 'publish', $filter, 6 ) );
		// Spent after the first chunk (k = 5, no match): nothing is known.
		$this->assertSame( array( 0, true ), self::repository( 61.0 )->matched( $survey, 'publish', $filter, 6 ) );
	}

	public function test_past_the_cap_the_count_stops_at_the_cap(): void {
		[ $survey, $filter ] = self::spread_survey();
		add_filter( 'userfeedback_responses_count_cap', static fn(): int => 2 );
		$this->assertSame( array( 2, true ), self::repository( 0.0 )->matched( $survey, 'publish', $filter, 6 ) );
	}
}
