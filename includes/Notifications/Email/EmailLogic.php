<?php
/**
 * Conditional email logic (spec 1, "Conditional email logic"): whether a response's stored answers
 * meet a survey's notifications.email.logic. The comparators are the builder's keys and mean what they
 * mean in the visitor widget (widget/src/ui/logic.ts compareAnswer()), so that an author's condition
 * reads the same in both places. Plain rules, no database: tests call it directly.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Notifications\Email;

defined( 'ABSPATH' ) || exit;

final class EmailLogic {

	/**
	 * Whether the email is to be sent. Logic off, or on without conditions: yes. Otherwise every
	 * condition must hold (all, not any: the builder offers no choice, as for display logic).
	 *
	 * @param array<string,mixed>                  $logic   notifications.email.logic {enable, action, conditions}.
	 * @param array<int,string|string[]|int|null> $answers Question id => stored value (null: skipped).
	 * @param array<string,string>                 $fields  The response's hidden fields, name => value.
	 */
	public static function allows( array $logic, array $answers, array $fields = array() ): bool {
		$conditions = is_array( $logic['conditions'] ?? null ) ? $logic['conditions'] : array();
		if ( empty( $logic['enable'] ) || ! $conditions ) {
			return true;
		}
		foreach ( $conditions as $condition ) {
			if ( ! is_array( $condition ) || ! self::holds( $condition, $answers, $fields ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Whether one condition of display or email logic holds for a response. A condition is about a
	 * question (question_id) or, with `field` set, about a hidden field of the survey (its name): the
	 * field's value is compared like a text answer. A field with no value (not collected for this
	 * response, or blank) is like an unanswered question: no comparator holds, not even not_equals or
	 * not_contains. The widget decides the same way (widget/src/ui/logic.ts conditionHolds()); the
	 * cases both read are tests/fixtures/contract/logic-comparators.json's "logic".
	 *
	 * @param array<string,mixed>                  $condition {question_id, field?, compare, value}.
	 * @param array<int,string|string[]|int|null> $answers   Question id => stored value (null: skipped).
	 * @param array<string,string>                 $fields    Hidden field name => value.
	 */
	public static function holds( array $condition, array $answers, array $fields = array() ): bool {
		$field = $condition['field'] ?? null;
		if ( is_string( $field ) && '' !== $field ) {
			$answer = isset( $fields[ $field ] ) && is_string( $fields[ $field ] ) ? $fields[ $field ] : null;
		} else {
			$question = $condition['question_id'] ?? null;
			$answer   = is_int( $question ) || is_numeric( $question ) ? ( $answers[ (int) $question ] ?? null ) : null;
		}
		return self::compare( (string) ( $condition['compare'] ?? '' ), $answer, $condition['value'] ?? null );
	}

	/**
	 * Whether an answer satisfies a comparator against a condition's value. The rules are the contract
	 * of tests/fixtures/contract/logic-comparators.json, which the widget's compareAnswer() passes too.
	 *
	 * - equals / not_equals: the answer (for a checkbox, one of its ticks) is the value, case-sensitive
	 *   (values are option labels picked from a list); "3" equals 3.
	 * - in: one of the answer's items is the value ("Includes" for checkboxes).
	 * - contains, not_contains, starts_with, ends_with: on the text, case-insensitive; a checkbox answer
	 *   reads as its ticks joined with ", ".
	 * - greater_than, less_than: numerically, when both sides are plain decimal numbers (an optional
	 *   sign, ASCII digits, an optional fraction: not '0x10', '1e3' or '5.'); false otherwise.
	 *
	 * A condition value is one text or number (the schema stores no lists); an answer is text, a number
	 * or a list of them. Anything else, an unknown comparator, a condition without a value and a skipped
	 * or unanswered question are all false, the "not" comparators included: a condition about something
	 * the visitor did not say never holds. Text is trimmed of trim()'s characters only.
	 *
	 * @param mixed $answer   The stored answer.
	 * @param mixed $expected The condition's value.
	 */
	public static function compare( string $compare, $answer, $expected ): bool {
		if ( ! self::is_value( $expected ) || ! self::is_answer( $answer ) || self::is_empty( $answer ) || self::is_empty( $expected ) ) {
			return false;
		}
		$items  = array_map( static fn( $item ): string => trim( (string) $item ), is_array( $answer ) ? array_values( $answer ) : array( $answer ) );
		$value  = trim( (string) $expected );
		$whole  = self::fold( implode( ', ', $items ) );
		$needle = self::fold( $value );
		switch ( $compare ) {
			case 'equals':
			case 'in':
				return in_array( $value, $items, true );
			case 'not_equals':
				return ! in_array( $value, $items, true );
			case 'contains':
				return str_contains( $whole, $needle );
			case 'not_contains':
				return ! str_contains( $whole, $needle );
			case 'starts_with':
				return str_starts_with( $whole, $needle );
			case 'ends_with':
				return str_ends_with( $whole, $needle );
			case 'greater_than':
			case 'less_than':
				if ( is_array( $answer ) || ! self::is_decimal( $items[0] ) || ! self::is_decimal( $value ) ) {
					return false;
				}
				$a = (float) $items[0];
				$b = (float) $value;
				return 'greater_than' === $compare ? $a > $b : $a < $b;
		}
		return false;
	}

	/**
	 * A plain decimal number: is_numeric() would also take '1e3' and leading whitespace, and the
	 * widget's Number() would take '0x10'; neither is a number an author or a visitor means.
	 */
	public static function is_decimal( string $text ): bool {
		return 1 === preg_match( '/^[+-]?(?:[0-9]+(?:\.[0-9]+)?|\.[0-9]+)$/D', $text );
	}

	/**
	 * @param mixed $value A condition's value.
	 */
	private static function is_value( $value ): bool {
		return is_string( $value ) || is_int( $value ) || is_float( $value );
	}

	/**
	 * @param mixed $answer A stored answer.
	 */
	private static function is_answer( $answer ): bool {
		if ( is_array( $answer ) ) {
			foreach ( $answer as $item ) {
				if ( ! self::is_value( $item ) ) {
					return false;
				}
			}
			return true;
		}
		return null === $answer || self::is_value( $answer );
	}

	/**
	 * Nothing given: null, blank text or no ticked box.
	 *
	 * @param mixed $value A value.
	 */
	private static function is_empty( $value ): bool {
		return null === $value
			|| ( is_string( $value ) && '' === trim( $value ) )
			|| ( is_array( $value ) && ! $value );
	}

	private static function fold( string $text ): string {
		return mb_strtolower( trim( $text ), 'UTF-8' );
	}
}
