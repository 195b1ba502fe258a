<?php
/**
 * The email about a new response: queued by the visitor's submit (never sent there), sent by the
 * WP-Cron event to the right people in the template of the Misc setting, with conditional logic, and
 * retried when the mail transport fails.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Notifications;

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
	 * Sends the queued email of a response (its first attempt).
	 */
	private function deliver( int $response_id ): void {
		self::run_event( self::HOOK, array( $response_id, 1 ) );
	}

	public function test_the_submit_queues_one_event_and_sends_nothing(): void {
		$survey = self::survey_with_email();
		$before = time();

		$id = $this->full_response( $survey );

		$this->assertSame( 0, $this->mail_calls, 'Nothing is sent in the visitor\'s request.' );
		$events = self::events( self::HOOK );
		$this->assertCount( 1, $events );
		$this->assertSame( array( $id, 1 ), $events[0][1] );
		$this->assertGreaterThanOrEqual( $before, $events[0][0] );
		$this->assertLessThanOrEqual( time(), $events[0][0], 'Due at once.' );
	}

	public function test_the_event_sends_to_the_survey_addresses_with_the_subject(): void {
		$survey = self::survey_with_email( array( 'addresses' => 'ann@example.com, not-an-address; bob@example.com, ANN@example.com' ) );
		$id     = $this->full_response( $survey );

		$this->deliver( $id );

		$this->assertCount( 1, $this->mails );
		$this->assertSame( array( 'ann@example.com', 'bob@example.com' ), $this->mails[0]['to'] );
		$this->assertSame( '[Acme & Co] New response to Checkout <survey>', $this->mails[0]['subject'] );
		$this->assertSame( array(), self::events( self::HOOK ), 'Sent once, nothing left queued.' );
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

	public function test_an_inactive_notification_queues_nothing_and_sends_nothing(): void {
		$survey = self::survey_with_email( array( 'active' => false ) );
		$id     = $this->full_response( $survey );

		$this->assertSame( array(), self::events( self::HOOK ) );
		do_action( self::HOOK, $id, 1 );
		$this->assertSame( 0, $this->mail_calls, 'The event checks the survey again.' );
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
		foreach ( array( $yes, $low, $no_red, $skipped ) as $id ) {
			$this->deliver( $id );
		}

		$this->assertSame( 1, $this->mail_calls );
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
		$events = self::events( self::HOOK );
		$this->assertCount( 1, $events );
		$this->assertSame( array( $id, 2 ), $events[0][1] );
		$this->assertGreaterThanOrEqual( $before + 5 * MINUTE_IN_SECONDS, $events[0][0] );
		$this->assertLessThanOrEqual( time() + 5 * MINUTE_IN_SECONDS, $events[0][0] );
		$this->assertSame( 'publish', self::response_row( $id )['status'] );
		$this->assertCount( 6, self::answer_rows( $id ) );

		$this->mail_transport( true );
		self::run_event( self::HOOK, array( $id, 2 ) );

		$this->assertCount( 1, $this->mails );
		$this->assertSame( array( 'ann@example.com', 'bob@example.com' ), $this->mails[0]['to'] );
		$this->assertSame( array(), self::events( self::HOOK ) );
	}

	public function test_retries_back_off_and_give_up_after_the_last_attempt_with_one_log_line(): void {
		$this->mail_transport( false );
		$id   = $this->full_response( self::survey_with_email() );
		$gaps = array();
		$log  = self::logged(
			function () use ( $id, &$gaps ): void {
				for ( $attempt = 1; $attempt <= 4; $attempt++ ) {
					$now = time();
					self::run_event( self::HOOK, array( $id, $attempt ) );
					$next = self::events( self::HOOK );
					if ( $attempt < 4 ) {
						$this->assertSame( array( $id, $attempt + 1 ), $next[0][1] );
						$gaps[] = $next[0][0] - $now;
					} else {
						$this->assertSame( array(), $next, 'No fifth attempt.' );
					}
				}
			}
		);

		$this->assertSame( 4, $this->mail_calls );
		$this->assertEqualsWithDelta( 5 * MINUTE_IN_SECONDS, $gaps[0], 2 );
		$this->assertEqualsWithDelta( 30 * MINUTE_IN_SECONDS, $gaps[1], 2 );
		$this->assertEqualsWithDelta( 2 * HOUR_IN_SECONDS, $gaps[2], 2 );
		$this->assertSame( 1, substr_count( $log, 'UserFeedback' ), $log );
		$this->assertStringContainsString( "response $id after 4 attempts", $log );
		$this->assertSame( 'publish', self::response_row( $id )['status'] );
	}

	public function test_a_response_that_is_gone_sends_nothing(): void {
		do_action( self::HOOK, 999999, 1 );
		$this->assertSame( 0, $this->mail_calls );
		$this->assertSame( array(), self::events( self::HOOK ) );
	}
}
