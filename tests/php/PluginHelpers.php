<?php
/**
 * Helpers for tests of the plugin's own behaviour: tiers, front-end requests, transactions.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

use UserFeedback\Licensing\Entitlements;
use UserFeedback\Licensing\License;
use UserFeedback\Plugin;

trait PluginHelpers {

	/**
	 * Runs the rest of the test on a tier: edition 'lite' or 'pro', a licence type (null: no valid
	 * licence) and the active addons. Reset after every test.
	 *
	 * @param string[] $addons Addon slugs.
	 */
	protected function set_entitlements( string $edition, ?string $license_type, array $addons = array() ): Entitlements {
		$entitlements = new Entitlements( $edition, new License( $license_type ? 'test-key' : '', $license_type ), $addons );
		Plugin::instance()->use_entitlements( $entitlements );
		return $entitlements;
	}

	/**
	 * The admin apps' boot config as the plugin builds it; $entitlements defaults to the plugin's own.
	 */
	protected static function boot_config( ?\Closure $entitlements = null ): \UserFeedback\Admin\BootConfig {
		$entitlements ??= \Closure::fromCallable( array( Plugin::instance(), 'entitlements' ) );
		return new \UserFeedback\Admin\BootConfig(
			Plugin::instance()->capabilities,
			$entitlements,
			new \UserFeedback\Notifications\ServerNotices( $entitlements, new \UserFeedback\Licensing\StoreClient() )
		);
	}

	protected function reset_entitlements(): void {
		Plugin::instance()->use_entitlements( null );
	}

	/**
	 * Commits what the test wrote so far and opens a new transaction. For tests whose statements
	 * (DDL) commit implicitly on MariaDB: they then behave the same on SQLite, and clean up themselves.
	 */
	protected function commit_transaction(): void {
		global $wpdb;
		$wpdb->query( 'COMMIT' );
		$wpdb->query( 'START TRANSACTION' );
	}

	/**
	 * The columns of an index of one of our tables, in order (none: it does not exist).
	 *
	 * @param string $table Short table name (Schema::TABLES).
	 * @return string[]
	 */
	protected static function index_columns( string $table, string $index ): array {
		global $wpdb;
		$found = array();
		// Unquoted, as dbDelta() asks it: the SQLite driver answers nothing for a backticked name here.
		// Rows come in column order on both engines; SQLite reports every Seq_in_index as 0.
		foreach ( (array) $wpdb->get_results( 'SHOW INDEX FROM ' . \UserFeedback\Database\Schema::table( $table ), ARRAY_A ) as $row ) {
			if ( $row['Key_name'] === $index ) {
				$found[] = $row['Column_name'];
			}
		}
		return $found;
	}

	/**
	 * Runs $fn with what the test wrote so far committed and no transaction open, as in a real request;
	 * for DDL, which commits implicitly on MariaDB and trips the SQLite driver inside a transaction.
	 * The test cleans up after itself.
	 */
	protected function without_transaction( callable $fn ): void {
		global $wpdb;
		$wpdb->query( 'COMMIT' );
		$wpdb->query( 'SET autocommit = 1' );
		try {
			$fn();
		} finally {
			$wpdb->query( 'SET autocommit = 0' );
			$wpdb->query( 'START TRANSACTION' );
		}
	}

	/**
	 * Sets WordPress up as for a front-end request of $url: the main query, conditionals and a fresh
	 * script registry.
	 */
	protected function go_to_front_end( string $url ): void {
		$parts = wp_parse_url( $url );
		$path  = ( $parts['path'] ?? '/' ) . ( isset( $parts['query'] ) ? '?' . $parts['query'] : '' );

		$_SERVER['REQUEST_URI'] = $path;
		$_GET                   = array();
		if ( isset( $parts['query'] ) ) {
			parse_str( $parts['query'], $_GET );
		}
		$GLOBALS['wp_scripts']    = null;
		$GLOBALS['wp_styles']     = null;
		$GLOBALS['wp_the_query']  = new \WP_Query();
		$GLOBALS['wp_query']      = $GLOBALS['wp_the_query'];
		$GLOBALS['wp']            = new \WP();
		// WP::main() would also send headers, which fails once PHPUnit has printed anything.
		$GLOBALS['wp']->parse_request( $parts['query'] ?? '' );
		$GLOBALS['wp']->query_posts();
		$GLOBALS['wp']->register_globals();
		wp_scripts();
	}
}
