<?php
/**
 * Removes UserFeedback's tables, options and capabilities, but only when the site chose
 * "Delete all UserFeedback data when the plugin is uninstalled" in Settings > Misc.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

defined( 'WP_UNINSTALL_PLUGIN' ) || exit;

if ( ! defined( 'USERFEEDBACK_FILE' ) ) {
	define( 'USERFEEDBACK_FILE', __DIR__ . '/userfeedback.php' );
	define( 'USERFEEDBACK_DIR', __DIR__ . '/' );
}
require_once __DIR__ . '/includes/autoload.php';

/**
 * Removes the current site's data when its settings ask for it.
 */
function userfeedback_uninstall_site(): void {
	global $wpdb;
	$settings = get_option( \UserFeedback\Settings\SettingsRepository::OPTION, array() );
	if ( ! is_array( $settings ) || empty( $settings['uninstall_delete_data'] ) ) {
		return;
	}

	( new \UserFeedback\Database\Migrator() )->drop_tables();
	( new \UserFeedback\Access\Capabilities() )->remove_all();

	$options = $wpdb->get_col(
		$wpdb->prepare( 'SELECT option_name FROM %i WHERE option_name LIKE %s', $wpdb->options, $wpdb->esc_like( 'userfeedback_' ) . '%' )
	);
	foreach ( $options as $option ) {
		delete_option( $option );
	}
	// Only our own cache group is invalidated; a full object-cache flush would hit every site on the server.
	wp_cache_set_last_changed( \UserFeedback\Surveys\SurveyRepository::CACHE_GROUP );
}

if ( is_multisite() ) {
	foreach ( get_sites(
		array(
			'fields' => 'ids',
			'number' => 0,
		)
	) as $userfeedback_site_id ) {
		switch_to_blog( (int) $userfeedback_site_id );
		userfeedback_uninstall_site();
		restore_current_blog();
	}
} else {
	userfeedback_uninstall_site();
}
