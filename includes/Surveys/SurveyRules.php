<?php
/**
 * The survey rules that the schema cannot say: what a survey needs before it may be published
 * (spec 1, section 5), question ids, and logic that may only look back at earlier questions.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

use UserFeedback\Responses\HiddenFields;
use UserFeedback\Surveys\QuestionTypes\QuestionTypes;

defined( 'ABSPATH' ) || exit;

final class SurveyRules {

	public static function publish_blocked_message(): string {
		return __( "The Survey can't be published: Some questions are missing options.", 'userfeedback' );
	}

	/**
	 * What keeps a question from being published; empty when it may be. The option limits are the
	 * type's (QuestionTypes); the builder applies the same rules before it lets the author continue
	 * (tests/fixtures/contract/publish-validation.json).
	 *
	 * @param array<string,mixed> $question Complete question.
	 * @return string[]
	 */
	public static function question_errors( array $question ): array {
		$errors = array();
		if ( '' === trim( (string) $question['title'] ) ) {
			$errors[] = __( 'Title is required.', 'userfeedback' );
		}
		$limits = QuestionTypes::get( $question['type'] ?? null )?->options();
		if ( null !== $limits ) {
			$options = (array) ( $question['config']['options'] ?? array() );
			$labels  = array_map( array( SurveyShape::class, 'label' ), $options );
			if ( ! $options || in_array( '', $labels, true ) ) {
				$errors[] = __( 'Options are required.', 'userfeedback' );
			} elseif ( count( $options ) < $limits['min'] ) {
				/* translators: %d: the fewest options this question type takes. */
				$errors[] = sprintf( _n( 'At least %d option is required.', 'At least %d options are required.', $limits['min'], 'userfeedback' ), $limits['min'] );
			} elseif ( count( $options ) > $limits['max'] ) {
				/* translators: %d: the most options a question of this type takes. */
				$errors[] = sprintf( __( 'A question takes at most %d options.', 'userfeedback' ), $limits['max'] );
			}
		}
		return $errors;
	}

	/**
	 * Everything that keeps a survey from being published, keyed by where it is: 'questions',
	 * 'questions.{index}' or 'thank_you'. Empty when it may be published.
	 *
	 * @param array<string,mixed> $survey Complete survey.
	 * @return array<string,string[]>
	 */
	public static function publish_errors( array $survey ): array {
		$errors = array();
		if ( ! $survey['questions'] ) {
			$errors['questions'] = array( __( 'Add at least one question.', 'userfeedback' ) );
		}
		foreach ( array_values( $survey['questions'] ) as $index => $question ) {
			$messages = self::question_errors( $question );
			if ( $messages ) {
				$errors[ "questions.$index" ] = $messages;
			}
		}
		$thank_you = $survey['settings']['thank_you'];
		if ( 'message' === $thank_you['type'] && '' === trim( (string) $thank_you['message'] ) ) {
			$errors['thank_you'] = array( __( 'A thank-you message is required.', 'userfeedback' ) );
		}
		if ( 'redirect' === $thank_you['type'] && empty( $thank_you['redirect_to']['id'] ) && '' === $thank_you['redirect_url'] ) {
			$errors['thank_you'] = array( __( 'Choose a page or a URL to redirect to.', 'userfeedback' ) );
		}
		return $errors;
	}

	/**
	 * Gives questions without an id (0) a new one above $floor and above every id in use, so that an id
	 * is never reused while answers may refer to it. Ids that were sent are kept.
	 *
	 * @param array<int,array<string,mixed>> $questions Complete questions.
	 * @param int                            $floor     Highest id this survey has used (stored questions, answers).
	 * @return array<int,array<string,mixed>>
	 */
	public static function assign_ids( array $questions, int $floor ): array {
		$next = max( $floor, 0, ...array_map( static fn( array $q ): int => (int) $q['id'], $questions ) );
		foreach ( $questions as &$question ) {
			if ( (int) $question['id'] <= 0 ) {
				$question['id'] = ++$next;
			}
		}
		unset( $question );
		return $questions;
	}

	/**
	 * Ids that appear more than once.
	 *
	 * @param array<int,array<string,mixed>> $questions Questions.
	 * @return int[]
	 */
	public static function duplicate_ids( array $questions ): array {
		$ids = array_filter( array_map( static fn( array $q ): int => (int) ( $q['id'] ?? 0 ), $questions ) );
		return array_values( array_unique( array_diff_assoc( $ids, array_unique( $ids ) ) ) );
	}

	/**
	 * Drops conditions that refer to questions they may not: display logic looks only at earlier
	 * questions; email logic and conditional redirects at questions of the survey. Logic whose last
	 * condition was dropped here is switched off (spec 1, section 4). A comparator the subject's type
	 * does not offer is not cleaned but refused (comparator_errors()).
	 *
	 * @param array<string,mixed> $survey Complete survey.
	 * @return array<string,mixed>
	 */
	public static function clean_references( array $survey ): array {
		$types = array();
		foreach ( $survey['questions'] as &$question ) {
			$question['logic']              = self::clean_logic( $question['logic'], 'enabled', $types );
			$types[ (int) $question['id'] ] = (string) $question['type'];
		}
		unset( $question );

		$email_logic = &$survey['notifications']['email']['logic'];
		$email_logic = self::clean_logic( $email_logic, 'enable', $types );
		unset( $email_logic );

		$thank_you               = &$survey['settings']['thank_you'];
		$thank_you['conditions'] = array_values(
			array_filter(
				$thank_you['conditions'],
				static fn( array $row ): bool => null === $row['question'] || isset( $types[ $row['question'] ] )
			)
		);
		unset( $thank_you );
		return $survey;
	}

	/**
	 * Conditions whose comparator their subject question's type does not offer (QuestionTypes), keyed
	 * by the field: a condition on a type without comparators, or a comparator of another type, is
	 * refused with a message rather than stored (the widget and the email would read it as never
	 * holding). Rows without a question or a comparator yet are left alone. Conditions on hidden
	 * fields are checked by field_errors(), whose errors come with these.
	 *
	 * @param array<string,mixed> $survey Complete survey, after clean_references().
	 * @return array<string,string> Field => message.
	 */
	public static function comparator_errors( array $survey ): array {
		$types = array();
		foreach ( $survey['questions'] as $question ) {
			$types[ (int) $question['id'] ] = (string) $question['type'];
		}
		$errors = array();
		$check  = static function ( string $field, $subject, $compare ) use ( $types, &$errors ): void {
			if ( null === $subject || '' === (string) $compare || ! isset( $types[ (int) $subject ] ) ) {
				return;
			}
			$type    = QuestionTypes::get( $types[ (int) $subject ] );
			$offered = $type ? $type->comparators() : array();
			if ( in_array( (string) $compare, $offered, true ) ) {
				return;
			}
			$errors[ $field ] = $offered
				? sprintf(
					/* translators: 1: field name, 2: comparator key, 3: question type, 4: the comparators that type offers, comma-separated. */
					__( '%1$s: "%2$s" is not a comparator for a %3$s question; use one of %4$s.', 'userfeedback' ),
					$field,
					(string) $compare,
					$type ? $type->label() : $types[ (int) $subject ],
					implode( ', ', $offered )
				)
				: sprintf(
					/* translators: 1: field name, 2: question type. */
					__( '%1$s: a condition cannot be about a %2$s question.', 'userfeedback' ),
					$field,
					$type ? $type->label() : $types[ (int) $subject ]
				);
		};
		foreach ( array_values( $survey['questions'] ) as $q => $question ) {
			foreach ( array_values( $question['logic']['conditions'] ) as $c => $condition ) {
				$check( "questions[$q][logic][conditions][$c][compare]", $condition['question_id'], $condition['compare'] );
			}
		}
		foreach ( array_values( $survey['notifications']['email']['logic']['conditions'] ) as $c => $condition ) {
			$check( "notifications[email][logic][conditions][$c][compare]", $condition['question_id'], $condition['compare'] );
		}
		foreach ( array_values( $survey['settings']['thank_you']['conditions'] ) as $c => $row ) {
			$check( "settings[thank_you][conditions][$c][condition_type]", $row['question'], $row['condition_type'] );
		}
		return array_merge( $errors, self::field_errors( $survey ) );
	}

	/**
	 * A timing that cannot start the survey, keyed by the field to fill: 'event' without an event
	 * name, 'click' without a CSS selector (the schema lets both be empty: they are, with the other
	 * timings). Checked on the survey as saved, after feature stripping (a site without the behavior
	 * feature starts every survey at once, whatever was sent).
	 *
	 * @param array<string,mixed> $survey Complete survey.
	 * @return array<string,string> Field => message.
	 */
	public static function behavior_errors( array $survey ): array {
		$behavior = (array) ( $survey['settings']['behavior'] ?? array() );
		$timing   = $behavior['timing'] ?? '';
		if ( 'event' === $timing && '' === trim( (string) ( $behavior['event_name'] ?? '' ) ) ) {
			return array( 'settings[behavior][event_name]' => __( 'Enter the name of the event that starts the survey.', 'userfeedback' ) );
		}
		if ( 'click' === $timing && '' === trim( (string) ( $behavior['click_selector'] ?? '' ) ) ) {
			return array( 'settings[behavior][click_selector]' => __( 'Enter the CSS selector of the elements whose click starts the survey.', 'userfeedback' ) );
		}
		return array();
	}

	/**
	 * Conditions on hidden fields that cannot stand, keyed by the field: a name the survey's
	 * settings.hidden_fields does not list (removed, or never added), a condition naming both a question
	 * and a field, and a comparator a field does not offer (SchemaParts::FIELD_COMPARATORS). Refused
	 * rather than dropped, so the author sees which condition to fix (the builder marks the same rows).
	 *
	 * @param array<string,mixed> $survey Complete survey.
	 * @return array<string,string> Field => message.
	 */
	public static function field_errors( array $survey ): array {
		$names  = array_fill_keys( HiddenFields::names( $survey ), true );
		$errors = array();
		$check  = static function ( string $at, array $condition ) use ( $names, &$errors ): void {
			$field = $condition['field'] ?? null;
			if ( ! is_string( $field ) || '' === $field ) {
				return;
			}
			if ( null !== ( $condition['question_id'] ?? null ) ) {
				$errors[ "{$at}[field]" ] = sprintf(
					/* translators: %s: field name of the condition in the request. */
					__( '%s: a condition is about a question or a hidden field, not both.', 'userfeedback' ),
					"{$at}[field]"
				);
				return;
			}
			if ( ! isset( $names[ $field ] ) ) {
				$errors[ "{$at}[field]" ] = sprintf(
					/* translators: 1: field name of the condition in the request, 2: the hidden field's name. */
					__( '%1$s: "%2$s" is not a hidden field of this survey; add it under Hidden fields or choose another subject.', 'userfeedback' ),
					"{$at}[field]",
					$field
				);
				return;
			}
			$compare = (string) ( $condition['compare'] ?? '' );
			if ( '' !== $compare && ! in_array( $compare, SchemaParts::FIELD_COMPARATORS, true ) ) {
				$errors[ "{$at}[compare]" ] = sprintf(
					/* translators: 1: field name of the condition in the request, 2: comparator key, 3: the comparators a hidden field offers, comma-separated. */
					__( '%1$s: "%2$s" is not a comparator for a hidden field; use one of %3$s.', 'userfeedback' ),
					"{$at}[compare]",
					$compare,
					implode( ', ', SchemaParts::FIELD_COMPARATORS )
				);
			}
		};
		foreach ( array_values( $survey['questions'] ) as $q => $question ) {
			foreach ( array_values( $question['logic']['conditions'] ) as $c => $condition ) {
				$check( "questions[$q][logic][conditions][$c]", $condition );
			}
		}
		foreach ( array_values( $survey['notifications']['email']['logic']['conditions'] ) as $c => $condition ) {
			$check( "notifications[email][logic][conditions][$c]", $condition );
		}
		return $errors;
	}

	/**
	 * Drops every condition on a hidden field from display and email logic; logic left without
	 * conditions is switched off, as clean_references() does. For a save that loses the survey's hidden
	 * fields with the hidden_fields feature (FeaturePolicy), whose conditions could no longer hold.
	 *
	 * @param array<string,mixed> $survey Complete survey, changed in place.
	 * @return bool Whether a condition was dropped.
	 */
	public static function drop_field_conditions( array &$survey ): bool {
		$on_question = static fn( $condition ): bool => ! is_string( $condition['field'] ?? null ) || '' === $condition['field'];
		$drop        = static function ( array &$logic, string $flag ) use ( $on_question ): bool {
			$kept = array_values( array_filter( (array) ( $logic['conditions'] ?? array() ), $on_question ) );
			if ( count( $kept ) === count( (array) ( $logic['conditions'] ?? array() ) ) ) {
				return false;
			}
			$logic[ $flag ]      = $kept ? $logic[ $flag ] : false;
			$logic['conditions'] = $kept;
			return true;
		};
		$changed     = false;
		foreach ( $survey['questions'] as &$question ) {
			if ( is_array( $question['logic'] ?? null ) ) {
				$changed = $drop( $question['logic'], 'enabled' ) || $changed;
			}
		}
		unset( $question );
		if ( is_array( $survey['notifications']['email']['logic'] ?? null ) ) {
			$changed = $drop( $survey['notifications']['email']['logic'], 'enable' ) || $changed;
		}
		return $changed;
	}

	/**
	 * @param array<string,mixed> $logic    Logic with conditions of {question_id, compare, value}.
	 * @param string              $flag     Name of its on/off key (enabled or enable).
	 * @param array<int,string>   $subjects Question ids of the questions it may refer to (=> type).
	 * @return array<string,mixed>
	 */
	private static function clean_logic( array $logic, string $flag, array $subjects ): array {
		$kept = array();
		foreach ( $logic['conditions'] as $condition ) {
			$subject = $condition['question_id'];
			if ( null === $subject ) {
				$kept[] = $condition; // A row whose question is not chosen yet.
				continue;
			}
			if ( ! isset( $subjects[ $subject ] ) ) {
				continue;
			}
			$kept[] = $condition;
		}
		if ( count( $kept ) < count( $logic['conditions'] ) && ! $kept ) {
			$logic[ $flag ] = false;
		}
		$logic['conditions'] = $kept;
		return $logic;
	}
}
