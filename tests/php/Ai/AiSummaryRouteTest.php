<?php
/**
 * GET ai-summary/{id} and GET preload-ai-summary/{id} against a loopback chat-completions server:
 * what is sent (and what is not), every way the provider can fail, gating, capabilities, the stored
 * summary and the rate limit.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Ai;

use UserFeedback\Ai\SummaryStore;
use UserFeedback\Tests\LoopbackServer;

final class AiSummaryRouteTest extends AiTestCase {

	private const RFC3339_UTC = '/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/';

	/**
	 * A survey with three responses of every kind of answer, one trashed response, and a response of
	 * another survey.
	 */
	private function survey_with_answers(): int {
		$id = self::make_survey();
		self::respond(
			$id,
			array(
				self::TEXT      => array( 'Oldest: the checkout was slow' ),
				self::EMAIL     => array( 'oldest.visitor@example.com', array( 'name' => 'Olga Oldest' ) ),
				self::RADIO     => array( 'OptionSearchEngine', array( 'comments' => 'Found you on a search engine' ) ),
				self::NPS       => array( '9', array( 'comments' => 'Great support team' ) ),
			),
			'2026-11-01 10:00:00'
		);
		self::respond(
			$id,
			array(
				self::TEXT      => array( 'Middle: please write to me at jane.doe+shop@mail.example.org about prices' ),
				self::LONG_TEXT => array( "Middle long text\nwith two lines" ),
				self::EMAIL     => array( 'middle.visitor@example.com' ),
				self::RADIO     => array( 'OptionFriend' ),
				self::NPS       => array( '3' ),
			),
			'2026-11-10 10:00:00'
		);
		self::respond(
			$id,
			array(
				self::TEXT      => array( 'Newest: add a dark mode' ),
				self::LONG_TEXT => array( null ),
				self::NPS       => array( '10', array( 'comments' => 'Newest comment: love it' ) ),
			),
			'2026-11-20 10:00:00'
		);
		self::respond( $id, array( self::TEXT => array( 'Trashed answer text' ) ), '2026-11-21 10:00:00', 'trash' );
		self::respond( self::make_survey( 'Another survey' ), array( self::TEXT => array( 'Answer of another survey' ) ), '2026-11-21 11:00:00' );
		return $id;
	}

	public function test_a_fresh_summary_sends_only_text_answers_and_comments_newest_first_and_is_stored(): void {
		$this->as_licensed_admin( 'pro' );
		self::configure( 'ok' );
		$id = $this->survey_with_answers();

		$response = $this->fresh( $id );

		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$data = self::data( $response );
		$this->assertSame( array( 'survey_id', 'summary', 'generated_at', 'answers_count' ), array_keys( $data ) );
		$this->assertSame( $id, $data['survey_id'] );
		$this->assertSame( "Themes: delivery speed and prices.\nSentiment: mostly positive.\nSuggestions: add a dark mode. (gpt-test-mini)", $data['summary'] );
		$this->assertMatchesRegularExpression( self::RFC3339_UTC, $data['generated_at'] );
		$this->assertEqualsWithDelta( time(), strtotime( $data['generated_at'] ), 60 );
		// 3 text, 1 long-text, 3 comments.
		$this->assertSame( 7, $data['answers_count'] );

		$requests = self::requests();
		$this->assertCount( 1, $requests );
		$request = $requests[0];
		$this->assertSame( 'POST', $request['method'] );
		$this->assertSame( '/ok/v1/chat/completions', $request['uri'] );
		$this->assertSame( 'Bearer ' . self::KEY, $request['headers']['authorization'] );
		$this->assertStringStartsWith( 'application/json', $request['headers']['content-type'] );

		$body = json_decode( $request['body'], true );
		$this->assertSame( array( 'model', 'messages', 'temperature' ), array_keys( $body ) );
		$this->assertSame( self::MODEL, $body['model'] );
		$this->assertSame( 0.3, $body['temperature'] );
		$this->assertCount( 2, $body['messages'] );
		$this->assertSame( 'system', $body['messages'][0]['role'] );
		$this->assertStringContainsString( 'themes', $body['messages'][0]['content'] );
		$this->assertStringContainsString( 'sentiment', $body['messages'][0]['content'] );
		$this->assertStringContainsString( 'suggestions', $body['messages'][0]['content'] );
		$this->assertStringContainsString( 'plain text', $body['messages'][0]['content'] );
		$this->assertSame( 'user', $body['messages'][1]['role'] );

		$this->assertSame(
			implode(
				"\n",
				array(
					'Survey: Checkout feedback',
					'Text answers and comments: 7, newest first.',
					'',
					'Question: What should we improve?',
					'- Newest: add a dark mode',
					'- Middle: please write to me at [email removed] about prices',
					'- Oldest: the checkout was slow',
					'',
					'Question: Anything else you want to tell us?',
					'- Middle long text with two lines',
					'',
					'Question: How did you find us?',
					'- Comment: Found you on a search engine',
					'',
					'Question: How likely are you to recommend us?',
					'- Comment: Newest comment: love it',
					'- Comment: Great support team',
				)
			),
			$body['messages'][1]['content']
		);
		foreach ( array( '@', 'jane.doe', 'Olga', 'Your email address?', 'OptionFriend', 'OptionSearchEngine', 'Trashed', 'another survey' ) as $absent ) {
			$this->assertStringNotContainsString( $absent, $request['body'], "\"$absent\" must not be sent." );
		}

		// Stored, not autoloaded, and answered by the preload route.
		$preload = $this->preload( $id );
		$this->assertSame( 200, $preload->get_status() );
		$this->assertSame( $data, self::data( $preload ) );
		global $wpdb;
		$autoload = $wpdb->get_var( $wpdb->prepare( 'SELECT autoload FROM %i WHERE option_name = %s', $wpdb->options, 'userfeedback_ai_summary_' . $id ) );
		$this->assertContains( $autoload, array( 'no', 'off' ) );
		$this->assertCount( 1, self::requests(), 'The preload route never calls the provider.' );
	}

	public function test_the_base_url_may_end_in_a_slash_or_be_the_full_endpoint_and_the_key_is_optional(): void {
		$this->as_licensed_admin( 'elite' );
		$id = $this->survey_with_answers();

		self::configure( 'ok', self::KEY, self::MODEL, '/v1/' );
		$this->assertSame( 200, $this->fresh( $id )->get_status() );
		self::configure( 'ok', self::KEY, self::MODEL, '/v1/chat/completions' );
		$this->assertSame( 200, $this->fresh( $id )->get_status() );
		// A local model server needs no key: no Authorization header then.
		self::configure( 'ok', null );
		$this->assertSame( 200, $this->fresh( $id )->get_status() );

		$requests = self::requests();
		$this->assertSame( array( '/ok/v1/chat/completions', '/ok/v1/chat/completions', '/ok/v1/chat/completions' ), array_column( $requests, 'uri' ) );
		$this->assertSame( 'Bearer ' . self::KEY, $requests[0]['headers']['authorization'] );
		$this->assertArrayNotHasKey( 'authorization', $requests[2]['headers'] );
	}

	public function test_an_error_with_text_passes_the_providers_message_on(): void {
		$this->as_licensed_admin();
		self::configure( 'error' );
		$id = $this->survey_with_answers();

		$this->assertSame(
			array(
				'status'  => 502,
				'code'    => 'userfeedback_ai_provider_error',
				'message' => 'Incorrect API key provided: sk-te****1234. You can find your API key at https://platform.openai.com/account/api-keys.',
			),
			self::error( $this->fresh( $id ) )
		);
		$this->assertNull( self::data( $this->preload( $id ) )['summary'], 'Nothing is stored after a failure.' );
	}

	public function test_a_provider_that_repeats_the_key_in_its_error_has_it_replaced(): void {
		$this->as_licensed_admin();
		self::configure( 'echo-key' );
		$id = $this->survey_with_answers();

		$error = self::error( $this->fresh( $id ) );
		$this->assertSame( 502, $error['status'] );
		$this->assertSame( 'The token [API key] is not valid for this model.', $error['message'] );
	}

	public function test_an_http_error_without_text_says_which_status_the_provider_answered(): void {
		$this->as_licensed_admin();
		self::configure( 'http500' );
		$id = $this->survey_with_answers();

		$this->assertSame(
			array(
				'status'  => 502,
				'code'    => 'userfeedback_ai_provider_error',
				'message' => 'The AI provider answered with an error (HTTP 500).',
			),
			self::error( $this->fresh( $id ) )
		);
	}

	public function test_a_redirect_is_not_followed(): void {
		$this->as_licensed_admin();
		self::configure( 'redirect' );
		$id = $this->survey_with_answers();

		$this->assertSame( 'The AI provider answered with an error (HTTP 301).', self::error( $this->fresh( $id ) )['message'] );
		$this->assertSame( array( '/redirect/v1/chat/completions' ), array_column( self::requests(), 'uri' ) );
	}

	public function test_an_answer_that_is_not_json_is_a_clear_error(): void {
		$this->as_licensed_admin();
		self::configure( 'malformed' );
		$id = $this->survey_with_answers();

		$this->assertSame(
			array(
				'status'  => 502,
				'code'    => 'userfeedback_ai_provider_error',
				'message' => 'The answer of the AI provider could not be read. Check the base URL in Settings.',
			),
			self::error( $this->fresh( $id ) )
		);
	}

	public function test_a_success_without_content_is_unavailable(): void {
		$this->as_licensed_admin();
		$id = $this->survey_with_answers();
		foreach ( array( 'empty', 'no-choices' ) as $scenario ) {
			self::configure( $scenario );
			$this->assertSame(
				array(
					'status'  => 502,
					'code'    => 'userfeedback_ai_unavailable',
					'message' => 'AI Summary is unavailable at this moment.',
				),
				self::error( $this->fresh( $id ) ),
				$scenario
			);
		}
	}

	public function test_a_provider_that_cannot_be_reached_is_a_clear_error(): void {
		$this->as_licensed_admin();
		$id = $this->survey_with_answers();
		update_option(
			'userfeedback_settings',
			array_merge(
				(array) get_option( 'userfeedback_settings', array() ),
				array(
					'ai_base_url' => 'http://127.0.0.1:' . LoopbackServer::free_port() . '/v1',
					'ai_api_key'  => self::KEY,
					'ai_model'    => self::MODEL,
				)
			)
		);

		$error = self::error( $this->fresh( $id ) );
		$this->assertSame( 502, $error['status'] );
		$this->assertSame( 'userfeedback_ai_unreachable', $error['code'] );
		$this->assertStringStartsWith( 'Could not reach the AI provider: ', $error['message'] );
	}

	public function test_without_a_provider_nothing_is_sent_and_the_admin_is_told_where_to_add_one(): void {
		$this->as_licensed_admin();
		$id = $this->survey_with_answers();
		$expected = array(
			'status'  => 400,
			'code'    => 'userfeedback_ai_not_configured',
			'message' => 'AI summaries are not set up. Add an AI provider (base URL, API key and model) in Settings.',
		);

		// The defaults: nothing configured.
		$this->assertSame( $expected, self::error( $this->fresh( $id ) ) );
		self::configure( null );
		$this->assertSame( $expected, self::error( $this->fresh( $id ) ), 'No base URL.' );
		self::configure( 'ok', self::KEY, null );
		$this->assertSame( $expected, self::error( $this->fresh( $id ) ), 'No model.' );

		$this->assertSame( array(), self::requests() );
		$this->assertSame( 200, $this->preload( $id )->get_status(), 'The stored summary needs no provider.' );
	}

	public function test_without_text_answers_nothing_is_sent_and_the_summary_is_null(): void {
		$this->as_licensed_admin();
		self::configure( 'ok' );
		$id = self::make_survey();
		self::respond(
			$id,
			array(
				self::EMAIL => array( 'someone@example.com', array( 'name' => 'Sam' ) ),
				self::RADIO => array( 'OptionFriend' ),
				self::TEXT  => array( null ),
			),
			'2026-11-20 10:00:00'
		);
		self::respond( $id, array( self::TEXT => array( 'Only in the trash' ) ), '2026-11-20 11:00:00', 'trash' );
		// A summary made before the answers were trashed.
		( new SummaryStore() )->save( \UserFeedback\Plugin::instance()->surveys->find( $id ), 'Old summary', '2026-11-19T10:00:00Z', 1 );

		$response = $this->fresh( $id );

		$this->assertSame( 200, $response->get_status() );
		$expected = array(
			'survey_id'     => $id,
			'summary'       => null,
			'generated_at'  => null,
			'answers_count' => 0,
		);
		$this->assertSame( $expected, self::data( $response ) );
		$this->assertSame( array(), self::requests() );
		$this->assertSame( $expected, self::data( $this->preload( $id ) ), 'Both routes tell the same.' );
	}

	/**
	 * @return array<string,array{string,string|null,bool}>
	 */
	public function tiers(): array {
		return array(
			'lite'                => array( 'lite', null, false ),
			'lite with a type'    => array( 'lite', 'elite', false ),
			'pro without licence' => array( 'pro', null, false ),
			'pro plus'            => array( 'pro', 'plus', false ),
			'pro pro'             => array( 'pro', 'pro', true ),
			'pro elite'           => array( 'pro', 'elite', true ),
		);
	}

	/**
	 * @dataProvider tiers
	 */
	public function test_the_feature_is_for_pro_and_elite_licences_only( string $edition, ?string $type, bool $allowed ): void {
		$this->as_user( 'administrator' );
		$this->set_entitlements( $edition, $type, \UserFeedback\Licensing\Entitlements::ADDONS );
		self::configure( 'ok' );
		$id = $this->survey_with_answers();

		$fresh   = $this->fresh( $id );
		$preload = $this->preload( $id );
		if ( $allowed ) {
			$this->assertSame( 200, $fresh->get_status() );
			$this->assertSame( 200, $preload->get_status() );
			$this->assertCount( 1, self::requests() );
			return;
		}
		foreach ( array( $fresh, $preload ) as $response ) {
			$error = self::error( $response );
			$this->assertSame( 403, $error['status'] );
			$this->assertSame( 'userfeedback_forbidden', $error['code'] );
			$this->assertSame(
				'pro' === $edition && null === $type
					? 'Please enter a valid license key to use AI Summary.'
					: 'AI Summary is available with a Pro or Elite license. Please upgrade to use it.',
				$error['message']
			);
		}
		$this->assertSame( array(), self::requests(), 'Nothing leaves a site without the feature.' );
	}

	public function test_users_who_may_not_view_results_are_refused(): void {
		$this->set_entitlements( 'pro', 'elite' );
		self::configure( 'ok' );
		$id = $this->survey_with_answers();

		foreach ( array( 0 => 401, $this->make_user( 'subscriber' ) => 403, $this->make_user( 'editor' ) => 403 ) as $user => $status ) {
			wp_set_current_user( $user );
			$this->assertSame( $status, $this->fresh( $id )->get_status(), "User #$user, fresh." );
			$this->assertSame( $status, $this->preload( $id )->get_status(), "User #$user, preload." );
		}

		// An editor given the capability through the Access settings may.
		$editor = $this->make_user( 'editor' );
		get_role( 'editor' )->add_cap( 'userfeedback_view_results' );
		wp_set_current_user( $editor );
		$this->assertSame( 200, $this->fresh( $id )->get_status() );
		$this->assertCount( 1, self::requests() );
	}

	public function test_an_unknown_survey_is_404_on_both_routes(): void {
		$this->as_licensed_admin();
		self::configure( 'ok' );
		$id = $this->survey_with_answers();

		foreach ( array( $this->fresh( $id + 100 ), $this->preload( $id + 100 ) ) as $response ) {
			$this->assertSame(
				array(
					'status'  => 404,
					'code'    => 'userfeedback_not_found',
					'message' => sprintf( 'There is no survey with the id %d.', $id + 100 ),
				),
				self::error( $response )
			);
		}
		$this->assertSame( array(), self::requests() );
	}

	public function test_the_preload_answers_the_last_fresh_summary_and_a_failure_keeps_it(): void {
		$this->as_licensed_admin();
		$id = $this->survey_with_answers();

		$this->assertSame(
			array(
				'survey_id'     => $id,
				'summary'       => null,
				'generated_at'  => null,
				'answers_count' => 0,
			),
			self::data( $this->preload( $id ) ),
			'None yet.'
		);

		self::configure( 'ok' );
		$first = self::data( $this->fresh( $id ) );
		$this->assertSame( $first, self::data( $this->preload( $id ) ) );

		// A newer answer and another model: the stored summary is replaced.
		self::respond( $id, array( self::TEXT => array( 'Newer still' ) ), '2026-11-21 09:00:00' );
		self::configure( 'ok', self::KEY, 'other-model' );
		$second = self::data( $this->fresh( $id ) );
		$this->assertStringEndsWith( '(other-model)', $second['summary'] );
		$this->assertSame( 8, $second['answers_count'] );
		$this->assertSame( $second, self::data( $this->preload( $id ) ) );

		// A failure leaves the last good summary in place.
		self::configure( 'http500' );
		$this->assertSame( 502, $this->fresh( $id )->get_status() );
		$this->assertSame( $second, self::data( $this->preload( $id ) ) );

		// Each survey has its own.
		$other = self::make_survey( 'Second survey' );
		$this->assertNull( self::data( $this->preload( $other ) )['summary'] );
	}

	public function test_a_summary_left_by_a_deleted_survey_is_not_shown_for_a_new_survey_with_its_id(): void {
		$this->as_licensed_admin();
		$id = self::make_survey();
		update_option(
			SummaryStore::option( $id ),
			array(
				'summary'           => 'Summary of a deleted survey',
				'generated_at'      => '2020-01-01T00:00:00Z',
				'answers_count'     => 3,
				'survey_created_at' => '2020-01-01 00:00:00',
			),
			false
		);

		$this->assertNull( self::data( $this->preload( $id ) )['summary'] );
	}

	public function test_fresh_summaries_are_rate_limited_per_user(): void {
		add_filter(
			'userfeedback_rate_limits',
			static fn( array $limits ): array => array_merge(
				$limits,
				array(
					'ai_summary' => array(
						'limit'  => 2,
						'window' => 3600,
					),
				)
			)
		);
		$this->as_licensed_admin();
		self::configure( 'ok' );
		$id = $this->survey_with_answers();

		$this->assertSame( 200, $this->fresh( $id )->get_status() );
		$this->assertSame( 200, $this->fresh( $id )->get_status() );
		$refused = $this->fresh( $id );
		$this->assertSame( 429, $refused->get_status() );
		$this->assertSame( 'userfeedback_rate_limited', $refused->get_data()['code'] );
		$this->assertGreaterThanOrEqual( 1, (int) $refused->get_headers()['Retry-After'] );
		$this->assertCount( 2, self::requests(), 'The refused request reaches no provider.' );
		$this->assertSame( 200, $this->preload( $id )->get_status(), 'The stored summary is not limited.' );

		$this->as_user( 'administrator' );
		$this->assertSame( 200, $this->fresh( $id )->get_status(), 'Another user has a limit of their own.' );
	}

	public function test_the_default_limit_is_ten_an_hour_and_a_site_may_change_it(): void {
		$limits = ( new \UserFeedback\Rest\RateLimiter() )->limits();
		$this->assertSame(
			array(
				'limit'  => 10,
				'window' => 3600,
			),
			$limits['ai_summary']
		);
		add_filter( 'userfeedback_rate_limits', static fn( array $limits ): array => array( 'ai_summary' => null ) + $limits );
		$this->assertNull( ( new \UserFeedback\Rest\RateLimiter() )->limits()['ai_summary'] );
	}
}
