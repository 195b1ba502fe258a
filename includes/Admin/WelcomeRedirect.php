<?php
/**
 * First activation: the next admin screen a settings manager opens is the welcome screen (setup wizard), once.
 *
 * Activation only raises a flag (Plugin::activate_site(), when the plugin was never installed on the
 * site); the redirect happens on the following admin page load, which is the Plugins screen core sends
 * the admin back to. Network-wide and bulk activations do not redirect, nor do ajax, REST, cron and CLI.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Admin;

use UserFeedback\Access\Capabilities;

defined( 'ABSPATH' ) || exit;

final class WelcomeRedirect {

	/** Transient raised by the first activation and removed by the redirect. */
	public const FLAG = 'userfeedback_welcome_redirect';

	/** How long the flag waits for an admin page load (activation from WP-CLI, say, is not followed by one). */
	private const TTL = HOUR_IN_SECONDS;

	public function register(): void {
		add_action( 'admin_init', array( $this, 'maybe_redirect' ) );
	}

	/** Called by the first activation of the plugin on a site. */
	public static function raise(): void {
		set_transient( self::FLAG, 1, self::TTL );
	}

	/** The welcome screen's URL. */
	public static function url(): string {
		return admin_url( 'admin.php?page=' . AdminPages::slug( 'welcome' ) );
	}

	public function maybe_redirect(): void {
		if ( ! get_transient( self::FLAG ) ) {
			return;
		}
		// Not a screen load: keep the flag for the next one.
		if ( wp_doing_ajax() || wp_doing_cron() || ( defined( 'REST_REQUEST' ) && REST_REQUEST ) || ( defined( 'WP_CLI' ) && WP_CLI ) ) {
			return;
		}
		// Several plugins at once, or a whole network: no one is waiting for this plugin's screen.
		if ( is_network_admin() || isset( $_GET['activate-multi'] ) || $this->network_active() ) { // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- core's flag on the screen after a bulk activation, no action taken on it.
			delete_transient( self::FLAG );
			return;
		}
		// Someone else's page load (an editor): leave it for an admin who may run the wizard.
		if ( ! current_user_can( Capabilities::MANAGE_SETTINGS ) ) {
			return;
		}
		delete_transient( self::FLAG );
		$page = isset( $_GET['page'] ) ? sanitize_text_field( wp_unslash( $_GET['page'] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- the screen's name, only compared.
		if ( AdminPages::slug( 'welcome' ) === $page ) {
			return;
		}
		wp_safe_redirect( self::url() );
		exit;
	}

	private function network_active(): bool {
		if ( ! is_multisite() ) {
			return false;
		}
		if ( ! function_exists( 'is_plugin_active_for_network' ) ) {
			require_once ABSPATH . 'wp-admin/includes/plugin.php';
		}
		return is_plugin_active_for_network( plugin_basename( USERFEEDBACK_FILE ) );
	}
}
