<?php
/**
 * SQL of the response email queue: the completed responses after the cursor (by completion time and
 * id), one response with its answers, and the run's lock (an options row, taken with one atomic
 * statement).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Notifications\Email;

use UserFeedback\Database\AnswerRepository;
use UserFeedback\Database\Schema;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the plugin's responses table (and answers through AnswerRepository), read by the email queue's cron run and the webhooks once per response, and the queue's lock, an options row that must be read and taken in the database itself (the lock deletes its options cache entry around each statement).

final class ResponseEmailRepository {

	public function __construct( private readonly AnswerRepository $answers = new AnswerRepository() ) {}

	/**
	 * @return array{row:array<string,mixed>,answers:array<int,array{question_id:int,value:string|null,extra:string|null}>}|null
	 *         The response's row and its answer rows in stored order; null when it is gone. The
	 *         response email and the webhook payload (Webhooks\Delivery) read it.
	 */
	public function find( int $id ): ?array {
		global $wpdb;
		$row = $wpdb->get_row(
			$wpdb->prepare( 'SELECT id, survey_id, status, submitted_at, page_url, page_title, device FROM %i WHERE id = %d', Schema::table( 'responses' ), $id ),
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
	 * Where the queue starts on its first run: just after the newest completed response (completion
	 * time, id), or before everything when there is none.
	 *
	 * @return array{at:string,id:int}
	 */
	public function newest(): array {
		global $wpdb;
		$row = $wpdb->get_row(
			$wpdb->prepare( "SELECT submitted_at, id FROM %i WHERE status = 'publish' ORDER BY submitted_at DESC, id DESC LIMIT 1", Schema::table( 'responses' ) ),
			ARRAY_A
		);
		return $row ? array(
			'at' => (string) $row['submitted_at'],
			'id' => (int) $row['id'],
		) : self::START;
	}

	/** A cursor before every response. */
	public const START = array(
		'at' => '1970-01-01 00:00:00',
		'id' => 0,
	);

	/**
	 * The cursor of a version before partial responses (the last response id handled) as a cursor of
	 * this one: that response's time and id (or the start of time when it is gone).
	 *
	 * @return array{at:string,id:int}
	 */
	public function cursor_of_id( int $id ): array {
		global $wpdb;
		$at = $wpdb->get_var( $wpdb->prepare( 'SELECT submitted_at FROM %i WHERE id = %d', Schema::table( 'responses' ), $id ) );
		return array(
			'at' => is_string( $at ) ? $at : self::START['at'],
			'id' => $id,
		);
	}

	/**
	 * The next completed responses after a cursor, in the order they were completed (submitted_at is
	 * the completion time of a completed response and never changes after it; the id breaks ties),
	 * read on the submitted_at index. A partial response is not among them until it completes, and
	 * then comes at its completion time.
	 *
	 * @param array{at:string,id:int} $cursor The last response handled.
	 * @return array<int,array{id:int,at:string,submitted_at:int}> Ids, completion times, and those as Unix times.
	 */
	public function after( array $cursor, int $limit ): array {
		global $wpdb;
		$rows  = (array) $wpdb->get_results(
			$wpdb->prepare(
				"SELECT id, submitted_at FROM %i WHERE status = 'publish' AND submitted_at >= %s AND (submitted_at > %s OR id > %d) ORDER BY submitted_at, id LIMIT %d",
				Schema::table( 'responses' ),
				$cursor['at'],
				$cursor['at'],
				$cursor['id'],
				$limit
			),
			ARRAY_A
		);
		$found = array();
		foreach ( $rows as $row ) {
			$found[] = array(
				'id'           => (int) $row['id'],
				'at'           => (string) $row['submitted_at'],
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
