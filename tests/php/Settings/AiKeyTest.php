<?php
/**
 * The stored AI key goes only where an administrator who knows it sent it: changing the provider's
 * base URL or model while a key is stored needs the key again in the same request (400
 * userfeedback_ai_key_required otherwise, nothing saved). Clearing the base URL needs no key and drops
 * the stored one.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Settings;

use UserFeedback\Settings\SettingsRepository;
use UserFeedback\Tests\TestCase;

final class AiKeyTest extends TestCase {

	private const KEY = 'sk-live-abcdefghijklmnop-9876';

	private const URL = 'https://api.provider.test/v1';

	protected function setUp(): void {
		parent::setUp();
		$this->as_user( 'administrator' );
		$response = $this->post(
			array(
				'ai_base_url' => self::URL,
				'ai_api_key'  => self::KEY,
				'ai_model'    => 'model-a',
			)
		);
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
	}

	private function post( array $body ): \WP_REST_Response {
		return $this->rest( 'POST', '/userfeedback/v1/settings', array(), $body );
	}

	/**
	 * @return array<string,mixed>
	 */
	private static function stored(): array {
		wp_cache_flush();
		return ( new SettingsRepository() )->all();
	}

	/**
	 * @return array<string,array{0:array<string,mixed>}>
	 */
	public static function changes_without_the_key(): array {
		$masked = str_repeat( '•', 8 ) . '9876';
		return array(
			'another host'                      => array( array( 'ai_base_url' => 'https://collector.evil.test/v1' ) ),
			'another path on the same host'     => array( array( 'ai_base_url' => 'https://api.provider.test/v2' ) ),
			'another model'                     => array( array( 'ai_model' => 'model-b' ) ),
			'another host with the masked key'  => array(
				array(
					'ai_base_url' => 'https://collector.evil.test/v1',
					'ai_api_key'  => $masked,
				),
			),
			'another model with an empty key'   => array(
				array(
					'ai_model'   => 'model-b',
					'ai_api_key' => '',
				),
			),
			'another host with other settings'  => array(
				array(
					'ai_base_url'        => 'https://collector.evil.test/v1',
					'widget_toggle_text' => 'Changed',
				),
			),
		);
	}

	/**
	 * @dataProvider changes_without_the_key
	 */
	public function test_changing_the_address_or_model_without_the_key_is_refused_and_saves_nothing( array $body ): void {
		$before = self::stored();

		$response = $this->post( $body );

		$this->assertSame( 400, $response->get_status() );
		$error = $response->as_error();
		$this->assertSame( 'userfeedback_ai_key_required', $error->get_error_code() );
		$this->assertSame( "Enter the API key again to change the AI provider's address or model.", $error->get_error_message() );
		$this->assertSame( $before, self::stored(), 'Nothing of the refused request was saved.' );
	}

	public function test_with_the_key_entered_again_the_change_saves(): void {
		$response = $this->post(
			array(
				'ai_base_url' => 'https://other.provider.test/v1',
				'ai_model'    => 'model-b',
				'ai_api_key'  => 'sk-new-key-0001',
			)
		);
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );

		$stored = self::stored();
		$this->assertSame( 'https://other.provider.test/v1', $stored['ai_base_url'] );
		$this->assertSame( 'model-b', $stored['ai_model'] );
		$this->assertSame( 'sk-new-key-0001', $stored['ai_api_key'] );

		// The same key typed again is a key entered again.
		$response = $this->post(
			array(
				'ai_model'   => 'model-c',
				'ai_api_key' => 'sk-new-key-0001',
			)
		);
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( 'model-c', self::stored()['ai_model'] );
	}

	public function test_unchanged_address_and_model_need_no_key(): void {
		$response = $this->post(
			array(
				'ai_base_url'        => self::URL,
				'ai_model'           => 'model-a',
				'ai_api_key'         => str_repeat( '•', 8 ) . '9876',
				'widget_toggle_text' => 'Feedback?',
			)
		);
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$stored = self::stored();
		$this->assertSame( self::KEY, $stored['ai_api_key'], 'The masked key sent back keeps the real one.' );
		$this->assertSame( 'Feedback?', $stored['widget_toggle_text'] );
	}

	public function test_clearing_the_address_needs_no_key_and_drops_it(): void {
		$response = $this->post( array( 'ai_base_url' => '' ) );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame( '', $response->get_data()['ai_api_key'] );

		$stored = self::stored();
		$this->assertSame( '', $stored['ai_base_url'] );
		$this->assertSame( '', $stored['ai_api_key'] );

		// With no key stored, a new address needs none (there is nothing to send).
		$this->assertSame( 200, $this->post( array( 'ai_base_url' => 'https://collector.evil.test/v1' ) )->get_status() );
		$this->assertSame( '', self::stored()['ai_api_key'] );
	}

	public function test_clearing_the_address_with_a_new_key_keeps_the_new_key(): void {
		$response = $this->post(
			array(
				'ai_base_url' => '',
				'ai_api_key'  => 'sk-next-0002',
			)
		);
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( 'sk-next-0002', self::stored()['ai_api_key'] );
	}

	public function test_setting_the_first_key_with_the_address_needs_nothing_more(): void {
		$this->post( array( 'ai_base_url' => '' ) );
		$response = $this->post(
			array(
				'ai_base_url' => self::URL,
				'ai_model'    => 'model-a',
				'ai_api_key'  => self::KEY,
			)
		);
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( self::KEY, self::stored()['ai_api_key'] );
	}
}
