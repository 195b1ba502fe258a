<?php
/**
 * nps: "How likely are you to recommend us?" on the standard 0-10 scale (DESIGN 2). Never skipped;
 * results show the Net Promoter Score (Results\Nps).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys\QuestionTypes;

use UserFeedback\Results\Nps;

defined( 'ABSPATH' ) || exit;

final class NpsType extends ScaleType {

	public const KEY = 'nps';

	protected const MIN = 0;
	protected const MAX = 10;

	public function key(): string {
		return self::KEY;
	}

	public function label(): string {
		return __( 'NPS', 'userfeedback' );
	}

	public function comparators(): array {
		return array( 'equals', 'not_equals', 'greater_than', 'less_than' );
	}

	public function always_required(): bool {
		return true;
	}

	/**
	 * @return array{nps:array<string,int|float|null>}
	 */
	public function summary( array $counts ): array {
		return array( 'nps' => Nps::from_counts( $counts ) );
	}
}
