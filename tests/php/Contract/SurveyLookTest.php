<?php
/**
 * tests/fixtures/contract/theme-presets.json, survey side: a survey that follows the site (theming.source
 * 'site') gets each case's look whatever its own values say, and a survey with a look of its own gets
 * survey_cases' looks (the builder preview's surveyTheming() runs the same cases in Vitest).
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Contract;

use UserFeedback\Frontend\VisitorTheming;
use UserFeedback\Settings\SettingsSchema;
use UserFeedback\Tests\TestCase;

final class SurveyLookTest extends TestCase {

	/**
	 * @return array<string,mixed>
	 */
	private static function corpus(): array {
		return json_decode( (string) file_get_contents( dirname( __DIR__, 2 ) . '/fixtures/contract/theme-presets.json' ), true, 64, JSON_THROW_ON_ERROR );
	}

	/**
	 * @return array<string,mixed> The case of `cases` named $name.
	 */
	private static function site_case( string $name ): array {
		foreach ( self::corpus()['cases'] as $case ) {
			if ( $case['name'] === $name ) {
				return $case;
			}
		}
		throw new \LogicException( 'No case ' . $name );
	}

	public function test_a_survey_that_follows_the_site_gets_each_cases_look_whatever_it_says(): void {
		$own = self::corpus()['survey_cases'][0]['theming'];
		foreach ( self::corpus()['cases'] as $case ) {
			$tier         = $case['tier'];
			$entitlements = $this->set_entitlements( $tier['edition'], $tier['license_type'], $tier['addons'] );
			$settings     = array(
				'theming'  => array_merge( $own, array( 'source' => 'site' ) ),
				'behavior' => array( 'start_minimized' => ! $case['site']['widget_start_minimized'] ),
			);
			$this->assertEquals( $case['theming'], VisitorTheming::resolve( $settings, array_merge( SettingsSchema::defaults(), $case['site'] ), $entitlements )['theming'], $case['name'] );
		}
	}

	public function test_a_survey_with_a_look_of_its_own_resolves_as_the_builder_preview_resolves_it(): void {
		$cases = self::corpus()['survey_cases'];
		$this->assertNotEmpty( $cases );
		foreach ( $cases as $survey_case ) {
			$case         = self::site_case( $survey_case['site_case'] );
			$tier         = $case['tier'];
			$entitlements = $this->set_entitlements( $tier['edition'], $tier['license_type'], $tier['addons'] );
			$settings     = array(
				'theming'  => $survey_case['theming'],
				'behavior' => array( 'start_minimized' => $survey_case['start_minimized'] ),
			);
			$this->assertEquals( $survey_case['expected'], VisitorTheming::resolve( $settings, array_merge( SettingsSchema::defaults(), $case['site'] ), $entitlements )['theming'], $survey_case['name'] );
		}
	}
}
