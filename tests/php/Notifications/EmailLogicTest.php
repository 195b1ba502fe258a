<?php
/**
 * EmailLogic: "every condition" for the email. The comparators themselves are the contract corpus
 * tests/fixtures/contract/logic-comparators.json (tests/php/Contract/LogicComparatorsTest.php), which the
 * widget's compareAnswer() passes too.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Notifications;

use UserFeedback\Notifications\Email\EmailLogic;
use UserFeedback\Tests\TestCase;

final class EmailLogicTest extends TestCase {

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
