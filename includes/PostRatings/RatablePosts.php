<?php
/**
 * Which posts take ratings: published, publicly viewable, not password-protected posts of the rated
 * post types (posts and pages; the userfeedback_post_ratings_post_types filter changes the list). The
 * widget is printed, and votes are accepted, for these posts only.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\PostRatings;

defined( 'ABSPATH' ) || exit;

final class RatablePosts {

	public const FILTER = 'userfeedback_post_ratings_post_types';

	/**
	 * @return string[] The rated post types.
	 */
	public static function post_types(): array {
		/**
		 * Filters the post types whose posts show the rating widget and take votes.
		 *
		 * @param string[] $post_types Default: post and page.
		 */
		$types = apply_filters( self::FILTER, array( 'post', 'page' ) ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- FILTER is 'userfeedback_post_ratings_post_types'.
		return array_values( array_filter( is_array( $types ) ? $types : array(), 'is_string' ) );
	}

	/**
	 * @param \WP_Post|int|null $post The post or its id.
	 * @return \WP_Post|null The post when it takes ratings.
	 */
	public static function find( $post ): ?\WP_Post {
		$post = get_post( $post );
		if ( ! $post instanceof \WP_Post
			|| 'publish' !== $post->post_status
			|| '' !== $post->post_password
			|| ! in_array( $post->post_type, self::post_types(), true )
			|| ! is_post_publicly_viewable( $post ) ) {
			return null;
		}
		return $post;
	}
}
