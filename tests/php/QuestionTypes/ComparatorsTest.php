<?php
/**
 * The comparators each question type offers (spec 1, section 5), and saving a condition on a
 * question of any type: a comparator its type offers is kept, and no type makes the save fail.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\QuestionTypes;

use UserFeedback\Surveys\QuestionTypes\QuestionTypes;
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
	 * A condition on a question of any type never makes a save fail with a 500: the comparators the
	 * type offers are saved as sent; any other is handled by the survey rules (refused or cleared,
	 * SurveyRules' business), never a server error.
	 *
	 * @dataProvider comparators
	 * @param string[] $offered Comparators of the type.
	 */
	public function test_a_condition_on_a_question_of_any_type_saves_or_is_refused_never_a_500( string $type, array $offered ): void {
		$this->as_user( 'administrator' );
		$this->as_elite();
		foreach ( SurveySchema::COMPARATORS as $compare ) {
			$follower = self::question(
				2,
				'text',
				array(
					'logic' => array(
						'enabled'    => true,
						'action'     => 'show',
						'conditions' => array(
							array(
								'question_id' => 1,
								'compare'     => $compare,
								'value'       => '3',
							),
						),
					),
				)
			);
			$response = $this->create( self::survey( array( 'questions' => array( self::question( 1, $type ), $follower ) ) ) );
			$body     = (string) wp_json_encode( $response->get_data() );
			if ( in_array( $compare, $offered, true ) ) {
				$this->assertSame( 201, $response->get_status(), "$type $compare: $body" );
				$this->assertSame( $compare, self::data( $response )['questions'][1]['logic']['conditions'][0]['compare'] );
			} else {
				$this->assertContains( $response->get_status(), array( 201, 400 ), "$type $compare: $body" );
			}
		}
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
