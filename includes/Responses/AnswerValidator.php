<?php
/**
 * Judges a visitor's answers against the survey's own questions and hands back what is stored.
 * Plain rules, no database: tests call it directly. Any failure is a 400 naming the question and the
 * problem, and nothing of the response is kept.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Responses;

use UserFeedback\Rest\ApiException;

defined( 'ABSPATH' ) || exit;

final class AnswerValidator {

	public const TEXT_MAX      = 1000;
	public const LONG_TEXT_MAX = 400;
	public const EMAIL_MAX     = 254;
	public const STARS         = array( 1, 5 );
	public const NPS           = array( 0, 10 );

	/**
	 * @param array<int,array<string,mixed>> $questions        The survey's questions.
	 * @param array<int,array<string,mixed>> $answers          Answers as the schema let them through.
	 * @param bool|\Closure():bool           $enforce_required Whether required questions block skipping
	 *                                                          (the question_settings entitlement, as in the
	 *                                                          widget); a closure is asked only when needed.
	 * @return array<int,array{question_id:int,value:string|int|string[]|null,extra:array<string,string>|null}>
	 * @throws ApiException 400 at the first answer that does not fit.
	 */
	public static function validate( array $questions, array $answers, bool|\Closure $enforce_required ): array {
		if ( ! $answers ) {
			throw self::fail( __( 'A response needs at least one answer.', 'userfeedback' ) );
		}
		$by_id = array();
		foreach ( $questions as $question ) {
			if ( is_array( $question ) && isset( $question['id'] ) ) {
				$by_id[ (int) $question['id'] ] = $question;
			}
		}
		if ( count( $answers ) > count( $by_id ) ) {
			throw self::fail( __( 'There are more answers than the survey has questions.', 'userfeedback' ) );
		}

		$valid    = array();
		$answered = false;
		foreach ( array_values( $answers ) as $i => $answer ) {
			$id = (int) ( $answer['question_id'] ?? 0 );
			if ( ! isset( $by_id[ $id ] ) ) {
				/* translators: %d: question id. */
				throw self::fail( sprintf( __( 'Question %d is not part of this survey.', 'userfeedback' ), $id ), $i );
			}
			if ( isset( $valid[ $id ] ) ) {
				/* translators: %d: question id. */
				throw self::fail( sprintf( __( 'Question %d is answered more than once.', 'userfeedback' ), $id ), $i );
			}
			$question = $by_id[ $id ];
			$value    = self::value( $question, $answer['value'] ?? null, $i );
			if ( null === $value ) {
				$required = 'nps' === $question['type']
					|| ( ! empty( $question['settings']['required'] ) && ( is_bool( $enforce_required ) ? $enforce_required : (bool) $enforce_required() ) );
				if ( $required ) {
					/* translators: %d: question id. */
					throw self::fail( sprintf( __( 'Question %d cannot be skipped.', 'userfeedback' ), $id ), $i );
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
		if ( ! $answered ) {
			throw self::fail( __( 'A response needs at least one answer.', 'userfeedback' ) );
		}
		return array_values( $valid );
	}

	/**
	 * The value as stored, null for a skipped question (an empty text counts as skipped).
	 *
	 * @param array<string,mixed> $question The question.
	 * @param mixed               $value    What was sent.
	 * @return string|int|string[]|null
	 * @throws ApiException When the value does not fit the question.
	 */
	private static function value( array $question, $value, int $i ) {
		$id   = (int) $question['id'];
		$type = (string) ( $question['type'] ?? '' );
		if ( null === $value ) {
			return null;
		}
		switch ( $type ) {
			case 'radio-button':
			case 'image-radio':
			case 'icon-choice':
				if ( ! is_string( $value ) || ! in_array( $value, self::labels( $question ), true ) ) {
					/* translators: %d: question id. */
					throw self::fail( sprintf( __( 'The answer to question %d must be one of its options.', 'userfeedback' ), $id ), $i );
				}
				return $value;

			case 'checkbox':
				if ( ! is_array( $value ) || ! $value || ! array_is_list( $value ) ) {
					/* translators: %d: question id. */
					throw self::fail( sprintf( __( 'The answer to question %d must be a list of one or more of its options.', 'userfeedback' ), $id ), $i );
				}
				$labels = self::labels( $question );
				foreach ( $value as $label ) {
					if ( ! is_string( $label ) || ! in_array( $label, $labels, true ) ) {
						/* translators: %d: question id. */
						throw self::fail( sprintf( __( 'The answer to question %d must be one or more of its options.', 'userfeedback' ), $id ), $i );
					}
				}
				if ( count( array_unique( $value ) ) !== count( $value ) ) {
					/* translators: %d: question id. */
					throw self::fail( sprintf( __( 'The answer to question %d lists an option more than once.', 'userfeedback' ), $id ), $i );
				}
				return $value;

			case 'star-rating':
				return self::integer( $value, self::STARS, $id, $i );

			case 'nps':
				return self::integer( $value, self::NPS, $id, $i );

			case 'text':
			case 'long-text':
				$text = self::text( $value, $id, $i );
				if ( '' === trim( $text ) ) {
					return null;
				}
				self::max_length( $text, 'text' === $type ? self::TEXT_MAX : self::LONG_TEXT_MAX, $id, $i );
				return $text;

			case 'email':
				$email = trim( self::text( $value, $id, $i ) );
				if ( '' === $email ) {
					return null;
				}
				if ( strlen( $email ) > self::EMAIL_MAX || ! is_email( $email ) ) {
					/* translators: %d: question id. */
					throw self::fail( sprintf( __( 'The answer to question %d must be a valid email address.', 'userfeedback' ), $id ), $i );
				}
				return $email;
		}
		/* translators: %d: question id. */
		throw self::fail( sprintf( __( 'Question %d cannot be answered.', 'userfeedback' ), $id ), $i );
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
				if ( 'email' !== $question['type'] || empty( $question['config']['include_name'] ) ) {
					/* translators: %d: question id. */
					throw self::fail( sprintf( __( 'Question %d does not ask for a name.', 'userfeedback' ), $id ), $i );
				}
				$text = trim( $text );
				self::max_length( $text, ResponseSchema::NAME_MAX, $id, $i, __( 'name', 'userfeedback' ) );
			} elseif ( 'comments' === $key ) {
				if ( empty( $question['settings']['comment_box'] ) ) {
					/* translators: %d: question id. */
					throw self::fail( sprintf( __( 'Question %d has no comment box.', 'userfeedback' ), $id ), $i );
				}
				self::max_length( $text, ResponseSchema::COMMENT_MAX, $id, $i, __( 'comment', 'userfeedback' ) );
			} else {
				/* translators: 1: field name, 2: question id. */
				throw self::fail( sprintf( __( '"%1$s" is not a field of the answer to question %2$d.', 'userfeedback' ), (string) $key, $id ), $i );
			}
			if ( '' !== trim( $text ) ) {
				$kept[ $key ] = $text;
			}
		}
		return $kept ? $kept : null;
	}

	/**
	 * Option labels: plain strings (radio-button, checkbox) or {label, ...} (image-radio, icon-choice).
	 *
	 * @param array<string,mixed> $question The question.
	 * @return string[]
	 */
	private static function labels( array $question ): array {
		$labels = array();
		foreach ( (array) ( $question['config']['options'] ?? array() ) as $option ) {
			if ( is_string( $option ) ) {
				$labels[] = $option;
			} elseif ( is_array( $option ) && is_string( $option['label'] ?? null ) ) {
				$labels[] = $option['label'];
			}
		}
		return $labels;
	}

	/**
	 * @param mixed    $value What was sent.
	 * @param int[]    $range Minimum and maximum.
	 * @throws ApiException When it is not a whole number in the range.
	 */
	private static function integer( $value, array $range, int $id, int $i ): int {
		if ( ! is_int( $value ) || $value < $range[0] || $value > $range[1] ) {
			throw self::fail(
				/* translators: 1: question id, 2: lowest score, 3: highest score. */
				sprintf( __( 'The answer to question %1$d must be a whole number from %2$d to %3$d.', 'userfeedback' ), $id, $range[0], $range[1] ),
				$i
			);
		}
		return $value;
	}

	/**
	 * @param mixed $value What was sent.
	 * @throws ApiException When it is not text in UTF-8.
	 */
	private static function text( $value, int $id, int $i ): string {
		if ( ! is_string( $value ) || ! mb_check_encoding( $value, 'UTF-8' ) ) {
			/* translators: %d: question id. */
			throw self::fail( sprintf( __( 'The answer to question %d must be text.', 'userfeedback' ), $id ), $i );
		}
		return $value;
	}

	/**
	 * @throws ApiException When the text is longer than $max characters.
	 */
	private static function max_length( string $text, int $max, int $id, int $i, string $what = '' ): void {
		if ( mb_strlen( $text, 'UTF-8' ) <= $max ) {
			return;
		}
		if ( '' === $what ) {
			/* translators: 1: question id, 2: maximum number of characters. */
			throw self::fail( sprintf( __( 'The answer to question %1$d must be at most %2$d characters long.', 'userfeedback' ), $id, $max ), $i );
		}
		/* translators: 1: "name" or "comment", 2: question id, 3: maximum number of characters. */
		throw self::fail( sprintf( __( 'The %1$s given with question %2$d must be at most %3$d characters long.', 'userfeedback' ), $what, $id, $max ), $i );
	}

	private static function fail( string $message, ?int $index = null ): ApiException {
		return ApiException::invalid( $message, array( null === $index ? 'answers' : "answers[$index]" => $message ) );
	}
}
