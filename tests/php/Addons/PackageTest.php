<?php
/**
 * `npm run package` (scripts/package.mjs), run here with UF_SKIP_BUILD=1 into a temporary folder: the
 * Lite and Pro zips and one zip per addon, each with the plugin's folder inside, dev files left out,
 * and the Pro build's edition.php defining the edition.
 *
 * Needs build/ (npm run build) and Node; skipped without them, since PHP tests do not build the apps.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Addons;

use UserFeedback\Licensing\Entitlements;

final class PackageTest extends \PHPUnit\Framework\TestCase {

	private static string $dist = '';

	/** @var array<string,string[]> Zip file => the names inside. */
	private static array $zips = array();

	public static function setUpBeforeClass(): void {
		$root = dirname( __DIR__, 3 );
		if ( ! is_file( $root . '/build/widget/loader.js' ) || ! is_dir( $root . '/node_modules' ) ) {
			return;
		}
		self::$dist = sys_get_temp_dir() . '/uf-package-' . getmypid();
		$env        = getenv();
		$env        = array_merge(
			$env,
			array(
				'UF_SKIP_BUILD' => '1',
				'UF_DIST_DIR'   => self::$dist,
			)
		);
		$process    = proc_open(
			array( 'node', $root . '/scripts/package.mjs' ),
			array(
				0 => array( 'file', '/dev/null', 'r' ),
				1 => array( 'pipe', 'w' ),
				2 => array( 'pipe', 'w' ),
			),
			$pipes,
			$root,
			$env
		);
		if ( ! is_resource( $process ) ) {
			throw new \RuntimeException( 'node could not run' );
		}
		$out    = stream_get_contents( $pipes[1] ) . stream_get_contents( $pipes[2] );
		$status = proc_close( $process );
		if ( 0 !== $status ) {
			throw new \RuntimeException( "npm run package failed ($status): $out" );
		}
		foreach ( (array) glob( self::$dist . '/*.zip' ) as $file ) {
			$zip = new \ZipArchive();
			if ( true !== $zip->open( (string) $file, \ZipArchive::CHECKCONS ) ) {
				throw new \RuntimeException( "$file is not a zip" );
			}
			$names = array();
			for ( $i = 0; $i < $zip->numFiles; $i++ ) {
				$names[] = (string) $zip->getNameIndex( $i );
			}
			$zip->close();
			self::$zips[ basename( (string) $file ) ] = $names;
		}
	}

	public static function tearDownAfterClass(): void {
		foreach ( (array) glob( self::$dist . '/*.zip' ) as $file ) {
			unlink( (string) $file );
		}
		if ( '' !== self::$dist && is_dir( self::$dist ) ) {
			rmdir( self::$dist );
		}
	}

	protected function setUp(): void {
		if ( '' === self::$dist ) {
			$this->markTestSkipped( 'build/ or node_modules/ is missing: run npm run build first.' );
		}
	}

	public function test_writes_the_lite_and_pro_zips_and_one_per_addon(): void {
		$expected = array_merge(
			array( 'userfeedback.zip', 'userfeedback-pro.zip' ),
			array_map( static fn( string $slug ): string => "userfeedback-$slug.zip", Entitlements::ADDONS )
		);
		sort( $expected );
		$actual = array_keys( self::$zips );
		sort( $actual );
		$this->assertSame( $expected, $actual );
	}

	public function test_the_main_zips_hold_the_plugin_folder_without_dev_files(): void {
		foreach ( array( 'userfeedback.zip', 'userfeedback-pro.zip' ) as $file ) {
			$names = self::$zips[ $file ];
			foreach ( $names as $name ) {
				$this->assertStringStartsWith( 'userfeedback/', $name, $file );
				$this->assertDoesNotMatchRegularExpression( '#^userfeedback/(node_modules|tests|bench|admin-app|widget|scripts|addons|dist|test-results|vendor|\.dev)/|/\.[^/]#', $name, $file );
			}
			foreach ( array( 'userfeedback.php', 'uninstall.php', 'readme.txt', 'composer.json', 'includes/Plugin.php', 'includes/autoload.php', 'includes/Addons/AddonsAjax.php', 'build/widget/loader.js', 'blocks/survey/block.json', 'blocks/post-rating/block.json', 'build/widget/post-rating.js', 'build/widget/post-rating.css', 'languages/userfeedback.pot', 'assets/addons/behavior.svg', 'build/fonts/manifest.json', 'build/fonts/lato.css', 'build/fonts/lato/lato-latin-700-normal.woff2', 'build/fonts/lato/LICENSE' ) as $required ) {
				$this->assertContains( "userfeedback/$required", $names, "$file: $required" );
			}
		}
		$this->assertNotContains( 'userfeedback/edition.php', self::$zips['userfeedback.zip'] );
		$this->assertSame( array( 'userfeedback/edition.php' ), array_values( array_diff( self::$zips['userfeedback-pro.zip'], self::$zips['userfeedback.zip'] ) ) );
	}

	public function test_the_pro_zip_defines_the_pro_edition(): void {
		$zip = new \ZipArchive();
		$this->assertTrue( $zip->open( self::$dist . '/userfeedback-pro.zip' ) );
		$edition = (string) $zip->getFromName( 'userfeedback/edition.php' );
		$zip->close();
		$file = self::$dist . '/edition-check.php';
		file_put_contents( $file, $edition );
		try {
			$output = shell_exec( escapeshellarg( PHP_BINARY ) . ' -r ' . escapeshellarg( 'define( "ABSPATH", "/" ); require $argv[1]; echo USERFEEDBACK_EDITION;' ) . ' ' . escapeshellarg( $file ) );
		} finally {
			unlink( $file );
		}
		$this->assertSame( 'pro', $output );
		// userfeedback.php loads it when it is there.
		$this->assertMatchesRegularExpression( "#require_once __DIR__ \\. '/edition\\.php';#", (string) file_get_contents( dirname( __DIR__, 3 ) . '/userfeedback.php' ) );
	}

	public function test_each_addon_zip_holds_its_plugin_folder(): void {
		foreach ( Entitlements::ADDONS as $slug ) {
			$folder = "userfeedback-$slug";
			$this->assertSame(
				array( "$folder/", "$folder/readme.txt", "$folder/$folder.php" ),
				self::$zips[ "$folder.zip" ],
				$slug
			);
		}
	}
}
