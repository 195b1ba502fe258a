<?php
/**
 * Survey times: publish_at as the API takes it (RFC 3339 with an offset, or a naive local time in the
 * site's time zone), as it is stored (UTC, Y-m-d H:i:s) and as it is answered (UTC 'Z', and local).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

defined( 'ABSPATH' ) || exit;

final class Schedule {

	private const PATTERN = '/^(\d{4})-(\d{2})-(\d{2})[Tt ](\d{2}):(\d{2}):(\d{2})(?:\.\d+)?(Z|z|[+-]\d{2}(?::?\d{2})?)?$/';

	/**
	 * A time from the API as stored: UTC 'Y-m-d H:i:s', or null for "when published".
	 *
	 * A naive time is read in the site's time zone (wp_timezone()). A local time that does not exist
	 * (the hour skipped when daylight saving time starts) moves forward by that hour; one that happens
	 * twice (when it ends) is the first of the two, as PHP reads them.
	 *
	 * @param mixed $value Null, '' or a date-time string.
	 * @throws \InvalidArgumentException When the value is not a date and time.
	 */
	public static function to_utc( $value ): ?string {
		if ( null === $value || '' === $value ) {
			return null;
		}
		if ( ! is_string( $value ) || ! preg_match( self::PATTERN, $value, $m ) ) {
			throw new \InvalidArgumentException( 'not a date-time' );
		}
		[ , $year, $month, $day, $hour, $minute, $second ] = array_map( 'intval', $m );
		if ( ! checkdate( $month, $day, $year ) || $hour > 23 || $minute > 59 || $second > 59 ) {
			throw new \InvalidArgumentException( 'not a date-time' );
		}
		$offset = $m[7] ?? '';
		if ( '' === $offset ) {
			$zone = wp_timezone();
		} elseif ( 'z' === strtolower( $offset ) ) {
			$zone = new \DateTimeZone( 'UTC' );
		} else {
			$digits  = str_replace( ':', '', $offset );
			$minutes = substr( $digits, 3, 2 );
			$zone    = new \DateTimeZone( substr( $digits, 0, 3 ) . ':' . ( '' !== $minutes ? $minutes : '00' ) );
		}
		$local = sprintf( '%04d-%02d-%02d %02d:%02d:%02d', $year, $month, $day, $hour, $minute, $second );
		$time  = \DateTimeImmutable::createFromFormat( '!Y-m-d H:i:s', $local, $zone );
		if ( false === $time ) {
			throw new \InvalidArgumentException( 'not a date-time' );
		}
		return $time->setTimezone( new \DateTimeZone( 'UTC' ) )->format( 'Y-m-d H:i:s' );
	}

	/**
	 * A stored UTC time as RFC 3339 in UTC ('2026-12-01T14:00:00Z').
	 */
	public static function rfc3339( ?string $utc ): ?string {
		$time = self::parse_utc( $utc );
		return $time ? $time->format( 'Y-m-d\TH:i:s\Z' ) : null;
	}

	/**
	 * A stored UTC time in the site's time zone, 'YYYY-MM-DDTHH:MM:SS'.
	 */
	public static function local( ?string $utc ): ?string {
		$time = self::parse_utc( $utc );
		return $time ? $time->setTimezone( wp_timezone() )->format( 'Y-m-d\TH:i:s' ) : null;
	}

	/**
	 * Whether a published survey with this start time is still waiting for it.
	 */
	public static function is_future( ?string $utc, int $now ): bool {
		$time = self::parse_utc( $utc );
		return $time && $time->getTimestamp() > $now;
	}

	private static function parse_utc( ?string $utc ): ?\DateTimeImmutable {
		if ( null === $utc || '' === $utc || str_starts_with( $utc, '0000' ) ) {
			return null;
		}
		$time = \DateTimeImmutable::createFromFormat( '!Y-m-d H:i:s', $utc, new \DateTimeZone( 'UTC' ) );
		return false !== $time ? $time : null;
	}
}
