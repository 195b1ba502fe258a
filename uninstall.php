<?php
/**
 * Uninstall: data is removed only where the site asked for it (Settings > Misc), see Uninstaller.
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

( new \UserFeedback\Uninstaller() )->run();
