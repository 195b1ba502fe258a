<?php
/**
 * The post-ratings settings' JSON schema (spec 2, section 3 "Post-rating settings"): the route's args,
 * validation, sanitising and every default come from here, and so does the icon list.
 *
 * The yes/no settings keep the spec's 'yes' and 'no' strings rather than booleans.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\PostRatings;

defined( 'ABSPATH' ) || exit;

final class RatingSettingsSchema {

	/**
	 * Where the widget goes on a post or page: after its content, before or after its comments, or only
	 * where the block or the [userfeedback_post_rating] shortcode puts it.
	 */
	public const DISPLAY = array( 'after_content', 'before_comments', 'after_comments', 'manual' );

	/**
	 * The rating scale (spec 2, section 9).
	 */
	public const MAX_RATING = 5;

	/**
	 * The icons a rating can be drawn with: id, viewBox, path and fill (spec 2, section 3). All are
	 * drawn in the icon colour (fill currentColor); an empty icon is the same path at lower opacity.
	 *
	 * @return array<int,array{id:string,viewBox:string,path:string,fill:string}>
	 */
	public static function icons(): array {
		$icon = static fn( string $id, string $path ): array => array(
			'id'      => $id,
			'viewBox' => '0 0 24 24',
			'path'    => $path,
			'fill'    => 'currentColor',
		);
		return array(
			$icon( 'star', 'M12 1.1l2.82 7.62 8.12.33-6.37 5.03 2.19 7.82L12 17.4l-6.76 4.5 2.19-7.82-6.37-5.03 8.12-.33z' ),
			$icon( 'heart', 'M12 21.35l-1.45-1.32C5.4 15.36 2 12.28 2 8.5 2 5.42 4.42 3 7.5 3c1.74 0 3.41.81 4.5 2.09C13.09 3.81 14.76 3 16.5 3 19.58 3 22 5.42 22 8.5c0 3.78-3.4 6.86-8.55 11.54z' ),
			$icon( 'circle', 'M12 2a10 10 0 1 0 0 20 10 10 0 1 0 0-20z' ),
			$icon( 'diamond', 'M12 1.5l10.5 10.5L12 22.5 1.5 12z' ),
			$icon( 'bolt', 'M13.5 1L4 13.5h6.5L9 23l11-13.5h-6.8z' ),
			$icon( 'thumb', 'M2 10h4v12H2zM8 21.5V10.2l5.6-8.2c1.6-.3 2.7 1 2.4 2.5L15 9h6c1.1 0 2 .9 2 2v1.6l-3.3 7.7c-.3.7-1 1.2-1.8 1.2z' ),
		);
	}

	/**
	 * @return string[] The icon ids, the allow-list of icon_id.
	 */
	public static function icon_ids(): array {
		return array_column( self::icons(), 'id' );
	}

	/**
	 * The icon's entry, or the default star for an id that is not (or no longer) in the list.
	 *
	 * @return array{id:string,viewBox:string,path:string,fill:string}
	 */
	public static function icon( string $id ): array {
		foreach ( self::icons() as $icon ) {
			if ( $icon['id'] === $id ) {
				return $icon;
			}
		}
		return self::icons()[0];
	}

	/**
	 * @return array<string,mixed>
	 */
	public static function schema(): array {
		$color = static fn( string $initial, string $description ): array => array(
			'type'        => 'string',
			'format'      => 'hex-color',
			'default'     => $initial,
			'description' => $description,
		);
		$text  = static fn( string $initial, int $max, string $description ): array => array(
			'type'        => 'string',
			'default'     => $initial,
			'maxLength'   => $max,
			'description' => $description,
		);
		$yes   = static fn( string $initial, string $description ): array => array(
			'type'        => 'string',
			'enum'        => array( 'yes', 'no' ),
			'default'     => $initial,
			'description' => $description,
		);

		return array(
			'$schema'              => 'http://json-schema.org/draft-04/schema#',
			'title'                => 'userfeedback-post-rating-settings',
			'type'                 => 'object',
			'additionalProperties' => false,
			'properties'           => array(
				'icon_id'                    => array(
					'type'        => 'string',
					'enum'        => self::icon_ids(),
					'default'     => 'star',
					'description' => 'Icon the rating is drawn with (an id of the icon list).',
				),
				'icon_color'                 => $color( '#1579EF', 'Colour of the rating icons.' ),
				'rating_question'            => $text( __( 'How would you rate this post?', 'userfeedback' ), 200, 'Question above the icons.' ),
				'rating_instruction_message' => $text( __( 'Click on a star to rate it!', 'userfeedback' ), 200, 'Instruction under the icons, before the visitor votes.' ),
				'thank_you_message'          => $text( __( 'Thank you for rating this post!', 'userfeedback' ), 200, 'Message shown once the visitor has voted.' ),
				'font'                       => array(
					'type'        => 'string',
					'maxLength'   => 100,
					'pattern'     => '^[A-Za-z0-9 ]*$',
					'default'     => '',
					'description' => 'Font family of the widget; empty inherits the theme font.',
				),
				'background_color'           => $color( '#FFFFFF', 'Background colour of the widget.' ),
				'text_color'                 => $color( '#23282D', 'Text colour of the widget.' ),
				'show_vote_count'            => $yes( 'yes', 'Show how many visitors voted.' ),
				'show_rating'                => $yes( 'yes', 'Show the average rating.' ),
				'display_settings'           => array(
					'type'        => 'string',
					'enum'        => self::DISPLAY,
					'default'     => 'after_content',
					'description' => 'Where the widget is shown on posts and pages.',
				),
				'use_review_schema'          => $yes( 'no', 'Print schema.org AggregateRating structured data for search engines.' ),
				'show_uf_logo'               => $yes( 'no', 'Show the UserFeedback logo under the widget.' ),
			),
		);
	}

	/**
	 * The settings' names as the Post Ratings settings screen shows them, for the sentences of a
	 * refused save (Rest\FieldErrors).
	 *
	 * @return array<string,string>
	 */
	public static function labels(): array {
		return array(
			'icon_id'                    => __( 'Icon', 'userfeedback' ),
			'icon_color'                 => __( 'Icon Color', 'userfeedback' ),
			'rating_question'            => __( 'Rating Question', 'userfeedback' ),
			'rating_instruction_message' => __( 'Instruction Message', 'userfeedback' ),
			'thank_you_message'          => __( 'Thank You Message', 'userfeedback' ),
			'font'                       => __( 'Font', 'userfeedback' ),
			'background_color'           => __( 'Background Color', 'userfeedback' ),
			'text_color'                 => __( 'Text Color', 'userfeedback' ),
			'show_vote_count'            => __( 'Show vote count', 'userfeedback' ),
			'show_rating'                => __( 'Show average rating', 'userfeedback' ),
			'display_settings'           => __( 'Display Position', 'userfeedback' ),
			'use_review_schema'          => __( 'Use review schema', 'userfeedback' ),
			'show_uf_logo'               => __( 'Show UserFeedback logo', 'userfeedback' ),
		);
	}

	/**
	 * @return array<string,mixed> Setting => default.
	 */
	public static function defaults(): array {
		$defaults = array();
		foreach ( self::schema()['properties'] as $key => $property ) {
			$defaults[ $key ] = $property['default'];
		}
		return $defaults;
	}
}
