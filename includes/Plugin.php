<?php
/**
 * Composition root: builds the plugin's objects once and lets each hook itself up in register().
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback;

use UserFeedback\Access\Capabilities;
use UserFeedback\Admin\AdminPages;
use UserFeedback\Admin\BootConfig;
use UserFeedback\Admin\PluginInstaller;
use UserFeedback\Database\Migrator;
use UserFeedback\Frontend\InlineSurvey;
use UserFeedback\Frontend\SurveyBlock;
use UserFeedback\Frontend\SurveyShortcode;
use UserFeedback\Frontend\VisitorSurveys;
use UserFeedback\Frontend\WidgetLoader;
use UserFeedback\Licensing\Entitlements;
use UserFeedback\Rest\RateLimiter;
use UserFeedback\Responses\OpenSurveys;
use UserFeedback\Responses\ResponseRepository;
use UserFeedback\Responses\ResponseService;
use UserFeedback\Responses\VisitorController;
use UserFeedback\Settings\SettingsController;
use UserFeedback\Settings\SettingsRepository;
use UserFeedback\Settings\SettingsService;
use UserFeedback\Surveys\SurveyRepository;
use UserFeedback\Surveys\SurveysController;

defined( 'ABSPATH' ) || exit;

final class Plugin {

	private static ?self $instance = null;

	private ?Entitlements $entitlements = null;

	public readonly Migrator $migrator;
	public readonly Capabilities $capabilities;
	public readonly SettingsRepository $settings;
	public readonly SurveyRepository $surveys;

	private function __construct( public readonly string $file ) {
		// Version 5 added the per-post vote totals: counted once from the votes of an older site.
		// Version 6 added the started and completed times, filled from submitted_at for older responses.
		// Version 7 added the respondent's email (for the privacy tools), filled from older responses' answers.
		// Version 8 added theming.source: older surveys follow the site's look unless they had their own.
		$this->migrator = new Migrator(
			new Database\Rollups(),
			array(
				5  => array( new PostRatings\RatingRepository(), 'rebuild_totals' ),
				6  => array( new Responses\ResponseRepository(), 'fill_times' ),
				7  => array( new Responses\ResponseRepository(), 'fill_emails' ),
				8  => array( new Surveys\LookMigration(), 'run' ),
				// Version 10: the responses list keeps no snapshots any more (issue 19); their options go.
				10 => array( Responses\AdminResponseRepository::class, 'forget_snapshots' ),
				// Version 11: the trash's count is a rollup too (Rollups::METRIC_TRASHED), counted once here.
				11 => array( new Database\Rollups(), 'fill_trashed' ),
				// Version 12: the anchors of the responses list by id and of the partial list (daily_partials, id_blocks).
				12 => array( new Database\Rollups(), 'fill_anchors' ),
				// Version 13: the search table (AnswerTerms), filled in the background.
				13 => array( new Database\AnswerTerms(), 'start_fill' ),
			)
		);
		$this->capabilities = new Capabilities();
		$this->settings     = new SettingsRepository();
		$this->surveys      = new SurveyRepository();
	}

	public static function boot( string $file ): self {
		if ( null === self::$instance ) {
			self::$instance = new self( $file );
			self::$instance->register();
		}
		return self::$instance;
	}

	public static function instance(): self {
		if ( null === self::$instance ) {
			throw new \LogicException( 'UserFeedback has not booted yet.' );
		}
		return self::$instance;
	}

	/**
	 * Entitlements are computed on first use (after plugins_loaded, so addons have registered) and
	 * then kept for the request.
	 */
	public function entitlements(): Entitlements {
		return $this->entitlements ??= Entitlements::from_site();
	}

	/**
	 * Replaces the entitlements for the rest of the request (the licence client after a change; tests),
	 * or, with null, forgets them so that they are computed again from the site.
	 */
	public function use_entitlements( ?Entitlements $entitlements ): void {
		$this->entitlements = $entitlements;
	}

	private function register(): void {
		register_activation_hook( $this->file, array( $this, 'activate' ) );
		add_action( 'wp_initialize_site', array( $this, 'initialize_site' ), 200 );
		add_action( 'init', array( $this, 'load_textdomain' ) );

		$entitlements    = \Closure::fromCallable( array( $this, 'entitlements' ) );
		$visitor_surveys = new VisitorSurveys( $this->surveys );
		$widget_loader   = new WidgetLoader( $visitor_surveys, $this->settings, $entitlements );
		$inline_survey   = new InlineSurvey( $visitor_surveys, $widget_loader, $this->surveys );
		$licenses        = new Licensing\LicenseService( new Licensing\StoreClient() );
		$installer       = new PluginInstaller();
		$notifications   = new Notifications\NotificationStore();
		$server_notices  = new Notifications\ServerNotices( $entitlements, $licenses->store() );
		$email_queue     = new Notifications\Email\ResponseEmailQueue( $this->surveys, $this->settings, $entitlements );
		// Webhooks: the routes, and the queue that sends from WP-Cron.
		[ $webhooks, $webhook_queue ] = Webhooks\WebhooksController::compose( $this->surveys, $entitlements );
		$components                   = array(
			$this->migrator,
			new SettingsController( new SettingsService( $this->settings, $this->capabilities, $entitlements ) ),
			SurveysController::compose( $this->surveys, $this->settings, $entitlements ),
			Surveys\SurveyFilesController::compose( $this->surveys, $this->settings, $entitlements ),
			new AdminPages( new BootConfig( $this->capabilities, $entitlements, $server_notices ) ),
			$installer,
			new Admin\Integrations( $installer ),
			new Settings\AutoUpdates( $this->settings ),
			new Licensing\Updater( $entitlements, $licenses->store(), $this->file ),
			new Access\RolesController(),
			new Addons\AddonsAjax( new Addons\AddonCatalog( $entitlements, $licenses->store() ), $installer ),
			$widget_loader,
			new SurveyShortcode( $inline_survey ),
			new SurveyBlock( $inline_survey, $widget_loader ),
			new PostRatings\Frontend\RatingDisplay( new PostRatings\RatingSettingsRepository(), new PostRatings\RatingRepository(), $entitlements ),
			new Frontend\SurveyBodyController( $visitor_surveys, $widget_loader, $this->settings ),
			new VisitorController( new ResponseService( new OpenSurveys( $this->surveys ), new ResponseRepository(), new RateLimiter(), $this->settings, $entitlements ) ),
			new Responses\ResponsesController( new Responses\AdminResponseService( $this->surveys, new Responses\AdminResponseRepository(), $entitlements ) ),
			new Privacy\PersonalData( $this->surveys ),
			new Exports\ExportPage( $this->surveys, new Exports\Exporter( new Exports\ExportRepository() ), $entitlements ),
			new Ai\AiSummaryController( new Ai\AiSummaryService( $this->surveys, $this->settings, new Ai\AiAnswerRepository(), new Ai\SummaryStore(), new RateLimiter(), $entitlements ) ),
			new Results\ResultsController( new Results\ResultsService( new Results\ResultsRepository(), $this->surveys, $entitlements ) ),
			new Results\ResultsCache(),
			PostRatings\PostRatingsController::compose( $this->settings, $entitlements ),
			new PostRatings\RatingCleanup( new PostRatings\RatingRepository() ),
			new Licensing\LicenseAjax( $licenses, new Licensing\LicenseConnect( $licenses, $entitlements ) ),
			new Licensing\LicenseCheck( $licenses ),
			new Admin\SettingsBlurb( $entitlements ),
			new Notifications\Producers( $notifications, $this->surveys ),
			new Notifications\NotificationsController( new Notifications\NotificationService( $notifications, new Notifications\RemoteFeed( $this->settings ), $licenses ) ),
			new Notifications\NoticesAjax( $server_notices ),
			$email_queue,
			$webhooks,
			$webhook_queue,
			new Responses\PartialCloser( $this->surveys, new ResponseRepository(), \Closure::fromCallable( array( $email_queue, 'send' ) ) ),
			new Responses\RetentionPurge( $this->settings, $notifications, file: $this->file ),
			new Notifications\Email\WeeklySummary( $this->surveys, $this->settings ),
			new Admin\WelcomeRedirect(),
			new Admin\SiteHealth( $this->migrator, $this->settings, $entitlements ),
			new Privacy\PolicyText( $this->settings ),
		);
		foreach ( $components as $component ) {
			$component->register();
		}
	}

	public function load_textdomain(): void {
		load_plugin_textdomain( 'userfeedback', false, dirname( plugin_basename( $this->file ) ) . '/languages' );
	}

	/**
	 * Tables and capabilities on every site the plugin is activated for.
	 */
	public function activate( bool $network_wide = false ): void {
		if ( is_multisite() && $network_wide ) {
			foreach ( get_sites(
				array(
					'fields' => 'ids',
					'number' => 0,
				)
			) as $site_id ) {
				switch_to_blog( (int) $site_id );
				try {
					$this->activate_site();
				} finally {
					restore_current_blog();
				}
			}
			return;
		}
		$this->activate_site();
	}

	/**
	 * A new site of a network where the plugin is network-active is set up as activation would.
	 * Priority 200: after core has created the site's own tables.
	 */
	public function initialize_site( \WP_Site $site ): void {
		if ( ! function_exists( 'is_plugin_active_for_network' ) ) {
			require_once ABSPATH . 'wp-admin/includes/plugin.php';
		}
		if ( ! is_plugin_active_for_network( plugin_basename( $this->file ) ) ) {
			return;
		}
		switch_to_blog( (int) $site->blog_id );
		try {
			$this->activate_site();
		} finally {
			restore_current_blog();
		}
	}

	private function activate_site(): void {
		$this->migrator->migrate();
		$this->capabilities->grant_defaults();
		// add_option() adds only what is not there yet: true means this site never had the plugin.
		if ( add_option( 'userfeedback_installed_at', time(), '', false ) ) {
			Admin\WelcomeRedirect::raise();
		}
	}
}
