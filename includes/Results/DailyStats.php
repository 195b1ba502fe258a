<?php
/**
 * A survey's answer counts per site-local day, kept in the object cache per day and recounted only
 * for the days whose responses changed.
 *
 * Counting a month of answers means reading every answer row of it (the value is not in an index),
 * which at a million responses takes seconds. Answers never change once stored, only their status,
 * and a response's save, trash, restore or delete changes the fingerprint of its day
 * (ResultsRepository::fingerprints(): count, sum of ids and of their residues, from the responses
 * index alone). So each day's counts are cached with the fingerprint they were counted at; a read
 * compares fingerprints (one index-only GROUP BY) and recounts, in one query, only the days that
 * differ: usually today alone. No write path has to know about it.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Results;

defined( 'ABSPATH' ) || exit;

final class DailyStats {

	/** Seconds a day's counts are kept (they are checked on every read, so only memory is at stake). */
	private const TTL = WEEK_IN_SECONDS;

	public function __construct( private readonly ResultsRepository $results ) {}

	/**
	 * Grouped counts per day of the range.
	 *
	 * @param int[] $question_ids     Every question of the survey.
	 * @param int[] $quantitative_ids Those counted per value.
	 * @return array{responses:int,days:array<string,array<int,array{question_id:int,value:string|null,count:int,answered:int}>>}
	 *         The range's published responses, and day => rows.
	 */
	public function days( int $survey_id, array $question_ids, array $quantitative_ids, Range $range ): array {
		$bucketing = $range->bucketing();
		$prints    = array();
		foreach ( $this->results->fingerprints( $survey_id, $range ) as $bucket => $print ) {
			$day            = $range->day_of_bucket( $bucket, $bucketing['shift'] );
			$prints[ $day ] = array_map( static fn( int $a, int $b ): int => $a + $b, $prints[ $day ] ?? array( 0, 0, 0 ), $print );
		}

		$questions = md5( (string) wp_json_encode( array( $question_ids, $quantitative_ids ) ) );
		$keys      = array();
		foreach ( array_keys( $prints ) as $day ) {
			$keys[ $day ] = sprintf( 'day:%d:%s:%s:%s', $survey_id, $range->zone->getName(), $day, $questions );
		}
		$cached  = $keys ? wp_cache_get_multiple( array_values( $keys ), ResultsCache::GROUP ) : array();
		$days    = array();
		$missing = array();
		foreach ( $keys as $day => $key ) {
			$entry = $cached[ $key ] ?? false;
			if ( is_array( $entry ) && ( $entry['print'] ?? null ) === $prints[ $day ] ) {
				$days[ $day ] = $entry['rows'];
			} else {
				$missing[] = $day;
			}
		}
		$responses = (int) array_sum( array_column( $prints, 0 ) );
		if ( ! $missing ) {
			return array(
				'responses' => $responses,
				'days'      => $days,
			);
		}

		// One query from the first to the last day to recount; days in between that were still valid
		// are counted again too, and their cache is simply refreshed.
		sort( $missing );
		$start   = Range::utc_start_of( $missing[0], $range->zone );
		$end     = Range::utc_start_of( Range::add_days( end( $missing ), 1 ), $range->zone );
		$counted = array();
		$day_of  = array();
		foreach ( $this->results->answer_counts( $survey_id, $question_ids, $quantitative_ids, $range, $start, $end ) as $row ) {
			$day = $day_of[ $row['bucket'] ] ??= $range->day_of_bucket( $row['bucket'], $bucketing['shift'] );
			$key = $row['question_id'] . "\0" . ( $row['value'] ?? "\0" );
			if ( isset( $counted[ $day ][ $key ] ) ) {
				$counted[ $day ][ $key ]['count']    += $row['count'];
				$counted[ $day ][ $key ]['answered'] += $row['answered'];
			} else {
				unset( $row['bucket'] );
				$counted[ $day ][ $key ] = $row;
			}
		}
		foreach ( $missing as $day ) {
			$counted[ $day ] ??= array(); // Responses without answers to these questions: nothing to count.
		}
		$store = array();
		foreach ( $counted as $day => $rows ) {
			if ( isset( $keys[ $day ] ) ) {
				$days[ $day ]           = array_values( $rows );
				$store[ $keys[ $day ] ] = array(
					'print' => $prints[ $day ],
					'rows'  => $days[ $day ],
				);
			}
		}
		if ( $store ) {
			wp_cache_set_multiple( $store, ResultsCache::GROUP, self::TTL );
		}
		ksort( $days );
		return array(
			'responses' => $responses,
			'days'      => $days,
		);
	}

	/**
	 * The rows of every day summed: per question and value over the whole range.
	 *
	 * @param array<string,array<int,array{question_id:int,value:string|null,count:int,answered:int}>> $days Day => rows.
	 * @return array<int,array<int,array{value:string|null,count:int,answered:int}>> Question id => rows.
	 */
	public static function sum( array $days ): array {
		$sum = array();
		foreach ( $days as $rows ) {
			foreach ( $rows as $row ) {
				$key = $row['value'] ?? "\0";
				if ( isset( $sum[ $row['question_id'] ][ $key ] ) ) {
					$sum[ $row['question_id'] ][ $key ]['count']    += $row['count'];
					$sum[ $row['question_id'] ][ $key ]['answered'] += $row['answered'];
				} else {
					$sum[ $row['question_id'] ][ $key ] = array(
						'value'    => $row['value'],
						'count'    => $row['count'],
						'answered' => $row['answered'],
					);
				}
			}
		}
		return array_map( 'array_values', $sum );
	}
}
