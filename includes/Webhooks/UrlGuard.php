<?php
/**
 * The one judge of a webhook URL, when it is saved and again before every delivery (the name may
 * point elsewhere by then):
 *
 * - http or https, with a host, no user name or password in it;
 * - https, unless the site is local: wp_get_environment_type() 'local' or 'development' (the
 *   userfeedback_webhook_local_site filter may say otherwise). A local site may send plain http to
 *   any host; the address rules below still apply;
 * - the host (an IP literal, or a name resolved here, IPv4 and IPv6) must not be a private,
 *   loopback, link-local, shared (100.64/10), multicast or otherwise reserved address, unless the
 *   userfeedback_webhook_allow_private filter (false, url, host, ip) allows that address;
 * - the port must be one WordPress's safe HTTP API lets through (http_allowed_safe_ports: 80, 443,
 *   8080 by default), unless the address was allowed by that filter.
 *
 * check() answers the address it judged, so that the delivery connects to that one and no other
 * (Delivery pins it with CURLOPT_RESOLVE).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Webhooks;

defined( 'ABSPATH' ) || exit;

final class UrlGuard {

	public const ALLOW_PRIVATE_FILTER = 'userfeedback_webhook_allow_private';

	public const LOCAL_SITE_FILTER = 'userfeedback_webhook_local_site';

	/** Most characters of a URL (the column is varchar(2048)). */
	public const MAX_LENGTH = 2048;

	/**
	 * @param \Closure(string):string[]|null $resolve Host name => its addresses; tests replace it.
	 */
	public function __construct( private readonly ?\Closure $resolve = null ) {}

	/**
	 * Whether plain http is allowed: only on a local or development site.
	 */
	public static function local_site(): bool {
		return (bool) apply_filters( self::LOCAL_SITE_FILTER, in_array( wp_get_environment_type(), array( 'local', 'development' ), true ) ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- self::LOCAL_SITE_FILTER is 'userfeedback_webhook_local_site'.
	}

	/**
	 * @return array{url:string,host:string,port:int,ip:string,private:bool} The URL and the address judged
	 *         (private: allowed by the filter although it is not public).
	 * @throws UrlRefused With a sentence an admin can act on.
	 */
	public function check( string $url ): array {
		$url = trim( $url );
		if ( '' === $url || strlen( $url ) > self::MAX_LENGTH ) {
			/* translators: %d: a number of characters. */
			throw new UrlRefused( sprintf( esc_html__( 'Enter the webhook URL (at most %d characters).', 'userfeedback' ), (int) self::MAX_LENGTH ) );
		}
		$parts  = wp_parse_url( $url );
		$scheme = strtolower( (string) ( $parts['scheme'] ?? '' ) );
		$host   = strtolower( (string) ( $parts['host'] ?? '' ) );
		if ( ! is_array( $parts ) || ! in_array( $scheme, array( 'http', 'https' ), true ) || '' === $host || preg_match( '/[\s<>"\\\\]/', $url ) ) {
			throw new UrlRefused( esc_html__( 'The webhook URL must be a full http or https address, e.g. https://example.com/hooks/userfeedback.', 'userfeedback' ) );
		}
		if ( isset( $parts['user'] ) || isset( $parts['pass'] ) ) {
			throw new UrlRefused( esc_html__( 'The webhook URL must not hold a user name or password.', 'userfeedback' ) );
		}
		if ( 'https' !== $scheme && ! self::local_site() ) {
			throw new UrlRefused( esc_html__( 'The webhook URL must use https (plain http is allowed on local and development sites only).', 'userfeedback' ) );
		}
		$port = (int) ( $parts['port'] ?? ( 'https' === $scheme ? 443 : 80 ) );
		$bare = trim( $host, '[]' );
		$ips  = filter_var( $bare, FILTER_VALIDATE_IP ) ? array( $bare ) : $this->addresses( $bare );
		if ( ! $ips ) {
			/* translators: %s: a host name. */
			throw new UrlRefused( sprintf( esc_html__( 'The host %s of the webhook URL could not be found.', 'userfeedback' ), esc_html( $bare ) ) );
		}
		$private = false;
		foreach ( $ips as $ip ) {
			if ( self::is_public( $ip ) ) {
				continue;
			}
			if ( ! apply_filters( self::ALLOW_PRIVATE_FILTER, false, $url, $bare, $ip ) ) { // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- self::ALLOW_PRIVATE_FILTER is 'userfeedback_webhook_allow_private'.
				throw new UrlRefused(
					sprintf(
						/* translators: 1: a host name, 2: an IP address. */
						esc_html__( 'The webhook URL points to a private or reserved address (%1$s is %2$s). Webhooks are sent to public addresses only, unless the userfeedback_webhook_allow_private filter allows it.', 'userfeedback' ),
						esc_html( $bare ),
						esc_html( $ip )
					)
				);
			}
			$private = true;
		}
		if ( ! $private && ! in_array( $port, array_map( 'intval', (array) apply_filters( 'http_allowed_safe_ports', array( 80, 443, 8080 ), $bare, $url ) ), true ) ) { // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.NonPrefixedHooknameFound -- WordPress core's own filter of the ports a request may use (as wp_http_validate_url() applies it).
			/* translators: %d: a port number. */
			throw new UrlRefused( sprintf( esc_html__( 'The webhook URL uses port %d: use 443, 80 or 8080 (other ports need WordPress\'s http_allowed_safe_ports filter).', 'userfeedback' ), (int) $port ) );
		}
		return array(
			'url'     => $url,
			'host'    => $bare,
			'port'    => $port,
			'ip'      => $ips[0],
			'private' => $private,
		);
	}

	/**
	 * Whether an address is public: not private, loopback, link-local, shared, multicast,
	 * documentation or otherwise reserved (IPv4 and IPv6; an IPv4-mapped IPv6 address is judged as
	 * the IPv4 one it holds).
	 */
	public static function is_public( string $ip ): bool {
		$packed = @inet_pton( $ip ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- false for a bad address.
		if ( false === $packed ) {
			return false;
		}
		if ( 16 === strlen( $packed ) && str_starts_with( $packed, str_repeat( "\0", 10 ) . "\xff\xff" ) ) {
			return self::is_public( (string) inet_ntop( substr( $packed, 12 ) ) );
		}
		if ( ! filter_var( $ip, FILTER_VALIDATE_IP, FILTER_FLAG_NO_PRIV_RANGE | FILTER_FLAG_NO_RES_RANGE ) ) {
			return false;
		}
		foreach ( 4 === strlen( $packed ) ? self::V4_BLOCKED : self::V6_BLOCKED as $cidr ) {
			if ( self::in_range( $packed, $cidr ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Ranges PHP's FILTER_FLAG_NO_PRIV_RANGE / NO_RES_RANGE do not cover on every PHP version.
	 */
	private const V4_BLOCKED = array( '0.0.0.0/8', '10.0.0.0/8', '100.64.0.0/10', '127.0.0.0/8', '169.254.0.0/16', '172.16.0.0/12', '192.0.0.0/24', '192.0.2.0/24', '192.168.0.0/16', '198.18.0.0/15', '198.51.100.0/24', '203.0.113.0/24', '224.0.0.0/3' );

	private const V6_BLOCKED = array( '::/127', '64:ff9b:1::/48', '100::/64', '2001::/23', '2001:db8::/32', 'fc00::/7', 'fe80::/10', 'fec0::/10', 'ff00::/8' );

	private static function in_range( string $packed, string $cidr ): bool {
		[ $base, $bits ] = explode( '/', $cidr );
		$net             = (string) inet_pton( $base );
		if ( strlen( $net ) !== strlen( $packed ) ) {
			return false;
		}
		$bits  = (int) $bits;
		$bytes = intdiv( $bits, 8 );
		if ( substr( $packed, 0, $bytes ) !== substr( $net, 0, $bytes ) ) {
			return false;
		}
		$rest = $bits % 8;
		if ( 0 === $rest ) {
			return true;
		}
		$mask = ( 0xff << ( 8 - $rest ) ) & 0xff;
		return ( ord( $packed[ $bytes ] ) & $mask ) === ( ord( $net[ $bytes ] ) & $mask );
	}

	/**
	 * A host name's IPv4 (system resolver, /etc/hosts included) and IPv6 (DNS) addresses.
	 *
	 * @return string[]
	 */
	private function addresses( string $host ): array {
		if ( null !== $this->resolve ) {
			return array_values( ( $this->resolve )( $host ) );
		}
		$ips = gethostbynamel( $host );
		$ips = is_array( $ips ) ? $ips : array();
		if ( function_exists( 'dns_get_record' ) ) {
			$records = @dns_get_record( $host, DNS_AAAA ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- false when the lookup fails.
			foreach ( is_array( $records ) ? $records : array() as $record ) {
				if ( isset( $record['ipv6'] ) ) {
					$ips[] = (string) $record['ipv6'];
				}
			}
		}
		return array_values( array_unique( $ips ) );
	}
}
