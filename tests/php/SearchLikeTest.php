<?php
/**
 * Every text search of the admin routes matches the search literally on both engines: a backslash
 * (which the SQLite integration's LIKE translation used to turn into a driver error or a wrong match),
 * % and _ (wildcards of LIKE) and the ! of the old escape are plain characters. Routes: the surveys
 * list, a question's answers, the NPS comments, the post ratings results. The answers and comments go
 * through the search table (TermSearch: each word of the search starts a word of the answer, and a term
 * with other characters is also contained as typed; see its class comment), so the searches here start
 * words; their rows are committed (CommitsRows), and every search finds the same texts on both engines.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

use UserFeedback\Licensing\Entitlements;
use UserFeedback\Plugin;
use UserFeedback\PostRatings\RatingRepository;
use UserFeedback\Tests\Results\CommitsRows;
use UserFeedback\Tests\Results\ResultsTestCase;

final class SearchLikeTest extends ResultsTestCase {

	use CommitsRows;

	/** The texts searched, one per survey title, answer, comment and post title. */
	private const TEXTS = array(
		'back\\slash end\\',
		'C:\\path\\to',
		'Save 50% now',
		'Save 50 dollars',
		'snake_case',
		'snakeXcase',
		'Great! Thanks',
		'Plain words',
	);

	private const RANGE = array(
		'from' => '2026-11-01',
		'to'   => '2026-11-20',
	);

	/**
	 * Search => the texts it finds.
	 *
	 * @return array<string,array{0:string,1:string[]}>
	 */
	public static function searches(): array {
		return array(
			'a backslash'                  => array( '\\', array( 'back\\slash end\\', 'C:\\path\\to' ) ),
			'a trailing backslash'         => array( 'end\\', array( 'back\\slash end\\' ) ),
			'a backslash before a letter'  => array( '\\p', array( 'C:\\path\\to' ) ),
			'two backslashes'              => array( '\\\\', array() ),
			'a backslash before %'         => array( '\\%', array() ),
			'a backslash before _'         => array( '\\_', array() ),
			'a percent sign'               => array( '%', array( 'Save 50% now' ) ),
			'a percent sign after a digit' => array( '50%', array( 'Save 50% now' ) ),
			'an underscore'                => array( '_', array( 'snake_case' ) ),
			'an underscore between'        => array( 'snake_c', array( 'snake_case' ) ),
			'an exclamation mark'          => array( '! t', array( 'Great! Thanks' ) ),
			'letters, any case'            => array( 'SAVE 50', array( 'Save 50% now', 'Save 50 dollars' ) ),
			'nothing like it'              => array( 'zzz', array() ),
		);
	}

	private int $survey;

	protected function setUp(): void {
		parent::setUp();
		update_option( 'timezone_string', 'UTC' );

		// The answers first, committed (CommitsRows deletes them after the test).
		$this->survey = self::results_survey( array( 'title' => 'Answers survey' ) );
		foreach ( self::TEXTS as $i => $text ) {
			self::respond( $this->survey, self::answered_at( $i ), array( 7 => $text, 6 => 9 ), array( 6 => array( 'comments' => $text ) ) );
		}
		$this->commit_survey( $this->survey );

		$this->as_user( 'administrator' );
		$this->set_entitlements( 'pro', 'elite', Entitlements::ADDONS );
		foreach ( self::TEXTS as $i => $text ) {
			Plugin::instance()->surveys->insert(
				array(
					'title'     => $text,
					'status'    => 'draft',
					'questions' => array(),
				)
			);
			$post = wp_insert_post(
				wp_slash(
					array(
						'post_title'  => $text,
						'post_status' => 'publish',
						'post_type'   => 'post',
					)
				),
				true
			);
			$this->assertIsInt( $post );
			$this->assertSame( $text, get_post( $post )->post_title );
			( new RatingRepository() )->insert( $post, 4, self::answered_at( $i ) );
		}
	}

	protected function tearDown(): void {
		$this->delete_committed_rows();
		parent::tearDown();
	}

	/**
	 * The time of the i-th text's answer and rating.
	 */
	private static function answered_at( int $i ): string {
		return sprintf( '2026-11-10 10:%02d:00', $i );
	}

	/**
	 * @param string[] $found
	 * @return string[] Sorted.
	 */
	private static function sorted( array $found ): array {
		sort( $found );
		return $found;
	}

	/**
	 * @dataProvider searches
	 * @param string[] $expected
	 */
	public function test_the_surveys_list( string $search, array $expected ): void {
		$list  = $this->ok( '/surveys', array( 'search' => $search, 'per_page' => 100 ) );
		$found = array_values( array_diff( array_column( $list['items'], 'title' ), array( 'Answers survey' ) ) );
		$this->assertSame( self::sorted( $expected ), self::sorted( $found ) );
	}

	/**
	 * @dataProvider searches
	 * @param string[] $expected
	 */
	public function test_a_questions_answers( string $search, array $expected ): void {
		$list = $this->ok( "/surveys/{$this->survey}/questions/7/answers", self::RANGE + array( 'search' => $search, 'per_page' => 100 ) );
		$this->assertSame( self::sorted( $expected ), self::sorted( array_column( $list['items'], 'value' ) ) );
		$this->assertSame( count( $expected ), $list['pagination']['total'] );
	}

	/**
	 * @dataProvider searches
	 * @param string[] $expected
	 */
	public function test_the_nps_comments( string $search, array $expected ): void {
		$list  = $this->ok( "/surveys/{$this->survey}/nps/comments", self::RANGE + array( 'search' => $search ) );
		$found = array_map( static fn( array $item ): string => $item['extra']['comments'], $list['items'] );
		$this->assertSame( self::sorted( $expected ), self::sorted( $found ) );
		$this->assertSame( count( $expected ), $list['pagination']['total'] );
	}

	/**
	 * @dataProvider searches
	 * @param string[] $expected
	 */
	public function test_the_post_ratings_results( string $search, array $expected ): void {
		$list = $this->ok( '/post-ratings/results', self::RANGE + array( 'search' => $search, 'per_page' => 100 ) );
		$this->assertSame( self::sorted( $expected ), self::sorted( array_column( $list['items'], 'post_title' ) ) );
	}
}
