<?php
/**
 * Judges a visitor's answers against the survey's own questions and hands back what is stored:
 * the loop, the extra fields and the 400s are here; whether a value fits its question is the
 * question type's (QuestionTypes). Plain rules, no database: tests call it directly. Any failure is a 400 naming the question and the
 * problem, and nothing of the response is kept.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Responses;

use UserFeedback\ExceptionText;
use UserFeedback\Rest\ApiException;
use UserFeedback\Surveys\QuestionTypes\EmailType;
use UserFeedback\Surveys\QuestionTypes\InvalidAnswer;
use UserFeedback\Surveys\QuestionTypes\QuestionType;
use UserFeedback\Surveys\QuestionTypes\QuestionTypes;

defined( 'ABSPATH' ) || exit;

final class AnswerValidator {

	/**
	 * Judges the answers of the completing write: the whole set, as one response (required questions,
	 * at least one answered).
	 */
	public const COMPLETE = 'complete';

	/**
	 * Judges the answers a partial write carries (the ones given since the last write): each answer
	 * alone (its question, type, options, lengths); a required question may still be missing or skipped
	 * there, the completing write decides.
	 */
	public const PARTIAL = 'partial';

	/**
	 * @param array<int,array<string,mixed>> $questions        The survey's questions.
	 * @param array<int,array<string,mixed>> $answers          Answers as the schema let them through.
	 * @param bool|\Closure():bool           $enforce_required Whether required questions block skipping
	 *                                                          (the question_settings entitlement, as in the
	 *                                                          widget); a closure is asked only when needed.
	 * @param string                         $mode             self::COMPLETE or self::PARTIAL.
	 * @return array<int,array{question_id:int,value:string|int|string[]|null,extra:array<string,string>|null}>
	 * @throws ApiException 400 at the first answer that does not fit.
	 */
	public static function validate( array $questions, array $answers, bool|\Closure $enforce_required, string $mode = self::COMPLETE ): array {
		$partial = self::PARTIAL === $mode;
		if ( ! $answers ) {
			throw self::fail( esc_html__( 'A response needs at least one answer.', 'userfeedback' ) );
		}
		$by_id = array();
		foreach ( $questions as $question ) {
			if ( is_array( $question ) && isset( $question['id'] ) ) {
				$by_id[ (int) $question['id'] ] = $question;
			}
		}
		if ( count( $answers ) > count( $by_id ) ) {
			throw self::fail( esc_html__( 'There are more answers than the survey has questions.', 'userfeedback' ) );
		}

		$valid    = array();
		$answered = false;
		foreach ( array_values( $answers ) as $i => $answer ) {
			$id = (int) ( $answer['question_id'] ?? 0 );
			if ( ! isset( $by_id[ $id ] ) ) {
				/* translators: %d: question id. */
				throw self::fail( sprintf( esc_html__( 'Question %d is not part of this survey.', 'userfeedback' ), (int) $id ), (int) $i );
			}
			if ( isset( $valid[ $id ] ) ) {
				/* translators: %d: question id. */
				throw self::fail( sprintf( esc_html__( 'Question %d is answered more than once.', 'userfeedback' ), (int) $id ), (int) $i );
			}
			$question = $by_id[ $id ];
			$value    = self::value( $question, $answer['value'] ?? null, $i );
			if ( null === $value ) {
				$required = ! $partial && ( (bool) QuestionTypes::get( $question['type'] ?? null )?->always_required()
					|| ( ! empty( $question['settings']['required'] ) && ( is_bool( $enforce_required ) ? $enforce_required : (bool) $enforce_required() ) ) );
				if ( $required ) {
					/* translators: %d: question id. */
					throw self::fail( sprintf( esc_html__( 'Question %d cannot be skipped.', 'userfeedback' ), (int) $id ), (int) $i );
				}
			} else {
				$answered = true;
			}
			$valid[ $id ] = array(
				'question_id' => $id,
				'value'       => $value,
				'extra'       => self::extra( $question, (array) ( $answer['extra'] ?? array() ), $i ),
			);
		}
		if ( ! $answered && ! $partial ) {
			throw self::fail( esc_html__( 'A response needs at least one answer.', 'userfeedback' ) );
		}
		return array_values( $valid );
	}

	/**
	 * The value as stored, null for a skipped question: its type's descriptor judges it.
	 *
	 * @param array<string,mixed> $question The question.
	 * @param mixed               $value    What was sent.
	 * @return string|int|string[]|null
	 * @throws ApiException When the value does not fit the question.
	 */
	private static function value( array $question, $value, int $i ) {
		if ( null === $value ) {
			return null;
		}
		$type = QuestionTypes::get( $question['type'] ?? null );
		if ( null === $type ) {
			/* translators: %d: question id. */
			throw self::fail( sprintf( esc_html__( 'Question %d cannot be answered.', 'userfeedback' ), (int) $question['id'] ), (int) $i );
		}
		try {
			return $type->validate( $question, $value );
		} catch ( InvalidAnswer $e ) {
			throw self::fail( esc_html( ExceptionText::plain( $e ) ), (int) $i );
		}
	}

	/**
	 * The extra fields a question takes: name for an email question with include_name, comments for
	 * a question with a comment box. Empty strings are left out.
	 *
	 * @param array<string,mixed> $question The question.
	 * @param array<string,mixed> $extra    What was sent.
	 * @return array<string,string>|null
	 * @throws ApiException For a field the question does not take, or one too long.
	 */
	private static function extra( array $question, array $extra, int $i ): ?array {
		$id   = (int) $question['id'];
		$kept = array();
		foreach ( $extra as $key => $text ) {
			$text = self::text( $text, $id, $i );
			if ( 'name' === $key ) {
				if ( ! QuestionTypes::get( $question['type'] ?? null )?->takes_name( $question ) ) {
					/* translators: %d: question id. */
					throw self::fail( sprintf( esc_html__( 'Question %d does not ask for a name.', 'userfeedback' ), (int) $id ), (int) $i );
				}
				$text = trim( $text );
				self::max_length( $text, EmailType::NAME_MAX, $id, $i, __( 'name', 'userfeedback' ) );
			} elseif ( 'comments' === $key ) {
				if ( empty( $question['settings']['comment_box'] ) ) {
					/* translators: %d: question id. */
					throw self::fail( sprintf( esc_html__( 'Question %d has no comment box.', 'userfeedback' ), (int) $id ), (int) $i );
				}
				self::max_length( $text, QuestionType::COMMENT_MAX, $id, $i, __( 'comment', 'userfeedback' ) );
			} else {
				/* translators: 1: field name, 2: question id. */
				throw self::fail( sprintf( esc_html__( '"%1$s" is not a field of the answer to question %2$d.', 'userfeedback' ), esc_html( (string) $key ), (int) $id ), (int) $i );
			}
			if ( '' !== trim( $text ) ) {
				$kept[ $key ] = $text;
			}
		}
		return $kept ? $kept : null;
	}

	/**
	 * @param mixed $value What was sent.
	 * @throws ApiException When it is not text in UTF-8.
	 */
	private static function text( $value, int $id, int $i ): string {
		try {
			return QuestionType::text( $value, $id );
		} catch ( InvalidAnswer $e ) {
			throw self::fail( esc_html( ExceptionText::plain( $e ) ), (int) $i );
		}
	}

	/**
	 * @param string $what "name" or "comment", translated.
	 * @throws ApiException When the text is longer than $max characters.
	 */
	private static function max_length( string $text, int $max, int $id, int $i, string $what ): void {
		if ( mb_strlen( $text, 'UTF-8' ) > $max ) {
			/* translators: 1: "name" or "comment", 2: question id, 3: maximum number of characters. */
			throw self::fail( sprintf( esc_html__( 'The %1$s given with question %2$d must be at most %3$d characters long.', 'userfeedback' ), esc_html( $what ), (int) $id, (int) $max ), (int) $i );
		}
	}

	private static function fail( string $message, ?int $index = null ): ApiException {
		return ApiException::invalid( $message, array( null === $index ? 'answers' : "answers[$index]" => $message ) );
	}
}
