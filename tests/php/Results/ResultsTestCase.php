<?php
/**
 * Helpers of the results tests: a survey with one question of each type, responses written through
 * the visitor route's repository at chosen moments, trashing, impressions, and the result routes.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Results;

use UserFeedback\Database\Rollups;
use UserFeedback\Database\Schema;
use UserFeedback\Plugin;
use UserFeedback\Tests\SurveyTestCase;
use WP_REST_Response;

abstract class ResultsTestCase extends SurveyTestCase {

	use WritesResponses;

	/** Question ids of results_survey() by type. */
	protected const Q = array(
		'radio-button' => 1,
		'checkbox'     => 2,
		'image-radio'  => 3,
		'icon-choice'  => 4,
		'star-rating'  => 5,
		'nps'          => 6,
		'text'         => 7,
		'long-text'    => 8,
		'email'        => 9,
	);

	/**
	 * A published survey with one question of each type; the nps question has a comment box.
	 *
	 * @param array<string,mixed> $over Columns to change.
	 */
	protected static function results_survey( array $over = array() ): int {
		return Plugin::instance()->surveys->insert(
			array_merge(
				array(
					'title'      => 'Results survey',
					'status'     => 'publish',
					'created_at' => '2026-01-02 03:04:05',
					'questions'  => array(
						self::question( 1, 'radio-button' ),
						self::question( 2, 'checkbox', array( 'config' => array( 'options' => array( 'Red', 'Green', 'Blue' ) ) ) ),
						self::question( 3, 'image-radio' ),
						self::question( 4, 'icon-choice' ),
						self::question( 5, 'star-rating' ),
						self::question( 6, 'nps', array( 'settings' => array( 'comment_box' => true ) ) ),
						self::question( 7, 'text' ),
						self::question( 8, 'long-text' ),
						self::question( 9, 'email', array( 'config' => array( 'include_name' => true ) ) ),
					),
				),
				$over
			)
		);
	}

	/**
	 * Moves a response to the trash (or back, with 'publish'), as the admin route does: the response,
	 * its answers and the daily rollups; without the route's own transaction, which would commit the
	 * test's on MariaDB.
	 */
	protected static function trash( int $response_id, string $status = 'trash' ): void {
		global $wpdb;
		$before = $wpdb->get_results( $wpdb->prepare( 'SELECT id, survey_id, status, submitted_at FROM %i WHERE id = %d', Schema::table( 'responses' ), $response_id ), ARRAY_A );
		$rollup = new Rollups();
		$deltas = $rollup->deltas( (int) $before[0]['survey_id'], $before, $status );
		$wpdb->query( $wpdb->prepare( 'UPDATE %i SET status = %s WHERE id = %d', Schema::table( 'responses' ), $status, $response_id ) );
		$wpdb->query( $wpdb->prepare( 'UPDATE %i SET status = %s WHERE response_id = %d', Schema::table( 'answers' ), $status, $response_id ) );
		$wpdb->query( \UserFeedback\Database\AnswerTerms::status_sql( (int) $before[0]['survey_id'], array( $response_id ), $status ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- prepared by status_sql().
		if ( $deltas ) {
			$rollup->add( (int) $before[0]['survey_id'], $deltas[0], $deltas[1] );
		}
	}

	protected static function impressions( int $survey_id, string $day, int $count ): void {
		global $wpdb;
		$wpdb->insert(
			Schema::table( 'impressions' ),
			array(
				'survey_id' => $survey_id,
				'day'       => $day,
				'count'     => $count,
			)
		);
	}

	/**
	 * GET a result route as the current user.
	 *
	 * @param array<string,mixed> $params Query.
	 */
	protected function get( string $path, array $params = array() ): WP_REST_Response {
		return $this->rest( 'GET', self::NS . $path, $params );
	}

	/**
	 * GET a result route that must answer 200; its JSON data.
	 *
	 * @param array<string,mixed> $params Query.
	 * @return array<string,mixed>
	 */
	protected function ok( string $path, array $params = array() ): array {
		$response = $this->get( $path, $params );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		return self::data( $response );
	}

	/**
	 * An administrator on a Pro site with a licence (long ranges allowed).
	 */
	protected function as_pro_admin(): void {
		$this->as_user( 'administrator' );
		$this->set_entitlements( 'pro', 'plus' );
	}

	/**
	 * @param array<int,array<string,mixed>> $stats question_stats.
	 * @return array<string,mixed>
	 */
	protected static function stats_of( array $stats, int $question_id ): array {
		foreach ( $stats as $question ) {
			if ( $question['id'] === $question_id ) {
				return $question;
			}
		}
		throw new \RuntimeException( "No stats for question $question_id" );
	}

	/**
	 * OptionCount list as value => count.
	 *
	 * @param array<int,array<string,mixed>> $options Options.
	 * @return array<string,int>
	 */
	protected static function counts( array $options ): array {
		$counts = array();
		foreach ( $options as $option ) {
			$counts[ (string) $option['value'] ] = $option['count'];
		}
		return $counts;
	}
}
