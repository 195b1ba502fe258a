<?php
/**
 * Theming is resolved on the server against the entitlements: without branding neither the survey's nor
 * the site's paid look applies, middle positions need the paid version, start-minimised needs behavior.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Frontend;

use UserFeedback\Frontend\VisitorTheming;
use UserFeedback\Licensing\Entitlements;
use UserFeedback\Licensing\License;
use UserFeedback\Settings\SettingsRepository;
use UserFeedback\Settings\SettingsSchema;

final class VisitorThemingTest extends FrontendTestCase {

	/**
	 * A survey that set everything it could.
	 *
	 * @return array<string,mixed>
	 */
	private static function branded_settings(): array {
		return array(
			'behavior' => array(
				'timing'          => 'immediate',
				'start_minimized' => true,
			),
			'theming'  => array(
				'color_scheme'        => 'dark',
				'widget_color'        => '#111111',
				'text_color'          => '#eeeeee',
				'button_color'        => '#ff0000',
				'widget_toggle_text'  => 'Talk to us',
				'font'                => array(
					'family' => 'Lato',
					'weight' => '700',
				),
				'position'            => 'middle_left',
				'widget_toggle_icon'  => 'smile',
				'widget_toggle_color' => '#00ff00',
				'show_logo'           => true,
				'custom_logo'         => 'https://example.com/survey-logo.png',
				'start_minimized'     => true,
				'logo_type'           => 'custom',
				'skip_text'           => 'Pass',
				'next_text'           => 'Onwards',
			),
		);
	}

	/**
	 * Site widget settings that a Pro site once saved.
	 *
	 * @param array<string,mixed> $over Changes.
	 * @return array<string,mixed>
	 */
	private static function site( array $over = array() ): array {
		return array_merge(
			SettingsSchema::defaults(),
			array(
				'widget_theme'           => 'light',
				'widget_color'           => '#abcdef',
				'widget_text_color'      => '#123456',
				'widget_button_color'    => '#654321',
				'widget_toggle_text'     => 'Feedback?',
				'widget_toggle_icon'     => 'mail-open',
				'widget_toggle_color'    => '#999999',
				'widget_font'            => array(
					'family' => 'Roboto',
					'weight' => '400',
				),
				'widget_position'        => 'bottom_left',
				'widget_custom_logo'     => 'https://example.com/site-logo.png',
				'logo_type'              => 'custom',
				'widget_start_minimized' => true,
				'skip_text'              => 'Later',
				'next_text'              => 'Go on',
			),
			$over
		);
	}

	/**
	 * @param string[] $addons Active addons.
	 */
	private static function tier( string $edition, ?string $type, array $addons = array() ): Entitlements {
		return new Entitlements( $edition, new License( $type ? 'test-key' : '', $type ), $addons );
	}

	public function test_lite_gets_the_presets_of_the_site_colour_scheme_whatever_was_stored(): void {
		foreach ( array( 'light', 'dark' ) as $scheme ) {
			$settings = VisitorTheming::resolve( self::branded_settings(), self::site( array( 'widget_theme' => $scheme ) ), self::tier( 'lite', null ) );
			$theming  = $settings['theming'];

			$this->assertSame( $scheme, $theming['color_scheme'], 'The scheme is the site\'s (Settings > Widget), not the survey\'s.' );
			$this->assertSame( VisitorTheming::PRESETS[ $scheme ]['widget_color'], $theming['widget_color'] );
			$this->assertSame( VisitorTheming::PRESETS[ $scheme ]['text_color'], $theming['text_color'] );
			$this->assertSame( '#2D87F1', $theming['button_color'] );
			$this->assertSame( array( 'family' => '', 'weight' => '' ), $theming['font'], 'The theme\'s font.' );
			$this->assertSame( '', $theming['widget_toggle_text'] );
			$this->assertSame( 'userfeedback', $theming['widget_toggle_icon'] );
			$this->assertSame( '#23282D', $theming['widget_toggle_color'] );
			$this->assertSame( 'userfeedback', $theming['logo_type'] );
			$this->assertSame( '', $theming['custom_logo'] );
			$this->assertTrue( $theming['show_logo'] );
			$this->assertSame( 'bottom_left', $theming['position'], 'Left or right is Lite\'s to choose.' );
			$this->assertSame( 'Later', $theming['skip_text'] );
			$this->assertSame( 'Go on', $theming['next_text'] );
			$this->assertFalse( $theming['start_minimized'] );
			$this->assertFalse( $settings['behavior']['start_minimized'], 'Start minimised needs the behavior addon.' );
			$this->assertSame( 'immediate', $settings['behavior']['timing'], 'Other settings pass through.' );
		}
	}

	public function test_lite_may_hide_the_logo(): void {
		$theming = VisitorTheming::resolve( array(), self::site( array( 'logo_type' => 'none' ) ), self::tier( 'lite', null ) )['theming'];
		$this->assertFalse( $theming['show_logo'] );
	}

	public function test_a_licensed_site_without_the_branding_addon_gets_the_presets_too(): void {
		$theming = VisitorTheming::resolve( self::branded_settings(), self::site(), self::tier( 'pro', 'elite', array( 'behavior', 'targeting' ) ) )['theming'];
		$this->assertSame( '#ffffff', $theming['widget_color'] );
		$this->assertSame( 'light', $theming['color_scheme'] );
		$this->assertSame( '', $theming['custom_logo'] );
		$this->assertSame( 'bottom_left', $theming['position'] );
		$this->assertTrue( $theming['start_minimized'], 'With behavior, the survey starts minimised as it says.' );
	}

	public function test_with_branding_the_survey_wins_and_the_site_fills_the_gaps(): void {
		$settings = VisitorTheming::resolve( self::branded_settings(), self::site(), self::tier( 'pro', 'plus', array( 'branding', 'behavior' ) ) );
		$theming  = $settings['theming'];
		$own      = self::branded_settings()['theming'];
		foreach ( array( 'color_scheme', 'widget_color', 'text_color', 'button_color', 'widget_toggle_text', 'font', 'widget_toggle_icon', 'widget_toggle_color', 'custom_logo', 'logo_type', 'skip_text', 'next_text' ) as $key ) {
			$this->assertSame( $own[ $key ], $theming[ $key ], $key );
		}
		$this->assertSame( 'middle_left', $theming['position'], 'A licensed site may use the middle positions.' );
		$this->assertTrue( $settings['behavior']['start_minimized'] );

		// A partial row (an older version, a direct insert): the site's settings are the defaults.
		$partial = VisitorTheming::resolve(
			array(
				'theming' => array(
					'button_color' => '',
					'text_color'   => '#000001',
					'font'         => array(
						'family' => '',
						'weight' => '',
					),
				),
			),
			self::site(),
			self::tier( 'pro', 'plus', array( 'branding' ) )
		)['theming'];
		$this->assertSame( '#000001', $partial['text_color'] );
		$this->assertSame( '#654321', $partial['button_color'], 'An empty value is no choice.' );
		$this->assertSame( array( 'family' => 'Roboto', 'weight' => '400' ), $partial['font'], 'No family is no choice either.' );
		$this->assertSame( 'custom', $partial['logo_type'] );
		$this->assertSame( 'https://example.com/site-logo.png', $partial['custom_logo'] );
		$this->assertFalse( $partial['start_minimized'], 'Without behavior nothing starts minimised, whatever the site says.' );
	}

	public function test_a_survey_that_only_picks_the_other_scheme_gets_that_schemes_preset(): void {
		$site = self::site( array( 'widget_theme' => 'light' ) );
		$dark = VisitorTheming::resolve( array( 'theming' => array( 'color_scheme' => 'dark' ) ), $site, self::tier( 'pro', 'plus', array( 'branding' ) ) )['theming'];
		$this->assertSame( 'dark', $dark['color_scheme'] );
		$this->assertSame( VisitorTheming::PRESETS['dark'], array_intersect_key( $dark, VisitorTheming::PRESETS['dark'] ), 'Not the light site colours on a dark survey.' );

		$own = VisitorTheming::resolve(
			array(
				'theming' => array(
					'color_scheme' => 'dark',
					'button_color' => '#aa0000',
				),
			),
			$site,
			self::tier( 'pro', 'plus', array( 'branding' ) )
		)['theming'];
		$this->assertSame( '#aa0000', $own['button_color'], 'A colour the survey set still wins.' );
		$this->assertSame( '#333333', $own['widget_color'] );
	}

	public function test_middle_positions_fall_back_to_the_bottom_of_the_same_side_without_the_paid_version(): void {
		$lite = self::tier( 'lite', null );
		$this->assertSame( 'bottom_right', VisitorTheming::resolve( array(), self::site( array( 'widget_position' => 'middle_right' ) ), $lite )['theming']['position'] );
		$this->assertSame( 'bottom_left', VisitorTheming::resolve( array(), self::site( array( 'widget_position' => 'middle_left' ) ), $lite )['theming']['position'] );
		$this->assertSame( 'bottom_right', VisitorTheming::resolve( array(), self::site( array( 'widget_position' => 'top_center' ) ), $lite )['theming']['position'], 'Unknown positions too.' );
		$this->assertSame( 'middle_right', VisitorTheming::resolve( array(), self::site( array( 'widget_position' => 'middle_right' ) ), self::tier( 'pro', 'plus' ) )['theming']['position'] );
	}

	public function test_the_page_config_carries_the_resolved_theming(): void {
		( new SettingsRepository() )->save( self::site( array( 'widget_theme' => 'dark' ) ) );
		$this->add_survey( 'publish', null, array( 'settings' => self::branded_settings() ) );

		$this->set_entitlements( 'lite', null );
		$this->front_page();
		$config  = $this->page_config();
		$theming = $config['surveys'][0]['settings']['theming'];
		$this->assertSame( '#333333', $theming['widget_color'] );
		$this->assertSame( 'bottom_left', $theming['position'] );
		$this->assertFalse( $config['surveys'][0]['settings']['behavior']['start_minimized'] );
		$this->assertStringNotContainsString( 'survey-logo.png', self::inline_config() );
		$this->assertSame( 'Later', $config['strings']['skip'] );

		$this->set_entitlements( 'pro', 'elite', Entitlements::ADDONS );
		$this->front_page();
		$config = $this->page_config();
		$this->assertSame( '#111111', $config['surveys'][0]['settings']['theming']['widget_color'] );
		$this->assertSame( 'middle_left', $config['surveys'][0]['settings']['theming']['position'] );
		$this->assertTrue( $config['surveys'][0]['settings']['behavior']['start_minimized'] );
	}
}
