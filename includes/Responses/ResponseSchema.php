<?php
/**
 * What the visitor widget sends (widget/src/types.ts: Answer, and the body of boot.ts submit()), as JSON
 * schema: the public routes' args and bodies come from here. The schema judges the shape; whether the
 * answers fit the survey's questions is AnswerValidator's business.
 *
 * Also the schemas of what the responses routes answer: a response as the admin reads it, the list's
 * page, one response with its place, the trash / restore / delete actions (results.ts), and the
 * visitor routes' small answers.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Responses;

use UserFeedback\Rest\Shape;
use UserFeedback\Surveys\QuestionTypes\QuestionTypes;
use UserFeedback\Surveys\SurveySchema;

defined( 'ABSPATH' ) || exit;

final class ResponseSchema {

	public const TOKEN_MAX = 64;

	/** A UUID as text: 8-4-4-4-12 hexadecimal digits, any version, either case. */
	public const UUID_PATTERN = '^[0-9a-fA-F]{8}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{4}-[0-9a-fA-F]{12}$';
	public const COMMENT_MAX  = \UserFeedback\Surveys\QuestionTypes\QuestionType::COMMENT_MAX;
	public const NAME_MAX     = \UserFeedback\Surveys\QuestionTypes\EmailType::NAME_MAX;

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
	 * Most bytes the body of a response may have (the route's cap): the largest body a survey's limits
	 * allow a visitor to type (50 answers of at most 1,000 characters, each with a 1,000-character
	 * comment and a name, and the page's link and title), at 3 bytes of UTF-8 a character.
	 */
	public const MAX_BYTES = 384 * 1024;

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
					'description' => 'The answers given since the last write of the response (the completing write: one per question shown); value null for a skipped question.',
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
								'type'     => array( 'string', 'integer', 'array', 'null' ),
								'items'    => array(
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
				'response_id'    => array(
					'description' => 'The response\'s id made by the widget (a UUID, any version, stored in lower case); every write of one response carries it. Absent: the write is one completed response.',
					'type'        => 'string',
					'pattern'     => self::UUID_PATTERN,
				),
				'reached'        => array(
					'description' => '0-based index, in survey order, of the question the visitor sees after these answers.',
					'type'        => 'integer',
					'minimum'     => 0,
					'maximum'     => SurveySchema::MAX_QUESTIONS,
				),
				'complete'       => array(
					'description' => 'Whether this write completes the response (it then carries all the answers). Default: true without response_id, false with it.',
					'type'        => 'boolean',
				),
				'fields'         => HiddenFields::wire_schema(),
			),
		);
	}

	/**
	 * @return array<string,mixed>
	 */
	public static function token( string $description ): array {
		// Not required, null allowed: a missing token is refused with the same 403 as a wrong one, not a 400.
		return array(
			'description' => $description,
			'type'        => array( 'string', 'null' ),
			'maxLength'   => self::TOKEN_MAX,
		);
	}

	/**
	 * Body of POST surveys/{id}/impression: the token may come in the query or here, nothing else.
	 *
	 * @return array<string,mixed>
	 */
	public static function impression_body(): array {
		return Shape::body(
			'userfeedback-impression',
			array( 'nonce' => self::token( 'The survey\'s impression token (nonces.impression of the widget config), in the query or the body.' ) )
		);
	}

	/**
	 * What POST surveys/{id}/impression answers.
	 *
	 * @return array<string,mixed>
	 */
	public static function impression(): array {
		return Shape::resource( 'userfeedback-impression', array( 'recorded' => Shape::boolean( 'Always true: the showing was counted.' ) ) );
	}

	/**
	 * What GET geo answers.
	 *
	 * @return array<string,mixed>
	 */
	public static function geo(): array {
		return Shape::resource( 'userfeedback-geo', array( 'country' => Shape::nullable( Shape::string( 'Two upper-case letters, or null when unknown.' ) ) ) );
	}

	/**
	 * A stored response as the admin reads it (ResponseItem); the visitors' POST answers its id.
	 *
	 * @return array<string,mixed>
	 */
	public static function response(): array {
		return Shape::resource( 'userfeedback-response', self::item_properties() );
	}

	/**
	 * One response with its survey and its place in the filtered list (ResponseDetail).
	 *
	 * @return array<string,mixed>
	 */
	public static function detail(): array {
		return Shape::resource(
			'userfeedback-response-detail',
			array(
				'response' => Shape::object( self::item_properties() ),
				'survey'   => self::survey(),
				'position' => Shape::object(
					array(
						'index'   => Shape::integer( '1-based place in the filtered, ordered list; 0 when not known (a broad filter past its count cap).' ),
						'total'   => Shape::integer(),
						'prev_id' => Shape::nullable( Shape::integer() ),
						'next_id' => Shape::nullable( Shape::integer() ),
						'capped'  => Shape::boolean( 'Whether total is only a lower bound (the list says "1,000+"): a broad filter is counted up to a cap, within a time limit.' ),
					)
				),
				'matched'  => Shape::boolean( 'Whether the response meets filter[conditions]; when not, position is its place in the list of its status without conditions.' ),
			)
		);
	}

	/**
	 * The count of a filtered list (ResponseCount): GET surveys/{id}/responses/count.
	 *
	 * @return array<string,mixed>
	 */
	public static function count(): array {
		return Shape::resource(
			'userfeedback-response-count',
			array(
				'matched'        => Shape::integer( 'Responses the list\'s status and conditions select; a lower bound when matched_capped.' ),
				'matched_capped' => Shape::boolean( 'Whether matched is only a lower bound (the list says "1,000+"): a broad filter is counted up to a cap, newest responses first, within a time limit; what was counted when that time ran out (0 and true when nothing was).' ),
			)
		);
	}

	/**
	 * The list's `filterable` (ResponseFilter::filterable()): the fields the survey's filter bar offers,
	 * in its order. The list also answers `matched`: how many responses the conditions select (the
	 * pagination's total).
	 *
	 * @return array<string,mixed>
	 */
	public static function filterable(): array {
		return Shape::list(
			Shape::object(
				array(
					'field'     => Shape::string( 'date, page_url, device, text:any, question:<id>, text:<id> or field:<name>.' ),
					'label'     => Shape::string( 'Translated.' ),
					'kind'      => Shape::enum( array_keys( ResponseFilter::OPERATORS ) ),
					'operators' => Shape::list( Shape::string(), 'DataViews\' operator names the field takes.' ),
					'elements'  => Shape::list(
						Shape::object(
							array(
								'value' => Shape::string(),
								'label' => Shape::string(),
							)
						),
						'The values of a choice, devices or nps field.'
					),
				)
			),
			'The fields of the survey\'s filter bar, in its order.'
		);
	}

	/**
	 * Body of POST surveys/{id}/responses/trash|restore and DELETE surveys/{id}/responses.
	 *
	 * @return array<string,mixed>
	 */
	public static function action_body(): array {
		return Shape::body(
			'userfeedback-response-action',
			array(
				'response_ids' => array(
					'description' => 'Ids of responses of the survey.',
					'type'        => 'array',
					'items'       => array(
						'type'    => 'integer',
						'minimum' => 1,
					),
					'minItems'    => 1,
					'maxItems'    => AdminResponseService::MAX_IDS,
					'required'    => true,
				),
			)
		);
	}

	/**
	 * What a trash, restore or delete answers (ResponseActionResult).
	 *
	 * @return array<string,mixed>
	 */
	public static function action_result(): array {
		return Shape::resource( 'userfeedback-response-action-result', array( 'done' => Shape::list( Shape::integer(), 'Ids the action was applied to.' ) ) );
	}

	/**
	 * The survey of a response list or detail: what the table's columns need.
	 *
	 * @return array<string,mixed>
	 */
	private static function survey(): array {
		return Shape::object(
			array(
				'id'            => Shape::integer(),
				'title'         => Shape::string(),
				'type'          => Shape::enum( array( 'survey', 'nps' ) ),
				'questions'     => Shape::list(
					Shape::object(
						array(
							'id'       => Shape::integer(),
							'title'    => Shape::string(),
							'type'     => Shape::enum( QuestionTypes::keys() ),
							'archived' => Shape::boolean( 'Present (true) on a question removed from the survey after it had answers; its answers are still listed.' ),
						)
					)
				),
				'hidden_fields' => Shape::list( Shape::string(), 'The names of the survey\'s hidden fields, in its order.' ),
			)
		);
	}

	/**
	 * @return array<string,array<string,mixed>>
	 */
	private static function item_properties(): array {
		$extra = Shape::nullable(
			Shape::object(
				array(
					'comments' => Shape::string(),
					'name'     => Shape::string(),
				)
			)
		);
		return array(
			'id'             => Shape::integer(),
			'status'         => Shape::enum( array( 'publish', 'partial', 'trash' ), 'publish: completed; partial: not completed (open or closed); trash.' ),
			'submitted_at'   => Shape::string( 'UTC, RFC 3339: the completion, or the last write of a partial response.' ),
			'complete'       => Shape::boolean( 'Whether the visitor completed it (a trashed response keeps it).' ),
			'started_at'     => Shape::nullable( Shape::string( 'UTC, RFC 3339: the first write.' ) ),
			'completed_at'   => Shape::nullable( Shape::string( 'UTC, RFC 3339; null while partial.' ) ),
			'last_question'  => Shape::integer( '0-based index, in the survey\'s question order, of the last question the visitor reached.' ),
			'page_submitted' => Shape::object(
				array(
					'name' => Shape::string( 'The page title at the time (may be empty).' ),
					'url'  => Shape::string( 'http(s) URL or empty.' ),
				)
			),
			'user_ip'        => Shape::string(),
			'user_browser'   => Shape::string(),
			'user_os'        => Shape::string(),
			'user_device'    => Shape::string(),
			'answers'        => Shape::list(
				Shape::object(
					array(
						'question_id' => Shape::integer(),
						'value'       => array(
							'type'        => array( 'string', 'array', 'null' ),
							'items'       => Shape::string(),
							'description' => 'The value as stored; null for a skipped question.',
						),
						'extra'       => $extra,
					)
				)
			),
			'not_shown'      => Shape::list( Shape::integer(), 'Ids of the unanswered questions the survey\'s display logic hid from this visitor (shown as "Not shown", not "Skipped").' ),
			'fields'         => array(
				'type'                 => 'object',
				'description'          => 'The hidden fields stored with the response, name => value ({} when none).',
				'additionalProperties' => Shape::string(),
			),
		);
	}
}
