<?php
/**
 * The one configuration every admin app boots from (printed as the root element's data-config).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Admin;

use UserFeedback\Access\Capabilities;
use UserFeedback\Licensing\Entitlements;

defined( 'ABSPATH' ) || exit;

final class BootConfig {

	public function __construct(
		private readonly Capabilities $capabilities,
		private readonly \Closure $entitlements,
		private readonly \UserFeedback\Notifications\ServerNotices $notices,
	) {}

	/**
	 * @param string $page The app entry (surveys, growth-tools, post-ratings, ...).
	 * @return array<string,mixed>
	 */
	public function for_page( string $page ): array {
		/** @var Entitlements $entitlements */
		$entitlements = ( $this->entitlements )();
		$user         = wp_get_current_user();

		$pages = array();
		foreach ( array_keys( AdminPages::PAGES ) as $name ) {
			$pages[ $name ] = 'admin.php?page=' . AdminPages::slug( $name );
		}

		return array(
			'page'              => $page,
			'version'           => USERFEEDBACK_VERSION,
			'rest'              => array(
				'root'      => esc_url_raw( rest_url() ),
				'namespace' => \UserFeedback\Rest\Controller::NAMESPACE,
				'nonce'     => wp_create_nonce( 'wp_rest' ),
			),
			'ajax'              => array(
				'url'           => admin_url( 'admin-ajax.php' ),
				'nonce'         => wp_create_nonce( AjaxGuard::AJAX_NONCE ),
				'install_nonce' => wp_create_nonce( AjaxGuard::INSTALL_NONCE ),
			),
			'urls'              => array(
				'admin'    => admin_url(),
				'plugin'   => plugins_url( '/', USERFEEDBACK_FILE ),
				'upgrade'  => (string) apply_filters( 'userfeedback_upgrade_url', 'https://userfeedback.com/lite/' ),
				'settings' => 'admin.php?page=' . AdminPages::slug( 'settings' ),
				'pages'    => $pages,
			),
			'site'              => array(
				'timezone'    => wp_timezone_string(),
				'gmt_offset'  => (float) get_option( 'gmt_offset', 0 ),
				'date_format' => (string) get_option( 'date_format' ),
				'time_format' => (string) get_option( 'time_format' ),
				'locale'      => get_user_locale(),
				'admin_email' => (string) get_option( 'admin_email' ),
			),
			'user'              => array(
				'id'           => $user->ID,
				'display_name' => $user->display_name,
				'capabilities' => $this->capabilities->for_current_user(),
			),
			'entitlements'      => $entitlements->to_array(),
			// Exports are browser navigations: exports_url plus the query of results.ts and this nonce.
			'exports_url'       => \UserFeedback\Exports\ExportPage::url(),
			'exports_nonce'     => wp_create_nonce( \UserFeedback\Exports\ExportPage::NONCE ),
			// Notice banners (ServerNotice[]) and the admin URL that opens the notifications drawer.
			'notices'           => $this->notices->for_current_user(),
			'notifications_url' => \UserFeedback\Notifications\NotificationService::view_url(),
			// What each question type is (QuestionTypes) and the survey's limits: the apps state neither again.
			'question_types'    => \UserFeedback\Surveys\QuestionTypes\QuestionTypes::admin_config(),
			'survey_limits'     => \UserFeedback\Surveys\SurveySchema::limits(),
			// Hidden fields' rules (how many, name and key patterns, sources, value length): the builder's checks.
			'hidden_fields'     => \UserFeedback\Responses\HiddenFields::client_rules(),
			// The survey feature table (FeaturePolicy): what a save strips on this site, for the builder's
			// confirmation before it does.
			'feature_policy'    => \UserFeedback\Surveys\FeaturePolicy::client_table( $entitlements ),
			// The colour schemes' presets and the look without branding, for the previews (widgetLook.ts).
			'theme_presets'     => \UserFeedback\Frontend\VisitorTheming::fallbacks(),
			// The site's look (Settings > Widget), which surveys that follow the site (theming.source 'site')
			// get: the builder's look section and live preview resolve it as VisitorTheming does.
			'widget_settings'   => \UserFeedback\Frontend\VisitorTheming::site_settings( ( new \UserFeedback\Settings\SettingsRepository() )->all() ),
			// The upgrade offer Lite sites are shown (spec 3, section 1): Pro's yearly price in US dollars, the
			// Lite discount and the coupon code that gives it, for the Lite vs Pro screen.
			'lite_offer'        => (array) apply_filters(
				'userfeedback_lite_offer',
				array(
					'price_per_year'   => 199,
					'discount_percent' => 50,
					'coupon'           => 'LITEUPGRADE',
				)
			),
			// What an AI summary sends at most (Ai\FeedbackDigest), for the note in Settings > AI Summaries.
			'ai_digest'         => array(
				'max_items'         => \UserFeedback\Ai\FeedbackDigest::MAX_ITEMS,
				'max_chars'         => \UserFeedback\Ai\FeedbackDigest::MAX_CHARS,
				'email_placeholder' => \UserFeedback\Ai\FeedbackDigest::EMAIL_PLACEHOLDER,
			),
			// The site's retention (days; 0 = forever): what a survey that follows it keeps.
			'retention_days'    => (int) ( new \UserFeedback\Settings\SettingsRepository() )->get( 'retention_days' ),
			// The font catalogue (Frontend\Fonts) with each family's stylesheet as this site serves it: the
			// plugin's own files, or Google's when the site opted in (external_fonts). Read by shared/fonts.ts.
			'fonts'             => \UserFeedback\Frontend\Fonts::admin_config( \UserFeedback\Frontend\Fonts::external( ( new \UserFeedback\Settings\SettingsRepository() )->all() ) ),
		);
	}
}
