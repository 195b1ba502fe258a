<?php
/**
 * The HTTP statuses of the licence and settings-blurb actions, read from the real answers: these tests
 * run in separate processes, where nothing has been printed before the answer's headers. Also the Pro
 * edition (USERFEEDBACK_EDITION defined in that process only).
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Licensing;

use UserFeedback\Access\Capabilities;
use UserFeedback\Admin\SettingsBlurb;
use UserFeedback\Licensing\License;
use UserFeedback\Licensing\LicenseAjax;
use UserFeedback\Plugin;

final class LicenseRefusalTest extends LicenseTestCase {

	private const KEY = 'feedfacefeedfacefeedfacefeedface';

	private const ACTIONS = array(
		LicenseAjax::ACTION_GET,
		LicenseAjax::ACTION_VERIFY,
		LicenseAjax::ACTION_DEACTIVATE,
		LicenseAjax::ACTION_VALIDATE,
		LicenseAjax::ACTION_CONNECT,
		SettingsBlurb::ACTION_VALIDATE,
		SettingsBlurb::ACTION_DISMISS,
	);

	/**
	 * @runInSeparateProcess
	 * @preserveGlobalState disabled
	 */
	public function test_a_bad_nonce_or_a_missing_capability_answers_403(): void {
		$this->start_store( array( self::KEY => self::store_license() ) );
		$fields = array(
			'license' => self::KEY,
			'key'     => self::KEY,
		);

		$this->as_user( 'administrator' );
		foreach ( self::ACTIONS as $action ) {
			$answer = $this->ajax( $action, $fields + array( 'nonce' => 'not-a-nonce' ), $status );
			$this->assertSame( 403, $status, $action );
			$this->assertFalse( $answer['success'], $action );
			$this->assertSame( 'Your session has expired. Please reload the page and try again.', $answer['data']['message'], $action );
		}

		// An editor, and an administrator whose role lost our capabilities.
		$this->as_user( 'editor' );
		foreach ( self::ACTIONS as $action ) {
			$answer = $this->ajax( $action, $fields, $status );
			$this->assertSame( 403, $status, $action );
			$this->assertFalse( $answer['success'], $action );
		}
		$this->as_user( 'administrator' );
		wp_get_current_user()->add_cap( Capabilities::MANAGE_SETTINGS, false );
		foreach ( self::ACTIONS as $action ) {
			$answer = $this->ajax( $action, $fields, $status );
			$this->assertSame( 403, $status, $action );
			$this->assertFalse( $answer['success'], $action );
		}

		// Settings managers who may not install plugins may not connect either.
		$this->as_user( 'editor' );
		wp_get_current_user()->add_cap( Capabilities::MANAGE_SETTINGS );
		$answer = $this->ajax( LicenseAjax::ACTION_CONNECT, $fields, $status );
		$this->assertSame( 403, $status );
		$this->assertSame( 'Sorry, you are not allowed to install plugins on this site.', $answer['data']['message'] );
		// They may manage the licence itself.
		$this->assertTrue( $this->ajax( LicenseAjax::ACTION_GET )['success'] );

		// The network licence on a single site.
		if ( ! is_multisite() ) {
			$this->as_user( 'administrator' );
			$answer = $this->ajax( LicenseAjax::ACTION_VERIFY, $fields + array( 'network' => '1' ), $status );
			$this->assertSame( 403, $status );
			$this->assertSame( 'Sorry, you are not allowed to manage the license of this network.', $answer['data']['error'] );
		}

		$this->assertSame( array(), $this->store_requests() );
		$this->assertFalse( get_option( License::OPTION ) );
	}

	/**
	 * @runInSeparateProcess
	 * @preserveGlobalState disabled
	 */
	public function test_store_verdicts_answer_400_and_store_failures_502(): void {
		$this->as_user( 'administrator' );

		$answer = $this->ajax( LicenseAjax::ACTION_VERIFY, array( 'license' => '' ), $status );
		$this->assertSame( 400, $status );
		$this->assertSame( 'Please enter a license key.', $answer['data']['error'] );

		$answer = $this->ajax( LicenseAjax::ACTION_VERIFY, array( 'license' => self::KEY ), $status );
		$this->assertSame( 502, $status, 'No store configured.' );

		$this->start_store( array( 'expired-key' => self::store_license( array( 'status' => 'expired' ) ) ) );
		$answer = $this->ajax( LicenseAjax::ACTION_VERIFY, array( 'license' => 'expired-key' ), $status );
		$this->assertSame( 400, $status );
		$this->assertSame( 'This license key has expired.', $answer['data']['error'] );

		$this->store_down();
		$this->ajax( LicenseAjax::ACTION_VERIFY, array( 'license' => 'expired-key' ), $status );
		$this->assertSame( 502, $status );
		$this->ajax( LicenseAjax::ACTION_VALIDATE, array(), $status );
		$this->assertSame( 400, $status, 'Nothing to refresh.' );
	}

	/**
	 * @runInSeparateProcess
	 * @preserveGlobalState disabled
	 */
	public function test_the_pro_edition_is_licensed_in_the_same_request_and_does_not_connect(): void {
		define( 'USERFEEDBACK_EDITION', 'pro' );
		Plugin::instance()->use_entitlements( null );
		$this->as_user( 'administrator' );
		$this->start_store( array( self::KEY => self::store_license( array( 'price_id' => 1 ) ) ) );
		$this->assertFalse( Plugin::instance()->entitlements()->is_licensed() );
		$this->assertSame( 'license', Plugin::instance()->entitlements()->reason( 'export' ) );

		$this->assertTrue( $this->ajax( LicenseAjax::ACTION_VERIFY, array( 'license' => self::KEY ) )['success'] );
		$this->assertTrue( Plugin::instance()->entitlements()->is_licensed() );
		$this->assertSame( 'plus', Plugin::instance()->entitlements()->license_type() );
		$this->assertTrue( Plugin::instance()->entitlements()->can( 'export' ) );

		// Expired at the store: the refresh locks Pro features again at once.
		$this->put_licenses( array( self::KEY => self::store_license( array( 'status' => 'expired', 'price_id' => 1 ) ) ) );
		$this->assertTrue( $this->ajax( LicenseAjax::ACTION_VALIDATE )['success'] );
		$this->assertFalse( Plugin::instance()->entitlements()->is_licensed() );

		$answer = $this->ajax( LicenseAjax::ACTION_CONNECT, array( 'key' => self::KEY ), $status );
		$this->assertSame( 400, $status );
		$this->assertSame( 'UserFeedback Pro is already installed.', $answer['data']['message'] );

		// The settings blurb is for Lite only.
		$this->assertFalse( $this->ajax( SettingsBlurb::ACTION_VALIDATE )['data']['show'] );
	}
}
