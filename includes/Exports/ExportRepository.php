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
use UserFeedback\Responses\ResponseFilter;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the plugin's responses and answers tables, read once per export a chunk at a time by keyset: an object cache would only fill up with rows nobody reads again (the export frees even $wpdb's copy of each chunk).

final class ExportRepository {

	/**
	 * Responses (or answers) a query. Each response brings about seven answer rows; $wpdb holds a
	 * result twice (its own copy and the one returned), so this bounds the export's working memory.
	 */
	public const CHUNK = 500;

	/**
	 * Responses of a survey with one status (publish: completed; partial; trash) that meet the filter's
	 * conditions (the responses list's, ResponseFilter), oldest first, a chunk at a time.
	 *
	 * @param string $from_utc Inclusive lower bound (Y-m-d H:i:s UTC).
	 * @param string $to_utc   Exclusive upper bound.
	 * @return \Generator<int,array<int,array<string,mixed>>> Chunks of responses rows.
	 */
	public function responses( int $survey_id, string $from_utc, string $to_utc, int $chunk = self::CHUNK, string $status = 'publish', ?ResponseFilter $filter = null ): \Generator {
		global $wpdb;
		$table                 = Schema::table( 'responses' );
		$last_at               = $from_utc;
		$last_id               = 0;
		[ $conditions, $args ] = ( $filter ?? ResponseFilter::none( $survey_id ) )->sql( 'r' );
		do {
			$rows = $wpdb->get_results(
				$wpdb->prepare( // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the filter's conditions hold their own placeholders, filled by $args.
					'SELECT r.id, r.status, r.submitted_at, r.started_at, r.completed_at, r.page_url, r.page_title, r.ip, r.browser, r.os, r.device FROM %i r
					WHERE r.survey_id = %d AND r.status = %s AND r.submitted_at >= %s AND r.submitted_at < %s AND (r.submitted_at > %s OR r.id > %d)'
					. $conditions // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- ResponseFilter::sql()'s conditions: placeholders only, their values in $args.
					. ' ORDER BY r.submitted_at ASC, r.id ASC LIMIT %d',
					...array_merge( array( $table, $survey_id, $status, $last_at, $to_utc, $last_at, $last_id ), $args, array( $chunk ) )
				),
				ARRAY_A
			);
			if ( ! $rows ) {
				return;
			}
			$last    = end( $rows );
			$last_at = (string) $last['submitted_at'];
			$last_id = (int) $last['id'];
			$got     = count( $rows );
			$wpdb->flush(); // Its copy of the result; and with SAVEQUERIES on, the log would grow every chunk.
			$wpdb->queries = array();
			yield $rows;
		} while ( $got === $chunk );
	}

	/**
	 * The answered (not skipped) answers of one question of responses with one status (answers repeat
	 * it) that meet the filter's conditions (each answer's response checked on the primary key), oldest
	 * first, a chunk at a time, on the index (survey_id, question_id, status, submitted_at).
	 *
	 * @return \Generator<int,array<int,array<string,mixed>>> Chunks of answer rows (id, response_id, submitted_at, value, extra).
	 */
	public function answers_of_question( int $survey_id, int $question_id, string $from_utc, string $to_utc, int $chunk = self::CHUNK, string $status = 'publish', ?ResponseFilter $filter = null ): \Generator {
		global $wpdb;
		$table   = Schema::table( 'answers' );
		$last_at = $from_utc;
		$last_id = 0;
		$meets   = '';
		$args    = array();
		if ( null !== $filter && ! $filter->is_empty() ) {
			[ $conditions, $args ] = $filter->sql( 'r' );
			$meets                 = " AND EXISTS (SELECT 1 FROM %i r WHERE r.id = x.response_id$conditions)";
			array_unshift( $args, Schema::table( 'responses' ) );
		}
		do {
			$rows = $wpdb->get_results(
				$wpdb->prepare( // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the filter's conditions hold their own placeholders, filled by $args.
					'SELECT x.id, x.response_id, x.submitted_at, x.value, x.extra FROM %i x
					WHERE x.survey_id = %d AND x.question_id = %d AND x.status = %s AND x.value IS NOT NULL AND x.submitted_at >= %s AND x.submitted_at < %s AND (x.submitted_at > %s OR x.id > %d)'
					. $meets // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- empty, or an EXISTS on the responses table (%i) with ResponseFilter::sql()'s conditions: placeholders only, their values in $args.
					. ' ORDER BY x.submitted_at ASC, x.id ASC LIMIT %d',
					...array_merge( array( $table, $survey_id, $question_id, $status, $last_at, $to_utc, $last_at, $last_id ), $args, array( $chunk ) )
				),
				ARRAY_A
			);
			if ( ! $rows ) {
				return;
			}
			$last    = end( $rows );
			$last_at = (string) $last['submitted_at'];
			$last_id = (int) $last['id'];
			$got     = count( $rows );
			$wpdb->flush();
			$wpdb->queries = array();
			yield $rows;
		} while ( $got === $chunk );
	}
}
