<?php
/**
 * Installs WordPress in a site folder prepared by uf_site_create (scripts/lib.sh) and
 * activates the UserFeedback plugin.
 *
 *   php scripts/wp-install.php SITE_DIR URL
 *
 * Two PHP processes, on purpose: the install runs with WP_INSTALLING (no plugins load), and
 * the plugin must then be activated in a normal boot, as it would be on a real site. This
 * script re-runs itself with --activate for the second step.
 *
 * Exit status: 0 when installed and activated; 1 with the reason on stderr otherwise.
 */

if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}

$uf_args     = array_slice( $argv, 1 );
$uf_activate = in_array( '--activate', $uf_args, true );
$uf_args     = array_values( array_diff( $uf_args, array( '--activate' ) ) );
if ( count( $uf_args ) !== 2 ) {
	fwrite( STDERR, "usage: php wp-install.php SITE_DIR URL\n" );
	exit( 2 );
}
list( $uf_site, $uf_url ) = $uf_args;
$uf_site                  = rtrim( (string) realpath( $uf_site ), '/' );
if ( '' === $uf_site || ! is_file( $uf_site . '/wp-config.php' ) ) {
	fwrite( STDERR, "wp-install: no wp-config.php in {$uf_args[0]}\n" );
	exit( 1 );
}

// WordPress reads these in a CLI boot too (is_ssl, wp_guess_url, wp_die's exit code).
$uf_host                        = (string) parse_url( $uf_url, PHP_URL_HOST ) . ( parse_url( $uf_url, PHP_URL_PORT ) ? ':' . parse_url( $uf_url, PHP_URL_PORT ) : '' );
$_SERVER['HTTP_HOST']           = $uf_host;
$_SERVER['SERVER_NAME']         = (string) parse_url( $uf_url, PHP_URL_HOST );
$_SERVER['SERVER_PORT']         = (string) ( parse_url( $uf_url, PHP_URL_PORT ) ?? 80 );
$_SERVER['REQUEST_URI']         = '/';
$_SERVER['REQUEST_METHOD']      = 'GET';
$_SERVER['SERVER_PROTOCOL']     = 'HTTP/1.1';
$_SERVER['REMOTE_ADDR']         = '127.0.0.1';
$_SERVER['HTTP_USER_AGENT']     = 'userfeedback-wp-install';

// A fatal error must reach the terminal as PHP's own message, not as the HTML "critical
// error" page; wp_debug_mode() turns display_errors off (WP_DEBUG_DISPLAY false), so it is
// turned back on, to stderr, after each boot.
define( 'WP_DISABLE_FATAL_ERROR_HANDLER', true );

if ( ! $uf_activate ) {
	define( 'WP_INSTALLING', true );
	require $uf_site . '/wp-load.php';
	ini_set( 'display_errors', 'stderr' );
	require_once ABSPATH . 'wp-admin/includes/upgrade.php';

	if ( is_blog_installed() ) {
		fwrite( STDERR, "wp-install: WordPress is already installed in $uf_site\n" );
		exit( 1 );
	}

	// No mail server here; wp_install() would try to send the "new site" mail.
	add_filter( 'pre_wp_mail', '__return_false' );

	$uf_result = wp_install( 'UserFeedback Dev', 'admin', 'admin@example.com', true, '', 'password' );
	if ( is_wp_error( $uf_result ) || empty( $uf_result['user_id'] ) ) {
		fwrite( STDERR, 'wp-install: wp_install() failed: ' . ( is_wp_error( $uf_result ) ? $uf_result->get_error_message() : 'no user created' ) . "\n" );
		exit( 1 );
	}

	update_option( 'show_avatars', 0 );
	update_option( 'timezone_string', 'America/New_York' );

	global $wp_rewrite;
	$wp_rewrite->set_permalink_structure( '/%postname%/' );
	// Soft flush: there is no .htaccess for php -S (scripts/router.php does its job).
	flush_rewrite_rules( false );

	// Second step in a fresh process: constants and hooks of the install must not leak in.
	$uf_cmd = escapeshellarg( PHP_BINARY ) . ' ' . escapeshellarg( __FILE__ ) . ' --activate '
		. escapeshellarg( $uf_site ) . ' ' . escapeshellarg( $uf_url );
	passthru( $uf_cmd, $uf_status );
	exit( $uf_status );
}

require $uf_site . '/wp-load.php';
ini_set( 'display_errors', 'stderr' );
require_once ABSPATH . 'wp-admin/includes/plugin.php';

$uf_plugin = 'userfeedback/userfeedback.php';
// Activation hooks may check capabilities, as they would when an admin clicks "Activate".
wp_set_current_user( 1 );
$uf_result = activate_plugin( $uf_plugin );
if ( is_wp_error( $uf_result ) ) {
	$uf_message = $uf_result->get_error_message();
	$uf_output  = $uf_result->get_error_data();
	fwrite( STDERR, "wp-install: activating $uf_plugin failed: $uf_message\n" );
	if ( is_string( $uf_output ) && '' !== $uf_output ) {
		fwrite( STDERR, "wp-install: output during activation:\n$uf_output\n" );
	}
	exit( 1 );
}
if ( ! is_plugin_active( $uf_plugin ) ) {
	fwrite( STDERR, "wp-install: $uf_plugin is not active after activation\n" );
	exit( 1 );
}
exit( 0 );
