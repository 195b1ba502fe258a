<?php
/**
 * First activation: a flag, then one redirect to the welcome screen for a settings manager.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

use UserFeedback\Admin\WelcomeRedirect;
use UserFeedback\Plugin;

final class WelcomeRedirectTest extends TestCase {

	private const REDIRECTED = 'userfeedback-test-redirected';

	protected function setUp(): void {
		parent::setUp();
		delete_transient( WelcomeRedirect::FLAG );
		// wp_redirect() would send a header and the handler exit: stop at the filter, with the target.
		add_filter(
			'wp_redirect',
			static function ( string $location ): string {
				throw new \RuntimeException( self::REDIRECTED . ' ' . $location );
			}
		);
	}

	/**
	 * Runs the admin_init handler as a screen load would.
	 *
	 * @return string|null Where it redirected, or null when it let the screen load.
	 */
	private function load_admin_screen(): ?string {
		try {
			( new WelcomeRedirect() )->maybe_redirect();
		} catch ( \RuntimeException $e ) {
			if ( ! str_starts_with( $e->getMessage(), self::REDIRECTED . ' ' ) ) {
				throw $e;
			}
			return substr( $e->getMessage(), strlen( self::REDIRECTED ) + 1 );
		}
		return null;
	}

	private function flagged(): bool {
		return (bool) get_transient( WelcomeRedirect::FLAG );
	}

	public function test_the_plugin_hooks_the_redirect_into_admin_init(): void {
		$hooked = array();
		foreach ( $GLOBALS['wp_filter']['admin_init']->callbacks as $callbacks ) {
			foreach ( $callbacks as $callback ) {
				if ( is_array( $callback['function'] ) && $callback['function'][0] instanceof WelcomeRedirect ) {
					$hooked[] = $callback['function'][1];
				}
			}
		}
		$this->assertSame( array( 'maybe_redirect' ), $hooked );
	}

	public function test_the_first_activation_raises_the_flag_and_a_later_one_does_not(): void {
		delete_option( 'userfeedback_installed_at' );
		Plugin::instance()->activate();
		$this->assertTrue( $this->flagged(), 'Never installed before: the welcome screen is due.' );
		$this->assertNotFalse( get_option( 'userfeedback_installed_at' ) );

		delete_transient( WelcomeRedirect::FLAG );
		Plugin::instance()->activate();
		$this->assertFalse( $this->flagged(), 'Reactivation of a site that had the plugin: no welcome screen.' );
	}

	public function test_a_settings_manager_is_redirected_once_and_the_flag_is_gone(): void {
		WelcomeRedirect::raise();
		$this->as_user( 'administrator' );
		$_GET['plugin'] = 'userfeedback/userfeedback.php';

		$this->assertSame( admin_url( 'admin.php?page=userfeedback_welcome' ), $this->load_admin_screen() );
		$this->assertFalse( $this->flagged() );
		$this->assertNull( $this->load_admin_screen(), 'Only once.' );
	}

	public function test_no_redirect_without_the_flag(): void {
		$this->as_user( 'administrator' );
		$this->assertNull( $this->load_admin_screen() );
	}

	public function test_ajax_and_cron_requests_are_not_redirected_and_keep_the_flag(): void {
		WelcomeRedirect::raise();
		$this->as_user( 'administrator' );

		add_filter( 'wp_doing_ajax', '__return_true' );
		$this->assertNull( $this->load_admin_screen() );
		remove_filter( 'wp_doing_ajax', '__return_true' );
		$this->assertTrue( $this->flagged() );

		add_filter( 'wp_doing_cron', '__return_true' );
		$this->assertNull( $this->load_admin_screen() );
		remove_filter( 'wp_doing_cron', '__return_true' );
		$this->assertTrue( $this->flagged() );

		$this->assertNotNull( $this->load_admin_screen(), 'The next screen load of the admin gets it.' );
	}

	public function test_users_without_the_settings_capability_are_not_redirected_and_the_flag_waits(): void {
		WelcomeRedirect::raise();
		$this->as_user( 'editor' );
		$this->assertNull( $this->load_admin_screen() );
		$this->assertTrue( $this->flagged() );

		$this->as_user( 'subscriber' );
		$this->assertNull( $this->load_admin_screen() );
		$this->assertTrue( $this->flagged() );
	}

	public function test_a_bulk_activation_does_not_redirect_and_drops_the_flag(): void {
		WelcomeRedirect::raise();
		$this->as_user( 'administrator' );
		$_GET['activate-multi'] = 'true';

		$this->assertNull( $this->load_admin_screen() );
		$this->assertFalse( $this->flagged() );
	}

	/**
	 * Runs in the network of the multisite run, where the plugin is network-active.
	 *
	 * @group multisite
	 */
	public function test_a_network_active_plugin_does_not_redirect_and_drops_the_flag(): void {
		$this->assertTrue( is_plugin_active_for_network( plugin_basename( USERFEEDBACK_FILE ) ) );
		WelcomeRedirect::raise();
		$this->as_user( 'administrator' );

		$this->assertNull( $this->load_admin_screen() );
		$this->assertFalse( $this->flagged() );
	}

	public function test_opening_the_welcome_screen_itself_uses_up_the_flag_without_a_redirect(): void {
		WelcomeRedirect::raise();
		$this->as_user( 'administrator' );
		$_GET['page'] = 'userfeedback_welcome';

		$this->assertNull( $this->load_admin_screen() );
		$this->assertFalse( $this->flagged() );
	}
}
