<?php
/**
 * long-text: a paragraph, capped at 400 characters (spec 1, section 9; spec 3).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys\QuestionTypes;

defined( 'ABSPATH' ) || exit;

final class LongTextType extends FreeTextType {

	public const KEY = 'long-text';

	public const MAX_LENGTH = 400;

	public function key(): string {
		return self::KEY;
	}

	public function label(): string {
		return __( 'Comment Box', 'userfeedback' );
	}

	protected function limit(): int {
		return self::MAX_LENGTH;
	}
}
