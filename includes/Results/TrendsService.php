<?php
/**
 * GET surveys/{id}/trends: which question and interval a request means (404 for an unknown survey
 * or question, 400 for a question without a trend or too many points), its rows of the daily_answers
 * rollup (one grouped read of the range's days, never the raw answers), and the Trend of
 * admin-app/src/shared/types/results.ts built by Trends.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Results;

use UserFeedback\Database\Rollups;
use UserFeedback\Database\Schema;
use UserFeedback\Rest\ApiException;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the plugin's daily_answers rollup: a trend is one GROUP BY over at most a few hundred precomputed rows of one question, read when an admin opens it: the rollup is the precomputation, the sum over it is not cached again.

final class TrendsService {

	public function __construct( private readonly ResultsService $results ) {}

	/**
	 * The Trend of a question over the range.
	 *
	 * @return array<string,mixed>
	 * @throws ApiException 404 for an unknown survey or question, 400 for a question or interval the trend refuses.
	 */
	public function trend( int $survey_id, int $question_id, string $interval, Range $range ): array {
		$survey   = $this->results->survey( $survey_id );
		$question = ResultsService::question( $survey, $question_id );
		$type     = (string) ( $question['type'] ?? '' );
		$kind     = Trends::kind_of( $type );
		if ( null === $kind ) {
			$message = __( 'Trends are shown for NPS, star rating and choice questions only; this question has none.', 'userfeedback' );
			throw ApiException::invalid( esc_html( $message ), array( 'question_id' => esc_html( $message ) ) );
		}
		if ( ! in_array( $interval, Trends::INTERVALS, true ) ) {
			$message = __( 'The interval must be day, week or month.', 'userfeedback' );
			throw ApiException::invalid( esc_html( $message ), array( 'interval' => esc_html( $message ) ) );
		}
		$start_of_week = Trends::week_start( get_option( 'start_of_week', 1 ) );
		if ( Trends::bucket_count( $range, $interval, $start_of_week ) > Trends::MAX_POINTS ) {
			$message = 'day' === $interval
				/* translators: %d: the most points a trend shows (400). */
				? sprintf( __( 'A trend by day shows at most %d days. Choose week or month, or a shorter range.', 'userfeedback' ), Trends::MAX_POINTS )
				/* translators: %d: the most points a trend shows (400). */
				: sprintf( __( 'A trend shows at most %d points. Choose month, or a shorter range.', 'userfeedback' ), Trends::MAX_POINTS );
			throw ApiException::invalid( esc_html( $message ), array( 'interval' => esc_html( $message ) ) );
		}
		$options = array();
		foreach ( QuestionStats::options( $question ) as $option ) {
			$options[] = array(
				'value' => (string) $option['value'],
				'label' => (string) $option['label'],
			);
		}
		return array(
			'question'      => array(
				'id'      => (int) $question['id'],
				'title'   => (string) ( $question['title'] ?? '' ),
				'type'    => $type,
				'kind'    => $kind,
				'options' => $options,
			),
			'interval'      => $interval,
			'from'          => $range->from,
			'to'            => $range->to,
			'start_of_week' => $start_of_week,
			'small_sample'  => Trends::SMALL_SAMPLE,
			'points'        => Trends::points( $question, self::rows( $survey_id, (int) $question['id'], $range ), $range, $interval, $start_of_week, array( Trends::class, 'label' ) ),
		);
	}

	/**
	 * The question's value and answered counts per local day of the range (daily_answers).
	 *
	 * @return array<int,array{day:string,kind:int,value:string,count:int}>
	 */
	private static function rows( int $survey_id, int $question_id, Range $range ): array {
		global $wpdb;
		$rows = $wpdb->get_results(
			$wpdb->prepare(
				'SELECT day, kind, value, SUM(%i) AS n FROM %i WHERE survey_id = %d AND day >= %s AND day <= %s AND question_id = %d AND kind IN ( %d, %d ) GROUP BY day, kind, value',
				'count',
				Schema::table( 'daily_answers' ),
				$survey_id,
				$range->from,
				$range->to,
				$question_id,
				Rollups::KIND_VALUE,
				Rollups::KIND_ANSWERED
			),
			ARRAY_A
		);
		return array_map(
			static fn( array $row ): array => array(
				'day'   => substr( (string) $row['day'], 0, 10 ),
				'kind'  => (int) $row['kind'],
				'value' => (string) $row['value'],
				'count' => (int) $row['n'],
			),
			(array) $rows
		);
	}
}
