<?php
/**
 * SQL for the surveys table. The only class that queries it.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

use UserFeedback\Database\Schema;

defined( 'ABSPATH' ) || exit;

final class SurveyRepository {

	/**
	 * Cache group of everything derived from surveys; writes bump its last-changed stamp.
	 */
	public const CACHE_GROUP = 'userfeedback_surveys';

	private const JSON_COLUMNS = array( 'questions', 'settings', 'notifications' );

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
			throw new \RuntimeException( 'Could not save the survey: ' . $wpdb->last_error );
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
		return array_map( array( $this, 'hydrate' ), $rows ?: array() );
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
