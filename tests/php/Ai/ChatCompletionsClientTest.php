<?php
/**
 * The chat-completions client on its own, against the loopback server: answer shapes, the timeout,
 * the endpoint built from a base URL, and the key kept out of dumps.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Ai;

use UserFeedback\Ai\ChatCompletionsClient;
use UserFeedback\Rest\ApiException;

final class ChatCompletionsClientTest extends AiTestCase {

	private static function client( string $scenario, int $timeout = ChatCompletionsClient::TIMEOUT ): ChatCompletionsClient {
		return new ChatCompletionsClient( self::$server_url . "/$scenario/v1", self::KEY, self::MODEL, $timeout );
	}

	public function test_the_endpoint_of_a_base_url(): void {
		foreach (
			array(
				'https://api.openai.com/v1'                   => 'https://api.openai.com/v1/chat/completions',
				'https://api.openai.com/v1/'                  => 'https://api.openai.com/v1/chat/completions',
				'https://api.openai.com/v1///'                => 'https://api.openai.com/v1/chat/completions',
				' http://localhost:11434/v1 '                 => 'http://localhost:11434/v1/chat/completions',
				'https://api.openai.com/v1/chat/completions'  => 'https://api.openai.com/v1/chat/completions',
				'https://api.openai.com/v1/chat/completions/' => 'https://api.openai.com/v1/chat/completions',
			) as $base => $endpoint
		) {
			$this->assertSame( $endpoint, ChatCompletionsClient::endpoint( $base ), $base );
		}
	}

	public function test_the_system_and_user_messages_are_sent_and_the_content_answered(): void {
		$text = self::client( 'ok' )->complete( 'System text', 'User text' );

		$this->assertSame( "Themes: delivery speed and prices.\nSentiment: mostly positive.\nSuggestions: add a dark mode. (gpt-test-mini)", $text );
		$body = json_decode( self::requests()[0]['body'], true );
		$this->assertSame(
			array(
				'model'       => self::MODEL,
				'messages'    => array(
					array(
						'role'    => 'system',
						'content' => 'System text',
					),
					array(
						'role'    => 'user',
						'content' => 'User text',
					),
				),
				'temperature' => 0.3,
			),
			$body
		);
	}

	public function test_content_as_parts_is_joined_and_a_think_block_is_left_out(): void {
		$this->assertSame( 'Themes: speed. Sentiment: positive.', self::client( 'parts' )->complete( 's', 'u' ) );
		$this->assertStringStartsWith( 'Themes: delivery speed', self::client( 'think' )->complete( 's', 'u' ) );
	}

	public function test_an_error_object_in_a_200_answer_is_passed_on(): void {
		try {
			self::client( 'error-200' )->complete( 's', 'u' );
			$this->fail( 'No error.' );
		} catch ( ApiException $e ) {
			$this->assertSame( 502, $e->status );
			$this->assertSame( ChatCompletionsClient::CODE_PROVIDER, $e->error_code );
			$this->assertSame( 'Rate limit reached for requests.', $e->getMessage() );
		}
	}

	public function test_a_provider_slower_than_the_timeout_is_a_clear_error(): void {
		$started = microtime( true );
		try {
			self::client( 'slow', 1 )->complete( 's', 'u' );
			$this->fail( 'No timeout.' );
		} catch ( ApiException $e ) {
			$this->assertSame( 502, $e->status );
			$this->assertSame( ChatCompletionsClient::CODE_UNREACHABLE, $e->error_code );
			$this->assertSame( 'The AI provider did not answer within 1 second. Please try again later.', $e->getMessage() );
		}
		$this->assertLessThan( 2.5, microtime( true ) - $started );
	}

	public function test_the_default_timeout_is_30_seconds(): void {
		$seen = null;
		add_filter(
			'pre_http_request',
			static function ( $pre, array $args ) use ( &$seen ) {
				$seen = $args;
				return new \WP_Error( 'http_request_failed', 'stopped by the test' );
			},
			10,
			2
		);
		try {
			( new ChatCompletionsClient( 'https://ai.example.com/v1', self::KEY, self::MODEL ) )->complete( 's', 'u' );
		} catch ( ApiException $e ) {
			$this->assertSame( 'Could not reach the AI provider: stopped by the test', $e->getMessage() );
		}
		$this->assertSame( 30, $seen['timeout'] );
		$this->assertSame( 0, $seen['redirection'] );
		$this->assertSame( 'POST', $seen['method'] );
	}

	public function test_the_key_is_not_in_a_dump_of_the_client(): void {
		$client = self::client( 'ok' );
		$this->assertStringNotContainsString( self::KEY, print_r( $client, true ) ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_print_r
		ob_start();
		var_dump( $client ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_var_dump
		$this->assertStringNotContainsString( self::KEY, (string) ob_get_clean() );
	}
}
