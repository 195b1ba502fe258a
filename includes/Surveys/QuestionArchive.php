<?php
/**
 * Archived questions: a question that a save removed or retyped while it had answers stays in the
 * survey's stored questions with "archived": true, so that its answers keep a title in results,
 * responses and exports. Only the server sets the flag (SurveyService on update). Everything that
 * shows a survey to visitors, counts against limits, checks features or evaluates logic reads
 * live() questions; results, responses and exports read them all and mark archived ones as removed.
 *
 * Retyping: answers are keyed by question id, and an answer of the old type does not fit the new
 * one. So the question as it was keeps its id and is archived, and the retyped question is saved as
 * a new question with a fresh id (it starts with no answers).
 *
 * A leaf: it reads no other class of the plugin.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

defined( 'ABSPATH' ) || exit;

final class QuestionArchive {

	/**
	 * The questions a visitor, the builder, the limits and the logic work with: those not archived,
	 * in their order, re-indexed.
	 *
	 * @param array<int,mixed> $questions A survey's stored questions.
	 * @return array<int,array<string,mixed>>
	 */
	public static function live( array $questions ): array {
		return array_values(
			array_filter(
				$questions,
				static fn( $question ): bool => is_array( $question ) && ! self::is_archived( $question )
			)
		);
	}

	/**
	 * The archived questions of a survey, in their stored order.
	 *
	 * @param array<int,mixed> $questions A survey's stored questions.
	 * @return array<int,array<string,mixed>>
	 */
	public static function archived( array $questions ): array {
		return array_values(
			array_filter(
				$questions,
				static fn( $question ): bool => is_array( $question ) && self::is_archived( $question )
			)
		);
	}

	/**
	 * @param array<string,mixed> $question One stored question.
	 */
	public static function is_archived( array $question ): bool {
		return true === ( $question['archived'] ?? false );
	}

	/**
	 * A question's title where its answers are listed in words (exports, emails): an archived
	 * question's title says that it was removed from the survey.
	 *
	 * @param array<string,mixed> $question One stored question.
	 */
	public static function title( array $question ): string {
		$title = (string) ( $question['title'] ?? '' );
		if ( ! self::is_archived( $question ) ) {
			return $title;
		}
		/* translators: %s: title of a question that was removed from its survey after it had answers. */
		return sprintf( __( '%s (removed)', 'userfeedback' ), $title );
	}
}
