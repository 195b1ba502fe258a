<?php
/**
 * Stores the post-ratings settings in one option, apart from the plugin settings: they have their own
 * screen, route and save.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\PostRatings;

defined( 'ABSPATH' ) || exit;

final class RatingSettingsRepository {

	public const OPTION = 'userfeedback_post_ratings';

	/**
	 * Stored settings over the defaults; unknown stored keys are dropped, and a stored value the schema
	 * no longer accepts (an icon taken out of the list) falls back to its default.
	 *
	 * @return array<string,mixed>
	 */
	public function all(): array {
		$stored     = get_option( self::OPTION, array() );
		$stored     = is_array( $stored ) ? $stored : array();
		$properties = RatingSettingsSchema::schema()['properties'];
		$merged     = array();
		foreach ( RatingSettingsSchema::defaults() as $key => $default ) {
			$value          = $stored[ $key ] ?? null;
			$merged[ $key ] = null !== $value && true === rest_validate_value_from_schema( $value, $properties[ $key ], $key ) ? $value : $default;
		}
		return $merged;
	}

	/**
	 * @param array<string,mixed> $settings The complete, validated settings.
	 */
	public function save( array $settings ): void {
		// Autoloaded: every singular front-end page reads them.
		update_option( self::OPTION, $settings, true );
	}
}
