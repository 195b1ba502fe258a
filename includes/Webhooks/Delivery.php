<?php
/**
 * One attempt of a delivery: the payload built from the stored response as it is now, the URL judged
 * again (UrlGuard: the host's address may have changed since it was saved) and the connection pinned to
 * the address judged, one signed POST with a 5-second timeout and no redirects followed, then the
 * delivery's next state: delivered on a 2xx; otherwise failed with a retry after 1 min, 5 min, 30 min,
 * 2 h and 12 h (longer when a 429 or 503 asks for it with Retry-After, up to 12 h), and given up after
 * the last one. A test delivery is never retried by the queue.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Webhooks;

use UserFeedback\ExceptionText;
use UserFeedback\Notifications\Email\ResponseEmailRepository;
use UserFeedback\Surveys\SurveyRepository;

defined( 'ABSPATH' ) || exit;

final class Delivery {

	/** Seconds before attempt 2, 3, 4, 5 and 6; after attempt 6 the delivery is given up. */
	public const BACKOFF = array( MINUTE_IN_SECONDS, 5 * MINUTE_IN_SECONDS, 30 * MINUTE_IN_SECONDS, 2 * HOUR_IN_SECONDS, 12 * HOUR_IN_SECONDS );

	/** Attempts of a response's delivery, at most. */
	public const MAX_ATTEMPTS = 6;

	/** The longest wait a Retry-After may ask for. */
	public const RETRY_AFTER_MAX = 12 * HOUR_IN_SECONDS;

	/** Seconds a receiver has to answer. */
	public const TIMEOUT = 5;

	/** Bytes of a receiver's answer read, at most. */
	private const MAX_RESPONSE_BYTES = 65536;

	/**
	 * @param \Closure():int|null $clock The time; tests move it.
	 */
	public function __construct(
		private readonly WebhookRepository $webhooks,
		private readonly SurveyRepository $surveys,
		private readonly UrlGuard $guard = new UrlGuard(),
		private readonly ?\Closure $clock = null,
		private readonly ResponseEmailRepository $responses = new ResponseEmailRepository(),
	) {}

	/**
	 * Makes one attempt and records it.
	 *
	 * @param array<string,mixed> $delivery A deliveries row.
	 * @return array{status:string,attempts:int,next_at:?string,code:int,error:string,duration_ms:int,delivered_at:?string}
	 */
	public function attempt( array $delivery ): array {
		$now      = $this->now();
		$attempts = (int) $delivery['attempts'] + 1;
		$webhook  = $this->webhooks->find( (int) $delivery['webhook_id'] );
		$body     = null === $webhook ? null : $this->body( $delivery, $webhook );
		if ( null === $webhook || is_string( $body ) ) {
			$outcome = self::outcome( 'gave_up', $attempts, null, 0, null === $webhook ? __( 'The webhook is gone.', 'userfeedback' ) : (string) $body, 0, null );
		} else {
			$sent    = $this->post( $webhook, $delivery, $body['json'], $now );
			$outcome = $this->next( $delivery, $attempts, $sent, $now );
		}
		$this->webhooks->record( (int) $delivery['id'], $outcome, gmdate( 'Y-m-d H:i:s', $now ) );
		return $outcome;
	}

	/**
	 * The body to send, or why there is none (the response or its survey is gone, or in the trash).
	 *
	 * @param array<string,mixed> $delivery A deliveries row.
	 * @param array<string,mixed> $webhook  Its webhook.
	 * @return array{json:string}|string
	 */
	private function body( array $delivery, array $webhook ) {
		if ( 'test' === $delivery['event'] ) {
			$survey  = (int) $webhook['survey_id'] > 0 ? $this->surveys->find( (int) $webhook['survey_id'] ) : null;
			$payload = Payload::test( $delivery, $survey );
		} else {
			$response = $this->responses->find( (int) $delivery['response_id'] );
			if ( null === $response || 'publish' !== $response['row']['status'] ) {
				return __( 'The response is no longer there (deleted or in the trash).', 'userfeedback' );
			}
			$survey = $this->surveys->find( (int) $response['row']['survey_id'] );
			if ( null === $survey ) {
				return __( 'The survey of the response is gone.', 'userfeedback' );
			}
			$payload = Payload::response( $delivery, $survey, $response );
		}
		if ( 'slack' === $webhook['format'] ) {
			$payload = Payload::slack( $payload );
		}
		return array( 'json' => (string) wp_json_encode( $payload, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) );
	}

	/**
	 * One signed POST.
	 *
	 * @param array<string,mixed> $webhook  The webhook.
	 * @param array<string,mixed> $delivery The delivery.
	 * @return array{ok:bool,code:int,error:string,duration_ms:int,retry_after:int}
	 */
	private function post( array $webhook, array $delivery, string $body, int $now ): array {
		try {
			$target = $this->guard->check( (string) $webhook['url'] );
		} catch ( UrlRefused $e ) {
			return array(
				'ok'          => false,
				'code'        => 0,
				'error'       => ExceptionText::plain( $e ),
				'duration_ms' => 0,
				'retry_after' => 0,
			);
		}
		// The connection goes to the address judged, not to whatever the name resolves to a moment later.
		$pin = static function ( $handle, $args, $url ) use ( $target ): void {
			if ( $url === $target['url'] && defined( 'CURLOPT_RESOLVE' ) ) {
				$ip = str_contains( $target['ip'], ':' ) ? '[' . $target['ip'] . ']' : $target['ip'];
				curl_setopt( $handle, CURLOPT_RESOLVE, array( $target['host'] . ':' . $target['port'] . ':' . $ip ) ); // phpcs:ignore WordPress.WP.AlternativeFunctions.curl_curl_setopt
			}
		};
		add_action( 'http_api_curl', $pin, 10, 3 );
		$started = microtime( true );
		try {
			$answer = wp_remote_post(
				$target['url'],
				array(
					'timeout'             => self::TIMEOUT,
					'redirection'         => 0,
					// WordPress's own refusal of private hosts and odd ports, unless the filter allowed this address.
					'reject_unsafe_urls'  => ! $target['private'],
					'limit_response_size' => self::MAX_RESPONSE_BYTES,
					'headers'             => Signer::headers( (string) $webhook['secret'], (string) $delivery['event'], (int) $delivery['id'], $now, $body ),
					'body'                => $body,
					'data_format'         => 'body',
				)
			);
		} finally {
			remove_action( 'http_api_curl', $pin, 10 );
		}
		$duration = (int) round( ( microtime( true ) - $started ) * 1000 );
		if ( is_wp_error( $answer ) ) {
			return array(
				'ok'          => false,
				'code'        => 0,
				'error'       => $answer->get_error_message(),
				'duration_ms' => $duration,
				'retry_after' => 0,
			);
		}
		$code = (int) wp_remote_retrieve_response_code( $answer );
		$ok   = $code >= 200 && $code < 300;
		return array(
			'ok'          => $ok,
			'code'        => $code,
			'error'       => $ok ? '' : self::refusal( $code, $answer ),
			'duration_ms' => $duration,
			'retry_after' => in_array( $code, array( 429, 503 ), true ) ? self::retry_after( (string) wp_remote_retrieve_header( $answer, 'retry-after' ), $now ) : 0,
		);
	}

	/**
	 * The delivery's state after an attempt.
	 *
	 * @param array<string,mixed>                                                           $delivery The delivery.
	 * @param array{ok:bool,code:int,error:string,duration_ms:int,retry_after:int} $sent     What the attempt got.
	 * @return array{status:string,attempts:int,next_at:?string,code:int,error:string,duration_ms:int,delivered_at:?string}
	 */
	private function next( array $delivery, int $attempts, array $sent, int $now ): array {
		if ( $sent['ok'] ) {
			return self::outcome( 'delivered', $attempts, null, $sent['code'], '', $sent['duration_ms'], gmdate( 'Y-m-d H:i:s', $now ) );
		}
		if ( 'test' === $delivery['event'] ) {
			return self::outcome( 'failed', $attempts, null, $sent['code'], $sent['error'], $sent['duration_ms'], null );
		}
		if ( $attempts >= self::MAX_ATTEMPTS ) {
			return self::outcome( 'gave_up', $attempts, null, $sent['code'], $sent['error'], $sent['duration_ms'], null );
		}
		$wait = max( self::BACKOFF[ $attempts - 1 ], min( $sent['retry_after'], self::RETRY_AFTER_MAX ) );
		return self::outcome( 'failed', $attempts, gmdate( 'Y-m-d H:i:s', $now + $wait ), $sent['code'], $sent['error'], $sent['duration_ms'], null );
	}

	/**
	 * @return array{status:string,attempts:int,next_at:?string,code:int,error:string,duration_ms:int,delivered_at:?string}
	 */
	private static function outcome( string $status, int $attempts, ?string $next_at, int $code, string $error, int $duration_ms, ?string $delivered_at ): array {
		return array(
			'status'       => $status,
			'attempts'     => $attempts,
			'next_at'      => $next_at,
			'code'         => $code,
			'error'        => mb_substr( $error, 0, 255 ),
			'duration_ms'  => $duration_ms,
			'delivered_at' => $delivered_at,
		);
	}

	/**
	 * A short sentence for a receiver's refusal: the status and the start of its answer as text.
	 *
	 * @param array<string,mixed> $answer The HTTP answer.
	 */
	private static function refusal( int $code, array $answer ): string {
		if ( $code >= 300 && $code < 400 ) {
			/* translators: 1: HTTP status code, 2: an address. */
			return sprintf( __( 'HTTP %1$d: redirects are not followed (to %2$s).', 'userfeedback' ), $code, mb_substr( (string) wp_remote_retrieve_header( $answer, 'location' ), 0, 150 ) );
		}
		$text = trim( (string) preg_replace( '/\s+/', ' ', wp_strip_all_tags( (string) wp_remote_retrieve_body( $answer ) ) ) );
		return trim( sprintf( 'HTTP %d %s', $code, mb_substr( $text, 0, 150 ) ) );
	}

	/**
	 * Seconds a Retry-After asks for (delay-seconds or an HTTP date); 0 when absent or unreadable.
	 */
	public static function retry_after( string $header, int $now ): int {
		$header = trim( $header );
		if ( '' === $header ) {
			return 0;
		}
		if ( ctype_digit( $header ) ) {
			return (int) min( (int) $header, self::RETRY_AFTER_MAX );
		}
		$at = strtotime( $header );
		return false === $at ? 0 : (int) max( 0, min( $at - $now, self::RETRY_AFTER_MAX ) );
	}

	private function now(): int {
		return null !== $this->clock ? ( $this->clock )() : time();
	}
}
