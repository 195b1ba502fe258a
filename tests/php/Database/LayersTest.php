<?php
/**
 * The layer rules of the plumbing, read from the source: only Database\Transaction writes transaction
 * statements; the Database layer knows neither the REST layer nor a feature's repository (the Migrator
 * is given its upgrade steps); the notification producers run no SQL of their own.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Database;

use UserFeedback\Tests\TestCase;

final class LayersTest extends TestCase {

	private static function includes(): string {
		return dirname( __DIR__, 3 ) . '/includes';
	}

	/**
	 * @return array<string,string> Path relative to includes/ => source.
	 */
	private static function sources( string $folder = '' ): array {
		$root    = self::includes();
		$sources = array();
		$files   = new \RecursiveIteratorIterator( new \RecursiveDirectoryIterator( $root . ( '' === $folder ? '' : '/' . $folder ), \FilesystemIterator::SKIP_DOTS ) );
		foreach ( $files as $file ) {
			if ( 'php' === $file->getExtension() ) {
				$sources[ substr( (string) $file->getPathname(), strlen( $root ) + 1 ) ] = (string) file_get_contents( (string) $file->getPathname() );
			}
		}
		ksort( $sources );
		return $sources;
	}

	public function test_only_the_transaction_class_writes_transaction_statements(): void {
		$found = array();
		foreach ( self::sources() as $path => $source ) {
			if ( preg_match( '/[\'"]\s*(START TRANSACTION|BEGIN|COMMIT|ROLLBACK|SAVEPOINT)\b/i', $source ) ) {
				$found[] = $path;
			}
		}
		$this->assertSame( array( 'Database/Transaction.php' ), $found );
	}

	public function test_the_database_layer_knows_neither_rest_nor_a_features_repository(): void {
		foreach ( self::sources( 'Database' ) as $path => $source ) {
			foreach ( array( 'UserFeedback\\Rest', 'ApiException', 'PostRatings', 'Notifications', 'Responses\\', 'Exports' ) as $name ) {
				$this->assertStringNotContainsString( $name, $source, "$path names $name." );
			}
		}
	}

	public function test_the_notification_producers_leave_sql_to_the_repositories(): void {
		$source = self::sources( 'Notifications' )['Notifications/Producers.php'];
		$this->assertStringNotContainsString( '$wpdb', $source );
		$this->assertStringNotContainsString( 'Schema::', $source );
	}
}
