<?php
/**
 * Helpers of the post-ratings server tests: posts and ratings written at chosen moments, the tiers
 * that lock and unlock the feature, a vote as the widget sends it, and the request globals
 * ($_SERVER) put back after each test.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\PostRatings;

use UserFeedback\Database\Schema;
use UserFeedback\PostRatings\RatingRepository;
use UserFeedback\PostRatings\RatingTokens;
use UserFeedback\Tests\SurveyTestCase;
use UserFeedback\Tests\VisitorRequests;
use WP_REST_Response;

abstract class RatingsTestCase extends SurveyTestCase {

	use VisitorRequests;

	private const SERVER_KEYS = array( 'REMOTE_ADDR', 'HTTP_USER_AGENT', 'HTTP_X_FORWARDED_FOR' );

	protected function setUp(): void {
		parent::setUp();
		$this->start_visitor_request( self::SERVER_KEYS, 'Mozilla/5.0 (X11; Linux x86_64) Firefox/128.0' );
		update_option( 'timezone_string', 'America/New_York' );
	}

	protected function tearDown(): void {
		$this->end_visitor_request();
		parent::tearDown();
	}

	/**
	 * A Pro site with a plus licence and the post-ratings addon: the feature is open.
	 */
	protected function unlock(): void {
		$this->set_entitlements( 'pro', 'plus', array( 'post-ratings' ) );
	}

	/**
	 * A published post (or page, or whatever $over says).
	 *
	 * @param array<string,mixed> $over Fields of wp_insert_post().
	 */
	protected static function make_post( string $title, array $over = array() ): int {
		$id = wp_insert_post(
			array_merge(
				array(
					'post_title'   => $title,
					'post_status'  => 'publish',
					'post_type'    => 'post',
					'post_content' => 'Text of ' . $title,
				),
				$over
			),
			true
		);
		if ( is_wp_error( $id ) ) {
			throw new \RuntimeException( $id->get_error_message() );
		}
		return (int) $id;
	}

	/**
	 * Stores votes as the vote route does (RatingRepository::insert()), at UTC moments.
	 *
	 * @param array<int,array{0:int,1:string}> $votes [rating, 'Y-m-d H:i:s' UTC] each.
	 * @return int[] The ratings' ids.
	 */
	protected static function rate( int $post_id, array $votes ): array {
		$ids = array();
		foreach ( $votes as [ $rating, $utc ] ) {
			$ids[] = ( new RatingRepository() )->insert( $post_id, $rating, $utc );
		}
		return $ids;
	}

	/**
	 * POST post-ratings/{id}/votes as the widget sends it (JSON, no X-WP-Nonce); the post's token is
	 * added unless the body has a 'token' key already (null: sent without one).
	 *
	 * @param array<string,mixed> $body Body.
	 */
	protected function vote( int $post_id, array $body ): WP_REST_Response {
		if ( ! array_key_exists( 'token', $body ) ) {
			$body['token'] = RatingTokens::issue( $post_id );
		} elseif ( null === $body['token'] ) {
			unset( $body['token'] );
		}
		return $this->rest( 'POST', self::NS . "/post-ratings/$post_id/votes", array(), $body );
	}

	protected static function stored_votes( int $post_id ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE post_id = %d', Schema::table( 'post_ratings' ), $post_id ) );
	}

	/**
	 * Replaces the rate limits for the rest of the test.
	 *
	 * @param array<string,array{limit:int,window:int}|null> $limits Rule => limit.
	 */
	protected static function limits( array $limits ): void {
		add_filter( 'userfeedback_rate_limits', static fn( array $current ): array => array_merge( $current, $limits ) );
	}

	/**
	 * A role that may view results and nothing else of ours.
	 */
	protected function as_results_viewer(): int {
		if ( ! get_role( 'uf_ratings_viewer' ) ) {
			add_role(
				'uf_ratings_viewer',
				'Ratings viewer',
				array(
					'read'                      => true,
					'userfeedback_view_results' => true,
				)
			);
		}
		return $this->as_user( 'uf_ratings_viewer' );
	}
}
