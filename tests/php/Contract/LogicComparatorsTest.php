<?php
/**
 * tests/fixtures/contract/logic-comparators.json against EmailLogic::compare() (the widget's
 * compareAnswer() runs the same cases in widget/src/ui/logic.test.ts), and its "logic" cases (whole
 * conditions, on questions and on hidden fields) against EmailLogic::allows() and
 * ResponseFormatter::not_shown() (the widget's isShown() runs them too).
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Contract;

use UserFeedback\Notifications\Email\EmailLogic;
use UserFeedback\Responses\ResponseFormatter;
use UserFeedback\Surveys\SchemaParts;
use UserFeedback\Tests\TestCase;

final class LogicComparatorsTest extends TestCase {

	/**
	 * @return array<string,array{0:array<string,mixed>}>
	 */
	public static function comparisons(): array {
		return Corpus::cases( 'logic-comparators.json' );
	}

	/**
	 * @dataProvider comparisons
	 * @param array<string,mixed> $case compare, answer, value, holds.
	 */
	public function test_compare( array $case ): void {
		$this->assertSame( $case['holds'], EmailLogic::compare( $case['compare'], $case['answer'], $case['value'] ), (string) ( $case['why'] ?? '' ) );
	}

	/**
	 * @return array<string,mixed>
	 */
	private static function corpus(): array {
		$path = dirname( __DIR__, 2 ) . '/fixtures/contract/logic-comparators.json';
		return json_decode( (string) file_get_contents( $path ), true, 64, JSON_THROW_ON_ERROR );
	}

	/**
	 * @return array<string,array{0:array<string,mixed>}>
	 */
	public static function logic_cases(): array {
		$named = array();
		foreach ( self::corpus()['logic'] as $index => $case ) {
			$named[ sprintf( '#%d %s', $index, $case['name'] ) ] = array( $case );
		}
		return $named;
	}

	public function test_field_comparators_are_the_schemas(): void {
		$this->assertSame( SchemaParts::FIELD_COMPARATORS, self::corpus()['field_comparators'] );
		$this->assertGreaterThan( 15, count( self::logic_cases() ) );
	}

	/**
	 * @dataProvider logic_cases
	 * @param array<string,mixed> $case name, logic {action, conditions}, answers, fields, holds, shown.
	 */
	public function test_email_logic( array $case ): void {
		$logic = array(
			'enable'     => true,
			'action'     => 'send',
			'conditions' => $case['logic']['conditions'],
		);
		$this->assertSame( $case['holds'], EmailLogic::allows( $logic, $case['answers'], $case['fields'] ) );
	}

	/**
	 * @dataProvider logic_cases
	 * @param array<string,mixed> $case name, logic {action, conditions}, answers, fields, holds, shown.
	 */
	public function test_display_logic( array $case ): void {
		$questions = array(
			array(
				'id'    => 1,
				'type'  => 'radio-button',
				'logic' => array(
					'enabled'    => false,
					'action'     => 'show',
					'conditions' => array(),
				),
			),
			array(
				'id'    => 99,
				'type'  => 'text',
				'logic' => array(
					'enabled'    => true,
					'action'     => $case['logic']['action'],
					'conditions' => $case['logic']['conditions'],
				),
			),
		);
		$answers = array();
		foreach ( $case['answers'] as $id => $value ) {
			$answers[] = array(
				'question_id' => (int) $id,
				'value'       => $value,
				'extra'       => null,
			);
		}
		$this->assertSame( $case['shown'] ? array() : array( 99 ), ResponseFormatter::not_shown( $questions, $answers, $case['fields'] ) );
	}
}
