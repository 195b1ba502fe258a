<?php
/**
 * The SQL of post ratings (table post_ratings: id, post_id, rating, created_at in UTC). Every figure is
 * computed in SQL; the per-post summary that each rated page prints is kept in the object cache until
 * the next vote on that post.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\PostRatings;

use UserFeedback\Database\Schema;

defined( 'ABSPATH' ) || exit;

final class RatingRepository {

	public const CACHE_GROUP = 'userfeedback_post_ratings';

	/**
	 * Stores one vote: a single-row insert.
	 *
	 * @return int The new rating's id.
	 * @throws \RuntimeException When the database refuses the write.
	 */
	public function insert( int $post_id, int $rating, string $created_at_utc ): int {
		global $wpdb;
		$done = $wpdb->insert(
			Schema::table( 'post_ratings' ),
			array(
				'post_id'    => $post_id,
				'rating'     => $rating,
				'created_at' => $created_at_utc,
			),
			array( '%d', '%d', '%s' )
		);
		if ( false === $done ) {
			throw new \RuntimeException( 'The rating could not be stored: ' . $wpdb->last_error );
		}
		wp_cache_delete( self::summary_key( $post_id ), self::CACHE_GROUP );
		return (int) $wpdb->insert_id;
	}

	/**
	 * The post's all-time vote count and average (unrounded; 0.0 without votes).
	 *
	 * @return array{count:int,average:float}
	 */
	public function summary( int $post_id ): array {
		$key    = self::summary_key( $post_id );
		$cached = wp_cache_get( $key, self::CACHE_GROUP );
		if ( is_array( $cached ) && isset( $cached['count'], $cached['average'] ) ) {
			return $cached;
		}
		global $wpdb;
		$row     = $wpdb->get_row(
			$wpdb->prepare( 'SELECT COUNT(*) AS votes, AVG(%i) AS average FROM %i WHERE %i = %d', 'rating', Schema::table( 'post_ratings' ), 'post_id', $post_id ),
			ARRAY_A
		);
		$summary = array(
			'count'   => (int) ( $row['votes'] ?? 0 ),
			'average' => (float) ( $row['average'] ?? 0 ),
		);
		wp_cache_set( $key, $summary, self::CACHE_GROUP, DAY_IN_SECONDS );
		return $summary;
	}

	private static function summary_key( int $post_id ): string {
		return 'summary-' . $post_id;
	}
}
