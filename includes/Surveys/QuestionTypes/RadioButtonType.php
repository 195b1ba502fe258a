<?php
/**
 * radio-button: one pick among plain-text options.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys\QuestionTypes;

defined( 'ABSPATH' ) || exit;

final class RadioButtonType extends ChoiceType {

	public const KEY = 'radio-button';

	public function key(): string {
		return self::KEY;
	}

	public function logic_subject(): bool {
		return true;
	}

	public function label(): string {
		return __( 'Radio Button', 'userfeedback' );
	}
}
