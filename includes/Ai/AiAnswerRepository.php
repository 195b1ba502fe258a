<?php
/**
 * SQL of the AI summary: the newest free-text answers and comments of a survey.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Ai;

use UserFeedback\Database\Schema;

defined( 'ABSPATH' ) || exit;
// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- answers: one bounded range of an index per question when an admin asks for an AI summary; the summary made from it is what is stored (SummaryStore, an option per survey), so the rows themselves are not cached.

final class AiAnswerRepository {

	/**
	 * The newest answers of one question that carry text worth reading: with $with_values, every answer
	 * with a value (text and long-text questions); always the answers with a comment. Trashed responses
	 * are left out. One range scan of the (survey_id, question_id, status, submitted_at) index, newest
	 * first, stopped after $limit rows: the cost does not grow with the number of responses.
	 *
	 * @return array<int,array{id:int,value:string|null,extra:string|null,submitted_at:string}>
	 */
	public function newest( int $survey_id, int $question_id, bool $with_values, int $limit ): array {
		global $wpdb;
		$text_filter = $with_values
			? "( ( value IS NOT NULL AND value <> '' ) OR extra LIKE %s )"
			: 'extra LIKE %s';
		$rows        = $wpdb->get_results(
			$wpdb->prepare( // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- the %s of the LIKE sits in $text_filter, which the sniff cannot count: 5 placeholders, 5 values.
				// phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $text_filter is one of two literals above.
				"SELECT id, value, extra, submitted_at FROM %i WHERE survey_id = %d AND question_id = %d AND status = 'publish' AND $text_filter ORDER BY submitted_at DESC, id DESC LIMIT %d",
				Schema::table( 'answers' ),
				$survey_id,
				$question_id,
				'%' . $wpdb->esc_like( '"comments"' ) . '%',
				$limit
			),
			ARRAY_A
		);
		return array_map(
			static fn( array $row ): array => array(
				'id'           => (int) $row['id'],
				'value'        => null === $row['value'] ? null : (string) $row['value'],
				'extra'        => null === $row['extra'] ? null : (string) $row['extra'],
				'submitted_at' => (string) $row['submitted_at'],
			),
			is_array( $rows ) ? $rows : array()
		);
	}
}
