<?php
/**
 * Lite → Pro: activates a key with the store, keeps it as the site's licence, asks the store for the
 * Pro package and installs it over this plugin's folder with WordPress's Plugin_Upgrader.
 *
 * Overwriting the running plugin is only safe on a real install. A development copy must never be
 * replaced, so nothing is downloaded (nor the key activated) unless the plugin's folder
 *   - is a real folder, not a symlink (the dev and test sites symlink the repository),
 *   - holds no .git (a checkout),
 *   - is the folder WordPress installs the package to: WP_PLUGIN_DIR/<its name>, the same real path;
 * and the package is unpacked into the plugin folder only when its own folder has the same name
 * (checked on upgrader_source_selection, before the destination is cleared).
 *
 * The folder checked and replaced is the plugin's folder in WP_PLUGIN_DIR, or what the filter
 * `userfeedback_connect_target_dir` makes of it: an extension point for hosts that install the plugin
 * elsewhere, and the way the tests aim the upgrade at a throw-away plugin folder.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Licensing;

use WP_Error;

defined( 'ABSPATH' ) || exit;

final class LicenseConnect {

	/**
	 * @param LicenseService $licenses     Verifies and keeps the key.
	 * @param \Closure       $entitlements Answers the Entitlements in force.
	 */
	public function __construct(
		private readonly LicenseService $licenses,
		private readonly \Closure $entitlements,
	) {}

	/**
	 * @return array{success:bool,status:int,data:array<string,mixed>} What the connect action answers.
	 */
	public function connect( #[\SensitiveParameter] string $key ): array {
		/** @var Entitlements $entitlements */
		$entitlements = ( $this->entitlements )();
		if ( $entitlements->is_pro() ) {
			return self::error( __( 'UserFeedback Pro is already installed.', 'userfeedback' ), 400 );
		}
		if ( '' === trim( $key ) ) {
			return self::error( __( 'Please enter a license key.', 'userfeedback' ), 400 );
		}

		$target = self::target_dir();
		$unsafe = self::unsafe_target( $target );
		if ( null !== $unsafe ) {
			return self::unlock_error( $unsafe, 409 );
		}

		$license = $this->licenses->verify( $key, false );
		if ( is_wp_error( $license ) ) {
			return self::unlock_error( $license->get_error_message(), self::status_of( $license ) );
		}

		$version = $this->licenses->store()->get_version( $license->key, StoreClient::ITEM_NAME );
		if ( is_wp_error( $version ) ) {
			return self::unlock_error( $version->get_error_message(), 502 );
		}
		$package = StoreClient::package_url( $version );
		if ( '' === $package ) {
			return self::unlock_error( __( 'The license store did not offer the UserFeedback Pro download for this license key.', 'userfeedback' ), 400 );
		}

		$installed = $this->install_over( $package, $target );
		if ( is_wp_error( $installed ) ) {
			// The folder may have been cleared before the failure: a reload shows the site as it is now.
			return self::unlock_error( self::detail( $installed ), 500, ! is_dir( $target ) );
		}
		return array(
			'success' => true,
			'status'  => 200,
			'data'    => array(
				'url'     => admin_url( 'admin.php?page=userfeedback_settings#/general' ),
				'reload'  => true,
				'message' => __( 'UserFeedback Pro has been installed. Welcome to Pro!', 'userfeedback' ),
			),
		);
	}

	/**
	 * The plugin folder the Pro package replaces.
	 */
	public static function target_dir(): string {
		/**
		 * The plugin folder that connecting a key replaces with the Pro package. It must be a real folder
		 * directly in WP_PLUGIN_DIR, without .git, named as the package's folder.
		 *
		 * @param string $dir Default: the plugin's folder as WordPress knows it (WP_PLUGIN_DIR and the
		 *                    folder of plugin_basename( USERFEEDBACK_FILE ), symlinks not resolved).
		 */
		$default = untrailingslashit( WP_PLUGIN_DIR ) . '/' . dirname( plugin_basename( USERFEEDBACK_FILE ) );
		return untrailingslashit( (string) apply_filters( 'userfeedback_connect_target_dir', $default ) );
	}

	/**
	 * Why the folder must not be replaced, or null when it may be.
	 */
	public static function unsafe_target( string $target ): ?string {
		$installed = untrailingslashit( WP_PLUGIN_DIR ) . '/' . basename( $target );
		if ( '' === $target || ! is_dir( $target ) ) {
			return __( 'The plugin folder was not found.', 'userfeedback' );
		}
		if ( is_link( $target ) || is_link( $installed ) ) {
			return __( 'The plugin folder is a symbolic link (a development copy), so it is not replaced.', 'userfeedback' );
		}
		if ( file_exists( $target . '/.git' ) || file_exists( $installed . '/.git' ) || file_exists( realpath( $target ) . '/.git' ) ) {
			return __( 'The plugin folder is a Git checkout (a development copy), so it is not replaced.', 'userfeedback' );
		}
		if ( realpath( $target ) !== realpath( $installed ) ) {
			return __( 'The plugin is not installed in the plugins folder, so the Pro package cannot be installed over it.', 'userfeedback' );
		}
		return null;
	}

	/**
	 * Installs the package over the target folder with Plugin_Upgrader and a silent skin.
	 */
	private function install_over( string $package, string $target ): bool|WP_Error {
		require_once ABSPATH . 'wp-admin/includes/file.php';
		require_once ABSPATH . 'wp-admin/includes/misc.php';
		require_once ABSPATH . 'wp-admin/includes/plugin.php';
		require_once ABSPATH . 'wp-admin/includes/class-wp-upgrader.php';

		$check = static function ( $source ) use ( $target ) {
			if ( is_wp_error( $source ) ) {
				return $source;
			}
			$folder = basename( untrailingslashit( (string) $source ) );
			if ( basename( $target ) !== $folder ) {
				return new WP_Error(
					'userfeedback_connect_folder',
					/* translators: 1: the package's folder, 2: the plugin's folder. */
					sprintf( __( 'The package holds the folder "%1$s", not "%2$s".', 'userfeedback' ), $folder, basename( $target ) )
				);
			}
			// The target was checked before the download; check again what is there now.
			$unsafe = self::unsafe_target( $target );
			return null === $unsafe ? $source : new WP_Error( 'userfeedback_connect_target', $unsafe );
		};
		add_filter( 'upgrader_source_selection', $check, 1 );

		$skin     = new \WP_Ajax_Upgrader_Skin();
		$upgrader = new \Plugin_Upgrader( $skin );
		$level    = ob_get_level();
		ob_start();
		try {
			$result = $upgrader->install( $package, array( 'overwrite_package' => true ) );
		} finally {
			while ( ob_get_level() > $level ) {
				ob_end_clean();
			}
			remove_filter( 'upgrader_source_selection', $check, 1 );
		}

		if ( is_wp_error( $result ) ) {
			return $result;
		}
		if ( is_wp_error( $skin->result ) ) {
			return $skin->result;
		}
		if ( $skin->get_errors()->has_errors() ) {
			return $skin->get_errors();
		}
		if ( true !== $result ) {
			return new WP_Error( 'userfeedback_filesystem', __( 'Unable to connect to the filesystem. Please confirm your credentials.', 'userfeedback' ) );
		}
		wp_clean_plugins_cache();
		return true;
	}

	private static function detail( WP_Error $error ): string {
		$detail = $error->get_error_message();
		$data   = $error->get_error_data();
		if ( is_string( $data ) && '' !== $data ) {
			$detail .= ' ' . $data;
		}
		return trim( wp_strip_all_tags( $detail ) );
	}

	private static function status_of( WP_Error $error ): int {
		$data = $error->get_error_data();
		return is_array( $data ) && isset( $data['status'] ) ? (int) $data['status'] : 400;
	}

	/**
	 * @return array{success:false,status:int,data:array<string,mixed>}
	 */
	private static function error( string $message, int $status ): array {
		return array(
			'success' => false,
			'status'  => $status,
			'data'    => array(
				'message' => $message,
				'error'   => $message,
			),
		);
	}

	/**
	 * The spec's unlock error, with the reason as detail.
	 *
	 * @return array{success:false,status:int,data:array<string,mixed>}
	 */
	private static function unlock_error( string $detail, int $status, bool $reload = false ): array {
		$message = __( 'There was an error unlocking UserFeedback PRO please try again or install manually.', 'userfeedback' );
		return array(
			'success' => false,
			'status'  => $status,
			'data'    => array(
				'message' => $message,
				'error'   => $message,
				'detail'  => $detail,
				'reload'  => $reload,
			),
		);
	}
}
