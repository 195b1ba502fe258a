<?php
/**
 * Signs a webhook delivery: X-UserFeedback-Signature is "sha256=" and the hex HMAC-SHA256, keyed with
 * the webhook's secret, of "<timestamp>.<raw body>", where timestamp is X-UserFeedback-Timestamp (Unix
 * seconds). The receiver computes the same, compares in constant time and refuses old timestamps
 * (README, Webhooks).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Webhooks;

defined( 'ABSPATH' ) || exit;

final class Signer {

	/** Random bytes of a new secret (64 hex characters). */
	public const SECRET_BYTES = 32;

	public static function secret(): string {
		return bin2hex( random_bytes( self::SECRET_BYTES ) );
	}

	public static function signature( string $secret, int $timestamp, string $body ): string {
		return 'sha256=' . hash_hmac( 'sha256', $timestamp . '.' . $body, $secret );
	}

	/**
	 * The headers of a delivery.
	 *
	 * @return array<string,string>
	 */
	public static function headers( string $secret, string $event, int $delivery_id, int $timestamp, string $body ): array {
		return array(
			'Content-Type'             => 'application/json; charset=utf-8',
			'User-Agent'               => 'UserFeedback-Webhooks/1.0 (' . home_url( '/' ) . ')',
			'X-UserFeedback-Event'     => $event,
			'X-UserFeedback-Delivery'  => (string) $delivery_id,
			'X-UserFeedback-Timestamp' => (string) $timestamp,
			'X-UserFeedback-Signature' => self::signature( $secret, $timestamp, $body ),
		);
	}
}
