<?php
/**
 * Site Health's AI provider test: one short GET of {base}/models with the stored key, which every
 * OpenAI-compatible API answers without generating anything (no cost, no survey data sent). Run from
 * the Status screen through the REST route of SiteHealthController (an async test: the screen does not
 * wait for it), never from WP-Cron.
 *
 * The key goes into the Authorization header only; what the test says names the provider's host, never
 * the key or the full URL (which may carry a token in its query).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Admin;

use UserFeedback\Privacy\PolicyText;
use UserFeedback\Settings\SettingsRepository;

defined( 'ABSPATH' ) || exit;

final class AiProviderCheck {

	public const TEST = 'userfeedback_ai_provider';

	/** Seconds to wait for the provider: the Status screen shows a spinner meanwhile. */
	public const TIMEOUT = 10;

	public function __construct( private readonly SettingsRepository $settings ) {}

	/**
	 * The models URL of a base URL ({base}/models; a base given as the full .../chat/completions URL is
	 * cut back to its base first).
	 */
	public static function models_url( string $base_url ): string {
		$base = rtrim( trim( $base_url ), '/' );
		$base = (string) preg_replace( '#/chat/completions$#i', '', $base );
		return $base . '/models';
	}

	/**
	 * The test's result, in the shape of a Site Health result.
	 *
	 * @return array<string,mixed>
	 */
	public function run(): array {
		$result = $this->check();
		// The same words without markup, for the Test connection button of Settings > AI Summaries.
		$result['message'] = html_entity_decode( wp_strip_all_tags( (string) $result['description'] ), ENT_QUOTES | ENT_HTML5, 'UTF-8' );
		return $result;
	}

	/**
	 * The provider's own words about a refusal ({error: {message}}, {error: "..."}, {message} or
	 * {detail}, as OpenAI-compatible APIs answer), without markup or the key, on one short line; ''
	 * when it gave none.
	 *
	 * @param array<string,mixed>|\WP_Error $response The answer.
	 */
	private static function provider_error( $response, string $key ): string {
		$json = json_decode( (string) wp_remote_retrieve_body( $response ), true );
		if ( ! is_array( $json ) ) {
			return '';
		}
		foreach ( array( is_array( $json['error'] ?? null ) ? ( $json['error']['message'] ?? null ) : null, $json['error'] ?? null, $json['message'] ?? null, $json['detail'] ?? null ) as $text ) {
			if ( is_string( $text ) && '' !== trim( $text ) ) {
				$text = trim( (string) preg_replace( '/\s+/u', ' ', wp_strip_all_tags( $text ) ) );
				$text = '' !== $key ? str_replace( $key, '[API key]', $text ) : $text;
				return mb_substr( $text, 0, 300 );
			}
		}
		return '';
	}

	/**
	 * @return array<string,mixed>
	 */
	private function check(): array {
		$base = trim( (string) $this->settings->get( 'ai_base_url' ) );
		if ( '' === $base ) {
			return SiteHealth::result(
				self::TEST,
				'good',
				__( 'No AI provider is set up for UserFeedback', 'userfeedback' ),
				__( 'AI summaries are off, so no survey answers are sent to an AI service.', 'userfeedback' )
			);
		}
		$host    = PolicyText::host( $base );
		$key     = (string) $this->settings->get( 'ai_api_key' );
		$headers = array( 'Accept' => 'application/json' );
		if ( '' !== $key ) {
			$headers['Authorization'] = 'Bearer ' . $key;
		}
		$response = wp_remote_get(
			self::models_url( $base ),
			array(
				'timeout'             => self::TIMEOUT,
				// A redirect would send the key to another address.
				'redirection'         => 0,
				'headers'             => $headers,
				'limit_response_size' => 65536,
			)
		);
		$actions  = sprintf( '<p><a href="%s">%s</a></p>', esc_url( admin_url( 'admin.php?page=userfeedback_settings#/ai' ) ), esc_html__( 'Open the UserFeedback settings', 'userfeedback' ) );

		if ( is_wp_error( $response ) ) {
			$detail = '' !== $key ? str_replace( $key, '[API key]', $response->get_error_message() ) : $response->get_error_message();
			return SiteHealth::result(
				self::TEST,
				'recommended',
				__( 'The AI provider cannot be reached', 'userfeedback' ),
				sprintf(
					/* translators: 1: host name of the AI provider, 2: the connection error. */
					__( 'UserFeedback could not connect to the AI provider at %1$s, so AI summaries will fail: %2$s', 'userfeedback' ),
					$host,
					wp_strip_all_tags( $detail )
				),
				$actions
			);
		}
		$status = (int) wp_remote_retrieve_response_code( $response );
		if ( $status >= 200 && $status < 300 ) {
			return SiteHealth::result(
				self::TEST,
				'good',
				__( 'The AI provider answers', 'userfeedback' ),
				/* translators: %s: host name of the AI provider. */
				sprintf( __( 'The AI provider at %s accepted the API key. AI summaries send the text answers of a survey there when someone asks for one.', 'userfeedback' ), $host ),
				$actions
			);
		}
		$said = self::provider_error( $response, $key );
		$said = '' !== $said
			/* translators: %s: the error message of the AI provider. */
			? ' ' . sprintf( __( 'The provider said: %s', 'userfeedback' ), $said )
			: '';
		if ( 401 === $status || 403 === $status ) {
			return SiteHealth::result(
				self::TEST,
				'recommended',
				__( 'The AI provider refuses the API key', 'userfeedback' ),
				sprintf(
					/* translators: 1: host name of the AI provider, 2: HTTP status code. */
					__( 'The AI provider at %1$s answered HTTP %2$d to the stored API key, so AI summaries will fail. Enter a valid key in the UserFeedback settings.', 'userfeedback' ),
					$host,
					$status
				) . $said,
				$actions
			);
		}
		if ( 404 === $status || 405 === $status ) {
			return SiteHealth::result(
				self::TEST,
				'good',
				__( 'The AI provider answers', 'userfeedback' ),
				/* translators: %s: host name of the AI provider. */
				sprintf( __( 'The AI provider at %s can be reached. It does not list its models, so the API key could not be checked in advance.', 'userfeedback' ), $host ),
				$actions
			);
		}
		return SiteHealth::result(
			self::TEST,
			'recommended',
			__( 'The AI provider answers with an error', 'userfeedback' ),
			sprintf(
				/* translators: 1: host name of the AI provider, 2: HTTP status code. */
				__( 'The AI provider at %1$s answered HTTP %2$d, so AI summaries may fail. Check the base URL in the UserFeedback settings, or try again later.', 'userfeedback' ),
				$host,
				$status
			) . $said,
			$actions
		);
	}
}
