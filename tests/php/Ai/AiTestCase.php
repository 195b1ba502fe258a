<?php
/**
 * Helpers of the AI summary tests: a loopback chat-completions server of the tests' own
 * (tests/php/fixtures/chat-completions-server.php under `php -S`, one per test class), the provider
 * settings pointed at it, a survey with every kind of question and answers written straight into the
 * tables.
 *
 * The server logs every request it gets (requests()), so that tests assert what left the site.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Ai;

use UserFeedback\Database\Schema;
use UserFeedback\Plugin;
use UserFeedback\Tests\LoggingLoopback;
use UserFeedback\Tests\SurveyTestCase;
use WP_REST_Response;

abstract class AiTestCase extends SurveyTestCase {

	use LoggingLoopback;

	protected const KEY   = 'sk-test-secret-0123456789abcdef';
	protected const MODEL = 'gpt-test-mini';

	/** Question ids of survey(). */
	protected const TEXT      = 1;
	protected const LONG_TEXT = 2;
	protected const EMAIL     = 3;
	protected const RADIO     = 4;
	protected const NPS       = 5;

	protected static string $server_url = '';

	public static function setUpBeforeClass(): void {
		parent::setUpBeforeClass();
		self::$server_url = self::start_logging_server( 'ai', 'chat-completions-server.php', 'UF_AI_LOG' );
	}

	public static function tearDownAfterClass(): void {
		self::stop_logging_server();
		parent::tearDownAfterClass();
	}

	protected function setUp(): void {
		parent::setUp();
		self::forget_requests();
	}

	/**
	 * Points the provider settings at the loopback server; the scenario is the first path segment
	 * (see the fixture). Null leaves a setting empty.
	 */
	protected static function configure( ?string $scenario = 'ok', ?string $key = self::KEY, ?string $model = self::MODEL, string $suffix = '/v1' ): void {
		update_option(
			'userfeedback_settings',
			array_merge(
				(array) get_option( 'userfeedback_settings', array() ),
				array(
					'ai_base_url' => null === $scenario ? '' : self::$server_url . '/' . $scenario . $suffix,
					'ai_api_key'  => $key ?? '',
					'ai_model'    => $model ?? '',
				)
			)
		);
	}

	/**
	 * An administrator on a Pro site with a licence of the type given.
	 */
	protected function as_licensed_admin( string $type = 'pro' ): int {
		$this->set_entitlements( 'pro', $type );
		return $this->as_user( 'administrator' );
	}

	/**
	 * A published survey with a text, a long-text, an email (with name), a radio (with comment box)
	 * and an nps (with comment box) question.
	 */
	protected static function make_survey( string $title = 'Checkout feedback' ): int {
		return Plugin::instance()->surveys->insert(
			array(
				'title'     => $title,
				'status'    => 'publish',
				'questions' => array(
					self::question( self::TEXT, 'text', array( 'title' => 'What should we improve?' ) ),
					self::question( self::LONG_TEXT, 'long-text', array( 'title' => 'Anything else you want to tell us?' ) ),
					self::question(
						self::EMAIL,
						'email',
						array(
							'title'  => 'Your email address?',
							'config' => array( 'include_name' => true ),
						)
					),
					self::question(
						self::RADIO,
						'radio-button',
						array(
							'title'    => 'How did you find us?',
							'config'   => array( 'options' => array( 'OptionSearchEngine', 'OptionFriend' ) ),
							'settings' => array( 'comment_box' => true ),
						)
					),
					self::question(
						self::NPS,
						'nps',
						array(
							'title'    => 'How likely are you to recommend us?',
							'settings' => array( 'comment_box' => true ),
						)
					),
				),
			)
		);
	}

	/**
	 * Writes one response with its answers straight into the tables.
	 *
	 * @param array<int,array{0:mixed,1?:array<string,string>|null}> $answers Question id => [value, extra].
	 * @return int The response id.
	 */
	protected static function respond( int $survey_id, array $answers, string $submitted_at, string $status = 'publish' ): int {
		global $wpdb;
		$wpdb->insert(
			Schema::table( 'responses' ),
			array(
				'survey_id'    => $survey_id,
				'status'       => $status,
				'submitted_at' => $submitted_at,
			)
		);
		$response_id = (int) $wpdb->insert_id;
		foreach ( $answers as $question_id => $answer ) {
			$value = $answer[0];
			$extra = $answer[1] ?? null;
			// wpdb writes a null as NULL.
			$wpdb->insert(
				Schema::table( 'answers' ),
				array(
					'response_id'  => $response_id,
					'survey_id'    => $survey_id,
					'question_id'  => $question_id,
					'status'       => $status,
					'submitted_at' => $submitted_at,
					'value'        => null === $value ? null : ( is_array( $value ) ? wp_json_encode( $value ) : (string) $value ),
					'extra'        => null === $extra ? null : wp_json_encode( $extra ),
				)
			);
		}
		return $response_id;
	}

	protected function fresh( int $survey_id ): WP_REST_Response {
		return $this->checked( $this->rest( 'GET', self::NS . "/ai-summary/$survey_id" ) );
	}

	protected function preload( int $survey_id ): WP_REST_Response {
		return $this->checked( $this->rest( 'GET', self::NS . "/preload-ai-summary/$survey_id" ) );
	}

	/**
	 * Every answer of these routes is checked for the key, whatever the test is about.
	 */
	private function checked( WP_REST_Response $response ): WP_REST_Response {
		$this->assertStringNotContainsString( self::KEY, (string) wp_json_encode( $response->get_data() ), 'The API key leaked into a response.' );
		$this->assertStringNotContainsString( self::KEY, (string) wp_json_encode( $response->get_headers() ), 'The API key leaked into a header.' );
		return $response;
	}

	/**
	 * @return array<string,mixed> The error's code, message and status.
	 */
	protected static function error( WP_REST_Response $response ): array {
		$data = self::data( $response );
		return array(
			'status'  => $response->get_status(),
			'code'    => $data['code'] ?? null,
			'message' => $data['message'] ?? null,
		);
	}
}
