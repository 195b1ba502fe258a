<?php
/**
 * The retention purge (RetentionPurge): the site's rule and each survey's own (null follows the site,
 * 0 keeps forever), every status, the bound of a run and its follow-up event, rollups equal to a
 * rebuild from the raw rows afterwards, the drawer's notification, the daily event, and the
 * settings that set it (site and survey) refusing values out of range.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Responses;

use UserFeedback\Database\Rollups;
use UserFeedback\Database\Schema;
use UserFeedback\Notifications\NotificationStore;
use UserFeedback\Plugin;
use UserFeedback\Responses\RetentionPurge;

final class RetentionPurgeTest extends AdminResponsesTestCase {

	/** The purge's "now": 2026-06-01 12:00 UTC. */
	private const NOW = 1780315200;

	protected function setUp(): void {
		parent::setUp();
		delete_option( NotificationStore::OPTION );
		wp_unschedule_hook( RetentionPurge::HOOK );
	}

	private function purge( int $batch = RetentionPurge::BATCH, int $max_rows = RetentionPurge::MAX_ROWS ): RetentionPurge {
		return new RetentionPurge( Plugin::instance()->settings, new NotificationStore(), clock: static fn(): int => self::NOW, batch: $batch, max_rows: $max_rows );
	}

	/**
	 * A response $days days (and an hour, so that no rounding is at stake) before NOW, or just under.
	 */
	private static function aged( int $survey_id, float $days, string $status = 'publish' ): int {
		$at = gmdate( 'Y-m-d H:i:s', self::NOW - (int) round( $days * DAY_IN_SECONDS ) );
		return self::add_response(
			$survey_id,
			array(
				'status'  => $status,
				'at'      => $at,
				'answers' => array(
					1 => 'Yes',
					2 => array( 'Red', 'Blue' ),
					5 => '4',
					6 => '9',
					7 => 'Fast',
				),
				'extra'   => array( 6 => array( 'comments' => 'Good' ) ),
			)
		);
	}

	/**
	 * @return int[] Ids of the survey's responses still stored.
	 */
	private static function stored( int $survey_id ): array {
		global $wpdb;
		return array_map( 'intval', $wpdb->get_col( $wpdb->prepare( 'SELECT id FROM %i WHERE survey_id = %d ORDER BY id', Schema::table( 'responses' ), $survey_id ) ) );
	}

	private static function answers_of( int $survey_id ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE survey_id = %d', Schema::table( 'answers' ), $survey_id ) );
	}

	public function test_the_site_rule_and_each_surveys_own_delete_exactly_the_old_responses(): void {
		self::settings( array( 'retention_days' => 30 ) );
		$site    = self::open_survey( array( 'title' => 'Site rule' ) );
		$forever = self::open_survey(
			array(
				'title'    => 'Kept forever',
				'settings' => array( 'retention_days' => 0 ),
			)
		);
		$short   = self::open_survey(
			array(
				'title'    => 'Ten days',
				'settings' => array( 'retention_days' => 10 ),
			)
		);
		$old     = array( self::aged( $site, 40 ), self::aged( $site, 31, 'partial' ), self::aged( $site, 35, 'trash' ), self::aged( $site, 30.01 ) );
		$young   = array( self::aged( $site, 29.99 ), self::aged( $site, 29, 'partial' ), self::aged( $site, 1, 'trash' ), self::aged( $site, 0 ) );
		$kept    = array( self::aged( $forever, 400 ), self::aged( $forever, 31, 'trash' ) );
		$short_old   = array( self::aged( $short, 11 ), self::aged( $short, 20, 'partial' ) );
		$short_young = array( self::aged( $short, 9 ) );
		foreach ( array( $site, $forever, $short ) as $survey ) {
			( new Rollups() )->rebuild_survey( $survey );
		}
		$changed = array();
		add_action(
			'userfeedback_responses_changed',
			static function ( int $survey_id ) use ( &$changed ): void {
				$changed[] = $survey_id;
			}
		);

		$result = $this->purge()->run();

		$this->assertSame( 6, $result['deleted'] );
		$this->assertSame( array( $site => 4, $short => 2 ), $result['surveys'] );
		$this->assertFalse( $result['more'] );
		$this->assertSame( $young, self::stored( $site ) );
		$this->assertSame( $kept, self::stored( $forever ) );
		$this->assertSame( $short_young, self::stored( $short ) );
		foreach ( array_merge( $old, $short_old ) as $id ) {
			$this->assertSame( array(), self::answer_rows( $id ), "The answers of $id are deleted with it." );
		}
		$this->assertSame( 5 * 4, self::answers_of( $site ) );
		$this->assertSame( array( $site, $short ), $changed, 'The results of each survey with deletions are stale.' );
		$this->assertFalse( wp_next_scheduled( RetentionPurge::HOOK, RetentionPurge::FOLLOW_UP_ARGS ), 'Nothing left: no follow-up.' );
		foreach ( array( $site, $forever, $short ) as $survey ) {
			$this->assert_rollups_equal_a_rebuild( $survey );
		}
		// The lists agree with the rows: the snapshots moved with the deletes.
		$this->as_user( 'administrator' );
		$counts = $this->list_data( $site )['status_filters'];
		$this->assertSame( array( 2, 1, 1 ), array( $counts[1]['count'], $counts[2]['count'], $counts[3]['count'] ) );

		$notifications = array_values( ( new NotificationStore() )->all() );
		$this->assertCount( 1, $notifications );
		$note = $notifications[0];
		$this->assertStringStartsWith( 'uf-retention-purge-', $note['id'] );
		$this->assertSame( 'Old responses were deleted', $note['title'] );
		$this->assertStringContainsString( 'permanently deleted 6 responses', $note['content'] );
		$this->assertStringContainsString( '"Site rule": 4 responses older than 30 days', $note['content'] );
		$this->assertStringContainsString( '"Ten days": 2 responses older than 10 days', $note['content'] );
		$this->assertStringNotContainsString( 'Kept forever', $note['content'] );
		$this->assertStringContainsString( 'The site keeps responses for 30 days', $note['content'] );
		$this->assertSame( NotificationStore::iso( self::NOW ), $note['active_from'] );
		$this->assertSame( 'userfeedback_view_results', $note['capability'] );

		// Run again: nothing is old any more, nothing is announced.
		$this->assertSame( 0, $this->purge()->run()['deleted'] );
		$this->assertCount( 1, ( new NotificationStore() )->all() );
	}

	public function test_with_the_site_rule_off_only_surveys_with_their_own_rule_are_purged(): void {
		$follows = self::open_survey();
		$own     = self::open_survey( array( 'settings' => array( 'retention_days' => 5 ) ) );
		$a       = self::aged( $follows, 3000 );
		$b       = self::aged( $own, 6 );
		$c       = self::aged( $own, 4 );

		$result = $this->purge()->run();

		$this->assertSame( array( $own => 1 ), $result['surveys'] );
		$this->assertSame( array( $a ), self::stored( $follows ) );
		$this->assertSame( array( $c ), self::stored( $own ) );
		$this->assertNull( self::response_row( $b ) );
		$this->assertStringContainsString( 'The site keeps responses forever', array_values( ( new NotificationStore() )->all() )[0]['content'] );
	}

	public function test_a_run_stops_at_its_bound_in_batches_and_schedules_one_follow_up(): void {
		self::settings( array( 'retention_days' => 7 ) );
		$survey = self::open_survey( array( 'title' => 'Big' ) );
		$old    = array();
		for ( $i = 0; $i < 10; $i++ ) {
			$old[] = self::aged( $survey, 8 + $i, 0 === $i % 3 ? 'partial' : 'publish' );
		}
		$young = self::aged( $survey, 2 );
		( new Rollups() )->rebuild_survey( $survey );
		global $wpdb;
		$deletes = array();
		add_filter(
			'query',
			static function ( string $sql ) use ( &$deletes, $wpdb ): string {
				if ( preg_match( '/^DELETE FROM `?' . preg_quote( Schema::table( 'responses' ), '/' ) . '`? WHERE survey_id = \d+ AND id IN \(([\d, ]+)\)/', $sql, $m ) ) {
					$deletes[] = count( explode( ',', $m[1] ) );
				}
				return $sql;
			}
		);

		$first = $this->purge( 3, 7 )->run();

		$this->assertSame( 7, $first['deleted'] );
		$this->assertTrue( $first['more'] );
		$this->assertSame( array( 3, 3, 1 ), $deletes, 'Batches of at most 3, at most 7 in the run.' );
		$this->assertCount( 4, self::stored( $survey ) );
		$next = wp_next_scheduled( RetentionPurge::HOOK, RetentionPurge::FOLLOW_UP_ARGS );
		$this->assertSame( self::NOW + RetentionPurge::FOLLOW_UP_DELAY, $next, 'One follow-up event.' );
		$this->assertStringContainsString( 'More are left', array_values( ( new NotificationStore() )->all() )[0]['content'] );
		$this->assert_rollups_equal_a_rebuild( $survey );

		// A second stop does not add a second follow-up.
		$this->purge( 3, 1 )->run();
		$this->assertCount( 1, array_filter( _get_cron_array(), static fn( array $hooks ): bool => isset( $hooks[ RetentionPurge::HOOK ] ) ) );

		$deletes = array();
		$last    = $this->purge( 3, 7 )->run();
		$this->assertSame( 2, $last['deleted'] );
		$this->assertFalse( $last['more'] );
		$this->assertSame( array( 2 ), $deletes );
		$this->assertSame( array( $young ), self::stored( $survey ) );
		$this->assert_rollups_equal_a_rebuild( $survey );
		$this->assertCount( 3, ( new NotificationStore() )->all(), 'One notification per run that deleted something.' );
	}

	public function test_the_daily_event_is_scheduled_on_init_and_runs_the_purge(): void {
		$on_init = array_filter(
			array_merge( ...array_values( $GLOBALS['wp_filter']['init']->callbacks ) ),
			static fn( array $hooked ): bool => is_array( $hooked['function'] ) && $hooked['function'][0] instanceof RetentionPurge && 'schedule' === $hooked['function'][1]
		);
		$this->assertCount( 1, $on_init, 'The plugin schedules it on init.' );
		array_values( $on_init )[0]['function']();
		$this->assertNotFalse( wp_next_scheduled( RetentionPurge::HOOK ) );
		$this->assertSame( 'daily', wp_get_schedule( RetentionPurge::HOOK ) );

		self::settings( array( 'retention_days' => 1 ) );
		$survey = self::open_survey();
		$gone   = self::add_response( $survey, array( 'at' => gmdate( 'Y-m-d H:i:s', time() - 2 * DAY_IN_SECONDS ) ) );
		$kept   = self::add_response( $survey, array( 'at' => gmdate( 'Y-m-d H:i:s', time() - 3600 ) ) );
		do_action( RetentionPurge::HOOK );
		$this->assertNull( self::response_row( $gone ) );
		$this->assertNotNull( self::response_row( $kept ) );
		// The follow-up event carries its argument; the same callback takes it.
		self::add_response( $survey, array( 'at' => gmdate( 'Y-m-d H:i:s', time() - 2 * DAY_IN_SECONDS ) ) );
		do_action( RetentionPurge::HOOK, ...RetentionPurge::FOLLOW_UP_ARGS );
		$this->assertSame( array( $kept ), self::stored( $survey ) );

		RetentionPurge::unschedule();
		$this->assertFalse( wp_next_scheduled( RetentionPurge::HOOK ) );
	}

	public function test_the_site_setting_is_saved_and_refused_out_of_range(): void {
		$this->as_user( 'administrator' );
		$this->assertSame( 0, self::data( $this->rest( 'GET', self::NS . '/settings' ) )['retention_days'], 'Off by default.' );
		foreach ( array( -1, 3651, 'thirty', 1.5 ) as $bad ) {
			$response = $this->rest( 'POST', self::NS . '/settings', array(), array( 'retention_days' => $bad ) );
			$this->assertSame( 400, $response->get_status(), (string) wp_json_encode( $bad ) );
		}
		$this->assertSame( 0, Plugin::instance()->settings->get( 'retention_days' ) );
		$saved = $this->rest( 'POST', self::NS . '/settings', array(), array( 'retention_days' => 90 ) );
		$this->assertSame( 200, $saved->get_status(), (string) wp_json_encode( $saved->get_data() ) );
		$this->assertSame( 90, Plugin::instance()->settings->get( 'retention_days' ) );
	}

	public function test_a_surveys_own_retention_is_saved_and_refused_out_of_range(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$id = $this->create_id();
		$this->assertNull( $this->fetch( $id )['settings']['retention_days'], 'A new survey follows the site.' );
		foreach ( array( -1, 3651, 'forever', 2.5 ) as $bad ) {
			$response = $this->update( $id, array( 'settings' => array( 'retention_days' => $bad ) ) );
			$this->assertSame( 400, $response->get_status(), (string) wp_json_encode( $bad ) );
		}
		$this->assertSame( 60, self::data( $this->update( $id, array( 'settings' => array( 'retention_days' => 60 ) ) ) )['settings']['retention_days'] );
		$this->assertSame( 0, self::data( $this->update( $id, array( 'settings' => array( 'retention_days' => 0 ) ) ) )['settings']['retention_days'] );
		$this->assertNull( self::data( $this->update( $id, array( 'settings' => array( 'retention_days' => null ) ) ) )['settings']['retention_days'] );
		$this->assertSame( 0, RetentionPurge::effective_days( array( 'retention_days' => null ), 0 ) );
		$this->assertSame( 30, RetentionPurge::effective_days( array(), 30 ) );
		$this->assertSame( 0, RetentionPurge::effective_days( array( 'retention_days' => 0 ), 30 ) );
		$this->assertSame( 7, RetentionPurge::effective_days( array( 'retention_days' => '7' ), 30 ) );
		$this->assertSame( 30, RetentionPurge::effective_days( array( 'retention_days' => 'soon' ), 30 ) );
	}
}
