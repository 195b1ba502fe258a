<?php
/**
 * GET and POST post-ratings/settings: defaults and icons, partial saves, schema validation with a
 * message per field, unknown keys, capabilities and the feature gate.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\PostRatings;

use UserFeedback\PostRatings\RatingSettingsRepository;
use UserFeedback\PostRatings\RatingSettingsSchema;

final class RatingSettingsRouteTest extends RatingsTestCase {

	private const ROUTE = '/userfeedback/v1/post-ratings/settings';

	protected function setUp(): void {
		parent::setUp();
		$this->unlock();
		delete_option( RatingSettingsRepository::OPTION );
	}

	/**
	 * @param array<string,mixed> $body JSON body.
	 */
	private function save( array $body ): \WP_REST_Response {
		return $this->rest( 'POST', self::ROUTE, array(), $body );
	}

	public function test_get_answers_the_defaults_and_the_icons(): void {
		$this->as_user( 'administrator' );
		$response = $this->rest( 'GET', self::ROUTE );
		$this->assertSame( 200, $response->get_status() );
		$data = $response->get_data();
		$this->assertSame( array( 'settings', 'defaults', 'icons' ), array_keys( $data ) );
		$this->assertSame( RatingSettingsSchema::defaults(), $data['settings'] );
		$this->assertSame( 'star', $data['defaults']['icon_id'] );
		$this->assertSame( '#1579EF', $data['defaults']['icon_color'] );
		$this->assertSame( 'How would you rate this post?', $data['defaults']['rating_question'] );
		$this->assertSame( 'after_content', $data['defaults']['display_settings'] );
		$this->assertSame( array( 'star', 'heart', 'circle', 'diamond', 'bolt', 'thumb' ), array_column( $data['icons'], 'id' ) );
		foreach ( $data['icons'] as $icon ) {
			$this->assertSame( array( 'id', 'viewBox', 'path', 'fill' ), array_keys( $icon ) );
		}
	}

	public function test_a_partial_save_merges_over_what_is_stored(): void {
		$this->as_user( 'administrator' );
		$first = $this->save( array( 'icon_id' => 'heart', 'icon_color' => '#ff0000' ) );
		$this->assertSame( 200, $first->get_status(), (string) wp_json_encode( $first->get_data() ) );
		$second = $this->save(
			array(
				'show_vote_count'  => 'no',
				'display_settings' => 'manual',
				'font'             => 'Open Sans 2',
				'rating_question'  => '<b>Was this useful?</b>',
			)
		);
		$this->assertSame( 200, $second->get_status() );
		$expected = array_merge(
			RatingSettingsSchema::defaults(),
			array(
				'icon_id'          => 'heart',
				'icon_color'       => '#ff0000',
				'show_vote_count'  => 'no',
				'display_settings' => 'manual',
				'font'             => 'Open Sans 2',
				'rating_question'  => 'Was this useful?',
			)
		);
		$this->assertSame( $expected, $second->get_data()['settings'] );
		$this->assertSame( RatingSettingsSchema::defaults(), $second->get_data()['defaults'] );
		$this->assertSame( $expected, get_option( RatingSettingsRepository::OPTION ) );
		$this->assertSame( $expected, $this->rest( 'GET', self::ROUTE )->get_data()['settings'] );

		// Reverting to a default is a save of the default.
		$this->assertSame( 'star', $this->save( array( 'icon_id' => 'star' ) )->get_data()['settings']['icon_id'] );
		$this->assertSame( 200, $this->save( array() )->get_status(), 'An empty save changes nothing.' );
	}

	public function test_invalid_values_are_refused_field_by_field_and_nothing_is_saved(): void {
		$this->as_user( 'administrator' );
		$response = $this->save(
			array(
				'icon_id'           => 'unicorn',
				'icon_color'        => 'blue',
				'background_color'  => '#FFFFFFF',
				'show_rating'       => true,
				'display_settings'  => 'sidebar',
				'font'              => 'Comic"; }</style>',
				'thank_you_message' => str_repeat( 'x', 201 ),
				'text_color'        => '#23282D',
			)
		);
		$this->assertSame( 400, $response->get_status() );
		$this->assertSame( 'userfeedback_invalid_params', $response->get_data()['code'] );
		$params = $response->get_data()['data']['params'];
		$this->assertEqualsCanonicalizing( array( 'icon_id', 'icon_color', 'background_color', 'show_rating', 'display_settings', 'font', 'thank_you_message' ), array_keys( $params ) );
		foreach ( $params as $message ) {
			$this->assertIsString( $message );
			$this->assertNotSame( '', $message );
		}
		$this->assertFalse( get_option( RatingSettingsRepository::OPTION ), 'Not even the valid text_color was saved.' );
	}

	public function test_unknown_keys_and_non_objects_are_refused(): void {
		$this->as_user( 'administrator' );
		$response = $this->save( array( 'icon_id' => 'heart', 'colour' => '#000000' ) );
		$this->assertSame( 400, $response->get_status() );
		$this->assertSame( array( 'colour' ), array_keys( $response->get_data()['data']['params'] ) );
		$this->assertFalse( get_option( RatingSettingsRepository::OPTION ) );
		$this->assertSame( 400, $this->save( array( 'heart', 'star' ) )->get_status() );
	}

	public function test_capabilities(): void {
		$this->assertSame( 401, $this->rest( 'GET', self::ROUTE )->get_status() );
		$this->assertSame( 401, $this->save( array( 'icon_id' => 'heart' ) )->get_status() );

		$this->as_user( 'subscriber' );
		$this->assertSame( 403, $this->rest( 'GET', self::ROUTE )->get_status() );
		$this->assertSame( 403, $this->save( array( 'icon_id' => 'heart' ) )->get_status() );

		$this->as_results_viewer();
		$this->assertSame( 200, $this->rest( 'GET', self::ROUTE )->get_status(), 'Whoever views results may read them.' );
		$this->assertSame( 403, $this->save( array( 'icon_id' => 'heart' ) )->get_status(), 'Only settings managers may save.' );
		$this->assertFalse( get_option( RatingSettingsRepository::OPTION ) );
	}

	public function test_a_locked_feature_refuses_both_with_the_gate_message(): void {
		$this->as_user( 'administrator' );
		foreach ( array( array( 'lite', null, array() ), array( 'pro', 'plus', array() ), array( 'pro', null, array( 'post-ratings' ) ) ) as [ $edition, $licence, $addons ] ) {
			$entitlements = $this->set_entitlements( $edition, $licence, $addons );
			$expected     = \UserFeedback\Responses\FeatureGate::message( $entitlements, 'post_ratings' );
			$this->assertNotNull( $expected );
			foreach ( array( $this->rest( 'GET', self::ROUTE ), $this->save( array( 'icon_id' => 'heart' ) ), $this->save( array( 'icon_id' => 'unicorn' ) ) ) as $response ) {
				$this->assertSame( 403, $response->get_status() );
				$this->assertSame( 'userfeedback_feature_locked', $response->get_data()['code'] );
				$this->assertSame( $expected, $response->get_data()['message'] );
				$this->assertSame( 'post_ratings', $response->get_data()['data']['feature'] );
			}
		}
		$this->assertFalse( get_option( RatingSettingsRepository::OPTION ) );
	}
}
