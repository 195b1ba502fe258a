<?php
/**
 * Plugin Name:       UserFeedback Targeting
 * Plugin URI:        https://userfeedback.com/addons/
 * Description:       Show UserFeedback surveys only on the pages and devices you choose. Needs the UserFeedback plugin with a Pro licence.
 * Version:           1.0.0
 * Requires at least: 6.6
 * Requires PHP:      8.1
 * Author:            UserFeedback
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       userfeedback
 *
 * The feature code lives in the UserFeedback plugin; this addon only tells it that the addon is active
 * (the userfeedback_active_addons filter, read by UserFeedback\Licensing\Entitlements). Not "Requires
 * Plugins: userfeedback": the main plugin's folder may be named otherwise (a Pro build installed by
 * hand), so the addon checks on plugins_loaded that UserFeedback is loaded and says so when it is not.
 *
 * It declares no functions, classes or constants, so that loading it twice is harmless.
 *
 * @package UserFeedback
 */

defined( 'ABSPATH' ) || exit;

add_filter(
	'userfeedback_active_addons',
	static function ( $addons ) {
		$addons   = is_array( $addons ) ? $addons : array();
		$addons[] = 'targeting';
		return array_values( array_unique( $addons ) );
	}
);

add_action(
	'plugins_loaded',
	static function () {
		if ( class_exists( 'UserFeedback\\Plugin', false ) ) {
			return;
		}
		add_action(
			'admin_notices',
			static function () {
				if ( ! current_user_can( 'activate_plugins' ) ) {
					return;
				}
				printf(
					'<div class="notice notice-warning"><p>%s</p></div>',
					esc_html(
						sprintf(
							/* translators: %s: the addon's name. */
							__( '%s needs the UserFeedback plugin. Please install and activate UserFeedback to use it.', 'userfeedback' ),
							'UserFeedback Targeting'
						)
					)
				);
			}
		);
	}
);
