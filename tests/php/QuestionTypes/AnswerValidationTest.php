<?php
/**
 * Answers judged per question type, as AnswerValidator asks each type's descriptor: a valid answer
 * is stored as it should be, an invalid one and one over the length limit are refused with a 400
 * naming the question, and a skipped one is null (refused only where the type or the question
 * requires an answer).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\QuestionTypes;

use UserFeedback\Responses\AnswerValidator;
use UserFeedback\Rest\ApiException;
use UserFeedback\Surveys\QuestionTypes\QuestionTypes;
use UserFeedback\Surveys\SurveyDefaults;
use UserFeedback\Tests\TestCase;

final class AnswerValidationTest extends TestCase {

	/**
	 * A question of the type with id 7 (and options where the type has them).
	 *
	 * @param array<string,mixed> $over Fields to change.
	 * @return array<string,mixed>
	 */
	private static function question( string $type, array $over = array() ): array {
		$question       = SurveyDefaults::question( $type );
		$question['id'] = 7;
		if ( array_key_exists( 'options', $question['config'] ) ) {
			$question['config']['options'] = array_map(
				static fn( string $label ) => QuestionTypes::get( $type )->shape_option( $label ),
				array( 'Red', 'Green', 'Blue' )
			);
		}
		return array_replace_recursive( $question, $over );
	}

	/**
	 * The stored value of one answer to a question of the type, or the refusal.
	 *
	 * @param mixed                $value    What the widget sends.
	 * @param array<string,mixed>  $question The question (default: a question of the type).
	 * @param array<string,string> $extra    Extra fields.
	 * @return mixed|ApiException
	 */
	private static function judge( string $type, $value, ?array $question = null, array $extra = array(), bool $required = true ) {
		$question ??= self::question( $type );
		$answer     = array(
			'question_id' => 7,
			'value'       => $value,
		);
		if ( $extra ) {
			$answer['extra'] = $extra;
		}
		// A second, answered question, so that a skip alone is not "a response without answers".
		$other = self::question( 'text', array( 'id' => 8 ) );
		try {
			$valid = AnswerValidator::validate(
				array( $question, $other ),
				array(
					$answer,
					array(
						'question_id' => 8,
						'value'       => 'Fine',
					),
				),
				$required
			);
		} catch ( ApiException $e ) {
			return $e;
		}
		return $valid[0]['value'];
	}

	/**
	 * Per type: a valid answer and what is stored, invalid answers, an over-long one (or null where
	 * the type has no length), and whether a skip is refused.
	 *
	 * @return array<string,array{0:string,1:mixed,2:mixed,3:array<int,mixed>,4:mixed,5:bool}>
	 */
	public static function cases(): array {
		return array(
			'radio-button' => array( 'radio-button', 'Green', 'Green', array( 'Purple', array( 'Green' ), 3, '' ), null, false ),
			'image-radio'  => array( 'image-radio', 'Blue', 'Blue', array( 'blue', array( 'Blue' ), true ), null, false ),
			'icon-choice'  => array( 'icon-choice', 'Red', 'Red', array( 'Redd', 1 ), null, false ),
			'checkbox'     => array( 'checkbox', array( 'Red', 'Blue' ), array( 'Red', 'Blue' ), array( 'Red', array(), array( 'Red', 'Red' ), array( 'Red', 'Pink' ), array( 'a' => 'Red' ), array( array( 'Red' ) ) ), null, false ),
			'text'         => array( 'text', 'Nice  site ', 'Nice  site ', array( 12, array( 'x' ), "\xC3\x28" ), str_repeat( 'é', 1001 ), false ),
			'long-text'    => array( 'long-text', "Two\nlines", "Two\nlines", array( 12, false ), str_repeat( 'a', 401 ), false ),
			'email'        => array( 'email', ' ann@example.com ', 'ann@example.com', array( 'ann', 'ann@', 'a b@example.com', 5 ), str_repeat( 'a', 250 ) . '@example.com', false ),
			'star-rating'  => array( 'star-rating', 4, 4, array( 0, 6, '4', 4.0, 4.5, array( 4 ) ), null, false ),
			'nps'          => array( 'nps', 0, 0, array( -1, 11, '10', 9.0 ), null, true ),
		);
	}

	public function test_the_cases_cover_every_registered_type(): void {
		$this->assertEqualsCanonicalizing( QuestionTypes::keys(), array_keys( self::cases() ) );
	}

	/**
	 * @dataProvider cases
	 * @param mixed             $valid     A valid answer.
	 * @param mixed             $stored    What is stored of it.
	 * @param array<int,mixed>  $invalid   Answers that do not fit.
	 * @param mixed             $too_long  An answer over the type's length limit, or null.
	 */
	public function test_answers_per_type( string $type, $valid, $stored, array $invalid, $too_long, bool $never_skipped ): void {
		$this->assertSame( $stored, self::judge( $type, $valid ), 'valid' );

		foreach ( $invalid as $i => $value ) {
			$refusal = self::judge( $type, $value );
			$this->assertInstanceOf( ApiException::class, $refusal, "invalid #$i" );
			$this->assertSame( 400, $refusal->status );
			$this->assertStringContainsString( 'question 7', $refusal->getMessage(), "invalid #$i names the question" );
			$this->assertArrayHasKey( 'answers[0]', $refusal->data['params'], 'The refusal points at the answer.' );
		}

		$max = QuestionTypes::get( $type )->max_length();
		if ( null === $too_long ) {
			$this->assertNull( $max );
		} else {
			$refusal = self::judge( $type, $too_long );
			$this->assertInstanceOf( ApiException::class, $refusal, 'too long' );
			$this->assertSame( 400, $refusal->status );
			if ( 'email' !== $type ) {
				$this->assertStringContainsString( "at most $max characters", $refusal->getMessage() );
				$this->assertSame( str_repeat( 'x', $max ), self::judge( $type, str_repeat( 'x', $max ) ), 'At the limit is fine.' );
			}
		}

		// Skipped: null; refused where the type never may be skipped.
		$skip = self::judge( $type, null, null, array(), false );
		if ( $never_skipped ) {
			$this->assertInstanceOf( ApiException::class, $skip );
			$this->assertStringContainsString( 'cannot be skipped', $skip->getMessage() );
		} else {
			$this->assertNull( $skip );
		}
		// A required question blocks skipping when the entitlement is enforced, not otherwise.
		$required = self::question( $type, array( 'settings' => array( 'required' => true ) ) );
		$this->assertInstanceOf( ApiException::class, self::judge( $type, null, $required, array(), true ) );
		if ( ! $never_skipped ) {
			$this->assertNull( self::judge( $type, null, $required, array(), false ) );
		}
	}

	public function test_blank_text_counts_as_skipped(): void {
		foreach ( array( 'text', 'long-text', 'email' ) as $type ) {
			$this->assertNull( self::judge( $type, "  \n ", null, array(), false ), $type );
		}
	}

	public function test_a_name_only_with_an_email_question_that_asks_for_one(): void {
		$asks = self::question( 'email', array( 'config' => array( 'include_name' => true ) ) );
		$this->assertSame( 'ann@example.com', self::judge( 'email', 'ann@example.com', $asks, array( 'name' => 'Ann' ) ) );
		$this->assertInstanceOf( ApiException::class, self::judge( 'email', 'ann@example.com', $asks, array( 'name' => str_repeat( 'n', 101 ) ) ) );
		$this->assertStringContainsString( 'does not ask for a name', self::judge( 'email', 'ann@example.com', null, array( 'name' => 'Ann' ) )->getMessage() );
		$this->assertStringContainsString( 'does not ask for a name', self::judge( 'text', 'Hi', null, array( 'name' => 'Ann' ) )->getMessage() );
	}

	public function test_comments_only_with_a_comment_box_and_at_most_the_limit(): void {
		$boxed = self::question( 'star-rating', array( 'settings' => array( 'comment_box' => true ) ) );
		$this->assertSame( 5, self::judge( 'star-rating', 5, $boxed, array( 'comments' => str_repeat( 'c', 1000 ) ) ) );
		$long = self::judge( 'star-rating', 5, $boxed, array( 'comments' => str_repeat( 'c', 1001 ) ) );
		$this->assertInstanceOf( ApiException::class, $long );
		$this->assertStringContainsString( 'at most 1000 characters', $long->getMessage() );
		$this->assertStringContainsString( 'has no comment box', self::judge( 'star-rating', 5, null, array( 'comments' => 'Hi' ) )->getMessage() );
	}

	public function test_a_question_of_an_unknown_type_cannot_be_answered(): void {
		$question         = self::question( 'text' );
		$question['type'] = 'slider';
		$refusal          = self::judge( 'text', 'x', $question );
		$this->assertInstanceOf( ApiException::class, $refusal );
		$this->assertSame( 'Question 7 cannot be answered.', $refusal->getMessage() );
	}
}
