<?php
/**
 * The daily licence check (includes/Licensing/LicenseCheck.php): scheduled, refreshes the stored key,
 * quiet when the store cannot be reached.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Licensing;

use UserFeedback\Licensing\License;
use UserFeedback\Licensing\LicenseCheck;
use UserFeedback\Licensing\LicenseService;
use UserFeedback\Licensing\StoreClient;

final class LicenseCheckTest extends LicenseTestCase {

	private const KEY = 'deadbeefdeadbeefdeadbeefdeadbeef';

	public function test_the_daily_event_is_scheduled(): void {
		wp_clear_scheduled_hook( LicenseCheck::HOOK );
		$this->assertFalse( wp_next_scheduled( LicenseCheck::HOOK ) );

		$this->check()->schedule();
		$next = wp_next_scheduled( LicenseCheck::HOOK );
		$this->assertIsInt( $next );
		$this->assertSame( 'daily', wp_get_schedule( LicenseCheck::HOOK ) );

		// Once only.
		$this->check()->schedule();
		$this->assertSame( $next, wp_next_scheduled( LicenseCheck::HOOK ) );
		$this->assertTrue( has_action( LicenseCheck::HOOK ) > 0, 'The plugin handles the event.' );
	}

	public function test_the_event_refreshes_the_stored_licence_quietly(): void {
		$this->start_store( array( self::KEY => self::store_license( array( 'status' => 'disabled' ) ) ) );

		// No key: the store is not asked.
		do_action( LicenseCheck::HOOK );
		$this->assertSame( array(), $this->store_requests() );

		update_option( License::OPTION, ( new License( self::KEY, 'pro' ) )->to_array() );
		do_action( LicenseCheck::HOOK );
		$this->assertSame( array( 'check_license ' . self::KEY . ' UserFeedback Pro' ), $this->store_requests() );
		$this->assertTrue( License::current()->is_disabled );

		// The store is down: nothing changes, nothing is thrown or printed.
		$this->put_licenses( array( self::KEY => self::store_license() ) );
		$this->store_down();
		do_action( LicenseCheck::HOOK );
		$this->assertTrue( License::current()->is_disabled );

		$this->store_down( false );
		do_action( LicenseCheck::HOOK );
		$this->assertFalse( License::current()->is_disabled );
		// site_inactive: this test never activated the key here.
		$this->assertTrue( License::current()->is_invalid );
	}

	private function check(): LicenseCheck {
		return new LicenseCheck( new LicenseService( new StoreClient() ) );
	}
}
