<?php
/**
 * The post-rating widget's script (build/widget/post-rating.js, deferred, in the footer) and stylesheet
 * (build/widget/post-rating.css), on the pages that print the widget only.
 *
 * No layout shift: the stylesheet has to be there when the markup paints. It goes in the head when the
 * page is known to print the widget by wp_enqueue_scripts (automatic placement on a ratable post, the
 * block or shortcode in the post's content), and block themes render their templates before wp_head, so
 * enqueueing while rendering still reaches the head. Anything later (a classic theme printing the
 * shortcode from a widget area) gets the stylesheet inline, once, before the first widget.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\PostRatings\Frontend;

use UserFeedback\Frontend\Fonts;
use UserFeedback\Settings\SettingsRepository;

defined( 'ABSPATH' ) || exit;

final class RatingAssets {

	public const HANDLE = 'userfeedback-post-rating';

	public const FONT_HANDLE = 'userfeedback-post-rating-font';

	private const SCRIPT = 'build/widget/post-rating.js';

	private const STYLE = 'build/widget/post-rating.css';

	/**
	 * Puts the script and, while the head is still to come, the stylesheet on the page.
	 */
	public function enqueue(): void {
		if ( is_readable( USERFEEDBACK_DIR . self::SCRIPT ) && ! wp_script_is( self::HANDLE, 'registered' ) ) {
			wp_register_script(
				self::HANDLE,
				plugins_url( self::SCRIPT, USERFEEDBACK_FILE ),
				array(),
				self::version( self::SCRIPT ),
				array(
					'in_footer' => true,
					'strategy'  => 'defer',
				)
			);
		}
		if ( wp_script_is( self::HANDLE, 'registered' ) ) {
			wp_enqueue_script( self::HANDLE );
		}
		if ( ! did_action( 'wp_head' ) || doing_action( 'wp_head' ) ) {
			$this->enqueue_style();
		}
	}

	/**
	 * What to print before a widget so that its stylesheet is in place: nothing when the stylesheet is
	 * (or will be) in the head, the stylesheet inline the first time otherwise.
	 */
	public function style_before_widget(): string {
		$this->enqueue();
		if ( wp_style_is( self::HANDLE, 'enqueued' ) || wp_style_is( self::HANDLE, 'done' ) || ! is_readable( USERFEEDBACK_DIR . self::STYLE ) ) {
			return '';
		}
		$css = (string) file_get_contents( USERFEEDBACK_DIR . self::STYLE ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local build file.
		// Registered and marked done: neither printed again nor enqueued into the footer later.
		$this->register_style();
		wp_styles()->done[] = self::HANDLE;
		// The build's own CSS; "</" cannot occur in it, but a closing tag must never end the element early.
		return '<style id="' . esc_attr( self::HANDLE . '-inline-css' ) . '">' . str_replace( '</', '<\/', $css ) . '</style>';
	}

	/**
	 * What to print before a widget so that the font of the settings loads: its stylesheet (self-hosted,
	 * or Google's when the site opted in: Frontend\Fonts) in the head while it is still to come, else a
	 * link before the first widget; nothing for the theme's font or a family outside the catalogue.
	 *
	 * @param string $family The post-ratings font setting.
	 */
	public function font_before_widget( string $family ): string {
		$url = Fonts::stylesheet_url( $family, Fonts::external( ( new SettingsRepository() )->all() ) );
		if ( null === $url || wp_style_is( self::FONT_HANDLE, 'enqueued' ) || wp_style_is( self::FONT_HANDLE, 'done' ) ) {
			return '';
		}
		// No version argument: the URL carries its own (?ver= of the plugin, or Google's query).
		wp_register_style( self::FONT_HANDLE, $url, array(), null ); // phpcs:ignore WordPress.WP.EnqueuedResourceParameters.MissingVersion
		if ( ! did_action( 'wp_head' ) || doing_action( 'wp_head' ) ) {
			wp_enqueue_style( self::FONT_HANDLE );
			return '';
		}
		wp_styles()->done[] = self::FONT_HANDLE;
		return '<link rel="stylesheet" id="' . esc_attr( self::FONT_HANDLE . '-css' ) . '" href="' . esc_url( $url ) . '" media="all" />'; // phpcs:ignore WordPress.WP.EnqueuedResources.NonEnqueuedStylesheet -- the head is gone.
	}

	private function enqueue_style(): void {
		if ( $this->register_style() ) {
			wp_enqueue_style( self::HANDLE );
		}
	}

	private function register_style(): bool {
		if ( ! is_readable( USERFEEDBACK_DIR . self::STYLE ) ) {
			return false;
		}
		if ( ! wp_style_is( self::HANDLE, 'registered' ) ) {
			wp_register_style( self::HANDLE, plugins_url( self::STYLE, USERFEEDBACK_FILE ), array(), self::version( self::STYLE ) );
		}
		return true;
	}

	private static function version( string $file ): string {
		return USERFEEDBACK_VERSION . '-' . (string) filemtime( USERFEEDBACK_DIR . $file );
	}
}
