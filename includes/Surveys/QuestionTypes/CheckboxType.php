<?php
/**
 * checkbox: one or more picks among plain-text options. Stored as a JSON list; counted once per
 * distinct ticked option. It never moves on by itself: the visitor may tick more than one.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys\QuestionTypes;

defined( 'ABSPATH' ) || exit;

final class CheckboxType extends ChoiceType {

	public const KEY = 'checkbox';

	protected const MIN_OPTIONS = 1;

	public function key(): string {
		return self::KEY;
	}

	public function logic_subject(): bool {
		return true;
	}

	public function label(): string {
		return __( 'Checkbox', 'userfeedback' );
	}

	public function comparators(): array {
		return array( 'in' );
	}

	public function auto_advance(): bool {
		return false;
	}

	public function multiple(): bool {
		return true;
	}

	public function validate( array $question, $value ) {
		$id = (int) $question['id'];
		if ( ! is_array( $value ) || ! $value || ! array_is_list( $value ) ) {
			/* translators: %d: question id. */
			throw new InvalidAnswer( sprintf( esc_html__( 'The answer to question %d must be a list of one or more of its options.', 'userfeedback' ), (int) $id ) );
		}
		$labels = self::labels( $question );
		foreach ( $value as $label ) {
			if ( ! is_string( $label ) || ! in_array( $label, $labels, true ) ) {
				/* translators: %d: question id. */
				throw new InvalidAnswer( sprintf( esc_html__( 'The answer to question %d must be one or more of its options.', 'userfeedback' ), (int) $id ) );
			}
		}
		if ( count( array_unique( $value ) ) !== count( $value ) ) {
			/* translators: %d: question id. */
			throw new InvalidAnswer( sprintf( esc_html__( 'The answer to question %d lists an option more than once.', 'userfeedback' ), (int) $id ) );
		}
		return $value;
	}

	/**
	 * The distinct ticked labels; a stored value that is not a JSON list counts as itself (an
	 * invalid option in results).
	 */
	public function counted_values( $value ): array {
		$list = is_array( $value ) ? $value : json_decode( (string) $value, true );
		if ( ! is_array( $list ) || ! array_is_list( $list ) ) {
			return array( is_array( $value ) ? (string) wp_json_encode( $value ) : (string) $value );
		}
		$labels = array();
		foreach ( $list as $label ) {
			$labels[ is_scalar( $label ) ? (string) $label : (string) wp_json_encode( $label ) ] = true;
		}
		return array_map( 'strval', array_keys( $labels ) );
	}

	/**
	 * A JSON list; one stored as a plain string (a row per ticked option, as older data and the
	 * benchmark seeder have it) is a list of one.
	 */
	public function decode( ?string $stored ) {
		if ( null === $stored ) {
			return null;
		}
		if ( str_starts_with( $stored, '[' ) ) {
			$list = json_decode( $stored, true );
			if ( is_array( $list ) ) {
				return array_values( array_map( 'strval', array_filter( $list, 'is_scalar' ) ) );
			}
		}
		return array( $stored );
	}
}
