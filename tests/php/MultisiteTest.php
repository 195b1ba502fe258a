<?php
/**
 * The plugin on a multisite network: tables per site, created on network activation and for each
 * new site while the plugin is network-active, dropped with the site; settings, capabilities and
 * uninstall per site.
 *
 * Runs in the multisite pass of scripts/test-php.sh (a subdirectory network on MariaDB, the plugin
 * network-activated: UF_MULTISITE=1 in uf_site_create); the single-site passes exclude the group.
 *
 * Creating and deleting a site is DDL, which commits the test's transaction on MariaDB. So sites are
 * made outside the transaction (without_transaction()) with the network's super admin (user 1, from
 * the install) as their owner, never with a user the test made; users and other rows written after
 * that are rolled back by tearDown, and the sites are deleted after the rollback.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

use UserFeedback\Access\Capabilities;
use UserFeedback\Database\Migrator;
use UserFeedback\Database\Schema;
use UserFeedback\Settings\SettingsRepository;

/**
 * @group multisite
 */
final class MultisiteTest extends TestCase {

	private const PLUGIN = 'userfeedback/userfeedback.php';

	/** @var int Makes the paths of the sites made within one PHP process unique. */
	private static int $site_counter = 0;

	/** @var int[] Sites this test made, deleted in tearDown. */
	private array $sites = array();

	public static function setUpBeforeClass(): void {
		parent::setUpBeforeClass();
		if ( ! is_multisite() ) {
			self::markTestSkipped( 'Needs a multisite network: scripts/test-php.sh runs this group on one (UF_MULTISITE=1, MariaDB).' );
		}
	}

	protected function setUp(): void {
		parent::setUp();
		if ( ! function_exists( 'activate_plugin' ) ) {
			require_once ABSPATH . 'wp-admin/includes/plugin.php';
		}
		// A test that failed half-way through must not leave the next one on a site without the plugin.
		$this->assertTrue( is_plugin_active_for_network( self::PLUGIN ), 'The plugin is network-active at the start of each test.' );
		$this->assertTrue( is_main_site(), 'Each test starts on the main site.' );
	}

	protected function tearDown(): void {
		// An assertion that failed between switch_to_blog() and restore_current_blog().
		while ( ms_is_switched() ) {
			restore_current_blog();
		}
		parent::tearDown();
		// After the rollback, with autocommit on, as a request of the network admin would.
		foreach ( $this->sites as $site_id ) {
			if ( get_site( $site_id ) ) {
				wp_delete_site( $site_id );
			}
		}
		$this->sites = array();
		wp_cache_flush();
		wp_roles()->for_site();
	}

	public function test_network_activation_created_the_tables_on_the_main_site(): void {
		global $wpdb;
		$this->assertTrue( is_plugin_active_for_network( self::PLUGIN ) );
		$this->assertNotContains( self::PLUGIN, (array) get_option( 'active_plugins', array() ), 'Network-active, not active on the main site alone.' );

		$this->assertSame( $wpdb->base_prefix . 'userfeedback_surveys', Schema::table( 'surveys' ), 'The main site uses the base prefix.' );
		$this->assertSame( array(), ( new Migrator() )->missing_tables() );
		$this->assertSame( Schema::VERSION, (int) get_option( Migrator::VERSION_OPTION ) );
		$this->assertNotFalse( get_option( 'userfeedback_installed_at' ) );
		$this->assertRoleHasEveryCapability( 'administrator' );
	}

