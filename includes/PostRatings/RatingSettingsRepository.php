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

	/** @var array<string,mixed> The stored option all() last judged. */
	private array $stored = array();

	/** @var array<string,mixed>|null What all() answered for it. */
	private ?array $merged = null;

	/**
	 * Stored settings over the defaults; unknown stored keys are dropped, and a stored value the schema
	 * no longer accepts (an icon taken out of the list) falls back to its default.
	 *
	 * @return array<string,mixed>
	 */
	public function all(): array {
		$stored = get_option( self::OPTION, array() );
		$stored = is_array( $stored ) ? $stored : array();
		// A singular page asks several times (enqueue, the content filter, the comments hooks): the
		// stored value is judged again only when it changed.
		if ( null !== $this->merged && $stored === $this->stored ) {
			return $this->merged;
		}
		$properties = RatingSettingsSchema::schema()['properties'];
		$merged     = array();
		foreach ( RatingSettingsSchema::defaults() as $key => $default ) {
			$value          = $stored[ $key ] ?? null;
			$merged[ $key ] = null !== $value && true === rest_validate_value_from_schema( $value, $properties[ $key ], $key ) ? $value : $default;
		}
		$this->stored = $stored;
		$this->merged = $merged;
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
