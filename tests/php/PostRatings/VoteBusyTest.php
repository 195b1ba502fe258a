<?php
/**
 * A vote the database cannot take now answers 503 userfeedback_busy with Retry-After: 2, like the
 * other visitor writes, and stores nothing; a rate-limit count that cannot be written refuses it.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\PostRatings;

use UserFeedback\Database\Schema;

final class VoteBusyTest extends RatingsTestCase {

	protected function setUp(): void {
		parent::setUp();
		$this->unlock();
		$this->log = (string) ini_set( 'error_log', '/dev/null' ); // phpcs:ignore WordPress.PHP.IniSet -- the 503s are logged.
	}

	protected function tearDown(): void {
		ini_set( 'error_log', $this->log ); // phpcs:ignore WordPress.PHP.IniSet
		parent::tearDown();
	}

	private string $log = '';

	/**
	 * @return array<string,array{0:string}>
	 */
	public static function failing_tables(): array {
		return array(
			'the vote insert' => array( 'post_ratings' ),
			'the rate limit'  => array( 'rate_limits' ),
		);
	}

	/**
	 * @dataProvider failing_tables
	 */
	public function test_a_vote_the_database_cannot_take_answers_503( string $table ): void {
		$post = self::make_post( 'Rated post' );
		$name = Schema::table( $table );
		if ( 'rate_limits' === $table && 'sqlite' === getenv( 'UF_DB' ) ) {
			// The count is SQLite's own statement on the integration's PDO there: the table goes away
			// inside the test's transaction instead (SQLite's DDL is transactional; rolled back after).
			$GLOBALS['@pdo']->exec( 'ALTER TABLE "' . $name . '" RENAME TO "' . $name . '_gone"' );
		}
		add_filter(
			'query',
			static function ( string $sql ) use ( $name ): string {
				if ( str_starts_with( $sql, "INSERT INTO `$name`" ) ) {
					throw new \RuntimeException( 'Could not save: SQLSTATE[HY000]: General error: 5 database is locked' );
				}
				return $sql;
			}
		);
		$response = $this->vote( $post, array( 'rating' => 4 ) );
		$this->assertSame( 503, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame( 'userfeedback_busy', $response->get_data()['code'] );
		$this->assertSame( '2', $response->get_headers()['Retry-After'] ?? null );
		$this->assertSame( 0, self::stored_votes( $post ) );
	}
}
