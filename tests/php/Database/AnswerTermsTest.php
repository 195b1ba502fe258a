<?php
/**
 * The search table (AnswerTerms, issue 19): its words, kept by every writer as a rebuild from the
 * answers would have them, filled on an older site in the background, and searches through it (any page
 * asked for directly, words by their start, merges of several words, the responses-list conditions).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Database;

use UserFeedback\Database\AnswerSearch;
use UserFeedback\Database\AnswerTerms;
use UserFeedback\Database\Migrator;
use UserFeedback\Database\Schema;
use UserFeedback\Database\TermSearch;
use UserFeedback\Plugin;
use UserFeedback\Responses\AdminResponseRepository;
use UserFeedback\Results\Range;
use UserFeedback\Results\ResultsRepository;
use UserFeedback\Tests\Responses\ResponsesTestCase;
use UserFeedback\Tests\Results\WritesResponses;

final class AnswerTermsTest extends ResponsesTestCase {

	use WritesResponses;

	protected function tearDown(): void {
		delete_option( AnswerTerms::FILL_OPTION );
		wp_clear_scheduled_hook( AnswerTerms::FILL_HOOK );
		parent::tearDown();
	}

	/**
	 * The survey's rows of the table, sorted, as strings.
	 *
	 * @return string[]
	 */
	private static function table_rows( int $survey_id ): array {
		global $wpdb;
		$rows = (array) $wpdb->get_results( $wpdb->prepare( 'SELECT question_id, field, status, term, submitted_at, response_id FROM %i WHERE survey_id = %d', Schema::table( AnswerTerms::TABLE ), $survey_id ), ARRAY_N );
		$rows = array_map( static fn( array $row ): string => implode( '|', $row ), $rows );
		sort( $rows );
		return $rows;
	}

	/**
	 * Asserts that the table holds what a rebuild from the answers writes, and returns it.
	 *
	 * @return string[]
	 */
	private function assert_equals_rebuild( int $survey_id, string $when ): array {
		$live = self::table_rows( $survey_id );
		AnswerTerms::rebuild_survey( $survey_id );
		$this->assertSame( self::table_rows( $survey_id ), $live, "$when: the writers keep what a rebuild writes." );
		return $live;
	}

	public function test_words_are_lower_cased_without_accents_split_on_anything_else_once_and_cut(): void {
		$this->assertSame( array( 'the', 'checkout', 'is', 'slow', 'really' ), AnswerTerms::words( 'The CHECKOUT is slow... really slow!' ) );
		$this->assertSame( array( 'creme', 'brulee', 'dessert' ), AnswerTerms::words( 'Crème brûlée — dessert' ) );
		$this->assertSame( array( 'snake', 'case', '50', 'it', 's', 'b', 'bold' ), AnswerTerms::words( 'snake_case 50% it\'s <b>bold</b>' ) );
		$this->assertSame( array(), AnswerTerms::words( ' %% -- !! ' ) );
		$this->assertSame( array( str_repeat( 'x', AnswerTerms::WORD_CHARS ) ), AnswerTerms::words( str_repeat( 'x', 40 ) ) );
		$this->assertSame( array( 'ok' ), AnswerTerms::words( "ok\xFF" ), 'Invalid UTF-8 is dropped, not a failure.' );
	}

	public function test_the_upper_end_of_a_start_is_its_last_character_raised(): void {
		$this->assertSame( 'checl', AnswerTerms::upper( 'check' ) );
		$this->assertSame( 'caf' . mb_chr( 0xEA ), AnswerTerms::upper( 'caf' . mb_chr( 0xE9 ) ) );
		foreach ( array( 'check', 'checkout', 'checkz', 'check' . mb_chr( 0x10000 ) ) as $word ) {
			$this->assertTrue( $word >= 'check' && $word < AnswerTerms::upper( 'check' ), $word );
		}
		$this->assertFalse( 'checl' < AnswerTerms::upper( 'check' ) );
	}

	public function test_every_writer_keeps_the_table_as_a_rebuild_writes_it(): void {
		$survey = self::open_survey();
		$q      = self::Q;
		// A visitor answers step by step: a partial write, a later one, then the completion that drops an answer.
		$rid    = '7C9E6679-7425-40DE-944B-E07FC1F90AE7';
		$write  = fn( array $answers, bool $complete ) => $this->submit(
			$survey,
			array(
				'response_id' => $rid,
				'answers'     => $answers,
				'reached'     => 9,
				'complete'    => $complete,
			)
		);
		$this->assertSame( 201, $write( array( self::answer( $q['text'], 'Slow checkout', array( 'comments' => 'Pricing page froze' ) ) ), false )->get_status() );
		$partial = $this->assert_equals_rebuild( $survey, 'after a partial write' );
		$this->assertContains( 'checkout', array_map( static fn( string $r ): string => explode( '|', $r )[3], $partial ) );
		$this->assertSame( array( 'partial' ), array_values( array_unique( array_map( static fn( string $r ): string => explode( '|', $r )[2], $partial ) ) ) );
		$this->assertSame( 200, $write( array( self::answer( $q['text'], 'Fast checkout now' ), self::answer( $q['long-text'], 'Docs are great' ) ), false )->get_status() );
		$later = $this->assert_equals_rebuild( $survey, 'after a later write' );
		$this->assertNotContains( 'slow', array_map( static fn( string $r ): string => explode( '|', $r )[3], $later ), 'The answer written again replaces its words.' );
		$completed = $write( array( self::answer( $q['long-text'], 'Docs are great' ), self::answer( $q['email'], 'ann@example.com', array( 'name' => 'Ann' ) ) ), true );
		$this->assertSame( 200, $completed->get_status(), (string) wp_json_encode( $completed->get_data() ) );
		$done = $this->assert_equals_rebuild( $survey, 'after the completion' );
		$words = array_map( static fn( string $r ): string => explode( '|', $r )[3] . '/' . explode( '|', $r )[2], $done );
		$this->assertContains( 'example/publish', $words, 'An email answer is a text answer.' );
		$this->assertContains( 'docs/publish', $words );
		$this->assertNotContains( 'fast/partial', $words, 'The answer the completion did not carry is gone with its words.' );
		$this->assertNotContains( 'fast/publish', $words );

		// Another response, completed at once; then the admin's trash, restore and delete.
		$this->assertSame( 201, $this->submit_answers( $survey, array( self::answer( $q['text'], 'Checkout again' ) ) )->get_status() );
		$ids   = array_map( 'intval', (array) $GLOBALS['wpdb']->get_col( $GLOBALS['wpdb']->prepare( 'SELECT id FROM %i WHERE survey_id = %d ORDER BY id', Schema::table( 'responses' ), $survey ) ) );
		$admin = new AdminResponseRepository();
		$admin->set_status( $survey, array( $ids[1] ), 'trash' );
		$trashed = $this->assert_equals_rebuild( $survey, 'after the trash' );
		$this->assertContains( 'trash', array_map( static fn( string $r ): string => explode( '|', $r )[2], $trashed ) );
		$admin->restore( $survey, array( $ids[1] ) );
		$this->assert_equals_rebuild( $survey, 'after the restore' );
		$admin->delete( $survey, array( $ids[0] ) );
		$left = $this->assert_equals_rebuild( $survey, 'after the delete' );
		$this->assertSame( array( (string) $ids[1] ), array_values( array_unique( array_map( static fn( string $r ): string => explode( '|', $r )[5], $left ) ) ) );
		Plugin::instance()->surveys->delete_with_children( $survey );
		$this->assertSame( array(), self::table_rows( $survey ), 'A deleted survey leaves no words.' );
	}

	public function test_an_older_site_fills_the_table_in_the_background_and_searches_scan_until_then(): void {
		$survey = self::open_survey();
		for ( $i = 0; $i < 5; $i++ ) {
			$this->assertSame( 201, $this->submit_answers( $survey, array( self::answer( self::Q['text'], "Checkout number $i" ) ) )->get_status() );
		}
		$want = self::table_rows( $survey );
		$this->assertCount( 15, $want );
		// As a site at version 12 had it: no words yet. The upgrade step starts the fill.
		$GLOBALS['wpdb']->query( $GLOBALS['wpdb']->prepare( 'DELETE FROM %i WHERE survey_id = %d', Schema::table( AnswerTerms::TABLE ), $survey ) );
		update_option( AnswerTerms::FILL_OPTION, '0' );
		$this->assertFalse( AnswerTerms::ready() );
		$this->assertNull( TermSearch::plan( 'checkout' ), 'Not filled: the exact scan answers.' );
		[ $sql, $args ] = AnswerSearch::response_ids_sql( $survey, null, 'checkout' );
		$this->assertCount( 5, (array) $GLOBALS['wpdb']->get_col( $GLOBALS['wpdb']->prepare( $sql, ...$args ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- AnswerSearch's SQL holds placeholders only.

		// The fill goes batch by batch and says where it stopped; out of time, it leaves the rest to its event.
		$terms = new AnswerTerms();
		$this->assertFalse( $terms->fill( 0.0, 2 ) );
		$this->assertCount( 6, self::table_rows( $survey ), 'One batch of two answers.' );
		$this->assertNotSame( '0', get_option( AnswerTerms::FILL_OPTION ) );
		$this->assertNull( TermSearch::plan( 'checkout' ), 'Still filling: the exact scan answers.' );
		$terms->fill_on_schedule( 0.0, 2 );
		$this->assertFalse( AnswerTerms::ready() );
		$this->assertNotFalse( wp_next_scheduled( AnswerTerms::FILL_HOOK ), 'The rest is scheduled.' );
		wp_clear_scheduled_hook( AnswerTerms::FILL_HOOK );
		$this->assertTrue( $terms->fill( 60.0, 2 ) );
		$this->assertTrue( AnswerTerms::ready() );
		$this->assertSame( $want, self::table_rows( $survey ) );
		$this->assertNotNull( TermSearch::plan( 'checkout' ) );

		// The upgrade step from the start: the rows already there are left as they are.
		$terms->start_fill();
		$this->assertTrue( AnswerTerms::ready() );
		$this->assertFalse( wp_next_scheduled( AnswerTerms::FILL_HOOK ), 'Done in the step: nothing scheduled.' );
		$this->assertSame( $want, self::table_rows( $survey ), 'Filled twice, written once.' );
	}

	/**
	 * Any page asked for directly is the slice of the whole list; words by their start, several words
	 * that one start begins merged by date, an answer holding two of them once.
	 */
	public function test_any_page_asked_for_directly_and_starts_that_begin_many_words(): void {
		global $wpdb;
		$survey = self::open_survey();
		$start  = strtotime( '2026-11-01 00:00:00 UTC' );
		$expect = array();
		$words  = array( 'check', 'checkout', 'checking', 'checked', 'checkout checking' );
		for ( $i = 0; $i < 45; $i++ ) {
			$at = gmdate( 'Y-m-d H:i:s', $start + intdiv( $i, 2 ) * 60 ); // Two answers a minute: ties on the date.
			$id = self::write_response( $survey, $at, ucfirst( $words[ $i % 5 ] ) . " note $i" );
			$expect[] = array( $at, $id );
		}
		self::write_response( $survey, gmdate( 'Y-m-d H:i:s', $start ), 'Unchecked box' ); // "check" inside a word: not a start.
		usort( $expect, static fn( array $a, array $b ): int => $b <=> $a );
		$ids  = array_column( $expect, 1 );
		$repo = new ResultsRepository();
		$range = new Range( '2026-10-01', '2026-11-30', new \DateTimeZone( 'UTC' ) );
		$page = static fn( string $search, int $page, int $per_page, bool $count = true ): array => $repo->answers( $survey, self::Q['text'], $range, array( 'comments' => false, 'search' => $search, 'page' => $page, 'per_page' => $per_page, 'count' => $count ) );
		foreach ( array( 1, 2, 5 ) as $n ) {
			$got = $page( 'check', $n, 10 );
			$this->assertSame( array_slice( $ids, ( $n - 1 ) * 10, 10 ), array_column( $got['items'], 'response_id' ), "page $n of check" );
			$this->assertSame( 45, $got['total'] );
			$this->assertSame( array_slice( $ids, ( $n - 1 ) * 10, 10 ), array_column( $page( 'check', $n, 10, false )['items'], 'response_id' ), "page $n of check, uncounted" );
		}
		$checkout = array_values( array_filter( $ids, static fn( int $id ): bool => in_array( $id, self::$written['checkout'], true ) ) );
		$this->assertSame( array_slice( $checkout, 0, 5 ), array_column( $page( 'CHECKOUT', 1, 5 )['items'], 'response_id' ) );
		$this->assertSame( count( $checkout ), $page( 'checkout', 1, 5 )['total'], 'checkout and "checkout checking", once each.' );
		$this->assertSame( array(), $page( 'hecked', 1, 10 )['items'] );
		// The cursor of a page gives the next one as the page number does.
		$first = $page( 'check', 2, 10, false );
		$next  = $repo->answers( $survey, self::Q['text'], $range, array( 'comments' => false, 'search' => 'check', 'page' => 3, 'per_page' => 10, 'count' => false, 'cursor' => (string) $first['next_cursor'] ) );
		$this->assertSame( array_slice( $ids, 20, 10 ), array_column( $next['items'], 'response_id' ) );

		// More words begin with a start than are merged one by one: the range is read whole and sorted.
		for ( $i = 0; $i <= TermSearch::MAX_EXPANSIONS; $i++ ) {
			self::write_response( $survey, gmdate( 'Y-m-d H:i:s', $start + 3600 + $i ), "pre$i" . str_repeat( 'x', $i ) . ' and pre' );
		}
		$pre = $page( 'pre', 1, 50 );
		$this->assertSame( TermSearch::MAX_EXPANSIONS + 1, $pre['total'] );
		$this->assertSame( array_column( $pre['items'], 'response_id' ), array_values( array_unique( array_column( $pre['items'], 'response_id' ) ) ), 'Each answer once.' );
		$this->assertSame( 'pre' . TermSearch::MAX_EXPANSIONS . str_repeat( 'x', TermSearch::MAX_EXPANSIONS ) . ' and pre', $pre['items'][0]['value'], 'Newest first.' );
		$this->assertSame( array_column( $pre['items'], 'response_id' ), array_column( $page( 'and pre', 1, 50 )['items'], 'response_id' ), 'The same as the other word of two.' );
		$this->assertSame( array_slice( $ids, 0, 3 ), array_column( $page( 'note check', 1, 3 )['items'], 'response_id' ), 'A second word that begins several words.' );
		unset( $wpdb );
	}

	/** @var array<string,int[]> Response ids by the word they were written with. */
	private static array $written = array();

	/**
	 * A completed response with a text answer, through the plugin's writer.
	 */
	private static function write_response( int $survey_id, string $at, string $text ): int {
		$id = self::respond( $survey_id, $at, array( self::Q['text'] => $text ) );
		foreach ( AnswerTerms::words( $text ) as $word ) {
			self::$written[ $word ][] = $id;
		}
		return $id;
	}

	/**
	 * The responses-list condition: the id list of a rare word's answers, or a test of each response
	 * for a common one, the same responses; the words of one search in one answer.
	 */
	public function test_the_responses_list_condition_is_an_id_list_or_a_test_of_each_response(): void {
		global $wpdb;
		$survey = self::open_survey();
		$both   = self::write_response( $survey, '2026-11-10 10:00:00', 'Pricing and checkout' );
		self::write_response( $survey, '2026-11-10 10:01:00', 'Pricing only' );
		$comment = self::respond( $survey, '2026-11-10 10:02:00', array( self::Q['nps'] => 3, self::Q['long-text'] => 'Pricing is fine' ), array( self::Q['nps'] => array( 'comments' => 'Checkout froze' ) ) );
		$found = static function ( ?int $question, string $search ) use ( $wpdb, $survey ): array {
			[ $sql, $args ] = AnswerSearch::response_ids_sql( $survey, $question, $search );
			$ids            = array_map( 'intval', (array) $wpdb->get_col( $wpdb->prepare( $sql, ...$args ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- AnswerSearch's SQL holds placeholders only.
			sort( $ids );
			return $ids;
		};
		foreach ( array( 'id list' => PHP_INT_MAX, 'each response' => 0 ) as $how => $max ) {
			add_filter( 'userfeedback_search_id_list_max', static fn(): int => $max );
			[ $condition ] = AnswerSearch::response_condition_sql( 'r', $survey, null, 'pricing' );
			$this->assertStringStartsWith( 'id list' === $how ? 'r.id IN (' : 'EXISTS (', $condition, $how );
			$this->assertSame( array( $both ), $found( null, 'pricing checkout' ), "$how: both words in one answer" );
			$this->assertSame( array( $both, $comment ), $found( null, 'checkout' ), "$how: a value or a comment" );
			$this->assertSame( array( $comment ), $found( self::Q['nps'], 'checkout' ), "$how: one question's comment" );
			$this->assertSame( array(), $found( self::Q['nps'], 'checkout pricing' ), "$how: the pricing of that response is another answer's" );
			$this->assertSame( array( $both ), $found( self::Q['text'], 'pricing and' ), $how );
			$this->assertSame( array(), $found( null, 'ricing' ), "$how: inside a word is no start" );
			remove_all_filters( 'userfeedback_search_id_list_max' );
		}
	}

	public function test_the_migration_of_a_fresh_site_needs_no_fill(): void {
		$this->assertTrue( AnswerTerms::ready() );
		$this->assertGreaterThanOrEqual( AnswerTerms::SINCE, (int) get_option( Migrator::VERSION_OPTION ) );
		$this->assertContains( AnswerTerms::TABLE, Schema::TABLES );
	}
}
