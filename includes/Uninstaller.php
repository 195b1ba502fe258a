<?php
/**
 * Removes UserFeedback's tables, options and capabilities from each site that chose
 * "Delete all UserFeedback data when the plugin is uninstalled".
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback;

use UserFeedback\Access\Capabilities;
use UserFeedback\Admin\SettingsBlurb;
use UserFeedback\Database\Migrator;
use UserFeedback\Licensing\LicenseCheck;
use UserFeedback\Notifications\Email\ResponseEmailQueue;
use UserFeedback\Notifications\Email\WeeklySummary;
use UserFeedback\Notifications\NotificationService;
use UserFeedback\Notifications\Producers;
use UserFeedback\Notifications\ServerNotices;
use UserFeedback\PostRatings\RatingRepository;
use UserFeedback\Responses\PartialCloser;
use UserFeedback\Settings\SettingsRepository;
use UserFeedback\Surveys\SurveyRepository;

defined( 'ABSPATH' ) || exit;
// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- options: the uninstall finds the plugin's option and transient names by prefix once, then deletes each through delete_option() / delete_transient(), which clear their cached copies; there is nothing to cache.

final class Uninstaller {

	public function run(): void {
		if ( ! is_multisite() ) {
			$this->uninstall_site();
			return;
		}
		foreach ( get_sites(
			array(
				'fields' => 'ids',
				'number' => 0,
			)
		) as $site_id ) {
			switch_to_blog( (int) $site_id );
			try {
				$this->uninstall_site();
			} finally {
				restore_current_blog();
			}
		}
	}

	private function uninstall_site(): void {
		global $wpdb;
		// The plugin's scheduled events would only fail once it is gone, whatever the data setting says.
		wp_clear_scheduled_hook( LicenseCheck::HOOK );
		wp_clear_scheduled_hook( Producers::HOOK );
		wp_clear_scheduled_hook( WeeklySummary::HOOK );
		// The response email queue's recurring event; wp_unschedule_hook() also removes any stray copy.
		// Its cursor, retry list and lock are userfeedback_ options: the sweep below removes them.
		wp_unschedule_hook( ResponseEmailQueue::HOOK );
		wp_unschedule_hook( PartialCloser::HOOK );
		wp_unschedule_hook( \UserFeedback\Responses\RetentionPurge::HOOK );
		// The webhook queue's (its cursor and lock are userfeedback_ options too).
		wp_unschedule_hook( \UserFeedback\Webhooks\WebhookQueue::HOOK );
		// The single events of a migration's unfinished work: the rollups' rebuild, the search table's fill.
		wp_unschedule_hook( \UserFeedback\Database\Rollups::REBUILD_HOOK );
		wp_unschedule_hook( \UserFeedback\Database\AnswerTerms::FILL_HOOK );

		$settings = get_option( SettingsRepository::OPTION, array() );
		if ( ! is_array( $settings ) || empty( $settings['uninstall_delete_data'] ) ) {
			return;
		}

		( new Migrator() )->drop_tables();
		( new Capabilities() )->remove_all();

		// A plain prefix pattern, then the exact prefix in PHP: no escaping of "_" to get right per engine.
		$options = $wpdb->get_col(
			$wpdb->prepare( 'SELECT option_name FROM %i WHERE option_name LIKE %s', $wpdb->options, 'userfeedback%' )
		);
		foreach ( $options as $option ) {
			if ( str_starts_with( $option, 'userfeedback_' ) ) {
				delete_option( $option );
			}
		}
		// Transients (the addon package URLs): delete_transient() also clears an object-cache copy.
		$transients = $wpdb->get_col(
			$wpdb->prepare( 'SELECT option_name FROM %i WHERE option_name LIKE %s', $wpdb->options, '_transient_userfeedback%' )
		);
		foreach ( $transients as $transient ) {
			if ( str_starts_with( $transient, '_transient_userfeedback_' ) ) {
				delete_transient( substr( $transient, strlen( '_transient_' ) ) );
			}
		}
		foreach ( array( SettingsBlurb::USER_META, NotificationService::USER_META, ServerNotices::USER_META ) as $meta_key ) {
			delete_metadata( 'user', 0, $meta_key, '', true );
		}
		// Only our own cache group is invalidated; a full object-cache flush would hit every site on the server.
		wp_cache_set_last_changed( SurveyRepository::CACHE_GROUP );
		// The post-rating summaries kept per post (the settings option, userfeedback_post_ratings, went
		// with the prefix sweep above, the ratings with the tables). Where the cache cannot flush one
		// group, the entries expire within a day.
		if ( wp_cache_supports( 'flush_group' ) ) {
			wp_cache_flush_group( RatingRepository::CACHE_GROUP );
		}
	}
}
