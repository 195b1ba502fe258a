<?php
/**
 * The one query for the answers of a list of responses (the admin's responses list and detail, the
 * response emails, exports, the rollups' moves on trash and restore): the answer rows of the ids, read
 * on the response_id index, CHUNK ids per statement so that a long list never makes one huge IN ().
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Database;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the plugin's answers table: read a chunk at a time by exports, emails and the admin's lists, which want the rows as stored now; an object cache would keep up to a million answers of an export for nothing.

final class AnswerRepository {

	/** Response ids per statement. */
	public const CHUNK = 500;

	/**
	 * Answer rows of some responses, grouped by response; a response without answers is left out.
	 *
	 * $wpdb's own copy of each result is freed after it was read (an export reads a million answers
	 * through here, a chunk at a time).
	 *
	 * @param int[] $response_ids Response ids (repeats and non-positive ids are ignored).
	 * @return array<int,array<int,array{question_id:int,value:string|null,extra:string|null}>> Response id => its answers in stored order.
	 * @throws \RuntimeException When the database refuses the query.
	 */
	public function for_responses( array $response_ids ): array {
		global $wpdb;
		$ids = array_values( array_unique( array_filter( array_map( 'intval', $response_ids ), static fn( int $id ): bool => $id > 0 ) ) );
		$by  = array();
		foreach ( array_chunk( $ids, self::CHUNK ) as $chunk ) {
			$rows = $wpdb->get_results(
				$wpdb->prepare(
					'SELECT %i, %i, %i, %i FROM %i WHERE %i IN (' . implode( ', ', array_fill( 0, count( $chunk ), '%d' ) ) . ') ORDER BY %i, %i',
					...array_merge(
						array( 'response_id', 'question_id', 'value', 'extra', Schema::table( 'answers' ), 'response_id' ),
						$chunk,
						array( 'response_id', 'id' )
					)
				),
				ARRAY_A
			);
			if ( '' !== $wpdb->last_error ) {
				throw new \RuntimeException( esc_html( 'Could not read the answers: ' . $wpdb->last_error ) );
			}
			$wpdb->flush();
			foreach ( (array) $rows as $row ) {
				$by[ (int) $row['response_id'] ][] = array(
					'question_id' => (int) $row['question_id'],
					'value'       => null === $row['value'] ? null : (string) $row['value'],
					'extra'       => null === $row['extra'] ? null : (string) $row['extra'],
				);
			}
		}
		return $by;
	}
}
