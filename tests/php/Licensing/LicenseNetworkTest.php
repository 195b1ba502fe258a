<?php
/**
 * The network licence on a multisite network: kept in the site option, managed by network
 * administrators only, used by sites that have no key of their own, refreshed by the daily check on the
 * main site.
 *
 * Runs in the multisite pass of scripts/test-php.sh (see MultisiteTest); skipped on a single site.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Licensing;

use UserFeedback\Licensing\License;
use UserFeedback\Licensing\LicenseAjax;
use UserFeedback\Licensing\LicenseCheck;

/**
 * @group multisite
 */
final class LicenseNetworkTest extends LicenseTestCase {

	private const KEY = '0123456789abcdef0123456789abcdef';

	public static function setUpBeforeClass(): void {
		parent::setUpBeforeClass();
		if ( ! is_multisite() ) {
			self::markTestSkipped( 'Needs a multisite network: scripts/test-php.sh runs this group on one (UF_MULTISITE=1, MariaDB).' );
		}
	}

	public function test_a_network_administrator_manages_the_network_licence(): void {
		$this->start_store(
			array(
				self::KEY  => self::store_license( array( 'price_id' => 3 ) ),
				'site-key' => self::store_license( array( 'price_id' => 1 ) ),
			)
		);
		$id = $this->as_user( 'administrator' );
		grant_super_admin( $id );

		$answer = $this->ajax( LicenseAjax::ACTION_VERIFY, array( 'license' => self::KEY, 'network' => '1' ) );
		$this->assertTrue( $answer['success'], (string) wp_json_encode( $answer ) );
		$this->assertSame( 'elite', $answer['data']['license']['type'] );
		$this->assertSame( self::KEY, get_site_option( License::OPTION )['key'] );
		$this->assertFalse( get_option( License::OPTION ), 'The site has no key of its own.' );
		// A site without its own key uses the network's.
		$this->assertSame( self::KEY, License::current()->key );

		$info = $this->ajax( LicenseAjax::ACTION_GET )['data'];
		$this->assertTrue( $info['can_manage_network'] );
		$this->assertSame( License::mask( self::KEY ), $info['network']['key'], 'Even the network administrator is shown the end of the key only.' );
		$this->assertSame( '', $info['site']['key'] );

		// A key of the site's own wins.
		$this->assertTrue( $this->ajax( LicenseAjax::ACTION_VERIFY, array( 'license' => 'site-key' ) )['success'] );
		$this->assertSame( 'plus', License::current()->type );
		$this->assertSame( self::KEY, get_site_option( License::OPTION )['key'] );

		// Refresh of the network key, then the daily check on the main site refreshes it too.
		$this->put_licenses(
			array(
				self::KEY  => self::store_license( array( 'status' => 'expired', 'price_id' => 3 ) ),
				'site-key' => self::store_license( array( 'price_id' => 1 ) ),
			)
		);
		$this->assertTrue( $this->ajax( LicenseAjax::ACTION_VALIDATE, array( 'network' => '1' ) )['data']['license']['is_expired'] );
		$this->assertFalse( get_option( License::OPTION )['is_expired'] );
		$this->put_licenses(
			array(
				self::KEY  => self::store_license( array( 'status' => 'disabled', 'price_id' => 3 ) ),
				'site-key' => self::store_license( array( 'price_id' => 1 ) ),
			)
		);
		do_action( LicenseCheck::HOOK );
		$this->assertTrue( get_site_option( License::OPTION )['is_disabled'] );
		$this->assertContains( 'check_license site-key UserFeedback Pro', $this->store_requests() );

		$answer = $this->ajax( LicenseAjax::ACTION_DEACTIVATE, array( 'license' => self::KEY, 'network' => '1' ) );
		$this->assertTrue( $answer['success'], (string) wp_json_encode( $answer ) );
		$this->assertFalse( get_site_option( License::OPTION ) );
		$this->assertSame( 'site-key', get_option( License::OPTION )['key'] );
	}

	public function test_a_site_administrator_may_not_touch_the_network_licence(): void {
		$this->start_store( array( self::KEY => self::store_license() ) );
		update_site_option( License::OPTION, ( new License( self::KEY, 'pro' ) )->to_array() );
		$this->as_user( 'administrator' );
		$this->assertFalse( is_super_admin() );

		foreach ( array( LicenseAjax::ACTION_VERIFY, LicenseAjax::ACTION_DEACTIVATE, LicenseAjax::ACTION_VALIDATE ) as $action ) {
			$this->assertAjaxError(
				'Sorry, you are not allowed to manage the license of this network.',
				$this->ajax( $action, array( 'license' => self::KEY, 'network' => '1' ) )
			);
		}
		$info = $this->ajax( LicenseAjax::ACTION_GET )['data'];
		$this->assertFalse( $info['can_manage_network'] );
		$this->assertSame( str_repeat( '*', 28 ) . 'cdef', $info['network']['key'], 'The site administrator sees the end of the network key only.' );
		$this->assertSame( 'pro', $info['network']['type'] );
		$this->assertSame( array(), $this->store_requests() );
		$this->assertSame( self::KEY, get_site_option( License::OPTION )['key'] );
	}
}
