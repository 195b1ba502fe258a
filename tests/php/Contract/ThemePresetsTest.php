<?php
/**
 * tests/fixtures/contract/theme-presets.json: the presets and the look without branding are the ones PHP
 * states (SettingsSchema::PRESETS, VisitorTheming::fallbacks()) and prints into the admin boot config,
 * and VisitorTheming::resolve() gives each case's look (the admin's previewTheming() and the widget's
 * themeStyle() run the same cases in Vitest).
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Contract;

use UserFeedback\Frontend\VisitorTheming;
use UserFeedback\Settings\SettingsSchema;
use UserFeedback\Tests\TestCase;

final class ThemePresetsTest extends TestCase {

	/**
	 * @return array<string,mixed>
	 */
	private static function corpus(): array {
		return json_decode( (string) file_get_contents( dirname( __DIR__, 2 ) . '/fixtures/contract/theme-presets.json' ), true, 64, JSON_THROW_ON_ERROR );
	}

	/**
	 * @return array<string,array{0:array<string,mixed>}>
	 */
	public static function looks(): array {
		return Corpus::cases( 'theme-presets.json' );
	}

	public function test_the_presets_and_fallbacks_are_the_ones_php_states_and_prints(): void {
		$corpus = self::corpus();
		$this->assertSame( SettingsSchema::PRESETS, $corpus['presets'] );
		$this->assertEquals( VisitorTheming::fallbacks(), array( 'presets' => $corpus['presets'], 'unbranded' => $corpus['unbranded'] ) );

		$this->as_user( 'administrator' );
		$config = self::boot_config()->for_page( 'settings' );
		$this->assertEquals( VisitorTheming::fallbacks(), $config['theme_presets'] );
		$this->assertSame( SettingsSchema::PRESETS['light']['text_color'], SettingsSchema::defaults()['widget_text_color'] );
		$this->assertSame( SettingsSchema::PRESETS['light']['button_color'], SettingsSchema::defaults()['widget_button_color'] );
	}

	/**
	 * @dataProvider looks
	 * @param array<string,mixed> $case site, tier, allowed, theming.
	 */
	public function test_a_look_resolves_as_the_previews_resolve_it( array $case ): void {
		$tier         = $case['tier'];
		$entitlements = $this->set_entitlements( $tier['edition'], $tier['license_type'], $tier['addons'] );
		$this->assertSame( $case['allowed']['branding'], $entitlements->can( 'branding' ) );
		$this->assertSame( $case['allowed']['middle'], $entitlements->can( 'widget_positions_middle' ) );
		$this->assertSame( $case['allowed']['behavior'], $entitlements->can( 'behavior' ) );

		$site    = array_merge( SettingsSchema::defaults(), $case['site'] );
		$theming = VisitorTheming::resolve( array(), $site, $entitlements )['theming'];
		$this->assertEquals( $case['theming'], $theming );
	}
}
