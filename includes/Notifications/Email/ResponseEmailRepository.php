<?php
/**
 * SQL of the response email: one response with its answers, read when the queued event runs.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Notifications\Email;

use UserFeedback\Database\Schema;
use UserFeedback\Responses\AdminResponseRepository;

defined( 'ABSPATH' ) || exit;

final class ResponseEmailRepository {

	public function __construct( private readonly AdminResponseRepository $responses = new AdminResponseRepository() ) {}

	/**
	 * @return array{row:array<string,mixed>,answers:array<int,array{question_id:int,value:string|null,extra:string|null}>}|null
	 *         The response's row and its answer rows in stored order; null when it is gone.
	 */
	public function find( int $id ): ?array {
		global $wpdb;
		$row = $wpdb->get_row(
			$wpdb->prepare( 'SELECT id, survey_id, status, submitted_at, page_url, page_title FROM %i WHERE id = %d', Schema::table( 'responses' ), $id ),
			ARRAY_A
		);
		if ( ! $row ) {
			return null;
		}
		return array(
			'row'     => $row,
			'answers' => $this->responses->answers_for( array( $id ) )[ $id ] ?? array(),
		);
	}
}
