<?php
/**
 * Installs WordPress in a site folder prepared by uf_site_create (scripts/lib.sh) and
 * activates the UserFeedback plugin.
 *
 *   php scripts/wp-install.php [--multisite] SITE_DIR URL
 *
 * Two PHP processes, on purpose: the install runs with WP_INSTALLING (no plugins load), and
 * the plugin must then be activated in a normal boot, as it would be on a real site. This
 * script re-runs itself with --activate for the second step.
 *
 * --multisite: the site's wp-config.php holds the constants of a subdirectory network, which
 * apply unless UF_NETWORK_SETUP is defined (uf_multisite_config in scripts/lib.sh). The first
 * step then installs the single site and turns it into the network as wp-admin/network.php
 * does (install_network(), populate_network()); the second boots the network and
 * network-activates the plugin.
 *
 * Exit status: 0 when installed and activated; 1 with the reason on stderr otherwise.
 */

if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}

$uf_args      = array_slice( $argv, 1 );
$uf_activate  = in_array( '--activate', $uf_args, true );
$uf_multisite = in_array( '--multisite', $uf_args, true );
$uf_args      = array_values( array_diff( $uf_args, array( '--activate', '--multisite' ) ) );
if ( count( $uf_args ) !== 2 ) {
	fwrite( STDERR, "usage: php wp-install.php [--multisite] SITE_DIR URL\n" );
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
	if ( $uf_multisite ) {
		// Boot as the single site the network grows from: the network constants of wp-config.php
		// would send this boot looking for network tables that do not exist yet.
		define( 'UF_NETWORK_SETUP', true );
	}
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

	if ( $uf_multisite ) {
		if ( is_multisite() ) {
			fwrite( STDERR, "wp-install: $uf_site/wp-config.php defines MULTISITE during the network setup; it must wait for UF_NETWORK_SETUP (see uf_multisite_config in scripts/lib.sh)\n" );
			exit( 1 );
		}
		// What wp-admin/network.php does on a single site: name the network tables, create
		// them, and record the network with this site as its main site. Subdirectories, so no
		// wildcard DNS check (that one needs the network). The domain keeps the port: the
		// network's sites are all on 127.0.0.1:PORT, told apart by their path.
		foreach ( $wpdb->tables( 'ms_global' ) as $uf_table => $uf_prefixed_table ) {
			$wpdb->$uf_table = $uf_prefixed_table;
		}
		install_network();
		$uf_result = populate_network( 1, $uf_host, 'admin@example.com', 'UserFeedback Dev', '/', false );
		if ( is_wp_error( $uf_result ) ) {
			fwrite( STDERR, 'wp-install: populate_network() failed: ' . wp_strip_all_tags( $uf_result->get_error_message() ) . "\n" );
			exit( 1 );
		}
		foreach ( array( $wpdb->site, $wpdb->blogs, $wpdb->sitemeta ) as $uf_table ) {
			if ( ! $wpdb->get_var( "SELECT COUNT(*) FROM $uf_table" ) ) { // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
				fwrite( STDERR, "wp-install: the network table $uf_table is missing or empty after populate_network(): {$wpdb->last_error}\n" );
				exit( 1 );
			}
		}
	}

	// Second step in a fresh process: constants and hooks of the install must not leak in.
	$uf_cmd = escapeshellarg( PHP_BINARY ) . ' ' . escapeshellarg( __FILE__ ) . ' --activate '
		. ( $uf_multisite ? '--multisite ' : '' )
		. escapeshellarg( $uf_site ) . ' ' . escapeshellarg( $uf_url );
	passthru( $uf_cmd, $uf_status );
	exit( $uf_status );
}

require $uf_site . '/wp-load.php';
ini_set( 'display_errors', 'stderr' );
require_once ABSPATH . 'wp-admin/includes/plugin.php';

$uf_plugin = 'userfeedback/userfeedback.php';
if ( $uf_multisite !== is_multisite() ) {
	fwrite( STDERR, 'wp-install: ' . ( $uf_multisite ? "$uf_site boots as a single site, not as the network just installed (are the network constants in wp-config.php?)" : "$uf_site boots as a multisite network; pass --multisite" ) . "\n" );
	exit( 1 );
}
// Activation hooks may check capabilities, as they would when an admin clicks "Activate"
// (user 1 is the network's super admin on multisite).
wp_set_current_user( 1 );
// On a network, network-wide: the plugin then runs on every site, and on each new one.
$uf_result = activate_plugin( $uf_plugin, '', $uf_multisite );
if ( is_wp_error( $uf_result ) ) {
	$uf_message = $uf_result->get_error_message();
	$uf_output  = $uf_result->get_error_data();
	fwrite( STDERR, "wp-install: activating $uf_plugin failed: $uf_message\n" );
	if ( is_string( $uf_output ) && '' !== $uf_output ) {
		fwrite( STDERR, "wp-install: output during activation:\n$uf_output\n" );
	}
	exit( 1 );
}
if ( ! ( $uf_multisite ? is_plugin_active_for_network( $uf_plugin ) : is_plugin_active( $uf_plugin ) ) ) {
	fwrite( STDERR, "wp-install: $uf_plugin is not " . ( $uf_multisite ? 'network-' : '' ) . "active after activation\n" );
	exit( 1 );
}
exit( 0 );
