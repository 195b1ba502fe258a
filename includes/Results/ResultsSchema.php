<?php
/**
 * What the results routes answer, as JSON schema (OPTIONS and ?context=help publish it). Mirrors
 * admin-app/src/shared/types/results.ts; change both together.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Results;

use UserFeedback\Rest\Shape;
use UserFeedback\Surveys\QuestionTypes\QuestionTypes;
use UserFeedback\Surveys\SurveySchema;

defined( 'ABSPATH' ) || exit;

final class ResultsSchema {

	/**
	 * GET results-summary (ResponsesOverview).
	 *
	 * @return array<string,mixed>
	 */
	public static function overview(): array {
		return Shape::resource(
			'userfeedback-results-overview',
			array(
				'total_responses' => Shape::integer( 'Within from..to, every survey.' ),
				'data_points'     => Shape::list(
					Shape::object(
						array(
							'date'  => Shape::string( 'YYYY-MM-DD, site time.' ),
							'count' => Shape::integer(),
						)
					),
					'One point per day of the range, oldest first.'
				),
				'surveys'         => Shape::list(
					Shape::object(
						self::survey_properties() + array(
							'responses_count'       => Shape::integer( 'All time, trashed responses excluded.' ),
							'range_responses_count' => Shape::integer( 'Within from..to.' ),
							'completion_rate'       => Shape::nullable( Shape::number( 'Completed / started of the responses that started within from..to (0..1); null when none started.' ) ),
						)
					)
				),
				'pagination'      => Shape::pagination(),
			)
		);
	}

	/**
	 * GET surveys/{id}/results (SurveyResults).
	 *
	 * @return array<string,mixed>
	 */
	public static function survey_results(): array {
		$option = Shape::object(
			array(
				'value'      => Shape::string( 'The stored value.' ),
				'label'      => Shape::string( 'What to show.' ),
				'count'      => Shape::integer(),
				'image'      => Shape::nullable( Shape::string( 'image-radio: the image URL.' ) ),
				'icon'       => Shape::nullable( Shape::string( 'icon-choice: the icon name.' ) ),
				'icon_color' => Shape::nullable( Shape::string( 'icon-choice: the question\'s icon colour.' ) ),
			)
		);
		$stats  = Shape::object(
			array(
				'id'              => Shape::integer(),
				'title'           => Shape::string(),
				'type'            => Shape::enum( QuestionTypes::keys() ),
				'is_quantitative' => Shape::boolean( 'Counted by option (choice, star and nps questions).' ),
				'total_answers'   => Shape::integer( 'Answers with a value, within the range.' ),
				'skipped'         => Shape::integer( 'Answers stored as null, within the range.' ),
				'options'         => Shape::list( $option, 'Every option of the question, zero counts included; empty for text types.' ),
				'average'         => Shape::nullable( Shape::number( 'Star rating: the average; null without answers.' ) ),
				'nps'             => self::nps_overview(),
				'invalid_options' => Shape::boolean( 'Stored answers whose value is no longer an option.' ),
				'archived'        => Shape::boolean( 'Present (true) on a question removed from the survey after it had answers: its answers are kept and shown as removed.' ),
				'answers'         => Shape::object( self::answer_list(), 'Text types: the first page of answers.' ),
			)
		);
		return Shape::resource(
			'userfeedback-survey-results',
			array(
				'survey'                  => Shape::object( self::survey_properties() ),
				'responses_count'         => Shape::integer( 'All time.' ),
				'responses_count_7_days'  => Shape::integer(),
				'responses_count_30_days' => Shape::integer(),
				'impressions'             => Shape::integer( 'Within from..to.' ),
				'range_responses_count'   => Shape::integer( 'Within from..to.' ),
				'question_stats'          => Shape::list( $stats ),
				'nps_overview'            => Shape::nullable( self::nps_overview() ),
				'funnel'                  => self::funnel(),
				'partial'                 => Shape::integer( 'Partial (not completed), untrashed responses that started within from..to; counted nowhere above.' ),
			)
		);
	}

	/**
	 * The drop-off funnel of SurveyResults (Funnel), from the daily_funnel rollup.
	 *
	 * @return array<string,mixed>
	 */
	private static function funnel(): array {
		return Shape::object(
			array(
				'impressions'     => Shape::integer( 'Within from..to.' ),
				'started'         => Shape::integer( 'Responses (partial or completed, not trashed) whose first answer falls within from..to.' ),
				'completed'       => Shape::integer( 'Of those, the completed ones.' ),
				'completion_rate' => Shape::nullable( Shape::number( 'completed / started (0..1, four decimals); null when started is 0.' ) ),
				'median_seconds'  => Shape::nullable( Shape::integer( 'Median time from the first answer to completion, interpolated within the duration buckets; null without completions that have a duration.' ) ),
				'questions'       => Shape::list(
					Shape::object(
						array(
							'question_id' => Shape::integer(),
							'title'       => Shape::string(),
							'reached'     => Shape::integer( 'answered + skipped + left.' ),
							'answered'    => Shape::integer(),
							'skipped'     => Shape::integer(),
							'left'        => Shape::integer( 'Closed partial responses whose last question was this one.' ),
						)
					),
					'In the survey\'s order.'
				),
			),
			'Impressions, started, completed, and where visitors stopped.'
		);
	}

	/**
	 * GET surveys/{id}/questions/{qid}/answers and surveys/{id}/nps/comments (AnswerList).
	 *
	 * @return array<string,mixed>
	 */
	public static function answers(): array {
		return Shape::resource( 'userfeedback-answer-list', self::answer_list() );
	}

	/**
	 * @return array<string,array<string,mixed>>
	 */
	private static function answer_list(): array {
		return array(
			'items'       => Shape::list(
				Shape::object(
					array(
						'value'       => array(
							'type'        => array( 'string', 'array', 'null' ),
							'items'       => Shape::string(),
							'description' => 'The value as stored; null for skipped.',
						),
						'date'        => Shape::string( 'The response\'s submitted_at (UTC).' ),
						'extra'       => Shape::nullable(
							Shape::object(
								array(
									'comments' => Shape::string(),
									'name'     => Shape::string(),
								)
							)
						),
						'response_id' => Shape::integer(),
					)
				),
				'Newest first.'
			),
			'pagination'  => Shape::pagination(),
			'search'      => Shape::nullable(
				Shape::object(
					array(
						'terms'  => Shape::list( Shape::string(), 'The words of the search to mark in the list, longest first.' ),
						'capped' => Shape::boolean( 'Whether more answers match than the total says (the count stops at AnswerSearch::COUNT_CAP).' ),
					),
					'Null without a search.'
				)
			),
			'next_cursor' => Shape::nullable( Shape::string( 'The cursor of the last answer of this page (PageCursor): send it as cursor with a request of a later page of the same list, which is then read from just after it. Null for an empty page.' ) ),
		);
	}

	/**
	 * GET surveys/{id}/nps (NpsResults).
	 *
	 * @return array<string,mixed>
	 */
	public static function nps(): array {
		return Shape::resource(
			'userfeedback-nps-results',
			array(
				'question_id' => Shape::integer(),
				'overview'    => self::nps_overview(),
				'series'      => Shape::list(
					Shape::object(
						array(
							'date'  => Shape::string( 'YYYY-MM-DD, site time.' ),
							'score' => Shape::nullable( Shape::integer( 'NPS of the day\'s answers; null without answers.' ) ),
							'count' => Shape::integer(),
						)
					),
					'One point per day of the range.'
				),
			)
		);
	}

	/**
	 * GET surveys/{id}/trends (Trend).
	 *
	 * @return array<string,mixed>
	 */
	public static function trend(): array {
		return Shape::resource(
			'userfeedback-trend',
			array(
				'question'      => Shape::object(
					array(
						'id'      => Shape::integer(),
						'title'   => Shape::string(),
						'type'    => Shape::enum( QuestionTypes::keys() ),
						'kind'    => Shape::enum( array( 'nps', 'stars', 'choice' ), 'What a point\'s value is: the NPS score, the stars\' average, or (choice) none: see shares.' ),
						'options' => Shape::list(
							Shape::object(
								array(
									'value' => Shape::string( 'The stored value: a key of shares.' ),
									'label' => Shape::string( 'What to show.' ),
								)
							),
							'The options, in the question\'s order.'
						),
					)
				),
				'interval'      => Shape::enum( Trends::INTERVALS ),
				'from'          => Shape::string( 'First day of the range, YYYY-MM-DD, site time.' ),
				'to'            => Shape::string( 'Last day of the range, inclusive.' ),
				'start_of_week' => Shape::integer( 'The site\'s first day of the week: 0 (Sunday) to 6.' ),
				'small_sample'  => Shape::integer( 'A point with fewer answers than this is a small sample.' ),
				'points'        => Shape::list(
					Shape::object(
						array(
							'start'  => Shape::string( 'First day of the bucket (calendar day, week or month start), YYYY-MM-DD; the first bucket may start before the range.' ),
							'end'    => Shape::string( 'Last day of the range within the bucket, YYYY-MM-DD.' ),
							'label'  => Shape::string( 'The bucket, in the site\'s language.' ),
							'count'  => Shape::integer( 'Answers to the question within the bucket\'s days of the range.' ),
							'value'  => Shape::nullable( Shape::number( 'NPS score (-100 to 100) or average stars; null without answers and for choice questions.' ) ),
							'shares' => array(
								'type'                 => 'object',
								'description'          => 'Choice questions: option value => percent (0-100, one decimal) of those who answered; a checkbox\'s add up to more than 100.',
								'additionalProperties' => Shape::number(),
							),
						)
					),
					'Every bucket of the range, oldest first, empty ones with count 0.'
				),
			)
		);
	}

	/**
	 * @return array<string,mixed>
	 */
	private static function nps_overview(): array {
		return Shape::object(
			array(
				'promoters'          => Shape::integer(),
				'passives'           => Shape::integer(),
				'detractors'         => Shape::integer(),
				'total'              => Shape::integer(),
				'promoters_percent'  => Shape::number( 'Rounded to one decimal.' ),
				'passives_percent'   => Shape::number(),
				'detractors_percent' => Shape::number(),
				'score'              => Shape::nullable( Shape::integer( '-100 to 100; null when total is 0.' ) ),
			),
			'Net Promoter Score of answers 0-10.'
		);
	}

	/**
	 * @return array<string,array<string,mixed>>
	 */
	private static function survey_properties(): array {
		return array(
			'id'         => Shape::integer(),
			'title'      => Shape::string(),
			'type'       => Shape::enum( array( 'survey', 'nps' ) ),
			'status'     => Shape::enum( SurveySchema::STATUSES ),
			'created_at' => Shape::string( 'UTC, RFC 3339.' ),
		);
	}
}
