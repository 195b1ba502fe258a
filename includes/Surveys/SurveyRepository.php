<?php
/**
 * SQL for the surveys table. The only class that queries it.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

use UserFeedback\Database\Schema;
use UserFeedback\Database\Transaction;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the plugin's surveys table (with the daily_responses rollup it sums and the tables a survey's deletion empties): every write bumps the surveys' last-changed stamp (touch()), which the caches of what is derived from surveys key on (the visitor widget's surveys, OpenSurveys, Closing, ResultsCache); the rows themselves are read fresh here, where the admin edits them.

final class SurveyRepository {

	/**
	 * Cache group of everything derived from surveys; writes bump its last-changed stamp.
	 */
	public const CACHE_GROUP = 'userfeedback_surveys';

	private const JSON_COLUMNS = array( 'questions', 'settings', 'notifications' );

	/**
	 * Columns the list may be sorted by.
	 */
	public const ORDERBY = array( 'id', 'title', 'status', 'created_at', 'publish_at', 'responses_count', 'priority' );

	/**
	 * @param array<string,mixed> $survey title, type, status, template, questions, settings, notifications, publish_at (UTC, Y-m-d H:i:s or null).
	 * @return int The new id.
	 * @throws \RuntimeException When the insert fails.
	 */
	public function insert( array $survey ): int {
		global $wpdb;
		$now = gmdate( 'Y-m-d H:i:s' );
		$row = array(
			'title'         => (string) ( $survey['title'] ?? '' ),
			'type'          => (string) ( $survey['type'] ?? 'survey' ),
			'status'        => (string) ( $survey['status'] ?? 'draft' ),
			'template'      => (string) ( $survey['template'] ?? '' ),
			'questions'     => (string) wp_json_encode( $survey['questions'] ?? array() ),
			'settings'      => (string) wp_json_encode( (object) ( $survey['settings'] ?? array() ) ),
			'notifications' => (string) wp_json_encode( (object) ( $survey['notifications'] ?? array() ) ),
			'publish_at'    => $survey['publish_at'] ?? null,
			'created_at'    => (string) ( $survey['created_at'] ?? $now ),
			'updated_at'    => $now,
		);
		if ( false === $wpdb->insert( Schema::table( 'surveys' ), $row ) ) {
			throw new \RuntimeException( esc_html( 'Could not save the survey: ' . $wpdb->last_error ) );
		}
		$this->touch();
		return (int) $wpdb->insert_id;
	}

	/**
	 * @return array<string,mixed>|null
	 */
	public function find( int $id ): ?array {
		global $wpdb;
		$row = $wpdb->get_row(
			$wpdb->prepare( 'SELECT * FROM %i WHERE id = %d', Schema::table( 'surveys' ), $id ),
			ARRAY_A
		);
		return $row ? $this->hydrate( $row ) : null;
	}

	/**
	 * Replaces the editable columns of a survey.
	 *
	 * @param array<string,mixed> $survey title, type, status, template, questions, settings, notifications, publish_at (UTC or null).
	 * @throws \RuntimeException When the update fails.
	 */
	public function update( int $id, array $survey ): void {
		global $wpdb;
		$row = array(
			'title'         => (string) $survey['title'],
			'type'          => (string) $survey['type'],
			'status'        => (string) $survey['status'],
			'template'      => (string) $survey['template'],
			'questions'     => (string) wp_json_encode( array_values( $survey['questions'] ) ),
			'settings'      => (string) wp_json_encode( (object) $survey['settings'] ),
			'notifications' => (string) wp_json_encode( (object) $survey['notifications'] ),
			'publish_at'    => $survey['publish_at'],
			'updated_at'    => gmdate( 'Y-m-d H:i:s' ),
		);
		if ( false === $wpdb->update( Schema::table( 'surveys' ), $row, array( 'id' => $id ) ) ) {
			throw new \RuntimeException( esc_html( 'Could not save the survey: ' . $wpdb->last_error ) );
		}
		$this->touch();
	}

	public function set_status( int $id, string $status ): void {
		global $wpdb;
		$done = $wpdb->query(
			$wpdb->prepare(
				'UPDATE %i SET status = %s, updated_at = %s WHERE id = %d',
				Schema::table( 'surveys' ),
				$status,
				gmdate( 'Y-m-d H:i:s' ),
				$id
			)
		);
		if ( false === $done ) {
			throw new \RuntimeException( esc_html( 'Could not change the survey status: ' . $wpdb->last_error ) );
		}
		$this->touch();
	}

	/**
	 * Deletes a survey with its responses, answers, hidden field values and impressions, all or nothing.
	 *
	 * @throws \Throwable When a statement fails (after rolling back).
	 */
	public function delete_with_children( int $id ): void {
		$statements = array(
			array( 'DELETE FROM %i WHERE survey_id = %d', Schema::table( 'answers' ) ),
			array( 'DELETE FROM %i WHERE survey_id = %d', Schema::table( 'response_fields' ) ),
			array( 'DELETE FROM %i WHERE survey_id = %d', Schema::table( 'responses' ) ),
			array( 'DELETE FROM %i WHERE survey_id = %d', Schema::table( 'impressions' ) ),
			array( 'DELETE FROM %i WHERE survey_id = %d', Schema::table( 'daily_responses' ) ),
			array( 'DELETE FROM %i WHERE survey_id = %d', Schema::table( 'daily_answers' ) ),
			array( 'DELETE FROM %i WHERE survey_id = %d', Schema::table( 'daily_funnel' ) ),
			array( 'DELETE FROM %i WHERE survey_id = %d', Schema::table( 'daily_partials' ) ),
			array( 'DELETE FROM %i WHERE survey_id = %d', Schema::table( 'id_blocks' ) ),
			array( 'DELETE FROM %i WHERE survey_id = %d', Schema::table( 'answer_terms' ) ),
			array( 'DELETE FROM %i WHERE id = %d', Schema::table( 'surveys' ) ),
		);
		try {
			Transaction::run(
				static function () use ( $statements, $id ): void {
					global $wpdb;
					foreach ( $statements as [ $sql, $table ] ) {
						if ( false === $wpdb->query( $wpdb->prepare( $sql, $table, $id ) ) ) { // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- the statements above are constants.
							throw new \RuntimeException( esc_html( 'Could not delete the survey: ' . $wpdb->last_error ) );
						}
					}
				}
			);
		} finally {
			$this->touch();
		}
		// What other parts keep per survey outside the tables (the responses list's anchors, the AI
		// summary): a later survey that got the same id must not inherit them.
		foreach ( array( 'userfeedback_rlist_' . $id . '_publish', 'userfeedback_rlist_' . $id . '_trash', 'userfeedback_ai_summary_' . $id ) as $option ) {
			delete_option( $option );
		}
	}

	/**
	 * One page of the list: the list columns only (no JSON), with the responses count of each row.
	 *
	 * @param array{filter:string,search:string,orderby:string,order:string,per_page:int,page:int} $query Allow-listed query.
	 * @return array{items:array<int,array<string,mixed>>,total:int}
	 */
	public function page( array $query, string $now_utc ): array {
		global $wpdb;
		[ $where, $args ] = $this->where( $query['filter'], $query['search'], $now_utc );
		$surveys          = Schema::table( 'surveys' );

		$total = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM %i WHERE $where", $surveys, ...$args ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- $where is where()'s condition: placeholders only, its values in $args.

		$orderby = in_array( $query['orderby'], self::ORDERBY, true ) ? $query['orderby'] : 'id';
		$order   = 'asc' === $query['order'] ? 'ASC' : 'DESC';
		// The count is the survey's sum of the daily rollup (Rollups: published responses per site-local
		// day, trash and restore move it, deleting a response or survey removes it): one primary-key
		// range of a few hundred rows per survey instead of counting its responses (439 ms at a million
		// responses). Only the rows of the page are summed unless the list is sorted by it.
		// priority lives in the settings JSON (0 when missing): JSON_EXTRACT is MariaDB's and SQLite's
		// alike, and + 0 makes MariaDB's JSON text a number.
		$sort = 'priority' === $orderby ? "COALESCE( JSON_EXTRACT( s.settings, '$.priority' ), 0 ) + 0" : '%i';
		$sql  = "SELECT id, title, type, status, created_at, publish_at, questions, settings,
				( SELECT COALESCE( SUM( d.%i ), 0 ) FROM %i d WHERE d.survey_id = s.id ) AS responses_count
			FROM %i s WHERE $where
			ORDER BY $sort $order, id $order
			LIMIT %d OFFSET %d";
		if ( 'priority' === $orderby ) {
			$orderby = null;
		}
		$rows  = $wpdb->get_results(
			$wpdb->prepare(
				$sql, // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- identifiers and values are placeholders; $where and $order come from allow-lists.
				'count',
				Schema::table( 'daily_responses' ),
				$surveys,
				...array_merge( $args, null === $orderby ? array() : array( $orderby ), array( $query['per_page'], ( $query['page'] - 1 ) * $query['per_page'] ) )
			),
			ARRAY_A
		);
		$items = array_map(
			static function ( array $row ): array {
				$row['id']              = (int) $row['id'];
				$row['responses_count'] = (int) $row['responses_count'];
				// What the survey uses (the list's "Needs Pro"), decoded as hydrate() does.
				foreach ( array( 'questions', 'settings' ) as $column ) {
					$decoded        = json_decode( (string) $row[ $column ], true );
					$row[ $column ] = is_array( $decoded ) ? $decoded : array();
				}
				return $row;
			},
			(array) $rows
		);
		return array(
			'items' => $items,
			'total' => $total,
		);
	}

	/**
	 * Surveys per list filter, in one GROUP BY: draft, publish (live now), scheduled, trash.
	 *
	 * @return array<string,int>
	 */
	public function status_counts( string $now_utc ): array {
		global $wpdb;
		$rows   = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT CASE WHEN status = 'publish' AND publish_at > %s THEN 'scheduled' ELSE status END AS display_status, COUNT(*) AS n
				FROM %i GROUP BY display_status",
				$now_utc,
				Schema::table( 'surveys' )
			),
			ARRAY_A
		);
		$counts = array_fill_keys( array( 'publish', 'scheduled', 'draft', 'trash' ), 0 );
		foreach ( (array) $rows as $row ) {
			if ( isset( $counts[ $row['display_status'] ] ) ) {
				$counts[ $row['display_status'] ] = (int) $row['n'];
			}
		}
		return $counts;
	}

	/**
	 * Published responses of a survey (not partial, not in the trash): the sum of its daily rollup,
	 * as the list counts them.
	 */
	public function responses_count( int $id ): int {
		global $wpdb;
		return (int) $wpdb->get_var(
			$wpdb->prepare( 'SELECT COALESCE( SUM( %i ), 0 ) FROM %i WHERE survey_id = %d', 'count', Schema::table( 'daily_responses' ), $id )
		);
	}

	/**
	 * The highest question id that answers of this survey refer to (0 when none), so that a new
	 * question never takes the id of a deleted one that has answers.
	 */
	public function max_answered_question_id( int $id ): int {
		global $wpdb;
		return (int) $wpdb->get_var(
			$wpdb->prepare( 'SELECT MAX(question_id) FROM %i WHERE survey_id = %d', Schema::table( 'answers' ), $id )
		);
	}

	/**
	 * Whether any answer (of a response in any status) refers to this question of the survey: such a
	 * question is archived, not dropped, when a save removes or retypes it (QuestionArchive).
	 */
	public function has_answers( int $id, int $question_id ): bool {
		global $wpdb;
		return null !== $wpdb->get_var(
			$wpdb->prepare( 'SELECT 1 FROM %i WHERE survey_id = %d AND question_id = %d LIMIT 1', Schema::table( 'answers' ), $id, $question_id )
		);
	}

	/**
	 * @return array{0:string,1:array<int,mixed>} SQL condition with placeholders, and its values.
	 */
	private function where( string $filter, string $search, string $now_utc ): array {
		[ $where, $args ] = match ( $filter ) {
			'publish'   => array( "status = 'publish' AND ( publish_at IS NULL OR publish_at <= %s )", array( $now_utc ) ),
			'scheduled' => array( "status = 'publish' AND publish_at > %s", array( $now_utc ) ),
			'draft'     => array( "status = 'draft'", array() ),
			'trash'     => array( "status = 'trash'", array() ),
			default     => array( "status <> 'trash'", array() ),
		};
		if ( '' !== $search ) {
			$where .= ' AND ' . \UserFeedback\Database\TextSearch::contains( 'title' );
			$args[] = $search;
		}
		return array( $where, $args );
	}

	/**
	 * Published surveys whose start time has come, oldest first (the first that matches a page is shown).
	 *
	 * @return array<int,array<string,mixed>>
	 */
	public function live( string $now_utc ): array {
		global $wpdb;
		$rows = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT * FROM %i WHERE status = 'publish' AND ( publish_at IS NULL OR publish_at <= %s ) ORDER BY id ASC",
				Schema::table( 'surveys' ),
				$now_utc
			),
			ARRAY_A
		);
		return array_map( array( $this, 'hydrate' ), (array) $rows );
	}

	/**
	 * Every published survey, scheduled ones included, oldest first: what the visitor widget gets (it
	 * waits for a scheduled survey's start in the browser, as pages are served from caches for days).
	 *
	 * @return array<int,array<string,mixed>>
	 */
	public function published(): array {
		global $wpdb;
		$rows = $wpdb->get_results(
			$wpdb->prepare( "SELECT * FROM %i WHERE status = 'publish' ORDER BY id ASC", Schema::table( 'surveys' ) ),
			ARRAY_A
		);
		return array_map( array( $this, 'hydrate' ), (array) $rows );
	}

	/**
	 * The earliest start time of a published survey still waiting for it, or null.
	 */
	public function next_scheduled( string $now_utc ): ?string {
		global $wpdb;
		$next = $wpdb->get_var(
			$wpdb->prepare(
				"SELECT MIN(publish_at) FROM %i WHERE status = 'publish' AND publish_at > %s",
				Schema::table( 'surveys' ),
				$now_utc
			)
		);
		return $next ? (string) $next : null;
	}

	/**
	 * Published surveys whose start time fell in ( $after_utc, $until_utc ], earliest start first: the
	 * columns a notice names them by (id, title, publish_at).
	 *
	 * @return array<int,array{id:int,title:string,publish_at:string}>
	 */
	public function started_between( string $after_utc, string $until_utc ): array {
		global $wpdb;
		$rows = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT id, title, publish_at FROM %i WHERE status = 'publish' AND publish_at IS NOT NULL AND publish_at > %s AND publish_at <= %s ORDER BY publish_at ASC, id ASC",
				Schema::table( 'surveys' ),
				$after_utc,
				$until_utc
			),
			ARRAY_A
		);
		return array_map(
			static fn( array $row ): array => array(
				'id'         => (int) $row['id'],
				'title'      => (string) $row['title'],
				'publish_at' => (string) $row['publish_at'],
			),
			(array) $rows
		);
	}

	/**
	 * Invalidates everything cached from surveys.
	 */
	public function touch(): void {
		wp_cache_set_last_changed( self::CACHE_GROUP );
	}

	/**
	 * @param array<string,mixed> $row Database row.
	 * @return array<string,mixed>
	 */
	private function hydrate( array $row ): array {
		$row['id'] = (int) $row['id'];
		foreach ( self::JSON_COLUMNS as $column ) {
			$decoded        = json_decode( (string) $row[ $column ], true );
			$row[ $column ] = is_array( $decoded ) ? $decoded : array();
		}
		return $row;
	}
}
