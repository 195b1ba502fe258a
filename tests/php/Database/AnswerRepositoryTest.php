<?php
/**
 * Database\AnswerRepository::for_responses(), the one query for the answers of a list of responses
 * (responses list and detail, response emails, exports, the rollups' moves).
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Database;

use UserFeedback\Database\AnswerRepository;
use UserFeedback\Database\Schema;
use UserFeedback\Tests\TestCase;

final class AnswerRepositoryTest extends TestCase {

	private const SURVEY = 990418;

	/** Response ids no fixture uses. */
	private const FIRST = 9_100_001;

	public function test_the_answers_come_grouped_by_response_in_stored_order_with_their_types(): void {
		$a = self::FIRST;
		$b = self::FIRST + 1;
		self::answer( $b, 3, 'later response first', null );
		self::answer( $a, 2, null, '{"comments":"why"}' );
		self::answer( $a, 1, '7', null );
		self::answer( $b, 1, '["Red","Blue"]', '{"name":"Ann"}' );

		$found = ( new AnswerRepository() )->for_responses( array( $b, $a, self::FIRST + 2 ) );

		$this->assertSame(
			array(
				$a => array(
					array(
						'question_id' => 2,
						'value'       => null,
						'extra'       => '{"comments":"why"}',
					),
					array(
						'question_id' => 1,
						'value'       => '7',
						'extra'       => null,
					),
				),
				$b => array(
					array(
						'question_id' => 3,
						'value'       => 'later response first',
						'extra'       => null,
					),
					array(
						'question_id' => 1,
						'value'       => '["Red","Blue"]',
						'extra'       => '{"name":"Ann"}',
					),
				),
			),
			$found,
			'Ordered by response, then as stored; a response without answers is left out.'
		);
	}

	public function test_no_ids_ask_nothing_and_repeats_and_invalid_ids_are_ignored(): void {
		self::answer( self::FIRST, 1, 'x', null );
		$queries = $this->count_answer_queries( static fn() => ( new AnswerRepository() )->for_responses( array() ) );
		$this->assertSame( array( array(), 0 ), $queries );

		[ $found, $count ] = $this->count_answer_queries( static fn() => ( new AnswerRepository() )->for_responses( array( self::FIRST, self::FIRST, 0, -4 ) ) );
		$this->assertSame( 1, $count );
		$this->assertCount( 1, $found[ self::FIRST ], 'A repeated id brings its answers once.' );
	}

	public function test_a_long_list_is_read_a_chunk_at_a_time_and_nothing_is_lost_at_the_seams(): void {
		$ids = range( self::FIRST, self::FIRST + AnswerRepository::CHUNK * 2 );
		foreach ( array( $ids[0], $ids[ AnswerRepository::CHUNK - 1 ], $ids[ AnswerRepository::CHUNK ], end( $ids ) ) as $id ) {
			self::answer( $id, 1, (string) $id, null );
		}

		[ $found, $count ] = $this->count_answer_queries( static fn() => ( new AnswerRepository() )->for_responses( $ids ) );

		$this->assertSame( 3, $count, '1,001 ids: three statements of at most 500.' );
		$this->assertSame( array( $ids[0], $ids[ AnswerRepository::CHUNK - 1 ], $ids[ AnswerRepository::CHUNK ], end( $ids ) ), array_keys( $found ) );
		foreach ( $found as $id => $answers ) {
			$this->assertSame( (string) $id, $answers[0]['value'] );
		}
	}

	public function test_a_refused_query_is_an_error_not_an_empty_answer(): void {
		self::answer( self::FIRST, 1, 'x', null );
		$answers = Schema::table( 'answers' );
		$broken  = static fn( string $sql ): string => str_contains( $sql, "FROM `$answers`" ) ? str_replace( "FROM `$answers`", 'FROM `no_such_table_uf`', $sql ) : $sql;
		add_filter( 'query', $broken );
		global $wpdb;
		$shown = $wpdb->hide_errors();
		$log   = ini_set( 'error_log', '/dev/null' ); // phpcs:ignore WordPress.PHP.IniSet -- wpdb logs the refused statement.
		try {
			( new AnswerRepository() )->for_responses( array( self::FIRST ) );
			$this->fail( 'A refused query must throw.' );
		} catch ( \RuntimeException $e ) {
			$this->assertStringStartsWith( 'Could not read the answers', $e->getMessage() );
		} finally {
			remove_filter( 'query', $broken );
			$wpdb->show_errors( $shown );
			ini_set( 'error_log', (string) $log ); // phpcs:ignore WordPress.PHP.IniSet
		}
	}

	/**
	 * @return array{0:mixed,1:int} What $fn answered and how many statements read the answers table.
	 */
	private function count_answer_queries( callable $fn ): array {
		$count   = 0;
		$answers = Schema::table( 'answers' );
		$counter = static function ( string $sql ) use ( &$count, $answers ): string {
			if ( str_starts_with( $sql, 'SELECT' ) && str_contains( $sql, "FROM `$answers`" ) ) {
				++$count;
			}
			return $sql;
		};
		add_filter( 'query', $counter );
		try {
			$result = $fn();
		} finally {
			remove_filter( 'query', $counter );
		}
		return array( $result, $count );
	}

	private static function answer( int $response_id, int $question_id, ?string $value, ?string $extra ): void {
		global $wpdb;
		$done = $wpdb->insert(
			Schema::table( 'answers' ),
			array(
				'response_id'  => $response_id,
				'survey_id'    => self::SURVEY,
				'question_id'  => $question_id,
				'status'       => 'publish',
				'submitted_at' => '2026-11-20 10:00:00',
				'value'        => $value,
				'extra'        => $extra,
			)
		);
		if ( false === $done ) {
			throw new \RuntimeException( 'Could not write the fixture: ' . $wpdb->last_error );
		}
	}
}
