<?php
/**
 * Shared by the addon tests: the loopback licence store (StoreFixture) serving zips of the real addon
 * plugins built here from addons/ with ZipArchive, a stored licence, admin-ajax requests (AjaxCalls;
 * the tests that read the HTTP status run in a separate process) and clean-up of installed addons.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Addons;

use UserFeedback\Addons\AddonCatalog;
use UserFeedback\Licensing\License;
use UserFeedback\Tests\AjaxCalls;
use UserFeedback\Tests\StoreFixture;
use UserFeedback\Tests\TestCase;

abstract class AddonsTestCase extends TestCase {

	use AjaxCalls;
	use StoreFixture;

	/** @var string[] Addon folders that existed before the test; all others are removed after it. */
	private array $existing_folders = array();

	protected function setUp(): void {
		parent::setUp();
		require_once ABSPATH . 'wp-admin/includes/plugin.php';
		foreach ( AddonCatalog::slugs() as $slug ) {
			if ( file_exists( WP_PLUGIN_DIR . "/userfeedback-$slug" ) ) {
				$this->existing_folders[] = $slug;
			}
		}
		$this->set_up_store();
	}

	protected function tearDown(): void {
		$this->tear_down_store();
		foreach ( AddonCatalog::slugs() as $slug ) {
			if ( ! in_array( $slug, $this->existing_folders, true ) ) {
				self::remove_tree( WP_PLUGIN_DIR . "/userfeedback-$slug" );
			}
		}
		wp_clean_plugins_cache( false );
		parent::tearDown();
	}

	/**
	 * Stores a licence for the site (License::current() reads it) and runs the rest of the test on the
	 * Pro edition with that licence type; the store knows the key as valid with the matching price id.
	 */
	protected function use_license( string $key, string $type, string $store_status = 'valid' ): void {
		update_option(
			License::OPTION,
			array(
				'key'  => $key,
				'type' => $type,
			)
		);
		$this->set_entitlements( 'pro', $type );
		$licenses         = $this->store_json( 'licenses.json' );
		$licenses[ $key ] = array(
			'status'   => $store_status,
			'price_id' => (int) array_search( $type, array( 1 => 'plus', 2 => 'pro', 3 => 'elite' ), true ),
			'expires'  => 'lifetime',
		);
		$this->put_licenses( $licenses );
	}

	/**
	 * Puts the zip of a real addon where the store serves it (as userfeedback-<slug>.zip).
	 */
	protected function publish_addon( string $slug ): void {
		self::build_addon_zip( $slug, $this->store_dir . "/userfeedback-$slug.zip" );
	}

	/**
	 * Zips addons/userfeedback-<slug>/ with that folder name inside the zip, as `npm run package` does.
	 */
	public static function build_addon_zip( string $slug, string $target ): void {
		$folder = "userfeedback-$slug";
		$source = dirname( __DIR__, 3 ) . "/addons/$folder";
		$zip    = new \ZipArchive();
		if ( true !== $zip->open( $target, \ZipArchive::CREATE | \ZipArchive::OVERWRITE ) ) {
			throw new \RuntimeException( "Cannot write $target" );
		}
		$files = new \RecursiveIteratorIterator( new \RecursiveDirectoryIterator( $source, \FilesystemIterator::SKIP_DOTS ) );
		foreach ( $files as $file ) {
			$zip->addFile( $file->getPathname(), $folder . '/' . substr( $file->getPathname(), strlen( $source ) + 1 ) );
		}
		$zip->close();
	}

	/**
	 * Copies an addon straight into wp-content/plugins, as if installed.
	 */
	protected function put_addon( string $slug ): void {
		$folder = "userfeedback-$slug";
		wp_mkdir_p( WP_PLUGIN_DIR . "/$folder" );
		foreach ( (array) glob( dirname( __DIR__, 3 ) . "/addons/$folder/*" ) as $file ) {
			copy( (string) $file, WP_PLUGIN_DIR . "/$folder/" . basename( (string) $file ) );
		}
		wp_clean_plugins_cache( false );
	}
}
