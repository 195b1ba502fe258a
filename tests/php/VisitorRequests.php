<?php
/**
 * For tests of the public routes: the request globals ($_SERVER) a visitor's request sets, put back
 * after each test, and the visitor's own transaction (Database\Transaction, by way of
 * Responses\VisitorWrite) kept inside the test's.
 *
 * A visitor's write runs in a transaction of its own (START TRANSACTION ... COMMIT). Inside a test's
 * transaction that would commit the test's writes on MariaDB (a nested START TRANSACTION commits
 * implicitly), so there those three statements become a savepoint; SQLite's driver does the same by
 * itself. real_transactions() turns that off for a test that runs outside the test's transaction.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

trait VisitorRequests {

	/** @var array<string,mixed> */
	private array $saved_server = array();

	private ?\Closure $savepoints = null;

	/**
	 * From setUp(): clears $server_keys and sets a visitor at 203.0.113.77 with $user_agent.
	 *
	 * @param string[] $server_keys The $_SERVER keys the tests may set.
	 */
	protected function start_visitor_request( array $server_keys, string $user_agent ): void {
		foreach ( $server_keys as $key ) {
			$this->saved_server[ $key ] = $_SERVER[ $key ] ?? null;
			unset( $_SERVER[ $key ] );
		}
		$_SERVER['REMOTE_ADDR']     = '203.0.113.77';
		$_SERVER['HTTP_USER_AGENT'] = $user_agent;

		if ( 'sqlite' !== getenv( 'UF_DB' ) ) {
			$this->savepoints = static fn( string $sql ): string => match ( $sql ) {
				'START TRANSACTION' => 'SAVEPOINT uf_visitor',
				'COMMIT'            => 'RELEASE SAVEPOINT uf_visitor',
				'ROLLBACK'          => 'ROLLBACK TO SAVEPOINT uf_visitor',
				default             => $sql,
			};
			add_filter( 'query', $this->savepoints );
		}
	}

	/**
	 * From tearDown(), before the parent's: its ROLLBACK must stay one.
	 */
	protected function end_visitor_request(): void {
		$this->real_transactions();
		foreach ( $this->saved_server as $key => $value ) {
			if ( null === $value ) {
				unset( $_SERVER[ $key ] );
			} else {
				$_SERVER[ $key ] = $value;
			}
		}
		$this->saved_server = array();
	}

	/**
	 * Real transactions for the rest of the test.
	 */
	protected function real_transactions(): void {
		if ( $this->savepoints ) {
			remove_filter( 'query', $this->savepoints );
			$this->savepoints = null;
		}
	}
}
