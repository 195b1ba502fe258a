<?php
/**
 * The plugin's capabilities and their mapping to roles from the Access settings.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Access;

defined( 'ABSPATH' ) || exit;

final class Capabilities {

	public const CREATE_EDIT_SURVEYS = 'userfeedback_create_edit_surveys';
	public const VIEW_RESULTS        = 'userfeedback_view_results';
	public const DELETE_SURVEYS      = 'userfeedback_delete_surveys';
	public const MANAGE_SETTINGS     = 'userfeedback_manage_settings';

	/**
	 * Access setting (a list of role keys) => the capability it grants.
	 */
	public const SETTING_CAPS = array(
		'create_edit_surveys' => self::CREATE_EDIT_SURVEYS,
		'view_results'        => self::VIEW_RESULTS,
		'delete_surveys'      => self::DELETE_SURVEYS,
	);

	/**
	 * Short key (as the admin apps see it) => capability.
	 */
	public const ALL = array(
		'create_edit_surveys' => self::CREATE_EDIT_SURVEYS,
		'view_results'        => self::VIEW_RESULTS,
		'delete_surveys'      => self::DELETE_SURVEYS,
		'manage_settings'     => self::MANAGE_SETTINGS,
	);

	/**
	 * Every role that can manage options gets every capability; run on activation.
	 */
	public function grant_defaults(): void {
		foreach ( wp_roles()->role_objects as $role ) {
			if ( $role->has_cap( 'manage_options' ) ) {
				foreach ( self::ALL as $cap ) {
					$role->add_cap( $cap );
				}
			}
		}
	}

	/**
	 * Makes the roles' capabilities match the Access settings. Roles that can manage options always keep
	 * every capability (the Access screen shows them forced on); settings are managed by those roles only.
	 *
	 * @param array<string,string[]> $access Setting key => role keys.
	 */
	public function sync( array $access ): void {
		foreach ( wp_roles()->role_objects as $key => $role ) {
			$is_manager = $role->has_cap( 'manage_options' );
			foreach ( self::SETTING_CAPS as $setting => $cap ) {
				$should = $is_manager || in_array( $key, (array) ( $access[ $setting ] ?? array() ), true );
				$this->set( $role, $cap, $should );
			}
			$this->set( $role, self::MANAGE_SETTINGS, $is_manager );
		}
	}

	/**
	 * Removes our capabilities from every role (uninstall).
	 */
	public function remove_all(): void {
		foreach ( wp_roles()->role_objects as $role ) {
			foreach ( self::ALL as $cap ) {
				$role->remove_cap( $cap );
			}
		}
	}

	/**
	 * The current user's capabilities, keyed as the admin apps expect.
	 *
	 * @return array<string,bool>
	 */
	public function for_current_user(): array {
		$caps = array();
		foreach ( self::ALL as $key => $cap ) {
			$caps[ $key ] = current_user_can( $cap );
		}
		return $caps;
	}

	/**
	 * Whether the current user has at least one of our capabilities (the notifications drawer, the
	 * notice banners).
	 */
	public static function any_of_ours(): bool {
		foreach ( self::ALL as $cap ) {
			if ( current_user_can( $cap ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * Role keys that are forced on in the Access settings.
	 *
	 * @return string[]
	 */
	public static function manager_roles(): array {
		$keys = array();
		foreach ( wp_roles()->role_objects as $key => $role ) {
			if ( $role->has_cap( 'manage_options' ) ) {
				$keys[] = (string) $key;
			}
		}
		return $keys;
	}

	private function set( \WP_Role $role, string $cap, bool $grant ): void {
		// add_cap/remove_cap each write the roles option; skip the write when nothing changes.
		if ( $grant && ! $role->has_cap( $cap ) ) {
			$role->add_cap( $cap );
		} elseif ( ! $grant && array_key_exists( $cap, $role->capabilities ) ) {
			$role->remove_cap( $cap );
		}
	}
}
