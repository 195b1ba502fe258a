<?php
/**
 * tests/fixtures/contract/publish-validation.json against SurveyRules::question_errors(), with the
 * option limits of the question-type registry (the builder's validateQuestion() runs the same cases in
 * admin-app/src/surveys/builder/publishValidation.test.ts).
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Contract;

use UserFeedback\Surveys\QuestionTypes\QuestionTypes;
use UserFeedback\Surveys\SurveyRules;
use UserFeedback\Surveys\SurveySchema;
use UserFeedback\Surveys\SurveyShape;
use UserFeedback\Tests\TestCase;

final class PublishValidationTest extends TestCase {

	/**
	 * @return array<string,array{0:array<string,mixed>}>
	 */
	public static function questions(): array {
		return Corpus::cases( 'publish-validation.json' );
	}

	/**
	 * @dataProvider questions
	 * @param array<string,mixed> $case question, errors.
	 */
	public function test_question_errors( array $case ): void {
		$this->assertSame( $case['errors'], SurveyRules::question_errors( SurveyShape::question( $case['question'] ) ) );
	}

	/**
	 * @return array<string,array{0:array<string,mixed>}>
	 */
	public static function surveys(): array {
		$json  = json_decode( (string) file_get_contents( dirname( __DIR__, 2 ) . '/fixtures/contract/publish-validation.json' ), true, 64, JSON_THROW_ON_ERROR );
		$named = array();
		foreach ( $json['surveys'] as $case ) {
			$named[ $case['name'] ] = array( $case );
		}
		return $named;
	}

	/**
	 * @dataProvider surveys
	 * @param array<string,mixed> $case questions, thank_you, publishable.
	 */
	public function test_publish_errors( array $case ): void {
		$survey              = SurveySchema::defaults( array() );
		$survey['questions'] = array_map( array( SurveyShape::class, 'question' ), $case['questions'] );
		$survey['settings']  = SurveyShape::settings( $survey['settings'], array( 'thank_you' => $case['thank_you'] ) );
		$this->assertSame( $case['publishable'], array() === SurveyRules::publish_errors( $survey ), (string) wp_json_encode( SurveyRules::publish_errors( $survey ) ) );
	}

	public function test_the_corpus_covers_every_type_with_options_at_its_limits(): void {
		$cases = array_column( array_column( self::questions(), 0 ), 'question' );
		foreach ( QuestionTypes::all() as $key => $type ) {
			$counts = array();
			foreach ( $cases as $question ) {
				if ( $key === $question['type'] ) {
					$counts[] = count( (array) ( $question['config']['options'] ?? array() ) );
				}
			}
			$this->assertNotEmpty( $counts, "publish-validation.json has a case of $key." );
			$limits = $type->options();
			if ( null !== $limits && 'checkbox' !== $key && 'radio-button' !== $key ) {
				$this->assertContains( $limits['min'] - 1, $counts, "$key: one option too few." );
			}
		}
		foreach ( array( 'radio-button', 'checkbox' ) as $key ) {
			$limits = QuestionTypes::get( $key )->options();
			$counts = array();
			foreach ( $cases as $question ) {
				if ( $key === $question['type'] ) {
					$counts[] = count( (array) ( $question['config']['options'] ?? array() ) );
				}
			}
			$this->assertContains( $limits['min'], $counts, "$key: the fewest options." );
			$this->assertContains( $limits['max'] + 1, $counts, "$key: one option too many." );
		}
	}
}
