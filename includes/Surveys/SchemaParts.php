<?php
/**
 * The small JSON-schema builders the survey schemas are written with: objects that refuse unknown
 * keys, texts with a maximum, URLs, enums, and the conditions of display and email logic.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

defined( 'ABSPATH' ) || exit;

final class SchemaParts {

	/** Every comparator a condition may use; which ones a question offers is its type's (QuestionTypes). */
	public const COMPARATORS = array( 'equals', 'not_equals', 'in', 'contains', 'not_contains', 'starts_with', 'ends_with', 'greater_than', 'less_than' );

	/**
	 * @param array<string,mixed> $properties Properties.
	 * @param string[]            $required   Required property names.
	 * @return array<string,mixed>
	 */
	public static function object( array $properties, string $description, array $required = array() ): array {
		$schema = array(
			'type'                 => 'object',
			'additionalProperties' => false,
			'properties'           => $properties,
			'description'          => $description,
		);
		if ( $required ) {
			$schema['required'] = $required;
		}
		return $schema;
	}

	/**
	 * @return array<string,mixed>
	 */
	public static function text( int $max, string $description ): array {
		return array(
			'type'        => 'string',
			'format'      => 'text-field',
			'maxLength'   => $max,
			'description' => $description,
		);
	}

	/**
	 * @return array<string,mixed>
	 */
	public static function url( string $description ): array {
		return array(
			'type'        => 'string',
			'maxLength'   => SurveyLimits::URL_MAX,
			'description' => $description,
		);
	}

	/**
	 * @param string[] $values Allowed values.
	 * @return array<string,mixed>
	 */
	public static function enum( array $values, string $description ): array {
		return array(
			'type'        => 'string',
			'enum'        => $values,
			'description' => $description,
		);
	}

	/**
	 * A list of conditions {$subject_key, compare, value} on answers.
	 *
	 * @return array<string,mixed>
	 */
	public static function conditions( string $subject_key ): array {
		return array(
			'type'     => 'array',
			'maxItems' => SurveyLimits::MAX_CONDITIONS,
			'items'    => self::object(
				array(
					$subject_key => array( 'type' => array( 'integer', 'null' ), 'minimum' => 0 ),
					'compare'    => self::comparator(),
					'value'      => self::value(),
				),
				'A condition on an answer.'
			),
		);
	}

	/**
	 * A comparator, or '' for one not chosen yet.
	 *
	 * @return array<string,mixed>
	 */
	public static function comparator(): array {
		return self::enum( array_merge( array( '' ), self::COMPARATORS ), 'Comparator.' );
	}

	/**
	 * Condition values are strings; numbers (star and NPS values) are taken and stored as strings.
	 *
	 * @return array<string,mixed>
	 */
	public static function value(): array {
		return array(
			'type'      => array( 'string', 'number' ),
			'format'    => 'text-field',
			'maxLength' => SurveyLimits::LABEL_MAX,
		);
	}
}
