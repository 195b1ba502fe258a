<?php
/**
 * The search-words corpus (tests/fixtures/contract/search-words.json): what a search of a question's
 * text answers finds, through the search table, on both engines; the admin's marks read the same cases
 * (highlight.test.tsx).
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Contract;

use UserFeedback\Database\AnswerSearch;
use UserFeedback\Database\TermSearch;
use UserFeedback\Tests\Results\ResultsTestCase;

final class SearchWordsTest extends ResultsTestCase {

	/**
	 * @return array<string,array{0:array<string,mixed>}>
	 */
	public static function cases(): array {
		return Corpus::cases( 'search-words.json' );
	}

	/**
	 * @dataProvider cases
	 * @param array<string,mixed> $c A case.
	 */
	public function test_what_a_search_finds( array $c ): void {
		global $wpdb;
		$survey = self::results_survey();
		$id     = self::respond( $survey, '2026-11-10 10:00:00', array( 7 => $c['text'] ) );
		self::respond( $survey, '2026-11-10 10:01:00', array( 7 => 'Nothing alike' ) );
		$this->assertNotNull( TermSearch::plan( $c['search'] ), 'Through the search table.' );
		[ $sql, $args ] = AnswerSearch::response_ids_sql( $survey, 7, $c['search'] );
		$found          = array_map( 'intval', (array) $wpdb->get_col( $wpdb->prepare( $sql, ...$args ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- AnswerSearch's SQL holds placeholders only.
		$this->assertSame( $c['found'] ? array( $id ) : array(), $found );
	}
}
