<?php
/**
 * text: a single line of text.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys\QuestionTypes;

defined( 'ABSPATH' ) || exit;

final class TextType extends FreeTextType {

	public const KEY = 'text';

	public const MAX_LENGTH = 1000;

	public function key(): string {
		return self::KEY;
	}

	public function label(): string {
		return __( 'Single Line Text', 'userfeedback' );
	}

	protected function limit(): int {
		return self::MAX_LENGTH;
	}
}
