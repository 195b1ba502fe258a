<?php
/**
 * The email about a new response, sent once, when it completes. The responses table is the queue: the
 * visitor's request writes nothing for it (no WP-Cron event, no option; one event per response would
 * rewrite the single 'cron' option on every submit, a hot row whose read-modify-write loses events
 * under load). A recurring WP-Cron event, every minute, takes the completed responses after a cursor
 * (the completion time and id of the last one handled) in completion order, a batch at a time (a
 * partial response is passed over until it completes: it comes at its completion time), and sends
 * each one's email: it reads the response, its answers and its survey, applies the notification
 * settings and the conditional logic, and sends through wp_mail(). A failed send goes to a small retry list and is tried again later with a growing
 * delay, then given up (and logged, once) after the last attempt; the response itself is never
 * touched. A lock keeps two runs from overlapping.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Notifications\Email;

use UserFeedback\Responses\AdminResponseService;
use UserFeedback\Responses\HiddenFields;
use UserFeedback\Responses\ResponseFormatter;
use UserFeedback\Settings\SettingsRepository;
use UserFeedback\Surveys\SurveyRepository;

defined( 'ABSPATH' ) || exit;

final class ResponseEmailQueue {

	/** The recurring event (no args). */
	public const HOOK = 'userfeedback_send_response_emails';

	/** Its WP-Cron schedule: every minute. */
	public const SCHEDULE = 'userfeedback_every_minute';

	/** Non-autoloaded option: the id of the last response handled. */
	public const CURSOR_OPTION = 'userfeedback_email_cursor';

	/** Non-autoloaded option, written only when a send fails: { response id: { attempt, next_at } }. */
	public const RETRIES_OPTION = 'userfeedback_email_retries';

	/** Non-autoloaded option held by a run: the time it started. */
	public const LOCK_OPTION = 'userfeedback_email_lock';

	/** A lock older than this is left over from a run that died; the next run takes it over. */
	public const LOCK_STALE = 5 * MINUTE_IN_SECONDS;

	/** New responses handled per run, at most. */
	public const BATCH = 50;

	/** A run starts no new email after this many seconds, well before its lock could turn stale. */
	public const BUDGET = 2 * MINUTE_IN_SECONDS;

	/**
	 * Responses completed less than this long ago wait for the next run: their completion time is taken
	 * before they are committed, so a later-committed one may show with an earlier time; moving the
	 * cursor past a time whose response is still being stored would skip its email.
	 */
	public const SETTLE = 30;

	/** Seconds to wait before attempt 2, 3 and 4; after attempt 4 the email is given up. */
	public const BACKOFF = array( 5 * MINUTE_IN_SECONDS, 30 * MINUTE_IN_SECONDS, 2 * HOUR_IN_SECONDS );

	/**
	 * @param \Closure():\UserFeedback\Licensing\Entitlements $entitlements The site's entitlements.
	 * @param \Closure():int|null                            $clock        The time; tests move it.
	 */
	public function __construct(
		private readonly SurveyRepository $surveys,
		private readonly SettingsRepository $settings,
		private readonly \Closure $entitlements,
		private readonly ResponseEmailRepository $responses = new ResponseEmailRepository(),
		private readonly ?\Closure $clock = null,
	) {}

	public function register(): void {
		add_filter( 'cron_schedules', array( self::class, 'every_minute' ) ); // phpcs:ignore WordPress.WP.CronInterval.ChangeDetected, WordPress.WP.CronInterval.CronSchedulesInterval -- a one-minute queue, on purpose: a response's email should leave within a minute.
		add_action( self::HOOK, array( $this, 'run' ) );
		// wp_cron() loads the cron array on every request anyway: checking it here costs no query.
		add_action( 'init', array( $this, 'schedule' ) );
	}

	/**
	 * The every-minute schedule of the plugin's queues (this one and Webhooks\WebhookQueue, which
	 * both add this same callback: WordPress keeps it once).
	 *
	 * @param mixed $schedules WP-Cron's schedules.
	 * @return array<string,mixed>
	 */
	public static function every_minute( $schedules ): array {
		$schedules                   = is_array( $schedules ) ? $schedules : array();
		$schedules[ self::SCHEDULE ] = array(
			'interval' => MINUTE_IN_SECONDS,
			'display'  => 'Every minute (UserFeedback queues)',
		);
		return $schedules;
	}

	/**
	 * Schedules the recurring event when it is missing.
	 */
	public function schedule(): void {
		if ( false === wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_event( $this->now(), self::SCHEDULE, self::HOOK );
		}
	}

	/**
	 * The event: the retries that are due, then the next batch of new responses. Does nothing while
	 * another run holds the lock.
	 */
	public function run(): void {
		$started = $this->now();
		if ( ! $this->responses->lock( self::LOCK_OPTION, $started, self::LOCK_STALE ) ) {
			return;
		}
		try {
			$cursor = get_option( self::CURSOR_OPTION, null );
			if ( null === $cursor || false === $cursor ) {
				// First run: the responses completed before it are not emailed.
				add_option( self::CURSOR_OPTION, $this->responses->newest(), '', false );
				return;
			}
			if ( ! is_array( $cursor ) || ! isset( $cursor['at'], $cursor['id'] ) ) {
				// The last response id handled, as a version before partial responses kept it.
				$cursor = $this->responses->cursor_of_id( (int) $cursor );
			}
			$this->retry_due();
			$cutoff = $this->now() - self::SETTLE;
			foreach ( $this->responses->after(
				array(
					'at' => (string) $cursor['at'],
					'id' => (int) $cursor['id'],
				),
				self::BATCH
			) as $response ) {
				if ( $response['submitted_at'] > $cutoff || $this->now() - $started > self::BUDGET ) {
					break;
				}
				$sent = $this->send( $response['id'] );
				// Moved after each one: a run that dies mid-batch sends none of the earlier ones again.
				update_option(
					self::CURSOR_OPTION,
					array(
						'at' => $response['at'],
						'id' => $response['id'],
					),
					false
				);
				if ( true !== $sent ) {
					$this->failed( $response['id'], 1, $sent );
				}
			}
		} finally {
			$this->responses->unlock( self::LOCK_OPTION, $started );
		}
	}

	/**
	 * Sends the email of a response, when one is to go out.
	 *
	 * @param bool $partial A partial response closed by the cron (where userfeedback_announce_partial
	 *                      lets it be announced, PartialCloser): sent once, then, and never by the queue.
	 * @return true|string True when sent or when there is nothing to send, else why not.
	 */
	public function send( int $response_id, bool $partial = false ) {
		$email = $this->compose( $response_id, $partial );
		if ( null === $email ) {
			return true;
		}
		return Mail::send( $email['to'], $email['subject'], $email['body'], $email['headers'] );
	}

	/**
	 * @return array<int,array{attempt:int,next_at:int}> The retry list, by response id.
	 */
	public static function retries(): array {
		$retries = get_option( self::RETRIES_OPTION, array() );
		return is_array( $retries ) ? $retries : array();
	}

	/**
	 * The retries whose time has come, oldest response first.
	 */
	private function retry_due(): void {
		$retries = self::retries();
		if ( ! $retries ) {
			return;
		}
		ksort( $retries );
		$now = $this->now();
		foreach ( $retries as $id => $retry ) {
			if ( (int) ( $retry['next_at'] ?? 0 ) > $now ) {
				continue;
			}
			$attempt = max( 2, (int) ( $retry['attempt'] ?? 2 ) );
			$sent    = $this->send( (int) $id );
			if ( true === $sent ) {
				$this->forget( (int) $id );
			} else {
				$this->failed( (int) $id, $attempt, $sent );
			}
		}
	}

	/**
	 * After a failed attempt: the next one goes on the retry list, or, after the last, the email is
	 * given up with one log line.
	 */
	private function failed( int $response_id, int $attempt, string $why ): void {
		if ( $attempt <= count( self::BACKOFF ) ) {
			$retries                 = self::retries();
			$retries[ $response_id ] = array(
				'attempt' => $attempt + 1,
				'next_at' => $this->now() + self::BACKOFF[ $attempt - 1 ],
			);
			$this->save_retries( $retries );
			return;
		}
		$this->forget( $response_id );
		// The one trace of a lost notification.
		\UserFeedback\Log::error( sprintf( 'gave up the email about response %d after %d attempts: %s', $response_id, $attempt, $why ) );
	}

	private function forget( int $response_id ): void {
		$retries = self::retries();
		if ( isset( $retries[ $response_id ] ) ) {
			unset( $retries[ $response_id ] );
			$this->save_retries( $retries );
		}
	}

	/**
	 * @param array<int,array{attempt:int,next_at:int}> $retries The retry list.
	 */
	private function save_retries( array $retries ): void {
		if ( ! $retries ) {
			delete_option( self::RETRIES_OPTION );
		} elseif ( ! add_option( self::RETRIES_OPTION, $retries, '', false ) ) {
			update_option( self::RETRIES_OPTION, $retries, false );
		}
	}

	private function now(): int {
		return null !== $this->clock ? ( $this->clock )() : time();
	}

	/**
	 * Whether any condition of the email logic is about a hidden field (only then are they read).
	 *
	 * @param array<string,mixed> $logic notifications.email.logic.
	 */
	private static function on_fields( array $logic ): bool {
		foreach ( (array) ( $logic['conditions'] ?? array() ) as $condition ) {
			if ( is_array( $condition ) && is_string( $condition['field'] ?? null ) && '' !== $condition['field'] ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * The email for a response, or null when none is to go out: the response or its survey is gone,
	 * the response is in the trash, the notification is off, there is nobody to send to, or the
	 * conditional logic (where the site has email_logic) says no.
	 *
	 * @return array{to:string[],subject:string,body:string,headers:string[]}|null
	 */
	public function compose( int $response_id, bool $partial = false ): ?array {
		$stored = $this->responses->find( $response_id );
		if ( null === $stored || ( $partial ? 'partial' : 'publish' ) !== $stored['row']['status'] ) {
			return null;
		}
		$survey = $this->surveys->find( (int) $stored['row']['survey_id'] );
		$email  = is_array( $survey['notifications']['email'] ?? null ) ? $survey['notifications']['email'] : array();
		if ( null === $survey || empty( $email['active'] ) ) {
			return null;
		}
		$to = Mail::recipients( (string) ( $email['addresses'] ?? '' ) );
		if ( ! $to ) {
			return null;
		}
		$answers = ResponseFormatter::answers( $stored['answers'], AdminResponseService::types( $survey ) );
		$logic   = is_array( $email['logic'] ?? null ) ? $email['logic'] : array();
		if ( ! empty( $logic['enable'] ) && ( $this->entitlements )()->can( 'email_logic' ) ) {
			$values = array();
			foreach ( $answers as $answer ) {
				$values[ $answer['question_id'] ] = $answer['value'];
			}
			// Conditions on hidden fields read the values the response stored for its fields.
			$fields = self::on_fields( $logic ) ? HiddenFields::for_response( $response_id ) : array();
			if ( ! EmailLogic::allows( $logic, $values, $fields ) ) {
				return null;
			}
		}
		$settings = $this->settings->all();
		$html     = (bool) $settings['summaries_html_template'];
		return array(
			'to'      => $to,
			'subject' => ResponseEmail::subject( $survey ),
			'body'    => EmailTemplate::render( ResponseEmail::content( $survey, $stored['row'], $answers ), $html, (string) $settings['notifications_header_image'] ),
			'headers' => EmailTemplate::headers( $html ),
		);
	}
}
