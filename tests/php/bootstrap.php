<?php
/**
 * PHPUnit bootstrap: loads the WordPress site that scripts/test-php.sh prepared.
 *
 * The site in UF_TEST_SITE is already installed (scripts/wp-install.php) with the plugin
 * active, so this boots it like any request would: no WP_INSTALLING, no core test library
 * (it is not available offline), nothing loaded besides WordPress and its active plugins.
 *
 * Run it by hand against a kept site:
 *   UF_KEEP_TEST_SITE=1 UF_DB=sqlite npm run test:php
 *   UF_TEST_SITE=.dev/phpunit-sqlite-<pid>/site UF_DB=sqlite phpunit --filter ...
 */

declare( strict_types=1 );

$uf_test_site = getenv( 'UF_TEST_SITE' );
if ( ! is_string( $uf_test_site ) || '' === $uf_test_site || ! is_file( $uf_test_site . '/wp-config.php' ) ) {
	fwrite( STDERR, "UF_TEST_SITE must name an installed test site; run the tests with `npm run test:php`.\n" );
	exit( 1 );
}
$uf_test_site = (string) realpath( $uf_test_site );

spl_autoload_register(
	static function ( string $class ): void {
		$prefix = 'UserFeedback\\Tests\\';
		if ( 0 !== strncmp( $class, $prefix, strlen( $prefix ) ) ) {
			return;
		}
		$file = __DIR__ . '/' . str_replace( '\\', '/', substr( $class, strlen( $prefix ) ) ) . '.php';
		if ( is_file( $file ) ) {
			require $file;
		}
	}
);

// What a request to the site would carry; WordPress reads these during boot even on the CLI.
$uf_test_port               = trim( (string) @file_get_contents( $uf_test_site . '/.uf-port' ) );
$_SERVER['HTTP_HOST']       = '127.0.0.1' . ( '' !== $uf_test_port ? ':' . $uf_test_port : '' );
$_SERVER['SERVER_NAME']     = '127.0.0.1';
$_SERVER['SERVER_PORT']     = '' !== $uf_test_port ? $uf_test_port : '80';
$_SERVER['REQUEST_URI']     = '/';
$_SERVER['REQUEST_METHOD']  = 'GET';
$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';
$_SERVER['REMOTE_ADDR']     = '127.0.0.1';
$_SERVER['HTTP_USER_AGENT'] = 'userfeedback-phpunit';

// PHPUnit includes this file from inside a method, so WordPress's files would otherwise
// run in a function scope. wp-settings.php assigns these without $GLOBALS, and code
// everywhere reads them with `global` (the same list as WordPress's own test bootstrap,
// plus the table prefix from wp-config.php).
// phpcs:ignore
global $wpdb, $current_site, $current_blog, $wp_rewrite, $shortcode_tags, $wp, $phpmailer, $wp_theme_directories, $table_prefix;

// A fatal error must show up in PHPUnit's output, not as WordPress's "critical error" page
// on stdout or only in debug.log: no recovery-mode handler, and errors displayed on stderr
// (wp_debug_mode() has just turned display off, as WP_DEBUG_DISPLAY is false).
define( 'WP_DISABLE_FATAL_ERROR_HANDLER', true );

require $uf_test_site . '/wp-load.php';

ini_set( 'display_errors', 'stderr' ); // phpcs:ignore WordPress.PHP.IniSet

// The SQLite driver's tokenizer calls strtoupper( null ) on LIKE patterns (PHP 8.1 deprecation).
// PHPUnit turns that into an exception inside the driver, which swallows it and answers an empty
// result: every LIKE query would silently match nothing. On SQLite only, leave engine-level
// deprecations (E_DEPRECATED) out; WordPress's own (E_USER_DEPRECATED) still fail the test, and the
// MariaDB run keeps every deprecation fatal, so the plugin's code is still held to it.
error_reporting( 'sqlite' === getenv( 'UF_DB' ) ? E_ALL & ~E_DEPRECATED : E_ALL ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.prevent_path_disclosure_error_reporting

if ( ! function_exists( 'is_plugin_active' ) ) {
	require_once ABSPATH . 'wp-admin/includes/plugin.php';
}
if ( ! is_plugin_active( 'userfeedback/userfeedback.php' ) ) {
	fwrite( STDERR, "The plugin userfeedback/userfeedback.php is not active in $uf_test_site.\n" );
	exit( 1 );
}

// Fires rest_api_init once, so that routes exist before the first test.
rest_get_server();
