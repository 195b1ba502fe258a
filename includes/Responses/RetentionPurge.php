<?php
/**
 * Deletes responses older than their survey's retention: a daily WP-Cron event takes, survey by survey,
 * the responses (completed, partial or trashed) whose submitted_at is older than the survey's
 * retention_days (its own setting; null follows the site's; 0 keeps them forever) and deletes them
 * BATCH at a time through AdminResponseRepository::delete(), which moves the rollups in the same
 * transaction, so results stay equal to the raw rows.
 *
 * A run is bounded (MAX_ROWS deleted, MAX_SECONDS spent): a site that turns retention on over a million
 * old responses is purged over a few runs, each one single follow-up event after the last, never in
 * one request that times out. A run that deleted something leaves one notification in the drawer:
 * how many responses of which surveys, and the rule.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Responses;

use UserFeedback\Access\Capabilities;
use UserFeedback\ExceptionText;
use UserFeedback\Log;
use UserFeedback\Notifications\NotificationStore;
use UserFeedback\Settings\SettingsRepository;
use UserFeedback\Surveys\SurveySettingsSchema;

defined( 'ABSPATH' ) || exit;

final class RetentionPurge {

	/** The daily event (no args); its follow-ups carry FOLLOW_UP_ARGS. */
	public const HOOK = 'userfeedback_purge_responses';

	/** Args of the single follow-up event, apart from the daily one (which has none). */
	public const FOLLOW_UP_ARGS = array( 'follow-up' );

	/** Seconds between a run that stopped at its bound and the follow-up. */
	public const FOLLOW_UP_DELAY = 2 * MINUTE_IN_SECONDS;

	/** Responses per AdminResponseRepository::delete() (one transaction). */
	public const BATCH = 500;

	/** A run deletes at most this many responses... */
	public const MAX_ROWS = 50000;

	/** ...and starts no batch after this many seconds. */
	public const MAX_SECONDS = 20;

	/**
	 * @param string|null         $file    The plugin's main file (the deactivation hook); null in tests.
	 * @param \Closure():int|null $clock   The time; tests move it.
	 * @param int                 $batch   Responses per delete (tests use small ones).
	 * @param int                 $max_rows Responses per run.
	 */
	public function __construct(
		private readonly SettingsRepository $settings,
		private readonly NotificationStore $notifications,
		private readonly AdminResponseRepository $responses = new AdminResponseRepository(),
		private readonly ResponseBatches $batches = new ResponseBatches(),
		private readonly ?string $file = null,
		private readonly ?\Closure $clock = null,
		private readonly int $batch = self::BATCH,
		private readonly int $max_rows = self::MAX_ROWS,
		private readonly float $max_seconds = self::MAX_SECONDS,
	) {}

	public function register(): void {
		add_action( self::HOOK, array( $this, 'run' ) );
		// wp_cron() loads the cron array on every request anyway: checking it here costs no query.
		add_action( 'init', array( $this, 'schedule' ) );
		if ( null !== $this->file ) {
			register_deactivation_hook( $this->file, array( self::class, 'unschedule' ) );
		}
	}

	/**
	 * Schedules the daily event when it is missing (a quiet hour after the first request).
	 */
	public function schedule(): void {
		if ( false === wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_event( $this->now() + HOUR_IN_SECONDS, 'daily', self::HOOK );
		}
	}

	/**
	 * Removes the daily event and any follow-up (deactivation; the uninstaller does the same).
	 */
	public static function unschedule(): void {
		wp_unschedule_hook( self::HOOK );
	}

	/**
	 * The retention of a survey in days, its own or the site's; 0 keeps its responses forever.
	 *
	 * @param array<string,mixed> $survey_settings The survey's stored settings.
	 */
	public static function effective_days( array $survey_settings, int $site_days ): int {
		return SurveySettingsSchema::retention_days( $survey_settings['retention_days'] ?? null ) ?? max( 0, $site_days );
	}

	/**
	 * The event: every survey with a retention, its old responses in batches, until none is left or
	 * the run's bound is reached (then one follow-up event is scheduled).
	 *
	 * @return array{deleted:int,surveys:array<int,int>,more:bool} How many were deleted, per survey id, and whether some are left for a follow-up.
	 */
	public function run(): array {
		$started   = microtime( true );
		$now       = $this->now();
		$site_days = (int) $this->settings->get( 'retention_days' );
		$deleted   = array();
		$rules     = array();
		$titles    = array();
		$more      = false;
		$total     = 0;

		foreach ( $this->batches->surveys() as $survey ) {
			$days = self::effective_days( $survey['settings'], $site_days );
			if ( $days <= 0 ) {
				continue;
			}
			$before = gmdate( 'Y-m-d H:i:s', $now - $days * DAY_IN_SECONDS );
			$id     = $survey['id'];
			$count  = 0;
			while ( true ) {
				if ( $total >= $this->max_rows || microtime( true ) - $started >= $this->max_seconds ) {
					$more = true;
					break 2;
				}
				$asked = min( $this->batch, $this->max_rows - $total );
				$ids   = $this->batches->ids_before( $id, $before, $asked );
				if ( ! $ids ) {
					break;
				}
				try {
					$this->responses->delete( $id, $ids );
				} catch ( \RuntimeException $e ) {
					// Left as they are; the next run tries again.
					Log::error( sprintf( 'deleting responses of survey %d past their retention failed: %s', $id, ExceptionText::plain( $e ) ) );
					break;
				}
				$count         += count( $ids );
				$total         += count( $ids );
				$deleted[ $id ] = $count;
				$rules[ $id ]   = $days;
				$titles[ $id ]  = $survey['title'];
				if ( count( $ids ) < $asked ) {
					break; // The last of this survey's old responses.
				}
			}
		}
		// The survey the bound stopped in has its results changed too.
		foreach ( array_keys( $deleted ) as $id ) {
			AdminResponseService::results_changed( $id );
		}
		if ( $more ) {
			$this->follow_up( $now );
		}
		if ( $total > 0 ) {
			$this->notify( $deleted, $rules, $titles, $site_days, $now, $more );
		}
		return array(
			'deleted' => $total,
			'surveys' => $deleted,
			'more'    => $more,
		);
	}

	/**
	 * One follow-up event, unless one is waiting already.
	 */
	private function follow_up( int $now ): void {
		if ( false === wp_next_scheduled( self::HOOK, self::FOLLOW_UP_ARGS ) ) {
			wp_schedule_single_event( $now + self::FOLLOW_UP_DELAY, self::HOOK, self::FOLLOW_UP_ARGS );
		}
	}

	/**
	 * The drawer's notification of a run: how many, of which surveys, after how many days.
	 *
	 * @param array<int,int>    $deleted Deleted per survey id.
	 * @param array<int,int>    $rules   Days per survey id.
	 * @param array<int,string> $titles  Titles per survey id.
	 */
	private function notify( array $deleted, array $rules, array $titles, int $site_days, int $now, bool $more ): void {
		$parts = array();
		foreach ( $deleted as $id => $count ) {
			$title = trim( wp_strip_all_tags( $titles[ $id ] ) );
			/* translators: %d: survey id. */
			$title   = '' !== $title ? $title : sprintf( __( 'Survey #%d', 'userfeedback' ), $id );
			$parts[] = sprintf(
				/* translators: 1: survey title, 2: number of responses deleted, 3: a period such as "30 days". */
				_n( '"%1$s": %2$s response older than %3$s', '"%1$s": %2$s responses older than %3$s', $count, 'userfeedback' ),
				$title,
				number_format_i18n( $count ),
				self::days( $rules[ $id ] )
			);
		}
		$total   = array_sum( $deleted );
		$content = sprintf(
			/* translators: 1: number of responses, 2: list of surveys with their counts and rules. */
			_n( 'UserFeedback permanently deleted %1$s response past its retention period: %2$s.', 'UserFeedback permanently deleted %1$s responses past their retention period: %2$s.', $total, 'userfeedback' ),
			number_format_i18n( $total ),
			implode( '; ', $parts )
		);
		$content .= ' ' . ( $site_days > 0
			/* translators: %s: a period such as "30 days". */
			? sprintf( __( 'The site keeps responses for %s unless a survey sets its own period.', 'userfeedback' ), self::days( $site_days ) )
			: __( 'The site keeps responses forever; these surveys set their own period.', 'userfeedback' ) );
		if ( $more ) {
			$content .= ' ' . __( 'More are left; they are deleted in a few minutes.', 'userfeedback' );
		}
		$this->notifications->add(
			array(
				'id'          => sprintf( 'uf-retention-purge-%s-%d', gmdate( 'YmdHis', $now ), $total ),
				'title'       => __( 'Old responses were deleted', 'userfeedback' ),
				'category'    => 'alert',
				'icon'        => 'trash',
				'content'     => $content,
				'active_from' => NotificationStore::iso( $now ),
				'buttons'     => array(
					array(
						'type'        => 'secondary',
						'text'        => __( 'Retention settings', 'userfeedback' ),
						'url'         => admin_url( 'admin.php?page=userfeedback_settings#/misc' ),
						'is_external' => false,
					),
				),
				'capability'  => Capabilities::VIEW_RESULTS,
			)
		);
	}

	/**
	 * "1 day", "30 days".
	 */
	private static function days( int $days ): string {
		/* translators: %s: number of days. */
		return sprintf( _n( '%s day', '%s days', $days, 'userfeedback' ), number_format_i18n( $days ) );
	}

	private function now(): int {
		return null !== $this->clock ? ( $this->clock )() : time();
	}
}
