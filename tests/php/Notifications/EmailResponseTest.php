<?php
/**
 * The email about a new response: the visitor's submit writes nothing for it (no WP-Cron event, no
 * option) and sends nothing; the recurring WP-Cron event takes the responses after its cursor and
 * sends to the right people in the template of the Misc setting, with conditional logic, retries when
 * the mail transport fails, never overlaps itself, and respects its batch size.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Notifications;

use UserFeedback\Database\Schema;
use UserFeedback\Notifications\Email\ResponseEmailQueue;
use UserFeedback\Tests\Responses\ResponsesTestCase;

final class EmailResponseTest extends ResponsesTestCase {

	use CapturesMail;

	private const HOOK = ResponseEmailQueue::HOOK;

	protected function setUp(): void {
		parent::setUp();
		$this->mail_transport( true );
		update_option( 'blogname', 'Acme & Co' );
		update_option( 'admin_email', 'owner@example.com' );
		// The first run only sets the cursor to the newest response: earlier tests' responses stay out.
		delete_option( ResponseEmailQueue::CURSOR_OPTION );
		delete_option( ResponseEmailQueue::RETRIES_OPTION );
		self::run_recurring( self::HOOK );
		$this->assertSame( 0, $this->mail_calls );
	}

	/**
	 * A published survey of every question type with its email notification.
	 *
	 * @param array<string,mixed> $email notifications.email over active, the addresses and no logic.
	 */
	private static function survey_with_email( array $email = array(), string $title = 'Checkout <survey>' ): int {
		return self::open_survey(
			array(
				'title'         => $title,
				'notifications' => array(
					'email' => array_merge(
						array(
							'active'    => true,
							'addresses' => 'ann@example.com, bob@example.com',
							'logic'     => array(
								'enable'     => false,
								'action'     => 'send',
								'conditions' => array(),
							),
						),
						$email
					),
				),
			)
		);
	}

	/**
	 * Submits through the real route and answers the new response's id.
	 *
	 * @param array<int,array<string,mixed>> $answers Answers.
	 */
	private function respond( int $survey_id, array $answers ): int {
		$response = $this->submit_answers( $survey_id, $answers );
		$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		return (int) $response->get_data()['id'];
	}

	private function full_response( int $survey_id, string $text = '<script>alert("x")</script> & <b>bold</b>' ): int {
		return $this->respond(
			$survey_id,
			array(
				self::answer( 1, null ),
				self::answer( 2, array( 'Red', 'Blue' ) ),
				self::answer( 6, 9 ),
				self::answer( 7, $text, array( 'comments' => 'More <i>please</i>' ) ),
				self::answer( 8, "Line one\nLine two" ),
				self::answer( 9, 'carol@example.com', array( 'name' => 'Carol' ) ),
			)
		);
	}

	/**
	 * Runs the recurring event as WP-Cron does, once the responses are old enough for it (SETTLE).
	 */
	private function run_queue(): void {
		self::settle();
		self::run_recurring( self::HOOK );
	}

	/**
	 * Moves every stored response back past the queue's SETTLE delay.
	 */
	private static function settle(): void {
		global $wpdb;
		// Only the responses still within the delay: the completion times of those handled stay behind the cursor.
		$settled = gmdate( 'Y-m-d H:i:s', time() - ResponseEmailQueue::SETTLE - 60 );
		$wpdb->query( $wpdb->prepare( 'UPDATE %i SET submitted_at = %s WHERE submitted_at > %s', Schema::table( 'responses' ), $settled, $settled ) );
	}

	/**
	 * Sends the email of a response: it must be the next one the queue takes.
	 */
	private function deliver( int $response_id ): void {
		$this->assertGreaterThan( self::cursor(), $response_id );
		$this->run_queue();
		$this->assertSame( $response_id, self::cursor(), 'The cursor moved past it.' );
	}

	/**
	 * The id of the last response the queue handled.
	 */
	private static function cursor(): int {
		$cursor = get_option( ResponseEmailQueue::CURSOR_OPTION );
		return (int) ( is_array( $cursor ) ? $cursor['id'] : $cursor );
	}

	/**
	 * Makes every retry due now.
	 */
	private static function retries_due(): void {
		$retries = ResponseEmailQueue::retries();
		foreach ( $retries as $id => $retry ) {
			$retries[ $id ]['next_at'] = time() - 1;
		}
		update_option( ResponseEmailQueue::RETRIES_OPTION, $retries, false );
	}

	public function test_the_submit_writes_no_event_and_no_option_and_sends_nothing(): void {
		global $wpdb;
		$survey  = self::survey_with_email();
		$cron    = _get_cron_array();
		$queries = array();
		$record  = static function ( string $sql ) use ( &$queries ): string {
			$queries[] = $sql;
			return $sql;
		};
		add_filter( 'query', $record );
		try {
			$id = $this->full_response( $survey );
		} finally {
			remove_filter( 'query', $record );
		}

		$this->assertSame( 0, $this->mail_calls, 'Nothing is sent in the visitor\'s request.' );
		$this->assertSame( $cron, _get_cron_array(), 'No WP-Cron event: the cron option is not rewritten.' );
		$writes = array_filter(
			$queries,
			static fn( string $sql ): bool => 1 === preg_match( '/^\s*(INSERT|UPDATE|REPLACE|DELETE)\b/i', $sql ) && str_contains( $sql, $wpdb->options ) && ( str_contains( $sql, "'cron'" ) || str_contains( $sql, 'userfeedback_email' ) )
		);
		$this->assertSame( array(), array_values( $writes ), 'No write to the cron option nor to the queue\'s options.' );
		$this->assertNotSame( array(), $queries, 'The recorder saw the submit.' );
		$this->assertLessThan( $id, self::cursor(), 'The response waits for the event.' );
		$this->assertNotFalse( wp_next_scheduled( self::HOOK ) );
		$this->assertSame( ResponseEmailQueue::SCHEDULE, wp_get_schedule( self::HOOK ) );
		$this->assertSame( MINUTE_IN_SECONDS, wp_get_schedules()[ ResponseEmailQueue::SCHEDULE ]['interval'] );
	}

	public function test_the_recurring_event_is_scheduled_on_init_when_missing(): void {
		wp_unschedule_hook( self::HOOK );
		$this->assertFalse( wp_next_scheduled( self::HOOK ) );
		$queue = new ResponseEmailQueue( \UserFeedback\Plugin::instance()->surveys, new \UserFeedback\Settings\SettingsRepository(), static fn() => null );
		$queue->schedule();
		$first = wp_next_scheduled( self::HOOK );
		$this->assertNotFalse( $first );
		$this->assertLessThanOrEqual( time(), $first );
		$queue->schedule();
		$this->assertCount( 1, self::events( self::HOOK ), 'Scheduled once.' );
		$on_init = array_filter(
			array_merge( ...array_values( $GLOBALS['wp_filter']['init']->callbacks ) ),
			static fn( array $hooked ): bool => is_array( $hooked['function'] ) && $hooked['function'][0] instanceof ResponseEmailQueue && 'schedule' === $hooked['function'][1]
		);
		$this->assertCount( 1, $on_init, 'The plugin schedules it on init.' );
	}

	public function test_a_response_younger_than_the_settle_delay_waits_for_the_next_run(): void {
		$id = $this->full_response( self::survey_with_email() );

		self::run_recurring( self::HOOK );
		$this->assertSame( 0, $this->mail_calls, 'Its id may show before an older one is committed.' );
		$this->assertLessThan( $id, self::cursor() );

		$this->run_queue();
		$this->assertSame( 1, $this->mail_calls );
		$this->assertSame( $id, self::cursor() );
	}

	public function test_the_event_sends_to_the_survey_addresses_with_the_subject(): void {
		$survey = self::survey_with_email( array( 'addresses' => 'ann@example.com, not-an-address; bob@example.com, ANN@example.com' ) );
		$id     = $this->full_response( $survey );

		$this->deliver( $id );

		$this->assertCount( 1, $this->mails );
		$this->assertSame( array( 'ann@example.com', 'bob@example.com' ), $this->mails[0]['to'] );
		$this->assertSame( '[Acme & Co] New response to Checkout <survey>', $this->mails[0]['subject'] );
		$this->run_queue();
		$this->assertSame( 1, $this->mail_calls, 'Sent once, nothing left queued.' );
		$this->assertSame( array(), ResponseEmailQueue::retries() );
	}

	public function test_empty_addresses_go_to_the_site_administrator(): void {
		$survey = self::survey_with_email( array( 'addresses' => '' ) );

		$this->deliver( $this->full_response( $survey ) );

		$this->assertCount( 1, $this->mails );
		$this->assertSame( array( 'owner@example.com' ), $this->mails[0]['to'] );
	}

	public function test_html_template_escapes_every_answer_and_shows_the_header_image(): void {
		self::settings(
			array(
				'summaries_html_template'    => true,
				'notifications_header_image' => 'https://cdn.example.com/logo.png?a=1&b=2',
			)
		);
		$survey = self::survey_with_email();
		$id     = $this->full_response( $survey );

		$this->deliver( $id );

		$mail = $this->mails[0];
		$body = $mail['message'];
		$this->assertStringContainsString( 'Content-Type: text/html; charset=UTF-8', self::headers_of( $mail ) );
		$this->assertStringNotContainsString( '<script', $body );
		$this->assertStringNotContainsString( '<b>bold', $body );
		$this->assertStringContainsString( '&lt;script&gt;alert(&quot;x&quot;)&lt;/script&gt; &amp; &lt;b&gt;bold&lt;/b&gt;', $body );
		$this->assertStringContainsString( 'Comments: More &lt;i&gt;please&lt;/i&gt;', $body );
		$this->assertStringContainsString( 'New response to Checkout &lt;survey&gt;', $body );
		$this->assertStringContainsString( '<strong>Question 1?</strong><br>Skipped', $body );
		$this->assertStringContainsString( '<strong>Question 2?</strong><br>Red, Blue', $body );
		$this->assertStringContainsString( '<strong>Question 6?</strong><br>9', $body );
		$this->assertStringContainsString( 'Line one<br>' . "\n" . 'Line two', $body );
		$this->assertStringContainsString( 'carol@example.com<br>Name: Carol', $body );
		$this->assertStringNotContainsString( 'Question 3?', $body, 'Questions without an answer row are left out.' );
		$this->assertStringContainsString( '<a href="https://example.com/pricing/?plan=pro">Pricing</a>', $body );
		$this->assertStringContainsString( '<img src="https://cdn.example.com/logo.png?a=1&#038;b=2"', $body );
		$this->assertStringContainsString( 'href="' . esc_url( admin_url( "admin.php?page=userfeedback_results#/survey/$survey/responses/$id" ) ) . '"', $body );
		$this->assertStringContainsString( 'Acme &amp; Co', $body );
	}

	public function test_a_header_image_that_is_not_an_http_url_is_left_out(): void {
		self::settings(
			array(
				'summaries_html_template'    => true,
				'notifications_header_image' => 'javascript:alert(1)//x.png',
			)
		);

		$this->deliver( $this->full_response( self::survey_with_email() ) );

		$this->assertStringNotContainsString( '<img', $this->mails[0]['message'] );
		$this->assertStringNotContainsString( 'javascript', $this->mails[0]['message'] );
	}

	public function test_plain_template_strips_tags_and_has_no_html_header(): void {
		self::settings(
			array(
				'summaries_html_template'    => false,
				'notifications_header_image' => 'https://cdn.example.com/logo.png',
			)
		);
		$survey = self::survey_with_email();
		$id     = $this->full_response( $survey, 'Fast <b>site</b> & "clean"' );

		$this->deliver( $id );

		$mail = $this->mails[0];
		$body = $mail['message'];
		$this->assertStringNotContainsString( 'text/html', self::headers_of( $mail ) );
		$this->assertStringNotContainsString( '<', str_replace( '<https://example.com/pricing/?plan=pro>', '', $body ), 'No markup in plain text.' );
		$this->assertStringNotContainsString( 'logo.png', $body );
		$this->assertStringContainsString( "Question 7?\n  Fast site & \"clean\"\n  Comments: More please\n", $body );
		$this->assertStringContainsString( "Question 1?\n  Skipped\n", $body );
		$this->assertStringContainsString( "Question 8?\n  Line one\n  Line two\n", $body );
		$this->assertStringContainsString( "  carol@example.com\n  Name: Carol\n", $body );
		$this->assertStringContainsString( 'Pricing <https://example.com/pricing/?plan=pro>', $body );
		$this->assertStringContainsString( admin_url( "admin.php?page=userfeedback_results#/survey/$survey/responses/$id" ), $body );
		$this->assertStringContainsString( 'New response to Checkout', $body );
	}

	public function test_an_inactive_notification_sends_nothing(): void {
		$survey = self::survey_with_email( array( 'active' => false ) );
		$id     = $this->full_response( $survey );

		$this->deliver( $id );
		$this->assertSame( 0, $this->mail_calls, 'The event checks the survey.' );
		$this->assertSame( array(), ResponseEmailQueue::retries() );
	}

	public function test_a_notification_turned_off_after_the_submit_sends_nothing(): void {
		$survey = self::survey_with_email();
		$id     = $this->full_response( $survey );
		$stored = \UserFeedback\Plugin::instance()->surveys->find( $survey );
		$stored['notifications']['email']['active'] = false;
		\UserFeedback\Plugin::instance()->surveys->update( $survey, $stored );

		$this->deliver( $id );

		$this->assertSame( 0, $this->mail_calls );
	}

	/**
	 * @return array<string,mixed> Logic: send when the NPS answer (question 6) is greater than 8.
	 */
	private static function promoters_only(): array {
		return array(
			'logic' => array(
				'enable'     => true,
				'action'     => 'send',
				'conditions' => array(
					array(
						'question_id' => 6,
						'compare'     => 'greater_than',
						'value'       => '8',
					),
					array(
						'question_id' => 2,
						'compare'     => 'in',
						'value'       => 'Red',
					),
				),
			),
		);
	}

	public function test_conditional_logic_sends_only_when_every_condition_holds(): void {
		$this->set_entitlements( 'pro', 'pro' );
		$survey = self::survey_with_email( self::promoters_only() );

		$yes     = $this->respond( $survey, array( self::answer( 6, 9 ), self::answer( 2, array( 'Blue', 'Red' ) ) ) );
		$low     = $this->respond( $survey, array( self::answer( 6, 8 ), self::answer( 2, array( 'Red' ) ) ) );
		$no_red  = $this->respond( $survey, array( self::answer( 6, 10 ), self::answer( 2, array( 'Green' ) ) ) );
		$skipped = $this->respond( $survey, array( self::answer( 6, 10 ), self::answer( 2, null ) ) );
		$this->deliver( $skipped );

		$this->assertSame( 1, $this->mail_calls, 'One run took all four.' );
		$this->assertStringContainsString( "Response #$yes ", $this->mails[0]['message'] );
	}

	public function test_conditional_logic_is_ignored_without_the_email_logic_feature(): void {
		$this->set_entitlements( 'pro', 'plus' );
		$survey = self::survey_with_email( self::promoters_only() );

		$this->deliver( $this->respond( $survey, array( self::answer( 6, 2 ), self::answer( 2, array( 'Green' ) ) ) ) );

		$this->assertSame( 1, $this->mail_calls, 'Plus has no email_logic: the email goes out.' );
	}

	public function test_a_failing_transport_retries_later_and_keeps_the_response(): void {
		$this->mail_transport( false );
		$survey = self::survey_with_email();
		$id     = $this->full_response( $survey );
		$before = time();

		$this->deliver( $id );

		$this->assertSame( 1, $this->mail_calls );
		$retries = ResponseEmailQueue::retries();
		$this->assertSame( array( $id ), array_keys( $retries ) );
		$this->assertSame( 2, $retries[ $id ]['attempt'] );
		$this->assertGreaterThanOrEqual( $before + 5 * MINUTE_IN_SECONDS, $retries[ $id ]['next_at'] );
		$this->assertLessThanOrEqual( time() + 5 * MINUTE_IN_SECONDS, $retries[ $id ]['next_at'] );
		$this->assertSame( 'publish', self::response_row( $id )['status'] );
		$this->assertCount( 6, self::answer_rows( $id ) );

		$this->mail_transport( true );
		$this->run_queue();
		$this->assertSame( 1, $this->mail_calls, 'Not due yet: not tried again.' );

		self::retries_due();
		$this->run_queue();

		$this->assertCount( 1, $this->mails );
		$this->assertSame( array( 'ann@example.com', 'bob@example.com' ), $this->mails[0]['to'] );
		$this->assertSame( array(), ResponseEmailQueue::retries() );
		$this->assertFalse( get_option( ResponseEmailQueue::RETRIES_OPTION ) );
		$this->run_queue();
		$this->assertCount( 1, $this->mails, 'Sent once.' );
	}

	public function test_retries_back_off_and_give_up_after_the_last_attempt_with_one_log_line(): void {
		$this->mail_transport( false );
		$id   = $this->full_response( self::survey_with_email() );
		$gaps = array();
		$log  = self::logged(
			function () use ( $id, &$gaps ): void {
				for ( $attempt = 1; $attempt <= 4; $attempt++ ) {
					$now = time();
					if ( 1 === $attempt ) {
						$this->deliver( $id );
					} else {
						self::retries_due();
						$this->run_queue();
					}
					$this->assertSame( $attempt, $this->mail_calls );
					$retries = ResponseEmailQueue::retries();
					if ( $attempt < 4 ) {
						$this->assertSame( $attempt + 1, $retries[ $id ]['attempt'] );
						$gaps[] = $retries[ $id ]['next_at'] - $now;
					} else {
						$this->assertSame( array(), $retries, 'No fifth attempt.' );
					}
				}
			}
		);

		$this->run_queue();
		$this->assertSame( 4, $this->mail_calls );
		$this->assertEqualsWithDelta( 5 * MINUTE_IN_SECONDS, $gaps[0], 2 );
		$this->assertEqualsWithDelta( 30 * MINUTE_IN_SECONDS, $gaps[1], 2 );
		$this->assertEqualsWithDelta( 2 * HOUR_IN_SECONDS, $gaps[2], 2 );
		$this->assertSame( 1, substr_count( $log, 'UserFeedback' ), $log );
		$this->assertStringContainsString( "response $id after 4 attempts", $log );
		$this->assertSame( 'publish', self::response_row( $id )['status'] );
	}

	public function test_a_retry_of_a_response_that_is_gone_sends_nothing_and_is_dropped(): void {
		update_option( ResponseEmailQueue::RETRIES_OPTION, array( 999999 => array( 'attempt' => 2, 'next_at' => time() - 1 ) ), false );
		$this->run_queue();
		$this->assertSame( 0, $this->mail_calls );
		$this->assertSame( array(), ResponseEmailQueue::retries() );
	}

	public function test_the_first_run_starts_after_the_newest_response(): void {
		$survey = self::survey_with_email();
		$this->full_response( $survey );
		$old = $this->full_response( $survey );
		delete_option( ResponseEmailQueue::CURSOR_OPTION );

		$this->run_queue();

		$this->assertSame( 0, $this->mail_calls, 'Responses from before the first run are not emailed.' );
		$this->assertSame( $old, self::cursor() );
		$new = $this->full_response( $survey );
		$this->run_queue();
		$this->assertSame( 1, $this->mail_calls );
		$this->assertStringContainsString( "Response #$new ", $this->mails[0]['message'] );
	}

	public function test_a_run_while_another_holds_the_lock_sends_nothing_twice(): void {
		$survey = self::survey_with_email();
		$first  = $this->full_response( $survey );
		$second = $this->full_response( $survey );
		self::settle();
		$nested = 0;
		$overlap = function ( $short_circuit ) use ( &$nested ) {
			// A second run starting while the first is sending its first email (once: a broken lock
			// would otherwise recurse without end).
			if ( 0 === $nested++ ) {
				do_action( self::HOOK );
			}
			return $short_circuit;
		};
		add_filter( 'pre_wp_mail', $overlap, 10 );
		try {
			self::run_recurring( self::HOOK );
		} finally {
			remove_filter( 'pre_wp_mail', $overlap, 10 );
		}

		$this->assertSame( 2, $nested, 'Both emails went through the overlap filter.' );
		$this->assertSame( 2, $this->mail_calls, 'Each response once: the overlapping runs did nothing.' );
		$this->assertStringContainsString( "Response #$first ", $this->mails[0]['message'] );
		$this->assertStringContainsString( "Response #$second ", $this->mails[1]['message'] );
		$this->assertFalse( get_option( ResponseEmailQueue::LOCK_OPTION ), 'Released.' );
	}

	public function test_a_held_lock_blocks_a_run_and_a_stale_one_is_taken_over(): void {
		global $wpdb;
		$id = $this->full_response( self::survey_with_email() );
		$wpdb->insert(
			$wpdb->options,
			array(
				'option_name'  => ResponseEmailQueue::LOCK_OPTION,
				'option_value' => (string) ( time() - 60 ),
				'autoload'     => 'off',
			)
		);

		$this->run_queue();
		$this->assertSame( 0, $this->mail_calls, 'Another run holds the lock.' );
		$this->assertLessThan( $id, self::cursor() );

		$wpdb->update( $wpdb->options, array( 'option_value' => (string) ( time() - ResponseEmailQueue::LOCK_STALE - 1 ) ), array( 'option_name' => ResponseEmailQueue::LOCK_OPTION ) );
		$this->run_queue();
		$this->assertSame( 1, $this->mail_calls, 'A stale lock is taken over.' );
		$this->assertSame( $id, self::cursor() );
		$this->assertNull( $wpdb->get_var( $wpdb->prepare( 'SELECT option_value FROM %i WHERE option_name = %s', $wpdb->options, ResponseEmailQueue::LOCK_OPTION ) ) );
	}

	public function test_a_run_takes_one_batch_in_id_order_and_the_next_run_the_rest(): void {
		global $wpdb;
		$survey = self::survey_with_email();
		$ids    = array();
		for ( $i = 0; $i < ResponseEmailQueue::BATCH + 2; $i++ ) {
			$wpdb->insert(
				Schema::table( 'responses' ),
				array(
					'survey_id'    => $survey,
					'status'       => 'publish',
					'submitted_at' => gmdate( 'Y-m-d H:i:s' ),
				)
			);
			$ids[] = (int) $wpdb->insert_id;
		}

		$this->run_queue();

		$this->assertSame( ResponseEmailQueue::BATCH, $this->mail_calls );
		$this->assertSame( $ids[ ResponseEmailQueue::BATCH - 1 ], self::cursor() );
		$this->assertStringContainsString( "Response #{$ids[0]} ", $this->mails[0]['message'] );
		$this->run_queue();
		$this->assertSame( ResponseEmailQueue::BATCH + 2, $this->mail_calls );
		$this->assertStringContainsString( "Response #{$ids[ ResponseEmailQueue::BATCH + 1 ]} ", $this->mails[ ResponseEmailQueue::BATCH + 1 ]['message'] );
		$this->assertSame( end( $ids ), self::cursor() );
	}

	public function test_a_trashed_response_sends_nothing(): void {
		global $wpdb;
		$id = $this->full_response( self::survey_with_email() );
		$wpdb->update( Schema::table( 'responses' ), array( 'status' => 'trash' ), array( 'id' => $id ) );
		$this->run_queue();
		$this->assertSame( 0, $this->mail_calls );
		$this->assertLessThan( $id, self::cursor(), 'The queue takes completed responses only.' );
	}

	public function test_a_partial_response_is_emailed_once_when_it_completes_not_before(): void {
		$survey  = self::survey_with_email();
		$rid     = '6f1c2a9e-0d3b-4c7a-9e55-2b8f3c1d4e5f';
		$partial = $this->submit( $survey, array( 'response_id' => $rid, 'answers' => array( self::answer( 1, 'Yes' ) ), 'reached' => 1, 'complete' => false ) );
		$this->assertSame( 201, $partial->get_status() );
		$later = $this->full_response( $survey );
		$this->run_queue();
		$this->assertSame( 1, $this->mail_calls, 'The completed one is sent; the partial one before it does not hold the queue.' );
		$this->assertStringContainsString( "Response #$later ", $this->mails[0]['message'] );

		$done = $this->submit( $survey, array( 'response_id' => $rid, 'answers' => array( self::answer( 1, 'Yes' ), self::answer( 6, 8 ) ), 'reached' => 2, 'complete' => true ) );
		$this->assertSame( 200, $done->get_status() );
		// Completed after the one sent (run_queue() would put both in the same second), and settled.
		global $wpdb;
		$wpdb->update( Schema::table( 'responses' ), array( 'submitted_at' => gmdate( 'Y-m-d H:i:s', time() - ResponseEmailQueue::SETTLE - 30 ) ), array( 'id' => $partial->get_data()['id'] ) );
		self::run_recurring( self::HOOK );
		$this->assertSame( 2, $this->mail_calls, 'Sent when it completed, although its id is older than the last one sent.' );
		$this->assertStringContainsString( 'Response #' . $partial->get_data()['id'] . ' ', $this->mails[1]['message'] );
		// A replayed completion and later runs send nothing again.
		$this->submit( $survey, array( 'response_id' => $rid, 'answers' => array( self::answer( 1, 'Yes' ), self::answer( 6, 8 ) ), 'reached' => 2, 'complete' => true ) );
		$this->run_queue();
		$this->run_queue();
		$this->assertSame( 2, $this->mail_calls );
	}

	public function test_a_cursor_of_an_older_version_goes_on_after_that_response(): void {
		$survey = self::survey_with_email();
		$old    = $this->full_response( $survey );
		$this->run_queue();
		$sent = $this->mail_calls;
		update_option( ResponseEmailQueue::CURSOR_OPTION, $old, false );
		$new = $this->full_response( $survey );
		$this->run_queue();
		$this->assertSame( $sent + 1, $this->mail_calls );
		$this->assertStringContainsString( "Response #$new ", end( $this->mails )['message'] );
		$this->assertSame( $new, self::cursor() );
	}
}
