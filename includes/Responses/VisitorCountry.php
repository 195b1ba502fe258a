<?php
/**
 * The visitor's country for geo targeting, which only the server can know: from the CDN header the site
 * names (Settings > geo_header), then the userfeedback_visitor_country filter.
 *
 * Not here yet: a lookup in a MaxMind .mmdb country database (DESIGN.md section 2) for sites without
 * such a CDN. It would slot in before the filter; until then such sites answer null, or use the filter.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Responses;

use UserFeedback\Settings\SettingsSchema;

defined( 'ABSPATH' ) || exit;

final class VisitorCountry {

	public const FILTER = 'userfeedback_visitor_country';

	/**
	 * Codes CDNs send when they do not know the country.
	 */
	private const UNKNOWN = array( 'XX', 'ZZ' );

	/**
	 * ISO 3166-1 alpha-2 code in upper case, or null.
	 *
	 * @param array<string,mixed> $server $_SERVER.
	 * @param string              $header The configured header ($_SERVER key from SettingsSchema::GEO_HEADERS), or ''.
	 */
	public static function detect( array $server, string $header ): ?string {
		$country = null;
		if ( '' !== $header && in_array( $header, SettingsSchema::GEO_HEADERS, true ) && is_string( $server[ $header ] ?? null ) ) {
			$country = self::code( $server[ $header ] );
		}
		/**
		 * Filters the visitor's country (geo targeting).
		 *
		 * @param string|null $country Two upper-case letters from the configured CDN header, or null.
		 * @param string      $header  The $_SERVER key it was read from ('' when none is configured).
		 */
		$filtered = apply_filters( self::FILTER, $country, $header ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- self::FILTER is 'userfeedback_visitor_country'.
		return is_string( $filtered ) ? self::code( $filtered ) : null;
	}

	private static function code( string $value ): ?string {
		$value = strtoupper( trim( $value ) );
		return preg_match( '/^[A-Z]{2}$/', $value ) && ! in_array( $value, self::UNKNOWN, true ) ? $value : null;
	}
}
