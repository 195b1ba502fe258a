<?php
/**
 * The widget's script (deferred, in the footer) and stylesheet come only with the widget, and the
 * stylesheet is in place before the widget paints: in the head when the page is known to print it,
 * inline before a widget that appears after the head.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\PostRatings;

use UserFeedback\PostRatings\Frontend\RatingAssets;

final class FrontendAssetsTest extends FrontendRatingCase {

	protected function setUp(): void {
		parent::setUp();
		if ( ! self::assets_built() ) {
			$this->markTestSkipped( 'The widget is not built (npm run build:widget).' );
		}
	}

	private function page_with_assets( int $id ): void {
		$this->visit( $id );
		do_action( 'wp_enqueue_scripts' );
	}

	/**
	 * As if wp_head had run: what renders now lands in the body.
	 */
	private static function after_head(): void {
		$GLOBALS['wp_actions']['wp_head'] = 1;
	}

	public function test_a_rated_post_gets_the_stylesheet_in_the_head_and_the_deferred_script(): void {
		$this->page_with_assets( self::make_post() );
		$this->assertTrue( self::style_enqueued() );
		$this->assertTrue( self::script_enqueued() );

		$script = wp_scripts()->registered[ RatingAssets::HANDLE ];
		$this->assertStringEndsWith( '/build/widget/post-rating.js', $script->src );
		$this->assertSame( array(), $script->deps );
		$this->assertSame( 'defer', $script->extra['strategy'] ?? null );
		$this->assertSame( 1, $script->extra['group'] ?? null, 'In the footer.' );
		$this->assertStringEndsWith( '/build/widget/post-rating.css', wp_styles()->registered[ RatingAssets::HANDLE ]->src );

		ob_start();
		wp_styles()->do_items();
		$head = (string) ob_get_clean();
		$this->assertMatchesRegularExpression( "#<link rel='stylesheet' id='userfeedback-post-rating-css' href='[^']+/build/widget/post-rating\.css#", $head );

		self::after_head();
		$html = self::content();
		$this->assertStringNotContainsString( '<style', $html, 'The head has it already.' );
		$this->assertCount( 1, self::widgets( $html ) );

		ob_start();
		wp_scripts()->do_footer_items();
		$this->assertMatchesRegularExpression( '#<script[^>]+src="[^"]+/build/widget/post-rating\.js[^"]*"[^>]*defer#', (string) ob_get_clean() );
	}

	public function test_pages_without_the_widget_get_neither(): void {
		$this->page_with_assets( self::make_post() );
		$this->assertTrue( self::script_enqueued() );

		$this->go_to_front_end( home_url( '/' ) );
		do_action( 'wp_enqueue_scripts' );
		$this->assertFalse( self::script_enqueued(), 'Archives.' );
		$this->assertFalse( self::style_enqueued() );

		self::settings( array( 'display_settings' => 'manual' ) );
		$this->page_with_assets( self::make_post( 'Manual, no shortcode' ) );
		$this->assertFalse( self::script_enqueued(), 'Manual mode without the block or shortcode.' );
		$this->assertFalse( self::style_enqueued() );

		self::settings( array( 'display_settings' => 'after_content' ) );
		$this->set_entitlements( 'lite', null );
		$this->page_with_assets( self::make_post( 'Locked' ) );
		$this->assertFalse( self::script_enqueued(), 'Locked feature.' );
		$this->assertFalse( self::style_enqueued() );
	}

	public function test_manual_mode_with_the_block_or_shortcode_in_the_content_puts_the_stylesheet_in_the_head(): void {
		self::settings( array( 'display_settings' => 'manual' ) );
		$this->page_with_assets( self::make_post( 'Block', array( 'post_content' => '<!-- wp:userfeedback/post-rating /-->' ) ) );
		$this->assertTrue( self::style_enqueued() );
		$this->page_with_assets( self::make_post( 'Shortcode', array( 'post_content' => 'Rate: [userfeedback_post_rating]' ) ) );
		$this->assertTrue( self::style_enqueued() );
		$this->assertTrue( self::script_enqueued() );
	}

	public function test_a_widget_that_appears_after_the_head_brings_its_stylesheet_inline_once(): void {
		self::settings( array( 'display_settings' => 'manual' ) );
		$this->page_with_assets( self::make_post( 'Shortcode in a sidebar' ) );
		$this->assertFalse( self::style_enqueued() );
		self::after_head();

		$html = do_shortcode( '[userfeedback_post_rating]' );
		$css  = (string) file_get_contents( USERFEEDBACK_DIR . 'build/widget/post-rating.css' );
		$this->assertStringStartsWith( '<style id="userfeedback-post-rating-inline-css">' . $css . '</style><div class="userfeedback-post-rating"', $html );
		$this->assertTrue( self::script_enqueued() );
		$this->assertFalse( self::style_enqueued(), 'No late <link> in the footer as well.' );
		ob_start();
		print_late_styles();
		$this->assertStringNotContainsString( 'post-rating', (string) ob_get_clean() );
	}

	public function test_block_themes_render_before_the_head_so_the_stylesheet_goes_there(): void {
		self::settings( array( 'display_settings' => 'manual' ) );
		$this->visit( self::make_post( 'Template block' ) );
		$html = do_blocks( '<!-- wp:userfeedback/post-rating /-->' );
		$this->assertStringNotContainsString( '<style', $html );
		$this->assertCount( 1, self::widgets( $html ) );
		$this->assertTrue( self::style_enqueued() );
		$this->assertTrue( self::script_enqueued() );
	}
}
