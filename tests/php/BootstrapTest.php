<?php
/**
 * Sanity checks of the test environment itself: if these fail, no other test means anything.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

final class BootstrapTest extends TestCase {

	private const PROBE_OPTION = 'uf_phpunit_rollback_probe';

	public function test_wordpress_is_booted_and_not_installing(): void {
		$this->assertTrue( function_exists( 'do_action' ) && did_action( 'wp_loaded' ) > 0, 'WordPress did not finish loading' );
		$this->assertFalse( wp_installing(), 'tests must run without WP_INSTALLING' );
		$this->assertTrue( is_blog_installed() );
		$this->assertStringStartsWith( '6.6', get_bloginfo( 'version' ) );
		$this->assertSame( 'local', wp_get_environment_type() );
	}

	public function test_plugin_is_active_and_loaded(): void {
		$this->assertTrue( is_plugin_active( 'userfeedback/userfeedback.php' ) );
		$this->assertContains( WP_PLUGIN_DIR . '/userfeedback/userfeedback.php', wp_get_active_and_valid_plugins() );
	}

	public function test_database_engine_is_the_one_requested(): void {
		global $wpdb;
		$requested = getenv( 'UF_DB' );
		if ( ! in_array( $requested, array( 'sqlite', 'mariadb' ), true ) ) {
			$this->markTestSkipped( 'UF_DB is not set; run through npm run test:php' );
		}
		$is_sqlite = defined( 'DB_ENGINE' ) && 'sqlite' === DB_ENGINE;
		if ( 'sqlite' === $requested ) {
			$this->assertTrue( $is_sqlite, 'expected the SQLite drop-in' );
			$this->assertInstanceOf( \WP_SQLite_DB::class, $wpdb );
		} else {
			$this->assertFalse( $is_sqlite, 'expected MariaDB, got the SQLite drop-in' );
			$this->assertStringContainsStringIgnoringCase( 'mariadb', (string) $wpdb->get_var( 'SELECT VERSION()' ) );
		}
	}

	public function test_rest_request_to_types_works(): void {
		$response = $this->rest( 'GET', '/wp/v2/types' );
		$this->assertSame( 200, $response->get_status() );
		$this->assertArrayHasKey( 'post', $response->get_data() );
	}

	public function test_rest_respects_the_current_user(): void {
		$this->assertSame( 401, $this->rest( 'GET', '/wp/v2/users/me' )->get_status() );
		$id = $this->as_user( 'administrator' );
		$me = $this->rest( 'GET', '/wp/v2/users/me' );
		$this->assertSame( 200, $me->get_status() );
		$this->assertSame( $id, $me->get_data()['id'] );
	}

	public function test_rows_written_in_a_test_exist_during_it(): int {
		global $wpdb;
		$this->assertNull( $this->probe_row(), 'probe row left over from an earlier test or run' );
		$wpdb->insert( $wpdb->options, array( 'option_name' => self::PROBE_OPTION, 'option_value' => 'x', 'autoload' => 'no' ) );
		$this->assertSame( 'x', $this->probe_row() );
		$user = $this->make_user( 'editor' );
		$this->assertNotFalse( get_userdata( $user ) );
		return $user;
	}

	/**
	 * @depends test_rows_written_in_a_test_exist_during_it
	 */
	public function test_rows_written_in_the_previous_test_were_rolled_back( int $user ): void {
		global $wpdb;
		$this->assertNull( $this->probe_row(), 'the previous test\'s row survived: no rollback' );
		$this->assertSame( '0', (string) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM {$wpdb->users} WHERE ID = %d", $user ) ) );
		$this->assertFalse( get_userdata( $user ), 'user from the previous test is still cached or stored' );
		$this->assertSame( 0, get_current_user_id() );
	}

	private function probe_row(): ?string {
		global $wpdb;
		$value = $wpdb->get_var( $wpdb->prepare( "SELECT option_value FROM {$wpdb->options} WHERE option_name = %s", self::PROBE_OPTION ) );
		return null === $value ? null : (string) $value;
	}
}
