<?php
/**
 * Helpers of the public-route tests: a survey with every question type written straight into the table,
 * requests as the widget sends them, and the request globals ($_SERVER) put back after each test.
 *
 * The response is saved in a transaction of its own, kept inside the test's (VisitorRequests);
 * ResponseTransactionTest runs the real statements, outside the test's transaction.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Responses;

use UserFeedback\Database\Schema;
use UserFeedback\Frontend\SurveyTokens;
use UserFeedback\Plugin;
use UserFeedback\Tests\SurveyTestCase;
use UserFeedback\Tests\VisitorRequests;
use WP_REST_Response;

abstract class ResponsesTestCase extends SurveyTestCase {

	use VisitorRequests;

	protected const CHROME_WINDOWS = 'Mozilla/5.0 (Windows NT 10.0; Win64; x64) AppleWebKit/537.36 (KHTML, like Gecko) Chrome/124.0.0.0 Safari/537.36';

	private const SERVER_KEYS = array( 'REMOTE_ADDR', 'HTTP_USER_AGENT', 'HTTP_X_FORWARDED_FOR', 'HTTP_X_REAL_IP', 'HTTP_CF_CONNECTING_IP', 'HTTP_CF_IPCOUNTRY', 'HTTP_X_COUNTRY_CODE' );

	protected function setUp(): void {
		parent::setUp();
		$this->start_visitor_request( self::SERVER_KEYS, self::CHROME_WINDOWS );
	}

	protected function tearDown(): void {
		$this->end_visitor_request();
		parent::tearDown();
	}

	/**
	 * Question ids of open_survey() by type.
	 */
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
	 * Every question type; the text question has a comment box, the email question asks for a name.
	 *
	 * @return array<int,array<string,mixed>>
	 */
	protected static function all_questions(): array {
		return array(
			self::question( 1, 'radio-button' ),
			self::question( 2, 'checkbox', array( 'config' => array( 'options' => array( 'Red', 'Green', 'Blue' ) ) ) ),
			self::question( 3, 'image-radio' ),
			self::question( 4, 'icon-choice' ),
			self::question( 5, 'star-rating' ),
			self::question( 6, 'nps' ),
			self::question( 7, 'text', array( 'settings' => array( 'comment_box' => true ) ) ),
			self::question( 8, 'long-text' ),
			self::question( 9, 'email', array( 'config' => array( 'include_name' => true ) ) ),
		);
	}

	/**
	 * A published survey, written straight into the table (no feature stripping: the site may have
	 * lost an addon since the survey was made, and visitors still answer what is published).
	 *
	 * @param array<string,mixed> $over Columns to change.
	 */
	protected static function open_survey( array $over = array() ): int {
		return Plugin::instance()->surveys->insert(
			array_merge(
				array(
					'title'     => 'Visitor survey',
					'status'    => 'publish',
					'questions' => self::all_questions(),
				),
				$over
			)
		);
	}

	/**
	 * @param mixed $value The answer's value.
	 * @return array<string,mixed>
	 */
	protected static function answer( int $question_id, $value, ?array $extra = null ): array {
		$answer = array(
			'question_id' => $question_id,
			'value'       => $value,
		);
		if ( null !== $extra ) {
			$answer['extra'] = $extra;
		}
		return $answer;
	}

	/**
	 * POST surveys/{id}/responses as the widget sends it (JSON, no X-WP-Nonce); the token is added
	 * unless the body has a 'nonce' key already (null: sent without one).
	 *
	 * @param array<string,mixed> $body Body.
	 */
	protected function submit( int $survey_id, array $body ): WP_REST_Response {
		if ( ! array_key_exists( 'nonce', $body ) ) {
			$body['nonce'] = SurveyTokens::issue( $survey_id, 'submission' );
		} elseif ( null === $body['nonce'] ) {
			unset( $body['nonce'] );
		}
		return $this->rest( 'POST', self::NS . "/surveys/$survey_id/responses", array(), $body );
	}

	/**
	 * @param array<int,array<string,mixed>> $answers Answers.
	 */
	protected function submit_answers( int $survey_id, array $answers ): WP_REST_Response {
		return $this->submit(
			$survey_id,
			array(
				'answers'        => $answers,
				'page_submitted' => array(
					'link'  => 'https://example.com/pricing/?plan=pro',
					'title' => 'Pricing',
				),
			)
		);
	}

	/**
	 * POST surveys/{id}/impression?nonce=..., as the widget sends it (no body).
	 */
	protected function impression( int $survey_id, ?string $token = null ): WP_REST_Response {
		$request = new \WP_REST_Request( 'POST', self::NS . "/surveys/$survey_id/impression" );
		$request->set_query_params( array( 'nonce' => $token ?? SurveyTokens::issue( $survey_id, 'impression' ) ) );
		return rest_do_request( $request );
	}

	/**
	 * Rows of a table, in the whole table.
	 */
	protected static function total_rows( string $table ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i', Schema::table( $table ) ) );
	}

	/**
	 * @return array<string,mixed>|null
	 */
	protected static function response_row( int $id ): ?array {
		global $wpdb;
		return $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM %i WHERE id = %d', Schema::table( 'responses' ), $id ), ARRAY_A );
	}

	/**
	 * Answers of a response by question id.
	 *
	 * @return array<int,array<string,mixed>>
	 */
	protected static function answer_rows( int $response_id ): array {
		global $wpdb;
		$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT * FROM %i WHERE response_id = %d ORDER BY question_id', Schema::table( 'answers' ), $response_id ), ARRAY_A );
		$by   = array();
		foreach ( $rows as $row ) {
			$by[ (int) $row['question_id'] ] = $row;
		}
		return $by;
	}

	/**
	 * Replaces the rate limits for the rest of the test.
	 *
	 * @param array<string,array{limit:int,window:int}|null> $limits Rule => limit.
	 */
	protected static function limits( array $limits ): void {
		add_filter( 'userfeedback_rate_limits', static fn( array $current ): array => array_merge( $current, $limits ) );
	}

	/**
	 * @param array<string,mixed> $settings Settings to store over the defaults.
	 */
	protected static function settings( array $settings ): void {
		update_option( 'userfeedback_settings', array_merge( (array) get_option( 'userfeedback_settings', array() ), $settings ) );
	}
}
