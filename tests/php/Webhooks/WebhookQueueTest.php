<?php
/**
 * The webhook queue against the tests' own receiver: the visitor's submit writes no delivery; a run
 * adds one delivery per matching active webhook per completed response and sends each one signed, with
 * the documented headers and body; a partial response waits until it completes; failures are retried
 * after 1 min, 5 min, 30 min, 2 h and 12 h and given up after the sixth attempt; Retry-After is
 * honoured; a 500 then a 200 ends delivered; two runs never overlap; the feature gate pauses it; the
 * log stays bounded (30 days, 1,000 per webhook); a private address is refused again at delivery time.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Webhooks;

use UserFeedback\Database\Schema;
use UserFeedback\Responses\HiddenFields;
use UserFeedback\Webhooks\Delivery;
use UserFeedback\Webhooks\UrlGuard;
use UserFeedback\Webhooks\WebhookQueue;

final class WebhookQueueTest extends WebhookTestCase {

	public function test_the_submit_adds_no_delivery_and_sends_nothing(): void {
		$this->run_queue();
		self::webhook();
		$this->completed( self::open_survey() );
		$this->assertSame( array(), self::deliveries(), 'Nothing is written for webhooks in the visitor\'s request.' );
		$this->assertSame( array(), self::requests() );
	}

	public function test_the_recurring_event_is_scheduled_every_minute(): void {
		wp_clear_scheduled_hook( WebhookQueue::HOOK );
		$this->queue()->schedule();
		$this->assertArrayHasKey( 'userfeedback_every_minute', wp_get_schedules() );
		$this->assertNotFalse( wp_next_scheduled( WebhookQueue::HOOK ) );
		$this->assertSame( 'userfeedback_every_minute', wp_get_schedule( WebhookQueue::HOOK ) );
	}

	public function test_one_signed_delivery_per_matching_webhook_per_completed_response(): void {
		$survey = self::open_survey( array( 'title' => 'Pricing <survey>' ) );
		$other  = self::open_survey( array( 'title' => 'Other' ) );
		$this->run_queue(); // First run: sets the cursor.
		$all    = self::webhook( '/ok?all' );
		$scoped = self::webhook( '/ok?scoped', $survey );
		self::webhook( '/ok?other', $other );
		self::webhook( '/ok?off', 0, 'json', false );

		$id = $this->completed( $survey );
		HiddenFields::store( $id, $survey, array( 'plan' => 'pro' ) );
		$this->run_queue();

		$rows = self::deliveries();
		$this->assertCount( 2, $rows, 'The every-survey webhook and the survey\'s own; not the other survey\'s, not the inactive one.' );
		$this->assertSame( array( $all, $scoped ), array_map( 'intval', array_column( $rows, 'webhook_id' ) ) );
		$this->assertSame( array( 'delivered', 'delivered' ), array_column( $rows, 'status' ) );
		$requests = self::requests();
		$this->assertSame( array( '/ok?all', '/ok?scoped' ), array_column( $requests, 'uri' ) );

		$request = $requests[0];
		$this->assertSame( 'POST', $request['method'] );
		$this->assertSame( 'response.completed', $request['headers']['x-userfeedback-event'] );
		$this->assertSame( (string) $rows[0]['id'], $request['headers']['x-userfeedback-delivery'] );
		$this->assertSame( (string) $this->clock, $request['headers']['x-userfeedback-timestamp'] );
		$this->assertStringStartsWith( 'application/json', $request['headers']['content-type'] );
		$body = $this->verified( $request );
		$this->assertSame( (int) $rows[0]['id'], $body['id'] );
		$this->assertSame( 'response.completed', $body['event'] );
		$this->assertSame( array( 'id' => $survey, 'title' => 'Pricing <survey>' ), $body['survey'] );
		$this->assertSame( $id, $body['response']['id'] );
		$this->assertSame( 'https://example.com/pricing/?plan=pro', $body['response']['page_url'] );
		$this->assertSame( 'desktop', $body['response']['device'] );
		$this->assertSame( 'completed', $body['response']['status'] );
		$this->assertMatchesRegularExpression( '/^\d{4}-\d\d-\d\dT\d\d:\d\d:\d\dZ$/', $body['response']['submitted_at'] );
		$by_question = array_column( $body['answers'], null, 'question_id' );
		$this->assertSame( 'Question 1?', $by_question[1]['question'] );
		$this->assertSame( 'radio-button', $by_question[1]['type'] );
		$this->assertSame( 'Yes', $by_question[1]['value'] );
		$this->assertSame( 'Love the <b>pricing</b> page', $by_question[7]['value'] );
		$this->assertSame( array( 'comments' => 'More please' ), $by_question[7]['extra'] );
		$this->assertSame( array( 'plan' => 'pro' ), $body['fields'] );

		// Another run sends nothing again.
		$this->clock += 600;
		$this->run_queue();
		$this->assertCount( 2, self::requests() );
		$this->assertCount( 2, self::deliveries() );
	}

	public function test_the_slack_format_sends_a_readable_message(): void {
		$survey = self::open_survey( array( 'title' => 'Checkout' ) );
		$this->run_queue();
		self::webhook( '/ok', 0, 'slack' );
		$this->completed( $survey, 'Fast & <simple>' );
		$this->run_queue();
		$body = $this->verified( self::requests()[0] );
		$this->assertSame( 'New response to Checkout', $body['text'] );
		$texts = implode( "\n", array_map( static fn( array $block ): string => (string) ( $block['text']['text'] ?? '' ), $body['blocks'] ) );
		$this->assertStringContainsString( "*Question 7?*\nFast &amp; &lt;simple&gt;", $texts, 'Slack\'s control characters are escaped.' );
	}

	public function test_a_partial_response_is_sent_once_when_it_completes_not_before(): void {
		$survey = self::open_survey();
		$this->run_queue();
		self::webhook();
		$rid     = '6f1c2a9e-0d3b-4c7a-9e55-2b8f3c1d4e5f';
		$partial = $this->submit( $survey, array( 'response_id' => $rid, 'answers' => array( self::answer( 1, 'Yes' ) ), 'reached' => 1, 'complete' => false ) );
		$this->assertSame( 201, $partial->get_status() );
		$this->run_queue();
		$this->assertSame( array(), self::deliveries(), 'A partial response is not sent.' );

		$done = $this->submit( $survey, array( 'response_id' => $rid, 'answers' => array( self::answer( 1, 'Yes' ), self::answer( 6, 8 ) ), 'reached' => 2, 'complete' => true ) );
		$this->assertSame( 200, $done->get_status() );
		$this->run_queue();
		$this->run_queue();
		$rows = self::deliveries();
		$this->assertCount( 1, $rows );
		$this->assertSame( (int) $partial->get_data()['id'], (int) $rows[0]['response_id'] );
		$this->assertCount( 1, self::requests() );
	}

	public function test_failures_back_off_then_give_up_after_the_last_attempt(): void {
		$survey = self::open_survey();
		$this->run_queue();
		self::webhook( '/fail' );
		$this->completed( $survey );
		$start = $this->clock;
		$this->run_queue();
		$gaps = array();
		$last = $start;
		for ( $attempt = 2; $attempt <= Delivery::MAX_ATTEMPTS; $attempt++ ) {
			$row = self::deliveries()[0];
			$this->assertSame( 'failed', $row['status'] );
			$this->assertSame( 500, (int) $row['last_code'] );
			$this->assertStringContainsString( 'HTTP 500 receiver broke', $row['last_error'] );
			$due = (int) strtotime( $row['next_at'] . ' UTC' );
			// Not a second early.
			$this->clock = $due - 1;
			$this->run_queue();
			$this->assertSame( $attempt - 1, (int) self::deliveries()[0]['attempts'] );
			$this->clock = $due;
			$this->run_queue();
			$this->assertSame( $attempt, (int) self::deliveries()[0]['attempts'] );
			$gaps[] = $due - $last;
			$last   = $due;
		}
		$this->assertSame( array( 60, 300, 1800, 7200, 43200 ), $gaps );
		$row = self::deliveries()[0];
		$this->assertSame( 'gave_up', $row['status'] );
		$this->assertNull( $row['next_at'] );
		$this->clock += DAY_IN_SECONDS;
		$this->run_queue();
		$this->assertCount( Delivery::MAX_ATTEMPTS, self::requests(), 'Six attempts, no more.' );
		$ids = array_unique( array_map( static fn( array $r ): string => $r['headers']['x-userfeedback-delivery'], self::requests() ) );
		$this->assertCount( 1, $ids, 'Every attempt carries the same delivery id.' );
	}

	public function test_a_500_then_a_200_ends_delivered_on_the_second_attempt(): void {
		$survey = self::open_survey();
		$this->run_queue();
		self::webhook( '/flaky' );
		$this->completed( $survey );
		$this->run_queue();
		$this->assertSame( 'failed', self::deliveries()[0]['status'] );
		$this->clock += 60;
		$this->run_queue();
		$row = self::deliveries()[0];
		$this->assertSame( 'delivered', $row['status'] );
		$this->assertSame( 2, (int) $row['attempts'] );
		$this->assertSame( 200, (int) $row['last_code'] );
		$this->assertSame( '', $row['last_error'] );
		$this->assertNotNull( $row['delivered_at'] );
		$requests = self::requests();
		$this->assertCount( 2, $requests );
		$this->assertSame( $this->verified( $requests[0] ), $this->verified( $requests[1] ), 'The same body again, signed afresh.' );
		$this->assertNotSame( $requests[0]['headers']['x-userfeedback-timestamp'], $requests[1]['headers']['x-userfeedback-timestamp'] );
	}

	public function test_a_webhook_switched_off_keeps_its_queue_until_it_is_on_again(): void {
		$survey = self::open_survey();
		$this->run_queue();
		$hook = self::webhook( '/flaky' );
		$this->completed( $survey );
		$this->run_queue();
		$this->assertSame( 'failed', self::deliveries()[0]['status'] );
		( new \UserFeedback\Webhooks\WebhookRepository() )->update( $hook, array( 'active' => false ), gmdate( 'Y-m-d H:i:s' ) );
		$this->clock += HOUR_IN_SECONDS;
		$this->run_queue();
		$this->assertSame( 1, (int) self::deliveries()[0]['attempts'], 'Not sent while off.' );
		( new \UserFeedback\Webhooks\WebhookRepository() )->update( $hook, array( 'active' => true ), gmdate( 'Y-m-d H:i:s' ) );
		$this->run_queue();
		$this->assertSame( 'delivered', self::deliveries()[0]['status'] );
	}

	public function test_retry_after_of_a_429_is_honoured(): void {
		$survey = self::open_survey();
		$this->run_queue();
		self::webhook( '/busy' );
		$this->completed( $survey );
		$this->run_queue();
		$row = self::deliveries()[0];
		$this->assertSame( 'failed', $row['status'] );
		$this->assertSame( 429, (int) $row['last_code'] );
		$this->assertSame( $this->clock + 3600, (int) strtotime( $row['next_at'] . ' UTC' ), 'An hour, not the minute of the schedule.' );
		$this->assertSame( 120, Delivery::retry_after( '120', 0 ) );
		$this->assertSame( Delivery::RETRY_AFTER_MAX, Delivery::retry_after( '99999999', 0 ) );
		$this->assertSame( 0, Delivery::retry_after( 'soon', 0 ) );
	}

	public function test_a_redirect_is_not_followed(): void {
		$survey = self::open_survey();
		$this->run_queue();
		self::webhook( '/redirect' );
		$this->completed( $survey );
		$this->run_queue();
		$row = self::deliveries()[0];
		$this->assertSame( 'failed', $row['status'] );
		$this->assertSame( 301, (int) $row['last_code'] );
		$this->assertSame( array( '/redirect' ), array_column( self::requests(), 'uri' ) );
	}

	public function test_a_private_address_is_refused_again_at_delivery_time(): void {
		$survey = self::open_survey();
		$this->run_queue();
		self::webhook();
		$this->completed( $survey );
		remove_filter( UrlGuard::ALLOW_PRIVATE_FILTER, '__return_true' );
		$this->run_queue();
		$row = self::deliveries()[0];
		$this->assertSame( 'failed', $row['status'] );
		$this->assertSame( 0, (int) $row['last_code'] );
		$this->assertStringContainsString( 'private or reserved address', $row['last_error'] );
		$this->assertSame( array(), self::requests(), 'Nothing left the site.' );
	}

	public function test_a_held_lock_blocks_a_run_and_a_stale_one_is_taken_over(): void {
		global $wpdb;
		$survey = self::open_survey();
		$this->run_queue();
		self::webhook();
		$this->completed( $survey );
		$wpdb->insert(
			$wpdb->options,
			array(
				'option_name'  => WebhookQueue::LOCK_OPTION,
				'option_value' => (string) ( $this->clock - 60 ),
				'autoload'     => 'off',
			)
		);
		$this->run_queue();
		$this->assertSame( array(), self::deliveries(), 'Another run holds the lock.' );
		$this->clock += WebhookQueue::LOCK_STALE;
		$this->run_queue();
		$this->assertSame( 'delivered', self::deliveries()[0]['status'], 'A stale lock is taken over.' );
		$this->assertNull( $wpdb->get_var( $wpdb->prepare( 'SELECT option_value FROM %i WHERE option_name = %s', $wpdb->options, WebhookQueue::LOCK_OPTION ) ), 'Released.' );
	}

	public function test_a_run_started_during_another_sends_nothing_twice(): void {
		$survey = self::open_survey();
		$this->run_queue();
		self::webhook();
		$this->completed( $survey );
		$this->completed( $survey );
		$nested  = 0;
		$overlap = function ( $pre ) use ( &$nested ) {
			if ( 0 === $nested++ ) {
				$this->run_queue();
			}
			return $pre;
		};
		add_filter( 'pre_http_request', $overlap );
		$this->run_queue();
		$this->assertSame( 2, $nested );
		$this->assertCount( 2, self::requests(), 'Each response once.' );
		$this->assertSame( array( 'delivered', 'delivered' ), array_column( self::deliveries(), 'status' ) );
	}

	public function test_without_the_feature_nothing_is_sent_and_the_log_says_why(): void {
		$survey = self::open_survey();
		$this->run_queue();
		self::webhook( '/fail' );
		$this->completed( $survey );
		$this->run_queue();
		$this->assertSame( 'failed', self::deliveries()[0]['status'] );

		$this->allowed = false;
		$this->clock  += HOUR_IN_SECONDS;
		$this->completed( $survey );
		$this->clock += 120;
		$this->run_queue();
		$rows = self::deliveries();
		$this->assertCount( 1, $rows, 'No delivery is added while the feature is locked.' );
		$this->assertSame( 1, (int) $rows[0]['attempts'], 'And none is sent.' );
		$this->assertStringStartsWith( 'Paused: Webhooks is a Pro feature', $rows[0]['last_error'] );
		$this->assertCount( 1, self::requests() );

		$this->allowed = true;
		$this->run_queue();
		$this->assertSame( 2, (int) self::deliveries()[0]['attempts'], 'Sent again once allowed.' );
	}

	public function test_the_log_keeps_30_days(): void {
		global $wpdb;
		$this->run_queue();
		$hook  = self::webhook();
		$table = Schema::table( 'webhook_deliveries' );
		foreach ( array( 31, 29 ) as $days ) {
			$wpdb->insert(
				$table,
				array(
					'webhook_id' => $hook,
					'event'      => 'test',
					'status'     => 'delivered',
					'created_at' => gmdate( 'Y-m-d H:i:s', $this->clock - $days * DAY_IN_SECONDS ),
				)
			);
		}
		$this->run_queue();
		$this->assertCount( 1, self::deliveries() );
		$this->assertStringStartsWith( gmdate( 'Y-m-d', $this->clock - 29 * DAY_IN_SECONDS ), self::deliveries()[0]['created_at'] );
	}

	public function test_the_log_keeps_the_latest_1000_per_webhook(): void {
		global $wpdb;
		$this->run_queue();
		$hook  = self::webhook();
		$other = self::webhook( '/ok?other' );
		$table = Schema::table( 'webhook_deliveries' );
		$at    = gmdate( 'Y-m-d H:i:s', $this->clock - HOUR_IN_SECONDS );
		$rows  = array();
		for ( $i = 0; $i < WebhookQueue::KEEP_PER_WEBHOOK + 2; $i++ ) {
			$rows[] = $wpdb->prepare( "(%d, 'test', 'delivered', %s)", $hook, $at );
		}
		$rows[] = $wpdb->prepare( "(%d, 'test', 'delivered', %s)", $other, $at );
		$wpdb->query( $wpdb->prepare( 'INSERT INTO %i (webhook_id, event, status, created_at) VALUES ', $table ) . implode( ', ', $rows ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- each row prepared above.
		$first = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT MIN(id) FROM %i', $table ) );

		$this->run_queue();
		$this->assertSame( WebhookQueue::KEEP_PER_WEBHOOK, (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE webhook_id = %d', $table, $hook ) ) );
		$this->assertSame( $first + 2, (int) $wpdb->get_var( $wpdb->prepare( 'SELECT MIN(id) FROM %i WHERE webhook_id = %d', $table, $hook ) ), 'The two oldest went.' );
		$this->assertSame( 1, (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE webhook_id = %d', $table, $other ) ) );
	}
}
