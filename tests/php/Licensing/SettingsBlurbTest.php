<?php
/**
 * The General tab's upgrade blurb (includes/Admin/SettingsBlurb.php): shown in Lite until the user
 * dismisses it.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Licensing;

use UserFeedback\Admin\SettingsBlurb;

final class SettingsBlurbTest extends LicenseTestCase {

	public function test_lite_shows_the_blurb_until_the_user_dismisses_it(): void {
		$first = $this->as_user( 'administrator' );
		$this->assertSame( array( 'success' => true, 'data' => array( 'show' => true ) ), $this->ajax( SettingsBlurb::ACTION_VALIDATE ) );

		$this->assertSame( array( 'success' => true, 'data' => array( 'show' => false ) ), $this->ajax( SettingsBlurb::ACTION_DISMISS ) );
		$this->assertFalse( $this->ajax( SettingsBlurb::ACTION_VALIDATE )['data']['show'] );
		$this->assertSame( '1', get_user_meta( $first, SettingsBlurb::USER_META, true ) );

		// Per user.
		$this->as_user( 'administrator' );
		$this->assertTrue( $this->ajax( SettingsBlurb::ACTION_VALIDATE )['data']['show'] );
	}

	public function test_the_pro_edition_never_shows_it(): void {
		$this->as_user( 'administrator' );
		$this->set_entitlements( 'pro', null );
		$this->assertFalse( $this->ajax( SettingsBlurb::ACTION_VALIDATE )['data']['show'] );
	}

	public function test_refusals_change_nothing(): void {
		$id = $this->as_user( 'administrator' );
		$answer = $this->ajax( SettingsBlurb::ACTION_DISMISS, array( 'nonce' => 'not-a-nonce' ) );
		$this->assertFalse( $answer['success'] );
		$this->assertSame( 'Your session has expired. Please reload the page and try again.', $answer['data']['message'] );
		$this->assertSame( '', get_user_meta( $id, SettingsBlurb::USER_META, true ) );

		$id = $this->as_user( 'subscriber' );
		foreach ( array( SettingsBlurb::ACTION_VALIDATE, SettingsBlurb::ACTION_DISMISS ) as $action ) {
			$answer = $this->ajax( $action );
			$this->assertFalse( $answer['success'] );
			$this->assertSame( 'Sorry, you are not allowed to manage the settings of this site.', $answer['data']['message'] );
		}
		$this->assertSame( '', get_user_meta( $id, SettingsBlurb::USER_META, true ) );
	}
}
