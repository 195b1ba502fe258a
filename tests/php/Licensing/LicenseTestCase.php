<?php
/**
 * Base of the licence tests: the loopback licence store (StoreFixture) that the plugin reaches
 * through the userfeedback_store_url filter over real HTTP, and admin-ajax requests (AjaxCalls) that
 * carry the page's ajax nonce unless the fields give one. The HTTP status of an ajax answer can only
 * be read in a test that runs in a separate process; elsewhere the status is checked on the service's
 * WP_Error.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Licensing;

use UserFeedback\Admin\AjaxGuard;
use UserFeedback\Licensing\License;
use UserFeedback\Tests\AjaxCalls;
use UserFeedback\Tests\StoreFixture;
use UserFeedback\Tests\TestCase;

abstract class LicenseTestCase extends TestCase {

	use AjaxCalls;
	use StoreFixture;

	protected function setUp(): void {
		parent::setUp();
		$this->set_up_store();
		// Nothing left from the site's own state: no licence stored.
		delete_option( License::OPTION );
		if ( is_multisite() ) {
			delete_site_option( License::OPTION );
		}
	}

	protected function tearDown(): void {
		$this->tear_down_store();
		parent::tearDown();
	}

	/**
	 * @return array<string,mixed> The page's ajax nonce.
	 */
	protected function ajax_defaults(): array {
		return array( 'nonce' => wp_create_nonce( AjaxGuard::AJAX_NONCE ) );
	}

	/**
	 * A licence of the store's: valid, price id 2 (pro), expiring 2027-01-01 23:59:59.
	 *
	 * @param array<string,mixed> $overrides Fields to change.
	 * @return array<string,mixed>
	 */
	protected static function store_license( array $overrides = array() ): array {
		return $overrides + array(
			'status'   => 'valid',
			'price_id' => 2,
			'expires'  => '2027-01-01 23:59:59',
		);
	}

	/**
	 * An ajax answer that failed, with the message in both message and error.
	 *
	 * @param array<string,mixed> $answer The JSON.
	 */
	protected function assertAjaxError( string $message, array $answer ): void {
		$this->assertFalse( $answer['success'], (string) wp_json_encode( $answer ) );
		$this->assertSame( $message, $answer['data']['message'] ?? null, (string) wp_json_encode( $answer ) );
		$this->assertSame( $message, $answer['data']['error'] ?? null );
	}
}
