<?php
/**
 * Stores the plugin settings in one option.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Settings;

defined( 'ABSPATH' ) || exit;

final class SettingsRepository {

	public const OPTION = 'userfeedback_settings';

	/**
	 * Stored settings over the defaults; unknown stored keys (from older versions) are dropped.
	 *
	 * @return array<string,mixed>
	 */
	public function all(): array {
		$stored = get_option( self::OPTION, array() );
		$stored = is_array( $stored ) ? $stored : array();
		$merged = array();
		foreach ( SettingsSchema::defaults() as $key => $default ) {
			$merged[ $key ] = array_key_exists( $key, $stored ) ? $stored[ $key ] : $default;
		}
		return $merged;
	}

	/**
	 * @return mixed
	 */
	public function get( string $key ) {
		return $this->all()[ $key ] ?? null;
	}

	/**
	 * @param array<string,mixed> $settings The complete, validated settings.
	 */
	public function save( array $settings ): void {
		// Autoloaded: the front end reads the widget defaults on pages that show a survey.
		update_option( self::OPTION, $settings, true );
	}
}
