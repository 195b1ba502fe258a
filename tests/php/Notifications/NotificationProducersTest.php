<?php
/**
 * Where the plugin's own notifications come from (includes/Notifications/Producers.php): the first
 * response of a survey through the real visitor route, and the hourly check (scheduled surveys that
 * went live, a licence expiring or expired).
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Notifications;

use UserFeedback\Access\Capabilities;
use UserFeedback\Licensing\License;
use UserFeedback\Notifications\NotificationStore;
use UserFeedback\Notifications\Producers;
use UserFeedback\Tests\Responses\ResponsesTestCase;

final class NotificationProducersTest extends ResponsesTestCase {

	private const DRAWER = '/userfeedback/v1/notifications';

	protected function setUp(): void {
		parent::setUp();
		delete_option( NotificationStore::OPTION );
		delete_option( Producers::NOTIFIED_OPTION );
		delete_option( License::OPTION );
	}

	public function test_the_first_response_of_a_survey_is_announced_once(): void {
		$first  = self::open_survey( array( 'title' => 'Pricing <b>page</b> poll' ) );
		$second = self::open_survey( array( 'title' => 'Checkout survey' ) );
		$writes = 0;
		add_action(
			'update_option_' . NotificationStore::OPTION,
			static function () use ( &$writes ): void {
				++$writes;
			}
		);
		add_action(
			'add_option_' . NotificationStore::OPTION,
			static function () use ( &$writes ): void {
				++$writes;
			}
		);

		// The one query beyond the flag option, run only for a survey not announced yet.
		$lookups = 0;
		add_filter(
			'query',
			static function ( string $sql ) use ( &$lookups ): string {
				if ( str_contains( $sql, 'userfeedback_responses' ) && str_contains( $sql, 'id <> ' ) ) {
					++$lookups;
				}
				return $sql;
			}
		);

		$this->assertSame( 201, $this->submit_answers( $first, array( self::answer( 1, 'Yes' ) ) )->get_status() );
		$this->assertSame( 1, $writes );
		$this->assertSame( 201, $this->submit_answers( $first, array( self::answer( 1, 'No' ) ) )->get_status() );
		$this->assertSame( 201, $this->submit_answers( $first, array( self::answer( 1, 'Yes' ) ) )->get_status() );
		$this->assertSame( 1, $writes, 'Later responses do not touch the notifications.' );
		$this->assertSame( 1, $lookups, 'Later responses of an announced survey cost no query of ours.' );

		$this->assertSame( 201, $this->submit_answers( $second, array( self::answer( 1, 'Yes' ) ) )->get_status() );
		$this->assertSame( 2, $writes );

		$this->as_user( 'subscriber' );
		wp_get_current_user()->add_cap( Capabilities::VIEW_RESULTS );
		$list = $this->rest( 'GET', self::DRAWER )->get_data()['notifications'];
		$ids  = array_column( $list, 'id' );
		sort( $ids );
		$expected = array( 'uf-first-response-' . $first, 'uf-first-response-' . $second );
		sort( $expected );
		$this->assertSame( $expected, $ids );

		$mine = array_values( array_filter( $list, static fn( array $n ): bool => 'uf-first-response-' . $first === $n['id'] ) )[0];
		$this->assertSame( 'Your first response arrived', $mine['title'] );
		$this->assertSame( '"Pricing page poll" has its first response. See what your visitor said.', $mine['content'] );
		$this->assertSame( admin_url( 'admin.php?page=userfeedback_results#/survey/' . $first ), $mine['buttons'][0]['url'] );

		// The flag option is small and not autoloaded.
		global $wpdb;
		$this->assertContains( $wpdb->get_var( $wpdb->prepare( "SELECT autoload FROM {$wpdb->options} WHERE option_name = %s", Producers::NOTIFIED_OPTION ) ), array( 'no', 'off' ) );
		$this->assertEqualsCanonicalizing( array( $first, $second ), array_keys( get_option( Producers::NOTIFIED_OPTION ) ) );
	}

	public function test_a_survey_that_had_responses_before_is_not_announced(): void {
		$id = self::open_survey();
		self::add_responses( $id, 2 );
		$this->assertSame( 201, $this->submit_answers( $id, array( self::answer( 1, 'Yes' ) ) )->get_status() );
		$this->assertSame( array(), ( new NotificationStore() )->all() );
		$this->assertArrayHasKey( $id, get_option( Producers::NOTIFIED_OPTION ) );
	}

	public function test_the_hourly_check_announces_surveys_that_went_live_within_the_day(): void {
		$now     = time();
		$live    = self::open_survey( array( 'title' => 'Went live', 'publish_at' => gmdate( 'Y-m-d H:i:s', $now - 2 * HOUR_IN_SECONDS ) ) );
		$old     = self::open_survey( array( 'title' => 'Long live', 'publish_at' => gmdate( 'Y-m-d H:i:s', $now - 3 * DAY_IN_SECONDS ) ) );
		$waiting = self::open_survey( array( 'title' => 'Not yet', 'publish_at' => gmdate( 'Y-m-d H:i:s', $now + HOUR_IN_SECONDS ) ) );
		$draft   = self::open_survey( array( 'title' => 'Draft', 'status' => 'draft', 'publish_at' => gmdate( 'Y-m-d H:i:s', $now - HOUR_IN_SECONDS ) ) );
		$always  = self::open_survey( array( 'title' => 'No schedule' ) );

		do_action( Producers::HOOK );
		do_action( Producers::HOOK );

		$started = strtotime( gmdate( 'Y-m-d H:i:s', $now - 2 * HOUR_IN_SECONDS ) . ' UTC' );
		$all     = ( new NotificationStore() )->all();
		$this->assertSame( array( "uf-survey-live-$live-$started" ), array_keys( $all ), "Not $old, $waiting, $draft or $always." );
		$this->assertSame( 'A scheduled survey went live', $all[ "uf-survey-live-$live-$started" ]['title'] );
		$this->assertSame( NotificationStore::iso( $started ), $all[ "uf-survey-live-$live-$started" ]['active_from'] );
		$this->assertStringContainsString( '"Went live"', $all[ "uf-survey-live-$live-$started" ]['content'] );
	}

	public function test_the_hourly_check_announces_a_licence_expiring_or_expired_to_managers(): void {
		$soon = time() + 10 * DAY_IN_SECONDS;
		update_option( License::OPTION, ( new License( 'k1', 'pro', false, false, false, gmdate( 'Y-m-d H:i:s', $soon ) ) )->to_array() );
		do_action( Producers::HOOK );
		$expiring = 'uf-license-expiring-' . gmdate( 'Ymd', $soon );
		$this->assertSame( array( $expiring ), array_keys( ( new NotificationStore() )->all() ) );

		$this->as_user( 'administrator' );
		$notification = $this->rest( 'GET', self::DRAWER )->get_data()['notifications'][0];
		$this->assertSame( 'Your license expires soon', $notification['title'] );
		$this->assertSame( array( 'Renew Now', 'Refresh License' ), array_column( $notification['buttons'], 'text' ) );
		$this->assertSame(
			array(
				'class'  => 'license',
				'action' => 'refresh',
			),
			$notification['buttons'][1]['action']
		);
		$this->assertSame( '', $notification['buttons'][1]['url'] );
		$this->assertTrue( $notification['buttons'][0]['is_external'] );

		// Not for those who only see results.
		$this->as_user( 'subscriber' );
		wp_get_current_user()->add_cap( Capabilities::VIEW_RESULTS );
		$this->assertSame( array(), $this->rest( 'GET', self::DRAWER )->get_data()['notifications'] );

		// Far from expiring (renewed): the notification goes. A lifetime licence has none.
		update_option( License::OPTION, ( new License( 'k1', 'pro', false, false, false, gmdate( 'Y-m-d H:i:s', time() + 90 * DAY_IN_SECONDS ) ) )->to_array() );
		do_action( Producers::HOOK );
		$this->assertSame( array(), ( new NotificationStore() )->all() );
		update_option( License::OPTION, ( new License( 'k1', 'pro', false, false, false, 'lifetime' ) )->to_array() );
		do_action( Producers::HOOK );
		$this->assertSame( array(), ( new NotificationStore() )->all() );

		// Expired, by the store's verdict.
		$past = time() - DAY_IN_SECONDS;
		update_option( License::OPTION, ( new License( 'k1', 'pro', true, false, false, gmdate( 'Y-m-d H:i:s', $past ) ) )->to_array() );
		do_action( Producers::HOOK );
		$all = ( new NotificationStore() )->all();
		$this->assertSame( array( 'uf-license-expired-' . gmdate( 'Ymd', $past ) ), array_keys( $all ) );
		$this->assertSame( 'Your license has expired', array_values( $all )[0]['title'] );

		// No licence at all: nothing to announce.
		delete_option( License::OPTION );
		do_action( Producers::HOOK );
		$this->assertSame( array(), ( new NotificationStore() )->all() );
	}

	public function test_the_check_is_scheduled_hourly_once(): void {
		wp_clear_scheduled_hook( Producers::HOOK );
		$producers = new Producers( new NotificationStore() );
		$producers->schedule();
		$next = wp_next_scheduled( Producers::HOOK );
		$this->assertIsInt( $next );
		$this->assertSame( 'hourly', wp_get_schedule( Producers::HOOK ) );
		$producers->schedule();
		$this->assertSame( $next, wp_next_scheduled( Producers::HOOK ) );
		$this->assertTrue( has_action( 'admin_init' ) > 0 );
		$this->assertNotFalse( has_action( Producers::HOOK ), 'The plugin handles the event.' );
	}
}
