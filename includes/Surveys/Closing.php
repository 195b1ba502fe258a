<?php
/**
 * When a published survey stops taking answers by itself (settings.close): after a number of completed
 * responses (its quota), and/or at a moment (end_at, stored in UTC as publish_at is). Beside the older
 * month/day expiry of behavior.run_time, which the loader applies and which stays as it was.
 *
 * What follows from a closed survey: the widget's config leaves it out (VisitorSurveys::live()), the
 * loader hides one whose end_at passes while a page stays cached, the surveys list says "Closed" with
 * the reason, and a visitor's write to it (a response or an impression) is refused with 410
 * userfeedback_survey_closed. Closing is enforced whatever the licence (setting it is the scheduling
 * feature's).
 *
 * The quota counts completed responses that are not in the trash (the daily_responses rollup, which is
 * what the results count): trashing spam responses reopens places. A completion that would go past the
 * quota is refused: the completing write locks the survey's row and counts inside the visitor's
 * transaction (guard_completion()), so two completions racing for the last place queue up and the
 * second is answered 410 (its partial response stays partial); the quota is never exceeded, on
 * MariaDB/MySQL (row lock and locking read) as on SQLite (the transaction holds the write lock).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

use UserFeedback\Rest\ApiException;

defined( 'ABSPATH' ) || exit;

final class Closing {

	public const QUOTA = 'quota';
	public const ENDED = 'ended';

	private const STORED = '/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/';

	/**
	 * Why a survey takes no more answers, or null when it still does. An end date that has passed comes
	 * first (it needs no count); the quota is counted only when one is set and no count is given.
	 *
	 * @param array<string,mixed> $survey    Survey (id, settings).
	 * @param int|null            $completed Completed responses, when the caller has them.
	 * @param int|null            $now       Unix time (now by default).
	 * @return string|null 'quota', 'ended' or null.
	 */
	public static function reason( array $survey, ?int $completed = null, ?int $now = null ): ?string {
		$close = self::of( $survey );
		$end   = self::end_time( $close['end_at'] );
		if ( null !== $end && $end <= ( $now ?? time() ) ) {
			return self::ENDED;
		}
		if ( null !== $close['after_responses'] ) {
			$completed ??= CompletedCounts::of( (int) ( $survey['id'] ?? 0 ) );
			if ( $completed >= $close['after_responses'] ) {
				return self::QUOTA;
			}
		}
		return null;
	}

	/**
	 * Inside the visitor's transaction, before a write completes a response: refuses it when the survey
	 * is closed, counting the quota under the survey's row lock (CompletedCounts::locked()).
	 *
	 * @param array<string,mixed> $survey Survey (id, settings).
	 * @return bool Whether this completion reaches the quota (the caller bumps the surveys' cache after the commit).
	 * @throws ApiException 410 when the survey is closed.
	 */
	public static function guard_completion( array $survey, ?int $now = null ): bool {
		$close = self::of( $survey );
		if ( null === $close['after_responses'] ) {
			if ( null !== self::reason( $survey, 0, $now ) ) {
				throw self::refusal();
			}
			return false;
		}
		$completed = CompletedCounts::locked( (int) $survey['id'] );
		if ( null !== self::reason( $survey, $completed, $now ) ) {
			throw self::refusal();
		}
		return $completed + 1 >= $close['after_responses'];
	}

	/**
	 * The answer to a write to a closed survey.
	 */
	public static function refusal(): ApiException {
		return new ApiException( 'userfeedback_survey_closed', __( 'This survey is closed and no longer takes answers.', 'userfeedback' ), 410 );
	}

	/**
	 * After the commit of the completion that reached a quota: everything cached from surveys (the
	 * widget's config first) is computed again, without the survey. Not before the commit: a config
	 * computed in between would still count the survey open and be kept.
	 */
	public static function touch(): void {
		wp_cache_set_last_changed( SurveyRepository::CACHE_GROUP );
	}

	/**
	 * What the surveys list says of a closed survey.
	 *
	 * @param string              $reason What reason() answered.
	 * @param array<string,mixed> $survey Survey (settings).
	 */
	public static function label( string $reason, array $survey ): string {
		$close = self::of( $survey );
		if ( self::QUOTA === $reason ) {
			$count = (int) $close['after_responses'];
			/* translators: %s: number of responses. */
			return sprintf( _n( 'Reached %s response', 'Reached %s responses', $count, 'userfeedback' ), number_format_i18n( $count ) );
		}
		$end = (int) self::end_time( $close['end_at'] );
		/* translators: %s: date and time in the site's time zone. */
		return sprintf( __( 'Ended %s', 'userfeedback' ), wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $end ) );
	}

	/**
	 * settings.close as stored and answered: a quota in range or null, an end in UTC 'Y-m-d\TH:i:s\Z' or null.
	 * Anything else (a row written by something else) counts as not set.
	 *
	 * @param mixed $close Stored or merged settings.close.
	 * @return array{after_responses:?int,end_at:?string}
	 */
	public static function shape( $close ): array {
		$close = is_array( $close ) ? $close : ( is_object( $close ) ? get_object_vars( $close ) : array() );
		$quota = $close['after_responses'] ?? null;
		$quota = is_int( $quota ) || ( is_string( $quota ) && ctype_digit( $quota ) ) ? (int) $quota : null;
		$end   = $close['end_at'] ?? null;
		return array(
			'after_responses' => null !== $quota && $quota >= 1 && $quota <= SurveySettingsSchema::QUOTA_MAX ? $quota : null,
			'end_at'          => is_string( $end ) && preg_match( self::STORED, $end ) && null !== self::end_time( $end ) ? $end : null,
		);
	}

	/**
	 * settings.close.end_at as sent, as stored: null or '' for none; RFC 3339 with an offset, or a naive
	 * time in the site's time zone (Schedule::to_utc()).
	 *
	 * @param mixed $value As sent.
	 * @throws \InvalidArgumentException When it is not a date and time.
	 */
	public static function end_at_input( $value ): ?string {
		$utc = Schedule::to_utc( $value );
		return null === $utc ? null : Schedule::rfc3339( $utc );
	}

	/**
	 * @param array<string,mixed> $survey Survey.
	 * @return array{after_responses:?int,end_at:?string}
	 */
	private static function of( array $survey ): array {
		$settings = $survey['settings'] ?? array();
		$settings = is_object( $settings ) ? get_object_vars( $settings ) : (array) $settings;
		return self::shape( $settings['close'] ?? null );
	}

	private static function end_time( ?string $end_at ): ?int {
		if ( null === $end_at ) {
			return null;
		}
		$time = \DateTimeImmutable::createFromFormat( '!Y-m-d\TH:i:s\Z', $end_at, new \DateTimeZone( 'UTC' ) );
		return $time ? $time->getTimestamp() : null;
	}
}
