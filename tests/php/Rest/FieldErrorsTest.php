<?php
/**
 * Issue 17 item 8: every refused save names the field and the rule in words, never "Invalid
 * parameter(s): …": 400, a message that is those sentences, and data.fields (dot path => sentence),
 * for each route family (surveys, settings, access, email, post-ratings settings) and for WordPress's
 * own refusals of a route's query args. Labels are translated.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

use UserFeedback\PostRatings\RatingSettingsSchema;
use UserFeedback\Rest\FieldErrors;
use UserFeedback\Settings\SettingsRepository;
use UserFeedback\Settings\SettingsSchema;
use UserFeedback\Surveys\SurveyFieldLabels;
use WP_REST_Response;

final class FieldErrorsTest extends SurveyTestCase {

	/**
	 * @return array{code:string,message:string,data:array<string,mixed>}
	 */
	private static function refusal( WP_REST_Response $response ): array {
		self::assertSame( 400, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$data = self::data( $response );
		self::assertStringNotContainsString( 'Invalid parameter', $data['message'] );
		self::assertStringNotContainsString( '[', $data['message'], 'No request path such as settings[behavior] in the message.' );
		self::assertIsArray( $data['data']['fields'] ?? null, 'data.fields is there.' );
		return $data;
	}

	public function test_a_survey_delay_out_of_range_names_the_field_and_the_rule(): void {
		$this->as_user( 'administrator' );
		$id   = $this->create_id();
		$data = self::refusal( $this->update( $id, array( 'settings' => array( 'behavior' => array( 'timing_delay' => 99 ) ) ) ) );

		$this->assertSame( array( 'settings.behavior.timing_delay' => 'Delay must be between 0 and 60 seconds.' ), $data['data']['fields'] );
		$this->assertSame( 'Delay must be between 0 and 60 seconds.', $data['message'] );
		$this->assertSame( 'userfeedback_invalid_params', $data['code'] );
		// data.params keeps naming the key sent, for older readers.
		$this->assertSame( array( 'settings' => 'Delay must be between 0 and 60 seconds.' ), $data['data']['params'] );
		// Nothing was saved.
		$this->assertSame( 20, $this->fetch( $id )['settings']['behavior']['timing_delay'] );
	}

	public function test_a_survey_names_each_wrong_field_with_the_question_s_position(): void {
		$this->as_user( 'administrator' );
		$long = str_repeat( 'x', 1000 );
		$body = self::survey(
			array(
				'questions' => array( self::question( 1 ), self::question( 2, 'text', array( 'title' => $long ) ) ),
				'settings'  => array(
					'targeting' => array( 'devices' => array( 'desktop', 'fridge' ) ),
					'theming'   => array( 'button_color' => 'blue' ),
				),
				'pirate'    => true,
			)
		);
		$data   = self::refusal( $this->create( $body ) );
		$fields = $data['data']['fields'];

		$this->assertMatchesRegularExpression( '/^The title of question 2 must be at most [\d,]+ characters long\.$/', $fields['questions.1.title'] ?? '', wp_json_encode( $fields ) );
		$this->assertSame( 'Devices must be one of: desktop, tablet, mobile.', $fields['settings.targeting.devices.1'] ?? null, wp_json_encode( $fields ) );
		$this->assertSame( 'Button colour must be a colour in hex form, such as #1E73BE.', $fields['settings.theming.button_color'] ?? null );
		$this->assertSame( '"pirate" is not a field of this request.', $fields['pirate'] ?? null );
		foreach ( $fields as $sentence ) {
			$this->assertStringContainsString( $sentence, $data['message'], 'The message says every sentence.' );
		}
	}

	public function test_a_required_key_is_named_by_its_label(): void {
		$labels = new FieldErrors( SurveyFieldLabels::labels() );
		$this->assertSame( 'The type of question 3 is required.', $labels->required( 'questions.2.type' ) );
		// A path without a label reads as its last key in words.
		$this->assertSame( 'Icon size is required.', $labels->required( 'questions.0.settings.icon_size' ) );
	}

	/**
	 * @return array<string,array{0:array<string,mixed>,1:string,2:string}>
	 */
	public function refused_settings(): array {
		return array(
			'general: an unknown update mode' => array( array( 'automatic_updates' => 'sometimes' ), 'automatic_updates', 'Automatic Updates must be one of: all, minor, none.' ),
			'widget: text too long'           => array( array( 'skip_text' => str_repeat( 'x', 41 ) ), 'skip_text', 'Skip button text must be at most 40 characters long.' ),
			'email: not an address'           => array( array( 'notifications_recipients' => 'not-an-address' ), 'notifications_recipients', '' ),
			'email: not a URL'                => array( array( 'notifications_header_image' => 'javascript:alert(1)' ), 'notifications_header_image', 'Header image URL must be an http or https URL.' ),
			'access: an unknown role'         => array( array( 'view_results' => array( 'pirate' ) ), 'view_results', 'Roles that can view results lists a role this site does not have: pirate.' ),
			'misc: retention out of range'    => array( array( 'retention_days' => 5000 ), 'retention_days', 'Response retention must be between 0 and 3,650 days.' ),
			'ai: base URL not http'           => array( array( 'ai_base_url' => 'ftp://example.com' ), 'ai_base_url', 'Base URL must be an http or https URL.' ),
			'a boolean that is not'           => array( array( 'anonymize_ips' => 'maybe' ), 'anonymize_ips', 'Anonymise IP addresses must be on or off (true or false).' ),
		);
	}

	/**
	 * @dataProvider refused_settings
	 * @param array<string,mixed> $body     What is sent.
	 * @param string              $field    The field refused.
	 * @param string              $sentence Its sentence ('' when only its presence is checked).
	 */
	public function test_refused_settings_name_the_field( array $body, string $field, string $sentence ): void {
		$this->as_user( 'administrator' );
		$this->set_access_control();
		$before = get_option( SettingsRepository::OPTION );
		$data   = self::refusal( $this->rest( 'POST', self::NS . '/settings', array(), $body ) );

		$this->assertArrayHasKey( $field, $data['data']['fields'], wp_json_encode( $data ) );
		if ( '' !== $sentence ) {
			$this->assertSame( $sentence, $data['data']['fields'][ $field ] );
			$this->assertSame( $sentence, $data['message'] );
		}
		$this->assertSame( $before, get_option( SettingsRepository::OPTION ) );
	}

	public function test_the_ai_key_refusal_points_at_the_key_field(): void {
		$this->as_user( 'administrator' );
		$this->assertSame( 200, $this->rest( 'POST', self::NS . '/settings', array(), array( 'ai_base_url' => 'https://ai.example.com/v1', 'ai_api_key' => 'sk-test-1234' ) )->get_status() );
		$data = self::refusal( $this->rest( 'POST', self::NS . '/settings', array(), array( 'ai_model' => 'other-model' ) ) );
		$this->assertSame( array( 'ai_api_key' ), array_keys( $data['data']['fields'] ) );
		$this->assertSame( 'userfeedback_ai_key_required', $data['code'] );
	}

	public function test_refused_post_rating_settings_name_the_field(): void {
		$this->as_user( 'administrator' );
		$this->set_entitlements( 'pro', 'elite', array( 'post-ratings' ) );
		$data = self::refusal( $this->rest( 'POST', self::NS . '/post-ratings/settings', array(), array( 'icon_color' => 'red' ) ) );
		$this->assertSame( array( 'icon_color' => 'Icon Color must be a colour in hex form, such as #1E73BE.' ), $data['data']['fields'] );
	}

	public function test_wordpress_s_own_refusal_of_a_query_arg_is_worded_too(): void {
		$this->as_user( 'administrator' );
		$response = $this->rest( 'GET', self::NS . '/surveys', array( 'per_page' => 500 ) );
		$data     = self::refusal( $response );
		$this->assertSame( 'rest_invalid_param', $data['code'], 'The code stays WordPress\'s.' );
		$this->assertSame( array( 'per_page' => 'Per page must be between 1 and 100.' ), $data['data']['fields'] );
		$this->assertSame( 'Per page must be between 1 and 100.', $data['message'] );
	}

	public function test_labels_and_rules_are_translated(): void {
		$this->as_user( 'administrator' );
		$id = $this->create_id();
		add_filter(
			'gettext_userfeedback',
			static fn( string $translation, string $text ): string => array(
				'Delay'                                    => 'Verzögerung',
				'seconds'                                  => 'Sekunden',
				'%1$s must be between %2$s and %3$s %4$s.' => '%1$s muss zwischen %2$s und %3$s %4$s liegen.',
			)[ $text ] ?? $translation,
			10,
			2
		);
		$data = self::refusal( $this->update( $id, array( 'settings' => array( 'behavior' => array( 'timing_delay' => -1 ) ) ) ) );
		$this->assertSame( 'Verzögerung muss zwischen 0 und 60 Sekunden liegen.', $data['data']['fields']['settings.behavior.timing_delay'] );
	}

	public function test_every_setting_has_a_label(): void {
		$this->assertSame( array(), array_diff( array_keys( SettingsSchema::schema()['properties'] ), array_keys( SettingsSchema::labels() ) ) );
		$this->assertSame( array(), array_diff( array_keys( RatingSettingsSchema::schema()['properties'] ), array_keys( RatingSettingsSchema::labels() ) ) );
	}

	public function test_bracket_paths_become_dot_paths(): void {
		$this->assertSame( 'questions.1.logic.conditions.0.compare', FieldErrors::dot_path( 'questions[1][logic][conditions][0][compare]' ) );
		$this->assertSame( 'answers.2', FieldErrors::dot_path( 'answers[2]' ) );
		$this->assertSame( 'title', FieldErrors::dot_path( 'title' ) );
	}

	private function set_access_control(): void {
		$this->set_entitlements( 'pro', 'elite' );
	}
}
