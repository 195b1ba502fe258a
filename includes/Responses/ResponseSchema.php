<?php
/**
 * What the visitor widget sends (widget/src/types.ts: Answer, and the body of boot.ts submit()), as JSON
 * schema: the public routes' args come from here. The schema judges the shape; whether the answers fit
 * the survey's questions is AnswerValidator's business.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Responses;

use UserFeedback\Surveys\SurveySchema;

defined( 'ABSPATH' ) || exit;

final class ResponseSchema {

	public const TOKEN_MAX   = 64;
	public const COMMENT_MAX = 1000;
	public const NAME_MAX    = 100;

	/**
	 * Hard caps on the page the answer was given on, so that one request cannot carry megabytes.
	 * Within them, a link longer than the column (URL_MAX) is not stored and a title is shortened
	 * (ResponseService::page()): the visitor's answers are worth more than the page's address.
	 */
	public const LINK_CAP  = 8192;
	public const TITLE_CAP = 1000;
	public const URL_MAX   = 2048;
	public const TITLE_MAX = 255;

	/**
	 * Body of POST surveys/{id}/responses.
	 *
	 * @return array<string,mixed>
	 */
	public static function submission(): array {
		return array(
			'$schema'              => 'http://json-schema.org/draft-04/schema#',
			'title'                => 'userfeedback-response-submission',
			'type'                 => 'object',
			'additionalProperties' => false,
			'properties'           => array(
				'answers'        => array(
					'description' => 'One answer per question shown; value null for a skipped question.',
					'type'        => 'array',
					'maxItems'    => SurveySchema::MAX_QUESTIONS,
					'required'    => true,
					'items'       => array(
						'type'                 => 'object',
						'additionalProperties' => false,
						'required'             => array( 'question_id', 'value' ),
						'properties'           => array(
							'question_id' => array(
								'type'    => 'integer',
								'minimum' => 1,
								'maximum' => 2147483647,
							),
							// String before array: WordPress reads any scalar as a one-item list when
							// "array" is tried first.
							'value'       => array(
								'type'  => array( 'string', 'integer', 'array', 'null' ),
								'items' => array(
									'type'      => 'string',
									'maxLength' => SurveySchema::LABEL_MAX,
								),
								'maxItems' => SurveySchema::MAX_OPTIONS,
							),
							'extra'       => array(
								'type'                 => 'object',
								'additionalProperties' => false,
								'properties'           => array(
									'comments' => array( 'type' => 'string' ),
									'name'     => array( 'type' => 'string' ),
								),
							),
						),
					),
				),
				'page_submitted' => array(
					'description'          => 'The page the survey was answered on.',
					'type'                 => 'object',
					'additionalProperties' => false,
					'properties'           => array(
						'link'  => array(
							'type'      => 'string',
							'maxLength' => self::LINK_CAP,
						),
						'title' => array(
							'type'      => 'string',
							'maxLength' => self::TITLE_CAP,
						),
					),
				),
				'nonce'          => self::token( 'The survey\'s submission token (nonces.submission of the widget config).' ),
			),
		);
	}

	/**
	 * @return array<string,mixed>
	 */
	public static function token( string $description ): array {
		// Not required: a missing token is refused with the same 403 as a wrong one, not a 400.
		return array(
			'description' => $description,
			'type'        => 'string',
			'maxLength'   => self::TOKEN_MAX,
		);
	}

	/**
	 * Keys the body may have.
	 *
	 * @return string[]
	 */
	public static function keys(): array {
		return array_keys( self::submission()['properties'] );
	}
}
