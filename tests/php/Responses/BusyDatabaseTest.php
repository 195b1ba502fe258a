<?php
/**
 * A database that cannot take a write now (SQLite locked past its busy timeout, MariaDB in a deadlock
 * or gone) answers the visitor's write 503 userfeedback_busy with Retry-After: 2, keeps nothing of it,
 * and never 500; a rate-limit count that cannot be written refuses the request the same way instead of
 * letting it through. On MariaDB a deadlock runs the transaction again once.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Responses;

use UserFeedback\Database\DatabaseBusy;
use UserFeedback\Database\Schema;
use UserFeedback\Responses\ResponseService;
use WP_REST_Response;

final class BusyDatabaseTest extends ResponsesTestCase {

	private const MESSAGE = 'The site is busy right now. Your answers are kept and will be sent again shortly.';

	private ?string $log = null;

	protected function setUp(): void {
		parent::setUp();
		// The 503s are logged: keep them out of the test output.
		$this->log = (string) ini_set( 'error_log', '/dev/null' ); // phpcs:ignore WordPress.PHP.IniSet
	}

	/**
	 * Makes the statements that start with $prefix fail as the engine does when it is busy, $times times.
	 */
	private static function fail_statements( string $prefix, string $error, int $times = PHP_INT_MAX ): void {
		add_filter(
			'query',
			static function ( string $sql ) use ( $prefix, $error, &$times ): string {
				if ( $times > 0 && str_starts_with( $sql, $prefix ) ) {
					--$times;
					throw new \RuntimeException( 'Could not save: ' . $error );
				}
				return $sql;
			}
		);
	}

	/**
	 * Makes every insert of answers fail with $error: on SQLite, where the answers are upserted through
	 * the integration's PDO (no 'query' filter sees them), with a temporary trigger of this connection;
	 * elsewhere with fail_statements().
	 */
	private static function fail_answer_inserts( string $error ): void {
		$answers = Schema::table( 'answers' );
		if ( 'sqlite' === getenv( 'UF_DB' ) ) {
			$GLOBALS['@pdo']->exec( 'CREATE TEMP TRIGGER uf_fail_answers BEFORE INSERT ON "' . $answers . '" BEGIN SELECT RAISE(ABORT, ' . $GLOBALS['@pdo']->quote( $error ) . '); END' );
			return;
		}
		self::fail_statements( "INSERT INTO `$answers`", $error );
	}

	private static function stop_failing(): void {
		remove_all_filters( 'query' );
		if ( 'sqlite' === getenv( 'UF_DB' ) ) {
			$GLOBALS['@pdo']->exec( 'DROP TRIGGER IF EXISTS temp.uf_fail_answers' );
		}
	}

	protected function tearDown(): void {
		if ( 'sqlite' === getenv( 'UF_DB' ) ) {
			$GLOBALS['@pdo']->exec( 'DROP TRIGGER IF EXISTS temp.uf_fail_answers' );
		}
		ini_set( 'error_log', (string) $this->log ); // phpcs:ignore WordPress.PHP.IniSet
		parent::tearDown();
	}

	private function assertBusy( WP_REST_Response $response ): void {
		$this->assertSame( 503, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame( 'userfeedback_busy', $response->get_data()['code'] );
		$this->assertSame( self::MESSAGE, $response->get_data()['message'] );
		$this->assertSame( '2', $response->get_headers()['Retry-After'] ?? null );
	}

	/**
	 * @return array<string,array{0:string}>
	 */
	public static function busy_errors(): array {
		return array(
			'SQLite locked'    => array( 'SQLSTATE[HY000]: General error: 5 database is locked' ),
			'MariaDB gone'     => array( 'MySQL server has gone away' ),
			'MariaDB deadlock' => array( 'Deadlock found when trying to get lock; try restarting transaction' ),
		);
	}

	/**
	 * @dataProvider busy_errors
	 */
	public function test_a_busy_database_answers_503_and_keeps_nothing( string $error ): void {
		$id    = self::open_survey();
		$saved = 0;
		add_action(
			ResponseService::SAVED_ACTION,
			static function () use ( &$saved ): void {
				++$saved;
			}
		);
		self::fail_answer_inserts( $error );
		$this->assertBusy( $this->submit_answers( $id, array( self::answer( 1, 'Yes' ) ) ) );
		$this->assertBusy( $this->submit( $id, array( 'response_id' => '12345678-1234-4234-8234-123456789abc', 'answers' => array( self::answer( 1, 'Yes' ) ), 'reached' => 1 ) ) );
		$this->assertSame( 0, self::count_rows( 'responses', $id ), 'Nothing half-written.' );
		$this->assertSame( 0, self::count_rows( 'answers', $id ) );
		$this->assertSame( 0, $saved );

		self::stop_failing();
		$this->start_visitor_request( array(), self::CHROME_WINDOWS );
		$this->assertSame( 201, $this->submit( $id, array( 'response_id' => '12345678-1234-4234-8234-123456789abc', 'answers' => array( self::answer( 1, 'Yes' ) ), 'reached' => 1 ) )->get_status(), 'Sent again, it is stored.' );
	}

	public function test_a_deadlock_on_mariadb_runs_the_write_again_once(): void {
		if ( 'sqlite' === getenv( 'UF_DB' ) ) {
			$this->markTestSkipped( 'MariaDB/MySQL only: SQLite has waited its busy timeout already.' );
		}
		$id      = self::open_survey();
		$answers = Schema::table( 'answers' );
		self::fail_statements( "INSERT INTO `$answers`", 'Deadlock found when trying to get lock; try restarting transaction', 1 );
		$this->assertSame( 201, $this->submit_answers( $id, array( self::answer( 1, 'Yes' ) ) )->get_status() );
		$this->assertSame( 1, self::count_rows( 'responses', $id ) );
		$this->assertSame( 1, self::count_rows( 'answers', $id ) );
		// Twice in a row: 503.
		self::fail_statements( "INSERT INTO `$answers`", 'Deadlock found when trying to get lock; try restarting transaction', 2 );
		$this->assertBusy( $this->submit_answers( $id, array( self::answer( 1, 'No' ) ) ) );
		$this->assertSame( 1, self::count_rows( 'responses', $id ) );
	}

	public function test_another_database_error_is_not_taken_for_busy(): void {
		$id = self::open_survey();
		self::fail_answer_inserts( "Duplicate entry '1' for key 'PRIMARY'" );
		$response = $this->submit_answers( $id, array( self::answer( 1, 'Yes' ) ) );
		$this->assertSame( 500, $response->get_status() );
		$this->assertSame( 0, self::count_rows( 'responses', $id ) );
	}

	public function test_a_rate_limit_count_that_cannot_be_written_refuses_the_write(): void {
		$id     = self::open_survey();
		$limits = Schema::table( 'rate_limits' );
		// The counter's upsert fails (as a locked or unreachable table would): the request must not pass.
		if ( 'sqlite' === getenv( 'UF_DB' ) ) {
			// There the count is SQLite's own statement on the integration's PDO: the table goes away
			// instead, inside the test's transaction (SQLite's DDL is transactional; rolled back after).
			$GLOBALS['@pdo']->exec( 'ALTER TABLE "' . $limits . '" RENAME TO "' . $limits . '_gone"' );
		} else {
			add_filter( 'query', static fn( string $sql ): string => str_starts_with( $sql, "INSERT INTO `$limits`" ) ? 'INSERT INTO uf_no_such_table (id) VALUES (1)' : $sql );
		}
		$this->assertBusy( $this->submit_answers( $id, array( self::answer( 1, 'Yes' ) ) ) );
		$this->assertSame( 0, self::count_rows( 'responses', $id ) );
		$impression = $this->rest( 'POST', self::NS . "/surveys/$id/impression", array(), array( 'nonce' => \UserFeedback\Frontend\SurveyTokens::issue( $id, 'impression' ) ) );
		$this->assertBusy( $impression );
		global $wpdb;
		$this->assertSame( '0', (string) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE survey_id = %d', Schema::table( 'impressions' ), $id ) ) );
	}

	public function test_a_database_that_cannot_be_reached_again_answers_503_not_the_error_page(): void {
		$id        = self::open_survey();
		$responses = Schema::table( 'responses' );
		// wpdb's dead_db() after its reconnection attempts failed: wp_die() with the connection error, on
		// a statement in the middle of the write. On SQLite the response's INSERT goes to the driver's PDO
		// (ResponseRepository::insert_response()), not through wpdb: there the COMMIT, after it, fails.
		$failing = 'sqlite' === getenv( 'UF_DB' ) ? 'COMMIT' : "INSERT INTO `$responses`";
		add_filter(
			'query',
			static function ( string $sql ) use ( $failing ): string {
				if ( str_starts_with( $sql, $failing ) ) {
					wp_die( new \WP_Error( 'db_connect_fail', 'Error establishing a database connection' ) );
				}
				return $sql;
			}
		);
		$this->assertBusy( $this->submit_answers( $id, array( self::answer( 1, 'Yes' ) ) ) );
		$this->assertSame( 0, self::count_rows( 'responses', $id ) );
		$this->assertSame( '_default_wp_die_handler', apply_filters( 'wp_die_handler', '_default_wp_die_handler' ), 'wp_die() is itself again after the write.' );
		$this->assertSame( '_json_wp_die_handler', apply_filters( 'wp_die_json_handler', '_json_wp_die_handler' ) );
	}

	public function test_a_busy_impression_answers_503(): void {
		$id          = self::open_survey();
		$impressions = Schema::table( 'impressions' );
		self::fail_statements( "INSERT INTO `$impressions`", 'SQLSTATE[HY000]: General error: 5 database is locked' );
		$this->assertBusy( $this->rest( 'POST', self::NS . "/surveys/$id/impression", array(), array( 'nonce' => \UserFeedback\Frontend\SurveyTokens::issue( $id, 'impression' ) ) ) );
	}

	public function test_sqlite_locked_by_another_connection_past_the_busy_timeout_answers_503(): void {
		if ( 'sqlite' !== getenv( 'UF_DB' ) ) {
			$this->markTestSkipped( 'SQLite only.' );
		}
		$this->real_transactions();
		$this->without_transaction(
			function (): void {
				$id  = self::open_survey();
				$pdo = $GLOBALS['@pdo'];
				// Another process holds the write lock; ours waits 1 s for it instead of the integration's 5.
				$other = new \PDO( 'sqlite:' . FQDB, null, null, array( \PDO::ATTR_ERRMODE => \PDO::ERRMODE_EXCEPTION ) );
				$pdo->setAttribute( \PDO::ATTR_TIMEOUT, 1 );
				$other->exec( 'BEGIN IMMEDIATE' );
				try {
					$started  = microtime( true );
					$response = $this->submit_answers( $id, array( self::answer( 1, 'Yes' ) ) );
					$this->assertGreaterThanOrEqual( 0.9, microtime( true ) - $started, 'It waited for the lock.' );
					$this->assertBusy( $response );
				} finally {
					$other->exec( 'ROLLBACK' );
					$pdo->setAttribute( \PDO::ATTR_TIMEOUT, 5 );
				}
				try {
					$this->assertSame( 0, self::count_rows( 'responses', $id ) );
					$this->assertSame( 201, $this->submit_answers( $id, array( self::answer( 1, 'Yes' ) ) )->get_status(), 'Once the lock is free, the write goes through.' );
				} finally {
					global $wpdb;
					foreach ( array( 'answers', 'responses', 'daily_responses', 'daily_answers', 'daily_funnel' ) as $table ) {
						$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE survey_id = %d', Schema::table( $table ), $id ) );
					}
					$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE id = %d', Schema::table( 'surveys' ), $id ) );
					$wpdb->query( $wpdb->prepare( 'DELETE FROM %i', Schema::table( 'rate_limits' ) ) );
				}
			}
		);
	}

	public function test_the_engines_busy_errors_are_recognised(): void {
		foreach ( array_column( self::busy_errors(), 0 ) as $error ) {
			$this->assertTrue( DatabaseBusy::is_busy( $error ), $error );
		}
		$this->assertTrue( DatabaseBusy::is_busy( 'Lock wait timeout exceeded; try restarting transaction' ) );
		$this->assertTrue( DatabaseBusy::is_retryable( 'Deadlock found when trying to get lock; try restarting transaction' ) );
		$this->assertFalse( DatabaseBusy::is_retryable( 'SQLSTATE[HY000]: General error: 5 database is locked' ) );
		$this->assertFalse( DatabaseBusy::is_busy( "Duplicate entry '1' for key 'PRIMARY'" ) );
		$this->assertFalse( DatabaseBusy::is_busy( "Table 'wp.uf_no_such_table' doesn't exist" ) );
	}
}
