<?php
/**
 * The email about a new response. The visitor's request only queues it (one single WP-Cron event,
 * after the response was committed); the event reads the response, its answers and its survey, applies
 * the notification settings and the conditional logic, and sends through wp_mail(). A failed send is
 * tried again later with a growing delay, and given up (and logged, once) after the last attempt; the
 * response itself is never touched.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Notifications\Email;

use UserFeedback\Responses\AdminResponseService;
use UserFeedback\Responses\ResponseFormatter;
use UserFeedback\Responses\ResponseService;
use UserFeedback\Settings\SettingsRepository;
use UserFeedback\Surveys\SurveyRepository;

defined( 'ABSPATH' ) || exit;

final class ResponseEmailQueue {

	/** The event: args [ response id, attempt (1 for the first) ]. */
	public const HOOK = 'userfeedback_send_response_email';

	/** Seconds to wait before attempt 2, 3 and 4; after attempt 4 the email is given up. */
	public const BACKOFF = array( 5 * MINUTE_IN_SECONDS, 30 * MINUTE_IN_SECONDS, 2 * HOUR_IN_SECONDS );

	/**
	 * @param \Closure():\UserFeedback\Licensing\Entitlements $entitlements The site's entitlements.
	 */
	public function __construct(
		private readonly SurveyRepository $surveys,
		private readonly SettingsRepository $settings,
		private readonly \Closure $entitlements,
		private readonly ResponseEmailRepository $responses = new ResponseEmailRepository(),
	) {}

	public function register(): void {
		add_action( ResponseService::SAVED_ACTION, array( $this, 'queue' ), 10, 2 );
		add_action( self::HOOK, array( $this, 'send' ), 10, 2 );
	}

	/**
	 * In the visitor's request: one event, nothing else. A survey whose notification is off queues
	 * nothing (the survey is in hand; the event checks again, as the survey may change meanwhile).
	 *
	 * @param mixed $response_id The new response's id.
	 * @param mixed $survey      The survey it answers.
	 */
	public function queue( $response_id, $survey = array() ): void {
		if ( ! is_int( $response_id ) || $response_id < 1 ) {
			return;
		}
		if ( is_array( $survey ) && empty( $survey['notifications']['email']['active'] ) ) {
			return;
		}
		wp_schedule_single_event( time(), self::HOOK, array( $response_id, 1 ) );
	}

	/**
	 * The event: sends the email for a response, or schedules the next attempt when wp_mail() fails.
	 *
	 * @param mixed $response_id Response id.
	 * @param mixed $attempt     1 for the first attempt.
	 */
	public function send( $response_id, $attempt = 1 ): void {
		$response_id = (int) $response_id;
		$attempt     = max( 1, (int) $attempt );
		$email       = $this->compose( $response_id );
		if ( null === $email ) {
			return;
		}
		$sent = Mail::send( $email['to'], $email['subject'], $email['body'], $email['headers'] );
		if ( true === $sent ) {
			return;
		}
		if ( $attempt <= count( self::BACKOFF ) ) {
			wp_schedule_single_event( time() + self::BACKOFF[ $attempt - 1 ], self::HOOK, array( $response_id, $attempt + 1 ) );
			return;
		}
		error_log( sprintf( 'UserFeedback: gave up the email about response %d after %d attempts: %s', $response_id, $attempt, $sent ) ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log -- the one trace of a lost notification.
	}

	/**
	 * The email for a response, or null when none is to go out: the response or its survey is gone,
	 * the response is in the trash, the notification is off, there is nobody to send to, or the
	 * conditional logic (where the site has email_logic) says no.
	 *
	 * @return array{to:string[],subject:string,body:string,headers:string[]}|null
	 */
	public function compose( int $response_id ): ?array {
		$stored = $this->responses->find( $response_id );
		if ( null === $stored || 'publish' !== $stored['row']['status'] ) {
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
			if ( ! EmailLogic::allows( $logic, $values ) ) {
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
