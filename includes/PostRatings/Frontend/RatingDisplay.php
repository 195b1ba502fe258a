<?php
/**
 * Where the post-rating widget goes (display_settings): after the content, before or after the comments,
 * or only where the userfeedback/post-rating block or the [userfeedback_post_rating] shortcode puts it
 * (both work in every mode). Whatever asks for it, a post's widget is printed at most once per page.
 *
 * Only on the singular view of a ratable post (RatablePosts::find()), only while the site may use post
 * ratings, never in feeds, embeds, REST answers or the admin.
 *
 * Comments: classic themes have no action before their comments template, so the widget is printed from
 * the comments_template filter (before) and after the comment form (after); a post whose comments are
 * closed and empty, for which themes skip the template, gets it at the end of the main loop. Block
 * themes render the core/comments block (empty when comments are closed and there are none, but
 * rendered all the same): the widget goes before or after it.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\PostRatings\Frontend;

use UserFeedback\Licensing\Entitlements;
use UserFeedback\PostRatings\RatablePosts;
use UserFeedback\PostRatings\RatingRepository;
use UserFeedback\PostRatings\RatingSettingsRepository;

defined( 'ABSPATH' ) || exit;

final class RatingDisplay {

	public const BLOCK = 'userfeedback/post-rating';

	public const SHORTCODE = 'userfeedback_post_rating';

	/**
	 * Posts whose widget this page printed, per main query (a new WP_Query is a new page: tests, and
	 * anything that re-runs the main query).
	 *
	 * @var \WeakMap<\WP_Query,array<int,true>>
	 */
	private \WeakMap $printed;

	/**
	 * @param RatingSettingsRepository $settings     Post-ratings settings.
	 * @param RatingRepository         $ratings      The votes (summary()).
	 * @param \Closure                 $entitlements Returns the site's Entitlements.
	 * @param RatingMarkup             $markup       The widget's HTML.
	 * @param RatingAssets             $assets       Its script and stylesheet.
	 */
	public function __construct(
		private readonly RatingSettingsRepository $settings,
		private readonly RatingRepository $ratings,
		private readonly \Closure $entitlements,
		private readonly RatingMarkup $markup = new RatingMarkup(),
		private readonly RatingAssets $assets = new RatingAssets(),
	) {
		$this->printed = new \WeakMap();
	}

	public function register(): void {
		add_action( 'init', array( $this, 'add_block_and_shortcode' ) );
		add_action( 'wp_enqueue_scripts', array( $this, 'enqueue' ) );
		// After blocks (9), wpautop (10) and shortcodes (11): a block or shortcode in the content comes first.
		add_filter( 'the_content', array( $this, 'after_content' ), 20 );
		add_filter( 'comments_template', array( $this, 'before_comments_template' ) );
		add_action( 'comment_form_after', array( $this, 'after_comment_form' ) );
		add_action( 'comment_form_comments_closed', array( $this, 'after_comment_form' ) );
		add_action( 'loop_end', array( $this, 'at_loop_end' ) );
		add_filter( 'render_block_core/comments', array( $this, 'around_comments_block' ), 10, 3 );
		add_filter( 'render_block_core/post-comments', array( $this, 'around_comments_block' ), 10, 3 );
	}

	public function add_block_and_shortcode(): void {
		add_shortcode( self::SHORTCODE, array( $this, 'shortcode' ) );
		if ( ! \WP_Block_Type_Registry::get_instance()->is_registered( self::BLOCK ) ) {
			register_block_type( USERFEEDBACK_DIR . 'blocks/post-rating', array( 'render_callback' => array( $this, 'block' ) ) );
		}
	}

	/**
	 * On wp_enqueue_scripts: the stylesheet in the head (and the script) when this page will print the
	 * widget, as far as can be known before the content renders.
	 */
	public function enqueue(): void {
		$post = $this->page_post();
		if ( null === $post ) {
			return;
		}
		$manual = 'manual' === $this->settings->all()['display_settings'];
		if ( ! $manual || has_block( self::BLOCK, $post ) || has_shortcode( $post->post_content, self::SHORTCODE ) ) {
			$this->assets->enqueue();
		}
	}

	/**
	 * [userfeedback_post_rating]: the widget of the post being shown.
	 */
	public function shortcode(): string {
		return $this->render( get_post() );
	}

	/**
	 * The userfeedback/post-rating block (blocks/post-rating/block.json): the widget of the post in the
	 * block's context, inside the block wrapper's classes and styles.
	 *
	 * @param array<string,mixed> $attributes Block attributes.
	 * @param string              $content    Inner content (none).
	 * @param \WP_Block|null      $block      The block instance.
	 */
	public function block( array $attributes = array(), string $content = '', ?\WP_Block $block = null ): string {
		$post_id = isset( $block->context['postId'] ) ? (int) $block->context['postId'] : get_the_ID();
		return $this->render(
			$post_id ? $post_id : null,
			// Adds the wrapper's class, alignment and spacing; there are none outside a block render.
			static fn( array $root ): string => null === \WP_Block_Supports::$block_to_render ? '' : get_block_wrapper_attributes( $root )
		);
	}

	/**
	 * The_content filter: the widget after the main post's content in the after_content mode.
	 *
	 * @param string $content The post's content.
	 */
	public function after_content( $content ): string {
		$content = (string) $content;
		// The cheap checks first: this runs for every post of every archive page.
		if ( ! is_singular() || ! in_the_loop() || ! is_main_query() || doing_filter( 'get_the_excerpt' ) || ! $this->mode_is( 'after_content' ) ) {
			return $content;
		}
		return $content . $this->render( get_post() );
	}

	/**
	 * The comments_template filter runs right before a classic theme includes its comments template:
	 * the only point before the comments where printing lands in the page.
	 *
	 * @param string $template The theme's comments template.
	 */
	public function before_comments_template( $template ): string {
		if ( $this->mode_is( 'before_comments' ) && ! wp_is_block_theme() ) {
			echo $this->render( get_post() ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped by RatingMarkup.
		}
		return (string) $template;
	}

	public function after_comment_form(): void {
		if ( $this->mode_is( 'after_comments' ) && ! wp_is_block_theme() ) {
			echo $this->render( get_post() ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped by RatingMarkup.
		}
	}

	/**
	 * Classic themes skip the comments template when comments are closed and there are none: the
	 * widget then goes at the end of the main loop (printed, as classic themes print the loop).
	 *
	 * @param \WP_Query $query The query whose loop ended.
	 */
	public function at_loop_end( $query ): void {
		if ( ! $query instanceof \WP_Query || ! $query->is_main_query() || wp_is_block_theme()
			|| ! ( $this->mode_is( 'before_comments' ) || $this->mode_is( 'after_comments' ) ) ) {
			return;
		}
		$post = $this->page_post();
		if ( null === $post || comments_open( $post ) || (int) get_comments_number( $post ) > 0 ) {
			return;
		}
		echo $this->render( $post ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- escaped by RatingMarkup.
	}

	/**
	 * Block themes: before or after the core/comments block (and the legacy core/post-comments).
	 *
	 * @param string         $html  The block's HTML.
	 * @param array          $data  The parsed block.
	 * @param \WP_Block|null $block The block instance.
	 */
	public function around_comments_block( $html, $data = array(), $block = null ): string {
		$html = (string) $html;
		if ( ! is_singular() ) {
			return $html;
		}
		$before = $this->mode_is( 'before_comments' );
		if ( ! $before && ! $this->mode_is( 'after_comments' ) ) {
			return $html;
		}
		$post_id = $block instanceof \WP_Block && isset( $block->context['postId'] ) ? (int) $block->context['postId'] : get_the_ID();
		$widget  = $this->render( $post_id ? $post_id : null );
		return $before ? $widget . $html : $html . $widget;
	}

	/**
	 * The widget of $post, or '' when it is not to be shown here (see the class comment) or was
	 * printed already.
	 *
	 * @param \WP_Post|int|null $post    The post.
	 * @param \Closure|null     $wrapper See RatingMarkup::html().
	 */
	public function render( $post, ?\Closure $wrapper = null ): string {
		$page = $this->page_post();
		$post = null === $post ? null : get_post( $post );
		if ( null === $page || ! $post instanceof \WP_Post || $post->ID !== $page->ID ) {
			return '';
		}
		$query   = $GLOBALS['wp_the_query'];
		$printed = $this->printed[ $query ] ?? array();
		if ( isset( $printed[ $post->ID ] ) ) {
			return '';
		}
		$printed[ $post->ID ]    = true;
		$this->printed[ $query ] = $printed;

		$settings = $this->settings->all();
		$style    = $this->assets->style_before_widget() . $this->assets->font_before_widget( (string) ( $settings['font'] ?? '' ) );
		return $style . $this->markup->html( $post, $settings, $this->ratings->summary( $post->ID ), $wrapper );
	}

	/**
	 * The ratable post this page is the singular view of, while the site may use post ratings and the
	 * request is a front-end page; null otherwise.
	 */
	private function page_post(): ?\WP_Post {
		if ( is_admin() || is_feed() || is_embed() || wp_is_serving_rest_request() || wp_is_json_request()
			|| ! is_singular() || ! $GLOBALS['wp_the_query'] instanceof \WP_Query ) {
			return null;
		}
		$entitlements = ( $this->entitlements )();
		if ( ! $entitlements instanceof Entitlements || ! $entitlements->can( 'post_ratings' ) ) {
			return null;
		}
		$id = get_queried_object_id();
		// get_post( 0 ) would answer with the global post.
		return $id > 0 ? RatablePosts::find( $id ) : null;
	}

	private function mode_is( string $mode ): bool {
		return $mode === $this->settings->all()['display_settings'];
	}
}
