<?php
/**
 * The JSON schema of one question of the survey resource (the items of its questions, SurveySchema).
 * The type enum is the question-type registry's; what each type's config and settings hold is its
 * descriptor's (QuestionTypes), and SurveyShape drops what does not belong to the type.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

use UserFeedback\Surveys\QuestionTypes\QuestionType;
use UserFeedback\Surveys\QuestionTypes\QuestionTypes;

defined( 'ABSPATH' ) || exit;

final class QuestionSchema {

	/**
	 * @return array<string,mixed>
	 */
	public static function schema(): array {
		return SchemaParts::object(
			array(
				'id'       => array(
					'type'        => array( 'integer', 'null' ),
					'minimum'     => 0,
					'maximum'     => 2147483647,
					'description' => 'Unique within the survey; 0 or missing asks the server for a new one.',
				),
				'title'    => SchemaParts::text( SurveyLimits::TITLE_MAX, 'The question.' ),
				'type'     => SchemaParts::enum( QuestionTypes::keys(), 'Question type.' ),
				'config'   => SchemaParts::object(
					array(
						'options'      => array(
							'type'     => 'array',
							'maxItems' => QuestionType::MAX_OPTIONS,
							'items'    => self::option(),
						),
						'include_name' => array( 'type' => 'boolean' ),
					),
					'Options of choice questions; include_name for email questions.'
				),
				'settings' => SchemaParts::object(
					array(
						'required'    => array( 'type' => 'boolean' ),
						'randomize'   => array( 'type' => 'boolean' ),
						'comment_box' => array( 'type' => 'boolean' ),
						'icon_color'  => array(
							'type'   => 'string',
							'format' => 'hex-color',
						),
						'icon_size'   => SchemaParts::enum( array( 'large', 'medium', 'small' ), 'Icon size of icon-choice options.' ),
					),
					'Per-question settings.'
				),
				'logic'    => SchemaParts::object(
					array(
						'enabled'    => array( 'type' => 'boolean' ),
						'action'     => SchemaParts::enum( array( 'show', 'hide' ), 'Show or hide the question when the conditions hold.' ),
						'conditions' => SchemaParts::conditions( 'question_id' ),
					),
					'Display logic; conditions refer to earlier questions.'
				),
				'archived' => array(
					'type'        => 'boolean',
					'readonly'    => true,
					'description' => 'Present (true) on a question a save removed or retyped while it had answers: kept for results, responses and exports, never shown to visitors. Set by the server only; ignored in requests.',
				),
			),
			'A question.',
			array( 'type' )
		);
	}

	/**
	 * An option: a plain label, or an object with the label and an image or an icon.
	 *
	 * @return array<string,mixed>
	 */
	private static function option(): array {
		return array(
			'anyOf' => array(
				SchemaParts::text( SurveyLimits::LABEL_MAX, 'Label of a radio-button or checkbox option.' ),
				SchemaParts::object(
					array(
						'label' => SchemaParts::text( SurveyLimits::LABEL_MAX, 'Label of the option.' ),
						'image' => array(
							'type'                 => array( 'object', 'null' ),
							'additionalProperties' => false,
							'properties'           => array(
								'id'  => array(
									'type'    => array( 'integer', 'null' ),
									'minimum' => 0,
								),
								'url' => SchemaParts::url( 'Image URL (http or https).' ),
							),
						),
						'icon'  => array(
							'type'                 => array( 'object', 'null' ),
							'additionalProperties' => false,
							'properties'           => array(
								'name'  => SchemaParts::text( 100, 'Icon name.' ),
								'style' => SchemaParts::text( 50, 'Icon style.' ),
							),
						),
					),
					'An image-radio option {label, image} or an icon-choice option {label, icon}.'
				),
			),
		);
	}
}
