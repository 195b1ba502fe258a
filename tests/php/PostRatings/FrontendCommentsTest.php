<?php
/**
 * The before_comments and after_comments modes, in block themes (the core/comments block; the test
 * site runs the default block theme) and in classic themes (the comments template, the comment form,
 * and the end of the loop for posts whose comments template themes skip).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\PostRatings;

final class FrontendCommentsTest extends FrontendRatingCase {

	private const COMMENTS_BLOCK = '<!-- wp:comments --><div class="wp-block-comments"><!-- wp:post-comments-form /--></div><!-- /wp:comments -->';

	private string $fixture_dir = '';

	protected function tearDown(): void {
		if ( '' !== $this->fixture_dir ) {
			self::remove_tree( $this->fixture_dir );
		}
		parent::tearDown();
	}

	/**
	 * A classic theme for the rest of the test: a stylesheet without block templates, whose comments
	 * template lists the comments and prints the comment form.
	 */
	private function classic_theme(): void {
		$this->fixture_dir = sys_get_temp_dir() . '/uf-classic-' . getmypid() . '-' . wp_rand();
		wp_mkdir_p( $this->fixture_dir );
		file_put_contents( $this->fixture_dir . '/comments.php', '<div id="uf-comment-list">COMMENTS</div><?php comment_form(); ?>' );
		$theme = static fn(): string => 'uf-classic-fixture';
		add_filter( 'pre_option_stylesheet', $theme );
		add_filter( 'pre_option_template', $theme );
		// After the plugin's own comments_template callback, as a theme's file would be found.
		add_filter( 'comments_template', fn(): string => $this->fixture_dir . '/comments.php', 99 );
		$this->assertFalse( wp_is_block_theme() );
	}

	private static function comments_template(): string {
		ob_start();
		comments_template();
		return (string) ob_get_clean();
	}

	public function test_block_theme_before_comments(): void {
		$this->assertTrue( wp_is_block_theme(), 'The test site runs a block theme.' );
		self::settings( array( 'display_settings' => 'before_comments' ) );
		$id = self::make_post();
		$this->visit( $id );
		$this->assertSame( array(), self::widgets( self::content() ) );

		$html = do_blocks( self::COMMENTS_BLOCK );
		$this->assertSame( array( (string) $id ), self::widgets( $html ) );
		$this->assertLessThan( strpos( $html, 'wp-block-comments' ), strpos( $html, 'userfeedback-post-rating' ) );
		$this->assertStringContainsString( 'id="respond"', $html );
		$this->assertSame( array(), self::widgets( do_blocks( self::COMMENTS_BLOCK ) ), 'Never twice.' );
	}

	public function test_block_theme_after_comments(): void {
		self::settings( array( 'display_settings' => 'after_comments' ) );
		$id = self::make_post();
		$this->visit( $id );
		$html = do_blocks( self::COMMENTS_BLOCK );
		$this->assertSame( array( (string) $id ), self::widgets( $html ) );
		$this->assertGreaterThan( strpos( $html, 'id="respond"' ), strpos( $html, 'userfeedback-post-rating' ) );
	}

	public function test_block_theme_with_closed_comments_still_places_it(): void {
		self::settings( array( 'display_settings' => 'after_comments' ) );
		$id = self::make_post( 'Closed', array( 'comment_status' => 'closed' ) );
		$this->visit( $id );
		$this->assertSame( array( (string) $id ), self::widgets( do_blocks( self::COMMENTS_BLOCK ) ) );
	}

	public function test_block_theme_comments_modes_ignore_the_other_modes(): void {
		foreach ( array( 'after_content', 'manual' ) as $mode ) {
			self::settings( array( 'display_settings' => $mode ) );
			$this->visit( self::make_post( $mode ) );
			$this->assertSame( array(), self::widgets( do_blocks( self::COMMENTS_BLOCK ) ), $mode );
		}
	}

	public function test_classic_theme_before_comments(): void {
		$this->classic_theme();
		self::settings( array( 'display_settings' => 'before_comments' ) );
		$id = self::make_post();
		$this->visit( $id );
		$this->assertSame( array(), self::widgets( self::content() ) );
		$html = self::comments_template();
		$this->assertSame( array( (string) $id ), self::widgets( $html ) );
		$this->assertLessThan( strpos( $html, 'uf-comment-list' ), strpos( $html, 'userfeedback-post-rating' ) );

		ob_start();
		have_posts(); // The loop ends: printed already, nothing more.
		$this->assertSame( '', ob_get_clean() );
	}

	public function test_classic_theme_after_comments(): void {
		$this->classic_theme();
		self::settings( array( 'display_settings' => 'after_comments' ) );
		$id = self::make_post();
		$this->visit( $id );
		$html = self::comments_template();
		$this->assertSame( array( (string) $id ), self::widgets( $html ) );
		$this->assertGreaterThan( strpos( $html, '</form>' ), strpos( $html, 'userfeedback-post-rating' ) );
	}

	public function test_classic_theme_after_comments_when_they_are_closed(): void {
		$this->classic_theme();
		self::settings( array( 'display_settings' => 'after_comments' ) );
		$id = self::make_post( 'Closed', array( 'comment_status' => 'closed' ) );
		wp_insert_comment(
			array(
				'comment_post_ID'  => $id,
				'comment_content'  => 'An old comment',
				'comment_approved' => 1,
			)
		);
		$this->visit( $id );
		$html = self::comments_template();
		$this->assertSame( array( (string) $id ), self::widgets( $html ), 'comment_form() of closed comments.' );
		$this->assertGreaterThan( strpos( $html, 'uf-comment-list' ), strpos( $html, 'userfeedback-post-rating' ) );
	}

	public function test_classic_theme_without_a_comments_section_gets_it_at_the_end_of_the_loop(): void {
		$this->classic_theme();
		self::settings( array( 'display_settings' => 'before_comments' ) );
		$id = self::make_post( 'No comments', array( 'comment_status' => 'closed' ) );
		$this->visit( $id );
		$this->assertSame( array(), self::widgets( self::content() ) );
		ob_start();
		$this->assertFalse( have_posts() );
		$this->assertSame( array( (string) $id ), self::widgets( (string) ob_get_clean() ) );
	}

	public function test_the_end_of_the_loop_waits_for_open_comments_and_block_themes(): void {
		self::settings( array( 'display_settings' => 'after_comments' ) );
		$this->visit( self::make_post( 'Closed in a block theme', array( 'comment_status' => 'closed' ) ) );
		ob_start();
		have_posts();
		$this->assertSame( '', ob_get_clean(), 'Block themes build the page as a string: printing there would land before the doctype.' );

		$this->classic_theme();
		$this->visit( self::make_post( 'Open' ) );
		ob_start();
		have_posts();
		$this->assertSame( '', ob_get_clean(), 'The comments template prints it.' );
	}
}
