<?php
/**
 * The question ids of a survey file and what refers to them: the display logic of questions, the
 * conditions of the email notification and the thank-you page's conditional redirects (the places
 * SurveyService::renumber_references() moves too). A file's references must name a question of the
 * same survey (display logic: an earlier one), else the import is refused with the path; an import
 * gives the questions fresh ids, allocated as a save allocates them (SurveyRules::assign_ids()), and
 * moves every reference with them.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

defined( 'ABSPATH' ) || exit;

final class SurveyFileReferences {

	/**
	 * What is wrong with the question ids and the references of one survey of a file.
	 *
	 * @param array<string,mixed> $input Schema-valid survey input.
	 * @param string              $path  The survey's path in the file.
	 * @return array<int,array{path:string,message:string}>
	 */
	public static function errors( array $input, string $path ): array {
		$errors = array();
		$order  = array(); // Question id => its position.
		foreach ( array_values( (array) ( $input['questions'] ?? array() ) ) as $q => $question ) {
			$id = (int) ( $question['id'] ?? 0 );
			if ( $id <= 0 ) {
				continue;
			}
			if ( isset( $order[ $id ] ) ) {
				/* translators: %d: a question id. */
				$errors[] = SurveyFiles::error( "$path.questions[$q].id", sprintf( __( 'Question id %d is used by an earlier question of this survey; each question needs its own id.', 'userfeedback' ), $id ) );
				continue;
			}
			$order[ $id ] = $q;
		}
		foreach ( self::references( $input ) as [ $where, $id, $before ] ) {
			if ( ! isset( $order[ $id ] ) ) {
				/* translators: %d: a question id. */
				$errors[] = SurveyFiles::error( "$path.$where", sprintf( __( 'This refers to question %d, which is not a question of this survey in the file.', 'userfeedback' ), $id ) );
			} elseif ( null !== $before && $order[ $id ] >= $before ) {
				/* translators: %d: a question id. */
				$errors[] = SurveyFiles::error( "$path.$where", sprintf( __( 'Display logic may only refer to an earlier question; question %d does not come before this one.', 'userfeedback' ), $id ) );
			}
		}
		return $errors;
	}

	/**
	 * The input with fresh question ids and every reference moved to them.
	 *
	 * @param array<string,mixed> $input Judged survey input (errors() found nothing).
	 * @return array<string,mixed>
	 */
	public static function renumbered( array $input ): array {
		if ( ! isset( $input['questions'] ) ) {
			return $input;
		}
		$questions = array_values( (array) $input['questions'] );
		$fresh     = SurveyRules::assign_ids( array_map( static fn( array $q ): array => array( 'id' => 0 ) + $q, $questions ), 0 );
		$moved     = array();
		foreach ( $questions as $q => $question ) {
			$old = (int) ( $question['id'] ?? 0 );
			if ( $old > 0 ) {
				$moved[ $old ] = (int) $fresh[ $q ]['id'];
			}
			$questions[ $q ]['id'] = (int) $fresh[ $q ]['id'];
		}
		$input['questions'] = $questions;
		foreach ( self::references( $input ) as [ $where ] ) {
			$keys = explode( '.', str_replace( array( '[', ']' ), array( '.', '' ), $where ) );
			$ref  = &$input;
			foreach ( $keys as $key ) {
				$ref = &$ref[ $key ];
			}
			$ref = $moved[ (int) $ref ];
			unset( $ref );
		}
		return $input;
	}

	/**
	 * Every question id the survey refers to, with where (a path in the survey) and, for display
	 * logic, the position of the question whose logic it is.
	 *
	 * @param array<string,mixed> $input Survey input.
	 * @return array<int,array{0:string,1:int,2:int|null}>
	 */
	private static function references( array $input ): array {
		$found = array();
		foreach ( array_values( (array) ( $input['questions'] ?? array() ) ) as $q => $question ) {
			foreach ( (array) ( $question['logic']['conditions'] ?? array() ) as $c => $condition ) {
				if ( isset( $condition['question_id'] ) ) {
					$found[] = array( "questions[$q].logic.conditions[$c].question_id", (int) $condition['question_id'], $q );
				}
			}
		}
		foreach ( (array) ( $input['notifications']['email']['logic']['conditions'] ?? array() ) as $c => $condition ) {
			if ( isset( $condition['question_id'] ) ) {
				$found[] = array( "notifications.email.logic.conditions[$c].question_id", (int) $condition['question_id'], null );
			}
		}
		foreach ( (array) ( $input['settings']['thank_you']['conditions'] ?? array() ) as $c => $row ) {
			if ( isset( $row['question'] ) ) {
				$found[] = array( "settings.thank_you.conditions[$c].question", (int) $row['question'], null );
			}
		}
		return $found;
	}
}
