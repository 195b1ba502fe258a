<?php
/**
 * The notifications routes (includes/Notifications/NotificationsController.php): the list of the
 * current user, dismissing one or all (per user), the action allow-list, and their refusals.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Notifications;

use UserFeedback\Access\Capabilities;
use UserFeedback\Licensing\License;
use UserFeedback\Notifications\NotificationService;
use UserFeedback\Notifications\NotificationStore;
use UserFeedback\Tests\StoreFixture;
use UserFeedback\Tests\TestCase;
use WP_REST_Response;

final class NotificationRoutesTest extends TestCase {

	use StoreFixture;

	private const NS  = '/userfeedback/v1/notifications';
	private const KEY = 'cafebabecafebabecafebabecafebabe';

	protected function setUp(): void {
		parent::setUp();
		$this->set_up_store();
		delete_option( NotificationStore::OPTION );
		delete_option( License::OPTION );
		$store = new NotificationStore();
		$store->add( self::notification( 'uf-results-one', time() - 2 * DAY_IN_SECONDS, Capabilities::VIEW_RESULTS ) );
		$store->add( self::notification( 'uf-settings-one', time() - DAY_IN_SECONDS, Capabilities::MANAGE_SETTINGS ) );
		$store->add( self::notification( 'uf-not-yet', time() + DAY_IN_SECONDS, Capabilities::VIEW_RESULTS ) );
	}

	protected function tearDown(): void {
		$this->tear_down_store();
		parent::tearDown();
	}

	public function test_lists_started_notifications_newest_first_in_the_contract_shape(): void {
		$this->as_user( 'administrator' );
		$response = $this->rest( 'GET', self::NS );
		$this->assertSame( 200, $response->get_status() );
		$data = $response->get_data();

		$this->assertSame( array( 'notifications', 'dismissed', 'view_url', 'sidebar_url' ), array_keys( $data ) );
		$this->assertSame( array( 'uf-settings-one', 'uf-results-one' ), self::ids( $data['notifications'] ) );
		$this->assertSame( array(), $data['dismissed'] );
		$this->assertSame( admin_url( 'admin.php?page=userfeedback_surveys&open=userfeedback_notifications' ), $data['view_url'] );
		$this->assertSame( $data['view_url'], $data['sidebar_url'] );

		$first = $data['notifications'][0];
		$this->assertSame( array( 'id', 'title', 'category', 'icon', 'content', 'active_from', 'buttons' ), array_keys( $first ) );
		$this->assertSame( gmdate( 'Y-m-d\TH:i:s\Z', strtotime( $first['active_from'] ) ), $first['active_from'] );
		$this->assertSame( 'View Results', $first['buttons'][0]['text'] );
	}

	public function test_a_user_sees_the_notifications_of_their_capabilities_only(): void {
		$this->as_user( 'subscriber' );
		wp_get_current_user()->add_cap( Capabilities::VIEW_RESULTS );
		$data = $this->rest( 'GET', self::NS )->get_data();
		$this->assertSame( array( 'uf-results-one' ), self::ids( $data['notifications'] ) );

		// One it cannot see cannot be dismissed either: it does not exist for this user.
		$this->assertSame( 404, $this->rest( 'POST', self::NS . '/uf-settings-one/dismiss' )->get_status() );
	}

	public function test_dismissing_is_per_user(): void {
		$other = $this->make_user( 'administrator' );
		$this->as_user( 'administrator' );

		$response = $this->rest( 'POST', self::NS . '/uf-results-one/dismiss' );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( array( 'uf-settings-one' ), self::ids( $response->get_data()['notifications'] ) );
		$this->assertSame( array( 'uf-results-one' ), self::ids( $response->get_data()['dismissed'] ) );

		// Again: still dismissed, no error.
		$this->assertSame( 200, $this->rest( 'POST', self::NS . '/uf-results-one/dismiss' )->get_status() );
		$this->assertSame( array( 'uf-results-one' ), self::ids( $this->rest( 'GET', self::NS )->get_data()['dismissed'] ) );

		wp_set_current_user( $other );
		$data = $this->rest( 'GET', self::NS )->get_data();
		$this->assertSame( array( 'uf-settings-one', 'uf-results-one' ), self::ids( $data['notifications'] ) );
		$this->assertSame( array(), $data['dismissed'] );
	}

	public function test_dismiss_all_empties_the_inbox_of_this_user_only(): void {
		$other = $this->make_user( 'administrator' );
		$this->as_user( 'administrator' );

		$response = $this->rest( 'POST', self::NS . '/dismiss-all' );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( array(), $response->get_data()['notifications'] );
		$this->assertSame( array( 'uf-settings-one', 'uf-results-one' ), self::ids( $response->get_data()['dismissed'] ) );

		// A notification that arrives later is in the inbox.
		( new NotificationStore() )->add( self::notification( 'uf-later', time() - 60, Capabilities::VIEW_RESULTS ) );
		$this->assertSame( array( 'uf-later' ), self::ids( $this->rest( 'GET', self::NS )->get_data()['notifications'] ) );

		wp_set_current_user( $other );
		$this->assertCount( 3, $this->rest( 'GET', self::NS )->get_data()['notifications'] );
	}

	public function test_the_dismissed_view_holds_the_50_newest(): void {
		$store = new NotificationStore();
		for ( $i = 1; $i <= 60; $i++ ) {
			$store->add( self::notification( 'uf-bulk-' . $i, time() - 3 * DAY_IN_SECONDS + $i, Capabilities::VIEW_RESULTS ) );
		}
		$this->as_user( 'administrator' );
		$data = $this->rest( 'POST', self::NS . '/dismiss-all' )->get_data();
		$this->assertCount( 50, $data['dismissed'] );
		$this->assertSame( array( 'uf-settings-one', 'uf-results-one', 'uf-bulk-60' ), array_slice( self::ids( $data['dismissed'] ), 0, 3 ) );
	}

	public function test_the_store_keeps_the_100_newest_and_adds_each_id_once(): void {
		$store = new NotificationStore();
		$this->assertFalse( $store->add( self::notification( 'uf-results-one', time(), Capabilities::VIEW_RESULTS ) ) );
		for ( $i = 1; $i <= 100; $i++ ) {
			$store->add( self::notification( 'uf-many-' . $i, time() - 3 * DAY_IN_SECONDS + $i, Capabilities::VIEW_RESULTS ) );
		}
		$all = $store->all();
		$this->assertCount( 100, $all );
		$this->assertArrayHasKey( 'uf-not-yet', $all );
		$this->assertArrayHasKey( 'uf-many-4', $all );
		$this->assertArrayNotHasKey( 'uf-many-3', $all, 'The oldest are dropped.' );
		$this->assertArrayNotHasKey( 'uf-many-1', $all );

		global $wpdb;
		$autoload = $wpdb->get_var( $wpdb->prepare( "SELECT autoload FROM {$wpdb->options} WHERE option_name = %s", NotificationStore::OPTION ) );
		$this->assertContains( $autoload, array( 'no', 'off' ), 'Only the drawer reads it: not autoloaded.' );
	}

	public function test_dismissing_an_unknown_or_malformed_id_is_refused(): void {
		$this->as_user( 'administrator' );
		$this->assertSame( 404, $this->rest( 'POST', self::NS . '/uf-nothing-here/dismiss' )->get_status() );
		// Not started yet: not in the drawer.
		$this->assertSame( 404, $this->rest( 'POST', self::NS . '/uf-not-yet/dismiss' )->get_status() );
		foreach ( array( 'UF-Upper', 'uf_underscore', 'uf%20space', str_repeat( 'a', 101 ) ) as $id ) {
			$this->assertSame( 400, $this->rest( 'POST', self::NS . '/' . $id . '/dismiss' )->get_status(), $id );
		}
		$this->assertSame( array(), get_user_meta( get_current_user_id(), NotificationService::USER_META, true ) ?: array() );
	}

	public function test_every_route_refuses_visitors_and_users_without_our_capabilities(): void {
		$routes = array(
			array( 'GET', self::NS, array() ),
			array( 'POST', self::NS . '/uf-results-one/dismiss', array() ),
			array( 'POST', self::NS . '/dismiss-all', array() ),
			array( 'POST', self::NS . '/action', array( 'class' => 'survey', 'action' => 'view' ) ),
		);
		$lost = $this->make_user( 'administrator' );
		foreach ( Capabilities::ALL as $cap ) {
			get_userdata( $lost )->add_cap( $cap, false );
		}
		foreach ( array( 0 => 401, $this->make_user( 'subscriber' ) => 403, $lost => 403 ) as $user => $status ) {
			wp_set_current_user( $user );
			foreach ( $routes as [ $method, $route, $params ] ) {
				$this->assertSame( $status, $this->rest( $method, $route, $params )->get_status(), "$method $route as #$user" );
			}
		}
		$this->as_user( 'administrator' );
		$this->assertCount( 2, $this->rest( 'GET', self::NS )->get_data()['notifications'], 'Nothing was dismissed.' );
	}

	public function test_the_survey_view_action_redirects_to_the_results(): void {
		$this->as_user( 'subscriber' );
		wp_get_current_user()->add_cap( Capabilities::VIEW_RESULTS );
		$response = $this->rest( 'POST', self::NS . '/action', array(), array( 'class' => 'survey', 'action' => 'view' ) );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( array( 'redirect_to' => admin_url( 'admin.php?page=userfeedback_results' ) ), $response->get_data() );

		// Refreshing the licence is for the managers of the settings.
		$this->assertSame( 403, $this->action( 'license', 'refresh' )->get_status() );
	}

	public function test_actions_off_the_allow_list_and_bad_input_are_refused(): void {
		$this->as_user( 'administrator' );
		foreach ( array( array( 'license', 'delete' ), array( 'survey', 'refresh' ), array( 'plugin', 'install' ) ) as [ $class, $action ] ) {
			$response = $this->action( $class, $action );
			$this->assertSame( 400, $response->get_status(), "$class/$action" );
			$this->assertSame( 'userfeedback_invalid_params', $response->get_data()['code'] );
		}
		foreach ( array(
			array(),
			array( 'class' => 'license' ),
			array( 'action' => 'refresh' ),
			array( 'class' => 'license/../x', 'action' => 'refresh' ),
			array( 'class' => array( 'license' ), 'action' => 'refresh' ),
			array( 'class' => 'license', 'action' => str_repeat( 'r', 41 ) ),
		) as $body ) {
			$response = $this->rest( 'POST', self::NS . '/action', array(), $body );
			$this->assertSame( 400, $response->get_status(), (string) wp_json_encode( $body ) );
		}
	}

	public function test_the_license_refresh_action_asks_the_store_and_reloads(): void {
		$this->as_user( 'administrator' );
		update_option( License::OPTION, ( new License( self::KEY, 'pro' ) )->to_array() );
		$this->start_store(
			array(
				self::KEY => array(
					'status'   => 'expired',
					'price_id' => 2,
					'expires'  => '2020-01-01 23:59:59',
				),
			)
		);

		$response = $this->action( 'license', 'refresh' );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame(
			array(
				'message' => 'Your license has been refreshed. This license key has expired.',
				'reload'  => true,
			),
			$response->get_data()
		);
		$this->assertTrue( License::current()->is_expired );
		$this->assertSame( array( 'check_license ' . self::KEY . ' UserFeedback Pro' ), $this->store_requests() );

		// The store is down: its error, and the stored licence unchanged.
		$this->store_down();
		$response = $this->action( 'license', 'refresh' );
		$this->assertSame( 502, $response->get_status() );
		$this->assertStringStartsWith( 'There was an error refreshing your license:', $response->get_data()['message'] );
		$this->assertTrue( License::current()->is_expired );
	}

	private function action( string $class, string $action ): WP_REST_Response {
		return $this->rest(
			'POST',
			self::NS . '/action',
			array(),
			array(
				'class'  => $class,
				'action' => $action,
			)
		);
	}

	/**
	 * @return array<string,mixed>
	 */
	private static function notification( string $id, int $active_from, string $capability ): array {
		return array(
			'id'          => $id,
			'title'       => 'Title of ' . $id,
			'category'    => 'insight',
			'icon'        => 'megaphone',
			'content'     => 'Content of ' . $id,
			'active_from' => NotificationStore::iso( $active_from ),
			'buttons'     => array(
				array(
					'type'        => 'primary',
					'text'        => 'View Results',
					'url'         => admin_url( 'admin.php?page=userfeedback_results' ),
					'is_external' => false,
				),
			),
			'capability'  => $capability,
		);
	}

	/**
	 * @param array<int,array<string,mixed>> $notifications Notifications.
	 * @return string[]
	 */
	private static function ids( array $notifications ): array {
		return array_column( $notifications, 'id' );
	}
}
