<?php
/**
 * Server-side feature stripping on save (spec 1 section 4, spec 3 "Survey save"): per tier, what is
 * put back to its default and which feature keys SaveResult.stripped reports.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

use UserFeedback\Licensing\Entitlements;
use UserFeedback\Settings\SettingsRepository;

final class SurveyStrippingTest extends SurveyTestCase {

	private const EVERYTHING = array( 'advanced_question_types', 'question_settings', 'thank_you_redirect', 'thank_you_message', 'behavior', 'branding', 'device_targeting', 'page_targeting', 'geo_targeting', 'scheduling', 'email_logic' );

	/**
	 * A survey that uses every gated feature.
	 *
	 * @return array<string,mixed>
	 */
	private static function everything(): array {
		return array(
			'title'         => 'Everything',
			'status'        => 'publish',
			'publish_at'    => gmdate( 'Y-m-d\TH:i:s\Z', time() + WEEK_IN_SECONDS ),
			'questions'     => array(
				self::question( 1, 'radio-button', array( 'settings' => array( 'required' => true, 'randomize' => true, 'comment_box' => true ) ) ),
				self::question( 2, 'nps' ),
				self::question( 3, 'star-rating' ),
				self::question( 4, 'image-radio' ),
				self::question( 5, 'icon-choice' ),
				self::question( 6, 'text', array( 'logic' => array( 'enabled' => true, 'conditions' => array( array( 'question_id' => 2, 'compare' => 'greater_than', 'value' => '8' ) ) ) ) ),
			),
			'settings'      => array(
				'thank_you'     => array(
					'type'         => 'redirect',
					'message'      => 'Merci !',
					'redirect_url' => 'https://example.com/thanks',
				),
				'targeting'     => array(
					'devices'    => array( 'desktop' ),
					'pages'      => 'select',
					'page_rules' => array( array( 'logic' => 'page_url_contains', 'operator' => '&&', 'data' => 'pricing' ) ),
				),
				'geo_targeting' => array( 'target' => 'select', 'countries' => array( 'DE', 'FR' ) ),
				'behavior'      => array(
					'timing'          => 'delay',
					'timing_delay'    => 5,
					'display_length'  => 'once',
					'run_time'        => 'expire',
					'expire_at'       => array( 'month' => 12, 'day' => 31 ),
					'start_minimized' => true,
				),
				'theming'       => array( 'source' => 'custom', 'widget_color' => '#123456', 'position' => 'middle_left' ),
			),
			'notifications' => array(
				'email' => array(
					'logic' => array(
						'enable'     => true,
						'conditions' => array( array( 'question_id' => 1, 'compare' => 'equals', 'value' => 'Yes' ) ),
					),
				),
			),
		);
	}

	/**
	 * @return array{0:array<string,mixed>,1:string[]} Saved survey and the stripped keys, sorted.
	 */
	private function save_everything(): array {
		$this->as_user( 'administrator' );
		$response = $this->create( self::everything() );
		$this->assertSame( 201, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$result   = self::data( $response );
		$notes   = self::notes( $response );
		$stripped = $notes['stripped'];
		sort( $stripped );
		return array( $result, $stripped );
	}

	/**
	 * @return array<string,array{string,?string,string[],string[]}>
	 */
	public static function tiers(): array {
		$all = Entitlements::ADDONS;
		$without = static fn( string $addon ): array => array_values( array_diff( $all, array( $addon ) ) );
		return array(
			'lite'                        => array( 'lite', null, array(), self::EVERYTHING ),
			'lite with every addon'       => array( 'lite', null, $all, self::EVERYTHING ),
			'pro without a licence'       => array( 'pro', null, $all, self::EVERYTHING ),
			'plus with every addon'       => array( 'pro', 'plus', $all, array( 'device_targeting', 'email_logic' ) ),
			'pro with every addon'        => array( 'pro', 'pro', $all, array() ),
			'elite with every addon'      => array( 'pro', 'elite', $all, array() ),
			'elite without behavior'      => array( 'pro', 'elite', $without( 'behavior' ), array( 'behavior', 'thank_you_redirect' ) ),
			'elite without branding'      => array( 'pro', 'elite', $without( 'branding' ), array( 'branding' ) ),
			'elite without targeting'     => array( 'pro', 'elite', $without( 'targeting' ), array( 'device_targeting', 'page_targeting' ) ),
			'elite without question-types' => array( 'pro', 'elite', $without( 'question-types' ), array( 'advanced_question_types', 'question_settings' ) ),
			'elite without geo'           => array( 'pro', 'elite', $without( 'geo-restrictions' ), array( 'geo_targeting' ) ),
			'elite without templates'     => array( 'pro', 'elite', $without( 'templates' ), array() ),
			'pro without any addon'       => array( 'pro', 'pro', array(), array( 'advanced_question_types', 'question_settings', 'thank_you_redirect', 'behavior', 'branding', 'device_targeting', 'page_targeting', 'geo_targeting' ) ),
		);
	}

	/**
	 * @dataProvider tiers
	 * @param string[] $addons   Active addons.
	 * @param string[] $expected Feature keys stripped.
	 */
	public function test_each_tier_strips_what_it_may_not_use( string $edition, ?string $type, array $addons, array $expected ): void {
		$this->set_entitlements( $edition, $type, $addons );
		[ $survey, $stripped ] = $this->save_everything();
		sort( $expected );
		$this->assertSame( $expected, $stripped );

		// What is reported is really gone from the stored survey, and what is not reported is kept.
		$stored   = $this->fetch( $survey['id'] );
		$settings = $stored['settings'];
		$this->assertSame( in_array( 'advanced_question_types', $expected, true ) ? array( 1, 6 ) : array( 1, 2, 3, 4, 5, 6 ), array_column( $stored['questions'], 'id' ) );
		$this->assertSame( ! in_array( 'question_settings', $expected, true ), $stored['questions'][0]['settings']['randomize'] );
		$this->assertSame( in_array( 'thank_you_redirect', $expected, true ) ? 'message' : 'redirect', $settings['thank_you']['type'] );
		$this->assertSame( in_array( 'thank_you_message', $expected, true ) ? 'Thanks for your feedback!' : 'Merci !', $settings['thank_you']['message'] );
		$this->assertSame( in_array( 'behavior', $expected, true ) ? 'immediate' : 'delay', $settings['behavior']['timing'] );
		$this->assertSame( in_array( 'branding', $expected, true ) ? '#FFFFFF' : '#123456', $settings['theming']['widget_color'] );
		$this->assertSame( in_array( 'branding', $expected, true ) ? 'bottom_right' : 'middle_left', $settings['theming']['position'] );
		$this->assertSame( in_array( 'device_targeting', $expected, true ) ? array( 'desktop', 'tablet', 'mobile' ) : array( 'desktop' ), $settings['targeting']['devices'] );
		$this->assertSame( in_array( 'page_targeting', $expected, true ) ? 'all' : 'select', $settings['targeting']['pages'] );
		$this->assertCount( in_array( 'page_targeting', $expected, true ) ? 0 : 1, $settings['targeting']['page_rules'] );
		$this->assertSame( in_array( 'geo_targeting', $expected, true ) ? array() : array( 'DE', 'FR' ), $settings['geo_targeting']['countries'] );
		$this->assertSame( in_array( 'scheduling', $expected, true ), null === $stored['publish_at'] );
		$this->assertSame( in_array( 'scheduling', $expected, true ) ? 'publish' : 'scheduled', $stored['display_status'] );
		$this->assertSame( ! in_array( 'email_logic', $expected, true ), $stored['notifications']['email']['logic']['enable'] );
		// Logic that referred to a removed NPS question went with it.
		$this->assertSame( in_array( 'advanced_question_types', $expected, true ) ? array() : array( 2 ), array_column( end( $stored['questions'] )['logic']['conditions'], 'question_id' ) );
	}

	public function test_lite_resets_behavior_and_theming_to_the_site_defaults(): void {
		$settings                           = ( new SettingsRepository() )->all();
		$settings['widget_theme']           = 'dark';
		$settings['widget_color']           = '#333333';
		$settings['widget_start_minimized'] = true;
		( new SettingsRepository() )->save( $settings );
		$this->set_entitlements( 'lite', null );
		[ $survey ] = $this->save_everything();
		$this->assertSame( 'dark', $survey['settings']['theming']['color_scheme'] );
		$this->assertSame( '#333333', $survey['settings']['theming']['widget_color'] );
		$this->assertSame(
			array(
				'timing'          => 'immediate',
				'timing_delay'    => 20,
				'display_length'  => 'until_response',
				'run_time'        => 'indefinitely',
				'expire_at'       => array( 'month' => null, 'day' => null ),
				'start_minimized' => true,
				'event_name'      => '',
				'click_selector'  => '',
				'sample_percent'  => 100,
				'ignore_cooldown' => false,
			),
			$survey['settings']['behavior']
		);
		$this->assertSame( array( 'required' => false, 'randomize' => false, 'comment_box' => false ), $survey['questions'][0]['settings'] );
		$this->assertNull( $survey['settings']['thank_you']['redirect_to'] );
		$this->assertSame( '', $survey['settings']['thank_you']['redirect_url'] );
	}

	public function test_a_survey_that_uses_nothing_gated_reports_nothing(): void {
		$this->set_entitlements( 'lite', null );
		$this->as_user( 'administrator' );
		$saved  = $this->create( self::survey( array( 'status' => 'publish' ) ) );
		$result = self::data( $saved );
		$notes  = self::notes( $saved );
		$this->assertSame( array(), $notes['stripped'] );
		$this->assertTrue( $notes['published'] );
	}

	public function test_middle_positions_need_the_paid_version_even_as_the_site_default(): void {
		// A site that chose a middle position while licensed keeps it in its settings after a downgrade.
		$settings                    = ( new SettingsRepository() )->all();
		$settings['widget_position'] = 'middle_right';
		( new SettingsRepository() )->save( $settings );

		// A new survey follows the site's look (theming.source 'site'): it uses no position of its own, so
		// nothing is stripped, and visitors get the bottom of the same side (VisitorTheming gates the site's).
		$lite = $this->set_entitlements( 'lite', null );
		$this->as_user( 'administrator' );
		$saved  = $this->create( self::survey() );
		$result = self::data( $saved );
		$notes  = self::notes( $saved );
		$this->assertSame( array(), $notes['stripped'] );
		$this->assertSame( 'site', $result['settings']['theming']['source'] );
		$this->assertSame( 'bottom_right', \UserFeedback\Frontend\VisitorTheming::resolve( $result['settings'], $settings, $lite )['theming']['position'], 'The same side of the screen.' );

		// A survey with a look of its own in a middle position: the paid version is needed.
		$custom = self::survey();
		$custom['settings']['theming'] = array( 'source' => 'custom', 'position' => 'middle_left' );
		$this->set_entitlements( 'pro', null, array( 'branding' ) );
		$saved = $this->create( $custom );
		$this->assertSame( array( 'branding' ), self::notes( $saved )['stripped'], 'Without a licence, its own look goes: it follows the site.' );
		$this->assertSame( 'site', self::data( $saved )['settings']['theming']['source'] );

		$plus = $this->set_entitlements( 'pro', 'plus', array( 'branding' ) );
		$saved  = $this->create( $custom );
		$result = self::data( $saved );
		$this->assertSame( array(), self::notes( $saved )['stripped'] );
		$this->assertSame( 'middle_left', $result['settings']['theming']['position'] );
		$this->assertSame( 'middle_left', \UserFeedback\Frontend\VisitorTheming::resolve( $result['settings'], $settings, $plus )['theming']['position'] );
	}

	public function test_an_nps_survey_without_the_question_types_addon_becomes_a_plain_one(): void {
		$this->set_entitlements( 'pro', 'pro', array( 'templates' ) );
		$this->as_user( 'administrator' );
		$saved  = $this->create( array( 'title' => 'NPS', 'type' => 'nps', 'questions' => array( self::question( 1, 'nps' ) ) ) );
		$result = self::data( $saved );
		$notes  = self::notes( $saved );
		$this->assertSame( array( 'advanced_question_types' ), $notes['stripped'] );
		$this->assertSame( 'survey', $result['type'] );
		$this->assertSame( array(), $result['questions'] );

		$this->as_elite();
		$saved  = $this->create( array( 'title' => 'NPS', 'type' => 'nps', 'questions' => array( self::question( 1, 'nps' ) ) ) );
		$result = self::data( $saved );
		$notes  = self::notes( $saved );
		$this->assertSame( array(), $notes['stripped'] );
		$this->assertSame( 'nps', $result['type'] );
	}
}
