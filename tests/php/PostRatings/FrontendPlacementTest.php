<?php
/**
 * Where the post-rating widget goes: after the content, only through the block and the shortcode in
 * the manual mode, never twice for a post on a page, and never where it does not belong (drafts,
 * archives, unrated post types, protected posts, feeds, embeds, the admin, a locked feature).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\PostRatings;

use UserFeedback\PostRatings\Frontend\RatingDisplay;
use UserFeedback\PostRatings\RatablePosts;

final class FrontendPlacementTest extends FrontendRatingCase {

	private const SHORTCODE = '[userfeedback_post_rating]';

	private const BLOCK = '<!-- wp:userfeedback/post-rating /-->';

	public function test_after_content_appends_the_widget_once(): void {
		$id = self::make_post();
		$this->visit( $id );
		$html = self::content();
		$this->assertSame( array( (string) $id ), self::widgets( $html ) );
		$this->assertStringStartsWith( '<p>Body of the post.</p>', $html );
		$this->assertMatchesRegularExpression( '#</div>\s*$#', $html, 'After the content.' );

		$this->assertSame( array(), self::widgets( self::content() ), 'A theme or plugin that renders the content again gets no second widget.' );
		$this->assertSame( '', do_shortcode( self::SHORTCODE ) );
		$this->assertSame( '', do_blocks( self::BLOCK ) );
	}

	public function test_after_content_needs_the_main_loop_and_skips_excerpts(): void {
		$id = self::make_post( 'Excerpted', array( 'post_excerpt' => '' ) );
		$this->go_to_front_end( home_url( "/?p=$id" ) );
		$GLOBALS['post'] = get_post( $id );
		$this->assertSame( array(), self::widgets( (string) apply_filters( 'the_content', 'Outside the loop (an SEO plugin in the head).' ) ) );

		the_post();
		$this->assertStringNotContainsString( 'userfeedback-post-rating', get_the_excerpt() );
		$this->assertSame( array( (string) $id ), self::widgets( self::content() ), 'The excerpt did not use up the post’s widget.' );
	}

	public function test_another_posts_content_on_the_page_gets_no_widget(): void {
		$id    = self::make_post();
		$other = self::make_post( 'Related post' );
		$this->visit( $id );
		$GLOBALS['post'] = get_post( $other );
		$this->assertSame( array(), self::widgets( (string) apply_filters( 'the_content', 'Related post text' ) ) );
		$this->assertSame( '', do_shortcode( self::SHORTCODE ) );
		$GLOBALS['post'] = get_post( $id );
		$this->assertSame( array( (string) $id ), self::widgets( self::content() ) );
	}

	public function test_manual_prints_only_where_the_shortcode_or_the_block_is(): void {
		self::settings( array( 'display_settings' => 'manual' ) );
		$plain = self::make_post( 'Plain' );
		$this->visit( $plain );
		$this->assertSame( array(), self::widgets( self::content() ) );

		$short = self::make_post( 'Shortcode', array( 'post_content' => "<p>Before</p>\n\n" . self::SHORTCODE . "\n\n<p>After</p>" ) );
		$this->visit( $short );
		$html = self::content();
		$this->assertSame( array( (string) $short ), self::widgets( $html ) );
		$this->assertLessThan( strpos( $html, '<p>After</p>' ), strpos( $html, 'userfeedback-post-rating' ), 'Where the shortcode is.' );
		$this->assertGreaterThan( strpos( $html, '<p>Before</p>' ), strpos( $html, 'userfeedback-post-rating' ) );

		$block = self::make_post( 'Block', array( 'post_content' => "<!-- wp:paragraph -->\n<p>Intro</p>\n<!-- /wp:paragraph -->\n\n" . self::BLOCK ) );
		$this->visit( $block );
		$html = self::content();
		$this->assertSame( array( (string) $block ), self::widgets( $html ) );
		$this->assertStringContainsString( 'class="userfeedback-post-rating wp-block-userfeedback-post-rating"', $html );
	}

	public function test_the_block_and_the_shortcode_together_print_one_widget(): void {
		self::settings( array( 'display_settings' => 'manual' ) );
		$id = self::make_post( 'Both', array( 'post_content' => self::BLOCK . "\n\n<!-- wp:shortcode -->\n" . self::SHORTCODE . "\n<!-- /wp:shortcode -->\n\n" . self::BLOCK ) );
		$this->visit( $id );
		$this->assertSame( array( (string) $id ), self::widgets( self::content() ) );
	}

	public function test_in_after_content_mode_a_shortcode_in_the_content_is_where_the_one_widget_goes(): void {
		$id = self::make_post( 'Placed', array( 'post_content' => '<p>One</p>' . self::SHORTCODE . '<p>Two</p>' ) );
		$this->visit( $id );
		$html = self::content();
		$this->assertSame( array( (string) $id ), self::widgets( $html ) );
		$this->assertLessThan( strpos( $html, '<p>Two</p>' ), strpos( $html, 'userfeedback-post-rating' ) );
	}

	public function test_comment_modes_print_nothing_after_the_content(): void {
		foreach ( array( 'before_comments', 'after_comments', 'manual' ) as $mode ) {
			self::settings( array( 'display_settings' => $mode ) );
			$this->visit( self::make_post( "Mode $mode" ) );
			$this->assertSame( array(), self::widgets( self::content() ), $mode );
		}
	}

	public function test_pages_take_ratings_too(): void {
		$page = self::make_post( 'A page', array( 'post_type' => 'page' ) );
		$this->visit( $page );
		$this->assertSame( array( (string) $page ), self::widgets( self::content() ) );
	}

	public function test_post_types_outside_the_rated_list_get_nothing(): void {
		$page = self::make_post( 'A page', array( 'post_type' => 'page' ) );
		add_filter( RatablePosts::FILTER, static fn(): array => array( 'post' ) );
		$this->visit( $page );
		$this->assertSame( array(), self::widgets( self::content() ) );
		$this->assertSame( '', do_shortcode( self::SHORTCODE ) );
	}

	public function test_drafts_and_protected_posts_get_nothing(): void {
		$this->as_user( 'administrator' );
		$draft = self::make_post( 'Draft', array( 'post_status' => 'draft' ) );
		$this->visit( $draft );
		$this->assertSame( $draft, get_the_ID(), 'The administrator sees the draft.' );
		$this->assertSame( array(), self::widgets( self::content() ) );
		$this->assertSame( '', do_shortcode( self::SHORTCODE ) );

		$locked = self::make_post( 'Protected', array( 'post_password' => 'secret' ) );
		$this->visit( $locked );
		$this->assertSame( '', do_shortcode( self::SHORTCODE ) );
	}

	public function test_archives_get_nothing(): void {
		$id = self::make_post( 'Listed', array( 'post_content' => self::SHORTCODE ) );
		$this->go_to_front_end( home_url( '/' ) );
		$this->assertFalse( is_singular() );
		$this->assertTrue( have_posts() );
		the_post();
		$this->assertSame( array(), self::widgets( (string) apply_filters( 'the_content', get_post( $id )->post_content ) ) );
		$this->assertSame( '', do_shortcode( self::SHORTCODE ) );
		$this->assertSame( '', do_blocks( self::BLOCK ) );
	}

	public function test_feeds_embeds_and_the_admin_get_nothing(): void {
		$id = self::make_post();
		foreach ( array( 'is_feed', 'is_embed' ) as $flag ) {
			$this->visit( $id );
			$GLOBALS['wp_query']->$flag = true;
			$this->assertSame( array(), self::widgets( self::content() ), $flag );
			$this->assertSame( '', do_shortcode( self::SHORTCODE ), $flag );
		}
		$this->visit( $id );
		require_once ABSPATH . 'wp-admin/includes/class-wp-screen.php';
		require_once ABSPATH . 'wp-admin/includes/screen.php';
		set_current_screen( 'edit-post' );
		$this->assertTrue( is_admin() );
		$this->assertSame( '', do_shortcode( self::SHORTCODE ) );
	}

	public function test_a_locked_feature_prints_nothing_anywhere(): void {
		$this->set_entitlements( 'pro', 'plus', array() ); // The addon is not active.
		$id = self::make_post();
		$this->visit( $id );
		$this->assertSame( array(), self::widgets( self::content() ) );
		$this->assertSame( '', do_shortcode( self::SHORTCODE ) );
		$this->assertSame( '', do_blocks( self::BLOCK ) );

		$this->set_entitlements( 'lite', null );
		$this->visit( $id );
		$this->assertSame( array(), self::widgets( self::content() ) );

		$this->unlock();
		$this->visit( $id );
		$this->assertSame( array( (string) $id ), self::widgets( self::content() ) );
	}

	public function test_the_block_type_is_registered_from_its_metadata(): void {
		$type = \WP_Block_Type_Registry::get_instance()->get_registered( RatingDisplay::BLOCK );
		$this->assertInstanceOf( \WP_Block_Type::class, $type );
		$this->assertSame( 3, $type->api_version );
		$this->assertSame( 'UserFeedback Post Rating', $type->title );
		$this->assertSame( 'widgets', $type->category );
		$this->assertSame( array( 'postId', 'postType' ), $type->uses_context );
		$this->assertFalse( $type->supports['multiple'] );
		$this->assertTrue( $type->is_dynamic() );
		$this->assertSame( array(), $type->editor_script_handles, 'The editor script comes with the survey block’s (enqueue_block_editor_assets).' );
		$this->assertTrue( shortcode_exists( RatingDisplay::SHORTCODE ) );
	}

	public function test_block_alignment_and_spacing_go_on_the_widget(): void {
		$id = self::make_post();
		self::settings( array( 'display_settings' => 'manual' ) );
		$this->visit( $id );
		$html = do_blocks( '<!-- wp:userfeedback/post-rating {"align":"wide","className":"x\" onmouseover=\"alert(1)","style":{"spacing":{"margin":{"top":"24px"}}}} /-->' );
		$root = new \WP_HTML_Tag_Processor( $html );
		$this->assertTrue( $root->next_tag( 'div' ) );
		$this->assertTrue( $root->has_class( 'userfeedback-post-rating' ) );
		$this->assertTrue( $root->has_class( 'alignwide' ) );
		$this->assertNull( $root->get_attribute( 'onmouseover' ) );
		$this->assertSame( (string) $id, $root->get_attribute( 'data-post-id' ) );
		$style = (string) $root->get_attribute( 'style' );
		$this->assertStringContainsString( '--userfeedback-pr-icon:#1579EF;', $style );
		$this->assertStringContainsString( 'margin-top:24px', $style );
	}
}
