<?php
/**
 * The one way to run several statements all or nothing: Transaction::run( $work ) commits what the
 * work wrote when it returns, and rolls it back when it throws anything, then throws that again.
 *
 * Nesting: a run inside a run is a savepoint of the outer one, so the inner work is undone alone when
 * it fails and the outer work decides what happens next. MySQL/MariaDB would commit the open
 * transaction on a second START TRANSACTION, so there the inner run writes SAVEPOINT statements; the
 * SQLite integration turns a nested START TRANSACTION into a savepoint by itself (and does not know
 * SAVEPOINT as a statement), so there the inner run writes the same three statements as the outer.
 *
 * The outermost run writes exactly 'START TRANSACTION', 'COMMIT' and 'ROLLBACK'. The PHPUnit tests
 * keep a run inside their own transaction by rewriting those statements (tests/php/VisitorRequests.php).
 *
 * A caller that wants something kept although its work failed (a rate-limit count of a refused
 * request) returns that outcome from the work instead of throwing it: what it means belongs to the
 * caller's layer, not to this one.
 *
 * Concurrency. On SQLite a transaction opened with a plain (deferred) BEGIN takes its write lock at
 * its first write; when it has read before (and the SQLite integration reads the schema before most
 * writes it translates), SQLite refuses that upgrade at once with SQLITE_BUSY whenever another
 * connection holds the write lock, without waiting its busy timeout (waiting could deadlock). Under
 * concurrent visitors that was the "database is locked" of most failed writes. The outermost run on
 * SQLite therefore takes the write lock first, with a no-op write as its first statement (what BEGIN
 * IMMEDIATE does; the integration only sends a plain BEGIN), so that it waits in line for up to the
 * busy timeout instead of failing. On MariaDB/MySQL, a deadlock, a lock wait timeout or a lost
 * connection makes the outermost run start the whole work again, once. What is still busy after that
 * is thrown as DatabaseBusy (rolled back), which the visitor routes answer with 503.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Database;

use UserFeedback\ExceptionText;
use UserFeedback\Log;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- no table: START TRANSACTION, SAVEPOINT, COMMIT and ROLLBACK steer the connection itself; there is no result to cache.

final class Transaction {

	/** How many runs are open in this request. */
	private static int $depth = 0;

	/**
	 * @template T
	 * @param callable():T $work The writes; may run twice on MariaDB/MySQL (see the class comment).
	 * @return T What the work answered.
	 * @throws DatabaseBusy When the database stays busy or out of reach (rolled back).
	 * @throws \Throwable What the work threw, after the rollback; \RuntimeException when the
	 *                    transaction cannot be opened or committed (rolled back then).
	 */
	public static function run( callable $work ) {
		$retry = 0 === self::$depth && ! self::nests_by_itself();
		try {
			return self::once( $work );
		} catch ( DatabaseBusy $e ) {
			// A COMMIT that may have been applied is never run again: the work could be stored twice.
			if ( ! $retry || $e->outcome_unknown() || ! DatabaseBusy::is_retryable( ExceptionText::plain( $e ) ) ) {
				throw $e;
			}
			return self::once( $work );
		}
	}

	/**
	 * One attempt: begin, work, commit; a failure that says the database is busy is thrown as
	 * DatabaseBusy.
	 *
	 * @template T
	 * @param callable():T $work The writes.
	 * @return T
	 */
	private static function once( callable $work ) {
		global $wpdb;
		$level      = self::$depth;
		$statements = self::statements( $level );
		self::query( $statements['begin'], 'Could not start a transaction' );
		++self::$depth;
		$guard = 0 === $level ? self::guard_connection() : null;
		try {
			if ( 0 === $level ) {
				self::lock_for_writing();
			}
			$result = $work();
		} catch ( \Throwable $e ) {
			$error = (string) $wpdb->last_error;
			self::unguard( $guard );
			self::rollback( $statements['rollback'] );
			// busy() escapes the message of the DatabaseBusy it makes; $e was escaped where it was thrown.
			$busy = self::busy( $e, $error );
			throw $busy ?? $e;
		} finally {
			self::$depth = $level;
		}
		try {
			self::unguard( $guard );
			if ( null !== $guard ) {
				$guard( '' );
			}
		} catch ( \RuntimeException $e ) {
			self::rollback( $statements['rollback'] );
			throw $e;
		}
		// The connection the transaction is open on (held, so that a new one cannot take its id).
		$connection = null !== $guard ? $wpdb->dbh : null;
		try {
			self::query( $statements['commit'], 'Could not commit' );
		} catch ( \RuntimeException $e ) {
			self::rollback( $statements['rollback'] );
			// The connection went while the COMMIT was on its way: the database may have applied it.
			if ( 0 === $level && ( $e instanceof DatabaseBusy || DatabaseBusy::is_busy( ExceptionText::plain( $e ) ) ) ) {
				throw DatabaseBusy::at_commit(
					$e // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- the failure itself, kept as the previous exception; at_commit() escapes the message it makes of it.
				);
			}
			throw $e;
		}
		// The server went away before the COMMIT reached it, and wpdb connected again and sent the
		// COMMIT on the new connection, where it commits nothing and succeeds: the transaction was
		// rolled back with the old connection, most likely, but a success here would say it is stored.
		if ( null !== $connection && $wpdb->dbh !== $connection ) {
			throw DatabaseBusy::at_commit( 'The connection was made again during the COMMIT.' );
		}
		return $result;
	}

	/**
	 * MariaDB/MySQL: wpdb answers a "server has gone away" by connecting again and running the statement
	 * once more on the new connection, where no transaction is open: what follows would be committed
	 * statement by statement. A filter on every statement of the transaction sees the connection change
	 * and throws DatabaseBusy (retryable: the whole transaction runs again on the new connection).
	 *
	 * @return (\Closure(string):string)|null The filter, to remove with unguard(); null on SQLite.
	 */
	private static function guard_connection(): ?\Closure {
		global $wpdb;
		if ( self::nests_by_itself() || ! is_object( $wpdb->dbh ) ) {
			return null;
		}
		// The object itself, not its id: a new connection made after this one is freed could take its id.
		$connection = $wpdb->dbh;
		$guard      = static function ( string $sql ) use ( $connection ): string {
			global $wpdb;
			if ( $wpdb->dbh !== $connection ) {
				throw new DatabaseBusy( 'Lost connection to the database during a transaction' );
			}
			return $sql;
		};
		add_filter( 'query', $guard, PHP_INT_MAX );
		add_filter( 'incompatible_sql_modes', array( self::class, 'hold_reconnection' ), PHP_INT_MAX );
		return $guard;
	}

	/**
	 * The statement wpdb runs again after it connected anew is sent past the 'query' filter, so the
	 * guard only sees the change at the next one: by then that statement would stand committed on
	 * its own. wpdb applies this filter while it connects (when the session has an SQL mode, as
	 * MariaDB's and MySQL's defaults do); opening a transaction there puts that statement inside
	 * one, which the guard's DatabaseBusy then rolls back with the rest.
	 *
	 * @param mixed $modes The modes wpdb leaves out, passed through unchanged.
	 * @return mixed
	 */
	public static function hold_reconnection( $modes ) {
		global $wpdb;
		if ( self::$depth > 0 && $wpdb->dbh instanceof \mysqli ) {
			// wpdb's own query() cannot be used mid-connect (the database is not selected yet, and
			// the guard would throw inside wpdb); this statement has no value to prepare.
			mysqli_query( $wpdb->dbh, 'START TRANSACTION' ); // phpcs:ignore WordPress.DB.RestrictedFunctions.mysql_mysqli_query
		}
		return $modes;
	}

	/**
	 * @param (\Closure(string):string)|null $guard What guard_connection() answered.
	 */
	private static function unguard( ?\Closure $guard ): void {
		if ( null !== $guard ) {
			remove_filter( 'query', $guard, PHP_INT_MAX );
			remove_filter( 'incompatible_sql_modes', array( self::class, 'hold_reconnection' ), PHP_INT_MAX );
		}
	}

	/**
	 * Whether the engine is SQLite (the SQLite Database Integration's driver).
	 */
	public static function is_sqlite(): bool {
		return self::nests_by_itself();
	}

	/**
	 * The SQLite integration's PDO, for the few hot statements written in SQLite's own words (the
	 * integration translates every statement with a tokenizer written in PHP, about 1 to 3 ms each);
	 * null on MariaDB/MySQL.
	 */
	public static function sqlite_pdo(): ?\PDO {
		$pdo = $GLOBALS['@pdo'] ?? null;
		return self::nests_by_itself() && $pdo instanceof \PDO ? $pdo : null;
	}

	/**
	 * The clause that makes a SELECT in a transaction lock the rows it reads until the commit (FOR UPDATE
	 * on MariaDB/MySQL); empty on SQLite, where the outermost run holds the write lock of the whole
	 * database already.
	 */
	public static function for_update(): string {
		return self::nests_by_itself() ? '' : ' FOR UPDATE';
	}

	/**
	 * SQLite: takes the database's write lock now, waiting up to the busy timeout for it (see the
	 * class comment). Goes to the integration's PDO: the statement is SQLite's own.
	 *
	 * @throws DatabaseBusy When the lock cannot be had.
	 */
	private static function lock_for_writing(): void {
		global $wpdb;
		$pdo = self::sqlite_pdo(); // phpcs:ignore PHPCompatibility.Extensions.RemovedExtensions.sqliteRemoved -- this class's own method, not the sqlite extension of PHP 5.
		if ( null === $pdo ) {
			return;
		}
		try {
			// A write that changes nothing, on a table every site has.
			$pdo->exec( 'DELETE FROM "' . $wpdb->options . '" WHERE 0' );
		} catch ( \PDOException $e ) {
			throw new DatabaseBusy(
				esc_html( 'Could not lock the database for writing: ' . ExceptionText::plain( $e ) ),
				0,
				$e // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- the previous exception, not a message.
			);
		}
	}

	/**
	 * The failure as DatabaseBusy when it (or the database's last error) says the database is busy.
	 */
	private static function busy( \Throwable $e, string $error ): ?DatabaseBusy {
		if ( $e instanceof DatabaseBusy ) {
			return $e;
		}
		// The repositories' own failures (a plain RuntimeException carrying the database's error) and
		// PDO's; never a refusal or another domain exception that merely extends RuntimeException.
		if ( \RuntimeException::class !== get_class( $e ) && ! $e instanceof \PDOException ) {
			return null;
		}
		$message = ExceptionText::plain( $e );
		foreach ( array( $message, $error ) as $text ) {
			if ( DatabaseBusy::is_busy( $text ) ) {
				return new DatabaseBusy( esc_html( $message . ( $text === $error ? ' (' . $error . ')' : '' ) ), 0, $e );
			}
		}
		return null;
	}

	/**
	 * @return array{begin:string,commit:string,rollback:string}
	 */
	private static function statements( int $level ): array {
		if ( 0 === $level || self::nests_by_itself() ) {
			return array(
				'begin'    => 'START TRANSACTION',
				'commit'   => 'COMMIT',
				'rollback' => 'ROLLBACK',
			);
		}
		$name = 'userfeedback_' . $level;
		return array(
			'begin'    => 'SAVEPOINT ' . $name,
			'commit'   => 'RELEASE SAVEPOINT ' . $name,
			'rollback' => 'ROLLBACK TO SAVEPOINT ' . $name,
		);
	}

	/**
	 * The SQLite integration's driver counts transaction levels itself.
	 */
	private static function nests_by_itself(): bool {
		global $wpdb;
		return class_exists( 'WP_SQLite_DB', false ) && $wpdb instanceof \WP_SQLite_DB;
	}

	/**
	 * A failed rollback must not hide why the work failed: it is logged, and the first error thrown.
	 */
	private static function rollback( string $statement ): void {
		global $wpdb;
		if ( false === $wpdb->query( $statement ) ) { // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- one of the constant statements above.
			Log::error( 'a rollback failed: ' . $wpdb->last_error );
		}
	}

	/**
	 * @throws \RuntimeException When the statement fails.
	 */
	private static function query( string $statement, string $failure ): void {
		global $wpdb;
		if ( false === $wpdb->query( $statement ) ) { // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- one of the constant statements above.
			$message = $failure . ': ' . $wpdb->last_error;
			if ( DatabaseBusy::is_busy( $message ) ) {
				throw new DatabaseBusy( esc_html( $message ) );
			}
			throw new \RuntimeException( esc_html( $message ) );
		}
	}
}
