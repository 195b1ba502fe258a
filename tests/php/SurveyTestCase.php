<?php
/**
 * Helpers of the survey tests: valid surveys to start from, REST calls that answer plain JSON data,
 * and responses written straight into the tables.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

use UserFeedback\Database\Schema;
use WP_REST_Response;

abstract class SurveyTestCase extends TestCase {

	protected const NS = '/userfeedback/v1';

	/**
	 * A question that may be published.
	 *
	 * @return array<string,mixed>
	 */
	protected static function question( int $id, string $type = 'radio-button', array $over = array() ): array {
		$options = match ( $type ) {
			'radio-button', 'checkbox' => array( 'Yes', 'No' ),
			'image-radio'              => array(
				array( 'label' => 'Cat', 'image' => array( 'id' => 3, 'url' => 'https://example.com/cat.png' ) ),
				array( 'label' => 'Dog', 'image' => null ),
			),
			'icon-choice'              => array(
				array( 'label' => 'Happy', 'icon' => array( 'name' => 'smile', 'style' => 'regular' ) ),
				array( 'label' => 'Sad', 'icon' => array( 'name' => 'frown', 'style' => 'regular' ) ),
			),
			default                    => null,
		};
		$question = array(
			'id'       => $id,
			'title'    => "Question $id?",
			'type'     => $type,
			'config'   => null === $options ? array() : array( 'options' => $options ),
			'settings' => array(
				'required'    => false,
				'randomize'   => false,
				'comment_box' => false,
			),
			'logic'    => array(
				'enabled'    => false,
				'action'     => 'show',
				'conditions' => array(),
			),
		);
		return array_replace_recursive( $question, $over );
	}

	/**
	 * A survey input that may be published.
	 *
	 * @return array<string,mixed>
	 */
	protected static function survey( array $over = array() ): array {
		return array_merge(
			array(
				'title'     => 'Site feedback',
				'status'    => 'draft',
				'questions' => array( self::question( 1 ), self::question( 2, 'long-text' ) ),
			),
			$over
		);
	}

	/**
	 * The response body as a client would decode it (objects as arrays).
	 *
	 * @return mixed
	 */
	protected static function data( WP_REST_Response $response ) {
		return json_decode( (string) wp_json_encode( $response->get_data() ), true );
	}

	protected function create( array $body ): WP_REST_Response {
		return $this->rest( 'POST', self::NS . '/surveys', array(), $body );
	}

	/**
	 * Creates a survey through the API and answers its id.
	 */
	protected function create_id( array $over = array() ): int {
		$response = $this->create( self::survey( $over ) );
		$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		return (int) $response->get_data()['id'];
	}

	/**
	 * The notes of a survey write (X-UserFeedback-Notes), decoded.
	 *
	 * @return array{published:bool,stripped:string[],message:string}
	 */
	protected static function notes( WP_REST_Response $response ): array {
		$header = $response->get_headers()['X-UserFeedback-Notes'] ?? null;
		self::assertIsString( $header, 'A survey write answers X-UserFeedback-Notes.' );
		$notes = json_decode( $header, true );
		self::assertIsArray( $notes );
		return $notes;
	}

	protected function update( int $id, array $body ): WP_REST_Response {
		return $this->rest( 'POST', self::NS . "/surveys/$id", array(), $body );
	}

	/**
	 * @return array<string,mixed>
	 */
	protected function fetch( int $id ): array {
		$response = $this->rest( 'GET', self::NS . "/surveys/$id" );
		$this->assertSame( 200, $response->get_status() );
		return self::data( $response );
	}

	/**
	 * Writes responses (each with one answer) and an impression row for a survey.
	 */
	protected static function add_responses( int $survey_id, int $count, string $status = 'publish' ): void {
		global $wpdb;
		$now = gmdate( 'Y-m-d H:i:s' );
		for ( $i = 0; $i < $count; $i++ ) {
			$wpdb->insert(
				Schema::table( 'responses' ),
				array(
					'survey_id'    => $survey_id,
					'status'       => $status,
					'submitted_at' => $now,
				)
			);
			$wpdb->insert(
				Schema::table( 'answers' ),
				array(
					'response_id'  => (int) $wpdb->insert_id,
					'survey_id'    => $survey_id,
					'question_id'  => 1,
					'status'       => $status,
					'submitted_at' => $now,
					'value'        => 'Yes',
				)
			);
		}
		if ( 'publish' === $status ) {
			// As the visitor route does: published responses are counted in the daily rollup, which the
			// surveys list reads.
			$day    = wp_date( 'Y-m-d' );
			$before = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT %i FROM %i WHERE survey_id = %d AND day = %s', 'count', Schema::table( 'daily_responses' ), $survey_id, $day ) );
			$wpdb->replace(
				Schema::table( 'daily_responses' ),
				array(
					'survey_id' => $survey_id,
					'day'       => $day,
					'count'     => $before + $count,
				)
			);
		}
		$wpdb->replace(
			Schema::table( 'impressions' ),
			array(
				'survey_id' => $survey_id,
				'day'       => gmdate( 'Y-m-d' ),
				'count'     => 3,
			)
		);
	}

	protected static function count_rows( string $table, int $survey_id ): int {
		global $wpdb;
		$column = 'surveys' === $table ? 'id' : 'survey_id';
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE %i = %d', Schema::table( $table ), $column, $survey_id ) );
	}

	/**
	 * A full Pro site: elite licence with every addon.
	 */
	protected function as_elite(): void {
		$this->set_entitlements( 'pro', 'elite', \UserFeedback\Licensing\Entitlements::ADDONS );
	}
}
