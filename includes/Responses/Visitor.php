<?php
/**
 * Who is calling a public route, as far as the server can tell: the client IP and the user agent.
 *
 * The IP is REMOTE_ADDR unless the site names a trusted proxy header (Settings > ip_header, an
 * allow-list): a header anyone can send is only believed when the site says a proxy sets it.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Responses;

use UserFeedback\Settings\SettingsSchema;

defined( 'ABSPATH' ) || exit;

final class Visitor {

	public function __construct(
		public readonly string $ip,
		public readonly string $user_agent,
	) {}

	/**
	 * @param array<string,mixed> $server    $_SERVER.
	 * @param string              $ip_header Trusted header ($_SERVER key from SettingsSchema::IP_HEADERS), or ''.
	 */
	public static function from_server( array $server, string $ip_header ): self {
		$user_agent = is_string( $server['HTTP_USER_AGENT'] ?? null ) ? substr( $server['HTTP_USER_AGENT'], 0, 512 ) : '';
		return new self( self::client_ip( $server, $ip_header ), $user_agent );
	}

	/**
	 * The client IP, '' when there is none that is valid.
	 *
	 * A proxy appends the address it received the request from to X-Forwarded-For, so the right-most
	 * valid entry is the one the trusted proxy wrote; entries to its left come from the client and
	 * may be forged. The other headers carry one address, which the same rule reads too.
	 *
	 * @param array<string,mixed> $server    $_SERVER.
	 * @param string              $ip_header Trusted header, or ''.
	 */
	public static function client_ip( array $server, string $ip_header ): string {
		if ( '' !== $ip_header && in_array( $ip_header, SettingsSchema::IP_HEADERS, true ) && is_string( $server[ $ip_header ] ?? null ) ) {
			foreach ( array_reverse( explode( ',', $server[ $ip_header ] ) ) as $entry ) {
				$ip = self::valid_ip( $entry );
				if ( '' !== $ip ) {
					return $ip;
				}
			}
		}
		return self::valid_ip( is_string( $server['REMOTE_ADDR'] ?? null ) ? $server['REMOTE_ADDR'] : '' );
	}

	/**
	 * The address as it is stored: anonymised (wp_privacy_anonymize_ip) unless the site turned that off.
	 */
	public function stored_ip( bool $anonymise ): string {
		if ( '' === $this->ip ) {
			return '';
		}
		return $anonymise ? wp_privacy_anonymize_ip( $this->ip ) : $this->ip;
	}

	/**
	 * One address from a header entry, without the port or brackets some proxies add; '' when invalid.
	 */
	private static function valid_ip( string $entry ): string {
		$entry = trim( $entry );
		if ( preg_match( '/^\[([0-9a-f:.]+)\](?::\d+)?$/i', $entry, $m ) ) {
			$entry = $m[1];
		} elseif ( preg_match( '/^(\d{1,3}(?:\.\d{1,3}){3}):\d+$/', $entry, $m ) ) {
			$entry = $m[1];
		}
		return false !== filter_var( $entry, FILTER_VALIDATE_IP ) ? $entry : '';
	}
}
