<?php
/**
 * Issue 18 items 1-3 (loader side): the behaviour keys the builder saves for the event and click
 * timings, sampling and the cooldown opt-out: defaults, what the schema takes and refuses, the field
 * errors of an event or click timing left without its name or selector, and gating (event, click and a
 * sample below 100 are the behavior feature; ignore_cooldown is free).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

use UserFeedback\Surveys\FeaturePolicy;
use UserFeedback\Surveys\SurveyDefaults;
use UserFeedback\Surveys\SurveyRules;

final class BehaviorTriggersTest extends SurveyTestCase {

	/**
	 * @param array<string,mixed> $behavior settings.behavior sent.
	 * @return array<string,mixed>
	 */
	private static function with_behavior( array $behavior ): array {
		return self::survey( array( 'settings' => array( 'behavior' => $behavior ) ) );
	}

	public function test_a_new_survey_has_the_defaults(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$behavior = self::data( $this->create( self::survey() ) )['settings']['behavior'];
		$this->assertSame( '', $behavior['event_name'] );
		$this->assertSame( '', $behavior['click_selector'] );
		$this->assertSame( 100, $behavior['sample_percent'] );
		$this->assertFalse( $behavior['ignore_cooldown'] );
		$defaults = SurveyDefaults::behavior( array() );
		$this->assertSame( array( '', '', 100, false ), array( $defaults['event_name'], $defaults['click_selector'], $defaults['sample_percent'], $defaults['ignore_cooldown'] ) );
	}

	public function test_event_and_click_timings_sampling_and_the_opt_out_are_saved(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$event = self::data(
			$this->create(
				self::with_behavior(
					array(
						'timing'          => 'event',
						'event_name'      => 'cart:added',
						'sample_percent'  => 25,
						'ignore_cooldown' => true,
					)
				)
			)
		)['settings']['behavior'];
		$this->assertSame( array( 'event', 'cart:added', 25, true ), array( $event['timing'], $event['event_name'], $event['sample_percent'], $event['ignore_cooldown'] ) );

		$click = self::data( $this->create( self::with_behavior( array( 'timing' => 'click', 'click_selector' => 'a.pricing, #plans > button[data-x="1"]' ) ) ) );
		$this->assertSame( 'click', $click['settings']['behavior']['timing'] );
		$this->assertSame( 'a.pricing, #plans > button[data-x="1"]', $click['settings']['behavior']['click_selector'], 'Kept as typed.' );
	}

	/**
	 * @return array<string,array{0:array<string,mixed>,1:string}>
	 */
	public function refused(): array {
		return array(
			'event name with a space'     => array( array( 'event_name' => 'cart added' ), 'settings.behavior.event_name' ),
			'event name starting a digit' => array( array( 'event_name' => '1cart' ), 'settings.behavior.event_name' ),
			'event name with markup'      => array( array( 'event_name' => '<script>' ), 'settings.behavior.event_name' ),
			'event name of 65 characters' => array( array( 'event_name' => 'a' . str_repeat( 'b', 64 ) ), 'settings.behavior.event_name' ),
			'selector over 300'           => array( array( 'click_selector' => str_repeat( 'a', 301 ) ), 'settings.behavior.click_selector' ),
			'sample of 0'                 => array( array( 'sample_percent' => 0 ), 'settings.behavior.sample_percent' ),
			'sample of 101'               => array( array( 'sample_percent' => 101 ), 'settings.behavior.sample_percent' ),
			'sample not a number'         => array( array( 'sample_percent' => 'half' ), 'settings.behavior.sample_percent' ),
			'opt-out not a boolean'       => array( array( 'ignore_cooldown' => 'maybe' ), 'settings.behavior.ignore_cooldown' ),
			'unknown timing'              => array( array( 'timing' => 'hover' ), 'settings.behavior.timing' ),
		);
	}

	/**
	 * @dataProvider refused
	 * @param array<string,mixed> $behavior settings.behavior sent.
	 * @param string              $field    The field named.
	 */
	public function test_invalid_values_are_refused_with_the_field_named( array $behavior, string $field ): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$id       = $this->create_id();
		$response = $this->update( $id, array( 'settings' => array( 'behavior' => $behavior ) ) );
		$this->assertSame( 400, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertArrayHasKey( $field, self::data( $response )['data']['fields'] ?? array(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame( SurveyDefaults::behavior( array() )['sample_percent'], $this->fetch( $id )['settings']['behavior']['sample_percent'], 'Nothing was saved.' );
	}

	public function test_an_event_or_click_timing_without_its_name_or_selector_is_a_field_error(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$id = $this->create_id();

		foreach (
			array(
				array( array( 'timing' => 'event', 'event_name' => '' ), 'settings.behavior.event_name', 'Enter the name of the event that starts the survey.' ),
				array( array( 'timing' => 'click', 'click_selector' => '   ' ), 'settings.behavior.click_selector', 'Enter the CSS selector of the elements whose click starts the survey.' ),
				// The stored name is empty: a timing sent alone is refused too.
				array( array( 'timing' => 'event' ), 'settings.behavior.event_name', 'Enter the name of the event that starts the survey.' ),
			) as [ $behavior, $field, $sentence ]
		) {
			$response = $this->update( $id, array( 'settings' => array( 'behavior' => $behavior ) ) );
			$this->assertSame( 400, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
			$data = self::data( $response );
			$this->assertSame( array( $field => $sentence ), $data['data']['fields'] );
			$this->assertSame( 'immediate', $this->fetch( $id )['settings']['behavior']['timing'], 'Nothing was saved.' );
		}

		// With its name, and a name already stored, the timing is saved.
		$this->assertSame( 200, $this->update( $id, array( 'settings' => array( 'behavior' => array( 'timing' => 'event', 'event_name' => 'signup' ) ) ) )->get_status() );
		$this->assertSame( 200, $this->update( $id, array( 'settings' => array( 'behavior' => array( 'timing' => 'immediate' ) ) ) )->get_status() );
		$this->assertSame( 200, $this->update( $id, array( 'settings' => array( 'behavior' => array( 'timing' => 'event' ) ) ) )->get_status() );
		$this->assertSame( 'signup', $this->fetch( $id )['settings']['behavior']['event_name'] );
		// Another timing may keep an empty selector.
		$this->assertSame( array(), SurveyRules::behavior_errors( array( 'settings' => array( 'behavior' => array( 'timing' => 'delay', 'click_selector' => '' ) ) ) ) );
	}

	public function test_without_the_behavior_feature_event_click_and_sampling_are_stripped_but_the_opt_out_is_kept(): void {
		$this->set_entitlements( 'lite', null );
		$this->as_user( 'administrator' );
		$saved = $this->create(
			self::with_behavior(
				array(
					'timing'          => 'click',
					'click_selector'  => '',
					'sample_percent'  => 10,
					'ignore_cooldown' => true,
				)
			)
		);
		// The empty selector is no error: stripping starts the survey at once.
		$this->assertSame( 201, $saved->get_status(), (string) wp_json_encode( $saved->get_data() ) );
		$this->assertContains( 'behavior', self::notes( $saved )['stripped'] );
		$behavior = self::data( $saved )['settings']['behavior'];
		$this->assertSame( 'immediate', $behavior['timing'] );
		$this->assertSame( 100, $behavior['sample_percent'] );
		$this->assertTrue( $behavior['ignore_cooldown'], 'Free: kept whatever the licence.' );

		// The opt-out alone uses nothing gated.
		$free = $this->create( self::with_behavior( array( 'ignore_cooldown' => true ) ) );
		$this->assertSame( array(), self::notes( $free )['stripped'] );
		$this->assertTrue( self::data( $free )['settings']['behavior']['ignore_cooldown'] );
	}

	public function test_sampling_is_part_of_the_behavior_feature(): void {
		$paths = array_column( FeaturePolicy::uses( 'behavior' ), 'not', 'path' );
		$this->assertSame( 100, $paths['settings.behavior.sample_percent'] ?? null );
		$this->assertSame( 'immediate', $paths['settings.behavior.timing'] ?? null, 'event and click are timings other than immediate.' );
		$this->assertArrayNotHasKey( 'settings.behavior.ignore_cooldown', $paths );
	}
}
