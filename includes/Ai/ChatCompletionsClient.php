<?php
/**
 * A client of an OpenAI-compatible chat-completions API (OpenAI, Azure-style gateways, OpenRouter,
 * Mistral, Groq, Ollama, LM Studio, vLLM ...): one POST {base}/chat/completions through the WordPress
 * HTTP API, with a timeout, and an answer or a clear message for every way it can fail.
 *
 * The API key goes into the Authorization header and nowhere else: it is kept out of messages (a
 * provider that echoes it back has it replaced), out of var_dump() and out of stack traces.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Ai;

use UserFeedback\Rest\ApiException;

defined( 'ABSPATH' ) || exit;

final class ChatCompletionsClient {

	/** Seconds to wait for the provider. */
	public const TIMEOUT = 30;

	public const TEMPERATURE = 0.3;

	/** Error codes: the provider could not be reached, refused, or answered nothing usable. */
	public const CODE_UNREACHABLE = 'userfeedback_ai_unreachable';
	public const CODE_PROVIDER    = 'userfeedback_ai_provider_error';
	public const CODE_UNAVAILABLE = 'userfeedback_ai_unavailable';

	private const MAX_RESPONSE_BYTES = 2097152;
	private const MAX_ANSWER_CHARS   = 20000;
	private const MAX_ERROR_CHARS    = 500;

	private readonly string $api_key;

	/**
	 * @param string $base_url Base URL of the API, e.g. https://api.openai.com/v1 (a trailing slash, or
	 *                         the full .../chat/completions URL, is accepted too).
	 * @param string $api_key  Bearer token; '' sends no Authorization header (local model servers).
	 * @param string $model    Model name.
	 * @param int    $timeout  Seconds.
	 */
	public function __construct(
		private readonly string $base_url,
		#[\SensitiveParameter] string $api_key,
		private readonly string $model,
		private readonly int $timeout = self::TIMEOUT,
	) {
		$this->api_key = $api_key;
	}

	/**
	 * The chat-completions URL of a base URL.
	 */
	public static function endpoint( string $base_url ): string {
		$base = rtrim( trim( $base_url ), '/' );
		if ( preg_match( '#/chat/completions$#i', $base ) ) {
			return $base;
		}
		return $base . '/chat/completions';
	}

	/**
	 * Asks for one completion of a system and a user message and answers its text.
	 *
	 * @throws ApiException 502 with a message for the admin when the provider cannot be reached, refuses
	 *                      (its own error text when it sent one), or answers no text.
	 */
	public function complete( string $system, string $user ): string {
		$body = wp_json_encode(
			array(
				'model'       => $this->model,
				'messages'    => array(
					array(
						'role'    => 'system',
						'content' => $system,
					),
					array(
						'role'    => 'user',
						'content' => $user,
					),
				),
				'temperature' => self::TEMPERATURE,
			),
			JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES
		);
		if ( false === $body ) {
			throw new \RuntimeException( 'The AI request could not be encoded as JSON.' );
		}

		$headers = array(
			'Content-Type' => 'application/json',
			'Accept'       => 'application/json',
		);
		if ( '' !== $this->api_key ) {
			$headers['Authorization'] = 'Bearer ' . $this->api_key;
		}

		$response = wp_remote_post(
			self::endpoint( $this->base_url ),
			array(
				'timeout'             => $this->timeout,
				// A redirect would turn the POST into a GET (302) or send the key elsewhere: it is an error.
				'redirection'         => 0,
				'headers'             => $headers,
				'body'                => $body,
				'limit_response_size' => self::MAX_RESPONSE_BYTES,
			)
		);

		if ( is_wp_error( $response ) ) {
			throw $this->unreachable( esc_html( $this->scrub( $response->get_error_message() ) ) );
		}

		$status = (int) wp_remote_retrieve_response_code( $response );
		$raw    = (string) wp_remote_retrieve_body( $response );
		$json   = json_decode( $raw, true );

		if ( $status < 200 || $status >= 300 ) {
			$text = $this->error_text( $json );
			throw self::provider_error(
				'' !== $text
					? esc_html( $text )
					/* translators: %d: HTTP status code. */
					: sprintf( esc_html__( 'The AI provider answered with an error (HTTP %d).', 'userfeedback' ), (int) $status ),
				(int) $status
			);
		}

		if ( ! is_array( $json ) ) {
			throw self::provider_error( esc_html__( 'The answer of the AI provider could not be read. Check the base URL in Settings.', 'userfeedback' ), (int) $status );
		}

		$text = self::content( $json );
		if ( '' === $text ) {
			// Some gateways answer 200 with an error object.
			$error = $this->error_text( $json );
			if ( '' !== $error ) {
				throw self::provider_error( esc_html( $error ), (int) $status );
			}
			throw self::unavailable();
		}
		return $text;
	}

	public static function unavailable(): ApiException {
		return new ApiException( self::CODE_UNAVAILABLE, esc_html__( 'AI Summary is unavailable at this moment.', 'userfeedback' ), 502 );
	}

	/**
	 * The 502 of a provider that answered with an error, or with nothing readable.
	 *
	 * @param string $message The sentence, escaped for HTML.
	 * @param int    $status  The provider's HTTP status.
	 */
	private static function provider_error( string $message, int $status ): ApiException {
		return new ApiException( self::CODE_PROVIDER, $message, 502, array( 'provider_status' => $status ) );
	}

	/**
	 * The text of choices[0].message.content: a string, or a list of parts ({type: text, text}); the
	 * reasoning some models put in <think> tags is left out.
	 *
	 * @param array<mixed> $json Decoded answer.
	 */
	private static function content( array $json ): string {
		$content = $json['choices'][0]['message']['content'] ?? null;
		if ( is_array( $content ) ) {
			$parts = array();
			foreach ( $content as $part ) {
				if ( is_array( $part ) && is_string( $part['text'] ?? null ) ) {
					$parts[] = $part['text'];
				}
			}
			$content = implode( '', $parts );
		}
		if ( ! is_string( $content ) ) {
			return '';
		}
		$content = (string) preg_replace( '#<think>.*?</think>#is', '', $content );
		$content = trim( $content );
		if ( mb_strlen( $content ) > self::MAX_ANSWER_CHARS ) {
			$content = rtrim( mb_substr( $content, 0, self::MAX_ANSWER_CHARS - 1 ) ) . '…';
		}
		return $content;
	}

	/**
	 * The provider's own error text: {error: {message}} (OpenAI and most others), {error: "..."},
	 * {message: "..."} or {detail: "..."}; '' when there is none.
	 *
	 * @param mixed $json Decoded body.
	 */
	private function error_text( $json ): string {
		if ( ! is_array( $json ) ) {
			return '';
		}
		$candidates = array(
			is_array( $json['error'] ?? null ) ? ( $json['error']['message'] ?? null ) : null,
			$json['error'] ?? null,
			$json['message'] ?? null,
			$json['detail'] ?? null,
		);
		foreach ( $candidates as $candidate ) {
			if ( is_string( $candidate ) && '' !== trim( $candidate ) ) {
				return $this->scrub( $candidate );
			}
		}
		return '';
	}

	/**
	 * The 502 of a provider out of reach.
	 *
	 * @param string $detail The connection's error, scrubbed and escaped for HTML.
	 */
	private function unreachable( string $detail ): ApiException {
		if ( preg_match( '/timed out|cURL error 28\b/i', $detail ) ) {
			$message = esc_html(
				sprintf(
					/* translators: %d: seconds. */
					_n( 'The AI provider did not answer within %d second. Please try again later.', 'The AI provider did not answer within %d seconds. Please try again later.', $this->timeout, 'userfeedback' ),
					$this->timeout
				)
			);
		} else {
			$message = '' !== $detail
				/* translators: %s: the error of the connection, e.g. "cURL error 7: Failed to connect". */
				? sprintf( esc_html__( 'Could not reach the AI provider: %s', 'userfeedback' ), $detail )
				: esc_html__( 'Could not reach the AI provider. Check the base URL in Settings and the site\'s connection.', 'userfeedback' );
		}
		return new ApiException( self::CODE_UNREACHABLE, $message, 502 );
	}

	/**
	 * Text from the provider as one short line without markup, and without the key should it be there.
	 */
	private function scrub( string $text ): string {
		if ( '' !== $this->api_key ) {
			$text = str_replace( $this->api_key, '[API key]', $text );
		}
		$text = trim( (string) preg_replace( '/\s+/u', ' ', wp_strip_all_tags( $text ) ) );
		if ( mb_strlen( $text ) > self::MAX_ERROR_CHARS ) {
			$text = rtrim( mb_substr( $text, 0, self::MAX_ERROR_CHARS - 1 ) ) . '…';
		}
		return $text;
	}

	/**
	 * var_dump() and print_r() show no key.
	 *
	 * @return array<string,mixed>
	 */
	public function __debugInfo(): array {
		return array(
			'endpoint' => self::endpoint( $this->base_url ),
			'model'    => $this->model,
			'api_key'  => '' === $this->api_key ? '' : '[hidden]',
			'timeout'  => $this->timeout,
		);
	}
}
