<?php
/**
 * The survey resource's JSON schema, once: route args, validation and sanitising come from here.
 * Its parts live apart: a question (QuestionSchema, with the types of the QuestionTypes registry),
 * settings and notifications (SurveySettingsSchema), JSON-schema builders (SchemaParts); what a new
 * survey holds is SurveyDefaults'. Mirrors admin-app/src/shared/types/survey.ts; change both together.
 *
 * Strings that visitors see are sanitised by the schema itself (format text-field / textarea-field,
 * which rest_sanitize_value_from_schema() maps to sanitize_text_field() / sanitize_textarea_field());
 * every string and list has a maximum so that one request cannot store megabytes.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

defined( 'ABSPATH' ) || exit;

final class SurveySchema {

	/*
	 * The constants of the survey model, kept here for the code that reads them from the schema;
	 * they live with the part that states them (the schema's parts read no constant of this class).
	 */
	public const COMPARATORS    = SchemaParts::COMPARATORS;
	public const STATUSES       = array( 'draft', 'publish', 'trash' );
	public const DEVICES        = SurveySettingsSchema::DEVICES;
	public const PAGE_RULES     = SurveySettingsSchema::PAGE_RULES;
	public const MAX_QUESTIONS  = SurveyLimits::MAX_QUESTIONS;
	public const MAX_OPTIONS    = SurveyLimits::MAX_OPTIONS;
	public const MAX_CONDITIONS = SurveyLimits::MAX_CONDITIONS;
	public const TITLE_MAX      = SurveyLimits::TITLE_MAX;
	public const LABEL_MAX      = SurveyLimits::LABEL_MAX;
	public const MESSAGE_MAX    = SurveyLimits::MESSAGE_MAX;
	public const URL_MAX        = SurveyLimits::URL_MAX;

	public const DEFAULT_THANK_YOU = SurveyDefaults::THANK_YOU;

	/**
	 * The whole resource as GET answers it. Read-only fields are skipped by the route args and ignored
	 * when a client sends them back.
	 *
	 * @return array<string,mixed>
	 */
	public static function schema(): array {
		$readonly = static fn( $type, string $description ): array => array(
			'type'        => $type,
			'readonly'    => true,
			'description' => $description,
		);
		return array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'userfeedback-survey',
			'type'       => 'object',
			'properties' => array(
				'id'               => $readonly( 'integer', 'Unique identifier of the survey.' ),
				'title'            => SchemaParts::text( self::TITLE_MAX, 'Title of the survey.' ),
				'type'             => SchemaParts::enum( array( 'survey', 'nps' ), 'A regular survey or a single-purpose NPS survey.' ),
				'status'           => SchemaParts::enum( self::STATUSES, 'Stored status; display_status says whether a published survey is still scheduled.' ),
				'display_status'   => $readonly( 'string', 'draft, publish, trash, or scheduled when published with publish_at in the future.' ),
				'template'         => array(
					'type'        => 'string',
					'maxLength'   => 100,
					'pattern'     => '^[a-z0-9_-]*$',
					'description' => 'Key of the template the survey was made from.',
				),
				'created_at'       => $readonly( 'string', 'UTC, RFC 3339.' ),
				'updated_at'       => $readonly( 'string', 'UTC, RFC 3339.' ),
				'publish_at'       => array(
					'type'        => array( 'string', 'null' ),
					'format'      => 'date-time',
					'maxLength'   => 40,
					'description' => 'Start of a scheduled survey: null, RFC 3339 with an offset, or a naive YYYY-MM-DDTHH:MM:SS in the site time zone. Answered in UTC.',
				),
				'publish_at_local' => $readonly( array( 'string', 'null' ), 'publish_at in the site time zone, YYYY-MM-DDTHH:MM:SS.' ),
				'responses_count'  => $readonly( 'integer', 'Responses that are not in the trash.' ),
				'questions'        => array(
					'type'        => 'array',
					'maxItems'    => self::MAX_QUESTIONS,
					'items'       => QuestionSchema::schema(),
					'description' => 'The questions, in order.',
				),
				'settings'         => SurveySettingsSchema::settings(),
				'notifications'    => SurveySettingsSchema::notifications(),
				'cookie_name'      => $readonly( 'string', 'Cookie the widget remembers a submission in.' ),
				'shortcode'        => $readonly( 'string', 'Shortcode that embeds the survey.' ),
			),
		);
	}

	/**
	 * Keys a create or update may send.
	 *
	 * @return string[]
	 */
	public static function writable_keys(): array {
		return array_keys( array_filter( self::schema()['properties'], static fn( array $p ): bool => empty( $p['readonly'] ) ) );
	}

	/**
	 * The limits the admin apps check before the server does (admin boot config survey_limits).
	 *
	 * @return array<string,int>
	 */
	public static function limits(): array {
		return SurveyLimits::to_array();
	}

	/**
	 * @return array<string,mixed>
	 */
	public static function question_schema(): array {
		return QuestionSchema::schema();
	}

	/*
	 * The defaults, kept here for the callers that read them from the schema (SurveyService,
	 * FeatureStripper, VisitorTheming): they live in SurveyDefaults.
	 */

	/**
	 * @param array<string,mixed> $site Plugin settings (SettingsRepository::all()).
	 * @return array<string,mixed>
	 */
	public static function defaults( array $site ): array {
		return SurveyDefaults::survey( $site );
	}

	/**
	 * @param array<string,mixed> $site Plugin settings.
	 * @return array<string,mixed>
	 */
	public static function default_behavior( array $site ): array {
		return SurveyDefaults::behavior( $site );
	}

	/**
	 * @param array<string,mixed> $site Plugin settings.
	 * @return array<string,mixed>
	 */
	public static function default_theming( array $site ): array {
		return SurveyDefaults::theming( $site );
	}

	/**
	 * @return array{enable:bool,action:string,conditions:array<int,mixed>}
	 */
	public static function default_email_logic(): array {
		return SurveyDefaults::email_logic();
	}

	/**
	 * @return array<string,mixed>
	 */
	public static function default_question( string $type ): array {
		return SurveyDefaults::question( $type );
	}
}
