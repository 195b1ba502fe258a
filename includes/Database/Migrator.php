<?php
/**
 * Creates and upgrades the custom tables: versioned, idempotent, safe with many PHP nodes.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Database;

use UserFeedback\ExceptionText;
use UserFeedback\Log;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the plugin's own tables (Schema::TABLES): creating, checking and dropping them is schema work that must see the database as it is now, never a cached answer.

final class Migrator {

	public const VERSION_OPTION = 'userfeedback_db_version';
	private const LOCK_OPTION   = 'userfeedback_migration_lock';
	private const LOCK_SECONDS  = 300;

	/**
	 * Indexes an older version created that the current Schema no longer has (dbDelta adds indexes,
	 * never drops them): table => index names. answers.response_id gave way to the unique
	 * response_question (version 6), which serves the same lookups by its first column; the FULLTEXT key
	 * answer_text (versions 10 to 12, MariaDB/MySQL only) to the search table (AnswerTerms, version 13).
	 */
	private const DROPPED_INDEXES = array( 'answers' => array( 'response_id', 'answer_text' ) );

	public function register(): void {
		// Runs on every request, but costs one read of an autoloaded option when nothing is to do.
		add_action( 'plugins_loaded', array( $this, 'maybe_migrate' ), 5 );
		// Deleting a site of a network: core's wp_uninitialize_site() drops the tables this filter
		// lists, ours with its own, after which the site's options table is gone too.
		add_filter( 'wpmu_drop_tables', array( $this, 'tables_of_site' ), 10, 2 );
		$this->rollups->register();
		( new AnswerTerms() )->register();
	}

	/**
	 * @param array<int,callable():void> $upgrades Steps that fill what a version added from what an older
	 *                                             site already holds (version => step), run once when a
	 *                                             site comes from below that version; a fresh install has
	 *                                             nothing to fill. Given by the composition root (Plugin),
	 *                                             so the SQL of each feature stays in its own repository.
	 */
	public function __construct(
		private readonly Rollups $rollups = new Rollups(),
		private readonly array $upgrades = array(),
	) {}

	public function needs_migration(): bool {
		return (int) get_option( self::VERSION_OPTION, 0 ) < Schema::VERSION;
	}

	public function maybe_migrate(): void {
		if ( $this->needs_migration() ) {
			$this->migrate();
		}
	}

	/**
	 * Brings the current site's tables to Schema::VERSION.
	 *
	 * add_option() is an INSERT on a unique key, so only one of several concurrent requests
	 * (several PHP nodes after a deploy) wins the lock; the others skip and retry on a later request.
	 *
	 * @return bool Whether this call ran the migration.
	 */
	public function migrate(): bool {
		if ( ! add_option( self::LOCK_OPTION, (string) time(), '', false ) ) {
			$since = (int) get_option( self::LOCK_OPTION, 0 );
			if ( $since > time() - self::LOCK_SECONDS ) {
				return false;
			}
			// A lock older than any migration is left over from a request that died; take it over.
			update_option( self::LOCK_OPTION, (string) time(), false );
		}

		try {
			$from = (int) get_option( self::VERSION_OPTION, 0 );
			require_once ABSPATH . 'wp-admin/includes/upgrade.php';
			foreach ( Schema::statements() as $statement ) {
				dbDelta( $statement );
			}
			$this->assert_tables_exist();
			$this->drop_old_indexes();
			self::use_wal();
			// From here on, visitors' writes maintain the rollups (Rollups::live()).
			update_option( self::VERSION_OPTION, (string) Schema::VERSION, true );
			$upgrades = $this->upgrades;
			ksort( $upgrades );
			foreach ( $upgrades as $version => $upgrade ) {
				if ( $from > 0 && $from < $version ) {
					try {
						$upgrade();
					} catch ( \RuntimeException $e ) {
						Log::error( sprintf( 'the upgrade step of version %d failed: %s', $version, ExceptionText::plain( $e ) ) );
					}
				}
			}
			if ( $from < 6 ) {
				// Version 3 added the daily rollups, version 6 the funnel: built from the raw tables, survey
				// by survey (each rebuild counts concurrent writes exactly once, see
				// Rollups::rebuild_survey()). Should this request die first, the scheduled event finishes the job.
				Rollups::schedule_rebuild();
				try {
					$this->rollups->rebuild_all();
					wp_clear_scheduled_hook( Rollups::REBUILD_HOOK );
				} catch ( \RuntimeException $e ) {
					// The tables are in place; the event tries again.
					Log::error( 'building the daily rollups failed: ' . ExceptionText::plain( $e ) );
				}
			}
		} finally {
			delete_option( self::LOCK_OPTION );
		}
		return true;
	}

	/**
	 * Drops the current site's tables (uninstall, site deletion).
	 */
	public function drop_tables(): void {
		global $wpdb;
		foreach ( Schema::TABLES as $name ) {
			$wpdb->query( $wpdb->prepare( 'DROP TABLE IF EXISTS %i', Schema::table( $name ) ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery.SchemaChange -- uninstall and site deletion drop the plugin's own tables.
		}
		delete_option( self::VERSION_OPTION );
	}

	/**
	 * Filter: whether the migrator may switch a site's SQLite database to write-ahead logging (default
	 * true).
	 */
	public const WAL_FILTER = 'userfeedback_sqlite_wal';

	/**
	 * SQLite: switches the database to write-ahead logging (WAL), once; the mode is kept in the file.
	 * In the default rollback journal a commit waits until no request is reading and takes three disk
	 * syncs, and readers wait for the commit: under concurrent visitors the write lock was held several
	 * times longer than the write itself (measured here with the public-routes benchmark: an impression
	 * 22 ms over the no-op route in the journal mode, 8.5 ms in WAL). In WAL readers and the one writer
	 * do not wait for each other and a commit is one append. Nothing to do on MariaDB/MySQL, inside a
	 * transaction (SQLite refuses the change there; a later migration tries again), or where the filter
	 * says no (a database on a network file system, where WAL does not work).
	 */
	public static function use_wal(): void {
		$pdo = Transaction::sqlite_pdo(); // phpcs:ignore PHPCompatibility.Extensions.RemovedExtensions.sqliteRemoved -- Transaction's own method, not the sqlite extension of PHP 5.
		// phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- WAL_FILTER is 'userfeedback_sqlite_wal'.
		if ( null === $pdo || ! apply_filters( self::WAL_FILTER, true ) ) {
			return;
		}
		try {
			$pdo->exec( 'PRAGMA journal_mode = WAL' );
		} catch ( \PDOException $e ) {
			if ( ! str_contains( $e->getMessage(), 'within a transaction' ) ) {
				Log::error( 'could not switch the SQLite database to WAL: ' . $e->getMessage() );
			}
		}
	}

	/**
	 * Drops the indexes of DROPPED_INDEXES where they still exist.
	 *
	 * @throws \RuntimeException When the database refuses.
	 */
	private function drop_old_indexes(): void {
		global $wpdb;
		foreach ( self::DROPPED_INDEXES as $name => $indexes ) {
			$table = Schema::table( $name );
			// Unquoted, as dbDelta() asks it: the SQLite driver answers nothing for a quoted name here.
			$rows = (array) $wpdb->get_results( 'SHOW INDEX FROM ' . $table, ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- one of our table names.
			$have = array_unique( array_map( static fn( $row ): string => (string) ( $row['Key_name'] ?? '' ), $rows ) );
			foreach ( array_intersect( $indexes, $have ) as $index ) {
				// phpcs:ignore WordPress.DB.DirectDatabaseQuery.SchemaChange -- an upgrade drops an index an older version of the plugin created on its own table.
				if ( false === $wpdb->query( $wpdb->prepare( 'ALTER TABLE %i DROP INDEX %i', $table, $index ) ) ) {
					throw new \RuntimeException( esc_html( sprintf( 'Could not drop the index %s of %s: %s', $index, $table, $wpdb->last_error ) ) ); // phpcs:ignore WordPress.DB.DirectDatabaseQuery.SchemaChange -- a message that names the failed drop, next to $wpdb->last_error; no statement runs here.
				}
			}
		}
	}

	/**
	 * @return string[] Short names of the tables that are missing on the current site.
	 */
	public function missing_tables(): array {
		global $wpdb;
		$missing = array();
		foreach ( Schema::TABLES as $name ) {
			$table = Schema::table( $name );
			if ( $wpdb->get_var( $wpdb->prepare( 'SHOW TABLES LIKE %s', $wpdb->esc_like( $table ) ) ) !== $table ) {
				$missing[] = $name;
			}
		}
		return $missing;
	}

	/**
	 * @param string[] $tables  Tables core drops with the site.
	 * @param int      $site_id The site being deleted.
	 * @return string[]
	 */
	public function tables_of_site( array $tables, int $site_id ): array {
		global $wpdb;
		foreach ( Schema::TABLES as $name ) {
			$tables[] = $wpdb->get_blog_prefix( $site_id ) . 'userfeedback_' . $name;
		}
		return $tables;
	}

	/**
	 * dbDelta() reports nothing when a statement fails; check, so a failed install is not marked done.
	 *
	 * @throws \RuntimeException When a table could not be created.
	 */
	private function assert_tables_exist(): void {
		global $wpdb;
		$missing = $this->missing_tables();
		if ( $missing ) {
			throw new \RuntimeException(
				esc_html( sprintf( 'UserFeedback could not create its tables (%s): %s', implode( ', ', $missing ), $wpdb->last_error ) )
			);
		}
	}
}
