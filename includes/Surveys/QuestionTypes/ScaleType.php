<?php
/**
 * What the rating types share: a whole number on a fixed scale, picked with one press (the widget
 * moves on at once), counted per scale point in results, behind the question-types addon.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys\QuestionTypes;

defined( 'ABSPATH' ) || exit;

abstract class ScaleType extends QuestionType {

	protected const MIN = 1;
	protected const MAX = 5;

	public function scale(): array {
		return array(
			'min' => static::MIN,
			'max' => static::MAX,
		);
	}

	public function advanced(): bool {
		return true;
	}

	public function logic_subject(): bool {
		return true;
	}

	public function auto_advance(): bool {
		return true;
	}

	public function validate( array $question, $value ) {
		if ( ! is_int( $value ) || $value < static::MIN || $value > static::MAX ) {
			throw new InvalidAnswer(
				/* translators: 1: question id, 2: lowest score, 3: highest score. */
				sprintf( esc_html__( 'The answer to question %1$d must be a whole number from %2$d to %3$d.', 'userfeedback' ), (int) $question['id'], (int) static::MIN, (int) static::MAX )
			);
		}
		return $value;
	}
}
