<?php
/**
 * GET surveys/{id}/questions/{qid}/answers and GET surveys/{id}/nps/comments: pages newest first,
 * search, pagination headers; and GET surveys/{id}/nps.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Results;

final class AnswersRouteTest extends ResultsTestCase {

	use CommitsRows;

	private const RANGE = array(
		'from' => '2026-11-01',
		'to'   => '2026-11-20',
	);

	private int $survey;

	protected function setUp(): void {
		parent::setUp();
		$this->as_pro_admin();
		$this->survey = self::results_survey();
		// The counts run to their end here, however busy the machine running the tests is.
		add_filter( 'userfeedback_search_time_limit_ms', static fn(): int => 60000 );
	}

	protected function tearDown(): void {
		$this->delete_committed_rows();
		parent::tearDown();
	}

	public function test_text_answers_are_paged_newest_first(): void {
		$ids = array();
		for ( $i = 1; $i <= 25; $i++ ) {
			$ids[ $i ] = self::respond( $this->survey, sprintf( '2026-11-10 10:%02d:00', $i ), array( 7 => "Answer $i", 1 => 'Yes' ) );
		}
		self::respond( $this->survey, '2026-11-10 11:00:00', array( 7 => null, 1 => 'Yes' ) );
		self::trash( self::respond( $this->survey, '2026-11-10 11:30:00', array( 7 => 'Trashed' ) ) );
		self::respond( $this->survey, '2026-10-10 11:30:00', array( 7 => 'Too early' ) );

		$response = $this->get( "/surveys/{$this->survey}/questions/7/answers", self::RANGE );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( '25', $response->get_headers()['X-WP-Total'] );
		$this->assertSame( '3', $response->get_headers()['X-WP-TotalPages'] );
		$first = self::data( $response );
		$this->assertSame( array( 'page' => 1, 'pages' => 3, 'per_page' => 10, 'total' => 25 ), $first['pagination'] );
		$this->assertSame( 'Answer 25', $first['items'][0]['value'] );
		$this->assertSame(
			array(
				'value'       => 'Answer 25',
				'date'        => '2026-11-10T10:25:00Z',
				'extra'       => null,
				'response_id' => $ids[25],
			),
			$first['items'][0]
		);

		$last = $this->ok( "/surveys/{$this->survey}/questions/7/answers", self::RANGE + array( 'page' => 3 ) );
		$this->assertSame( array( 'Answer 5', 'Answer 4', 'Answer 3', 'Answer 2', 'Answer 1' ), array_column( $last['items'], 'value' ) );

		$this->assertCount( 25, $this->ok( "/surveys/{$this->survey}/questions/7/answers", self::RANGE + array( 'per_page' => 100 ) )['items'] );
		$this->assertSame( array(), $this->ok( "/surveys/{$this->survey}/questions/7/answers", self::RANGE + array( 'page' => 9 ) )['items'] );
	}

	public function test_text_answers_search(): void {
		self::respond( $this->survey, '2026-11-10 10:00:00', array( 7 => 'The checkout is slow' ) );
		self::respond( $this->survey, '2026-11-10 11:00:00', array( 7 => 'CHECKOUT broke' ) );
		self::respond( $this->survey, '2026-11-10 12:00:00', array( 7 => 'Save 50% now' ) );
		self::respond( $this->survey, '2026-11-10 13:00:00', array( 7 => 'Save 50 dollars' ) );
		self::respond( $this->survey, '2026-11-10 14:00:00', array( 7 => 'snake_case and snakeXcase' ) );
		self::respond( $this->survey, '2026-11-10 15:00:00', array( 7 => 'Crème brûlée' ) );
		self::respond( $this->survey, '2026-11-10 16:00:00', array( 7 => 'Great! Thanks' ) );
		self::respond( $this->survey, '2026-11-10 17:00:00', array( 7 => 'A back\\slash' ) );
		$this->commit_survey( $this->survey );

		$search = fn( string $term ): array => array_column( $this->ok( "/surveys/{$this->survey}/questions/7/answers", self::RANGE + array( 'search' => $term ) )['items'], 'value' );
		$this->assertSame( array( 'CHECKOUT broke', 'The checkout is slow' ), $search( 'checkout' ) );
		$this->assertSame( array( 'Save 50% now' ), $search( '50%' ), 'A % in the search is a percent sign.' );
		$this->assertSame( array( 'snake_case and snakeXcase' ), $search( 'snake_c' ), 'An _ in the search is an underscore (the words snake and c start words of the answer, which holds snake_c too).' );
		$this->assertSame( array( 'Crème brûlée' ), $search( 'brûlée' ) );
		$this->assertSame( array(), $search( 'nothing like it' ) );
		$this->assertSame( array( 'Great! Thanks' ), $search( '! t' ) );
		$this->assertSame( array( 'A back\\slash' ), $search( 'back\\s' ) );
		$this->assertSame( array(), $search( 'k\\s' ), 'A word of the search starts a word of the answer: "k" starts none here.' );
		$this->assertSame( array( 'The checkout is slow' ), $search( 'CHECK slo' ), 'Words by their start, in any case.' );
		$this->assertSame( array(), $search( 'heckout' ) );
		$this->assertSame( array( 'Crème brûlée' ), $search( 'creme' ), 'Accents aside.' );
		$response = $this->get( "/surveys/{$this->survey}/questions/7/answers", self::RANGE + array( 'search' => 'save' ) );
		$this->assertSame( '2', $response->get_headers()['X-WP-Total'] );
	}

	public function test_search_pages_have_no_repeats_or_gaps_and_the_count_stops_at_the_cap(): void {
		global $wpdb;
		// COUNT_CAP + 15 matching answers (and some that do not match), written in bulk.
		$table = \UserFeedback\Database\Schema::table( 'answers' );
		$rows  = array();
		$want  = \UserFeedback\Database\AnswerSearch::COUNT_CAP + 15;
		for ( $i = 0; $i < $want + 30; $i++ ) {
			$at     = gmdate( 'Y-m-d H:i:s', strtotime( '2026-11-05 00:00:00 UTC' ) + intdiv( $i, 3 ) * 60 ); // Three answers a minute: ties on the date.
			$value  = $i < $want ? "Pricing note $i" : "Other note $i";
			$rows[] = $wpdb->prepare( '(%d, %d, %d, %s, %s, %s)', 900000 + $i, $this->survey, 7, 'publish', $at, $value );
		}
		foreach ( array_chunk( $rows, 200 ) as $chunk ) {
			$wpdb->query( "INSERT INTO $table (response_id, survey_id, question_id, status, submitted_at, value) VALUES " . implode( ',', $chunk ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- rows prepared above.
		}
		// Written around the plugin's writers: the search table is built from them.
		\UserFeedback\Database\AnswerTerms::rebuild_survey( $this->survey );
		$this->commit_survey( $this->survey );

		$query = self::RANGE + array( 'search' => 'pricing', 'per_page' => 100 );
		// Page 10 asked for directly, without a cursor: the 901st to 1,000th match.
		$page10 = array_column( $this->ok( "/surveys/{$this->survey}/questions/7/answers", $query + array( 'page' => 10 ) )['items'], 'response_id' );
		$this->assertSame( range( 900000 + $want - 901, 900000 + $want - 1000, -1 ), $page10, 'Page 10 is the 901st to 1,000th match.' );
		// The count stops at the cap.
		wp_cache_flush();
		$response = $this->get( "/surveys/{$this->survey}/questions/7/answers", $query );
		$first    = self::data( $response );
		$this->assertSame( (string) \UserFeedback\Database\AnswerSearch::COUNT_CAP, $response->get_headers()['X-WP-Total'] );
		$this->assertSame( array( 'terms' => array( 'pricing' ), 'capped' => true ), $first['search'] );
		$seen = array();
		for ( $page = 1; $page <= $first['pagination']['pages'] + 1; $page++ ) {
			foreach ( $this->ok( "/surveys/{$this->survey}/questions/7/answers", $query + array( 'page' => $page ) )['items'] as $item ) {
				$seen[] = $item['response_id'];
			}
		}
		$this->assertCount( \UserFeedback\Database\AnswerSearch::COUNT_CAP, $seen, 'Pages end at the cap.' );
		$this->assertSame( $seen, array_values( array_unique( $seen ) ), 'No answer twice.' );
		$expected = range( 900000 + $want - 1, 900000 + $want - \UserFeedback\Database\AnswerSearch::COUNT_CAP, -1 );
		$this->assertSame( $expected, $seen, 'Newest first, no gaps (ties on the date by id).' );

		// Each page read from the cursor of the one before (next_cursor), not from the cache: the same.
		wp_cache_flush();
		$walked  = array();
		$cursors = array();
		for ( $page = 1; $page <= $first['pagination']['pages']; $page++ ) {
			$data              = $this->ok( "/surveys/{$this->survey}/questions/7/answers", $query + array( 'page' => $page ) + ( $page > 1 ? array( 'cursor' => $cursors[ $page - 1 ] ) : array() ) );
			$walked            = array_merge( $walked, array_column( $data['items'], 'response_id' ) );
			$cursors[ $page ] = $data['next_cursor'];
		}
		$this->assertSame( $expected, $walked, 'Page after page from the cursors.' );
		wp_cache_flush();
		$this->assertSame( array_slice( $expected, 600, 100 ), array_column( $this->ok( "/surveys/{$this->survey}/questions/7/answers", $query + array( 'page' => 7, 'cursor' => $cursors[2] ) )['items'], 'response_id' ), 'Page 7 from page 2\'s cursor.' );
		$this->assertSame( array(), $this->ok( "/surveys/{$this->survey}/questions/7/answers", $query + array( 'page' => 11, 'cursor' => $cursors[10] ) )['items'], 'Past the cap: nothing, cursor or not.' );

		$few = $this->get( "/surveys/{$this->survey}/questions/7/answers", self::RANGE + array( 'search' => 'other' ) );
		$this->assertSame( '30', $few->get_headers()['X-WP-Total'] );
		$this->assertFalse( self::data( $few )['search']['capped'] );
		$this->assertNull( $this->ok( "/surveys/{$this->survey}/questions/7/answers", self::RANGE )['search'] );
	}

	public function test_every_page_without_a_search_in_order_also_those_read_from_the_oldest_end(): void {
		$ids = array(
			'answers'  => array(),
			'comments' => array(),
		);
		for ( $i = 1; $i <= 23; $i++ ) {
			// Ties on the date (four answers a minute): the id orders them.
			$ids['answers'][]  = self::respond( $this->survey, sprintf( '2026-11-10 10:%02d:00', intdiv( $i, 4 ) ), array( 7 => "Answer $i" ) );
			$ids['comments'][] = self::respond( $this->survey, sprintf( '2026-11-11 10:%02d:00', intdiv( $i, 4 ) ), array( 6 => $i % 11 ), array( 6 => array( 'comments' => "Comment $i" ) ) );
		}
		$this->commit_survey( $this->survey );
		foreach ( array( 'answers' => "/surveys/{$this->survey}/questions/7/answers", 'comments' => "/surveys/{$this->survey}/nps/comments" ) as $list => $route ) {
			$paged  = array();
			$cursor = array();
			for ( $page = 1; $page <= 3; $page++ ) {
				$data   = $this->ok( $route, self::RANGE + array( 'page' => $page ) );
				$paged  = array_merge( $paged, array_column( $data['items'], 'response_id' ) );
				$cursor = $data['next_cursor'];
			}
			$this->assertSame( array_reverse( $ids[ $list ] ), $paged, $route );
			$this->assertNull( $this->ok( $route, self::RANGE + array( 'page' => 4 ) )['next_cursor'], "$route: an empty page has no cursor" );
			// Searched, from the cursors: the same pages (every answer holds its list's word).
			wp_cache_flush();
			$word   = 'answers' === $list ? 'answer' : 'comment';
			$walked = array();
			$cursor = null;
			for ( $page = 1; $page <= 3; $page++ ) {
				$data   = $this->ok( $route, self::RANGE + array( 'page' => $page, 'search' => $word ) + ( null === $cursor ? array() : array( 'cursor' => $cursor ) ) );
				$walked = array_merge( $walked, array_column( $data['items'], 'response_id' ) );
				$cursor = $data['next_cursor'];
			}
			$this->assertSame( array_reverse( $ids[ $list ] ), $walked, "$route, searched from the cursors" );
		}
	}

	public function test_a_search_longer_than_100_characters_is_refused(): void {
		foreach ( array( "/surveys/{$this->survey}/questions/7/answers", "/surveys/{$this->survey}/nps/comments" ) as $route ) {
			$response = $this->get( $route, self::RANGE + array( 'search' => str_repeat( 'x', 101 ) ) );
			$this->assertSame( 400, $response->get_status(), $route );
			$this->assertSame( 'rest_invalid_param', $response->get_data()['code'] );
			$this->assertStringContainsString( '100', (string) wp_json_encode( $response->get_data() ) );
			$this->assertSame( 200, $this->get( $route, self::RANGE + array( 'search' => str_repeat( 'x', 100 ) ) )->get_status() );
		}
	}

	public function test_checkbox_and_email_answers_keep_their_shape(): void {
		self::respond( $this->survey, '2026-11-10 10:00:00', array( 2 => array( 'Red', 'Blue' ), 9 => 'ann@example.com' ), array( 9 => array( 'name' => 'Ann' ) ) );
		$this->assertSame( array( 'Red', 'Blue' ), $this->ok( "/surveys/{$this->survey}/questions/2/answers", self::RANGE )['items'][0]['value'] );
		$email = $this->ok( "/surveys/{$this->survey}/questions/9/answers", self::RANGE )['items'][0];
		$this->assertSame( 'ann@example.com', $email['value'] );
		$this->assertSame( array( 'name' => 'Ann' ), $email['extra'] );
	}

	public function test_nps_comments_are_paged_and_searched_in_the_comment(): void {
		for ( $i = 1; $i <= 12; $i++ ) {
			self::respond( $this->survey, sprintf( '2026-11-11 10:%02d:00', $i ), array( 6 => $i % 11 ), array( 6 => array( 'comments' => "Comment $i" ) ) );
		}
		self::respond( $this->survey, '2026-11-12 10:00:00', array( 6 => 3 ) ); // No comment.
		self::respond( $this->survey, '2026-11-12 11:00:00', array( 6 => 9 ), array( 6 => array( 'comments' => 'Say "hi" to the team / café' ) ) );
		self::trash( self::respond( $this->survey, '2026-11-12 12:00:00', array( 6 => 9 ), array( 6 => array( 'comments' => 'Trashed comment' ) ) ) );
		$this->commit_survey( $this->survey );

		$response = $this->get( "/surveys/{$this->survey}/nps/comments", self::RANGE );
		$this->assertSame( '13', $response->get_headers()['X-WP-Total'] );
		$page = self::data( $response );
		$this->assertSame( array( 'page' => 1, 'pages' => 2, 'per_page' => 10, 'total' => 13 ), $page['pagination'] );
		$this->assertSame( array( 'comments' => 'Say "hi" to the team / café' ), $page['items'][0]['extra'] );
		$this->assertSame( '9', $page['items'][0]['value'] );
		$this->assertSame( 'Comment 12', $page['items'][1]['extra']['comments'] );
		$this->assertSame( '1', $page['items'][1]['value'] );
		$this->assertCount( 3, $this->ok( "/surveys/{$this->survey}/nps/comments", self::RANGE + array( 'page' => 2 ) )['items'] );

		$search = fn( string $term ): array => array_map( static fn( $item ) => $item['extra']['comments'], $this->ok( "/surveys/{$this->survey}/nps/comments", self::RANGE + array( 'search' => $term ) )['items'] );
		$this->assertSame( array( 'Comment 12', 'Comment 11', 'Comment 10', 'Comment 1' ), $search( 'comment 1' ) );
		$this->assertSame( array( 'Say "hi" to the team / café' ), $search( '"hi"' ) );
		$this->assertSame( array( 'Say "hi" to the team / café' ), $search( 'team / café' ) );
		$this->assertSame( array(), $search( 'comments' ), 'The JSON key is not searched.' );
		$this->assertSame( array(), $search( 'Trashed' ) );
	}

	public function test_nps_route(): void {
		$second = self::results_survey(
			array(
				'questions' => array(
					self::question( 1 ),
					self::question( 4, 'nps' ),
					self::question( 5, 'nps' ),
				),
			)
		);
		foreach ( array( 0, 6, 7, 8, 9, 10 ) as $i => $score ) {
			self::respond( $second, sprintf( '2026-11-1%d 12:00:00', $i ), array( 4 => $score, 5 => 10 ) );
		}
		self::trash( self::respond( $second, '2026-11-10 13:00:00', array( 4 => 0 ) ) );

		$nps = $this->ok( "/surveys/$second/nps", self::RANGE );
		$this->assertSame( 4, $nps['question_id'], 'The first nps question by default.' );
		$this->assertEquals(
			array(
				'promoters'          => 2,
				'passives'           => 2,
				'detractors'         => 2,
				'total'              => 6,
				'promoters_percent'  => 33.3,
				'passives_percent'   => 33.3,
				'detractors_percent' => 33.3,
				'score'              => 0,
			),
			$nps['overview']
		);
		$this->assertCount( 20, $nps['series'] );
		$this->assertSame( array( 'date' => '2026-11-01', 'score' => null, 'count' => 0 ), $nps['series'][0] );
		$this->assertSame( array( 'date' => '2026-11-10', 'score' => -100, 'count' => 1 ), $nps['series'][9] );
		$this->assertSame( array( 'date' => '2026-11-12', 'score' => 0, 'count' => 1 ), $nps['series'][11] );
		$this->assertSame( array( 'date' => '2026-11-15', 'score' => 100, 'count' => 1 ), $nps['series'][14] );

		$other = $this->ok( "/surveys/$second/nps", self::RANGE + array( 'question_id' => 5 ) );
		$this->assertSame( 5, $other['question_id'] );
		$this->assertSame( 100, $other['overview']['score'] );
	}
}
