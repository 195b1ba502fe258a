<?php
/**
 * The one installer for plugins installed from the plugin's own screens: the admin-ajax actions that
 * report, install and activate the plugins of an allow-list, through WordPress's own plugin APIs
 * (plugins_api(), Plugin_Upgrader, activate_plugin()).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Admin;

use UserFeedback\Access\Capabilities;
use WP_Error;

defined( 'ABSPATH' ) || exit;

final class PluginInstaller {

	public const ACTION_GET_PLUGINS = 'userfeedback_get_plugins';
	public const ACTION_INSTALL     = 'userfeedback_install_plugin';
	public const ACTION_ACTIVATE    = 'userfeedback_activate_plugin';
	public const ACTION_DEACTIVATE  = 'userfeedback_deactivate_plugin';

	/**
	 * The allow-list: WordPress.org slug => name as shown, main file (basename) and group. Nothing else
	 * can be installed or activated through these actions. The analytics plugins come in order of
	 * preference (the builder offers the first when neither is installed). The 'partner' group is the
	 * cross-sale plugins of the About and Growth Tools pages (their main files as WordPress.org ships them).
	 */
	public const PLUGINS = array(
		'google-analytics-for-wordpress'    => array(
			'name'     => 'MonsterInsights',
			'basename' => 'google-analytics-for-wordpress/googleanalytics.php',
			'group'    => 'analytics',
		),
		'google-analytics-dashboard-for-wp' => array(
			'name'     => 'ExactMetrics',
			'basename' => 'google-analytics-dashboard-for-wp/gadwp.php',
			'group'    => 'analytics',
		),
		// The automation plugin of the Integrations settings tab (Admin\Integrations).
		'uncanny-automator'                 => array(
			'name'     => 'Uncanny Automator',
			'basename' => 'uncanny-automator/uncanny-automator.php',
			'group'    => 'automation',
		),
		'wpforms-lite'                      => array(
			'name'     => 'WPForms',
			'basename' => 'wpforms-lite/wpforms.php',
			'group'    => 'partner',
		),
		'optinmonster'                      => array(
			'name'     => 'OptinMonster',
			'basename' => 'optinmonster/optin-monster-wp-api.php',
			'group'    => 'partner',
		),
		'all-in-one-seo-pack'               => array(
			'name'     => 'All in One SEO',
			'basename' => 'all-in-one-seo-pack/all_in_one_seo_pack.php',
			'group'    => 'partner',
		),
		'coming-soon'                       => array(
			'name'     => 'SeedProd',
			'basename' => 'coming-soon/coming-soon.php',
			'group'    => 'partner',
		),
		'wp-mail-smtp'                      => array(
			'name'     => 'WP Mail SMTP',
			'basename' => 'wp-mail-smtp/wp_mail_smtp.php',
			'group'    => 'partner',
		),
		'instagram-feed'                    => array(
			'name'     => 'Smash Balloon Instagram Feed',
			'basename' => 'instagram-feed/instagram-feed.php',
			'group'    => 'partner',
		),
		'pushengage'                        => array(
			'name'     => 'PushEngage',
			'basename' => 'pushengage/main.php',
			'group'    => 'partner',
		),
		'trustpulse-api'                    => array(
			'name'     => 'TrustPulse',
			'basename' => 'trustpulse-api/trustpulse.php',
			'group'    => 'partner',
		),
		'duplicator'                        => array(
			'name'     => 'Duplicator',
			'basename' => 'duplicator/duplicator.php',
			'group'    => 'partner',
		),
		'stripe'                            => array(
			'name'     => 'WP Simple Pay',
			'basename' => 'stripe/stripe-checkout.php',
			'group'    => 'partner',
		),
		'easy-digital-downloads'            => array(
			'name'     => 'Easy Digital Downloads',
			'basename' => 'easy-digital-downloads/easy-digital-downloads.php',
			'group'    => 'partner',
		),
	);

	public function register(): void {
		add_action( 'wp_ajax_' . self::ACTION_GET_PLUGINS, array( $this, 'ajax_get_plugins' ) );
		add_action( 'wp_ajax_' . self::ACTION_INSTALL, array( $this, 'ajax_install' ) );
		add_action( 'wp_ajax_' . self::ACTION_ACTIVATE, array( $this, 'ajax_activate' ) );
		add_action( 'wp_ajax_' . self::ACTION_DEACTIVATE, array( $this, 'ajax_deactivate' ) );
	}

	/**
	 * Answers { plugins: [ { slug, name, basename, group, installed, active } ] in allow-list order,
	 * can_install, can_activate }.
	 */
	public function ajax_get_plugins(): void {
		self::guard( AjaxGuard::AJAX_NONCE );
		$plugins = array();
		foreach ( array_keys( self::PLUGINS ) as $slug ) {
			$plugins[] = $this->describe( $slug );
		}
		wp_send_json_success(
			array(
				'plugins'      => $plugins,
				// So that the screens offer only what this user may do.
				'can_install'  => current_user_can( 'install_plugins' ),
				'can_activate' => current_user_can( 'activate_plugins' ),
			)
		);
	}

	/**
	 * Form fields: slug (from the allow-list), activate (1 to activate after installing), nonce (the
	 * install nonce). Answers { message, plugin }; a plugin already installed is not downloaded again.
	 */
	public function ajax_install(): void {
		// Read before the guard only to know which capabilities to ask for.
		$activate = rest_sanitize_boolean( self::field( 'activate' ) );
		self::guard( AjaxGuard::INSTALL_NONCE, $activate ? array( 'install_plugins', 'activate_plugins' ) : array( 'install_plugins' ) );

		$slug = sanitize_key( self::field( 'slug' ) );
		if ( ! isset( self::PLUGINS[ $slug ] ) ) {
			wp_send_json_error( array( 'message' => __( 'This plugin cannot be installed from here.', 'userfeedback' ) ), 400 );
		}
		$name = self::PLUGINS[ $slug ]['name'];

		$installed = $this->install( $slug );
		if ( is_wp_error( $installed ) ) {
			$this->fail(
				/* translators: %s: plugin name. */
				sprintf( __( 'There was an error installing %s', 'userfeedback' ), $name ),
				$installed,
				$slug
			);
		}
		if ( $activate ) {
			$this->activate_or_fail( $slug );
		}
		wp_send_json_success(
			array(
				'message' => $activate
					/* translators: %s: plugin name. */
					? sprintf( __( '%s has been activated!', 'userfeedback' ), $name )
					/* translators: %s: plugin name. */
					: sprintf( __( '%s has been installed successfully!', 'userfeedback' ), $name ),
				'plugin'  => $this->describe( $slug ),
			)
		);
	}

	/**
	 * Form fields: basename (from the allow-list), nonce (the install nonce). Answers { message, plugin }.
	 */
	public function ajax_activate(): void {
		self::guard( AjaxGuard::INSTALL_NONCE, array( 'activate_plugins' ) );

		$basename = self::field( 'basename' );
		$slug     = self::slug_for_basename( $basename );
		if ( null === $slug ) {
			wp_send_json_error( array( 'message' => __( 'This plugin cannot be activated from here.', 'userfeedback' ) ), 400 );
		}
		$name = self::PLUGINS[ $slug ]['name'];
		$this->activate_or_fail( $slug );
		wp_send_json_success(
			array(
				/* translators: %s: plugin name. */
				'message' => sprintf( __( '%s has been activated!', 'userfeedback' ), $name ),
				'plugin'  => $this->describe( $slug ),
			)
		);
	}

	/**
	 * Form fields: basename (from the allow-list), nonce (the install nonce). Answers { message, plugin };
	 * a plugin that is not active (or not installed) is left as it is.
	 */
	public function ajax_deactivate(): void {
		self::guard( AjaxGuard::INSTALL_NONCE, array( 'activate_plugins' ) );

		$slug = self::slug_for_basename( self::field( 'basename' ) );
		if ( null === $slug ) {
			wp_send_json_error( array( 'message' => __( 'This plugin cannot be deactivated from here.', 'userfeedback' ) ), 400 );
		}
		self::load_admin_api();
		$basename = self::PLUGINS[ $slug ]['basename'];
		if ( is_multisite() && is_plugin_active_for_network( $basename ) ) {
			// deactivate_plugins() would switch it off for the whole network: that is the network admin's call.
			wp_send_json_error( array( 'message' => __( 'This plugin is active for the whole network; only the network admin can deactivate it.', 'userfeedback' ) ), 400 );
		}
		if ( is_plugin_active( $basename ) ) {
			self::quietly( static fn() => deactivate_plugins( $basename, false, false ) );
		}
		wp_send_json_success(
			array(
				/* translators: %s: plugin name. */
				'message' => sprintf( __( '%s has been deactivated.', 'userfeedback' ), self::PLUGINS[ $slug ]['name'] ),
				'plugin'  => $this->describe( $slug ),
			)
		);
	}

	/**
	 * Installs an allow-listed plugin from WordPress.org, unless it is installed already.
	 *
	 * @return true|WP_Error
	 */
	public function install( string $slug ): bool|WP_Error {
		if ( $this->is_installed( self::PLUGINS[ $slug ]['basename'] ) ) {
			return true;
		}
		self::load_admin_api();
		$info = self::quietly(
			static fn() => plugins_api(
				'plugin_information',
				array(
					'slug'   => $slug,
					'fields' => array( 'sections' => false ),
				)
			)
		);
		if ( is_wp_error( $info ) ) {
			return $info;
		}
		if ( ! is_object( $info ) || empty( $info->download_link ) || ! is_string( $info->download_link ) ) {
			return new WP_Error( 'userfeedback_no_download_link', __( 'WordPress.org did not answer with a download link.', 'userfeedback' ) );
		}
		return $this->install_package( $info->download_link );
	}

	/**
	 * Installs a plugin from a zip's URL with Plugin_Upgrader and a silent skin. Generic: addons use it
	 * with the URL their store hands out.
	 *
	 * @return true|WP_Error
	 */
	public function install_package( string $package ): bool|WP_Error {
		self::load_admin_api();
		$skin     = new \WP_Ajax_Upgrader_Skin();
		$upgrader = new \Plugin_Upgrader( $skin );
		$result   = self::quietly( static fn() => $upgrader->install( $package ) );

		if ( is_wp_error( $result ) ) {
			return $result;
		}
		if ( is_wp_error( $skin->result ) ) {
			return $skin->result;
		}
		if ( $skin->get_errors()->has_errors() ) {
			return new WP_Error( 'userfeedback_install_failed', $skin->get_error_messages() );
		}
		if ( true !== $result ) {
			// null or false: WP_Filesystem could not connect (no direct access, no credentials).
			global $wp_filesystem;
			if ( $wp_filesystem instanceof \WP_Filesystem_Base && $wp_filesystem->errors instanceof WP_Error && $wp_filesystem->errors->has_errors() ) {
				return $wp_filesystem->errors;
			}
			return new WP_Error( 'userfeedback_filesystem', __( 'Unable to connect to the filesystem. Please confirm your credentials.', 'userfeedback' ) );
		}
		return true;
	}

	/**
	 * Activates an allow-listed plugin on the current site (nothing to do when it is active).
	 *
	 * @return true|WP_Error
	 */
	public function activate( string $slug ): bool|WP_Error {
		self::load_admin_api();
		$basename = self::PLUGINS[ $slug ]['basename'];
		$result   = self::quietly( static fn() => activate_plugin( $basename ) );
		if ( is_wp_error( $result ) ) {
			return $result;
		}
		return true;
	}

	/**
	 * @return array{slug:string,name:string,basename:string,group:string,installed:bool,active:bool}
	 */
	public function describe( string $slug ): array {
		self::load_admin_api();
		$plugin   = self::PLUGINS[ $slug ];
		$basename = $plugin['basename'];
		return array(
			'slug'      => $slug,
			'name'      => $plugin['name'],
			'basename'  => $basename,
			'group'     => $plugin['group'],
			'installed' => $this->is_installed( $basename ),
			'active'    => is_plugin_active( $basename ),
		);
	}

	public static function slug_for_basename( string $basename ): ?string {
		foreach ( self::PLUGINS as $slug => $plugin ) {
			if ( $plugin['basename'] === $basename ) {
				return $slug;
			}
		}
		return null;
	}

	/**
	 * A form field as a plain string ('' when missing or not a string, e.g. slug[]=...).
	 */
	private static function field( string $name ): string {
		// An array (slug[] in the form) gives '', as a missing field does.
		return isset( $_POST[ $name ] ) ? sanitize_text_field( wp_unslash( $_POST[ $name ] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification.Missing -- the handlers' guard() checks it; before it, only to choose the capabilities.
	}

	private function is_installed( string $basename ): bool {
		self::load_admin_api();
		return array_key_exists( $basename, get_plugins() );
	}

	/**
	 * The guard of every handler (AjaxGuard): the nonce, WordPress's plugin capabilities, and one of
	 * ours (the builder's users and the settings' managers are the ones who install from our screens).
	 *
	 * @param string   $nonce_action AjaxGuard::AJAX_NONCE or AjaxGuard::INSTALL_NONCE.
	 * @param string[] $wp_caps      WordPress capabilities needed besides ours.
	 */
	private static function guard( string $nonce_action, array $wp_caps = array() ): void {
		AjaxGuard::check(
			$nonce_action,
			static function () use ( $wp_caps ): bool {
				$allowed = current_user_can( Capabilities::MANAGE_SETTINGS ) || current_user_can( Capabilities::CREATE_EDIT_SURVEYS );
				foreach ( $wp_caps as $cap ) {
					$allowed = $allowed && current_user_can( $cap );
				}
				return $allowed;
			},
			__( 'Sorry, you are not allowed to manage plugins on this site.', 'userfeedback' )
		);
	}

	/**
	 * Activates a plugin of the allow-list, or answers the spec's activation error and stops.
	 */
	private function activate_or_fail( string $slug ): void {
		$activated = $this->activate( $slug );
		if ( is_wp_error( $activated ) ) {
			$this->fail(
				/* translators: %s: plugin name. */
				sprintf( __( 'There was an error activating %s', 'userfeedback' ), self::PLUGINS[ $slug ]['name'] ),
				$activated,
				$slug
			);
		}
	}

	/**
	 * Answers a failed step: the message the spec's catalogue words, WordPress's own reason as detail,
	 * and the plugin's state as it is now.
	 */
	private function fail( string $message, WP_Error $error, string $slug ): never {
		$detail = $error->get_error_message();
		$data   = $error->get_error_data();
		if ( is_string( $data ) && '' !== $data ) {
			// Core keeps the cause there (the HTTP error behind plugins_api_failed and download_failed).
			$detail .= ' ' . $data;
		}
		wp_send_json_error(
			array(
				'message' => $message,
				'code'    => $error->get_error_code(),
				'detail'  => trim( wp_strip_all_tags( $detail ) ),
				'plugin'  => $this->describe( $slug ),
			),
			500
		);
	}

	/**
	 * Runs a call into WordPress's installer with nothing reaching the JSON answer: output is dropped,
	 * and the notices core raises itself (plugins_api() and the update checks warn with
	 * wp_trigger_error() when WordPress.org cannot be reached) are left out, since the answer already
	 * reports the failure. Other errors go to the handler that was there before.
	 *
	 * @template T
	 * @param callable():T $call The call.
	 * @return T
	 */
	private static function quietly( callable $call ): mixed {
		$previous = null;
		// phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_set_error_handler -- not debugging: drops the warnings core's upgrader raises for a failure the answer reports anyway, for this call only (restored below).
		$previous = set_error_handler(
			static function ( int $errno, string $errstr, string $errfile = '', int $errline = 0 ) use ( &$previous ): bool {
				if ( E_USER_WARNING === $errno || E_USER_NOTICE === $errno ) {
					return true;
				}
				return is_callable( $previous ) ? (bool) $previous( $errno, $errstr, $errfile, $errline ) : false;
			}
		);
		$level = ob_get_level();
		ob_start();
		try {
			return $call();
		} finally {
			// Also the buffers a failed call left open.
			while ( ob_get_level() > $level ) {
				ob_end_clean();
			}
			restore_error_handler();
		}
	}

	/**
	 * WordPress's plugin and upgrader APIs are loaded on admin screens only.
	 */
	private static function load_admin_api(): void {
		require_once ABSPATH . 'wp-admin/includes/file.php';
		require_once ABSPATH . 'wp-admin/includes/misc.php';
		require_once ABSPATH . 'wp-admin/includes/plugin.php';
		require_once ABSPATH . 'wp-admin/includes/plugin-install.php';
		require_once ABSPATH . 'wp-admin/includes/class-wp-upgrader.php';
	}
}
