<?php
/**
 * Closing (issue 18 item 6) and priority (item 4): a survey closes at its quota of completed responses
 * or at its end date; a write to it is answered 410; the widget's config leaves it out and is computed
 * again when the quota is reached; the config's order is priority, then the older survey; the surveys
 * list says "Closed" with the reason and sorts by priority. And the site's frequency settings (item 3).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Responses;

use UserFeedback\Frontend\VisitorSurveys;
use UserFeedback\Plugin;
use UserFeedback\Settings\SettingsRepository;
use UserFeedback\Surveys\Closing;
use UserFeedback\Surveys\CompletedCounts;
use UserFeedback\Surveys\SurveyRepository;
use WP_REST_Response;

final class SurveyClosingTest extends ResponsesTestCase {

	/**
	 * A published survey of one text question with these close settings and priority.
	 *
	 * @param array<string,mixed> $close settings.close.
	 */
	private static function closing_survey( array $close, int $priority = 0 ): int {
		return self::open_survey(
			array(
				'questions' => array( self::question( 1, 'text' ) ),
				'settings'  => array(
					'close'    => $close + array(
						'after_responses' => null,
						'end_at'          => null,
					),
					'priority' => $priority,
				),
			)
		);
	}

	private function complete_one( int $id ): WP_REST_Response {
		return $this->submit_answers( $id, array( self::answer( 1, 'Fine' ) ) );
	}

	private static function assert_closed( WP_REST_Response $response ): void {
		self::assertSame( 410, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$error = $response->as_error();
		self::assertSame( 'userfeedback_survey_closed', $error->get_error_code() );
		self::assertSame( 'This survey is closed and no longer takes answers.', $error->get_error_message() );
	}

	private static function live_ids(): array {
		return array_column( ( new VisitorSurveys( Plugin::instance()->surveys ) )->live(), 'id' );
	}

	public function test_the_quota_closes_the_survey_after_its_completed_responses(): void {
		$id = self::closing_survey( array( 'after_responses' => 2 ) );

		$this->assertSame( 201, $this->complete_one( $id )->get_status() );
		$this->assertNull( Closing::reason( Plugin::instance()->surveys->find( $id ) ) );
		$this->assertContains( $id, self::live_ids() );
		$this->assertSame( 201, $this->complete_one( $id )->get_status() );

		$this->assertSame( 2, CompletedCounts::of( $id ) );
		$this->assertSame( Closing::QUOTA, Closing::reason( Plugin::instance()->surveys->find( $id ) ) );
		self::assert_closed( $this->complete_one( $id ) );
		$this->assertSame( 2, self::count_rows( 'responses', $id ), 'The refused completion stores nothing.' );
		$this->assertNotContains( $id, self::live_ids() );
	}

	public function test_partial_responses_do_not_count_and_a_write_after_the_quota_is_refused(): void {
		$id     = self::closing_survey( array( 'after_responses' => 1 ) );
		$late   = wp_generate_uuid4();
		$answer = array( self::answer( 1, 'Started' ) );
		$this->assertSame(
			201,
			$this->submit( $id, array( 'answers' => $answer, 'response_id' => $late, 'complete' => false ) )->get_status()
		);
		$this->assertSame( 0, CompletedCounts::of( $id ), 'A partial response is not a completed one.' );

		$this->assertSame( 201, $this->complete_one( $id )->get_status() );
		// The visitor who started first completes after the quota was reached: refused, the response stays partial.
		self::assert_closed( $this->submit( $id, array( 'answers' => $answer, 'response_id' => $late, 'complete' => true ) ) );
		self::assert_closed( $this->submit( $id, array( 'answers' => $answer, 'response_id' => wp_generate_uuid4(), 'complete' => false ) ) );
		$this->assertSame( 1, CompletedCounts::of( $id ) );
	}

	public function test_trashing_a_response_reopens_its_place(): void {
		global $wpdb;
		$id = self::closing_survey( array( 'after_responses' => 1 ) );
		$this->assertSame( 201, $this->complete_one( $id )->get_status() );
		$response = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT id FROM %i WHERE survey_id = %d', \UserFeedback\Database\Schema::table( 'responses' ), $id ) );
		$this->as_user( 'administrator' );
		$this->as_elite(); // Trashing responses is a Pro feature.
		$trashed = $this->rest( 'POST', self::NS . "/surveys/$id/responses/trash", array(), array( 'response_ids' => array( $response ) ) );
		$this->assertLessThan( 300, $trashed->get_status(), (string) wp_json_encode( $trashed->get_data() ) );
		$this->assertSame( 0, CompletedCounts::of( $id ) );
		$this->assertNull( Closing::reason( Plugin::instance()->surveys->find( $id ) ) );
	}

	public function test_an_impression_of_a_closed_survey_is_refused_and_not_counted(): void {
		global $wpdb;
		$id = self::closing_survey( array( 'end_at' => '2020-01-01T00:00:00Z' ) );
		self::assert_closed( $this->impression( $id ) );
		$this->assertSame( 0, (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE survey_id = %d', \UserFeedback\Database\Schema::table( 'impressions' ), $id ) ) );

		$open = self::closing_survey( array( 'after_responses' => 5 ) );
		$this->assertSame( 200, $this->impression( $open )->get_status() );
	}

	public function test_an_end_date_that_passed_closes_the_survey(): void {
		$ended  = self::closing_survey( array( 'end_at' => gmdate( 'Y-m-d\TH:i:s\Z', time() - 60 ) ) );
		$coming = self::closing_survey( array( 'end_at' => gmdate( 'Y-m-d\TH:i:s\Z', time() + 3600 ) ) );

		$this->assertSame( Closing::ENDED, Closing::reason( Plugin::instance()->surveys->find( $ended ) ) );
		self::assert_closed( $this->complete_one( $ended ) );
		$this->assertSame( 0, self::count_rows( 'responses', $ended ) );
		$this->assertSame( 201, $this->complete_one( $coming )->get_status() );

		$live = array_column( ( new VisitorSurveys( Plugin::instance()->surveys ) )->live(), null, 'id' );
		$this->assertArrayNotHasKey( $ended, $live );
		$this->assertSame( gmdate( 'Y-m-d\TH:i:s\Z', time() + 3600 ), $live[ $coming ]['end_at'], 'The config carries end_at: the loader hides the survey from then on.' );
		$this->assertSame( 'ended', Closing::reason( Plugin::instance()->surveys->find( $coming ), null, time() + 3600 ) );
	}

	public function test_the_completion_that_reaches_the_quota_bumps_the_surveys_cache_and_only_that_one(): void {
		$id     = self::closing_survey( array( 'after_responses' => 2 ) );
		$before = wp_cache_get_last_changed( SurveyRepository::CACHE_GROUP );
		$this->assertContains( $id, self::live_ids() );
		$this->assertSame( 201, $this->complete_one( $id )->get_status() );
		$this->assertSame( $before, wp_cache_get_last_changed( SurveyRepository::CACHE_GROUP ), 'A completion below the quota leaves the cache alone.' );
		$this->assertContains( $id, self::live_ids() );

		$this->assertSame( 201, $this->complete_one( $id )->get_status() );
		$this->assertNotSame( $before, wp_cache_get_last_changed( SurveyRepository::CACHE_GROUP ) );
		$this->assertNotContains( $id, self::live_ids(), 'The cached config was computed again without the survey.' );
	}

	public function test_the_completion_counts_the_quota_under_a_lock_inside_the_transaction(): void {
		$id      = self::closing_survey( array( 'after_responses' => 3 ) );
		$queries = array();
		$spy     = static function ( string $sql ) use ( &$queries ): string {
			$queries[] = $sql;
			return $sql;
		};
		add_filter( 'query', $spy );
		$this->assertSame( 201, $this->complete_one( $id )->get_status() );
		remove_filter( 'query', $spy );

		$count = array_values( array_filter( $queries, static fn( string $sql ): bool => str_contains( $sql, 'SUM(count)' ) ) );
		$this->assertCount( 1, $count, 'One count of the quota.' );
		$begin = array_search( true, array_map( static fn( string $sql ): bool => in_array( $sql, array( 'START TRANSACTION', 'SAVEPOINT uf_visitor' ), true ), $queries ), true );
		$this->assertIsInt( $begin );
		$this->assertGreaterThan( $begin, array_search( $count[0], $queries, true ), 'Counted inside the visitor\'s transaction.' );
		if ( 'sqlite' === getenv( 'UF_DB' ) ) {
			$this->assertStringNotContainsString( 'FOR UPDATE', $count[0], 'SQLite: the transaction holds the write lock already.' );
		} else {
			$this->assertStringContainsString( 'FOR UPDATE', $count[0], 'MariaDB: a locking read sees the completions committed while this one waited.' );
			$lock = array_filter( $queries, static fn( string $sql ): bool => (bool) preg_match( '/SELECT id FROM \S+surveys\S* WHERE id = \d+ FOR UPDATE/', $sql ) );
			$this->assertCount( 1, $lock, 'The survey\'s row is locked: completions queue up.' );
		}
	}

	public function test_a_survey_without_close_settings_never_closes_and_costs_no_count(): void {
		$id      = self::open_survey( array( 'questions' => array( self::question( 1, 'text' ) ) ) );
		$queries = array();
		$spy     = static function ( string $sql ) use ( &$queries ): string {
			$queries[] = $sql;
			return $sql;
		};
		add_filter( 'query', $spy );
		$this->assertSame( 201, $this->complete_one( $id )->get_status() );
		$this->assertSame( 200, $this->impression( $id )->get_status() );
		remove_filter( 'query', $spy );
		$this->assertSame( array(), array_filter( $queries, static fn( string $sql ): bool => str_contains( $sql, 'daily_responses' ) && str_starts_with( ltrim( $sql ), 'SELECT' ) ) );
		$this->assertNull( Closing::reason( Plugin::instance()->surveys->find( $id ) ) );
	}

	public function test_the_config_orders_surveys_by_priority_then_the_older_first(): void {
		$low    = self::closing_survey( array(), 0 );
		$high_1 = self::closing_survey( array(), 50 );
		$top    = self::closing_survey( array(), 100 );
		$high_2 = self::closing_survey( array(), 50 );
		$this->assertSame( array( $top, $high_1, $high_2, $low ), self::live_ids() );
	}

	public function test_the_list_says_closed_with_the_reason_and_sorts_by_priority(): void {
		update_option( 'timezone_string', 'Asia/Tokyo' );
		update_option( 'date_format', 'Y-m-d' );
		update_option( 'time_format', 'H:i' );
		$quota = self::closing_survey( array( 'after_responses' => 1 ), 10 );
		$this->assertSame( 201, $this->complete_one( $quota )->get_status() );
		$ended = self::closing_survey( array( 'end_at' => '2024-03-01T15:30:00Z' ), 90 );
		$open  = self::closing_survey( array( 'after_responses' => 5 ), 0 );
		$this->as_user( 'administrator' );

		$response = $this->rest( 'GET', self::NS . '/surveys', array( 'orderby' => 'priority', 'order' => 'desc' ) );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$items = self::data( $response )['items'];
		$this->assertSame( array( $ended, $quota, $open ), array_column( $items, 'id' ) );
		$rows = array_column( $items, null, 'id' );
		$this->assertSame( array( 'quota', 'Reached 1 response' ), array( $rows[ $quota ]['closed'], $rows[ $quota ]['closed_label'] ) );
		$this->assertSame( array( 'ended', 'Ended 2024-03-02 00:30' ), array( $rows[ $ended ]['closed'], $rows[ $ended ]['closed_label'] ), 'In the site\'s time zone.' );
		$this->assertSame( array( null, '' ), array( $rows[ $open ]['closed'], $rows[ $open ]['closed_label'] ) );
		$this->assertSame( array( 90, 10, 0 ), array_column( $items, 'priority' ) );

		$ascending = self::data( $this->rest( 'GET', self::NS . '/surveys', array( 'orderby' => 'priority', 'order' => 'asc' ) ) )['items'];
		$this->assertSame( array( $open, $quota, $ended ), array_column( $ascending, 'id' ) );
		$this->assertSame( 400, $this->rest( 'GET', self::NS . '/surveys', array( 'orderby' => 'settings' ) )->get_status(), 'Only listed columns sort.' );
	}

	public function test_the_builder_saves_close_and_priority_and_refuses_what_is_out_of_range(): void {
		update_option( 'timezone_string', 'America/New_York' );
		$this->as_user( 'administrator' );
		$this->as_elite();
		$id = $this->create_id(
			array(
				'settings' => array(
					'priority' => 7,
					'close'    => array(
						'after_responses' => 500,
						'end_at'          => '2030-07-01T09:15:00', // Site time (EDT, UTC-4).
					),
				),
			)
		);
		$settings = $this->fetch( $id )['settings'];
		$this->assertSame( 7, $settings['priority'] );
		$this->assertSame( array( 'after_responses' => 500, 'end_at' => '2030-07-01T13:15:00Z' ), $settings['close'] );

		$cleared = $this->update( $id, array( 'settings' => array( 'close' => array( 'end_at' => '' ) ) ) );
		$this->assertSame( 200, $cleared->get_status() );
		$this->assertSame( array( 'after_responses' => 500, 'end_at' => null ), $this->fetch( $id )['settings']['close'] );

		foreach ( array(
			'settings[priority]'               => array( 'priority' => 101 ),
			'settings[priority] negative'      => array( 'priority' => -1 ),
			'settings[close][after_responses]' => array( 'close' => array( 'after_responses' => 0 ) ),
			'settings[close][end_at]'          => array( 'close' => array( 'end_at' => 'next Tuesday' ) ),
			'settings[close][extra]'           => array( 'close' => array( 'when' => 'soon' ) ),
		) as $case => $settings ) {
			$response = $this->update( $id, array( 'settings' => $settings ) );
			$this->assertSame( 400, $response->get_status(), $case );
		}
		$error = $this->update( $id, array( 'settings' => array( 'close' => array( 'end_at' => '2030-02-30T10:00:00' ) ) ) )->as_error();
		$this->assertArrayHasKey( 'settings[close][end_at]', $error->get_error_data()['params'] ?? array(), (string) wp_json_encode( $error->get_error_data() ) );
		$this->assertSame( 7, $this->fetch( $id )['settings']['priority'], 'Nothing of a refused save is kept.' );
	}

	public function test_without_scheduling_a_save_removes_the_quota_and_end_date_but_closing_is_still_enforced(): void {
		$this->as_user( 'administrator' );
		$this->set_entitlements( 'lite', null, array() );
		$id       = $this->create_id(
			array(
				'settings' => array(
					'priority' => 3,
					'close'    => array( 'after_responses' => 10 ),
				),
			)
		);
		$response = $this->fetch( $id );
		$this->assertSame( array( 'after_responses' => null, 'end_at' => null ), $response['settings']['close'] );
		$this->assertSame( 3, $response['settings']['priority'], 'Priority is free.' );

		// A survey closed by a licence that has since lapsed stays closed.
		$closed = self::closing_survey( array( 'end_at' => '2020-01-01T00:00:00Z' ) );
		self::assert_closed( $this->complete_one( $closed ) );
	}

	public function test_the_frequency_settings_are_validated_and_reach_the_widget_config(): void {
		$this->as_user( 'administrator' );
		foreach ( array(
			array( 'cooldown_days' => 366 ),
			array( 'cooldown_days' => -1 ),
			array( 'cooldown_days' => 'weekly' ),
			array( 'one_survey_per_page' => 'sometimes' ),
		) as $body ) {
			$response = $this->rest( 'POST', self::NS . '/settings', array(), $body );
			$this->assertSame( 400, $response->get_status(), (string) wp_json_encode( $body ) );
			$this->assertArrayHasKey( (string) array_key_first( $body ), $response->as_error()->get_error_data()['params'] ?? array() );
		}
		$defaults = Plugin::instance()->settings->all();
		$this->assertSame( array( 0, false ), array( $defaults['cooldown_days'], $defaults['one_survey_per_page'] ) );

		$saved = $this->rest( 'POST', self::NS . '/settings', array(), array( 'cooldown_days' => 14, 'one_survey_per_page' => true ) );
		$this->assertSame( 200, $saved->get_status(), (string) wp_json_encode( $saved->get_data() ) );
		$stored = get_option( SettingsRepository::OPTION );
		$this->assertSame( array( 14, true ), array( $stored['cooldown_days'], $stored['one_survey_per_page'] ) );

		$loader = new \UserFeedback\Frontend\WidgetLoader( new VisitorSurveys( Plugin::instance()->surveys ), Plugin::instance()->settings, static fn() => Plugin::instance()->entitlements() );
		$this->assertSame( array( 'days' => 14, 'one_per_page' => true ), $loader->config( array() )['cooldown'] );
	}
}
