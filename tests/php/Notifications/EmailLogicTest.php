<?php
/**
 * EmailLogic: the comparators as the builder stores them, read as the visitor widget reads them
 * (widget/src/ui/logic.test.ts has the same table), and "every condition" for the email.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Notifications;

use UserFeedback\Notifications\Email\EmailLogic;
use UserFeedback\Tests\TestCase;

final class EmailLogicTest extends TestCase {

	/**
	 * @return array<string,array{0:string,1:mixed,2:mixed,3:bool}>
	 */
	public static function comparisons(): array {
		$rows = array(
			array( 'equals', 'Yes', 'Yes', true ),
			array( 'equals', 'Yes', 'No', false ),
			array( 'equals', 'Yes', 'yes', false ),
			array( 'equals', '7', 7, true ),
			array( 'equals', '0', '0', true ),
			array( 'equals', array( 'A', 'B' ), 'B', true ),
			array( 'not_equals', 'Yes', 'No', true ),
			array( 'not_equals', 'Yes', 'Yes', false ),
			array( 'not_equals', '3', 3, false ),
			array( 'in', array( 'Speed', 'Price' ), 'Price', true ),
			array( 'in', array( 'Speed', 'Price' ), 'Support', false ),
			array( 'in', 'Speed', 'Speed', true ),
			array( 'contains', 'The price is high', 'PRICE', true ),
			array( 'contains', 'All good', 'price', false ),
			array( 'contains', array( 'Red', 'Blue' ), 'd, b', true ),
			array( 'not_contains', 'All good', 'price', true ),
			array( 'not_contains', 'Price too high', 'price', false ),
			array( 'starts_with', 'ann@example.com', 'Ann', true ),
			array( 'starts_with', 'bob@example.com', 'ann', false ),
			array( 'ends_with', 'ann@example.com', '@EXAMPLE.com', true ),
			array( 'ends_with', 'ann@example.org', '.com', false ),
			array( 'greater_than', '4', '3', true ),
			array( 'greater_than', '3', '3', false ),
			array( 'greater_than', '10', '9', true ),
			array( 'greater_than', 'many', '3', false ),
			array( 'greater_than', '4', 'three', false ),
			array( 'less_than', '2', '3', true ),
			array( 'less_than', '9', '3', false ),
			array( 'less_than', '0', '1', true ),
			array( 'less_than', array( '1' ), '3', false ),
			// Nothing said: false, "not" comparators too.
			array( 'not_equals', null, 'Yes', false ),
			array( 'not_contains', null, 'x', false ),
			array( 'not_contains', '   ', 'x', false ),
			array( 'in', array(), 'x', false ),
			array( 'less_than', null, '5', false ),
			array( 'equals', 'Yes', '', false ),
			array( 'not_equals', 'Yes', '', false ),
			array( 'not_contains', 'Yes', null, false ),
			// Unknown comparators.
			array( '', 'Yes', 'Yes', false ),
			array( 'matches', 'Yes', 'Yes', false ),
		);
		$named = array();
		foreach ( $rows as $i => $row ) {
			$named[ sprintf( '#%d %s %s against %s', $i, $row[0], wp_json_encode( $row[1] ), wp_json_encode( $row[2] ) ) ] = $row;
		}
		return $named;
	}

	/**
	 * @dataProvider comparisons
	 * @param mixed $answer   The stored answer.
	 * @param mixed $expected The condition's value.
	 */
	public function test_compare( string $compare, $answer, $expected, bool $holds ): void {
		$this->assertSame( $holds, EmailLogic::compare( $compare, $answer, $expected ) );
	}

	/**
	 * @param array<int,array<string,mixed>> $conditions Conditions.
	 * @return array<string,mixed>
	 */
	private static function logic( array $conditions, bool $enable = true ): array {
		return array(
			'enable'     => $enable,
			'action'     => 'send',
			'conditions' => $conditions,
		);
	}

	public function test_every_condition_must_hold(): void {
		$logic = self::logic(
			array(
				array( 'question_id' => 1, 'compare' => 'equals', 'value' => 'Yes' ),
				array( 'question_id' => 2, 'compare' => 'greater_than', 'value' => '6' ),
			)
		);
		$this->assertTrue( EmailLogic::allows( $logic, array( 1 => 'Yes', 2 => '7' ) ) );
		$this->assertFalse( EmailLogic::allows( $logic, array( 1 => 'Yes', 2 => '6' ) ) );
		$this->assertFalse( EmailLogic::allows( $logic, array( 1 => 'No', 2 => '9' ) ) );
		$this->assertFalse( EmailLogic::allows( $logic, array( 2 => '9' ) ), 'An unanswered question fails its condition.' );
	}

	public function test_logic_off_or_without_conditions_lets_every_email_through(): void {
		$failing = array( array( 'question_id' => 1, 'compare' => 'equals', 'value' => 'Yes' ) );
		$this->assertTrue( EmailLogic::allows( self::logic( $failing, false ), array( 1 => 'No' ) ) );
		$this->assertTrue( EmailLogic::allows( self::logic( array() ), array( 1 => 'No' ) ) );
		$this->assertTrue( EmailLogic::allows( array(), array() ) );
	}

	public function test_an_unfinished_or_broken_condition_never_holds(): void {
		$answers = array( 1 => 'Yes' );
		$this->assertFalse( EmailLogic::allows( self::logic( array( array( 'question_id' => null, 'compare' => '', 'value' => '' ) ) ), $answers ) );
		$this->assertFalse( EmailLogic::allows( self::logic( array( array( 'question_id' => 1, 'compare' => '', 'value' => 'Yes' ) ) ), $answers ) );
		$this->assertFalse( EmailLogic::allows( self::logic( array( 'not a condition' ) ), $answers ) );
		$this->assertFalse( EmailLogic::allows( self::logic( array( array( 'question_id' => 'x', 'compare' => 'equals', 'value' => 'Yes' ) ) ), $answers ) );
	}
}
