<?php
/**
 * What the types answered in words share: matched by text comparators, no comment box (spec 1,
 * section 5), answers listed rather than counted in results.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys\QuestionTypes;

defined( 'ABSPATH' ) || exit;

abstract class FreeTextType extends QuestionType {

	public function comparators(): array {
		return array( 'contains', 'not_contains', 'starts_with', 'ends_with' );
	}

	public function offers_comment_box(): bool {
		return false;
	}

	public function in_digest(): bool {
		return true;
	}

	/** The longest answer in characters. */
	abstract protected function limit(): int;

	public function max_length(): int {
		return $this->limit();
	}

	/**
	 * Text as typed; blank counts as skipped.
	 */
	public function validate( array $question, $value ) {
		$id   = (int) $question['id'];
		$text = self::text( $value, $id );
		if ( '' === trim( $text ) ) {
			return null;
		}
		self::check_length( $text, $this->limit(), $id );
		return $text;
	}
}
