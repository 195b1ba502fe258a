<?php
/**
 * What the email about a new response says: its subject, and its content for EmailTemplate (each
 * question's title and answer, the page it was given on, a link to it in wp-admin). Plain data in,
 * plain data out; escaping is the template's.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Notifications\Email;

use UserFeedback\Responses\ResponseFormatter;
use UserFeedback\Surveys\QuestionTypes\QuestionTypes;

defined( 'ABSPATH' ) || exit;

final class ResponseEmail {

	/**
	 * @param array<string,mixed> $survey The survey.
	 */
	public static function subject( array $survey ): string {
		/* translators: 1: site name, 2: survey title. */
		return sprintf( __( '[%1$s] New response to %2$s', 'userfeedback' ), EmailTemplate::site_name(), self::title( $survey ) );
	}

	/**
	 * @param array<string,mixed>                                                                 $survey  The survey (SurveyRepository::find()).
	 * @param array<string,mixed>                                                                 $row     The response's row.
	 * @param array<int,array{question_id:int,value:string|string[]|null,extra:array<string,string>|null}> $answers Its answers (ResponseFormatter::answers()).
	 * @return array<string,mixed> For EmailTemplate::render().
	 */
	public static function content( array $survey, array $row, array $answers ): array {
		$by_question = array();
		foreach ( $answers as $answer ) {
			$by_question[ $answer['question_id'] ] = $answer;
		}
		$rows = array();
		foreach ( (array) ( $survey['questions'] ?? array() ) as $question ) {
			$id = is_array( $question ) ? (int) ( $question['id'] ?? 0 ) : 0;
			if ( isset( $by_question[ $id ] ) ) {
				$rows[] = self::answer_row( (string) ( $question['title'] ?? '' ), $question['type'] ?? null, $by_question[ $id ] );
				unset( $by_question[ $id ] );
			}
		}
		// Answers to questions the survey no longer has.
		foreach ( $by_question as $id => $answer ) {
			/* translators: %d: question id. */
			$rows[] = self::answer_row( sprintf( __( 'Question %d', 'userfeedback' ), $id ), null, $answer );
		}

		$details = array();
		$url     = ResponseFormatter::http_url( (string) $row['page_url'] );
		$title   = (string) $row['page_title'];
		if ( '' !== $url || '' !== $title ) {
			$details[] = array(
				'label' => __( 'Page submitted', 'userfeedback' ),
				'link'  => array(
					'text' => '' !== $title ? $title : $url,
					'url'  => $url,
				),
			);
		}
		$time = strtotime( (string) $row['submitted_at'] . ' UTC' );
		if ( false !== $time ) {
			$details[] = array(
				'label' => __( 'Submitted', 'userfeedback' ),
				'lines' => array( (string) wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $time ) ),
			);
		}

		return array(
			/* translators: %s: survey title. */
			'title'    => sprintf( __( 'New response to %s', 'userfeedback' ), self::title( $survey ) ),
			/* translators: %d: response id. */
			'intro'    => sprintf( __( 'Response #%d has just been submitted.', 'userfeedback' ), (int) $row['id'] ),
			'sections' => array(
				array(
					'heading' => __( 'Answers', 'userfeedback' ),
					'rows'    => $rows,
				),
				array(
					'heading' => __( 'Details', 'userfeedback' ),
					'rows'    => $details,
				),
			),
			'links'    => array(
				array(
					'text' => __( 'View the response', 'userfeedback' ),
					'url'  => self::admin_url( (int) $row['survey_id'], (int) $row['id'] ),
				),
			),
		);
	}

	/**
	 * The single response screen of the results app (admin-app/src/results/routes.tsx).
	 */
	public static function admin_url( int $survey_id, int $response_id ): string {
		return admin_url( sprintf( 'admin.php?page=userfeedback_results#/survey/%d/responses/%d', $survey_id, $response_id ) );
	}

	/**
	 * @param mixed                                                             $type   The question's type (null when the question is gone).
	 * @param array{value:string|string[]|null,extra:array<string,string>|null} $answer The answer.
	 * @return array{label:string,lines:string[]}
	 */
	private static function answer_row( string $title, $type, array $answer ): array {
		$value = $answer['value'];
		$lines = array();
		if ( null === $value || array() === $value ) {
			$lines[] = __( 'Skipped', 'userfeedback' );
		} else {
			$lines[] = QuestionTypes::answer_text( $type, $value );
		}
		$extra = (array) ( $answer['extra'] ?? array() );
		if ( isset( $extra['name'] ) ) {
			/* translators: %s: the name the visitor gave with their email address. */
			$lines[] = sprintf( __( 'Name: %s', 'userfeedback' ), $extra['name'] );
		}
		if ( isset( $extra['comments'] ) ) {
			/* translators: %s: the visitor's comment. */
			$lines[] = sprintf( __( 'Comments: %s', 'userfeedback' ), $extra['comments'] );
		}
		return array(
			'label' => '' !== trim( $title ) ? $title : __( '(untitled question)', 'userfeedback' ),
			'lines' => $lines,
		);
	}

	/**
	 * @param array<string,mixed> $survey The survey.
	 */
	private static function title( array $survey ): string {
		$title = trim( (string) ( $survey['title'] ?? '' ) );
		return '' !== $title ? $title : __( '(untitled survey)', 'userfeedback' );
	}
}
