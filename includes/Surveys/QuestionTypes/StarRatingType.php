<?php
/**
 * star-rating: 1 to 5 stars; results show the average.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys\QuestionTypes;

defined( 'ABSPATH' ) || exit;

final class StarRatingType extends ScaleType {

	public const KEY = 'star-rating';

	public function key(): string {
		return self::KEY;
	}

	public function label(): string {
		return __( 'Star Rating', 'userfeedback' );
	}

	public function comparators(): array {
		return array( 'greater_than', 'less_than' );
	}

	/**
	 * @return array{average:float|null}
	 */
	public function summary( array $counts ): array {
		$sum = 0;
		$n   = 0;
		foreach ( $counts as $value => $count ) {
			$sum += (int) $value * $count;
			$n   += $count;
		}
		return array( 'average' => $n > 0 ? round( $sum / $n, 2 ) : null );
	}
}
