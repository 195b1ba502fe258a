<?php
/**
 * tests/fixtures/contract/feature-stripping.json: for a survey and a tier, what a save through the REST
 * route strips and stores, and the widget's feature map on that site, both from the one feature-policy
 * table (Surveys\FeaturePolicy). The widget's Vitest (widget/src/featureStripping.test.ts) reads the same
 * cases and checks that select.ts passes the survey over as `hidden` says with that map.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Contract;

use UserFeedback\Frontend\VisitorSurveys;
use UserFeedback\Frontend\WidgetLoader;
use UserFeedback\Plugin;
use UserFeedback\Surveys\FeaturePolicy;
use UserFeedback\Tests\SurveyTestCase;

final class FeatureStrippingTest extends SurveyTestCase {

	/**
	 * @return array<string,array{0:array<string,mixed>}>
	 */
	public static function tiers(): array {
		return Corpus::cases( 'feature-stripping.json' );
	}

	/**
	 * @dataProvider tiers
	 * @param array<string,mixed> $case tier, survey, stripped, widget, stored_question_types.
	 */
	public function test_a_save_strips_and_the_widget_is_told_by_one_table( array $case ): void {
		$tier = $case['tier'];
		$this->set_entitlements( $tier['edition'], $tier['license_type'], $tier['addons'] );
		$this->as_user( 'administrator' );

		$response = $this->create( $case['survey'] );
		$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame( $case['stripped'], self::notes( $response )['stripped'] );
		$stored = $this->fetch( (int) $response->get_data()['id'] );
		$this->assertSame( $case['stored_question_types'], array_column( $stored['questions'], 'type' ) );
		foreach ( $case['stripped'] as $feature ) {
			$this->assertContains( $feature, FeaturePolicy::keys() );
		}
		if ( in_array( 'scheduling', $case['stripped'], true ) ) {
			$this->assertNull( $stored['publish_at'] );
		}
		if ( in_array( 'device_targeting', $case['stripped'], true ) ) {
			$this->assertSame( array( 'desktop', 'tablet', 'mobile' ), $stored['settings']['targeting']['devices'] );
		}

		$loader = new WidgetLoader( new VisitorSurveys( Plugin::instance()->surveys ), Plugin::instance()->settings, static fn() => Plugin::instance()->entitlements() );
		$this->assertSame( $case['widget'], $loader->features() );
	}

	public function test_a_second_save_of_what_was_stored_strips_nothing(): void {
		$this->set_entitlements( 'lite', null, array() );
		$this->as_user( 'administrator' );
		$case     = array_values( self::tiers() )[0][0];
		$response = $this->create( $case['survey'] );
		$this->assertNotSame( array(), self::notes( $response )['stripped'] );
		$stored = self::data( $response );
		unset( $stored['id'], $stored['display_status'], $stored['created_at'], $stored['updated_at'], $stored['publish_at_local'], $stored['responses_count'], $stored['cookie_name'], $stored['shortcode'] );
		$again = $this->update( (int) $response->get_data()['id'], $stored );
		$this->assertSame( 200, $again->get_status(), (string) wp_json_encode( $again->get_data() ) );
		$this->assertSame( array(), self::notes( $again )['stripped'] );
	}

	public function test_every_feature_of_the_table_is_an_entitlement_and_each_case_covers_the_widget_keys(): void {
		$known = \UserFeedback\Licensing\Entitlements::feature_keys();
		foreach ( FeaturePolicy::keys() as $feature ) {
			$this->assertContains( FeaturePolicy::entitlement( $feature ), $known );
		}
		foreach ( self::tiers() as $name => $args ) {
			$this->assertSame( FeaturePolicy::widget_keys(), array_keys( $args[0]['widget'] ), $name );
		}
		$this->expectException( \InvalidArgumentException::class );
		FeaturePolicy::entitlement( 'telepathy' );
	}
}
