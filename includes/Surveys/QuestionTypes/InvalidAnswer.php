<?php
/**
 * An answer that does not fit its question; the message names the question and the problem. The
 * caller (AnswerValidator) turns it into the route's 400.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys\QuestionTypes;

defined( 'ABSPATH' ) || exit;

final class InvalidAnswer extends \DomainException {}
