<?php
/**
 * Plugin Name:       UserFeedback
 * Plugin URI:        https://userfeedback.com/
 * Description:       On-site surveys: build short surveys in wp-admin, show them to visitors in a floating widget, an inline block or a shortcode, and read the results.
 * Version:           0.1.0
 * Requires at least: 6.6
 * Requires PHP:      8.1
 * Author:            UserFeedback
 * License:           GPL-2.0-or-later
 * License URI:       https://www.gnu.org/licenses/gpl-2.0.html
 * Text Domain:       userfeedback
 * Domain Path:       /languages
 *
 * @package UserFeedback
 */

// This file must stay parseable by old PHP versions so that the version notice below can show.

defined( 'ABSPATH' ) || exit;

if ( version_compare( PHP_VERSION, '8.1', '<' ) ) {
	add_action(
		'admin_notices',
		static function () {
			printf(
				'<div class="notice notice-error"><p>%s</p></div>',
				esc_html__( 'UserFeedback needs PHP 8.1 or newer. Please ask your host to upgrade PHP.', 'userfeedback' )
			);
		}
	);
	return;
}

// The Pro build is this same code with edition.php beside this file (written by `npm run package`):
// it defines USERFEEDBACK_EDITION as 'pro'. The Lite build has no such file.
if ( is_readable( __DIR__ . '/edition.php' ) ) {
	require_once __DIR__ . '/edition.php';
}

define( 'USERFEEDBACK_VERSION', '0.1.0' );
define( 'USERFEEDBACK_FILE', __FILE__ );
define( 'USERFEEDBACK_DIR', __DIR__ . '/' );

require_once __DIR__ . '/includes/autoload.php';

\UserFeedback\Plugin::boot( __FILE__ );
