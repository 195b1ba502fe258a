<?php
/**
 * SQL of what visitors write: a response with its answers, and impressions. The only class that writes
 * these rows from the public routes.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Responses;

use UserFeedback\Database\Rollups;
use UserFeedback\Database\Schema;

defined( 'ABSPATH' ) || exit;

final class ResponseRepository {

	public function __construct( private readonly Rollups $rollups = new Rollups() ) {}

	/**
	 * Stores one response and its answers: one row in responses, one multi-row INSERT into answers,
	 * and one multi-row upsert into each daily rollup (Rollups; the local day of submitted_at).
	 * Inside a VisitorWrite (one transaction), so that a failure of one leaves nothing of the others.
	 *
	 * @param array{survey_id:int,submitted_at:string,page_url:string,page_title:string,ip:string,browser:string,os:string,device:string} $response Columns of the response.
	 * @param array<int,array{question_id:int,value:string|int|string[]|null,extra:array<string,string>|null}>                         $answers  Validated answers.
	 * @param array<int,string>                                                                                                       $types    Question id => type of the survey's questions (Rollups::types_of()).
	 * @return int The new response id.
	 * @throws \RuntimeException When a statement fails; the caller rolls back.
	 */
	public function insert( array $response, array $answers, array $types ): int {
		global $wpdb;
		$done = $wpdb->query(
			$wpdb->prepare(
				'INSERT INTO %i (survey_id, status, submitted_at, page_url, page_title, ip, browser, os, device) VALUES (%d, %s, %s, %s, %s, %s, %s, %s, %s)',
				Schema::table( 'responses' ),
				$response['survey_id'],
				'publish',
				$response['submitted_at'],
				$response['page_url'],
				$response['page_title'],
				$response['ip'],
				$response['browser'],
				$response['os'],
				$response['device']
			)
		);
		$id = (int) $wpdb->insert_id;
		if ( false === $done || $id < 1 ) {
			throw new \RuntimeException( 'Could not save the response: ' . $wpdb->last_error );
		}
		if ( $answers && false === $wpdb->query( $this->answers_insert( $id, $response, $answers ) ) ) {
			throw new \RuntimeException( 'Could not save the answers: ' . $wpdb->last_error );
		}
		// Before the migration to version 3 has created the rollups, it builds them from the raw rows.
		if ( Rollups::live() ) {
			$survey_id = (int) $response['survey_id'];
			$day       = Rollups::day_of( (string) $response['submitted_at'] );
			$this->rollups->add(
				$survey_id,
				array( $day => 1 ),
				array( $day => Rollups::answer_rows( $types, $answers ) )
			);
		}
		return $id;
	}

	/**
	 * Counts one impression of a survey on a day (the site's): one upsert of the (survey, day) row,
	 * never a read-modify-write, and no single counter shared by every survey or every day.
	 *
	 * @param string $day Y-m-d in the site's time zone.
	 * @throws \RuntimeException When the statement fails.
	 */
	public function add_impression( int $survey_id, string $day ): void {
		global $wpdb;
		$done = $wpdb->query(
			$wpdb->prepare(
				'INSERT INTO %i (survey_id, day, %i) VALUES (%d, %s, 1) ON DUPLICATE KEY UPDATE %i = %i + 1',
				Schema::table( 'impressions' ),
				'count',
				$survey_id,
				$day,
				'count',
				'count'
			)
		);
		if ( false === $done ) {
			throw new \RuntimeException( 'Could not count the impression: ' . $wpdb->last_error );
		}
	}

	/**
	 * The upgrade step of version 6: every response from before it is a completed one, started and
	 * completed when it was submitted (one write).
	 *
	 * @throws \RuntimeException When a statement fails.
	 */
	public function fill_times(): void {
		global $wpdb;
		$table = Schema::table( 'responses' );
		foreach ( array( 'started_at', 'completed_at' ) as $column ) {
			$done = $wpdb->query( $wpdb->prepare( "UPDATE %i SET %i = submitted_at WHERE %i IS NULL AND status <> 'partial'", $table, $column, $column ) );
			if ( false === $done ) {
				throw new \RuntimeException( 'Could not fill the response times: ' . $wpdb->last_error );
			}
		}
	}

	/**
	 * Whether the survey has a response besides this one (any status): one seek of the
	 * (survey_id, status, submitted_at) index.
	 */
	public function has_other_response( int $survey_id, int $response_id ): bool {
		global $wpdb;
		return null !== $wpdb->get_var(
			$wpdb->prepare( 'SELECT id FROM %i WHERE survey_id = %d AND id <> %d LIMIT 1', Schema::table( 'responses' ), $survey_id, $response_id )
		);
	}

	/**
	 * One INSERT for every answer. Values are stored as text: strings as they are, numbers as their
	 * digits, checkbox lists as JSON; NULL for a skipped question. Extra fields as JSON or NULL.
	 *
	 * @param array<string,mixed>            $response The response's columns.
	 * @param array<int,array<string,mixed>> $answers  Validated answers.
	 */
	private function answers_insert( int $response_id, array $response, array $answers ): string {
		global $wpdb;
		$rows = array();
		$args = array( Schema::table( 'answers' ) );
		foreach ( $answers as $answer ) {
			$value = $answer['value'];
			$extra = $answer['extra'];
			$row   = '(%d, %d, %d, %s, %s';
			array_push( $args, $response_id, $response['survey_id'], $answer['question_id'], 'publish', $response['submitted_at'] );
			// prepare() has no NULL placeholder: the literal goes into the pattern instead.
			if ( null === $value ) {
				$row .= ', NULL';
			} else {
				$row   .= ', %s';
				$args[] = is_array( $value ) ? (string) wp_json_encode( array_values( $value ), JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES ) : (string) $value;
			}
			if ( null === $extra ) {
				$row .= ', NULL)';
			} else {
				$row   .= ', %s)';
				$args[] = (string) wp_json_encode( $extra, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES );
			}
			$rows[] = $row;
		}
		return $wpdb->prepare(
			'INSERT INTO %i (response_id, survey_id, question_id, status, submitted_at, value, extra) VALUES ' . implode( ', ', $rows ), // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- the rows hold placeholders and NULL literals only.
			...$args
		);
	}
}
