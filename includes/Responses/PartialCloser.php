<?php
/**
 * Closes partial responses nobody has written to for a day: a recurring WP-Cron event (hourly) takes
 * the partial responses untouched for CLOSE_AFTER seconds, BATCH at a time, oldest first, and closes
 * them (closed_at), counting each as left at the question it last reached (daily_funnel). A closed
 * partial stays partial: a later write of its visitor is still taken (never drop an answer), and
 * completing it takes its "left" count back (ResponseRepository::update()).
 *
 * Closing announces nothing, unless the userfeedback_announce_partial filter says so for the survey:
 * then the saved action fires once for the response ($complete false, its stored answers) and its email
 * goes out once (ResponseEmailQueue::send( $id, true )).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Responses;

use UserFeedback\Database\AnswerRepository;
use UserFeedback\Database\Rollups;
use UserFeedback\Database\Transaction;
use UserFeedback\ExceptionText;
use UserFeedback\Log;
use UserFeedback\Surveys\SurveyRepository;

defined( 'ABSPATH' ) || exit;

final class PartialCloser {

	/** The recurring event (no args). */
	public const HOOK = 'userfeedback_close_partials';

	/** A partial response untouched for this many seconds is closed. */
	public const CLOSE_AFTER = DAY_IN_SECONDS;

	/** Responses closed per batch (one read, then one transaction per survey of the batch). */
	public const BATCH = 500;

	/** A run starts no new batch after this many seconds. */
	public const BUDGET = 60;

	/**
	 * @param \Closure(int,bool):mixed|null $email  Sends the email of a response (ResponseEmailQueue::send()).
	 * @param \Closure():int|null           $clock  The time; tests move it.
	 */
	public function __construct(
		private readonly SurveyRepository $surveys,
		private readonly ResponseRepository $responses = new ResponseRepository(),
		private readonly ?\Closure $email = null,
		private readonly ?\Closure $clock = null,
	) {}

	public function register(): void {
		add_action( self::HOOK, array( $this, 'run' ) );
		// wp_cron() loads the cron array on every request anyway: checking it here costs no query.
		add_action( 'init', array( $this, 'schedule' ) );
	}

	/**
	 * Schedules the recurring event when it is missing.
	 */
	public function schedule(): void {
		if ( false === wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_event( $this->now(), 'hourly', self::HOOK );
		}
	}

	/**
	 * The event: batches of stale partial responses until none is left or the budget is spent.
	 *
	 * @return int How many were closed.
	 */
	public function run(): int {
		$started = $this->now();
		$closed  = 0;
		do {
			$now    = $this->now();
			$before = gmdate( 'Y-m-d H:i:s', $now - self::CLOSE_AFTER );
			try {
				$batch = $this->responses->stale_partials( $before, self::BATCH );
			} catch ( \RuntimeException $e ) {
				Log::error( 'closing partial responses failed: ' . ExceptionText::plain( $e ) );
				break;
			}
			$by_survey = array();
			foreach ( $batch as $row ) {
				$by_survey[ $row['survey_id'] ][] = $row['id'];
			}
			foreach ( $by_survey as $survey_id => $ids ) {
				$closed += $this->close( (int) $survey_id, $ids, $before, gmdate( 'Y-m-d H:i:s', $now ) );
			}
			$full = count( $batch ) === self::BATCH;
		} while ( $full && $this->now() - $started < self::BUDGET );
		return $closed;
	}

	/**
	 * Closes a survey's responses of a batch in one transaction, then announces them where allowed.
	 *
	 * @param int[] $ids Response ids.
	 * @return int How many were closed.
	 */
	private function close( int $survey_id, array $ids, string $before, string $now ): int {
		$survey = $this->surveys->find( $survey_id );
		$order  = Rollups::question_order( (array) ( $survey['questions'] ?? array() ) );
		try {
			$closed = Transaction::run( fn(): array => $this->responses->close_partials( $survey_id, $ids, $order, $before, $now ) );
		} catch ( \RuntimeException $e ) {
			// Left open; the next run tries again.
			Log::error( sprintf( 'closing partial responses of survey %d failed: %s', $survey_id, ExceptionText::plain( $e ) ) );
			return 0;
		}
		/**
		 * Filters whether a partial response closed by the cron is announced like a completed one: the
		 * userfeedback_response_saved action (with $complete false) and the response email, once.
		 *
		 * @param bool                $announce Default false.
		 * @param array<string,mixed> $survey   The survey.
		 */
		if ( $closed && null !== $survey && true === apply_filters( ResponseService::ANNOUNCE_PARTIAL_FILTER, false, $survey ) ) { // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- ResponseService::ANNOUNCE_PARTIAL_FILTER is 'userfeedback_announce_partial'.
			$answers = ( new AnswerRepository() )->for_responses( $closed );
			foreach ( $closed as $id ) {
				ResponseService::announce( $id, $survey, $answers[ $id ] ?? array(), false );
				$sent = null !== $this->email ? ( $this->email )( $id, true ) : true;
				if ( true !== $sent ) {
					Log::error( sprintf( 'the email about closed partial response %d was not sent: %s', $id, (string) $sent ) );
				}
			}
		}
		return count( $closed );
	}

	private function now(): int {
		return null !== $this->clock ? ( $this->clock )() : time();
	}
}
