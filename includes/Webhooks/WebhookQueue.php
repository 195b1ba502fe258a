<?php
/**
 * Webhook deliveries, sent from WP-Cron and never in the visitor's request, as the response email is
 * (Notifications\Email\ResponseEmailQueue, whose cursor reader and lock this reuses): the responses
 * table is where new work is found. A recurring event, every minute:
 *
 * 1. takes the completed responses after its cursor (completion time, id) and adds one pending
 *    delivery per active webhook of the response's survey or of every survey (a partial response is
 *    passed over until it completes; it comes at its completion time);
 * 2. makes an attempt of each delivery whose time has come (Delivery: retries with a growing delay,
 *    given up after the last), a batch at a time and within a time budget;
 * 3. keeps the log bounded (30 days, the latest 1,000 per webhook).
 *
 * A lock keeps two runs from overlapping. While the webhooks feature is locked (licence), nothing is
 * added or sent: the pending deliveries wait, with the reason in their log line, and the responses
 * completed meanwhile are not sent.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Webhooks;

use UserFeedback\Notifications\Email\ResponseEmailQueue;
use UserFeedback\Notifications\Email\ResponseEmailRepository;
use UserFeedback\Responses\FeatureGate;

defined( 'ABSPATH' ) || exit;

final class WebhookQueue {

	public const HOOK = 'userfeedback_send_webhooks';

	/** Non-autoloaded option: { at, id } of the last response handled. */
	public const CURSOR_OPTION = 'userfeedback_webhook_cursor';

	public const LOCK_OPTION = 'userfeedback_webhook_lock';

	public const LOCK_STALE = 5 * MINUTE_IN_SECONDS;

	/** New responses taken per run, at most. */
	public const BATCH = 100;

	/** Attempts per run, at most (each may take Delivery::TIMEOUT seconds). */
	public const SEND_BATCH = 20;

	/** A run starts no new attempt after this many seconds. */
	public const BUDGET = 2 * MINUTE_IN_SECONDS;

	/** Deliveries older than this leave the log. */
	public const KEEP_DAYS = 30;

	/** Deliveries kept per webhook, at most. */
	public const KEEP_PER_WEBHOOK = 1000;

	/**
	 * @param \Closure():\UserFeedback\Licensing\Entitlements $entitlements The site's entitlements.
	 * @param \Closure():int|null                            $clock        The time; tests move it.
	 */
	public function __construct(
		private readonly WebhookRepository $webhooks,
		private readonly Delivery $delivery,
		private readonly \Closure $entitlements,
		private readonly ResponseEmailRepository $responses = new ResponseEmailRepository(),
		private readonly ?\Closure $clock = null,
	) {}

	public function register(): void {
		add_filter( 'cron_schedules', array( ResponseEmailQueue::class, 'every_minute' ) ); // phpcs:ignore WordPress.WP.CronInterval.ChangeDetected -- a one-minute queue, on purpose.
		add_action( self::HOOK, array( $this, 'run' ) );
		add_action( 'init', array( $this, 'schedule' ) );
	}

	public function schedule(): void {
		if ( false === wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_event( $this->now(), ResponseEmailQueue::SCHEDULE, self::HOOK );
		}
	}

	public function run(): void {
		$started = $this->now();
		if ( ! $this->responses->lock( self::LOCK_OPTION, $started, self::LOCK_STALE ) ) {
			return;
		}
		try {
			$locked = FeatureGate::message( ( $this->entitlements )(), 'webhooks' );
			$this->enqueue( null === $locked );
			if ( null !== $locked ) {
				/* translators: %s: why the feature is locked. */
				$this->webhooks->note_pending( sprintf( __( 'Paused: %s', 'userfeedback' ), $locked ) );
			} else {
				foreach ( $this->webhooks->due( gmdate( 'Y-m-d H:i:s', $this->now() ), self::SEND_BATCH ) as $delivery ) {
					if ( $this->now() - $started > self::BUDGET ) {
						break;
					}
					$this->delivery->attempt( $delivery );
				}
			}
			$this->webhooks->prune( gmdate( 'Y-m-d H:i:s', $this->now() - self::KEEP_DAYS * DAY_IN_SECONDS ), self::KEEP_PER_WEBHOOK );
		} finally {
			$this->responses->unlock( self::LOCK_OPTION, $started );
		}
	}

	/**
	 * Adds the deliveries of the responses completed after the cursor, and moves it. Without active
	 * webhooks (or while the feature is locked) the cursor jumps to the newest response.
	 */
	private function enqueue( bool $allowed ): void {
		$cursor = get_option( self::CURSOR_OPTION, null );
		$hooks  = $allowed ? $this->webhooks->active() : array();
		if ( ! is_array( $cursor ) || ! isset( $cursor['at'], $cursor['id'] ) || ! $hooks ) {
			// First run, or nothing to send to: the responses completed so far are not sent.
			$this->save_cursor( $this->responses->newest() );
			return;
		}
		$cutoff = $this->now() - ResponseEmailQueue::SETTLE;
		$now    = gmdate( 'Y-m-d H:i:s', $this->now() );
		$batch  = $this->responses->after(
			array(
				'at' => (string) $cursor['at'],
				'id' => (int) $cursor['id'],
			),
			self::BATCH
		);
		$survey = $this->webhooks->survey_ids( array_column( $batch, 'id' ) );
		foreach ( $batch as $response ) {
			if ( $response['submitted_at'] > $cutoff ) {
				break;
			}
			$survey_id = $survey[ $response['id'] ] ?? 0;
			$targets   = array();
			foreach ( $hooks as $hook ) {
				if ( 0 === $hook['survey_id'] || (int) $survey_id === $hook['survey_id'] ) {
					$targets[] = $hook['id'];
				}
			}
			$this->webhooks->enqueue( $targets, $response['id'], $now );
			$this->save_cursor(
				array(
					'at' => $response['at'],
					'id' => $response['id'],
				)
			);
		}
	}

	/**
	 * @param array{at:string,id:int} $cursor The last response handled.
	 */
	private function save_cursor( array $cursor ): void {
		if ( ! add_option( self::CURSOR_OPTION, $cursor, '', false ) ) {
			update_option( self::CURSOR_OPTION, $cursor, false );
		}
	}

	private function now(): int {
		return null !== $this->clock ? ( $this->clock )() : time();
	}
}
