<?php
/**
 * Plugin Name:       UserFeedback Behavior
 * Plugin URI:        https://userfeedback.com/addons/
 * Description:       Choose when UserFeedback surveys appear (after a delay, on exit intent or halfway down the page), how often they show, and where visitors go after answering. Needs the UserFeedback plugin with a Pro licence.
 * Version:           1.0.0
 * Requires at least: 6.6
 * Requires PHP:      8.1
 * Author:            UserFeedback
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       userfeedback
 * Requires Plugins:  userfeedback
 *
 * The feature code lives in the UserFeedback plugin; this addon only tells it that the addon is active
 * (the userfeedback_active_addons filter, read by UserFeedback\Licensing\Entitlements). WordPress itself
 * keeps it from being activated without UserFeedback ("Requires Plugins"). It declares no functions,
 * classes or constants, so that loading it twice is harmless.
 *
 * @package UserFeedback
 */

defined( 'ABSPATH' ) || exit;

add_filter(
	'userfeedback_active_addons',
	static function ( $addons ) {
		$addons   = is_array( $addons ) ? $addons : array();
		$addons[] = 'behavior';
		return array_values( array_unique( $addons ) );
	}
);
