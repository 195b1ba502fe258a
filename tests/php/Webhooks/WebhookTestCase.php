<?php
/**
 * Helpers of the webhook tests: a receiver of the tests' own (tests/php/fixtures/webhook-receiver.php
 * under `php -S 127.0.0.1:<port>`, one per test class) that records every request, webhooks written
 * through the repository, a queue on a clock the test moves, and a signature check as a receiver
 * would make it (README, Webhooks).
 *
 * The receiver is on a loopback address, which webhooks refuse unless the
 * userfeedback_webhook_allow_private filter allows it: setUp() adds that filter, tests about the
 * refusal remove it.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Webhooks;

use UserFeedback\Database\Schema;
use UserFeedback\Licensing\Entitlements;
use UserFeedback\Licensing\License;
use UserFeedback\Notifications\Email\ResponseEmailRepository;
use UserFeedback\Plugin;
use UserFeedback\Tests\LoggingLoopback;
use UserFeedback\Tests\Responses\ResponsesTestCase;
use UserFeedback\Webhooks\Delivery;
use UserFeedback\Webhooks\Signer;
use UserFeedback\Webhooks\UrlGuard;
use UserFeedback\Webhooks\WebhookQueue;
use UserFeedback\Webhooks\WebhookRepository;

abstract class WebhookTestCase extends ResponsesTestCase {

	use LoggingLoopback;

	protected const SECRET = 'a3f1c0de5e11e7b00c0ffee0ddba11a3f1c0de5e11e7b00c0ffee0ddba11cafe';

	protected static string $receiver = '';

	/** The queue's time; tests move it. */
	protected int $clock = 0;

	/** Whether the queue's entitlements allow webhooks. */
	protected bool $allowed = true;

	public static function setUpBeforeClass(): void {
		parent::setUpBeforeClass();
		self::$receiver = self::start_logging_server( 'hooks', 'webhook-receiver.php', 'UF_HOOK_LOG' );
	}

	public static function tearDownAfterClass(): void {
		self::stop_logging_server();
		parent::tearDownAfterClass();
	}

	protected function setUp(): void {
		parent::setUp();
		self::forget_requests();
		@unlink( self::$log_dir . '/flaky.count' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors
		add_filter( UrlGuard::ALLOW_PRIVATE_FILTER, '__return_true' );
		delete_option( WebhookQueue::CURSOR_OPTION );
		$this->clock   = time() + 120;
		$this->allowed = true;
	}

	/**
	 * A webhook stored as the routes store it, with the known secret.
	 */
	protected static function webhook( string $path = '/ok', int $survey_id = 0, string $format = 'json', bool $active = true ): int {
		return ( new WebhookRepository() )->insert(
			array(
				'survey_id' => $survey_id,
				'url'       => self::$receiver . $path,
				'format'    => $format,
				'active'    => $active,
				'secret'    => self::SECRET,
			),
			gmdate( 'Y-m-d H:i:s' )
		);
	}

	/**
	 * The queue on $this->clock, with the entitlements of $this->allowed.
	 */
	protected function queue(): WebhookQueue {
		$clock        = fn(): int => $this->clock;
		$entitlements = fn(): Entitlements => $this->allowed
			? new Entitlements( 'pro', new License( 'test-key', 'pro' ), array() )
			: new Entitlements( 'lite', new License( '', null ), array() );
		$repository   = new WebhookRepository();
		return new WebhookQueue( $repository, new Delivery( $repository, Plugin::instance()->surveys, new UrlGuard(), $clock ), $entitlements, new ResponseEmailRepository(), $clock );
	}

	/**
	 * A queue run; the first one of a test only sets the cursor (earlier responses are not sent).
	 */
	protected function run_queue(): void {
		$this->queue()->run();
	}

	/**
	 * @return array<int,array<string,mixed>> Every delivery row, oldest first.
	 */
	protected static function deliveries(): array {
		global $wpdb;
		return (array) $wpdb->get_results( $wpdb->prepare( 'SELECT * FROM %i ORDER BY id', Schema::table( 'webhook_deliveries' ) ), ARRAY_A );
	}

	/**
	 * Checks a request's signature as the README tells a receiver to, and answers its decoded body.
	 *
	 * @param array{headers:array<string,string>,body:string} $request A recorded request.
	 * @return array<string,mixed>
	 */
	protected function verified( array $request, string $secret = self::SECRET ): array {
		$timestamp = $request['headers']['x-userfeedback-timestamp'] ?? '';
		$this->assertMatchesRegularExpression( '/^\d{10}$/', $timestamp );
		$expected = 'sha256=' . hash_hmac( 'sha256', $timestamp . '.' . $request['body'], $secret );
		$this->assertTrue( hash_equals( $expected, $request['headers']['x-userfeedback-signature'] ?? '' ), 'The signature verifies.' );
		$this->assertSame( Signer::signature( $secret, (int) $timestamp, $request['body'] ), $expected );
		return json_decode( $request['body'], true );
	}

	/**
	 * A completed response through the visitor's route, with a hidden field stored as its route
	 * stores them; answers its id.
	 */
	protected function completed( int $survey_id, string $text = 'Love the <b>pricing</b> page' ): int {
		$response = $this->submit_answers(
			$survey_id,
			array(
				self::answer( self::Q['radio-button'], 'Yes' ),
				self::answer( self::Q['nps'], 9 ),
				self::answer( self::Q['text'], $text, array( 'comments' => 'More please' ) ),
			)
		);
		$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		return (int) $response->get_data()['id'];
	}
}
