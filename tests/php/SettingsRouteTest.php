<?php
/**
 * GET and POST userfeedback/v1/settings.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

use UserFeedback\Access\Capabilities;
use UserFeedback\Settings\SettingsRepository;
use UserFeedback\Settings\SettingsSchema;

final class SettingsRouteTest extends TestCase {

	public function test_an_administrator_reads_the_defaults(): void {
		$this->as_user( 'administrator' );
		$response = $this->rest( 'GET', '/userfeedback/v1/settings' );
		$this->assertSame( 200, $response->get_status() );
		$data = $response->get_data();
		$this->assertSame( array_keys( SettingsSchema::defaults() ), array_keys( $data ) );
		$this->assertSame( 'none', $data['automatic_updates'] );
		$this->assertSame( '#2D87F1', $data['widget_button_color'] );
		$this->assertSame( 'bottom_right', $data['widget_position'] );
		$this->assertSame( 'Skip', $data['skip_text'] );
		$this->assertSame( 'Next', $data['next_text'] );
		$this->assertFalse( $data['uninstall_delete_data'] );
		$this->assertContains( 'administrator', $data['view_results'], 'Roles that manage options are always listed.' );
	}

	public function test_a_partial_update_changes_only_what_was_sent(): void {
		$this->as_user( 'administrator' );
		$response = $this->rest( 'POST', '/userfeedback/v1/settings', array(), array(
			'automatic_updates'        => 'minor',
			'notifications_recipients' => ' a@example.com,b@example.org ',
			'widget_color'             => '#112233',
		) );
		$this->assertSame( 200, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$this->assertSame( 'minor', $response->get_data()['automatic_updates'] );
		$this->assertSame( 'a@example.com, b@example.org', $response->get_data()['notifications_recipients'] );

		$stored = ( new SettingsRepository() )->all();
		$this->assertSame( 'minor', $stored['automatic_updates'] );
		$this->assertSame( '#112233', $stored['widget_color'] );
		$this->assertSame( 'bottom_right', $stored['widget_position'] );
	}

	/**
	 * @return array<string,array{array<string,mixed>,string}>
	 */
	public static function invalid_bodies(): array {
		return array(
			'unknown setting'        => array( array( 'not_a_setting' => 1 ), 'not_a_setting' ),
			'bad enum'               => array( array( 'automatic_updates' => 'sometimes' ), 'automatic_updates' ),
			'bad colour'             => array( array( 'widget_color' => 'red' ), 'widget_color' ),
			'bad email in list'      => array( array( 'notifications_recipients' => 'ok@example.com, nope' ), 'notifications_recipients' ),
			'wrong type'             => array( array( 'summaries_disabled' => 'perhaps' ), 'summaries_disabled' ),
			'too long'               => array( array( 'skip_text' => str_repeat( 'x', 41 ) ), 'skip_text' ),
			'javascript url'         => array( array( 'widget_custom_logo' => 'javascript:alert(1)' ), 'widget_custom_logo' ),
			'custom logo with none'  => array( array( 'logo_type' => 'custom', 'widget_custom_logo' => '' ), 'widget_custom_logo' ),
			'unknown role'           => array( array( 'view_results' => array( 'pirate' ) ), 'view_results' ),
			'untrusted proxy header' => array( array( 'ip_header' => 'HTTP_X_ANYTHING' ), 'ip_header' ),
			'bad font weight'        => array( array( 'widget_font' => array( 'family' => 'Inter', 'weight' => '450italic' ) ), 'widget_font' ),
		);
	}

	/**
	 * @dataProvider invalid_bodies
	 * @param array<string,mixed> $body Invalid settings.
	 */
	public function test_invalid_input_is_refused_with_a_message_and_nothing_is_saved( array $body, string $field ): void {
		$this->as_user( 'administrator' );
		$before = get_option( SettingsRepository::OPTION );
		// A valid change travels with the invalid one: it must not be saved either.
		$response = $this->rest( 'POST', '/userfeedback/v1/settings', array(), $body + array( 'next_text' => 'Continue' ) );

		$this->assertSame( 400, $response->get_status() );
		$error = $response->as_error();
		$this->assertNotEmpty( $error->get_error_message() );
		$params = $error->get_error_data()['params'] ?? array();
		$this->assertArrayHasKey( $field, $params, wp_json_encode( $error->get_error_data() ) );
		$this->assertSame( $before, get_option( SettingsRepository::OPTION ) );
	}

	public function test_the_custom_logo_rule_speaks_the_spec_message(): void {
		$this->as_user( 'administrator' );
		$response = $this->rest( 'POST', '/userfeedback/v1/settings', array(), array( 'logo_type' => 'custom' ) );
		$this->assertSame( 400, $response->get_status() );
		$this->assertSame( 'You must select a custom logo.', $response->as_error()->get_error_data()['params']['widget_custom_logo'] );
	}

	public function test_the_ai_key_is_write_only(): void {
		$this->as_user( 'administrator' );
		$saved = $this->rest( 'POST', '/userfeedback/v1/settings', array(), array( 'ai_api_key' => 'sk-secret-1234' ) )->get_data();
		$this->assertStringNotContainsString( 'secret', $saved['ai_api_key'] );
		$this->assertStringEndsWith( '1234', $saved['ai_api_key'] );

		// Sending back the masked value (a form saved as shown) keeps the real key. (A change of the
		// provider's address or model with it is refused: AiKeyTest.)
		$response = $this->rest( 'POST', '/userfeedback/v1/settings', array(), array( 'ai_api_key' => $saved['ai_api_key'], 'skip_text' => 'Later' ) );
		$this->assertSame( 200, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$this->assertSame( 'Later', $response->get_data()['skip_text'] );
		$this->assertStringNotContainsString( 'secret', $response->get_data()['ai_api_key'] );
		$this->assertSame( 'sk-secret-1234', ( new SettingsRepository() )->get( 'ai_api_key' ) );
	}

	public function test_role_lists_do_not_change_without_access_control(): void {
		$this->as_user( 'administrator' );
		$response = $this->rest( 'POST', '/userfeedback/v1/settings', array(), array( 'view_results' => array( 'editor' ) ) );
		$this->assertSame( 200, $response->get_status() );
		$this->assertNotContains( 'editor', $response->get_data()['view_results'] );
		$this->assertFalse( get_role( 'editor' )->has_cap( Capabilities::VIEW_RESULTS ) );
	}

	public function test_role_lists_grant_capabilities_with_access_control(): void {
		$this->set_entitlements( 'pro', 'pro', array() );
		$this->as_user( 'administrator' );
		$response = $this->rest( 'POST', '/userfeedback/v1/settings', array(), array( 'view_results' => array( 'editor' ) ) );
		$this->assertSame( 200, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$this->assertContains( 'editor', $response->get_data()['view_results'] );

		$editor = $this->make_user( 'editor' );
		$this->assertTrue( user_can( $editor, Capabilities::VIEW_RESULTS ) );
		$this->assertFalse( user_can( $editor, Capabilities::CREATE_EDIT_SURVEYS ) );
		$this->assertFalse( user_can( $editor, Capabilities::MANAGE_SETTINGS ) );

		// The editor can now read results routes but still not settings.
		wp_set_current_user( $editor );
		$this->assertSame( 403, $this->rest( 'GET', '/userfeedback/v1/settings' )->get_status() );

		// Taking the role off again removes the capability.
		$this->as_user( 'administrator' );
		$this->rest( 'POST', '/userfeedback/v1/settings', array(), array( 'view_results' => array() ) );
		$this->assertFalse( user_can( $editor, Capabilities::VIEW_RESULTS ) );
		$this->assertTrue( current_user_can( Capabilities::VIEW_RESULTS ), 'Administrators keep every capability.' );
	}

	public function test_editors_and_subscribers_cannot_write_settings(): void {
		foreach ( array( 'editor', 'author', 'subscriber' ) as $role ) {
			$this->as_user( $role );
			$response = $this->rest( 'POST', '/userfeedback/v1/settings', array(), array( 'automatic_updates' => 'all' ) );
			$this->assertSame( 403, $response->get_status(), $role );
		}
		$this->assertSame( 'none', ( new SettingsRepository() )->get( 'automatic_updates' ) );
	}

	public function test_a_non_object_body_is_refused(): void {
		$this->as_user( 'administrator' );
		$response = $this->rest( 'POST', '/userfeedback/v1/settings', array(), array( 'a', 'b' ) );
		$this->assertSame( 400, $response->get_status() );
	}
}
