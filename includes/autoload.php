<?php
/**
 * Autoloading: Composer's when `composer install` has run, otherwise the same PSR-4 map by hand,
 * so the plugin works straight from a zip.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

defined( 'ABSPATH' ) || exit;

if ( is_readable( dirname( __DIR__ ) . '/vendor/autoload.php' ) ) {
	require_once dirname( __DIR__ ) . '/vendor/autoload.php';
}

spl_autoload_register(
	static function ( string $class_name ): void {
		$prefix = 'UserFeedback\\';
		if ( ! str_starts_with( $class_name, $prefix ) || str_starts_with( $class_name, 'UserFeedback\\Tests\\' ) ) {
			return;
		}
		$file = __DIR__ . '/' . str_replace( '\\', '/', substr( $class_name, strlen( $prefix ) ) ) . '.php';
		if ( is_readable( $file ) ) {
			require_once $file;
		}
	}
);
