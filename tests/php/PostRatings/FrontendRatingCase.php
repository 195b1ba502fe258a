<?php
/**
 * Helpers of the post-rating widget's front-end tests: the tier that opens the feature, posts and
 * votes, settings, a singular page of a post with its main loop started, and the widgets in some HTML.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\PostRatings;

use UserFeedback\PostRatings\Frontend\RatingAssets;
use UserFeedback\PostRatings\RatingRepository;
use UserFeedback\PostRatings\RatingSettingsRepository;
use UserFeedback\PostRatings\RatingSettingsSchema;
use UserFeedback\Tests\TestCase;

abstract class FrontendRatingCase extends TestCase {

	protected function setUp(): void {
		parent::setUp();
		$this->unlock();
	}

	protected function tearDown(): void {
		$GLOBALS['wp_scripts'] = null;
		$GLOBALS['wp_styles']  = null;
		parent::tearDown();
	}

	/**
	 * Pro with a plus licence and the post-ratings addon: Entitlements::can( 'post_ratings' ).
	 */
	protected function unlock(): void {
		$this->set_entitlements( 'pro', 'plus', array( 'post-ratings' ) );
	}

	/**
	 * @param array<string,mixed> $over Fields of wp_insert_post().
	 */
	protected static function make_post( string $title = 'A rated post', array $over = array() ): int {
		$id = wp_insert_post(
			array_merge(
				array(
					'post_title'     => $title,
					'post_status'    => 'publish',
					'post_type'      => 'post',
					'post_content'   => '<p>Body of the post.</p>',
					'comment_status' => 'open',
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
	 * @param int[] $ratings One vote per entry.
	 */
	protected static function votes( int $post_id, array $ratings ): void {
		$repository = new RatingRepository();
		foreach ( $ratings as $rating ) {
			$repository->insert( $post_id, $rating, gmdate( 'Y-m-d H:i:s' ) );
		}
	}

	/**
	 * Saves the defaults with $over on top (not validated: tests may store what the route would refuse).
	 *
	 * @param array<string,mixed> $over Settings.
	 */
	protected static function settings( array $over ): void {
		update_option( RatingSettingsRepository::OPTION, array_merge( RatingSettingsSchema::defaults(), $over ) );
	}

	/**
	 * The front end at the post (or page) $id, its main loop started as single templates do.
	 */
	protected function visit( int $id ): void {
		$key = 'page' === get_post_type( $id ) ? 'page_id' : 'p';
		$this->go_to_front_end( home_url( "/?$key=$id" ) );
		$this->assertTrue( is_singular(), 'The request is the post’s singular view.' );
		if ( have_posts() ) {
			the_post();
		}
	}

	/**
	 * The main post's content as the theme prints it.
	 */
	protected static function content(): string {
		return (string) apply_filters( 'the_content', get_post()->post_content );
	}

	/**
	 * @return array<int,string> The post ids of the widgets in $html, in order.
	 */
	protected static function widgets( string $html ): array {
		$ids       = array();
		$processor = new \WP_HTML_Tag_Processor( $html );
		while ( $processor->next_tag( array( 'class_name' => 'userfeedback-post-rating' ) ) ) {
			$ids[] = (string) $processor->get_attribute( 'data-post-id' );
		}
		return $ids;
	}

	protected static function script_enqueued(): bool {
		return wp_script_is( RatingAssets::HANDLE, 'enqueued' );
	}

	protected static function style_enqueued(): bool {
		return wp_style_is( RatingAssets::HANDLE, 'enqueued' );
	}

	protected static function assets_built(): bool {
		return is_readable( USERFEEDBACK_DIR . 'build/widget/post-rating.js' ) && is_readable( USERFEEDBACK_DIR . 'build/widget/post-rating.css' );
	}
}
