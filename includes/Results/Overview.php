<?php
/**
 * ResponsesOverview: the range's total and daily points over every survey but the trashed ones, and a
 * page of the surveys table with all-time and range counts. The counts come from the daily rollup
 * of responses (two small GROUP BYs), are cached once per range (ResultsCache, where a persistent
 * object cache exists) and sorted and paged in PHP, so sorting by a count costs nothing more than
 * any other order.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Results;

defined( 'ABSPATH' ) || exit;

final class Overview {

	public const ORDERBY = array( 'id', 'title', 'status', 'created_at', 'responses_count', 'range_responses_count', 'completion_rate' );

	public function __construct( private readonly ResultsRepository $results ) {}

	/**
	 * ResponsesOverview: the range's total and daily points over every survey (but the trashed
	 * ones), and one page of the surveys with their counts.
	 *
	 * @param array{orderby:string,order:string,page:int,per_page:int} $view Table view.
	 * @return array<string,mixed>
	 */
	public function page( Range $range, array $view ): array {
		$data = ResultsCache::remember(
			null,
			array( 'overview', $range->key() ),
			function () use ( $range ): array {
				$surveys               = $this->results->surveys();
				$ids                   = array_column( $surveys, 'id' );
				[ $in_range, $points ] = $this->range_counts( $ids, $range );
				return array(
					'surveys'     => $surveys,
					'all_time'    => $this->results->response_counts( $ids ),
					'in_range'    => $in_range,
					'data_points' => $points,
				);
			}
		);
		// Completion rates change with every visitor's answer, not only when a response completes (which
		// is what forgets the cached part): one small GROUP BY over the funnel rollup, always fresh.
		$funnel = $this->results->funnel_counts( array_column( $data['surveys'], 'id' ), $range );
		$items  = array();
		foreach ( $data['surveys'] as $survey ) {
			$items[] = array(
				'id'                    => $survey['id'],
				'title'                 => (string) $survey['title'],
				'type'                  => 'nps' === $survey['type'] ? 'nps' : 'survey',
				'status'                => (string) $survey['status'],
				'created_at'            => ResultsService::rfc3339( (string) $survey['created_at'] ),
				'responses_count'       => $data['all_time'][ $survey['id'] ] ?? 0,
				'range_responses_count' => $data['in_range'][ $survey['id'] ] ?? 0,
				'completion_rate'       => Funnel::rate( $funnel[ $survey['id'] ]['started'] ?? 0, $funnel[ $survey['id'] ]['completed'] ?? 0 ),
			);
		}
		$orderby = in_array( $view['orderby'], self::ORDERBY, true ) ? $view['orderby'] : 'id';
		$desc    = 'asc' !== $view['order'];
		usort(
			$items,
			static function ( array $a, array $b ) use ( $orderby, $desc ): int {
				// A survey without a rate (nothing started) sorts below every rate, 0 included.
				$cmp = 'title' === $orderby ? strnatcasecmp( $a['title'], $b['title'] ) : ( $a[ $orderby ] ?? -1 ) <=> ( $b[ $orderby ] ?? -1 );
				$cmp = 0 === $cmp ? $a['id'] <=> $b['id'] : $cmp;
				return $desc ? -$cmp : $cmp;
			}
		);
		$total = count( $items );
		return array(
			'total_responses' => array_sum( $data['in_range'] ),
			'data_points'     => $data['data_points'],
			'surveys'         => array_slice( $items, ( $view['page'] - 1 ) * $view['per_page'], $view['per_page'] ),
			'pagination'      => ResultsService::pagination( $view['page'], $view['per_page'], $total ),
		);
	}

	/**
	 * Responses per survey within the range, and per site-local day of the range (zero days
	 * included, oldest first), from one GROUP BY over the daily rollup.
	 *
	 * @param int[] $survey_ids Surveys.
	 * @return array{0:array<int,int>,1:array<int,array{date:string,count:int}>}
	 */
	private function range_counts( array $survey_ids, Range $range ): array {
		$days    = array_fill_keys( $range->day_list(), 0 );
		$surveys = array();
		foreach ( $this->results->response_days( $survey_ids, $range ) as $row ) {
			$day = $row['day'];
			if ( isset( $days[ $day ] ) && 0 !== $row['count'] ) {
				$days[ $day ]                += $row['count'];
				$surveys[ $row['survey_id'] ] = ( $surveys[ $row['survey_id'] ] ?? 0 ) + $row['count'];
			}
		}
		$points = array();
		foreach ( $days as $day => $count ) {
			$points[] = array(
				'date'  => (string) $day,
				'count' => $count,
			);
		}
		return array( $surveys, $points );
	}
}
