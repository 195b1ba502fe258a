<?php
/**
 * AnswerSearch: which responses a search selects (text:<id> and text:any), on both engines.
 *
 * These tests commit what they write (as the search tests of older versions had to for InnoDB's
 * FULLTEXT index) and delete it themselves afterwards.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Database;

use UserFeedback\Database\AnswerSearch;
use UserFeedback\Tests\Results\CommitsRows;
use UserFeedback\Tests\Results\ResultsTestCase;

final class AnswerSearchTest extends ResultsTestCase {

	use CommitsRows;

	protected function setUp(): void {
		parent::setUp();
		// The counts run to their end here, however busy the machine running the tests is.
		add_filter( 'userfeedback_search_time_limit_ms', static fn(): int => 60000 );
	}

	protected function tearDown(): void {
		$this->delete_committed_rows();
		parent::tearDown();
	}

	/** Commits the rows written so far. */
	private function commit( int ...$surveys ): void {
		$this->commit_survey( ...$surveys );
	}

	/**
	 * Response ids a search selects, ascending.
	 *
	 * @return int[]
	 */
	private static function found( int $survey, ?int $question, string $words ): array {
		global $wpdb;
		list( $sql, $args ) = AnswerSearch::response_ids_sql( $survey, $question, $words );
		$ids = array_map( 'intval', (array) $wpdb->get_col( $wpdb->prepare( $sql, ...$args ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- AnswerSearch's SQL holds placeholders only.
		sort( $ids );
		return $ids;
	}

	public function test_text_any_searches_text_answers_and_comments_but_not_choice_labels(): void {
		$survey  = self::results_survey();
		$checkout = self::respond( $survey, '2026-11-10 10:00:00', array( 7 => 'The CHECKOUT is slow', 1 => 'Yes' ) );
		$comment  = self::respond( $survey, '2026-11-10 10:01:00', array( 6 => 9 ), array( 6 => array( 'comments' => 'Checkout page froze' ) ) );
		$long     = self::respond( $survey, '2026-11-10 10:02:00', array( 8 => 'Pricing is clear; checkout too' ) );
		$choice   = self::respond( $survey, '2026-11-10 10:03:00', array( 2 => array( 'Red' ), 7 => 'Nothing to add' ) );
		$other    = self::results_survey();
		self::respond( $other, '2026-11-10 10:04:00', array( 7 => 'Checkout elsewhere' ) );
		$this->commit( $survey, $other );

		$this->assertSame( array( $checkout, $comment, $long ), self::found( $survey, null, 'checkout' ), 'Case-insensitive, in values and comments, of this survey only.' );
		$this->assertSame( array(), self::found( $survey, null, 'Red' ), 'A choice label is not a text answer.' );
		$this->assertSame( array( $checkout ), self::found( $survey, 7, 'checkout' ), 'One question: its value only.' );
		$this->assertSame( array( $comment ), self::found( $survey, 6, 'checkout' ), 'One question: its comment.' );
		$this->assertSame( array( $long ), self::found( $survey, null, 'checkout pricing' ), 'Every word is required.' );
		$this->assertSame( array( $long ), self::found( $survey, null, '  PRICING   checkout ' ), 'Spaces and order do not matter.' );
		$this->assertSame( array(), self::found( $survey, null, 'checkout froze slow' ), 'The words must be in one answer.' );
		$this->assertSame( array( $choice ), self::found( $survey, null, 'nothing' ) );
	}

	public function test_special_characters_are_plain_characters(): void {
		$survey = self::results_survey();
		$ids    = array();
		foreach ( array( 'Save 50% today', 'snake_case names', 'A back\\slash here', 'Say "hello" loudly', "It's broken", '<b>bold</b> claims', 'Crème brûlée dessert', 'zq' ) as $i => $text ) {
			$ids[ $text ] = self::respond( $survey, sprintf( '2026-11-10 10:%02d:00', $i ), array( 7 => $text ) );
		}
		$comment = self::respond( $survey, '2026-11-10 11:00:00', array( 6 => 3 ), array( 6 => array( 'comments' => 'quote " and back\\slash' ) ) );
		$this->commit( $survey );

		$this->assertSame( array( $ids['Save 50% today'] ), self::found( $survey, null, '50%' ), 'A % is a percent sign.' );
		$this->assertSame( array( $ids['snake_case names'] ), self::found( $survey, null, 'snake_c' ), 'An _ is an underscore.' );
		$this->assertSame( array(), self::found( $survey, null, 'snake%' ) );
		$this->assertSame( array( $ids['A back\\slash here'], $comment ), self::found( $survey, null, 'back\\slash' ), 'A backslash, in a value and in a comment (JSON-escaped in storage).' );
		$this->assertSame( array( $ids['Say "hello" loudly'] ), self::found( $survey, null, '"hello"' ) );
		$this->assertSame( array( $comment ), self::found( $survey, 6, 'quote "' ), 'A double quote in a comment.' );
		$this->assertSame( array( $ids["It's broken"] ), self::found( $survey, null, "it's" ) );
		$this->assertSame( array( $ids['<b>bold</b> claims'] ), self::found( $survey, null, '<b>bold' ), 'HTML is text.' );
		$this->assertSame( array( $ids['Crème brûlée dessert'] ), self::found( $survey, null, 'brûlée' ) );
		$this->assertSame( array( $ids['zq'] ), self::found( $survey, null, 'ZQ' ), 'A word of two letters, in any case.' );
		$this->assertSame( array(), self::found( $survey, null, "x') OR 1=1 -- " ) );
	}

	public function test_short_words_and_common_words_are_words_too(): void {
		$survey = self::results_survey();
		$both   = self::respond( $survey, '2026-11-10 10:00:00', array( 7 => 'Go to the pricing page' ) );
		self::respond( $survey, '2026-11-10 10:01:00', array( 7 => 'The pricing page' ) );
		$this->commit( $survey );

		$this->assertSame( array( $both ), self::found( $survey, null, 'go pricing' ) );
		$this->assertSame( array( $both ), self::found( $survey, null, 'to pricing' ) );
		$this->assertSame( array( $both ), self::found( $survey, null, 'go to' ) );
	}

	public function test_status_is_left_to_the_caller(): void {
		$survey = self::results_survey();
		$kept   = self::respond( $survey, '2026-11-10 10:00:00', array( 7 => 'Refund please' ) );
		$gone   = self::respond( $survey, '2026-11-10 10:01:00', array( 7 => 'Refund now' ) );
		self::trash( $gone );
		$this->commit( $survey );
		$this->assertSame( array( $kept, $gone ), self::found( $survey, null, 'refund' ) );
		self::trash( $gone, 'publish' );
		$this->commit_transaction();
		$this->assertSame( array( $kept, $gone ), self::found( $survey, null, 'refund' ) );
	}

	public function test_refuses_empty_and_too_long_searches(): void {
		foreach ( array( '', '   ', str_repeat( 'a', AnswerSearch::MAX_LENGTH + 1 ) ) as $bad ) {
			try {
				AnswerSearch::response_ids_sql( 1, null, $bad );
				$this->fail( 'Refused: ' . strlen( $bad ) );
			} catch ( \InvalidArgumentException $e ) {
				$this->assertNotSame( '', $e->getMessage() );
			}
		}
		$this->assertCount( 1, AnswerSearch::terms( str_repeat( 'é', AnswerSearch::MAX_LENGTH ) ), '100 characters (not bytes) are allowed.' );
	}

	/**
	 * Before an older site's search table is filled (AnswerTerms::fill()), the exact scan answers: a
	 * substring anywhere, each response tested on its own answers; once filled, words by their start.
	 */
	public function test_before_the_search_table_is_filled_the_exact_scan_answers(): void {
		$survey = self::results_survey();
		$price  = self::respond( $survey, '2026-11-10 10:00:00', array( 7 => 'The price is right' ) );
		$this->commit( $survey );
		$this->assertSame( array(), self::found( $survey, 7, 'rice' ), 'Filled: "rice" starts no word.' );
		$this->assertSame( array( $price ), self::found( $survey, 7, 'pric' ) );

		// A filter, not the option: this test commits its rows.
		add_filter( 'pre_option_' . \UserFeedback\Database\AnswerTerms::FILL_OPTION, static fn(): string => '0' );
		$this->assertSame( array( $price ), self::found( $survey, 7, 'rice' ), 'Filling: the exact scan, a substring anywhere.' );
		[ $condition ] = AnswerSearch::response_condition_sql( 'r', $survey, 7, 'rice' );
		$this->assertStringStartsWith( 'EXISTS (SELECT 1 FROM %i WHERE response_id = r.id AND ', $condition );
	}

	public function test_highlight_terms_are_the_words_longest_first(): void {
		$this->assertSame( array( 'checkout', 'slow' ), AnswerSearch::highlight_terms( 'slow  Checkout checkout' ), 'Repeats in any case count once.' );
		$this->assertSame( array(), AnswerSearch::highlight_terms( '' ) );
	}
}
