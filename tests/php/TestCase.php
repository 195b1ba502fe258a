<?php
/**
 * Base class for the plugin's PHPUnit tests.
 *
 * Each test runs inside a database transaction that is rolled back afterwards, on MariaDB
 * and on SQLite alike (BootstrapTest proves it). Between tests the hooks, roles, object
 * cache, current user (0), REST server and entitlements are put back as well.
 *
 * Helpers: rest(), make_user(), as_user(). Plugin-specific ones (entitlements, front-end
 * requests, commit_transaction()) are in the PluginHelpers trait.
 *
 * Traps:
 * - On MariaDB, DDL (CREATE/ALTER/DROP TABLE, also dbDelta) and a nested START TRANSACTION
 *   commit the open transaction implicitly; on SQLite they do not (DDL is transactional there,
 *   nested transactions become savepoints). A test that runs DDL commits first
 *   (PluginHelpers::commit_transaction()), so that both engines behave alike, and cleans up
 *   after itself.
 * - The object cache is in-memory only, so it is flushed after the rollback; a static cache
 *   in plugin code is the test's own business.
 * - A file included twice (uninstall.php) redeclares its functions: a fatal error that ends
 *   the whole run, not one failed test.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

use WP_REST_Request;
use WP_REST_Response;

abstract class TestCase extends \PHPUnit\Framework\TestCase {

	use PluginHelpers;

	/** @var int Makes the logins of users created within one PHP process unique. */
	private static int $user_counter = 0;

	protected function setUp(): void {
		parent::setUp();
		global $wpdb;
		$this->reset_globals();
		$this->backup_hooks();
		// autocommit 0 as well: after an implicit commit (DDL on MariaDB) the statements that
		// follow still land in a transaction that tearDown rolls back. SQLite ignores it.
		$wpdb->query( 'SET autocommit = 0' );
		$wpdb->query( 'START TRANSACTION' );
	}

	protected function tearDown(): void {
		global $wpdb;
		$wpdb->query( 'ROLLBACK' );
		$wpdb->query( 'SET autocommit = 1' );
		$this->restore_hooks();
		$this->reset_globals();
		parent::tearDown();
	}

	/**
	 * Puts back what lives in PHP memory rather than in the database, so that the rollback is
	 * the whole story: caches, roles, the current user, the REST server, request globals.
	 */
	private function reset_globals(): void {
		global $wp_rest_server;
		wp_cache_flush();
		// WP_Roles keeps the roles it read at boot; a role changed in a test would outlive the
		// rollback of the wp_user_roles option.
		wp_roles()->for_site();
		wp_set_current_user( 0 );
		if ( class_exists( \UserFeedback\Plugin::class ) && method_exists( \UserFeedback\Plugin::class, 'instance' ) ) {
			// Recomputed from the site on next use; a tier set by one test must not reach the next.
			\UserFeedback\Plugin::instance()->use_entitlements( null );
		}
		// A fresh server re-runs rest_api_init, so routes registered by one test (or state kept
		// in a controller) do not reach the next one.
		$wp_rest_server = null;
		rest_get_server();
		$_GET                   = array();
		$_POST                  = array();
		$_REQUEST               = array();
		$_SERVER['REQUEST_URI'] = '/';
		unset( $GLOBALS['current_screen'], $GLOBALS['post'] );
	}

	/** @var array<string, mixed> Hooks as they were before the test. */
	private array $saved_hooks = array();

	/**
	 * Filters and actions a test adds must not reach the next test (as in WordPress's own
	 * test library: WP_Hook objects are cloned, the counters copied).
	 */
	private function backup_hooks(): void {
		$this->saved_hooks = array( 'wp_filter' => array() );
		foreach ( $GLOBALS['wp_filter'] as $name => $hook ) {
			$this->saved_hooks['wp_filter'][ $name ] = clone $hook;
		}
		foreach ( array( 'wp_actions', 'wp_filters', 'wp_current_filter' ) as $global ) {
			$this->saved_hooks[ $global ] = $GLOBALS[ $global ] ?? array();
		}
	}

	private function restore_hooks(): void {
		if ( array() === $this->saved_hooks ) {
			return;
		}
		$GLOBALS['wp_filter'] = array();
		foreach ( $this->saved_hooks['wp_filter'] as $name => $hook ) {
			$GLOBALS['wp_filter'][ $name ] = clone $hook;
		}
		foreach ( array( 'wp_actions', 'wp_filters', 'wp_current_filter' ) as $global ) {
			$GLOBALS[ $global ] = $this->saved_hooks[ $global ];
		}
		$this->saved_hooks = array();
	}

	/**
	 * Creates a user with the role and returns the id.
	 */
	protected function make_user( string $role ): int {
		++self::$user_counter;
		$login = sprintf( 'uf_%s_%d_%d', preg_replace( '/[^a-z0-9_]/', '', strtolower( $role ) ), getmypid(), self::$user_counter );
		$id    = wp_insert_user(
			array(
				'user_login' => $login,
				'user_pass'  => 'password',
				'user_email' => $login . '@example.com',
				'role'       => $role,
			)
		);
		if ( is_wp_error( $id ) ) {
			$this->fail( "make_user( '$role' ): " . $id->get_error_message() );
		}
		return (int) $id;
	}

	/**
	 * Creates a user with the role, makes it the current user and returns the id.
	 */
	protected function as_user( string $role ): int {
		$id = $this->make_user( $role );
		wp_set_current_user( $id );
		return $id;
	}

	/**
	 * Dispatches a REST request through the real server, as the current user.
	 *
	 * @param string     $method HTTP method.
	 * @param string     $route  Route with its namespace, e.g. '/userfeedback/v1/surveys'.
	 * @param array      $params Query parameters (GET, DELETE) or body parameters (others).
	 * @param array|null $body   JSON body, sent with Content-Type application/json.
	 */
	protected function rest( string $method, string $route, array $params = array(), ?array $body = null ): WP_REST_Response {
		$method  = strtoupper( $method );
		$request = new WP_REST_Request( $method, $route );
		if ( in_array( $method, array( 'GET', 'HEAD', 'DELETE' ), true ) ) {
			$request->set_query_params( $params );
		} else {
			$request->set_body_params( $params );
		}
		if ( null !== $body ) {
			$request->set_header( 'Content-Type', 'application/json' );
			$request->set_body( (string) wp_json_encode( $body ) );
		}
		return rest_do_request( $request );
	}

	/**
	 * Removes a file, a symlink (not what it points to) or a folder tree; nothing when absent.
	 */
	protected static function remove_tree( string $path ): void {
		if ( is_link( $path ) || is_file( $path ) ) {
			unlink( $path );
			return;
		}
		if ( ! is_dir( $path ) ) {
			return;
		}
		foreach ( (array) scandir( $path ) as $entry ) {
			if ( '.' !== $entry && '..' !== $entry ) {
				self::remove_tree( $path . '/' . $entry );
			}
		}
		rmdir( $path );
	}
}
