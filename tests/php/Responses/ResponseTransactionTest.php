<?php
/**
 * A response is saved all or nothing, with real transactions (outside the test's own one), on both
 * engines.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Responses;

use UserFeedback\Database\Schema;
use UserFeedback\Responses\ResponseService;

final class ResponseTransactionTest extends ResponsesTestCase {

	public function test_when_the_answers_insert_fails_the_response_row_is_rolled_back(): void {
		$this->real_transactions();
		$this->without_transaction(
			function (): void {
				$id = self::open_survey();
				try {
					$answers = Schema::table( 'answers' );
					if ( 'sqlite' === getenv( 'UF_DB' ) ) {
						// There the answers go through the integration's PDO, which no 'query' filter sees: a
						// temporary trigger of this connection makes them fail instead.
						$GLOBALS['@pdo']->exec( 'CREATE TEMP TRIGGER uf_fail_answers BEFORE INSERT ON "' . $answers . '" BEGIN SELECT RAISE(ABORT, \'no such table: uf\'); END' );
					} else {
						add_filter( 'query', static fn( string $sql ): string => str_starts_with( $sql, "INSERT INTO `$answers`" ) ? 'INSERT INTO no_such_table_uf (id) VALUES (1)' : $sql );
					}
					$saved = 0;
					add_action(
						ResponseService::SAVED_ACTION,
						static function () use ( &$saved ): void {
							++$saved;
						}
					);

					$log = ini_set( 'error_log', '/dev/null' ); // phpcs:ignore WordPress.PHP.IniSet -- the expected failure is logged.
					try {
						$response = $this->submit_answers( $id, array( self::answer( 1, 'Yes' ), self::answer( 5, 2 ) ) );
					} finally {
						ini_set( 'error_log', (string) $log ); // phpcs:ignore WordPress.PHP.IniSet
					}

					$this->assertSame( 500, $response->get_status() );
					$this->assertSame( 'userfeedback_internal_error', $response->get_data()['code'] );
					$this->assertSame( 0, self::count_rows( 'responses', $id ), 'The response row went with the failed answers.' );
					$this->assertSame( 0, self::count_rows( 'answers', $id ) );
					$this->assertSame( 0, $saved, 'Nothing was announced.' );

					remove_all_filters( 'query' );
					self::drop_trigger();
					$ok = $this->submit_answers( $id, array( self::answer( 1, 'Yes' ), self::answer( 5, 2 ) ) );
					$this->assertSame( 201, $ok->get_status(), 'The connection is usable afterwards.' );
					$this->assertSame( 1, self::count_rows( 'responses', $id ) );
					$this->assertSame( 2, self::count_rows( 'answers', $id ) );
				} finally {
					remove_all_filters( 'query' );
					self::drop_trigger();
					self::purge( $id );
				}
			}
		);
	}

	/**
	 * Removes what the test committed: the survey, its rows and the rate-limit counters.
	 */
	private static function drop_trigger(): void {
		if ( 'sqlite' === getenv( 'UF_DB' ) ) {
			$GLOBALS['@pdo']->exec( 'DROP TRIGGER IF EXISTS temp.uf_fail_answers' );
		}
	}

	private static function purge( int $id ): void {
		global $wpdb;
		foreach ( array( 'answers', 'responses', 'impressions' ) as $table ) {
			$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE survey_id = %d', Schema::table( $table ), $id ) );
		}
		$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE id = %d', Schema::table( 'surveys' ), $id ) );
		$wpdb->query( $wpdb->prepare( 'DELETE FROM %i', Schema::table( 'rate_limits' ) ) );
	}
}
