<?php
/**
 * The comparators each question type offers (spec 1, section 5), and what saving does with a
 * condition on a question of any type: a comparator its type offers is kept, another is cleared
 * with its value, and no type makes the save fail.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\QuestionTypes;

use UserFeedback\Surveys\QuestionTypes\QuestionTypes;
use UserFeedback\Surveys\SurveyDefaults;
use UserFeedback\Surveys\SurveyRules;
use UserFeedback\Surveys\SurveySchema;
use UserFeedback\Tests\SurveyTestCase;

final class ComparatorsTest extends SurveyTestCase {

	/**
	 * @return array<string,array{0:string,1:string[]}>
	 */
	public static function comparators(): array {
		$text = array( 'contains', 'not_contains', 'starts_with', 'ends_with' );
		return array(
			'radio-button' => array( 'radio-button', array( 'equals', 'not_equals' ) ),
			'checkbox'     => array( 'checkbox', array( 'in' ) ),
			'text'         => array( 'text', $text ),
			'long-text'    => array( 'long-text', $text ),
			'email'        => array( 'email', $text ),
			'star-rating'  => array( 'star-rating', array( 'greater_than', 'less_than' ) ),
			'nps'          => array( 'nps', array( 'equals', 'not_equals', 'greater_than', 'less_than' ) ),
			'image-radio'  => array( 'image-radio', array( 'equals', 'not_equals' ) ),
			'icon-choice'  => array( 'icon-choice', array( 'equals', 'not_equals' ) ),
		);
	}

	public function test_every_registered_type_has_its_comparators_listed_here(): void {
		$this->assertSame( QuestionTypes::keys(), array_keys( self::comparators() ) );
	}

	/**
	 * @dataProvider comparators
	 * @param string[] $expected Comparators of the type.
	 */
	public function test_the_comparators_of_a_type( string $type, array $expected ): void {
		$this->assertSame( $expected, QuestionTypes::get( $type )->comparators() );
	}

	/**
	 * @dataProvider comparators
	 * @param string[] $offered Comparators of the type.
	 */
	public function test_saving_keeps_the_comparators_a_type_offers_and_clears_the_others( string $type, array $offered ): void {
		$subject       = SurveyDefaults::question( $type );
		$subject['id'] = 1;
		$follower      = SurveyDefaults::question( 'text' );
		$follower['id'] = 2;
		$conditions    = array_map(
			static fn( string $compare ): array => array(
				'question_id' => 1,
				'compare'     => $compare,
				'value'       => '3',
			),
			SurveySchema::COMPARATORS
		);
		$follower['logic']      = array(
			'enabled'    => true,
			'action'     => 'show',
			'conditions' => $conditions,
		);
		$survey                 = SurveyDefaults::survey( array() );
		$survey['questions']    = array( $subject, $follower );
		$survey['notifications']['email']['logic'] = array(
			'enable'     => true,
			'action'     => 'send',
			'conditions' => $conditions,
		);
		$survey['settings']['thank_you']['conditions'] = array_map(
			static fn( string $compare ): array => array(
				'question'       => 1,
				'condition_type' => $compare,
				'condition'      => '3',
				'page'           => null,
				'redirect_url'   => 'https://example.com/',
			),
			SurveySchema::COMPARATORS
		);

		$clean = SurveyRules::clean_references( $survey );

		$kept = static fn( array $rows, string $key ): array => array_values( array_filter( array_column( $rows, $key ) ) );
		$this->assertSame( $offered, $kept( $clean['questions'][1]['logic']['conditions'], 'compare' ), 'display logic' );
		$this->assertSame( $offered, $kept( $clean['notifications']['email']['logic']['conditions'], 'compare' ), 'email logic' );
		$this->assertSame( $offered, $kept( $clean['settings']['thank_you']['conditions'], 'condition_type' ), 'conditional redirects' );
		foreach ( $clean['questions'][1]['logic']['conditions'] as $condition ) {
			$this->assertSame( '' === $condition['compare'] ? '' : '3', $condition['value'], 'A cleared comparator takes its value with it.' );
		}
		$this->assertCount( count( SurveySchema::COMPARATORS ), $clean['questions'][1]['logic']['conditions'], 'Rows are kept, only their comparator is cleared.' );
	}

	public function test_a_condition_on_a_question_of_a_type_the_registry_does_not_know_is_cleared_not_fatal(): void {
		$survey                        = SurveyDefaults::survey( array() );
		$subject                       = SurveyDefaults::question( 'text' );
		$subject['id']                 = 1;
		$subject['type']               = 'slider';
		$follower                      = SurveyDefaults::question( 'text' );
		$follower['id']                = 2;
		$follower['logic']['conditions'] = array(
			array(
				'question_id' => 1,
				'compare'     => 'equals',
				'value'       => '3',
			),
		);
		$survey['questions']           = array( $subject, $follower );

		$clean = SurveyRules::clean_references( $survey );
		$this->assertSame( '', $clean['questions'][1]['logic']['conditions'][0]['compare'] );
	}

	public function test_a_survey_with_conditions_on_every_type_saves(): void {
		$this->as_user( 'administrator' );
		$this->as_elite(); // Advanced types and display logic are kept.
		$questions = array();
		$id        = 0;
		foreach ( self::comparators() as [ $type, $offered ] ) {
			$questions[] = self::question( ++$id, $type );
		}
		$conditions = array();
		foreach ( array_values( self::comparators() ) as $index => [ $type, $offered ] ) {
			$conditions[] = array(
				'question_id' => $index + 1,
				'compare'     => $offered[0],
				'value'       => '1',
			);
		}
		$questions[] = self::question(
			++$id,
			'long-text',
			array(
				'logic' => array(
					'enabled'    => true,
					'action'     => 'show',
					'conditions' => $conditions,
				),
			)
		);

		$response = $this->create( self::survey( array( 'questions' => $questions ) ) );
		$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$saved = self::data( $response )['questions'];
		$this->assertSame( QuestionTypes::keys(), array_slice( array_column( $saved, 'type' ), 0, count( QuestionTypes::keys() ) ) );
		$this->assertSame( array_column( $conditions, 'compare' ), array_column( $saved[ $id - 1 ]['logic']['conditions'], 'compare' ) );
	}
}
