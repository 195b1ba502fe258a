<?php
/**
 * Where the plugin's own notifications come from:
 * - "Your first response arrived": on userfeedback_response_saved, once per survey. The visitor's
 *   request pays one read of a small, not autoloaded option (the ids of the surveys already announced);
 *   only a survey not in it costs one indexed query more, once.
 * - "A scheduled survey went live", "Your license expires soon", "Your license has expired": an hourly
 *   WP-Cron event (scheduled from admin_init, so visitors never pay for it) looks at the surveys whose
 *   start time passed within the last day and at the stored licence.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Notifications;

use UserFeedback\Access\Capabilities;
use UserFeedback\Licensing\License;
use UserFeedback\Licensing\LicenseAjax;
use UserFeedback\Responses\ResponseRepository;
use UserFeedback\Responses\ResponseService;
use UserFeedback\Surveys\SurveyRepository;

defined( 'ABSPATH' ) || exit;

final class Producers {

	public const HOOK = 'userfeedback_notifications_check';

	/** Survey ids whose first response was announced (not autoloaded). */
	public const NOTIFIED_OPTION = 'userfeedback_first_response_notified';

	/** A licence expiring within this many days is announced. */
	public const EXPIRY_WARNING_DAYS = 30;

	public function __construct(
		private readonly NotificationStore $store,
		private readonly SurveyRepository $surveys = new SurveyRepository(),
		private readonly ResponseRepository $responses = new ResponseRepository(),
	) {}

	public function register(): void {
		add_action( ResponseService::SAVED_ACTION, array( $this, 'on_response_saved' ), 10, 2 );
		add_action( self::HOOK, array( $this, 'check' ) );
		add_action( 'admin_init', array( $this, 'schedule' ) );
	}

	/**
	 * Schedules the hourly check when it is missing.
	 */
	public function schedule(): void {
		if ( false === wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_event( time() + MINUTE_IN_SECONDS, 'hourly', self::HOOK );
		}
	}

	/**
	 * @param mixed $response_id The saved response.
	 * @param mixed $survey      The survey it answers (id, title, ...).
	 */
	public function on_response_saved( $response_id, $survey ): void {
		$survey_id = is_array( $survey ) ? (int) ( $survey['id'] ?? 0 ) : 0;
		if ( $survey_id <= 0 ) {
			return;
		}
		$notified = get_option( self::NOTIFIED_OPTION, array() );
		$notified = is_array( $notified ) ? $notified : array();
		if ( isset( $notified[ $survey_id ] ) ) {
			return;
		}
		$notified[ $survey_id ] = 1;
		update_option( self::NOTIFIED_OPTION, $notified, false );
		// A survey that had responses before this plugin version announced first responses is only
		// marked, not announced.
		if ( $this->responses->has_other_response( $survey_id, (int) $response_id ) ) {
			return;
		}
		$title = self::survey_title( $survey );
		$this->store->add(
			array(
				'id'          => 'uf-first-response-' . $survey_id,
				'title'       => __( 'Your first response arrived', 'userfeedback' ),
				'category'    => 'insight',
				'icon'        => 'megaphone',
				/* translators: %s: survey title. */
				'content'     => sprintf( __( '"%s" has its first response. See what your visitor said.', 'userfeedback' ), $title ),
				'active_from' => NotificationStore::iso( time() ),
				'buttons'     => array( self::results_button( $survey_id ) ),
				'capability'  => Capabilities::VIEW_RESULTS,
			)
		);
	}

	/**
	 * The hourly check: scheduled surveys that went live, and the licence's expiry.
	 */
	public function check(): void {
		$this->check_scheduled_surveys( time() );
		$this->check_license( time() );
	}

	/**
	 * Announces the published surveys whose start time passed within the last day.
	 */
	public function check_scheduled_surveys( int $now ): void {
		$rows = $this->surveys->started_between( gmdate( 'Y-m-d H:i:s', $now - DAY_IN_SECONDS ), gmdate( 'Y-m-d H:i:s', $now ) );
		foreach ( $rows as $row ) {
			$survey_id = $row['id'];
			$started   = (int) strtotime( $row['publish_at'] . ' UTC' );
			$this->store->add(
				array(
					// The start time in the id: a survey scheduled again is announced again.
					'id'          => sprintf( 'uf-survey-live-%d-%d', $survey_id, $started ),
					'title'       => __( 'A scheduled survey went live', 'userfeedback' ),
					'category'    => 'alert',
					'icon'        => 'calendar-alt',
					/* translators: %s: survey title. */
					'content'     => sprintf( __( '"%s" reached its scheduled start and is now shown to your visitors.', 'userfeedback' ), self::survey_title( $row ) ),
					'active_from' => NotificationStore::iso( $started ),
					'buttons'     => array( self::results_button( $survey_id ) ),
					'capability'  => Capabilities::VIEW_RESULTS,
				)
			);
		}
	}

	/**
	 * Announces a licence that expires within 30 days or has expired; forgets those notifications once
	 * the state no longer holds (renewed, removed).
	 */
	public function check_license( int $now ): void {
		$license = License::current();
		$expires = self::expiry( $license );

		$expired  = '' !== $license->key && ( $license->is_expired || ( null !== $expires && $expires <= $now ) );
		$expiring = '' !== $license->key && ! $expired && $license->is_valid() && null !== $expires && $expires - $now <= self::EXPIRY_WARNING_DAYS * DAY_IN_SECONDS;

		if ( ! $expired ) {
			$this->store->remove_prefixed( 'uf-license-expired' );
		}
		if ( ! $expiring ) {
			$this->store->remove_prefixed( 'uf-license-expiring' );
		}
		if ( ! $expired && ! $expiring ) {
			return;
		}
		$day     = null !== $expires ? '-' . gmdate( 'Ymd', $expires ) : '';
		$buttons = array(
			array(
				'type'        => 'primary',
				'text'        => __( 'Renew Now', 'userfeedback' ),
				'url'         => LicenseAjax::renew_url( '' ),
				'is_external' => true,
			),
			array(
				'type'        => 'secondary',
				'text'        => __( 'Refresh License', 'userfeedback' ),
				'url'         => '',
				'is_external' => false,
				'action'      => array(
					'class'  => 'license',
					'action' => 'refresh',
				),
			),
		);
		if ( $expired ) {
			$notification = array(
				'id'      => 'uf-license-expired' . $day,
				'title'   => __( 'Your license has expired', 'userfeedback' ),
				'content' => __( 'Your UserFeedback license has expired. Renew it to keep your Pro features and updates. Already renewed? Refresh your license.', 'userfeedback' ),
			);
		} else {
			$notification = array(
				'id'      => 'uf-license-expiring' . $day,
				'title'   => __( 'Your license expires soon', 'userfeedback' ),
				'content' => sprintf(
					/* translators: %s: expiry date. */
					__( 'Your UserFeedback license expires on %s. Renew it to keep your Pro features and updates.', 'userfeedback' ),
					wp_date( (string) get_option( 'date_format', 'F j, Y' ), (int) $expires )
				),
			);
		}
		$this->store->add(
			$notification + array(
				'category'    => 'alert',
				'icon'        => 'warning',
				'active_from' => NotificationStore::iso( $now ),
				'buttons'     => $buttons,
				'capability'  => Capabilities::MANAGE_SETTINGS,
			)
		);
	}

	/**
	 * The licence's expiry as a timestamp; null for none or a lifetime licence.
	 */
	private static function expiry( License $license ): ?int {
		$expires = trim( $license->expires );
		if ( '' === $expires || 'lifetime' === strtolower( $expires ) ) {
			return null;
		}
		$time = strtotime( $expires . ( preg_match( '/^\d{4}-\d{2}-\d{2}( \d{2}:\d{2}:\d{2})?$/', $expires ) ? ' UTC' : '' ) );
		return false === $time ? null : $time;
	}

	/**
	 * @param array<string,mixed> $survey A survey (row or hydrated).
	 */
	private static function survey_title( array $survey ): string {
		$title = trim( wp_strip_all_tags( (string) ( $survey['title'] ?? '' ) ) );
		/* translators: %d: survey id. */
		return '' !== $title ? $title : sprintf( __( 'Survey #%d', 'userfeedback' ), (int) ( $survey['id'] ?? 0 ) );
	}

	/**
	 * @return array<string,mixed> The "View Results" button of a survey.
	 */
	private static function results_button( int $survey_id ): array {
		return array(
			'type'        => 'primary',
			'text'        => __( 'View Results', 'userfeedback' ),
			'url'         => admin_url( 'admin.php?page=userfeedback_results#/survey/' . $survey_id ),
			'is_external' => false,
		);
	}
}
