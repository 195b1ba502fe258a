<?php
/**
 * The Misc setting "Automatic Updates" applied through WordPress's auto_update_plugin filter, for this
 * plugin and the UserFeedback addons only: all → always, minor → only patch releases (x.y.Z), none →
 * never. Every other plugin keeps whatever WordPress (or the admin) decided.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Settings;

defined( 'ABSPATH' ) || exit;

final class AutoUpdates {

	/** Addon folders and main files are named userfeedback-<slug>/userfeedback-<slug>.php. */
	private const ADDON_BASENAME = '#^userfeedback-([a-z0-9-]+)/userfeedback-\1\.php$#';

	private readonly string $own_basename;

	/**
	 * @param string|null $plugin_file The plugin's main file; defaults to USERFEEDBACK_FILE.
	 */
	public function __construct( private readonly SettingsRepository $settings, ?string $plugin_file = null ) {
		$this->own_basename = plugin_basename( $plugin_file ?? USERFEEDBACK_FILE );
	}

	public function register(): void {
		// Late, so that the admin's choice on this plugin wins over generic policies of other plugins.
		add_filter( 'auto_update_plugin', array( $this, 'filter' ), 20, 2 );
	}

	/**
	 * @param bool|null $update Whether WordPress would update (null: it has not decided).
	 * @param mixed     $item   The update offer: ->plugin (basename), ->new_version; ->Version or
	 *                          ->current_version when the caller knows the installed one.
	 * @return bool|null
	 */
	public function filter( $update, $item ) {
		$basename = is_object( $item ) && isset( $item->plugin ) && is_string( $item->plugin ) ? $item->plugin : '';
		if ( '' === $basename || ! $this->is_ours( $basename ) ) {
			return $update;
		}
		switch ( $this->mode() ) {
			case 'all':
				return true;
			case 'minor':
				$new       = isset( $item->new_version ) && is_scalar( $item->new_version ) ? (string) $item->new_version : '';
				$installed = $this->installed_version( $basename, $item );
				return '' !== $new && '' !== $installed && self::is_patch_update( $installed, $new );
			default:
				return false;
		}
	}

	/**
	 * True when $offered differs from $installed only in the last (patch) part: 1.2.3 → 1.2.4, 1.2 → 1.2.1.
	 * A change of the major or minor part, a downgrade or the same version is not a patch update.
	 */
	public static function is_patch_update( string $installed, string $offered ): bool {
		$from = self::parts( $installed );
		$to   = self::parts( $offered );
		if ( null === $from || null === $to ) {
			return false;
		}
		return $from[0] === $to[0] && $from[1] === $to[1] && version_compare( $offered, $installed, '>' );
	}

	public function is_ours( string $basename ): bool {
		return $basename === $this->own_basename || 1 === preg_match( self::ADDON_BASENAME, $basename );
	}

	private function mode(): string {
		$mode = $this->settings->get( 'automatic_updates' );
		return in_array( $mode, array( 'all', 'minor', 'none' ), true ) ? $mode : 'none';
	}

	/**
	 * @return array{int,int}|null Major and minor, or null when the version is not numeric x.y[.z...].
	 */
	private static function parts( string $version ): ?array {
		if ( 1 !== preg_match( '/^(\d+)\.(\d+)(?:\.\d+)*(?:[-+].*)?$/', trim( $version ), $matches ) ) {
			return null;
		}
		return array( (int) $matches[1], (int) $matches[2] );
	}

	private function installed_version( string $basename, object $item ): string {
		foreach ( array( 'current_version', 'Version' ) as $field ) {
			if ( isset( $item->$field ) && is_scalar( $item->$field ) && '' !== (string) $item->$field ) {
				return (string) $item->$field;
			}
		}
		if ( ! function_exists( 'get_plugins' ) ) {
			require_once ABSPATH . 'wp-admin/includes/plugin.php';
		}
		$plugins = get_plugins();
		return isset( $plugins[ $basename ]['Version'] ) ? (string) $plugins[ $basename ]['Version'] : '';
	}
}
