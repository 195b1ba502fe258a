<?php
/**
 * The licence actions (includes/Licensing/LicenseAjax.php, LicenseService.php) against the loopback
 * EDD store: verify with every verdict the store gives, deactivate, refresh, and the store that is down,
 * unreachable or not configured. HTTP statuses are checked on the service's errors here and on the real
 * answers in LicenseRefusalTest (separate processes).
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Licensing;

use UserFeedback\Licensing\License;
use UserFeedback\Licensing\LicenseAjax;
use UserFeedback\Licensing\LicenseService;
use UserFeedback\Licensing\StoreClient;
use UserFeedback\Plugin;

final class LicenseAjaxTest extends LicenseTestCase {

	private const KEY = 'a1b2c3d4e5f60718293a4b5c6d7e8f90';

	public function test_get_license_reports_the_stored_licence_the_store_and_the_renewal_url(): void {
		$this->as_user( 'administrator' );

		$answer = $this->ajax( LicenseAjax::ACTION_GET );
		$this->assertTrue( $answer['success'] );
		$this->assertSame(
			array(
				'site'               => array(
					'key'         => '',
					'type'        => null,
					'is_expired'  => false,
					'is_disabled' => false,
					'is_invalid'  => false,
					'expires'     => '',
				),
				'network'            => null,
				'can_manage_network' => false,
				'store_configured'   => false,
				'renew_url'          => 'https://userfeedback.com/checkout/?utm_source=proplugin&utm_medium=settings-general&utm_campaign=renew&utm_content=' . USERFEEDBACK_VERSION,
			),
			$answer['data']
		);

		update_option( License::OPTION, ( new License( 'key with&odd=chars', 'plus', true, false, false, '2025-01-01T00:00:00Z' ) )->to_array() );
		$this->use_store_url( 'https://store.example.com/' );
		$data = $this->ajax( LicenseAjax::ACTION_GET )['data'];
		$this->assertSame( str_repeat( '*', 14 ) . 'hars', $data['site']['key'], 'The key is shown masked, its end only.' );
		$this->assertTrue( $data['site']['is_expired'] );
		$this->assertSame( '2025-01-01T00:00:00Z', $data['site']['expires'] );
		$this->assertTrue( $data['store_configured'] );
		// The renewal link does not carry the key either.
		$this->assertSame( 'https://userfeedback.com/checkout/?utm_source=proplugin&utm_medium=settings-general&utm_campaign=renew&utm_content=' . USERFEEDBACK_VERSION, $data['renew_url'] );

		add_filter( 'userfeedback_license_renew_url', static fn( string $url, string $key ): string => 'https://shop.example.com/renew/?k=' . rawurlencode( $key ), 10, 2 );
		$this->assertSame( 'https://shop.example.com/renew/?k=', $this->ajax( LicenseAjax::ACTION_GET )['data']['renew_url'] );
	}

	public function test_verify_stores_a_valid_key_with_the_type_of_its_price(): void {
		$this->as_user( 'administrator' );
		$this->start_store(
			array(
				'plus-key'  => self::store_license( array( 'price_id' => 1 ) ),
				'pro-key'   => self::store_license( array( 'price_id' => 2, 'expires' => 'lifetime' ) ),
				'elite-key' => self::store_license( array( 'price_id' => 3 ) ),
			)
		);

		foreach ( array( 'plus-key' => 'plus', 'pro-key' => 'pro', 'elite-key' => 'elite' ) as $key => $type ) {
			$answer = $this->ajax( LicenseAjax::ACTION_VERIFY, array( 'license' => "  $key " ) );
			$this->assertTrue( $answer['success'], (string) wp_json_encode( $answer ) );
			$this->assertSame( 'Congratulations! Your UserFeedback ' . ucfirst( $type ) . ' license key has been verified.', $answer['data']['message'] );
			$expected = array(
				'key'         => $key,
				'type'        => $type,
				'is_expired'  => false,
				'is_disabled' => false,
				'is_invalid'  => false,
				'expires'     => 'pro-key' === $key ? 'lifetime' : '2027-01-01T23:59:59Z',
			);
			$this->assertSame( $expected, get_option( License::OPTION ) );
			// The answer shows the key masked (issue 16: keys never leave the server).
			$this->assertSame( array( 'key' => License::mask( $key ) ) + $expected, $answer['data']['license'] );
			$this->assertStringNotContainsString( $key, (string) wp_json_encode( $answer ) );
		}

		// The store activated each key for this site, for the main product.
		$this->assertSame( array( home_url() ), $this->store_activations()['elite-key'] );
		$this->assertSame( 'activate_license plus-key UserFeedback Pro', $this->store_requests()[0] );
	}

	public function test_the_entitlements_of_the_same_request_see_the_new_licence(): void {
		$this->as_user( 'administrator' );
		$this->start_store( array( self::KEY => self::store_license( array( 'price_id' => 3 ) ) ) );
		$before = Plugin::instance()->entitlements();
		$this->assertSame( '', License::current()->key );

		$this->assertTrue( $this->ajax( LicenseAjax::ACTION_VERIFY, array( 'license' => self::KEY ) )['success'] );

		$after = Plugin::instance()->entitlements();
		$this->assertNotSame( $before, $after, 'The entitlements are computed again after the change.' );
		$this->assertSame( 'elite', License::current()->type );
		// This site runs the Lite build: the licence is kept but unlocks nothing until Pro is installed.
		$this->assertFalse( $after->is_licensed() );

		$changed = array();
		add_action(
			'userfeedback_license_changed',
			static function ( License $license, bool $network ) use ( &$changed ): void {
				$changed[] = array( $license->key, $network );
			},
			10,
			2
		);
		$this->assertTrue( $this->ajax( LicenseAjax::ACTION_DEACTIVATE, array( 'license' => self::KEY ) )['success'] );
		$this->assertNotSame( $after, Plugin::instance()->entitlements() );
		$this->assertSame( array( array( '', false ) ), $changed );
	}

	public function test_verify_answers_the_stores_verdict_and_keeps_the_working_licence(): void {
		$this->as_user( 'administrator' );
		$this->start_store(
			array(
				self::KEY      => self::store_license(),
				'expired-key'  => self::store_license( array( 'status' => 'expired' ) ),
				'disabled-key' => self::store_license( array( 'status' => 'disabled' ) ),
				'revoked-key'  => self::store_license( array( 'status' => 'revoked' ) ),
				'invalid-key'  => self::store_license( array( 'status' => 'invalid' ) ),
				'full-key'     => self::store_license( array( 'limit' => 1 ) ),
				'addon-key'    => self::store_license( array( 'items' => array( 'UserFeedback Behavior' ) ) ),
			)
		);
		// full-key is activated on another site already.
		file_put_contents( $this->store_dir . '/activations.json', (string) wp_json_encode( array( 'full-key' => array( 'https://other.example.com' ) ) ) );
		$this->assertTrue( $this->ajax( LicenseAjax::ACTION_VERIFY, array( 'license' => self::KEY ) )['success'] );
		$working = get_option( License::OPTION );

		foreach ( array(
			'expired-key'  => 'This license key has expired.',
			'disabled-key' => 'This license key has been disabled.',
			'revoked-key'  => 'This license key has been disabled.',
			'invalid-key'  => 'This license key is invalid.',
			'unknown-key'  => 'This license key is invalid.',
			'full-key'     => 'This license key has reached its activation limit.',
			'addon-key'    => 'This license key is not for UserFeedback Pro.',
		) as $key => $message ) {
			$this->assertAjaxError( $message, $this->ajax( LicenseAjax::ACTION_VERIFY, array( 'license' => $key ) ) );
			$this->assertSame( $working, get_option( License::OPTION ), "$key must not replace the working licence." );

			$error = $this->service()->verify( $key, false );
			$this->assertWPErrorStatus( 400, $error );
		}
		$this->assertArrayNotHasKey( 'addon-key', $this->store_activations() );
	}

	public function test_an_empty_or_malformed_key_is_refused_without_asking_the_store(): void {
		$this->as_user( 'administrator' );
		$this->start_store( array( self::KEY => self::store_license() ) );

		$this->assertAjaxError( 'Please enter a license key.', $this->ajax( LicenseAjax::ACTION_VERIFY, array( 'license' => '   ' ) ) );
		$this->assertAjaxError( 'Please enter a license key.', $this->ajax( LicenseAjax::ACTION_VERIFY ) );
		$this->assertAjaxError( 'Please enter a license key.', $this->ajax( LicenseAjax::ACTION_VERIFY, array( 'license' => array( self::KEY ) ) ) );
		$this->assertAjaxError( 'This license key is invalid.', $this->ajax( LicenseAjax::ACTION_VERIFY, array( 'license' => str_repeat( 'a', 101 ) ) ) );
		$this->assertAjaxError( 'This license key is invalid.', $this->ajax( LicenseAjax::ACTION_VERIFY, array( 'license' => 'two words' ) ) );
		$this->assertWPErrorStatus( 400, $this->service()->verify( '', false ) );

		$this->assertSame( array(), $this->store_requests() );
		$this->assertFalse( get_option( License::OPTION ) );
	}

	public function test_a_store_that_is_down_unreachable_or_not_configured_answers_502_with_the_reason(): void {
		$this->as_user( 'administrator' );

		// Not configured: nothing leaves the site.
		$not_configured = 'No license store is configured for this site, so license keys cannot be checked. Define USERFEEDBACK_STORE_URL in wp-config.php.';
		$this->assertAjaxError( $not_configured, $this->ajax( LicenseAjax::ACTION_VERIFY, array( 'license' => self::KEY ) ) );
		$this->assertWPErrorStatus( 502, $this->service()->verify( self::KEY, false ) );

		// Down: 500 from the store.
		$this->start_store( array( self::KEY => self::store_license() ) );
		$this->store_down();
		$this->assertAjaxError( 'The license store answered with an error (HTTP 500). Please try again later.', $this->ajax( LicenseAjax::ACTION_VERIFY, array( 'license' => self::KEY ) ) );
		$this->assertWPErrorStatus( 502, $this->service()->verify( self::KEY, false ) );
		$this->stop_store();

		// Unreachable: nothing listens.
		$this->use_closed_port();
		$answer = $this->ajax( LicenseAjax::ACTION_VERIFY, array( 'license' => self::KEY ) );
		$this->assertFalse( $answer['success'] );
		$this->assertStringStartsWith( 'The license store could not be reached: cURL error 7', $answer['data']['message'] );
		$this->assertSame( $answer['data']['message'], $answer['data']['error'] );
		$this->assertWPErrorStatus( 502, $this->service()->verify( self::KEY, false ) );

		$this->assertFalse( get_option( License::OPTION ) );
	}

	public function test_deactivate_releases_the_activation_and_forgets_the_key(): void {
		$this->as_user( 'administrator' );
		$this->start_store( array( self::KEY => self::store_license() ) );
		$this->assertTrue( $this->ajax( LicenseAjax::ACTION_VERIFY, array( 'license' => self::KEY ) )['success'] );
		$this->assertSame( array( home_url() ), $this->store_activations()[ self::KEY ] );

		// Another key than the stored one is refused.
		$this->assertAjaxError( 'This is not the license key stored for this site.', $this->ajax( LicenseAjax::ACTION_DEACTIVATE, array( 'license' => 'other-key' ) ) );
		// The store is down: the key stays.
		$this->store_down();
		$this->assertAjaxError( 'The license store answered with an error (HTTP 500). Please try again later.', $this->ajax( LicenseAjax::ACTION_DEACTIVATE, array( 'license' => self::KEY ) ) );
		$this->assertWPErrorStatus( 502, $this->service()->deactivate( self::KEY, false ) );
		$this->assertSame( self::KEY, get_option( License::OPTION )['key'] );
		$this->store_down( false );

		$answer = $this->ajax( LicenseAjax::ACTION_DEACTIVATE, array( 'license' => self::KEY ) );
		$this->assertTrue( $answer['success'], (string) wp_json_encode( $answer ) );
		$this->assertSame( 'Your license key has been deactivated.', $answer['data']['message'] );
		$this->assertSame( '', $answer['data']['license']['key'] );
		$this->assertNull( $answer['data']['license']['type'] );
		$this->assertFalse( get_option( License::OPTION ) );
		$this->assertSame( array(), $this->store_activations()[ self::KEY ] );

		// Nothing stored any more.
		$this->assertAjaxError( 'There is no license key to deactivate.', $this->ajax( LicenseAjax::ACTION_DEACTIVATE, array( 'license' => self::KEY ) ) );
	}

	public function test_deactivate_forgets_a_key_the_store_no_longer_has_activated_here(): void {
		$this->as_user( 'administrator' );
		$this->start_store( array( self::KEY => self::store_license() ) );
		$this->assertTrue( $this->ajax( LicenseAjax::ACTION_VERIFY, array( 'license' => self::KEY ) )['success'] );
		// Deactivated from the customer's account meanwhile.
		file_put_contents( $this->store_dir . '/activations.json', '{}' );

		$answer = $this->ajax( LicenseAjax::ACTION_DEACTIVATE, array( 'license' => '' ) );
		$this->assertTrue( $answer['success'] );
		$this->assertSame( 'This site was no longer activated for this license key at the store. The license key has been removed from this site.', $answer['data']['message'] );
		$this->assertFalse( get_option( License::OPTION ) );
		$this->assertContains( 'deactivate_license ' . self::KEY . ' UserFeedback Pro', $this->store_requests() );
	}

	public function test_refresh_keeps_the_stores_verdict(): void {
		$this->as_user( 'administrator' );
		$this->start_store( array( self::KEY => self::store_license() ) );

		$this->assertAjaxError( 'There was an error refreshing your license: There is no license key to refresh.', $this->ajax( LicenseAjax::ACTION_VALIDATE ) );
		$this->assertTrue( $this->ajax( LicenseAjax::ACTION_VERIFY, array( 'license' => self::KEY ) )['success'] );

		$answer = $this->ajax( LicenseAjax::ACTION_VALIDATE );
		$this->assertTrue( $answer['success'] );
		$this->assertSame( 'Your license has been refreshed.', $answer['data']['message'] );
		$this->assertSame( array( false, false, false ), self::flags( $answer['data']['license'] ) );

		$cases = array(
			// status in the store => [ is_expired, is_disabled, is_invalid ], message.
			'expired'  => array( array( true, false, false ), 'Your license has been refreshed. This license key has expired.' ),
			'disabled' => array( array( false, true, false ), 'Your license has been refreshed. This license key has been disabled.' ),
			'revoked'  => array( array( false, true, false ), 'Your license has been refreshed. This license key has been disabled.' ),
			'invalid'  => array( array( false, false, true ), 'Your license has been refreshed. This license key is not valid for this site.' ),
			'valid'    => array( array( false, false, false ), 'Your license has been refreshed.' ),
		);
		foreach ( $cases as $status => [ $flags, $message ] ) {
			$this->put_licenses( array( self::KEY => self::store_license( array( 'status' => $status, 'price_id' => 3, 'expires' => '2028-02-03 04:05:06' ) ) ) );
			$answer = $this->ajax( LicenseAjax::ACTION_VALIDATE );
			$this->assertTrue( $answer['success'], $status );
			$this->assertSame( $message, $answer['data']['message'], $status );
			$this->assertSame( $flags, self::flags( $answer['data']['license'] ), $status );
			$this->assertSame( $flags, self::flags( get_option( License::OPTION ) ), $status );
			$this->assertSame( 'elite', get_option( License::OPTION )['type'], 'The type follows the price.' );
			$this->assertSame( '2028-02-03T04:05:06Z', get_option( License::OPTION )['expires'] );
		}

		// The store no longer has this site activated: site_inactive counts as invalid.
		file_put_contents( $this->store_dir . '/activations.json', '{}' );
		$this->assertSame( array( false, false, true ), self::flags( $this->ajax( LicenseAjax::ACTION_VALIDATE )['data']['license'] ) );
		$this->assertFalse( License::current()->is_valid() );

		// A key the store does not know any more.
		$this->put_licenses( array() );
		$this->assertSame( array( false, false, true ), self::flags( $this->ajax( LicenseAjax::ACTION_VALIDATE )['data']['license'] ) );
	}

	public function test_refresh_keeps_the_stored_flags_when_the_store_cannot_answer(): void {
		$this->as_user( 'administrator' );
		$this->start_store( array( self::KEY => self::store_license( array( 'status' => 'expired' ) ) ) );
		update_option( License::OPTION, ( new License( self::KEY, 'pro', false, true, false, '2027-01-01T23:59:59Z' ) )->to_array() );
		$stored = get_option( License::OPTION );

		$this->store_down();
		$this->assertAjaxError(
			'There was an error refreshing your license: The license store answered with an error (HTTP 500). Please try again later.',
			$this->ajax( LicenseAjax::ACTION_VALIDATE )
		);
		$this->assertWPErrorStatus( 502, $this->service()->validate( false ) );
		$this->assertSame( $stored, get_option( License::OPTION ) );

		$this->stop_store();
		$this->use_closed_port();
		$answer = $this->ajax( LicenseAjax::ACTION_VALIDATE );
		$this->assertStringStartsWith( 'There was an error refreshing your license: The license store could not be reached: cURL error 7', $answer['data']['message'] );
		$this->assertSame( $stored, get_option( License::OPTION ) );
	}

	public function test_the_network_licence_is_refused_on_a_single_site(): void {
		if ( is_multisite() ) {
			$this->markTestSkipped( 'Single site only; LicenseNetworkTest covers the network.' );
		}
		$this->as_user( 'administrator' );
		$this->start_store( array( self::KEY => self::store_license() ) );
		foreach ( array( LicenseAjax::ACTION_VERIFY, LicenseAjax::ACTION_DEACTIVATE, LicenseAjax::ACTION_VALIDATE ) as $action ) {
			$this->assertAjaxError(
				'Sorry, you are not allowed to manage the license of this network.',
				$this->ajax( $action, array( 'license' => self::KEY, 'network' => '1' ) )
			);
		}
		$this->assertSame( array(), $this->store_requests() );
		$this->assertNull( $this->service()->stored( true ) );
	}

	public function test_refusals_answer_json_errors_and_change_nothing(): void {
		$this->start_store( array( self::KEY => self::store_license() ) );
		$actions = array( LicenseAjax::ACTION_GET, LicenseAjax::ACTION_VERIFY, LicenseAjax::ACTION_DEACTIVATE, LicenseAjax::ACTION_VALIDATE, LicenseAjax::ACTION_CONNECT );

		$this->as_user( 'administrator' );
		foreach ( $actions as $action ) {
			$this->assertAjaxError(
				'Your session has expired. Please reload the page and try again.',
				$this->ajax( $action, array( 'license' => self::KEY, 'key' => self::KEY, 'nonce' => 'not-a-nonce' ) )
			);
		}
		foreach ( array( 'editor', 'subscriber' ) as $role ) {
			$this->as_user( $role );
			foreach ( $actions as $action ) {
				$this->assertAjaxError(
					'Sorry, you are not allowed to manage the license of this site.',
					$this->ajax( $action, array( 'license' => self::KEY, 'key' => self::KEY ) )
				);
			}
		}
		$this->assertSame( array(), $this->store_requests() );
		$this->assertFalse( get_option( License::OPTION ) );
	}

	/* ---- helpers ------------------------------------------------------------------------------ */

	private function service(): LicenseService {
		return new LicenseService( new StoreClient() );
	}

	private function assertWPErrorStatus( int $status, mixed $result ): void {
		$this->assertInstanceOf( \WP_Error::class, $result );
		$this->assertSame( $status, $result->get_error_data()['status'] ?? null, $result->get_error_message() );
	}

	/**
	 * @param array<string,mixed> $license A stored licence.
	 * @return bool[] is_expired, is_disabled, is_invalid.
	 */
	private static function flags( array $license ): array {
		return array( $license['is_expired'], $license['is_disabled'], $license['is_invalid'] );
	}
}
