<?php
/**
 * The schemas of the surveys routes other than the survey itself (SurveySchema): the bulk action,
 * the templates and the builder's look-ups. Mirrors admin-app/src/shared/types/survey.ts.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

use UserFeedback\Rest\Shape;

defined( 'ABSPATH' ) || exit;

final class SurveyRoutesSchema {

	/**
	 * Body of POST surveys/bulk.
	 *
	 * @return array<string,mixed>
	 */
	public static function bulk_body(): array {
		return Shape::body(
			'userfeedback-survey-bulk-action',
			array(
				'action' => Shape::enum( SurveyBulk::ACTIONS, 'What to do with each survey; trash and delete also need the delete capability.' ) + array( 'required' => true ),
				'ids'    => array(
					'description' => 'Survey ids, each judged on its own.',
					'type'        => 'array',
					'items'       => array(
						'type'    => 'integer',
						'minimum' => 1,
					),
					'minItems'    => 1,
					'maxItems'    => 500,
					'required'    => true,
				),
			)
		);
	}

	/**
	 * What POST surveys/bulk answers (BulkResult).
	 *
	 * @return array<string,mixed>
	 */
	public static function bulk_result(): array {
		return Shape::resource(
			'userfeedback-survey-bulk-result',
			array(
				'done'   => Shape::list( Shape::integer(), 'Ids the action was applied to.' ),
				'failed' => Shape::list(
					Shape::object(
						array(
							'id'      => Shape::integer(),
							'message' => Shape::string( 'Why the survey was left alone.' ),
						)
					),
					'Ids left alone, with the reason.'
				),
			)
		);
	}

	/**
	 * An item of GET surveys/templates (SurveyTemplate).
	 *
	 * @return array<string,mixed>
	 */
	public static function template(): array {
		return Shape::resource(
			'userfeedback-survey-template',
			array(
				'key'             => Shape::string( 'Key of the template, stored in a survey\'s template.' ),
				'name'            => Shape::string(),
				'description'     => Shape::string(),
				'is_available'    => Shape::boolean( 'Whether this site\'s tier and addons allow it.' ),
				'required_addons' => Shape::list( Shape::string(), 'Addon slugs the template needs.' ),
				'tier'            => Shape::enum( array( 'lite', 'pro' ) ),
				'type'            => Shape::enum( array( 'survey', 'nps' ) ),
				'config'          => Shape::object( array( 'questions' => Shape::list( QuestionSchema::schema() ) ) ),
			)
		);
	}

	/**
	 * An item of GET search (SearchResult): a page or post for a redirect target.
	 *
	 * @return array<string,mixed>
	 */
	public static function search_result(): array {
		return Shape::resource(
			'userfeedback-post-search-result',
			array(
				'id'    => Shape::integer( 'Post id.' ),
				'title' => Shape::string( 'Post title, plain text.' ),
			)
		);
	}

	/**
	 * An item of GET logic-type (LogicTypeOption): a choice of a targeting page rule.
	 *
	 * @return array<string,mixed>
	 */
	public static function logic_type_option(): array {
		return Shape::resource(
			'userfeedback-logic-type-option',
			array(
				'id'    => array(
					'type'        => array( 'string', 'integer' ),
					'description' => 'Key or id of the choice.',
				),
				'label' => Shape::string(),
			)
		);
	}
}
