<?php
/**
 * Lite → Pro (includes/Licensing/LicenseConnect.php): the key is activated with the loopback store,
 * the Pro package it hands out is downloaded and installed over the plugin's folder by Plugin_Upgrader.
 *
 * The test site's plugin folder is a symlink to the repository, which must never be overwritten: every
 * test that gets as far as the store aims the upgrade at a throw-away plugin folder in the test site's
 * wp-content/plugins through the userfeedback_connect_target_dir filter, whose name is never
 * "userfeedback", and checks that the repository's main file is still there.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Licensing;

use UserFeedback\Licensing\License;
use UserFeedback\Licensing\LicenseAjax;
use UserFeedback\Licensing\LicenseConnect;

final class LicenseConnectTest extends LicenseTestCase {

	private const KEY = 'c0ffee00c0ffee00c0ffee00c0ffee00';

	private const UNLOCK_ERROR = 'There was an error unlocking UserFeedback PRO please try again or install manually.';

	/** The throw-away plugin folder's name (in WP_PLUGIN_DIR). */
	private string $slug = '';

	/** @var string[] Paths to remove after the test. */
	private array $cleanup = array();

	private string $repo_main_file = '';

	protected function setUp(): void {
		parent::setUp();
		$this->slug           = 'uf-connect-test-' . getmypid() . '-' . strtolower( wp_generate_password( 6, false ) );
		$this->repo_main_file = (string) realpath( USERFEEDBACK_FILE );
		$this->cleanup[]      = WP_PLUGIN_DIR . '/' . $this->slug;
	}

	protected function tearDown(): void {
		foreach ( $this->cleanup as $path ) {
			self::remove_tree( $path );
		}
		$this->cleanup = array();
		// Whatever happened, the repository is intact.
		$this->assertFileExists( $this->repo_main_file );
		$this->assertDirectoryExists( dirname( $this->repo_main_file ) . '/includes/Licensing' );
		parent::tearDown();
	}

	public function test_connect_installs_the_pro_package_over_the_plugin_folder(): void {
		$this->as_user( 'administrator' );
		$this->start_store( array( self::KEY => self::store_license( array( 'price_id' => 3 ) ) ) );
		$target = $this->make_plugin_folder( WP_PLUGIN_DIR . '/' . $this->slug, 'lite' );
		file_put_contents( $target . '/lite-only.txt', 'removed by the upgrade' );
		$this->publish_pro_package( $this->slug );
		$this->aim_at( $target );

		$answer = $this->ajax( LicenseAjax::ACTION_CONNECT, array( 'key' => self::KEY ) );

		$this->assertTrue( $answer['success'], (string) wp_json_encode( $answer ) );
		$this->assertSame(
			array(
				'url'     => admin_url( 'admin.php?page=userfeedback_settings#/general' ),
				'reload'  => true,
				'message' => 'UserFeedback Pro has been installed. Welcome to Pro!',
			),
			$answer['data']
		);
		// The folder now holds the Pro package, and only it.
		$this->assertStringContainsString( 'Edition: pro', (string) file_get_contents( $target . '/userfeedback.php' ) );
		$this->assertFileExists( $target . '/edition.php' );
		$this->assertFileDoesNotExist( $target . '/lite-only.txt' );
		// The key was activated and kept, and the package came from the store for it.
		$this->assertSame( 'elite', get_option( License::OPTION )['type'] );
		$this->assertSame( self::KEY, License::current()->key );
		$requests = $this->store_requests();
		$this->assertSame( 'activate_license ' . self::KEY . ' UserFeedback Pro', $requests[0] );
		$this->assertSame( 'get_version ' . self::KEY . ' UserFeedback Pro', $requests[1] );
		$this->assertSame( 'download ' . self::KEY . ' userfeedback-pro', $requests[2] );
	}

	public function test_development_copies_are_never_replaced(): void {
		$this->as_user( 'administrator' );
		$this->start_store( array( self::KEY => self::store_license() ) );
		$this->publish_pro_package( 'userfeedback' );

		// The plugin as the test site runs it: the repository, behind a symlink in wp-content/plugins.
		$this->assert_refused( 'The plugin folder is a symbolic link (a development copy), so it is not replaced.' );

		// A symlink in the plugins folder to a copy elsewhere.
		$elsewhere = $this->make_plugin_folder( sys_get_temp_dir() . '/' . $this->slug . '-real', 'lite' );
		$link      = WP_PLUGIN_DIR . '/' . $this->slug;
		$this->assertTrue( symlink( $elsewhere, $link ) );
		$this->aim_at( $link );
		$this->assert_refused( 'The plugin folder is a symbolic link (a development copy), so it is not replaced.' );
		self::remove_tree( $link );

		// A checkout in the plugins folder.
		$checkout = $this->make_plugin_folder( WP_PLUGIN_DIR . '/' . $this->slug, 'lite' );
		mkdir( $checkout . '/.git' );
		$this->aim_at( $checkout );
		$this->assert_refused( 'The plugin folder is a Git checkout (a development copy), so it is not replaced.' );
		$this->assertDirectoryExists( $checkout . '/.git' );
		self::remove_tree( $checkout );

		// A folder outside the plugins folder, where Plugin_Upgrader would not install.
		$this->aim_at( $elsewhere );
		$this->assert_refused( 'The plugin is not installed in the plugins folder, so the Pro package cannot be installed over it.' );
		$this->aim_at( WP_PLUGIN_DIR . '/uf-connect-missing-' . getmypid() );
		$this->assert_refused( 'The plugin folder was not found.' );

		// None of it asked the store: the key was not even activated.
		$this->assertSame( array(), $this->store_requests() );
		$this->assertFalse( get_option( License::OPTION ) );
		$this->assertStringContainsString( 'lite', (string) file_get_contents( $elsewhere . '/userfeedback.php' ) );
	}

	public function test_a_package_whose_folder_has_another_name_is_not_unpacked_over_the_plugin(): void {
		$this->as_user( 'administrator' );
		$this->start_store( array( self::KEY => self::store_license() ) );
		$target = $this->make_plugin_folder( WP_PLUGIN_DIR . '/' . $this->slug, 'lite' );
		$other  = $this->slug . '-other';
		$this->cleanup[] = WP_PLUGIN_DIR . '/' . $other;
		$this->publish_pro_package( $other );
		$this->aim_at( $target );

		$answer = $this->ajax( LicenseAjax::ACTION_CONNECT, array( 'key' => self::KEY ) );

		$this->assertAjaxError( self::UNLOCK_ERROR, $answer );
		$this->assertSame( sprintf( 'The package holds the folder "%s", not "%s".', $other, $this->slug ), $answer['data']['detail'] );
		$this->assertFalse( $answer['data']['reload'] );
		$this->assertStringContainsString( 'Edition: lite', (string) file_get_contents( $target . '/userfeedback.php' ) );
		$this->assertDirectoryDoesNotExist( WP_PLUGIN_DIR . '/' . $other );
		$this->assertContains( 'download ' . self::KEY . ' userfeedback-pro', $this->store_requests() );
	}

	public function test_store_refusals_and_failures_leave_the_plugin_alone(): void {
		$this->as_user( 'administrator' );
		$this->start_store(
			array(
				self::KEY      => self::store_license(),
				'expired-key'  => self::store_license( array( 'status' => 'expired' ) ),
			)
		);
		$target = $this->make_plugin_folder( WP_PLUGIN_DIR . '/' . $this->slug, 'lite' );
		$this->aim_at( $target );

		$this->assertAjaxError( 'Please enter a license key.', $this->ajax( LicenseAjax::ACTION_CONNECT, array( 'key' => ' ' ) ) );

		$answer = $this->ajax( LicenseAjax::ACTION_CONNECT, array( 'key' => 'expired-key' ) );
		$this->assertAjaxError( self::UNLOCK_ERROR, $answer );
		$this->assertSame( 'This license key has expired.', $answer['data']['detail'] );
		$this->assertFalse( get_option( License::OPTION ) );

		// A valid key, but the store has no Pro package to hand out.
		$answer = $this->ajax( LicenseAjax::ACTION_CONNECT, array( 'key' => self::KEY ) );
		$this->assertAjaxError( self::UNLOCK_ERROR, $answer );
		$this->assertSame( 'The license store did not offer the UserFeedback Pro download for this license key.', $answer['data']['detail'] );

		// A broken package.
		file_put_contents( $this->store_dir . '/userfeedback-pro.zip', 'not a zip' );
		$answer = $this->ajax( LicenseAjax::ACTION_CONNECT, array( 'key' => self::KEY ) );
		$this->assertAjaxError( self::UNLOCK_ERROR, $answer );
		$this->assertNotSame( '', $answer['data']['detail'] );
		$this->assertFalse( $answer['data']['reload'], 'The folder is still there.' );

		// The store is down.
		$this->store_down();
		$answer = $this->ajax( LicenseAjax::ACTION_CONNECT, array( 'key' => self::KEY ) );
		$this->assertAjaxError( self::UNLOCK_ERROR, $answer );
		$this->assertSame( 'The license store answered with an error (HTTP 500). Please try again later.', $answer['data']['detail'] );

		$this->assertStringContainsString( 'Edition: lite', (string) file_get_contents( $target . '/userfeedback.php' ) );
	}

	public function test_the_target_filter_defaults_to_the_plugins_folder(): void {
		// The test site's plugin: wp-content/plugins/userfeedback, a symlink to the repository.
		$this->assertSame( WP_PLUGIN_DIR . '/userfeedback', LicenseConnect::target_dir() );
		$this->assertSame( 'The plugin folder is a symbolic link (a development copy), so it is not replaced.', LicenseConnect::unsafe_target( LicenseConnect::target_dir() ) );
		// The repository itself, were it aimed at: a checkout.
		$this->assertSame( 'The plugin folder is a Git checkout (a development copy), so it is not replaced.', LicenseConnect::unsafe_target( dirname( $this->repo_main_file ) ) );
	}

	/* ---- helpers ------------------------------------------------------------------------------ */

	private function assert_refused( string $detail ): void {
		$answer = $this->ajax( LicenseAjax::ACTION_CONNECT, array( 'key' => self::KEY ) );
		$this->assertAjaxError( self::UNLOCK_ERROR, $answer );
		$this->assertSame( $detail, $answer['data']['detail'] );
	}

	private function aim_at( string $dir ): void {
		remove_all_filters( 'userfeedback_connect_target_dir' );
		add_filter( 'userfeedback_connect_target_dir', static fn() => $dir );
	}

	/**
	 * A tiny plugin folder with a main file userfeedback.php of an edition.
	 */
	private function make_plugin_folder( string $dir, string $edition ): string {
		$this->assertFalse( file_exists( $dir ), "$dir exists already." );
		mkdir( $dir );
		$this->cleanup[] = $dir;
		file_put_contents( $dir . '/userfeedback.php', self::plugin_source( $edition ) );
		return $dir;
	}

	/**
	 * The store's Pro package: a zip with <folder>/userfeedback.php and edition.php.
	 */
	private function publish_pro_package( string $folder ): void {
		$zip = new \ZipArchive();
		$this->assertTrue( $zip->open( $this->store_dir . '/userfeedback-pro.zip', \ZipArchive::CREATE | \ZipArchive::OVERWRITE ) );
		$zip->addFromString( "$folder/userfeedback.php", self::plugin_source( 'pro' ) );
		$zip->addFromString( "$folder/edition.php", "<?php\n// Test double.\n" );
		$this->assertTrue( $zip->close() );
	}

	/**
	 * A plugin header and nothing else.
	 */
	private static function plugin_source( string $edition ): string {
		return "<?php\n/**\n * Plugin Name: UserFeedback (connect test double)\n * Version: 1.0.0\n * Edition: $edition\n */\n";
	}
}
