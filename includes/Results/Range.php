<?php
/**
 * An inclusive range of site-local days and what the SQL needs of it: the UTC instants that bound it
 * (for an index range on submitted_at) and the way stored UTC times fold into local days.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Results;

defined( 'ABSPATH' ) || exit;

final class Range {

	/** The date picker's earliest day (spec 2, section 5). */
	public const EARLIEST = '2005-01-01';

	/**
	 * @param string        $from First day, 'Y-m-d' in the site's time zone.
	 * @param string        $to   Last day, inclusive.
	 * @param \DateTimeZone $zone The site's time zone.
	 */
	public function __construct(
		public readonly string $from,
		public readonly string $to,
		public readonly \DateTimeZone $zone,
	) {}

	/**
	 * The last $days days up to $today (both included).
	 */
	public static function last_days( int $days, string $today, \DateTimeZone $zone ): self {
		return new self( self::add_days( $today, 1 - $days ), $today, $zone );
	}

	public static function add_days( string $day, int $days ): string {
		return ( new \DateTimeImmutable( $day . ' 00:00:00', new \DateTimeZone( 'UTC' ) ) )->modify( sprintf( '%+d days', $days ) )->format( 'Y-m-d' );
	}

	/**
	 * Whether a string is a real calendar day written 'YYYY-MM-DD'.
	 */
	public static function is_day( string $day ): bool {
		return 1 === preg_match( '/^(\d{4})-(\d{2})-(\d{2})$/', $day, $m ) && checkdate( (int) $m[2], (int) $m[3], (int) $m[1] );
	}

	public function days(): int {
		return (int) ( new \DateTimeImmutable( $this->from ) )->diff( new \DateTimeImmutable( $this->to ) )->days + 1;
	}

	/**
	 * The UTC instant (Y-m-d H:i:s, as submitted_at is stored) at which the range starts.
	 */
	public function start_utc(): string {
		return self::utc_start_of( $this->from, $this->zone );
	}

	/**
	 * The UTC instant at which the range ends (exclusive): the start of the day after the last.
	 */
	public function end_utc(): string {
		return self::utc_start_of( self::add_days( $this->to, 1 ), $this->zone );
	}

	/**
	 * Every day of the range, oldest first.
	 *
	 * @return string[]
	 */
	public function day_list(): array {
		$days = array();
		for ( $day = $this->from; $day <= $this->to; $day = self::add_days( $day, 1 ) ) {
			$days[] = $day;
		}
		return $days;
	}

	/**
	 * How the SQL cuts time into buckets that never straddle a local midnight, so that PHP can fold
	 * them into days exactly, across DST changes too (a fixed offset would put an hour of every day
	 * on the wrong side of a change).
	 *
	 * Offsets are whole hours in most zones, so a bucket is an hour of submitted_at. Zones with a
	 * constant sub-hour part (India +5:30, Nepal +5:45, Newfoundland -3:30) shift submitted_at by
	 * that part first: a shifted hour then starts and ends on local hour boundaries. A zone whose
	 * sub-hour part changes within the range (Lord Howe Island: +10:30 / +11:00) falls back to
	 * minutes.
	 *
	 * @return array{length:int,shift:int} Characters of the (shifted) 'Y-m-d H:i:s' to keep (13:
	 *                                     the hour, 16: the minute), and the shift in minutes.
	 */
	public function bucketing(): array {
		$start       = ( new \DateTimeImmutable( $this->start_utc(), new \DateTimeZone( 'UTC' ) ) )->getTimestamp();
		$end         = ( new \DateTimeImmutable( $this->end_utc(), new \DateTimeZone( 'UTC' ) ) )->getTimestamp();
		$transitions = $this->zone->getTransitions( $start, $end );
		$remainders  = array();
		if ( ! $transitions ) {
			$transitions = array( array( 'offset' => $this->zone->getOffset( new \DateTimeImmutable( '@' . $start ) ) ) );
		}
		foreach ( $transitions as $transition ) {
			$remainders[ ( ( (int) $transition['offset'] % 3600 ) + 3600 ) % 3600 ] = true;
		}
		if ( count( $remainders ) > 1 ) {
			return array(
				'length' => 16,
				'shift'  => 0,
			);
		}
		return array(
			'length' => 13,
			'shift'  => (int) ( array_key_first( $remainders ) / 60 ),
		);
	}

	/**
	 * The local day a bucket of bucketing() belongs to.
	 *
	 * @param string $bucket 'Y-m-d H' or 'Y-m-d H:i' of the shifted UTC time.
	 * @param int    $shift  Minutes the bucket was shifted by.
	 */
	public function day_of_bucket( string $bucket, int $shift ): string {
		$utc = new \DateTimeImmutable( $bucket . ( 13 === strlen( $bucket ) ? ':00:00' : ':00' ), new \DateTimeZone( 'UTC' ) );
		if ( 0 !== $shift ) {
			$utc = $utc->modify( sprintf( '-%d minutes', $shift ) );
		}
		return $utc->setTimezone( $this->zone )->format( 'Y-m-d' );
	}

	/**
	 * The UTC instant at which a local day starts (the first moment that exists, when a DST change
	 * skips midnight).
	 */
	public static function utc_start_of( string $day, \DateTimeZone $zone ): string {
		return ( new \DateTimeImmutable( $day . ' 00:00:00', $zone ) )->setTimezone( new \DateTimeZone( 'UTC' ) )->format( 'Y-m-d H:i:s' );
	}

	/**
	 * A cache key part.
	 */
	public function key(): string {
		return $this->from . '_' . $this->to . '_' . $this->zone->getName();
	}
}
