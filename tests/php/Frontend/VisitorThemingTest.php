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
	 * A survey that set everything it could, with a look of its own (source custom).
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
				'source'              => 'custom',
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

	/**
	 * The default Skip and Next labels are stored in English: the widget gets '' for them and shows its
	 * own translated words (WidgetLoader::strings()); a label the site or the survey set stays.
	 */
	public function test_default_button_labels_give_way_to_the_translated_words(): void {
		foreach ( array( self::tier( 'lite', null ), self::tier( 'pro', 'plus', array( 'branding' ) ) ) as $tier ) {
			$defaults = array_intersect_key( SettingsSchema::defaults(), array_flip( array( 'skip_text', 'next_text' ) ) );
			$theming  = VisitorTheming::resolve( array(), self::site( $defaults ), $tier )['theming'];
			$this->assertSame( array( 'Skip', 'Next' ), array( $theming['skip_text'], $theming['next_text'] ), 'the previews keep the labels' );
			$theming = VisitorTheming::for_widget( $theming );
			$this->assertSame( array( '', '' ), array( $theming['skip_text'], $theming['next_text'] ) );
			$theming = VisitorTheming::for_widget( VisitorTheming::resolve( array(), self::site( array( 'skip_text' => 'Later', 'next_text' => 'On' ) ), $tier )['theming'] );
			$this->assertSame( array( 'Later', 'On' ), array( $theming['skip_text'], $theming['next_text'] ) );
		}
		$own = array(
			'theming' => array(
				'source'    => 'custom',
				'skip_text' => 'Not now',
			),
		);
		$this->assertSame( 'Not now', VisitorTheming::for_widget( VisitorTheming::resolve( $own, self::site( $defaults ), self::tier( 'pro', 'plus', array( 'branding' ) ) )['theming'] )['skip_text'] );

		$german = static fn( $translation, $text, $domain ) => 'userfeedback' === $domain ? ( array( 'Skip' => 'Überspringen', 'Next' => 'Weiter' )[ $text ] ?? $translation ) : $translation;
		add_filter( 'gettext', $german, 10, 3 );
		try {
			$loader  = new \UserFeedback\Frontend\WidgetLoader( new \UserFeedback\Frontend\VisitorSurveys( \UserFeedback\Plugin::instance()->surveys ), \UserFeedback\Plugin::instance()->settings, static fn() => \UserFeedback\Plugin::instance()->entitlements() );
			$strings = $loader->strings( SettingsSchema::defaults() );
			$this->assertSame( array( 'Überspringen', 'Weiter' ), array( $strings['skip'], $strings['next'] ) );
			$strings = $loader->strings( array_merge( SettingsSchema::defaults(), array( 'skip_text' => 'Later' ) ) );
			$this->assertSame( array( 'Later', 'Weiter' ), array( $strings['skip'], $strings['next'] ) );
		} finally {
			remove_filter( 'gettext', $german, 10 );
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
					'source'       => 'custom',
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
		$dark = VisitorTheming::resolve( array( 'theming' => array( 'source' => 'custom', 'color_scheme' => 'dark' ) ), $site, self::tier( 'pro', 'plus', array( 'branding' ) ) )['theming'];
		$this->assertSame( 'dark', $dark['color_scheme'] );
		$this->assertSame( VisitorTheming::PRESETS['dark'], array_intersect_key( $dark, VisitorTheming::PRESETS['dark'] ), 'Not the light site colours on a dark survey.' );

		$own = VisitorTheming::resolve(
			array(
				'theming' => array(
					'source'       => 'custom',
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

	public function test_a_survey_that_follows_the_site_gets_the_sites_widget_settings_exactly(): void {
		$site = self::site( array( 'widget_position' => 'middle_right' ) );
		foreach ( array( 'site', null ) as $source ) {
			$settings = self::branded_settings();
			if ( null === $source ) {
				unset( $settings['theming']['source'] );
			} else {
				$settings['theming']['source'] = $source;
			}
			$settings['behavior']['start_minimized'] = false;
			$resolved = VisitorTheming::resolve( $settings, $site, self::tier( 'pro', 'elite', array( 'branding', 'behavior' ) ) );
			$theming  = $resolved['theming'];
			$label    = null === $source ? 'no source' : $source;
			$this->assertSame( '#abcdef', $theming['widget_color'], $label );
			$this->assertSame( '#123456', $theming['text_color'], $label );
			$this->assertSame( '#654321', $theming['button_color'], $label );
			$this->assertSame( 'light', $theming['color_scheme'], $label );
			$this->assertSame( array( 'family' => 'Roboto', 'weight' => '400' ), $theming['font'], $label );
			$this->assertSame( 'mail-open', $theming['widget_toggle_icon'], $label );
			$this->assertSame( 'Feedback?', $theming['widget_toggle_text'], $label );
			$this->assertSame( 'https://example.com/site-logo.png', $theming['custom_logo'], $label );
			$this->assertSame( 'Later', $theming['skip_text'], $label );
			$this->assertSame( 'middle_right', $theming['position'], $label );
			$this->assertTrue( $theming['start_minimized'], $label . ': the site\'s start-minimised, not the survey\'s behaviour.' );
			$this->assertTrue( $resolved['behavior']['start_minimized'], $label );
			$this->assertArrayNotHasKey( 'source', $theming, 'The widget gets the look, not where it came from.' );
			$this->assertSame( VisitorTheming::resolve( array(), $site, self::tier( 'pro', 'elite', array( 'branding', 'behavior' ) ) )['theming'], $theming, 'As a survey that sets nothing.' );
		}
	}

	public function test_a_survey_that_follows_the_site_is_still_gated(): void {
		$settings = array(
			'theming'  => array( 'source' => 'site' ),
			'behavior' => array( 'start_minimized' => true ),
		);
		$site     = self::site( array( 'widget_position' => 'middle_left' ) );
		$plus     = VisitorTheming::resolve( $settings, $site, self::tier( 'pro', 'plus', array( 'branding' ) ) )['theming'];
		$this->assertSame( '#abcdef', $plus['widget_color'] );
		$this->assertSame( 'middle_left', $plus['position'] );
		$this->assertFalse( $plus['start_minimized'], 'Start minimised needs the behavior addon.' );

		$lite = VisitorTheming::resolve( $settings, $site, self::tier( 'lite', null ) )['theming'];
		$this->assertSame( '#ffffff', $lite['widget_color'], 'Without branding, the site\'s colours give way to the preset.' );
		$this->assertSame( 'userfeedback', $lite['logo_type'] );
		$this->assertSame( 'bottom_left', $lite['position'], 'Without the paid version, middle becomes the bottom of the same side.' );
	}

	public function test_only_a_custom_survey_keeps_its_own_look_when_the_site_changes(): void {
		$tier   = self::tier( 'pro', 'elite', Entitlements::ADDONS );
		$custom = self::branded_settings();
		$site   = self::branded_settings();

		$site['theming']['source'] = 'site';
		foreach ( array( '#010101', '#020202' ) as $color ) {
			$now = self::site( array( 'widget_color' => $color, 'widget_position' => 'bottom_right' ) );
			$this->assertSame( $color, VisitorTheming::resolve( $site, $now, $tier )['theming']['widget_color'] );
			$this->assertSame( 'bottom_right', VisitorTheming::resolve( $site, $now, $tier )['theming']['position'] );
			$this->assertSame( '#111111', VisitorTheming::resolve( $custom, $now, $tier )['theming']['widget_color'] );
			$this->assertSame( 'middle_left', VisitorTheming::resolve( $custom, $now, $tier )['theming']['position'] );
		}
	}

	public function test_the_admin_boot_config_carries_the_sites_look_for_the_builder(): void {
		( new SettingsRepository() )->save( self::site( array( 'widget_color' => '#0a0b0c' ) ) );
		$this->as_user( 'administrator' );
		$look = self::boot_config()->for_page( 'surveys' )['widget_settings'];
		$this->assertSame( VisitorTheming::SITE_KEYS, array_keys( $look ) );
		$this->assertSame( '#0a0b0c', $look['widget_color'] );
		$this->assertSame( array( 'family' => 'Roboto', 'weight' => '400' ), $look['widget_font'] );
		$this->assertArrayNotHasKey( 'ai_api_key', $look, 'Only the look, no other setting.' );
	}

	public function test_the_survey_body_carries_the_resolved_theming(): void {
		( new SettingsRepository() )->save( self::site( array( 'widget_theme' => 'dark' ) ) );
		$this->add_survey( 'publish', null, array( 'settings' => self::branded_settings() ) );

		$this->set_entitlements( 'lite', null );
		$this->front_page();
		$body    = array_values( $this->page_bodies() )[0];
		$theming = $body['survey']['settings']['theming'];
		$this->assertSame( '#333333', $theming['widget_color'] );
		$this->assertSame( 'bottom_left', $theming['position'] );
		$this->assertFalse( $body['survey']['settings']['behavior']['start_minimized'] );
		$this->assertStringNotContainsString( 'survey-logo.png', (string) wp_json_encode( $body ) );
		$this->assertStringNotContainsString( 'theming', self::inline_config(), 'The look comes with the body, not in every page.' );
		$this->assertSame( 'Later', $body['strings']['skip'] );

		$this->set_entitlements( 'pro', 'elite', Entitlements::ADDONS );
		$this->front_page();
		$survey = $this->page_surveys()[0];
		$this->assertSame( '#111111', $survey['settings']['theming']['widget_color'] );
		$this->assertSame( 'middle_left', $survey['settings']['theming']['position'] );
		$this->assertTrue( $survey['settings']['behavior']['start_minimized'] );
	}
}