	public function test_a_new_site_gets_its_own_tables_and_its_administrators_the_capabilities(): void {
		global $wpdb;
		$site_id = $this->create_site( 'wpmu_create_blog' );

		// An administrator of the new site only (not a super admin, whose checks always pass).
		$admin = $this->make_user( 'subscriber' );
		add_user_to_blog( $site_id, $admin, 'administrator' );
		$editor = $this->make_user( 'subscriber' );
		add_user_to_blog( $site_id, $editor, 'editor' );

		switch_to_blog( $site_id );
		$this->assertSame( $wpdb->base_prefix . $site_id . '_userfeedback_surveys', Schema::table( 'surveys' ) );
		$this->assertSame( array(), ( new Migrator() )->missing_tables() );
		$this->assertSame( Schema::VERSION, (int) get_option( Migrator::VERSION_OPTION ) );
		$this->assertNotFalse( get_option( 'userfeedback_installed_at' ), 'Set up as activation would.' );
		$this->assertRoleHasEveryCapability( 'administrator' );
		foreach ( Capabilities::ALL as $cap ) {
			$this->assertTrue( user_can( $admin, $cap ), "The site's administrator has $cap on the site." );
			$this->assertFalse( user_can( $editor, $cap ), "An editor does not get $cap by default." );
		}
		// The tables are the site's own: a row there is not a row of the main site's table.
		$this->assertSame( 1, $wpdb->insert( Schema::table( 'impressions' ), array( 'survey_id' => 42, 'day' => '2026-01-02', 'count' => 5 ) ) );
		restore_current_blog();

		$this->assertSame( '0', $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE survey_id = 42', Schema::table( 'impressions' ) ) ) );
		foreach ( Capabilities::ALL as $cap ) {
			$this->assertFalse( user_can( $admin, $cap ), "Not on the main site, where the user is no member: $cap." );
		}
	}

	public function test_wp_insert_site_works_the_same_way(): void {
		$site_id = $this->create_site( 'wp_insert_site' );
		switch_to_blog( $site_id );
		$this->assertSame( array(), ( new Migrator() )->missing_tables() );
		$this->assertRoleHasEveryCapability( 'administrator' );
		restore_current_blog();
	}

	public function test_deleting_a_site_drops_its_tables_and_leaves_the_others(): void {
		global $wpdb;
		$site_id = $this->create_site();
		$prefix  = $wpdb->get_blog_prefix( $site_id );
		$this->assertCount( count( Schema::TABLES ), $this->plugin_tables( $prefix ) );

		$this->delete_site( $site_id ); // Whether it logs database errors: test_deleting_a_site_logs_no_database_error.

		$this->assertSame( array(), $this->plugin_tables( $prefix ), 'Every table of the deleted site is gone.' );
		$this->assertNull( $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $prefix . 'options' ) ) ), 'Core dropped its own tables too.' );
		$this->assertSame( array(), ( new Migrator() )->missing_tables(), 'The main site keeps its tables.' );
	}

	public function test_deleting_a_site_logs_no_database_error(): void {
		$errors = $this->delete_site( $this->create_site() );
		$this->assertSame( array(), $errors );
	}

	public function test_network_activation_covers_every_existing_site(): void {
		// Network-deactivate, then make a site: the plugin must leave it alone while it is not network-active.
		$this->without_transaction(
			static function (): void {
				deactivate_plugins( self::PLUGIN, false, true );
			}
		);
		try {
			$this->assertFalse( is_plugin_active_for_network( self::PLUGIN ) );
			$site_id = $this->create_site();
			switch_to_blog( $site_id );
			$this->assertSame( Schema::TABLES, ( new Migrator() )->missing_tables(), 'No tables for a new site while the plugin is not network-active.' );
			$this->assertFalse( get_role( 'administrator' )->has_cap( Capabilities::MANAGE_SETTINGS ) );
			restore_current_blog();
		} finally {
			while ( ms_is_switched() ) {
				restore_current_blog();
			}
			// Network activation, as from Network Admin > Plugins, with the site above already there.
			$this->without_transaction(
				function (): void {
					$this->assertNull( activate_plugin( self::PLUGIN, '', true ) );
				}
			);
		}
		wp_cache_flush();

		$this->assertTrue( is_plugin_active_for_network( self::PLUGIN ) );
		foreach ( array( get_main_site_id(), $site_id ) as $id ) {
			switch_to_blog( $id );
			$this->assertSame( array(), ( new Migrator() )->missing_tables(), "Tables on site $id." );
			$this->assertSame( Schema::VERSION, (int) get_option( Migrator::VERSION_OPTION ), "Version on site $id." );
			$this->assertRoleHasEveryCapability( 'administrator' );
			restore_current_blog();
		}
	}

	public function test_a_settings_save_on_one_site_does_not_change_the_other(): void {
		$site_id    = $this->create_site();
		$main_admin = $this->make_user( 'administrator' );
		$site_admin = $this->make_user( 'subscriber' );
		add_user_to_blog( $site_id, $site_admin, 'administrator' );
		// The role lists are saved only with Access Control (Pro); they show that roles stay per site.
		$this->set_entitlements( 'pro', 'pro' );
		$main_before = get_option( SettingsRepository::OPTION );

		switch_to_blog( $site_id );
		wp_set_current_user( $site_admin );
		$response = $this->rest( 'POST', '/userfeedback/v1/settings', array(), array( 'widget_color' => '#112233', 'view_results' => array( 'editor' ) ) );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame( '#112233', ( new SettingsRepository() )->get( 'widget_color' ) );
		$this->assertTrue( get_role( 'editor' )->has_cap( Capabilities::VIEW_RESULTS ) );
		restore_current_blog();

		$this->assertSame( $main_before, get_option( SettingsRepository::OPTION ), 'The main site\'s settings are untouched.' );
		$this->assertNotSame( '#112233', ( new SettingsRepository() )->get( 'widget_color' ) );
		$this->assertFalse( get_role( 'editor' )->has_cap( Capabilities::VIEW_RESULTS ), 'The main site\'s roles are untouched.' );

		// And the other way round.
		wp_set_current_user( $main_admin );
		$response = $this->rest( 'POST', '/userfeedback/v1/settings', array(), array( 'widget_color' => '#445566' ) );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame( '#445566', ( new SettingsRepository() )->get( 'widget_color' ) );

		switch_to_blog( $site_id );
		wp_set_current_user( $site_admin );
		$this->assertSame( '#112233', ( new SettingsRepository() )->get( 'widget_color' ) );
		$response = $this->rest( 'GET', '/userfeedback/v1/settings' );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( '#112233', $response->get_data()['widget_color'] );
		restore_current_blog();
	}

	public function test_the_settings_route_of_a_site_refuses_an_administrator_of_another_site(): void {
		$site_id    = $this->create_site();
		$main_admin = $this->make_user( 'administrator' );
		$site_admin = $this->make_user( 'subscriber' );
		add_user_to_blog( $site_id, $site_admin, 'administrator' );
		$this->assertFalse( is_super_admin( $main_admin ) );

		// Each is let in on the site they administer...
		wp_set_current_user( $main_admin );
		$this->assertSame( 200, $this->rest( 'GET', '/userfeedback/v1/settings' )->get_status() );
		switch_to_blog( $site_id );
		wp_set_current_user( $site_admin );
		$this->assertSame( 200, $this->rest( 'GET', '/userfeedback/v1/settings' )->get_status() );

		// ...and refused on the other one.
		wp_set_current_user( $main_admin );
		$response = $this->rest( 'GET', '/userfeedback/v1/settings' );
		$this->assertSame( 403, $response->get_status() );
		$this->assertSame( 'rest_forbidden', $response->as_error()->get_error_code() );
		$this->assertSame( 403, $this->rest( 'POST', '/userfeedback/v1/settings', array(), array( 'widget_color' => '#000000' ) )->get_status() );
		$this->assertFalse( get_option( SettingsRepository::OPTION ), 'Nothing was saved on the site.' );
		restore_current_blog();

		wp_set_current_user( $site_admin );
		$this->assertSame( 403, $this->rest( 'GET', '/userfeedback/v1/settings' )->get_status() );
	}

	public function test_uninstall_removes_data_only_on_the_sites_that_asked_for_it(): void {
		$site_id = $this->create_site();
		// Committed on purpose: uninstall runs in a request of its own. The site goes in tearDown.
		$this->without_transaction(
			static function () use ( $site_id ): void {
				update_blog_option( $site_id, SettingsRepository::OPTION, array( 'uninstall_delete_data' => true ) );
				update_blog_option( $site_id, 'userfeedback_license', array( 'key' => 'k' ) );
			}
		);
		if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
			define( 'WP_UNINSTALL_PLUGIN', self::PLUGIN );
		}
		try {
			$this->without_transaction(
				static function (): void {
					include dirname( __DIR__, 2 ) . '/uninstall.php';
				}
			);
			wp_cache_flush();

			switch_to_blog( $site_id );
			$this->assertSame( Schema::TABLES, ( new Migrator() )->missing_tables(), 'The site that asked lost its tables.' );
			$this->assertFalse( get_option( SettingsRepository::OPTION ) );
			$this->assertFalse( get_option( 'userfeedback_license' ) );
			$this->assertFalse( get_option( Migrator::VERSION_OPTION ) );
			foreach ( Capabilities::ALL as $cap ) {
				$this->assertFalse( get_role( 'administrator' )->has_cap( $cap ), "$cap is gone on the site that asked." );
			}
			restore_current_blog();

			$this->assertSame( array(), ( new Migrator() )->missing_tables(), 'The main site did not ask: it keeps its tables.' );
			$this->assertSame( Schema::VERSION, (int) get_option( Migrator::VERSION_OPTION ) );
			$this->assertRoleHasEveryCapability( 'administrator' );
		} finally {
			while ( ms_is_switched() ) {
				restore_current_blog();
			}
			// Should the main site have lost anything, put it back for the tests that follow.
			$this->without_transaction(
				static function (): void {
					wp_cache_flush();
					if ( ( new Migrator() )->missing_tables() ) {
						( new Migrator() )->migrate();
					}
					( new Capabilities() )->grant_defaults();
				}
			);
		}
	}

	/**
	 * Makes a site of the network, owned by the super admin, outside the test's transaction (its tables
	 * are DDL), and registers it for deletion in tearDown.
	 *
	 * @param string $how 'wp_insert_site' or 'wpmu_create_blog' (the older API of Network Admin > Sites > Add New).
	 */
	private function create_site( string $how = 'wp_insert_site' ): int {
		$network = get_network();
		$path    = $network->path . sprintf( 'uf-ms-%d-%d/', getmypid(), ++self::$site_counter );
		$site_id = 0;
		$errors  = $this->database_errors(
			function () use ( $how, $network, $path, &$site_id ): void {
				$this->without_transaction(
					static function () use ( $how, $network, $path, &$site_id ): void {
						$site_id = 'wpmu_create_blog' === $how
							? wpmu_create_blog( $network->domain, $path, 'UserFeedback multisite test', 1 )
							: wp_insert_site(
								array(
									'domain'  => $network->domain,
									'path'    => $path,
									'title'   => 'UserFeedback multisite test',
									'user_id' => 1,
								)
							);
					}
				);
			}
		);
		if ( is_wp_error( $site_id ) ) {
			$this->fail( "$how: " . $site_id->get_error_message() );
		}
		$this->sites[] = (int) $site_id;
		$this->assertSame( array(), $errors, "No database error while $how made a site." );
		return (int) $site_id;
	}

	/**
	 * Deletes a site outside the test's transaction, as Network Admin > Sites > Delete does.
	 *
	 * @return string[] The database errors logged meanwhile.
	 */
	private function delete_site( int $site_id ): array {
		$result = null;
		$errors = $this->database_errors(
			function () use ( $site_id, &$result ): void {
				$this->without_transaction(
					static function () use ( $site_id, &$result ): void {
						$result = wp_delete_site( $site_id );
					}
				);
			}
		);
		$this->assertNotWPError( $result );
		$this->assertNull( get_site( $site_id ) );
		return $errors;
	}

	/**
	 * The database errors WordPress logged while $fn ran. wpdb logs each failed query that is not
	 * suppressed (suppressed ones, such as dbDelta's DESCRIBE of a table it is about to create, are
	 * expected) to PHP's error log, which is pointed at a file of our own meanwhile.
	 *
	 * @return string[] One line per error.
	 */
	private function database_errors( callable $fn ): array {
		$log      = (string) tempnam( get_temp_dir(), 'uf-multisite-errors-' );
		$previous = ini_set( 'error_log', $log ); // phpcs:ignore WordPress.PHP.IniSet
		try {
			$fn();
		} finally {
			ini_set( 'error_log', false === $previous ? '' : $previous ); // phpcs:ignore WordPress.PHP.IniSet
			$lines = (array) file( $log, FILE_IGNORE_NEW_LINES | FILE_SKIP_EMPTY_LINES );
			unlink( $log );
		}
		return array_values( array_filter( $lines, static fn( $line ) => str_contains( (string) $line, 'WordPress database error' ) ) );
	}

	/**
	 * @return string[] The plugin's tables with this prefix that exist.
	 */
	private function plugin_tables( string $prefix ): array {
		global $wpdb;
		return $wpdb->get_col( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $prefix . 'userfeedback_' ) . '%' ) );
	}

	private function assertNotWPError( $actual ): void {
		$this->assertNotInstanceOf( \WP_Error::class, $actual, $actual instanceof \WP_Error ? $actual->get_error_message() : '' );
	}

	private function assertRoleHasEveryCapability( string $role ): void {
		$object = get_role( $role );
		$this->assertNotNull( $object, "Role $role on site " . get_current_blog_id() . '.' );
		foreach ( Capabilities::ALL as $cap ) {
			$this->assertTrue( $object->has_cap( $cap ), "$role has $cap on site " . get_current_blog_id() . '.' );
		}
	}
}
