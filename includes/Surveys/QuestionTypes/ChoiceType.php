<?php
/**
 * What the choice types share: options (at least two, at most five), an answer that is one of their
 * labels, randomize offered, counted per option in results.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys\QuestionTypes;

defined( 'ABSPATH' ) || exit;

abstract class ChoiceType extends QuestionType {

	/** Fewest options a question of this type may be published with. */
	protected const MIN_OPTIONS = 2;

	public function options(): ?array {
		return array(
			'min' => static::MIN_OPTIONS,
			'max' => self::MAX_OPTIONS,
		);
	}

	public function comparators(): array {
		return array( 'equals', 'not_equals' );
	}

	public function default_config(): array {
		return array( 'options' => array() );
	}

	/**
	 * Options in this type's form (shape_option()), in order.
	 */
	public function shape_config( array $sent ): array {
		$config = parent::shape_config( array_diff_key( $sent, array( 'options' => true ) ) );
		if ( isset( $sent['options'] ) ) {
			$config['options'] = array_map( array( $this, 'shape_option' ), array_values( (array) $sent['options'] ) );
		}
		return $config;
	}

	public function auto_advance(): bool {
		return true;
	}

	public function validate( array $question, $value ) {
		if ( ! is_string( $value ) || ! in_array( $value, self::labels( $question ), true ) ) {
			/* translators: %d: question id. */
			throw new InvalidAnswer( sprintf( esc_html__( 'The answer to question %d must be one of its options.', 'userfeedback' ), (int) $question['id'] ) );
		}
		return $value;
	}
}
