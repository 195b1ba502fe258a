<?php
/**
 * The notice banners (includes/Notifications/ServerNotices.php) in the boot config, and closing them
 * through admin-ajax (includes/Notifications/NoticesAjax.php): per user, site-wide, and the refusals
 * (checked with their HTTP status in separate processes, where it can be read).
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Notifications;

use UserFeedback\Access\Capabilities;
use UserFeedback\Admin\AjaxGuard;
use UserFeedback\Licensing\License;
use UserFeedback\Notifications\NoticesAjax;
use UserFeedback\Notifications\ServerNotices;
use UserFeedback\Tests\AjaxCalls;
use UserFeedback\Tests\TestCase;

final class NotificationNoticesTest extends TestCase {

	use AjaxCalls;

	protected function setUp(): void {
		parent::setUp();
		delete_option( License::OPTION );
		delete_option( ServerNotices::OPTION );
	}

	/**
	 * @return array<string,mixed> The page's ajax nonce.
	 */
	protected function ajax_defaults(): array {
		return array( 'nonce' => wp_create_nonce( AjaxGuard::AJAX_NONCE ) );
	}

	public function test_the_boot_config_carries_the_notices_that_apply(): void {
		$this->as_user( 'administrator' );

		// Lite: none.
		$this->set_entitlements( 'lite', null );
		$this->assertSame( array(), $this->notices() );
		$config = self::boot_config()->for_page( 'surveys' );
		$this->assertSame( admin_url( 'admin.php?page=userfeedback_surveys&open=userfeedback_notifications' ), $config['notifications_url'] );

		// Pro without a licence store: the info, closable for the whole site.
		$this->set_entitlements( 'pro', 'pro' );
		$this->assertSame(
			array(
				array(
					'id'         => 'license-store-missing',
					'icon'       => 'info',
					'type'       => 'info',
					'content'    => 'No license store is configured for this site, so license keys cannot be verified. Set the USERFEEDBACK_STORE_URL constant or the userfeedback_store_url filter.',
					'isClosable' => true,
					'dismissed'  => false,
					'global'     => true,
				),
			),
			$this->notices()
		);

		// A store, and an expired licence; then a disabled one.
		add_filter( 'userfeedback_store_url', static fn(): string => 'https://store.example/edd-sl' );
		update_option( License::OPTION, ( new License( 'k1', 'pro', true ) )->to_array() );
		$this->assertSame( array( 'license-expired' ), array_column( $this->notices(), 'id' ) );
		$this->assertSame( 'warning', $this->notices()[0]['type'] );
		$this->assertFalse( $this->notices()[0]['global'] );
		update_option( License::OPTION, ( new License( 'k1', 'pro', false, true ) )->to_array() );
		$this->assertSame( array( 'license-disabled' ), array_column( $this->notices(), 'id' ) );
		$this->assertSame( 'Your license key for UserFeedback has been disabled. Please use a different key.', $this->notices()[0]['content'] );

		// Only for the managers of the settings.
		$this->as_user( 'editor' );
		wp_get_current_user()->add_cap( Capabilities::CREATE_EDIT_SURVEYS );
		$this->assertSame( array(), $this->notices() );
	}

	public function test_closing_a_notice_is_per_user_and_a_global_one_is_for_the_site(): void {
		$this->set_entitlements( 'pro', 'pro' );
		update_option( License::OPTION, ( new License( 'k1', 'pro', true ) )->to_array() );
		$other = $this->make_user( 'administrator' );
		$this->as_user( 'administrator' );
		$this->assertSame( array( 'license-expired', 'license-store-missing' ), array_column( $this->notices(), 'id' ) );

		$answer = $this->ajax( NoticesAjax::ACTION_REMOVE, array( 'notice_id' => 'license-expired' ) );
		$this->assertSame(
			array(
				'success' => true,
				'data'    => array(
					'notice_id' => 'license-expired',
					'dismissed' => true,
				),
			),
			$answer
		);
		$this->assertSame( array( 'license-store-missing' ), array_column( $this->notices(), 'id' ) );

		wp_set_current_user( $other );
		$this->assertSame( array( 'license-expired', 'license-store-missing' ), array_column( $this->notices(), 'id' ), 'Another user still has it.' );

		$this->assertTrue( $this->ajax( NoticesAjax::ACTION_REMOVE_WP, array( 'notice_id' => 'license-store-missing' ) )['success'] );
		$this->assertSame( array( 'license-expired' ), array_column( $this->notices(), 'id' ) );
		$this->as_user( 'administrator' );
		$this->assertSame( array( 'license-expired' ), array_column( $this->notices(), 'id' ), 'Closed for everyone.' );
	}

	/**
	 * @runInSeparateProcess
	 * @preserveGlobalState disabled
	 */
	public function test_a_bad_nonce_and_users_without_the_capability_are_refused_with_403(): void {
		$this->as_user( 'administrator' );
		foreach ( array( NoticesAjax::ACTION_REMOVE, NoticesAjax::ACTION_REMOVE_WP ) as $action ) {
			foreach ( array( 'not-a-nonce', wp_create_nonce( AjaxGuard::INSTALL_NONCE ), '' ) as $nonce ) {
				$answer = $this->ajax( $action, array( 'notice_id' => 'license-store-missing', 'nonce' => $nonce ), $status );
				$this->assertSame( 403, $status, "$action $nonce" );
				$this->assertSame( 'Your session has expired. Please reload the page and try again.', $answer['data']['message'] );
			}
		}

		// A subscriber, and an administrator whose role lost our capabilities: neither.
		$lost = $this->make_user( 'administrator' );
		foreach ( Capabilities::ALL as $cap ) {
			get_userdata( $lost )->add_cap( $cap, false );
		}
		foreach ( array( $this->make_user( 'subscriber' ), $lost ) as $user ) {
			wp_set_current_user( $user );
			foreach ( array( NoticesAjax::ACTION_REMOVE => 'license-expired', NoticesAjax::ACTION_REMOVE_WP => 'license-store-missing' ) as $action => $id ) {
				$answer = $this->ajax( $action, array( 'notice_id' => $id, 'nonce' => wp_create_nonce( AjaxGuard::AJAX_NONCE ) ), $status );
				$this->assertSame( 403, $status, "$action as #$user" );
				$this->assertFalse( $answer['success'] );
			}
		}

		// Who only views results closes banners for themselves, not for the site.
		$this->as_user( 'subscriber' );
		wp_get_current_user()->add_cap( Capabilities::VIEW_RESULTS );
		$answer = $this->ajax( NoticesAjax::ACTION_REMOVE, array( 'notice_id' => 'license-expired' ), $status );
		$this->assertTrue( $answer['success'] );
		$this->assertNull( $status, 'A success sends no error status.' );
		$this->ajax( NoticesAjax::ACTION_REMOVE_WP, array( 'notice_id' => 'license-store-missing' ), $status );
		$this->assertSame( 403, $status );
		$this->assertSame( array(), get_option( ServerNotices::OPTION, array() ) );
	}

	/**
	 * @runInSeparateProcess
	 * @preserveGlobalState disabled
	 */
	public function test_unknown_notice_ids_are_refused_with_400(): void {
		$this->as_user( 'administrator' );
		foreach ( array(
			array( NoticesAjax::ACTION_REMOVE, array() ),
			array( NoticesAjax::ACTION_REMOVE, array( 'notice_id' => 'no-such-notice' ) ),
			array( NoticesAjax::ACTION_REMOVE, array( 'notice_id' => array( 'license-expired' ) ) ),
			// Not a global notice: it cannot be closed for the whole site.
			array( NoticesAjax::ACTION_REMOVE_WP, array( 'notice_id' => 'license-expired' ) ),
			array( NoticesAjax::ACTION_REMOVE_WP, array( 'notice_id' => '' ) ),
		) as [ $action, $fields ] ) {
			$answer = $this->ajax( $action, $fields, $status );
			$this->assertSame( 400, $status, $action . ' ' . wp_json_encode( $fields ) );
			$this->assertSame( 'This notice is not known.', $answer['data']['message'] );
		}
		$this->assertSame( array(), get_option( ServerNotices::OPTION, array() ) );
		$this->assertSame( '', get_user_meta( get_current_user_id(), ServerNotices::USER_META, true ) );
	}

	/**
	 * @return array<int,array<string,mixed>> The boot config's notices for the current user.
	 */
	private function notices(): array {
		$config = self::boot_config()->for_page( 'surveys' );
		return $config['notices'];
	}
}
