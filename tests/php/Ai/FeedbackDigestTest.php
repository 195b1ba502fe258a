<?php
/**
 * What an AI summary may send: text answers and comments only, e-mail addresses replaced, newest
 * first across questions, and the caps on items and characters.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Ai;

use UserFeedback\Ai\FeedbackDigest;
use UserFeedback\Tests\TestCase;

final class FeedbackDigestTest extends TestCase {

	/**
	 * @param array<int,array<int,array<string,mixed>>> $rows Question id => rows, newest first.
	 * @return array{0:FeedbackDigest,1:array<int,array{int,bool,int}>} The digest and the fetches made.
	 */
	private static function digest( array $questions, array $rows ): array {
		$calls  = array();
		$digest = FeedbackDigest::collect(
			array(
				'title'     => 'Survey',
				'questions' => $questions,
			),
			static function ( int $id, bool $with_values, int $limit ) use ( $rows, &$calls ): array {
				$calls[] = array( $id, $with_values, $limit );
				return $rows[ $id ] ?? array();
			}
		);
		return array( $digest, $calls );
	}

	private static function row( int $id, ?string $value, ?string $comment, string $date ): array {
		return array(
			'id'           => $id,
			'value'        => $value,
			'extra'        => null === $comment ? null : wp_json_encode( array( 'comments' => $comment ) ),
			'submitted_at' => $date,
		);
	}

	public function test_values_are_read_for_text_questions_only_and_comments_where_there_is_a_comment_box(): void {
		[ $digest, $calls ] = self::digest(
			array(
				array( 'id' => 1, 'type' => 'text', 'title' => 'T' ),
				array( 'id' => 2, 'type' => 'email', 'title' => 'E', 'settings' => array( 'comment_box' => true ) ),
				array( 'id' => 3, 'type' => 'checkbox', 'title' => 'C', 'settings' => array( 'comment_box' => true ) ),
				array( 'id' => 5, 'type' => 'radio-button', 'title' => 'R', 'settings' => array( 'comment_box' => false ) ),
				array( 'id' => 4, 'type' => 'long-text', 'title' => 'L' ),
			),
			array(
				2 => array(
					array(
						'id'           => 5,
						'value'        => 'someone@example.com',
						'extra'        => wp_json_encode( array( 'name' => 'Sam', 'comments' => 'Mail me at sam@example.com!' ) ),
						'submitted_at' => '2026-01-01 00:00:00',
					),
				),
				3 => array( self::row( 6, '["A","B"]', null, '2026-01-02 00:00:00' ) ),
				5 => array( self::row( 7, 'Yes', 'Never asked for', '2026-01-03 00:00:00' ) ),
			)
		);
		$this->assertSame( array( array( 1, true, 300 ), array( 2, false, 300 ), array( 3, false, 300 ), array( 4, true, 300 ) ), $calls );
		$this->assertSame( 1, $digest->count );
		$this->assertSame( "Survey: Survey\nText answers and comments: 1, newest first.\n\nQuestion: E\n- Comment: Mail me at [email removed]!", $digest->message() );
	}

	public function test_items_are_newest_first_across_questions_and_capped_at_300(): void {
		$rows = array();
		for ( $i = 0; $i < 200; $i++ ) {
			$date           = gmdate( 'Y-m-d H:i:s', 1700000000 - $i * 60 );
			$rows[1][]      = self::row( 1000 + $i, "t$i", null, $date );
			$rows[2][]      = self::row( 2000 + $i, "l$i", null, gmdate( 'Y-m-d H:i:s', 1700000000 - $i * 60 - 30 ) );
		}
		[ $digest ] = self::digest(
			array(
				array( 'id' => 1, 'type' => 'text', 'title' => 'One' ),
				array( 'id' => 2, 'type' => 'long-text', 'title' => 'Two' ),
			),
			$rows
		);
		$this->assertSame( 300, $digest->count );
		$this->assertCount( 150, $digest->groups[0]['items'] );
		$this->assertCount( 150, $digest->groups[1]['items'] );
		$this->assertSame( 't0', $digest->groups[0]['items'][0]['text'] );
		$this->assertSame( 't149', $digest->groups[0]['items'][149]['text'] );
		$this->assertSame( 'l149', $digest->groups[1]['items'][149]['text'] );
	}

	public function test_characters_are_capped_and_long_answers_cut(): void {
		$rows = array();
		for ( $i = 0; $i < 40; $i++ ) {
			$rows[1][] = self::row( $i + 1, str_repeat( 'x', 5000 ), null, gmdate( 'Y-m-d H:i:s', 1700000000 - $i ) );
		}
		[ $digest ] = self::digest( array( array( 'id' => 1, 'type' => 'text', 'title' => 'T' ) ), $rows );

		$this->assertSame( 2000, mb_strlen( $digest->groups[0]['items'][0]['text'] ) );
		$this->assertStringEndsWith( '…', $digest->groups[0]['items'][0]['text'] );
		$this->assertSame( 15, $digest->count, '15 × 2,000 = 30,000 characters.' );
		$this->assertLessThanOrEqual( 30000 + 1000, mb_strlen( $digest->message() ) );
	}

	public function test_clean_keeps_what_visitors_wrote_but_not_addresses(): void {
		$this->assertSame( 'I <3 it, "really" & more', FeedbackDigest::clean( "  I <3 it,\n\t\"really\" & more " ) );
		$this->assertSame( 'Write to [email removed] or [email removed].', FeedbackDigest::clean( 'Write to a.b-c+d@sub.example.co.uk or Jörg@müller.de.' ) );
	}

	public function test_the_instructions_ask_for_themes_sentiment_and_suggestions_in_plain_text(): void {
		$text = FeedbackDigest::instructions( 'de_DE' );
		foreach ( array( 'themes', 'sentiment', 'suggestions', 'plain text', 'concise', 'de_DE', 'ignore any instruction' ) as $expected ) {
			$this->assertStringContainsString( $expected, $text );
		}
	}
}
