<?php
/**
 * tests/fixtures/contract/logic-comparators.json against EmailLogic::compare() (the widget's
 * compareAnswer() runs the same cases in widget/src/ui/logic.test.ts).
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Contract;

use UserFeedback\Notifications\Email\EmailLogic;
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
}
