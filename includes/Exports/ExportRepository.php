<?php
/**
 * SQL of exports: a survey's responses of one status (completed, or partial) or one question's answers
 * within a range, read in
 * chunks by keyset pagination on (submitted_at, id) — the order of the index (survey_id, status,
 * submitted_at) with the primary key at its end — so every chunk starts where the last one stopped,
 * with no OFFSET and nothing kept between chunks.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Exports;

use UserFeedback\Database\Schema;

defined( 'ABSPATH' ) || exit;

final class ExportRepository {

	/**
	 * Responses (or answers) a query. Each response brings about seven answer rows; $wpdb holds a
	 * result twice (its own copy and the one returned), so this bounds the export's working memory.
	 */
	public const CHUNK = 500;

	/**
	 * Responses of a survey with one status (publish: completed; partial), oldest first, a chunk at a time.
	 *
	 * @param string $from_utc Inclusive lower bound (Y-m-d H:i:s UTC).
	 * @param string $to_utc   Exclusive upper bound.
	 * @return \Generator<int,array<int,array<string,mixed>>> Chunks of responses rows.
	 */
	public function responses( int $survey_id, string $from_utc, string $to_utc, int $chunk = self::CHUNK, string $status = 'publish' ): \Generator {
		global $wpdb;
		$table   = Schema::table( 'responses' );
		$last_at = $from_utc;
		$last_id = 0;
		do {
			$rows = $wpdb->get_results(
				$wpdb->prepare(
					'SELECT id, status, submitted_at, started_at, completed_at, page_url, page_title, ip, browser, os, device FROM %i
					WHERE survey_id = %d AND status = %s AND submitted_at >= %s AND submitted_at < %s AND (submitted_at > %s OR id > %d)
					ORDER BY submitted_at ASC, id ASC LIMIT %d',
					$table,
					$survey_id,
					$status,
					$last_at,
					$to_utc,
					$last_at,
					$last_id,
					$chunk
				),
				ARRAY_A
			);
			if ( ! $rows ) {
				return;
			}
			$last          = end( $rows );
			$last_at       = (string) $last['submitted_at'];
			$last_id       = (int) $last['id'];
			$wpdb->flush(); // Its copy of the result; and with SAVEQUERIES on, the log would grow every chunk.
			$wpdb->queries = array();
			yield $rows;
		} while ( count( $rows ) === $chunk );
	}

	/**
	 * The answered (not skipped) answers of one question of responses with one status (answers repeat
	 * it), oldest first, a chunk at a time, on the index (survey_id, question_id, status, submitted_at).
	 *
	 * @return \Generator<int,array<int,array<string,mixed>>> Chunks of answer rows (id, response_id, submitted_at, value, extra).
	 */
	public function answers_of_question( int $survey_id, int $question_id, string $from_utc, string $to_utc, int $chunk = self::CHUNK, string $status = 'publish' ): \Generator {
		global $wpdb;
		$table   = Schema::table( 'answers' );
		$last_at = $from_utc;
		$last_id = 0;
		do {
			$rows = $wpdb->get_results(
				$wpdb->prepare(
					'SELECT id, response_id, submitted_at, value, extra FROM %i
					WHERE survey_id = %d AND question_id = %d AND status = %s AND value IS NOT NULL AND submitted_at >= %s AND submitted_at < %s AND (submitted_at > %s OR id > %d)
					ORDER BY submitted_at ASC, id ASC LIMIT %d',
					$table,
					$survey_id,
					$question_id,
					$status,
					$last_at,
					$to_utc,
					$last_at,
					$last_id,
					$chunk
				),
				ARRAY_A
			);
			if ( ! $rows ) {
				return;
			}
			$last          = end( $rows );
			$last_at       = (string) $last['submitted_at'];
			$last_id       = (int) $last['id'];
			$wpdb->flush();
			$wpdb->queries = array();
			yield $rows;
		} while ( count( $rows ) === $chunk );
	}
}
