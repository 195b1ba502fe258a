<?php
/**
 * Database\Transaction::run(), with real transactions (outside the test's own one), on both engines:
 * the work's writes are committed together or not at all, whatever the work throws (a REST refusal
 * included: what a refusal keeps is its caller's business, see Responses\VisitorWrite), and a run
 * inside a run is undone alone.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Database;

use UserFeedback\Database\DatabaseBusy;
use UserFeedback\Database\Schema;
use UserFeedback\Database\Transaction;
use UserFeedback\ExceptionText;
use UserFeedback\Responses\VisitorWrite;
use UserFeedback\Rest\ApiException;
use UserFeedback\Tests\TestCase;

final class TransactionTest extends TestCase {

	/** A survey id no fixture uses: the rows are impressions of it, one per day. */
	private const SURVEY = 990417;

	public function test_the_work_is_committed_and_its_value_answered(): void {
		$this->outside_the_test_transaction(
			function (): void {
				$answer = Transaction::run(
					static function (): string {
						self::count_day( '2026-01-01' );
						self::count_day( '2026-01-02' );
						return 'done';
					}
				);
				$this->assertSame( 'done', $answer );
				$this->assertSame( array( '2026-01-01', '2026-01-02' ), self::days() );
			}
		);
	}

	/**
	 * @return array<string,array{0:\Throwable}>
	 */
	public static function failures(): array {
		return array(
			'a database error' => array( new \RuntimeException( 'no' ) ),
			'a REST refusal'   => array( ApiException::not_found( 'gone' ) ),
			'a PHP error'      => array( new \TypeError( 'bad' ) ),
		);
	}

	/**
	 * @dataProvider failures
	 */
	public function test_whatever_the_work_throws_rolls_everything_back_and_is_thrown_again( \Throwable $failure ): void {
		$this->outside_the_test_transaction(
			function () use ( $failure ): void {
				try {
					Transaction::run(
						static function () use ( $failure ): void {
							self::count_day( '2026-01-01' );
							self::count_day( '2026-01-02' );
							throw $failure;
						}
					);
					$this->fail( 'The failure was not thrown again.' );
				} catch ( \Throwable $thrown ) {
					$this->assertSame( $failure, $thrown );
				}
				$this->assertSame( array(), self::days() );
				// The connection is out of the transaction: the next run commits.
				Transaction::run( static fn() => self::count_day( '2026-01-03' ) );
				$this->assertSame( array( '2026-01-03' ), self::days() );
			}
		);
	}

	/**
	 * Messages are escaped for HTML where they are thrown ("can't" becomes "can&#039;t"): the busy signs
	 * are matched on their plain text (ExceptionText), or a lost server would not be called busy.
	 */
	public function test_a_busy_sign_is_read_from_the_plain_text_of_an_escaped_message(): void {
		$this->outside_the_test_transaction(
			function (): void {
				$runs = 0;
				try {
					Transaction::run(
						static function () use ( &$runs ): void {
							++$runs;
							self::count_day( '2026-01-01' );
							throw new \RuntimeException( esc_html( "Could not save: Can't connect to the database server" ) );
						}
					);
					$this->fail( 'The failure was not thrown again.' );
				} catch ( DatabaseBusy $busy ) {
					$this->assertStringContainsString( "Can't connect to the database server", ExceptionText::plain( $busy ) );
					$this->assertInstanceOf( \RuntimeException::class, $busy->getPrevious() );
				}
				$this->assertSame( 1, $runs, 'Not a sign that running the work again may clear.' );
				$this->assertSame( array(), self::days() );
			}
		);
	}

	public function test_a_failed_run_inside_a_run_is_undone_alone(): void {
		$this->outside_the_test_transaction(
			function (): void {
				Transaction::run(
					function (): void {
						self::count_day( '2026-01-01' );
						try {
							Transaction::run(
								static function (): void {
									self::count_day( '2026-01-02' );
									throw new \RuntimeException( 'inner' );
								}
							);
						} catch ( \RuntimeException $e ) {
							$this->assertSame( 'inner', $e->getMessage() );
						}
						// A successful inner run stays with the outer one.
						Transaction::run( static fn() => self::count_day( '2026-01-03' ) );
					}
				);
				$this->assertSame( array( '2026-01-01', '2026-01-03' ), self::days() );
			}
		);
	}

	public function test_a_failed_outer_run_takes_its_committed_inner_runs_with_it(): void {
		$this->outside_the_test_transaction(
			function (): void {
				try {
					Transaction::run(
						static function (): void {
							Transaction::run( static fn() => self::count_day( '2026-01-01' ) );
							throw new \RuntimeException( 'outer' );
						}
					);
				} catch ( \RuntimeException $e ) {
					$this->assertSame( 'outer', $e->getMessage() );
				}
				$this->assertSame( array(), self::days() );
			}
		);
	}

	public function test_a_commit_that_fails_is_a_failure_and_nothing_is_kept(): void {
		$this->outside_the_test_transaction(
			function (): void {
				$broken = static fn( string $sql ): string => 'COMMIT' === $sql ? 'SELECT 1 FROM no_such_table_uf' : $sql;
				add_filter( 'query', $broken );
				$log = ini_set( 'error_log', '/dev/null' ); // phpcs:ignore WordPress.PHP.IniSet -- wpdb logs the refused statement.
				global $wpdb;
				$shown = $wpdb->hide_errors();
				try {
					Transaction::run( static fn() => self::count_day( '2026-01-01' ) );
					$this->fail( 'A failed commit must throw.' );
				} catch ( \RuntimeException $e ) {
					$this->assertStringStartsWith( 'Could not commit', $e->getMessage() );
				} finally {
					remove_filter( 'query', $broken );
					$wpdb->show_errors( $shown );
					ini_set( 'error_log', (string) $log ); // phpcs:ignore WordPress.PHP.IniSet
				}
				$this->assertSame( array(), self::days() );
			}
		);
	}

	public function test_a_commit_the_connection_is_lost_during_is_never_run_again_and_says_its_outcome_is_unknown(): void {
		$this->outside_the_test_transaction(
			function (): void {
				// The connection goes while the COMMIT is on its way (as when MariaDB restarts): the
				// database may have applied it, so running the work again could count it twice.
				$lost = static function ( string $sql ): string {
					if ( 'COMMIT' === $sql ) {
						throw new DatabaseBusy( 'MySQL server has gone away' );
					}
					return $sql;
				};
				add_filter( 'query', $lost );
				$runs = 0;
				try {
					Transaction::run(
						static function () use ( &$runs ): void {
							++$runs;
							self::count_day( '2026-01-01' );
						}
					);
					$this->fail( 'A commit that may not have been applied must throw.' );
				} catch ( DatabaseBusy $e ) {
					$this->assertTrue( $e->outcome_unknown(), $e->getMessage() );
				} finally {
					remove_filter( 'query', $lost );
				}
				// "gone away" alone would run the work again (test_a_connection_lost_...): not at commit.
				$this->assertSame( 1, $runs );
				$this->assertTrue( DatabaseBusy::is_retryable( 'MySQL server has gone away' ) );

				// A visitor's write says so in its 503, where a busy database before the commit does not.
				$this->assertSame( 'unknown', VisitorWrite::busy( true )->to_wp_error()->get_error_data()['outcome'] );
				$this->assertArrayNotHasKey( 'outcome', (array) VisitorWrite::busy()->to_wp_error()->get_error_data() );
			}
		);
	}

	public function test_the_outermost_run_writes_the_statements_the_test_suite_nests_by(): void {
		$seen   = array();
		$record = static function ( string $sql ) use ( &$seen ): string {
			if ( preg_match( '/^(START|COMMIT|ROLLBACK|SAVEPOINT|RELEASE)/', $sql ) ) {
				$seen[] = $sql;
			}
			return $sql;
		};
		add_filter( 'query', $record );
		try {
			Transaction::run( static fn() => null );
			try {
				Transaction::run(
					static function (): void {
						throw new \RuntimeException( 'no' );
					}
				);
			} catch ( \RuntimeException $e ) {
				unset( $e );
			}
		} finally {
			remove_filter( 'query', $record );
		}
		// tests/php/VisitorRequests.php turns exactly these into a savepoint of the test's transaction.
		$this->assertSame( array( 'START TRANSACTION', 'COMMIT', 'START TRANSACTION', 'ROLLBACK' ), $seen );
	}

	public function test_a_connection_lost_and_made_again_mid_run_runs_the_work_again_on_mariadb(): void {
		if ( 'sqlite' === getenv( 'UF_DB' ) ) {
			$this->markTestSkipped( 'MariaDB/MySQL only: wpdb connects again after "server has gone away".' );
		}
		$this->outside_the_test_transaction(
			function (): void {
				global $wpdb;
				$runs = 0;
				Transaction::run(
					static function () use ( &$runs ): void {
						global $wpdb;
						++$runs;
						self::count_day( '2026-01-01' );
						if ( 1 === $runs ) {
							// What wpdb does after "server has gone away": a new connection, with no transaction open on it.
							$wpdb->db_connect( false );
						}
						self::count_day( '2026-01-02' );
					}
				);
				$this->assertSame( 2, $runs, 'The whole work ran again on the new connection.' );
				$this->assertSame( array( '2026-01-01', '2026-01-02' ), self::days(), 'Nothing of the first run was kept alone, nothing twice.' );
				$this->assertSame( '1', (string) $wpdb->get_var( $wpdb->prepare( 'SELECT MAX(%i) FROM %i WHERE survey_id = %d', 'count', Schema::table( 'impressions' ), self::SURVEY ) ) );
			}
		);
	}

	public function test_a_statement_wpdb_runs_again_after_the_server_went_away_is_not_kept_alone(): void {
		if ( 'sqlite' === getenv( 'UF_DB' ) ) {
			$this->markTestSkipped( 'MariaDB/MySQL only: wpdb connects again after "server has gone away".' );
		}
		$this->outside_the_test_transaction(
			function (): void {
				$runs = 0;
				Transaction::run(
					static function () use ( &$runs ): void {
						global $wpdb;
						++$runs;
						self::count_day( '2026-01-01' );
						if ( 1 === $runs ) {
							// The server ends the connection (a restart): the next statement gets "server has
							// gone away", and wpdb connects again and sends that statement once more itself.
							mysqli_query( $wpdb->dbh, 'KILL CONNECTION_ID()' ); // phpcs:ignore WordPress.DB.RestrictedFunctions.mysql_mysqli_query
						}
						self::count_day( '2026-01-02' );
					}
				);
				$this->assertSame( 2, $runs, 'The whole work ran again on the new connection.' );
				// Without the hold, 2026-01-02 stood committed alone and the second run failed on its key.
				$this->assertSame( array( '2026-01-01', '2026-01-02' ), self::days(), 'Nothing of the first run was kept alone, nothing twice.' );
			}
		);
	}

	public function test_a_commit_wpdb_sends_again_on_a_new_connection_is_never_called_a_success(): void {
		if ( 'sqlite' === getenv( 'UF_DB' ) ) {
			$this->markTestSkipped( 'MariaDB/MySQL only: wpdb connects again after "server has gone away".' );
		}
		$this->outside_the_test_transaction(
			function (): void {
				$runs = 0;
				try {
					Transaction::run(
						static function () use ( &$runs ): void {
							global $wpdb;
							++$runs;
							self::count_day( '2026-01-01' );
							// The server ends the connection after the last write (a restart): the COMMIT
							// gets "server has gone away", and wpdb connects again and sends the COMMIT on
							// the new connection, where it succeeds and commits nothing.
							mysqli_query( $wpdb->dbh, 'KILL CONNECTION_ID()' ); // phpcs:ignore WordPress.DB.RestrictedFunctions.mysql_mysqli_query
						}
					);
					$this->fail( 'A COMMIT sent on another connection than the transaction\'s must not answer a success.' );
				} catch ( DatabaseBusy $e ) {
					$this->assertTrue( $e->outcome_unknown(), $e->getMessage() );
				}
				$this->assertSame( 1, $runs, 'Never run again after the COMMIT was sent.' );
				$this->assertSame( array(), self::days(), 'The server rolled the transaction back with its connection.' );
			}
		);
	}

	/**
	 * Runs $fn with no transaction of the test's open, and removes its rows afterwards.
	 */
	private function outside_the_test_transaction( callable $fn ): void {
		$this->without_transaction(
			static function () use ( $fn ): void {
				try {
					$fn();
				} finally {
					global $wpdb;
					$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE survey_id = %d', Schema::table( 'impressions' ), self::SURVEY ) );
				}
			}
		);
	}

	private static function count_day( string $day ): void {
		global $wpdb;
		$done = $wpdb->query( $wpdb->prepare( 'INSERT INTO %i (survey_id, day, %i) VALUES (%d, %s, 1)', Schema::table( 'impressions' ), 'count', self::SURVEY, $day ) );
		if ( false === $done ) {
			throw new \RuntimeException( 'Could not write: ' . $wpdb->last_error );
		}
	}

	/**
	 * @return string[] The days counted, in order.
	 */
	private static function days(): array {
		global $wpdb;
		return array_map( 'strval', $wpdb->get_col( $wpdb->prepare( 'SELECT day FROM %i WHERE survey_id = %d ORDER BY day', Schema::table( 'impressions' ), self::SURVEY ) ) );
	}
}
