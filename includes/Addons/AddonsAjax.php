<?php
/**
 * The Addons screen's admin-ajax actions: list the addons, install one from the package URL the store
 * handed out, activate and deactivate one, through WordPress's own plugin APIs (Plugin_Upgrader by way
 * of PluginInstaller::install_package(), activate_plugin(), deactivate_plugins()).
 *
 * Shapes: admin-app/src/shared/types/admin.ts (AddonsList, AddonActionResult).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Addons;

use UserFeedback\Access\Capabilities;
use UserFeedback\Admin\AjaxGuard;
use UserFeedback\Admin\PluginInstaller;
use WP_Error;

defined( 'ABSPATH' ) || exit;

final class AddonsAjax {

	public const ACTION_LIST       = 'userfeedback_get_addons';
	public const ACTION_INSTALL    = 'userfeedback_install_addon';
	public const ACTION_ACTIVATE   = 'userfeedback_activate_addon';
	public const ACTION_DEACTIVATE = 'userfeedback_deactivate_addon';

	/** What the screen is given instead of a package URL (answered()). */
	private const PACKAGE_REF = 'addon:';

	public function __construct(
		private readonly AddonCatalog $catalog,
		private readonly PluginInstaller $installer,
	) {}

	public function register(): void {
		add_action( 'wp_ajax_' . self::ACTION_LIST, array( $this, 'ajax_list' ) );
		add_action( 'wp_ajax_' . self::ACTION_INSTALL, array( $this, 'ajax_install' ) );
		add_action( 'wp_ajax_' . self::ACTION_ACTIVATE, array( $this, 'ajax_activate' ) );
		add_action( 'wp_ajax_' . self::ACTION_DEACTIVATE, array( $this, 'ajax_deactivate' ) );
	}

	/**
	 * Form fields: nonce (the ajax nonce). Answers AddonsList.
	 */
	public function ajax_list(): void {
		self::guard( AjaxGuard::AJAX_NONCE );
		$list = $this->catalog->all();
		wp_send_json_success(
			array(
				'addons'       => array_map( array( self::class, 'answered' ), $list['addons'] ),
				'can_install'  => current_user_can( 'install_plugins' ),
				'can_activate' => current_user_can( 'activate_plugins' ),
				'store_error'  => $list['store_error'],
			)
		);
	}

	/**
	 * An addon as the screen receives it: the store's package URL carries the licence key, which never
	 * leaves the server (issue 16), so the screen is given a reference to it ('addon:{slug}'), which
	 * ajax_install() turns back into the URL.
	 *
	 * @param array<string,mixed> $addon AddonCatalog::describe().
	 * @return array<string,mixed>
	 */
	private static function answered( array $addon ): array {
		if ( '' !== (string) $addon['url'] ) {
			$addon['url'] = self::PACKAGE_REF . $addon['slug'];
		}
		return $addon;
	}

	/**
	 * The package URL a reference of answered() stands for ('' for anything else).
	 */
	private function package_url( string $ref ): string {
		if ( ! str_starts_with( $ref, self::PACKAGE_REF ) ) {
			return '';
		}
		$url = $this->catalog->package_urls()['urls'][ substr( $ref, strlen( self::PACKAGE_REF ) ) ] ?? '';
		return is_string( $url ) ? $url : '';
	}

	/**
	 * Form fields: plugin (the reference to the package from the list), nonce (the install nonce).
	 * Answers { message, addon }. An addon already installed is not downloaded again.
	 */
	public function ajax_install(): void {
		self::guard( AjaxGuard::INSTALL_NONCE, 'install_plugins' );

		$url  = $this->package_url( self::field( 'plugin' ) );
		$slug = $this->catalog->slug_for_url( $url );
		if ( null === $slug ) {
			wp_send_json_error( array( 'message' => __( 'This addon cannot be installed from here.', 'userfeedback' ) ), 400 );
		}
		$addon = $this->catalog->describe( $slug );
		if ( ! $addon['installed'] ) {
			$installed = $this->installer->install_package( $url );
			wp_clean_plugins_cache( false );
			if ( is_wp_error( $installed ) ) {
				$this->fail( __( 'There was an error installing the addon', 'userfeedback' ), $installed, $slug );
			}
			$addon = $this->catalog->describe( $slug );
			if ( ! $addon['installed'] ) {
				// The package unpacked into another folder than the addon's own.
				$this->fail( __( 'There was an error installing the addon', 'userfeedback' ), new WP_Error( 'userfeedback_addon_folder', __( 'The package does not contain the addon.', 'userfeedback' ) ), $slug );
			}
		}
		wp_send_json_success(
			array(
				/* translators: %s: addon title. */
				'message' => sprintf( __( 'UserFeedback %s has been installed.', 'userfeedback' ), $addon['title'] ),
				'addon'   => self::answered( $addon ),
			)
		);
	}

	/**
	 * Form fields: plugin (an addon's basename), nonce (the install nonce). Answers { message, addon }.
	 */
	public function ajax_activate(): void {
		self::guard( AjaxGuard::INSTALL_NONCE, 'activate_plugins' );

		$slug = $this->addon_from_basename();
		self::load_plugin_api();
		$result = self::quietly( static fn() => activate_plugin( AddonCatalog::basename( $slug ) ) );
		if ( is_wp_error( $result ) ) {
			$this->fail( __( 'There was an error activating the addon', 'userfeedback' ), $result, $slug );
		}
		$addon = $this->catalog->describe( $slug );
		wp_send_json_success(
			array(
				/* translators: %s: addon title. */
				'message' => sprintf( __( 'UserFeedback %s has been activated.', 'userfeedback' ), $addon['title'] ),
				'addon'   => self::answered( $addon ),
			)
		);
	}

	/**
	 * Form fields: plugin (an addon's basename), nonce (the install nonce). Answers { message, addon }.
	 */
	public function ajax_deactivate(): void {
		self::guard( AjaxGuard::INSTALL_NONCE, 'activate_plugins' );

		$slug     = $this->addon_from_basename();
		$basename = AddonCatalog::basename( $slug );
		self::load_plugin_api();
		if ( ! array_key_exists( $basename, get_plugins() ) ) {
			$this->fail( __( 'There was an error deactivating the addon', 'userfeedback' ), new WP_Error( 'plugin_not_found', __( 'The addon is not installed.', 'userfeedback' ) ), $slug );
		}
		self::quietly( static fn() => deactivate_plugins( $basename ) );
		$addon = $this->catalog->describe( $slug );
		if ( $addon['active'] ) {
			// Network-active: only the network admin can deactivate it.
			$this->fail( __( 'There was an error deactivating the addon', 'userfeedback' ), new WP_Error( 'userfeedback_addon_still_active', __( 'The addon is still active; it may be network-activated.', 'userfeedback' ) ), $slug );
		}
		wp_send_json_success(
			array(
				/* translators: %s: addon title. */
				'message' => sprintf( __( 'UserFeedback %s has been deactivated.', 'userfeedback' ), $addon['title'] ),
				'addon'   => self::answered( $addon ),
			)
		);
	}

	/**
	 * The addon named by the form field "plugin" (a basename of the catalogue), or a 400 answer.
	 */
	private function addon_from_basename(): string {
		$slug = AddonCatalog::slug_for_basename( self::field( 'plugin' ) );
		if ( null === $slug ) {
			wp_send_json_error( array( 'message' => __( 'This addon cannot be managed from here.', 'userfeedback' ) ), 400 );
		}
		return $slug;
	}

	/**
	 * The guard of every handler (AjaxGuard): the nonce, the settings capability and, for the actions
	 * that change plugins, WordPress's own plugin capability.
	 *
	 * @param string      $nonce_action AjaxGuard::AJAX_NONCE or AjaxGuard::INSTALL_NONCE.
	 * @param string|null $wp_cap       WordPress capability needed besides ours.
	 */
	private static function guard( string $nonce_action, ?string $wp_cap = null ): void {
		AjaxGuard::check(
			$nonce_action,
			array_filter( array( Capabilities::MANAGE_SETTINGS, $wp_cap ) ),
			__( 'Sorry, you are not allowed to manage addons on this site.', 'userfeedback' )
		);
	}

	/**
	 * Answers a failed step: the catalogue's message, WordPress's reason as detail, and the addon's
	 * state as it is now.
	 */
	private function fail( string $message, WP_Error $error, string $slug ): never {
		$detail = $error->get_error_message();
		$data   = $error->get_error_data();
		if ( is_string( $data ) && '' !== $data ) {
			$detail .= ' ' . $data;
		}
		wp_send_json_error(
			array(
				'message' => $message,
				'code'    => (string) $error->get_error_code(),
				'detail'  => trim( wp_strip_all_tags( $detail ) ),
				'addon'   => $this->catalog->describe( $slug ),
			),
			500
		);
	}

	/**
	 * A form field as a plain string ('' when missing or not a string).
	 */
	private static function field( string $name ): string {
		// sanitize_text_field() answers '' for an array (plugin[]=...) and trims; the value is then looked up in the catalog.
		return isset( $_POST[ $name ] ) ? sanitize_text_field( wp_unslash( $_POST[ $name ] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification.Missing -- every handler's guard() checks it first.
	}

	/**
	 * Runs activate_plugin()/deactivate_plugins() with the output a plugin prints while activating kept
	 * out of the JSON answer.
	 *
	 * @template T
	 * @param callable():T $call The call.
	 * @return T
	 */
	private static function quietly( callable $call ): mixed {
		$level = ob_get_level();
		ob_start();
		try {
			return $call();
		} finally {
			while ( ob_get_level() > $level ) {
				ob_end_clean();
			}
		}
	}

	private static function load_plugin_api(): void {
		if ( ! function_exists( 'activate_plugin' ) ) {
			require_once ABSPATH . 'wp-admin/includes/plugin.php';
		}
	}
}
