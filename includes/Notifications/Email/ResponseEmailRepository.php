<?php
/**
 * SQL of the response email queue: the responses after the cursor (by primary key), one response with
 * its answers, and the run's lock (an options row, taken with one atomic statement).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Notifications\Email;

use UserFeedback\Database\AnswerRepository;
use UserFeedback\Database\Schema;

defined( 'ABSPATH' ) || exit;

final class ResponseEmailRepository {

	public function __construct( private readonly AnswerRepository $answers = new AnswerRepository() ) {}

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
			'answers' => $this->answers->for_responses( array( $id ) )[ $id ] ?? array(),
		);
	}

	/**
	 * The highest response id, 0 for none.
	 */
	public function max_id(): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT MAX(id) FROM %i', Schema::table( 'responses' ) ) );
	}

	/**
	 * The next responses after an id, in id order (the primary key).
	 *
	 * @return array<int,array{id:int,submitted_at:int}> Ids and submission times (Unix).
	 */
	public function after( int $cursor, int $limit ): array {
		global $wpdb;
		$rows = (array) $wpdb->get_results(
			$wpdb->prepare( 'SELECT id, submitted_at FROM %i WHERE id > %d ORDER BY id LIMIT %d', Schema::table( 'responses' ), $cursor, $limit ),
			ARRAY_A
		);
		$found = array();
		foreach ( $rows as $row ) {
			$found[] = array(
				'id'           => (int) $row['id'],
				'submitted_at' => (int) strtotime( (string) $row['submitted_at'] . ' UTC' ),
			);
		}
		return $found;
	}

	/**
	 * Takes a lock: an options row holding the time it was taken. INSERT IGNORE takes a free lock
	 * atomically (add_option() is an upsert that would take a held one too); a stale lock is taken over
	 * by an update that only matches the value read, so two runs cannot both take it.
	 */
	public function lock( string $name, int $now, int $stale ): bool {
		global $wpdb;
		wp_cache_delete( $name, 'options' );
		$wpdb->query( $wpdb->prepare( "INSERT IGNORE INTO %i (option_name, option_value, autoload) VALUES (%s, %s, 'off')", $wpdb->options, $name, (string) $now ) );
		if ( 1 === (int) $wpdb->rows_affected ) {
			return true;
		}
		$held = $wpdb->get_var( $wpdb->prepare( 'SELECT option_value FROM %i WHERE option_name = %s', $wpdb->options, $name ) );
		if ( null === $held || (int) $held > $now - $stale || (string) $now === $held ) {
			return false;
		}
		$wpdb->query( $wpdb->prepare( 'UPDATE %i SET option_value = %s WHERE option_name = %s AND option_value = %s', $wpdb->options, (string) $now, $name, $held ) );
		return 1 === (int) $wpdb->rows_affected;
	}

	/**
	 * Releases a lock taken at $since; one taken over by another run meanwhile stays.
	 */
	public function unlock( string $name, int $since ): void {
		global $wpdb;
		$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE option_name = %s AND option_value = %s', $wpdb->options, $name, (string) $since ) );
		wp_cache_delete( $name, 'options' );
	}
}
