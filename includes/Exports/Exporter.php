<?php
/**
 * Writes an export's rows to a SheetWriter, a chunk at a time.
 *
 * "general": one row per published response: id, submitted, status, page, ip, browser, os, device,
 * then one column per question, with the comments (questions with a comment box) and the name (email
 * questions that ask for one) in columns of their own, then one column per hidden field of the survey,
 * headed by its name.
 * "question": one row per answer of that question (skipped ones left out): response id, submitted,
 * the answer, and comments / name when the question has them.
 *
 * Dates are written in the site's time zone.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Exports;

use UserFeedback\Database\AnswerRepository;
use UserFeedback\Responses\AdminResponseService;
use UserFeedback\Responses\HiddenFields;
use UserFeedback\Responses\ResponseFormatter;
use UserFeedback\Surveys\QuestionArchive;
use UserFeedback\Surveys\QuestionTypes\QuestionTypes;

defined( 'ABSPATH' ) || exit;

final class Exporter {

	private \DateTimeZone $utc;

	private \DateTimeZone $zone;

	public function __construct(
		private readonly ExportRepository $repository,
		private readonly AnswerRepository $answers = new AnswerRepository(),
	) {}

	/**
	 * @param resource      $out      The stream the file goes to.
	 * @param callable|null $on_chunk Called after each chunk (the download flushes the output there).
	 * @return int Data rows written.
	 */
	public function run( ExportRequest $request, SheetWriter $writer, $out, ?callable $on_chunk = null ): int {
		$this->utc  = new \DateTimeZone( 'UTC' );
		$this->zone = wp_timezone();
		$writer->begin( $out );
		try {
			$rows = 'question' === $request->report
				? $this->question_report( $request, $writer, $on_chunk )
				: $this->general_report( $request, $writer, $on_chunk );
		} finally {
			$writer->finish();
		}
		return $rows;
	}

	private function general_report( ExportRequest $request, SheetWriter $writer, ?callable $on_chunk ): int {
		$questions = array_values( array_filter( (array) $request->survey['questions'], static fn( $q ): bool => is_array( $q ) && isset( $q['id'] ) ) );
		$types     = AdminResponseService::types( $request->survey );
		$header    = array(
			__( 'Response ID', 'userfeedback' ),
			__( 'Submitted', 'userfeedback' ),
			__( 'Started', 'userfeedback' ),
			__( 'Completed', 'userfeedback' ),
			__( 'Status', 'userfeedback' ),
			__( 'Page', 'userfeedback' ),
			__( 'IP', 'userfeedback' ),
			__( 'Browser', 'userfeedback' ),
			__( 'OS', 'userfeedback' ),
			__( 'Device', 'userfeedback' ),
		);
		foreach ( $questions as $question ) {
			$title    = QuestionArchive::title( $question );
			$header[] = $title;
			if ( self::has_comments( $question ) ) {
				/* translators: %s: question title. */
				$header[] = sprintf( __( '%s (Comments)', 'userfeedback' ), $title );
			}
			if ( self::has_name( $question ) ) {
				/* translators: %s: question title. */
				$header[] = sprintf( __( '%s (Name)', 'userfeedback' ), $title );
			}
		}
		// Hidden fields after the answers, one column each, headed by the field's name.
		$fields = HiddenFields::names( $request->survey );
		array_push( $header, ...$fields );
		$writer->row( $header );

		$count = 0;
		foreach ( $this->repository->responses( (int) $request->survey['id'], $request->from_utc, $request->to_utc, ExportRepository::CHUNK, $request->status, $request->filter ) as $chunk ) {
			$ids     = array_map( static fn( array $row ): int => (int) $row['id'], $chunk );
			$answers = $this->answers->for_responses( $ids );
			// One query per chunk, never one per row.
			$values = $fields ? HiddenFields::for_responses( $ids ) : array();
			foreach ( $chunk as $row ) {
				$by_question = array();
				foreach ( ResponseFormatter::answers( $answers[ (int) $row['id'] ] ?? array(), $types ) as $answer ) {
					$by_question[ $answer['question_id'] ] = $answer;
				}
				$url   = ResponseFormatter::http_url( (string) $row['page_url'] );
				$cells = array(
					(int) $row['id'],
					$this->local_time( (string) $row['submitted_at'] ),
					null === $row['started_at'] ? '' : $this->local_time( (string) $row['started_at'] ),
					null === $row['completed_at'] ? __( 'No', 'userfeedback' ) : __( 'Yes', 'userfeedback' ),
					self::status_label( (string) $row['status'] ),
					'' !== $url ? $url : (string) $row['page_title'],
					(string) $row['ip'],
					(string) $row['browser'],
					(string) $row['os'],
					(string) $row['device'],
				);
				foreach ( $questions as $question ) {
					$answer  = $by_question[ (int) $question['id'] ] ?? null;
					$cells[] = self::text( $question, $answer['value'] ?? null );
					if ( self::has_comments( $question ) ) {
						$cells[] = (string) ( $answer['extra']['comments'] ?? '' );
					}
					if ( self::has_name( $question ) ) {
						$cells[] = (string) ( $answer['extra']['name'] ?? '' );
					}
				}
				foreach ( $fields as $name ) {
					$cells[] = (string) ( $values[ (int) $row['id'] ][ $name ] ?? '' );
				}
				$writer->row( $cells );
				++$count;
			}
			unset( $answers, $values, $chunk );
			if ( $on_chunk ) {
				$on_chunk();
			}
		}
		return $count;
	}

	private function question_report( ExportRequest $request, SheetWriter $writer, ?callable $on_chunk ): int {
		$question = (array) $request->question;
		$type     = (string) ( $question['type'] ?? '' );
		$comments = self::has_comments( $question );
		$name     = self::has_name( $question );
		$header   = array( __( 'Response ID', 'userfeedback' ), __( 'Submitted', 'userfeedback' ), isset( $question['title'] ) ? QuestionArchive::title( $question ) : __( 'Answer', 'userfeedback' ) );
		if ( $comments ) {
			$header[] = __( 'Comments', 'userfeedback' );
		}
		if ( $name ) {
			$header[] = __( 'Name', 'userfeedback' );
		}
		$writer->row( $header );

		$count = 0;
		foreach ( $this->repository->answers_of_question( (int) $request->survey['id'], (int) $question['id'], $request->from_utc, $request->to_utc, ExportRepository::CHUNK, $request->status, $request->filter ) as $chunk ) {
			foreach ( $chunk as $row ) {
				$extra = ResponseFormatter::extra( null === $row['extra'] ? null : (string) $row['extra'] );
				$cells = array(
					(int) $row['response_id'],
					$this->local_time( (string) $row['submitted_at'] ),
					self::text( $question, ResponseFormatter::value( null === $row['value'] ? null : (string) $row['value'], $type ) ),
				);
				if ( $comments ) {
					$cells[] = (string) ( $extra['comments'] ?? '' );
				}
				if ( $name ) {
					$cells[] = (string) ( $extra['name'] ?? '' );
				}
				$writer->row( $cells );
				++$count;
			}
			if ( $on_chunk ) {
				$on_chunk();
			}
		}
		return $count;
	}

	private static function status_label( string $status ): string {
		switch ( $status ) {
			case 'trash':
				return __( 'Trash', 'userfeedback' );
			case 'partial':
				return __( 'Partial', 'userfeedback' );
			default:
				return __( 'Published', 'userfeedback' );
		}
	}

	/**
	 * @param array<string,mixed> $question A question.
	 */
	private static function has_comments( array $question ): bool {
		return ! empty( $question['settings']['comment_box'] );
	}

	/**
	 * @param array<string,mixed> $question A question.
	 */
	private static function has_name( array $question ): bool {
		return (bool) QuestionTypes::get( $question['type'] ?? null )?->takes_name( $question );
	}

	/**
	 * An answer's cell, as its type writes it (QuestionType::answer_text(): picks joined by commas).
	 *
	 * @param array<string,mixed>  $question The question.
	 * @param string|string[]|null $value    An answer's value.
	 */
	private static function text( array $question, $value ): string {
		return QuestionTypes::answer_text( $question['type'] ?? null, $value );
	}

	/**
	 * A stored UTC datetime in the site's time zone (one DateTime per row: wp_date() would also
	 * look for names to translate, which this format has none of).
	 */
	private function local_time( string $utc ): string {
		try {
			return ( new \DateTimeImmutable( $utc, $this->utc ) )->setTimezone( $this->zone )->format( 'Y-m-d H:i:s' );
		} catch ( \Exception $e ) {
			return '';
		}
	}
}
