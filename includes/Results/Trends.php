<?php
/**
 * A quantitative question's trend (GET surveys/{id}/trends): its daily rollup rows folded into
 * day, week or month buckets of the site's calendar, each with its response count and what the
 * question's type makes of its values: the NPS score, the stars' average, the share of each option.
 *
 * Plain arithmetic over the rows of ResultsRepository-style reads of daily_answers (Rollups): the
 * rollups' days are already the site's local days (DST and half-hour zones are exact there), so a
 * bucket is a run of local days and never a run of hours. Weeks start on the site's start_of_week
 * option; a month is a calendar month. The first and last bucket may reach outside the range: only
 * the range's days count in them (their `start` is the calendar start; `end` is the range's last
 * day in them).
 *
 * The NPS score and the stars' average are the type's own summary (QuestionType::summary():
 * Nps for the promoter and detractor rule, StarRatingType for the average), as the results use them.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Results;

use UserFeedback\Database\Rollups;
use UserFeedback\Surveys\QuestionTypes\NpsType;
use UserFeedback\Surveys\QuestionTypes\QuestionTypes;
use UserFeedback\Surveys\QuestionTypes\StarRatingType;

defined( 'ABSPATH' ) || exit;

final class Trends {

	public const INTERVALS = array( 'day', 'week', 'month' );

	public const DEFAULT_INTERVAL = 'week';

	/** The most buckets one answer holds (a chart stays readable, the answer small). */
	public const MAX_POINTS = 400;

	/** A bucket with fewer answers than this is a small sample (the chart draws it faded). */
	public const SMALL_SAMPLE = 5;

	/**
	 * What a trend shows for a question type: 'nps', 'stars', 'choice', or null for a type without
	 * a trend (free text, unknown).
	 */
	public static function kind_of( string $type ): ?string {
		if ( NpsType::KEY === $type ) {
			return 'nps';
		}
		if ( StarRatingType::KEY === $type ) {
			return 'stars';
		}
		$descriptor = QuestionTypes::get( $type );
		return null !== $descriptor && null !== $descriptor->options() ? 'choice' : null;
	}

	/**
	 * The first day of the bucket a day belongs to.
	 *
	 * @param string $day           'Y-m-d'.
	 * @param string $interval      One of INTERVALS.
	 * @param int    $start_of_week 0 (Sunday) to 6 (Saturday), as WordPress's start_of_week option.
	 */
	public static function bucket_start( string $day, string $interval, int $start_of_week ): string {
		switch ( $interval ) {
			case 'month':
				return substr( $day, 0, 8 ) . '01';
			case 'week':
				$weekday = (int) self::date( $day )->format( 'w' );
				return Range::add_days( $day, -( ( $weekday - self::week_start( $start_of_week ) + 7 ) % 7 ) );
			default:
				return $day;
		}
	}

	/**
	 * The first day of the bucket after the one starting on $start.
	 */
	public static function next_start( string $start, string $interval ): string {
		return match ( $interval ) {
			'month' => self::date( $start )->modify( 'first day of next month' )->format( 'Y-m-d' ),
			'week'  => Range::add_days( $start, 7 ),
			default => Range::add_days( $start, 1 ),
		};
	}

	/**
	 * How many buckets cover the range, counted without listing them.
	 */
	public static function bucket_count( Range $range, string $interval, int $start_of_week ): int {
		$first = self::bucket_start( $range->from, $interval, $start_of_week );
		$last  = self::bucket_start( $range->to, $interval, $start_of_week );
		if ( 'month' === $interval ) {
			return ( (int) substr( $last, 0, 4 ) - (int) substr( $first, 0, 4 ) ) * 12 + (int) substr( $last, 5, 2 ) - (int) substr( $first, 5, 2 ) + 1;
		}
		$days = (int) self::date( $first )->diff( self::date( $last ) )->days;
		return 'week' === $interval ? intdiv( $days, 7 ) + 1 : $days + 1;
	}

	/**
	 * The buckets of the range, oldest first: start (calendar start) => end (the range's last day
	 * in the bucket).
	 *
	 * @return array<string,string>
	 */
	public static function buckets( Range $range, string $interval, int $start_of_week ): array {
		$buckets = array();
		for ( $start = self::bucket_start( $range->from, $interval, $start_of_week ); $start <= $range->to; $start = $next ) {
			$next              = self::next_start( $start, $interval );
			$buckets[ $start ] = min( $range->to, Range::add_days( $next, -1 ) );
		}
		return $buckets;
	}

	/**
	 * The points of a question's trend.
	 *
	 * @param array<string,mixed>                                      $question The question (id, type, options).
	 * @param array<int,array{day:string,kind:int,value:string,count:int}> $rows     Its daily_answers rows of the range: kind
	 *                                                                           Rollups::KIND_VALUE and KIND_ANSWERED.
	 * @param callable(string,string,bool):string                      $label    Label of a bucket: (start, interval, several years).
	 * @return array<int,array<string,mixed>> Trend points: start, end, label, count, value, and shares for a choice question.
	 * @throws \InvalidArgumentException For a type without a trend.
	 */
	public static function points( array $question, array $rows, Range $range, string $interval, int $start_of_week, callable $label ): array {
		$type = (string) ( $question['type'] ?? '' );
		$kind = self::kind_of( $type );
		if ( null === $kind ) {
			throw new \InvalidArgumentException( esc_html( "A $type question has no trend." ) );
		}
		// Stored values (cut as the rollups cut them) => the option's value.
		$stored = array();
		foreach ( array_keys( QuestionStats::options( $question ) ) as $value ) {
			$stored[ Rollups::value( (string) $value ) ] ??= (string) $value;
		}
		$buckets = self::buckets( $range, $interval, $start_of_week );
		$counts  = array_fill_keys( array_keys( $buckets ), array() );
		$totals  = array_fill_keys( array_keys( $buckets ), 0 );
		foreach ( $rows as $row ) {
			if ( $row['day'] < $range->from || $row['day'] > $range->to ) {
				continue;
			}
			$start = self::bucket_start( $row['day'], $interval, $start_of_week );
			if ( Rollups::KIND_ANSWERED === $row['kind'] ) {
				$totals[ $start ] += $row['count'];
				continue;
			}
			$value = $stored[ $row['value'] ] ?? null;
			if ( Rollups::KIND_VALUE === $row['kind'] && null !== $value ) {
				$counts[ $start ][ $value ] = ( $counts[ $start ][ $value ] ?? 0 ) + $row['count'];
			}
		}

		$years  = substr( $range->from, 0, 4 ) !== substr( $range->to, 0, 4 );
		$points = array();
		foreach ( $buckets as $start => $end ) {
			$count = max( 0, $totals[ $start ] );
			$point = array(
				'start' => (string) $start,
				'end'   => $end,
				'label' => $label( (string) $start, $interval, $years ),
				'count' => $count,
				'value' => $count > 0 ? self::value( $kind, $type, $counts[ $start ] ) : null,
			);
			if ( 'choice' === $kind ) {
				$shares = array();
				foreach ( $stored as $value ) {
					$shares[ $value ] = $count > 0 ? round( 100 * ( $counts[ $start ][ $value ] ?? 0 ) / $count, 1 ) : 0.0;
				}
				$point['shares'] = (object) $shares;
			}
			$points[] = $point;
		}
		return $points;
	}

	/**
	 * The NPS score or the stars' average of a bucket's value counts, as the type's summary gives it;
	 * null for a choice question (its shares say it) or without valid values.
	 *
	 * @param array<string,int> $counts Option value => count.
	 * @return int|float|null
	 */
	private static function value( string $kind, string $type, array $counts ) {
		if ( 'choice' === $kind ) {
			return null;
		}
		$summary = QuestionTypes::get( $type )?->summary( $counts ) ?? array();
		return 'nps' === $kind ? ( $summary['nps']['score'] ?? null ) : ( $summary['average'] ?? null );
	}

	/**
	 * A bucket's label in the site's language: the day, the week's first day, or the month.
	 */
	public static function label( string $start, string $interval, bool $years ): string {
		$format = match ( $interval ) {
			/* translators: date format (PHP date()) of a month in a trend chart, e.g. "Nov 2026". */
			'month' => _x( 'M Y', 'trend month', 'userfeedback' ),
			/* translators: date format (PHP date()) of a day in a trend chart over several years, e.g. "Nov 26, 2026". */
			default => $years ? _x( 'M j, Y', 'trend day with year', 'userfeedback' ) : _x( 'M j', 'trend day', 'userfeedback' ),
		};
		$text = (string) wp_date( $format, self::date( $start )->getTimestamp(), new \DateTimeZone( 'UTC' ) );
		/* translators: %s: the first day of a week, e.g. "Nov 23". */
		return 'week' === $interval ? sprintf( __( 'Week of %s', 'userfeedback' ), $text ) : $text;
	}

	/**
	 * start_of_week as 0-6 (anything else is Monday, WordPress's default).
	 *
	 * @param mixed $option The option's value.
	 */
	public static function week_start( $option ): int {
		return is_numeric( $option ) && (int) $option >= 0 && (int) $option <= 6 ? (int) $option : 1;
	}

	private static function date( string $day ): \DateTimeImmutable {
		return new \DateTimeImmutable( $day . ' 12:00:00', new \DateTimeZone( 'UTC' ) );
	}
}
