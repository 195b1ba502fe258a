<?php
/**
 * The small JSON-schema builders the survey schemas are written with: objects that refuse unknown
 * keys, texts with a maximum, URLs, enums, and the conditions of display and email logic.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

use UserFeedback\Responses\HiddenFields;

defined( 'ABSPATH' ) || exit;

final class SchemaParts {

	/** Every comparator a condition may use; which ones a question offers is its type's (QuestionTypes). */
	public const COMPARATORS = array( 'equals', 'not_equals', 'in', 'contains', 'not_contains', 'starts_with', 'ends_with', 'greater_than', 'less_than' );

	/**
	 * The comparators of a condition on a hidden field (settings.hidden_fields): its value is one text,
	 * compared as a text answer is. tests/fixtures/contract/logic-comparators.json's field_comparators
	 * holds the same list, which the builder offers (admin-app/src/surveys/builder/fieldConditions.ts).
	 */
	public const FIELD_COMPARATORS = array( 'equals', 'not_equals', 'contains', 'not_contains', 'starts_with', 'ends_with' );

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
	 * A list of conditions {$subject_key, compare, value} on answers; a condition on a hidden field has
	 * its subject key null and `field` set to the field's name (SurveyRules refuses a name the survey
	 * does not list).
	 *
	 * @return array<string,mixed>
	 */
	public static function conditions( string $subject_key ): array {
		return array(
			'type'     => 'array',
			'maxItems' => SurveyLimits::MAX_CONDITIONS,
			'items'    => self::object(
				array(
					$subject_key => array(
						'type'    => array( 'integer', 'null' ),
						'minimum' => 0,
					),
					'field'      => array(
						'type'        => 'string',
						'pattern'     => HiddenFields::NAME_PATTERN,
						'description' => 'The hidden field the condition is about, instead of a question (the subject key is then null).',
					),
					'compare'    => self::comparator(),
					'value'      => self::value(),
				),
				'A condition on an answer or a hidden field.'
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
