<?php
/**
 * SQL of deleting many responses a batch at a time (the retention purge, "delete all responses of
 * this survey"): which surveys there are and what they keep, the ids of a survey's responses older
 * than a moment, any ids of a survey, and how many are left. The deleting itself is
 * AdminResponseRepository::delete() (rollups moved in the same transaction).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Responses;

use UserFeedback\Database\Schema;

defined( 'ABSPATH' ) || exit;
// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- surveys, responses: the retention purge and "delete all responses" read the ids they delete next, batch after batch; a cached answer would name rows already gone. Not cached on purpose.

final class ResponseBatches {

	/**
	 * Every survey with its title and stored settings (the purge reads their retention_days), in id order.
	 *
	 * @return array<int,array{id:int,title:string,settings:array<string,mixed>}>
	 */
	public function surveys(): array {
		global $wpdb;
		$rows    = $wpdb->get_results( $wpdb->prepare( 'SELECT id, title, settings FROM %i ORDER BY id', Schema::table( 'surveys' ) ), ARRAY_A );
		$surveys = array();
		foreach ( (array) $rows as $row ) {
			$settings  = json_decode( (string) $row['settings'], true );
			$surveys[] = array(
				'id'       => (int) $row['id'],
				'title'    => (string) $row['title'],
				'settings' => is_array( $settings ) ? $settings : array(),
			);
		}
		return $surveys;
	}

	/**
	 * Up to $limit ids of a survey's responses submitted before $before (UTC), of every status that
	 * has a list (completed, partial, trashed). Each status is one range of the index
	 * survey_status_date (survey_id, status, submitted_at): a seek, then as many index entries as
	 * ids taken, however many newer responses the survey has.
	 *
	 * @return int[]
	 */
	public function ids_before( int $survey_id, string $before, int $limit ): array {
		global $wpdb;
		$ids = array();
		foreach ( AdminResponseRepository::STATUSES as $status ) {
			if ( count( $ids ) >= $limit ) {
				break;
			}
			$found = $wpdb->get_col(
				$wpdb->prepare(
					'SELECT id FROM %i WHERE survey_id = %d AND status = %s AND submitted_at < %s ORDER BY submitted_at LIMIT %d',
					Schema::table( 'responses' ),
					$survey_id,
					$status,
					$before,
					$limit - count( $ids )
				)
			);
			array_push( $ids, ...array_map( 'intval', (array) $found ) );
		}
		return $ids;
	}

	/**
	 * Up to $limit ids of a survey's responses, whatever their status.
	 *
	 * @return int[]
	 */
	public function ids( int $survey_id, int $limit ): array {
		global $wpdb;
		return array_map(
			'intval',
			(array) $wpdb->get_col( $wpdb->prepare( 'SELECT id FROM %i WHERE survey_id = %d LIMIT %d', Schema::table( 'responses' ), $survey_id, $limit ) )
		);
	}

	/**
	 * How many responses a survey has, whatever their status (one count of an index range).
	 */
	public function count( int $survey_id ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE survey_id = %d', Schema::table( 'responses' ), $survey_id ) );
	}
}
