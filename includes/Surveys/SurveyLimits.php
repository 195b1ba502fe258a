<?php
/**
 * The numbers a survey is held to: how many questions, options and conditions, how long its texts.
 * The schemas are written with them and the admin apps receive them (boot config survey_limits),
 * so that the builder checks what the server checks. A leaf: it reads no other survey class.
 *
 * They bound what a save sends, which is a survey's live questions only: archived questions
 * (QuestionArchive) are the server's, kept beside them for results, and count against none.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

use UserFeedback\Surveys\QuestionTypes\EmailType;
use UserFeedback\Surveys\QuestionTypes\QuestionType;

defined( 'ABSPATH' ) || exit;

final class SurveyLimits {

	public const MAX_QUESTIONS  = 50;
	public const MAX_OPTIONS    = QuestionType::MAX_OPTIONS;
	public const MAX_CONDITIONS = 20;
	public const TITLE_MAX      = 255;
	public const LABEL_MAX      = 200;
	public const MESSAGE_MAX    = 1000;
	public const URL_MAX        = 2048;

	/**
	 * The admin boot config's survey_limits.
	 *
	 * @return array<string,int>
	 */
	public static function to_array(): array {
		return array(
			'max_questions'  => self::MAX_QUESTIONS,
			'max_options'    => self::MAX_OPTIONS,
			'max_conditions' => self::MAX_CONDITIONS,
			'title_max'      => self::TITLE_MAX,
			'label_max'      => self::LABEL_MAX,
			'message_max'    => self::MESSAGE_MAX,
			'comment_max'    => QuestionType::COMMENT_MAX,
			'name_max'       => EmailType::NAME_MAX,
			'email_max'      => EmailType::MAX_LENGTH,
		);
	}
}
