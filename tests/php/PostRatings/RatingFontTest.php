<?php
/**
 * The post-ratings font loads from the plugin's own folder (Frontend\Fonts), from Google's only when the
 * site opted in, and nothing loads for the theme's font or a family outside the catalogue.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\PostRatings;

use UserFeedback\PostRatings\Frontend\RatingAssets;
use UserFeedback\Settings\SettingsRepository;
use UserFeedback\Settings\SettingsSchema;

final class RatingFontTest extends FrontendRatingCase {

	private static function font_src(): ?string {
		$style = wp_styles()->registered[ RatingAssets::FONT_HANDLE ] ?? null;
		return $style ? (string) $style->src : null;
	}

	public function test_a_catalogue_font_is_self_hosted_in_the_head(): void {
		self::settings( array( 'font' => 'Merriweather' ) );
		$this->visit( self::make_post() );
		$html = self::content();
		$this->assertCount( 1, self::widgets( $html ) );
		$this->assertTrue( wp_style_is( RatingAssets::FONT_HANDLE, 'enqueued' ), 'The head is still to come.' );
		$this->assertSame( plugins_url( 'build/fonts/merriweather.css', USERFEEDBACK_FILE ) . '?ver=' . USERFEEDBACK_VERSION, self::font_src() );
		$this->assertStringContainsString( 'font-family:&#039;Merriweather&#039;,sans-serif;', $html );

		ob_start();
		wp_styles()->do_items( RatingAssets::FONT_HANDLE );
		$this->assertStringContainsString( 'build/fonts/merriweather.css?ver=' . USERFEEDBACK_VERSION . "'", (string) ob_get_clean(), 'No second version argument.' );
	}

	public function test_after_the_head_the_link_comes_before_the_widget_once(): void {
		self::settings(
			array(
				'font'             => 'Lato',
				'display_settings' => 'manual',
			)
		);
		$this->visit( self::make_post( 'Sidebar' ) );
		$GLOBALS['wp_actions']['wp_head'] = 1;
		$html = do_shortcode( '[userfeedback_post_rating]' );
		$this->assertStringContainsString( '<link rel="stylesheet" id="userfeedback-post-rating-font-css" href="' . esc_url( plugins_url( 'build/fonts/lato.css', USERFEEDBACK_FILE ) . '?ver=' . USERFEEDBACK_VERSION ) . '"', $html );
		$this->assertFalse( wp_style_is( RatingAssets::FONT_HANDLE, 'enqueued' ), 'Not again in the footer.' );
		$this->assertSame( '', ( new RatingAssets() )->font_before_widget( 'Lato' ), 'Once.' );
	}

	public function test_opted_in_the_font_comes_from_google(): void {
		update_option( SettingsRepository::OPTION, array_merge( SettingsSchema::defaults(), array( 'external_fonts' => true ) ) );
		self::settings( array( 'font' => 'Ubuntu' ) );
		$this->visit( self::make_post() );
		self::content();
		$this->assertSame( 'https://fonts.googleapis.com/css2?family=Ubuntu:wght@300;400;500;700&display=swap', self::font_src() );
	}

	public function test_the_theme_font_or_an_unknown_family_loads_nothing(): void {
		foreach ( array( '', 'Comic Sans' ) as $font ) {
			$GLOBALS['wp_styles'] = null;
			self::settings( array( 'font' => $font ) );
			$this->visit( self::make_post( "Font '$font'" ) );
			$this->assertCount( 1, self::widgets( self::content() ) );
			$this->assertNull( self::font_src(), "Font '$font'." );
		}
	}
}
