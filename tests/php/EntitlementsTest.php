<?php
/**
 * Edition, licence, licence type and addons decide every gated feature.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

use UserFeedback\Licensing\Entitlements;
use UserFeedback\Licensing\License;

final class EntitlementsTest extends TestCase {

	private static function tier( string $edition, ?string $type, array $addons = array(), bool $expired = false ): Entitlements {
		return new Entitlements( $edition, new License( $type ? 'key-123' : '', $type, $expired ), $addons );
	}

	public function test_lite_is_asked_to_upgrade_for_every_feature(): void {
		$lite = self::tier( 'lite', 'elite', Entitlements::ADDONS );
		foreach ( Entitlements::feature_keys() as $feature ) {
			$this->assertSame( 'upgrade', $lite->reason( $feature ), $feature );
		}
		$this->assertFalse( $lite->is_pro() );
		$this->assertFalse( $lite->is_licensed(), 'A licence key does not license the Lite edition.' );
		$this->assertNull( $lite->license_type() );
	}

	public function test_pro_without_a_valid_licence_is_asked_for_one(): void {
		foreach ( array( self::tier( 'pro', null ), self::tier( 'pro', 'elite', array(), true ) ) as $tier ) {
			$this->assertTrue( $tier->is_pro() );
			$this->assertFalse( $tier->is_licensed() );
			$this->assertSame( 'license', $tier->reason( 'export' ) );
		}
	}

	public function test_licence_types_are_ordered_plus_pro_elite(): void {
		$plus  = self::tier( 'pro', 'plus', Entitlements::ADDONS );
		$pro   = self::tier( 'pro', 'pro', Entitlements::ADDONS );
		$elite = self::tier( 'pro', 'elite', Entitlements::ADDONS );

		foreach ( array( 'ai_summary', 'email_logic', 'device_targeting' ) as $feature ) {
			$this->assertSame( 'upgrade', $plus->reason( $feature ), $feature );
			$this->assertTrue( $pro->can( $feature ), $feature );
			$this->assertTrue( $elite->can( $feature ), $feature );
		}
		$this->assertTrue( $plus->can( 'export' ) );
		$this->assertTrue( $plus->can( 'results_30_days' ) );
		$this->assertSame( 'plus', $plus->license_type() );
	}

	public function test_addon_features_need_their_addon(): void {
		$without = self::tier( 'pro', 'elite' );
		$with    = self::tier( 'pro', 'elite', array( 'behavior', 'question-types' ) );
		$this->assertSame( 'addon', $without->reason( 'behavior' ) );
		$this->assertSame( 'addon', $without->reason( 'advanced_question_types' ) );
		$this->assertTrue( $with->can( 'behavior' ) );
		$this->assertTrue( $with->can( 'advanced_question_types' ) );
		$this->assertSame( 'addon', $with->reason( 'branding' ) );
		$this->assertTrue( $without->can( 'scheduling' ), 'Scheduling needs no addon.' );
	}

	public function test_an_unknown_feature_is_an_error_not_a_silent_answer(): void {
		$this->expectException( \InvalidArgumentException::class );
		self::tier( 'pro', 'elite' )->can( 'teleportation' );
	}

	public function test_the_boot_config_shape(): void {
		$data = self::tier( 'pro', 'plus', array( 'branding', 'not-an-addon' ) )->to_array();
		$this->assertSame( 'pro', $data['edition'] );
		$this->assertTrue( $data['is_licensed'] );
		$this->assertSame( 'plus', $data['license_type'] );
		$this->assertSame( Entitlements::ADDONS, array_keys( $data['addons'] ) );
		$this->assertTrue( $data['addons']['branding'] );
		$this->assertFalse( $data['addons']['behavior'] );
		$this->assertSame( Entitlements::feature_keys(), array_keys( $data['features'] ) );
		$this->assertSame(
			array(
				'allowed' => false,
				'label'   => 'AI Summary',
				'plan'    => 'pro',
				'addon'   => null,
				'reason'  => 'upgrade',
			),
			$data['features']['ai_summary']
		);
		$this->assertTrue( $data['features']['branding']['allowed'] );
	}

	public function test_the_site_reads_the_stored_licence_and_registered_addons(): void {
		update_option( License::OPTION, array( 'key' => 'abc', 'type' => 'pro' ) );
		add_filter( 'userfeedback_active_addons', $add = static fn( array $a ): array => array_merge( $a, array( 'targeting', 'made-up' ) ) );
		try {
			$site = Entitlements::from_site();
		} finally {
			remove_filter( 'userfeedback_active_addons', $add );
		}
		$this->assertTrue( $site->addon_active( 'targeting' ) );
		$this->assertFalse( $site->addon_active( 'made-up' ) );
		// The test site runs the Lite build (no USERFEEDBACK_EDITION), so the licence unlocks nothing.
		$this->assertSame( 'lite', $site->edition() );
		$this->assertSame( 'upgrade', $site->reason( 'page_targeting' ) );
	}

	public function test_a_licence_with_an_unknown_type_is_not_valid(): void {
		$license = License::from_array( array( 'key' => 'abc', 'type' => 'ultimate' ) );
		$this->assertNull( $license->type );
		$this->assertFalse( $license->is_valid() );
		$this->assertFalse( License::from_array( 'garbage' )->is_valid() );
	}
}
