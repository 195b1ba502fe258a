<?php
/**
 * The drop-off funnel of a survey's results (Funnel of admin-app/src/shared/types/results.ts):
 * impressions -> started -> completed with the completion rate, the median time to complete, and per
 * question how many visitors reached it, answered, skipped, and left at it. Built from the sums of the
 * daily_funnel rollup over a range (ResultsRepository::funnel()): the range is of the days responses
 * started on, so every figure but the impressions counts the same responses.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Results;

use UserFeedback\Database\Rollups;

defined( 'ABSPATH' ) || exit;

final class Funnel {

	/**
	 * @param array<int,array<string,mixed>>                                                                                                                 $questions   The survey's questions, in its order.
	 * @param array{started:int,completed:int,durations:array<int,int>,questions:array<int,array{answered:int,skipped:int,left:int}>} $sums        ResultsRepository::funnel().
	 * @param int                                                                                                                                            $impressions Impressions of the range.
	 * @return array<string,mixed>
	 */
	public static function build( array $questions, array $sums, int $impressions ): array {
		$list = array();
		foreach ( $questions as $question ) {
			$id              = (int) $question['id'];
			$counts          = $sums['questions'][ $id ] ?? array();
			$item            = array(
				'question_id' => $id,
				'title'       => (string) ( $question['title'] ?? '' ),
				'reached'     => 0,
				'answered'    => (int) ( $counts['answered'] ?? 0 ),
				'skipped'     => (int) ( $counts['skipped'] ?? 0 ),
				'left'        => (int) ( $counts['left'] ?? 0 ),
			);
			$item['reached'] = $item['answered'] + $item['skipped'] + $item['left'];
			$list[]          = $item;
		}
		return array(
			'impressions'     => $impressions,
			'started'         => $sums['started'],
			'completed'       => $sums['completed'],
			'completion_rate' => self::rate( $sums['started'], $sums['completed'] ),
			'median_seconds'  => self::median_seconds( $sums['durations'] ),
			'questions'       => $list,
		);
	}

	/**
	 * completed / started, 0..1 rounded to four places; null when nothing started.
	 */
	public static function rate( int $started, int $completed ): ?float {
		if ( $started <= 0 ) {
			return null;
		}
		return round( min( 1.0, max( 0.0, $completed / $started ) ), 4 );
	}

	/**
	 * The median time to complete, in whole seconds, from the histogram of durations: bucket b holds
	 * the completed responses that took more than DURATION_BUCKETS[b-1] (0 for the first) and at most
	 * DURATION_BUCKETS[b] seconds. The median's rank (half the count) falls in one bucket; within it the
	 * responses are taken as spread evenly, so the median is the bucket's lower bound plus that share of
	 * its width (linear interpolation, as a grouped median is read). The last bucket has no upper bound:
	 * a median that falls there is its lower bound (the longest bound, a floor). Null without any.
	 *
	 * @param array<int,int> $buckets Bucket index => count.
	 */
	public static function median_seconds( array $buckets ): ?int {
		$total = 0;
		foreach ( $buckets as $count ) {
			$total += max( 0, $count );
		}
		if ( $total <= 0 ) {
			return null;
		}
		$half   = $total / 2;
		$before = 0;
		$lower  = 0;
		foreach ( Rollups::DURATION_BUCKETS as $b => $upper ) {
			$count = max( 0, (int) ( $buckets[ $b ] ?? 0 ) );
			if ( $count > 0 && $before + $count >= $half ) {
				if ( PHP_INT_MAX === $upper ) {
					return $lower;
				}
				return (int) round( $lower + ( $half - $before ) / $count * ( $upper - $lower ) );
			}
			$before += $count;
			$lower   = $upper;
		}
		return $lower;
	}
}
