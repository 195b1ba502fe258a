<?php
/**
 * Create, read and update through userfeedback/v1/surveys: the contract's shape, the defaults of a
 * new survey, 404s, refusals and invalid input.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

use UserFeedback\Access\Capabilities;
use UserFeedback\Database\Schema;
use UserFeedback\Settings\SettingsRepository;

final class SurveyRouteTest extends SurveyTestCase {

	private const SURVEY_KEYS = array( 'id', 'title', 'type', 'status', 'display_status', 'template', 'created_at', 'updated_at', 'publish_at', 'publish_at_local', 'responses_count', 'questions', 'settings', 'notifications', 'cookie_name', 'shortcode' );

	public function test_a_new_survey_takes_the_defaults_and_the_site_widget_settings(): void {
		$this->as_user( 'administrator' );
		update_option( 'admin_email', 'owner@example.org' );
		$settings                           = ( new SettingsRepository() )->all();
		$settings['widget_theme']           = 'dark';
		$settings['widget_color']           = '#333333';
		$settings['widget_start_minimized'] = true;
		$settings['logo_type']              = 'none';
		( new SettingsRepository() )->save( $settings );

		$response = $this->create( array( 'title' => 'Hello' ) );
		$this->assertSame( 201, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$result = self::data( $response );
		$notes  = self::notes( $response );
		// The resource itself, as GET answers it, where it lives; the builder's extras in the header.
		$this->assertSame( rest_url( 'userfeedback/v1/surveys/' . $result['id'] ), $response->get_headers()['Location'] );
		$this->assertSame( $this->fetch( $result['id'] ), $result );
		$this->assertSame( array( 'published', 'stripped', 'message' ), array_keys( $notes ) );
		$this->assertFalse( $notes['published'] );
		$this->assertSame( '', $notes['message'] );
		$this->assertSame( array(), $notes['stripped'] );

		$survey = $result;
		$this->assertSame( self::SURVEY_KEYS, array_keys( $survey ) );
		$this->assertSame( 'Hello', $survey['title'] );
		$this->assertSame( 'draft', $survey['status'] );
		$this->assertSame( 'draft', $survey['display_status'] );
		$this->assertSame( 'survey', $survey['type'] );
		$this->assertNull( $survey['publish_at'] );
		$this->assertNull( $survey['publish_at_local'] );
		$this->assertSame( 0, $survey['responses_count'] );
		$this->assertSame( array(), $survey['questions'] );
		$this->assertMatchesRegularExpression( '/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/', $survey['created_at'] );
		$this->assertSame( 'userfeedback-survey-' . $survey['id'], $survey['cookie_name'] );
		$this->assertSame( '[userfeedback id="' . $survey['id'] . '"]', $survey['shortcode'] );

		$settings = $survey['settings'];
		$this->assertSame( 'Thanks for your feedback!', $settings['thank_you']['message'] );
		$this->assertSame( 'message', $settings['thank_you']['type'] );
		$this->assertNull( $settings['thank_you']['redirect_to'] );
		$this->assertFalse( $settings['enable_tracking'] );
		$this->assertSame( array( 'desktop', 'tablet', 'mobile' ), $settings['targeting']['devices'] );
		$this->assertSame( 'all', $settings['targeting']['pages'] );
		$this->assertSame( array( 'target' => 'all', 'countries' => array() ), $settings['geo_targeting'] );
		$this->assertSame( 20, $settings['behavior']['timing_delay'] );
		$this->assertSame( 'immediate', $settings['behavior']['timing'] );
		$this->assertTrue( $settings['behavior']['start_minimized'], 'From the site widget settings.' );
		$this->assertSame( 'dark', $settings['theming']['color_scheme'] );
		$this->assertSame( '#333333', $settings['theming']['widget_color'] );
		$this->assertTrue( $settings['theming']['start_minimized'] );
		$this->assertFalse( $settings['theming']['show_logo'], "The site's logo type 'none' is no logo." );
		$this->assertSame( 'userfeedback', $settings['theming']['logo_type'] );
		$this->assertSame( 'bottom_right', $settings['theming']['position'] );

		$email = $survey['notifications']['email'];
		$this->assertTrue( $email['active'] );
		$this->assertSame( 'owner@example.org', $email['addresses'] );
		$this->assertSame( array( 'enable' => false, 'action' => 'send', 'conditions' => array() ), $email['logic'] );
	}

	public function test_questions_come_back_complete_for_their_type(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$id = $this->create_id(
			array(
				'questions' => array(
					array( 'id' => 4, 'type' => 'text', 'title' => ' Name? ' ),
					array( 'type' => 'icon-choice', 'title' => 'Mood?', 'config' => array( 'options' => array( 'Good', array( 'label' => 'Bad', 'icon' => array( 'name' => 'frown', 'style' => 'solid' ) ) ) ) ),
					array( 'type' => 'email', 'title' => 'Email?', 'config' => array( 'include_name' => true, 'options' => array( 'x' ) ) ),
					array( 'id' => 0, 'type' => 'radio-button', 'title' => 'Pick', 'config' => array( 'options' => array( ' A ', array( 'label' => 'B', 'image' => null ) ) ) ),
				),
			)
		);
		$raw = $this->rest( 'GET', self::NS . "/surveys/$id" )->get_data();
		$this->assertSame( '{}', wp_json_encode( $raw['questions'][0]['config'] ), 'An empty config is a JSON object.' );

		$questions = $this->fetch( $id )['questions'];
		$this->assertSame( array( 4, 5, 6, 7 ), array_column( $questions, 'id' ), 'Ids sent are kept; missing ones are new and unique.' );
		$this->assertSame( 'Name?', $questions[0]['title'] );
		$this->assertSame( array( 'required', 'randomize', 'comment_box', 'icon_color', 'icon_size' ), array_keys( $questions[1]['settings'] ) );
		$this->assertSame( '#1579EF', $questions[1]['settings']['icon_color'] );
		$this->assertSame(
			array(
				array( 'label' => 'Good', 'icon' => null ),
				array( 'label' => 'Bad', 'icon' => array( 'name' => 'frown', 'style' => 'solid' ) ),
			),
			$questions[1]['config']['options']
		);
		$this->assertSame( array( 'include_name' => true ), $questions[2]['config'], 'Email questions have no options.' );
		$this->assertSame( array( 'options' => array( 'A', 'B' ) ), $questions[3]['config'], 'Radio options are trimmed strings.' );
		$this->assertSame( array( 'enabled' => false, 'action' => 'show', 'conditions' => array() ), $questions[0]['logic'] );
	}

	public function test_an_update_changes_what_was_sent_and_keeps_the_rest(): void {
		$this->as_user( 'administrator' );
		$id       = $this->create_id();
		$response = $this->rest( 'PATCH', self::NS . "/surveys/$id", array(), array( 'title' => 'Renamed', 'settings' => array( 'enable_tracking' => true ) ) );
		$this->assertSame( 200, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$survey = self::data( $response );
		$this->assertSame( $this->fetch( $id ), $survey, 'An update answers the resource.' );
		$this->assertSame( array( 'published' => false, 'stripped' => array(), 'message' => '' ), self::notes( $response ) );
		$this->assertSame( 'Renamed', $survey['title'] );
		$this->assertTrue( $survey['settings']['enable_tracking'] );
		$this->assertSame( 'Thanks for your feedback!', $survey['settings']['thank_you']['message'] );
		$this->assertCount( 2, $survey['questions'] );

		// The builder sends back what it loaded, read-only fields included: they are ignored.
		$loaded          = $this->fetch( $id );
		$loaded['title'] = 'Round trip';
		$loaded['responses_count'] = 99;
		$response        = $this->update( $id, $loaded );
		$this->assertSame( 200, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$again = $this->fetch( $id );
		$this->assertSame( 'Round trip', $again['title'] );
		$this->assertSame( 0, $again['responses_count'] );
		$this->assertSame( $loaded['questions'], $again['questions'] );
		$this->assertSame( $loaded['settings'], $again['settings'] );

		// The id in the path decides which survey changes, whatever id the body carries.
		$other = $this->create_id( array( 'title' => 'Other' ) );
		$this->assertSame( 200, $this->update( $id, array( 'id' => $other, 'title' => 'By path' ) )->get_status() );
		$this->assertSame( 'By path', $this->fetch( $id )['title'] );
		$this->assertSame( 'Other', $this->fetch( $other )['title'] );
	}

	public function test_a_row_written_by_something_else_reads_back_in_the_full_shape(): void {
		$this->as_user( 'administrator' );
		$id     = \UserFeedback\Plugin::instance()->surveys->insert(
			array(
				'title'         => 'Old',
				'status'        => 'publish',
				'questions'     => array( array( 'id' => 1, 'title' => 'How are we doing?', 'type' => 'text', 'legacy' => 1 ) ),
				'settings'      => array(
					'behavior' => array( 'timing' => 'delay', 'timing_delay' => '7' ),
					'theming'  => 'broken',
					'unknown'  => array( 'x' => 1 ),
				),
				'notifications' => array( 'email' => array( 'addresses' => 'a@example.com' ) ),
			)
		);
		$survey = $this->fetch( $id );
		$this->assertSame( self::SURVEY_KEYS, array_keys( $survey ) );
		$this->assertSame( array( 'thank_you', 'enable_tracking', 'targeting', 'geo_targeting', 'behavior', 'theming', 'flow', 'hidden_fields', 'retention_days', 'priority', 'close' ), array_keys( $survey['settings'] ) );
		$this->assertSame( 7, $survey['settings']['behavior']['timing_delay'] );
		$this->assertSame( 'delay', $survey['settings']['behavior']['timing'] );
		$this->assertSame( '#2D87F1', $survey['settings']['theming']['button_color'] );
		$this->assertSame( array( 'id', 'title', 'type', 'config', 'settings', 'logic' ), array_keys( $survey['questions'][0] ) );
		$this->assertSame( array( 'active' => true, 'addresses' => 'a@example.com', 'logic' => array( 'enable' => false, 'action' => 'send', 'conditions' => array() ) ), $survey['notifications']['email'] );
	}

	public function test_text_is_sanitised(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$id     = $this->create_id(
			array(
				'title'     => '<script>alert(1)</script>Hi <b>there</b>',
				'questions' => array( self::question( 1, 'radio-button', array( 'title' => 'Q<img src=x onerror=alert(1)>?', 'config' => array( 'options' => array( '<i>Yes</i>', 'No' ) ) ) ) ),
				'settings'  => array( 'thank_you' => array( 'message' => "<a href='javascript:x'>Thanks</a>\nbye" ) ),
			)
		);
		$survey = $this->fetch( $id );
		$this->assertSame( 'Hi there', $survey['title'] );
		$this->assertSame( 'Q?', $survey['questions'][0]['title'] );
		$this->assertSame( array( 'Yes', 'No' ), $survey['questions'][0]['config']['options'] );
		$this->assertSame( "Thanks\nbye", $survey['settings']['thank_you']['message'] );
	}

	public function test_page_rule_text_is_kept_as_typed(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$rules  = array(
			array( 'logic' => 'page_url_contains', 'operator' => '&&', 'data' => '?utm_source=news%20letter' ),
			array( 'logic' => 'query_parameter_regex', 'operator' => '||', 'data' => "^ref=(a|b)\\d+$\n" ),
			array( 'logic' => 'user_role', 'operator' => '&&', 'data' => array( array( 'id' => 'editor', 'label' => 'Editor' ) ) ),
		);
		$id     = $this->create_id( array( 'settings' => array( 'targeting' => array( 'pages' => 'select', 'page_rules' => $rules ) ) ) );
		$stored = $this->fetch( $id )['settings']['targeting']['page_rules'];
		$this->assertSame( '?utm_source=news%20letter', $stored[0]['data'] );
		$this->assertSame( '^ref=(a|b)\\d+$', $stored[1]['data'] );
		$this->assertSame( $rules[2], $stored[2] );
	}

	public function test_unknown_ids_are_404_with_a_message(): void {
		$this->as_user( 'administrator' );
		foreach ( array( array( 'GET', '/surveys/999999' ), array( 'POST', '/surveys/999999' ), array( 'POST', '/surveys/999999/duplicate' ) ) as [ $method, $path ] ) {
			// A duplicate takes no body (any key is refused); an update takes a survey.
			$response = $this->rest( $method, self::NS . $path, array(), str_ends_with( $path, '/duplicate' ) ? null : array( 'title' => 'x' ) );
			$this->assertSame( 404, $response->get_status(), "$method $path" );
			$this->assertSame( 'There is no survey with the id 999999.', $response->as_error()->get_error_message() );
		}
	}

	public function test_anonymous_subscribers_and_editors_without_the_capability_are_refused(): void {
		$this->as_user( 'administrator' );
		$id    = $this->create_id();
		$calls = array(
			array( 'GET', '/surveys', array() ),
			array( 'GET', "/surveys/$id", array() ),
			array( 'POST', '/surveys', array( 'title' => 'Mine' ) ),
			array( 'POST', "/surveys/$id", array( 'title' => 'Mine' ) ),
			array( 'POST', "/surveys/$id/duplicate", array() ),
			array( 'POST', '/surveys/bulk', array( 'action' => 'trash', 'ids' => array( $id ) ) ),
			array( 'GET', '/surveys/templates', array() ),
			array( 'GET', '/search', array() ),
			array( 'GET', '/logic-type', array( 'logic_type' => 'wp_user_roles' ) ),
		);
		foreach ( array( 0, $this->make_user( 'subscriber' ), $this->make_user( 'editor' ) ) as $user ) {
			wp_set_current_user( $user );
			foreach ( $calls as [ $method, $path, $params ] ) {
				$response = 'GET' === $method ? $this->rest( $method, self::NS . $path, $params ) : $this->rest( $method, self::NS . $path, array(), $params );
				$this->assertSame( $user ? 403 : 401, $response->get_status(), "$method $path as user #$user" );
			}
		}
		$this->assertSame( 'Site feedback', $this->survey_title( $id ) );
		$this->assertSame( 1, (int) $GLOBALS['wpdb']->get_var( $GLOBALS['wpdb']->prepare( 'SELECT COUNT(*) FROM %i', Schema::table( 'surveys' ) ) ) );
	}

	public function test_an_editor_with_the_capability_may_edit(): void {
		get_role( 'editor' )->add_cap( Capabilities::CREATE_EDIT_SURVEYS );
		$this->as_user( 'editor' );
		$this->assertSame( 201, $this->create( self::survey() )->get_status() );
	}

	/**
	 * @return array<string,array{array<string,mixed>,string}>
	 */
	public static function invalid_inputs(): array {
		$q = self::question( 1 );
		return array(
			'title not a string'     => array( array( 'title' => array( 'x' ) ), 'title' ),
			'oversized title'        => array( array( 'title' => str_repeat( 'x', 256 ) ), 'title' ),
			'unknown status'         => array( array( 'status' => 'live' ), 'status' ),
			'unknown survey type'    => array( array( 'type' => 'quiz' ), 'type' ),
			'questions not a list'   => array( array( 'questions' => 'many' ), 'questions' ),
			'unknown question type'  => array( array( 'questions' => array( array_merge( $q, array( 'type' => 'slider' ) ) ) ), 'questions' ),
			'question without type'  => array( array( 'questions' => array( array( 'id' => 1, 'title' => 'x' ) ) ), 'questions' ),
			'too many options'       => array( array( 'questions' => array( self::question( 1, 'checkbox', array( 'config' => array( 'options' => array( 'a', 'b', 'c', 'd', 'e', 'f' ) ) ) ) ) ), 'questions' ),
			'oversized option'       => array( array( 'questions' => array( self::question( 1, 'checkbox', array( 'config' => array( 'options' => array( str_repeat( 'o', 201 ) ) ) ) ) ) ), 'questions' ),
			'unknown question field' => array( array( 'questions' => array( array_merge( $q, array( 'colour' => 'red' ) ) ) ), 'questions' ),
			'required not boolean'   => array( array( 'questions' => array( self::question( 1, 'radio-button', array( 'settings' => array( 'required' => 'sometimes' ) ) ) ) ), 'questions' ),
			'too many questions'     => array( array( 'questions' => array_map( static fn( int $i ): array => self::question( $i ), range( 1, 51 ) ) ), 'questions' ),
			'repeated question ids'  => array( array( 'questions' => array( self::question( 3 ), self::question( 3 ) ) ), 'questions' ),
			'delay over 60'          => array( array( 'settings' => array( 'behavior' => array( 'timing_delay' => 61 ) ) ), 'settings' ),
			'unknown device'         => array( array( 'settings' => array( 'targeting' => array( 'devices' => array( 'watch' ) ) ) ), 'settings' ),
			'bad colour'             => array( array( 'settings' => array( 'theming' => array( 'widget_color' => 'red' ) ) ), 'settings' ),
			'javascript redirect'    => array( array( 'settings' => array( 'thank_you' => array( 'redirect_url' => 'javascript:alert(1)' ) ) ), 'settings[thank_you][redirect_url]' ),
			'javascript image'       => array( array( 'questions' => array( self::question( 1, 'image-radio', array( 'config' => array( 'options' => array( array( 'label' => 'x', 'image' => array( 'id' => 1, 'url' => 'javascript:x' ) ) ) ) ) ) ) ), 'questions[0][config][options][0][image][url]' ),
			'oversized message'      => array( array( 'settings' => array( 'thank_you' => array( 'message' => str_repeat( 'm', 1001 ) ) ) ), 'settings' ),
			'bad email'              => array( array( 'notifications' => array( 'email' => array( 'addresses' => 'a@example.com, nope' ) ) ), 'notifications[email][addresses]' ),
			'bad publish_at'         => array( array( 'publish_at' => '2026-02-30T10:00:00' ), 'publish_at' ),
			'publish_at not a date'  => array( array( 'publish_at' => 'tomorrow' ), 'publish_at' ),
			'settings as a list'     => array( array( 'settings' => array( 1, 2 ) ), 'settings' ),
		);
	}

	/**
	 * @dataProvider invalid_inputs
	 * @param array<string,mixed> $body  Invalid input.
	 * @param string              $field Field the error names.
	 */
	public function test_invalid_input_is_refused_with_a_message_and_nothing_is_written( array $body, string $field ): void {
		global $wpdb;
		$this->as_elite();
		$this->as_user( 'administrator' );
		$id     = $this->create_id();
		$before = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM %i WHERE id = %d', Schema::table( 'surveys' ), $id ), ARRAY_A );

		foreach ( array( array( 'POST', '/surveys' ), array( 'POST', "/surveys/$id" ) ) as [ $method, $path ] ) {
			$response = $this->rest( $method, self::NS . $path, array(), $body + array( 'title' => 'Valid change' ) );
			$this->assertSame( 400, $response->get_status(), "$path " . wp_json_encode( $response->get_data() ) );
			$error = $response->as_error();
			$this->assertNotEmpty( $error->get_error_message() );
			$this->assertArrayHasKey( $field, $error->get_error_data()['params'] ?? array(), wp_json_encode( $error->get_error_data() ) );
		}
		$this->assertSame( $before, $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM %i WHERE id = %d', Schema::table( 'surveys' ), $id ), ARRAY_A ) );
		$this->assertSame( 1, (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i', Schema::table( 'surveys' ) ) ) );
	}

	public function test_a_survey_too_large_in_total_is_refused(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$option    = static fn( int $i ): array => array( 'label' => str_repeat( 'l', 200 ), 'image' => array( 'id' => $i, 'url' => 'https://example.com/' . str_repeat( 'u', 2000 ) ) );
		$questions = array_map( static fn( int $i ): array => self::question( $i, 'image-radio', array( 'config' => array( 'options' => array_map( $option, range( 1, 5 ) ) ) ) ), range( 1, 50 ) );
		$response  = $this->create( array( 'title' => 'Huge', 'questions' => $questions ) );
		$this->assertSame( 413, $response->get_status() );
		$this->assertSame( 'The request is too large: at most 512 KB may be sent.', $response->as_error()->get_error_message() );
		$this->assertSame( 201, $this->create( array( 'title' => 'Fine', 'questions' => array_slice( $questions, 0, 10 ) ) )->get_status() );
	}

	public function test_a_body_that_is_not_an_object_is_refused(): void {
		$this->as_user( 'administrator' );
		$this->assertSame( 400, $this->create( array( 'a', 'b' ) )->get_status() );
	}

	private function survey_title( int $id ): string {
		global $wpdb;
		return (string) $wpdb->get_var( $wpdb->prepare( 'SELECT title FROM %i WHERE id = %d', Schema::table( 'surveys' ), $id ) );
	}
}
