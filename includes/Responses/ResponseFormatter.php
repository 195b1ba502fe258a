<?php
/**
 * Stored responses and answers as the admin reads them (ResponseItem and ResponseAnswer of
 * admin-app/src/shared/types/results.ts), and as exports write them.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Responses;

use UserFeedback\Notifications\Email\EmailLogic;
use UserFeedback\Surveys\QuestionArchive;
use UserFeedback\Surveys\QuestionTypes\QuestionTypes;

defined( 'ABSPATH' ) || exit;

final class ResponseFormatter {

	/**
	 * The survey as the responses screens use it.
	 *
	 * @param array<string,mixed> $survey A survey from SurveyRepository::find().
	 * @return array{id:int,title:string,type:string,questions:array<int,array{id:int,title:string,type:string}>,hidden_fields:string[]}
	 */
	public static function survey( array $survey ): array {
		$questions = array();
		foreach ( (array) ( $survey['questions'] ?? array() ) as $question ) {
			if ( ! is_array( $question ) || ! isset( $question['id'] ) ) {
				continue;
			}
			$entry = array(
				'id'    => (int) $question['id'],
				'title' => (string) ( $question['title'] ?? '' ),
				'type'  => (string) ( $question['type'] ?? 'text' ),
			);
			if ( QuestionArchive::is_archived( $question ) ) {
				$entry['archived'] = true; // Removed from the survey after it had answers: shown as removed.
			}
			$questions[] = $entry;
		}
		return array(
			'id'            => (int) $survey['id'],
			'title'         => (string) ( $survey['title'] ?? '' ),
			'type'          => 'nps' === ( $survey['type'] ?? '' ) ? 'nps' : 'survey',
			'questions'     => $questions,
			// The names of its hidden fields: one column each in the responses table.
			'hidden_fields' => HiddenFields::names( $survey ),
		);
	}

	/**
	 * @param array<string,mixed>                                                           $row     A responses row.
	 * @param array<int,array{question_id:int,value:string|null,extra:string|null}> $answers Its answer rows.
	 * @param array<int,string>                                                             $types   Question id => type.
	 * @param array<int,array<string,mixed>>                                                $questions The survey's questions (for not_shown).
	 * @param array<string,string>                                                          $fields    The response's hidden fields, name => value (for not_shown).
	 * @return array<string,mixed>
	 */
	public static function item( array $row, array $answers, array $types, array $questions = array(), array $fields = array() ): array {
		$status  = in_array( $row['status'], array( 'trash', 'partial' ), true ) ? (string) $row['status'] : 'publish';
		$answers = self::answers( $answers, $types );
		return array(
			'id'             => (int) $row['id'],
			'status'         => $status,
			'submitted_at'   => self::moment( (string) $row['submitted_at'] ),
			// A trashed response keeps whether it was completed (restore brings it back to that list).
			'complete'       => 'publish' === $status || null !== ( $row['completed_at'] ?? null ),
			'started_at'     => self::nullable_moment( $row['started_at'] ?? null ),
			'completed_at'   => self::nullable_moment( $row['completed_at'] ?? null ),
			'last_question'  => (int) ( $row['last_question'] ?? 0 ),
			'page_submitted' => array(
				'name' => (string) $row['page_title'],
				'url'  => self::http_url( (string) $row['page_url'] ),
			),
			'user_ip'        => (string) $row['ip'],
			'user_browser'   => (string) $row['browser'],
			'user_os'        => (string) $row['os'],
			'user_device'    => (string) $row['device'],
			'answers'        => $answers,
			'not_shown'      => self::not_shown( $questions, $answers, $fields ),
			'fields'         => HiddenFields::as_object( $fields ),
		);
	}

	/**
	 * The questions the survey's display logic hid from this visitor: unanswered live questions whose
	 * logic, read against the response's answers, does not show them. The widget decides the same way
	 * (widget/src/ui/logic.ts isShown(): every condition must hold; action show shows the question
	 * only then, hide hides it only then), with the conditions both sides share (EmailLogic::holds(),
	 * tests/fixtures/contract/logic-comparators.json); a condition on a hidden field reads the value the
	 * response stored for it. Display logic looks only at earlier questions and at hidden fields,
	 * so the final answers decide as the answers so far did while the visitor went through.
	 *
	 * @param array<int,array<string,mixed>>                                      $questions The survey's questions.
	 * @param array<int,array{question_id:int,value:string|string[]|null,extra:mixed}> $answers   self::answers().
	 * @param array<string,string>                                                 $fields    The response's hidden fields (name => value), which conditions on a field read.
	 * @return int[] Question ids, in the survey's order.
	 */
	public static function not_shown( array $questions, array $answers, array $fields = array() ): array {
		$values   = array();
		$answered = array();
		foreach ( $answers as $answer ) {
			$values[ (int) $answer['question_id'] ] = $answer['value'];
			if ( null !== $answer['value'] && array() !== $answer['value'] && '' !== $answer['value'] ) {
				$answered[ (int) $answer['question_id'] ] = true;
			}
		}
		$hidden = array();
		foreach ( QuestionArchive::live( $questions ) as $question ) {
			$id    = (int) ( $question['id'] ?? 0 );
			$logic = is_array( $question['logic'] ?? null ) ? $question['logic'] : array();
			$rules = is_array( $logic['conditions'] ?? null ) ? array_filter( $logic['conditions'], 'is_array' ) : array();
			if ( isset( $answered[ $id ] ) || empty( $logic['enabled'] ) || ! $rules ) {
				continue;
			}
			$all = true;
			foreach ( $rules as $rule ) {
				if ( ! EmailLogic::holds( $rule, $values, $fields ) ) {
					$all = false;
					break;
				}
			}
			$shown = 'hide' === ( $logic['action'] ?? 'show' ) ? ! $all : $all;
			if ( ! $shown ) {
				$hidden[] = $id;
			}
		}
		return $hidden;
	}

	/**
	 * Answer rows of one response, one entry per question. A checkbox answer (a type with multiple()
	 * picks) is stored as a JSON list; one stored as a row per ticked option (older data, the benchmark
	 * seeder) is folded into a list too.
	 *
	 * @param array<int,array{question_id:int,value:string|null,extra:string|null}> $rows  Answer rows.
	 * @param array<int,string>                                                     $types Question id => type.
	 * @return array<int,array{question_id:int,value:string|string[]|null,extra:array<string,string>|null}>
	 */
	public static function answers( array $rows, array $types ): array {
		$answers = array();
		foreach ( $rows as $row ) {
			$qid   = $row['question_id'];
			$value = self::value( $row['value'], $types[ $qid ] ?? '' );
			if ( isset( $answers[ $qid ] ) ) {
				$known = $answers[ $qid ]['value'];
				if ( null !== $value && QuestionTypes::get( $types[ $qid ] ?? null )?->multiple() ) {
					$answers[ $qid ]['value'] = array_merge( (array) $known, (array) $value );
				}
				continue;
			}
			$answers[ $qid ] = array(
				'question_id' => $qid,
				'value'       => $value,
				'extra'       => self::extra( $row['extra'] ),
			);
		}
		return array_values( $answers );
	}

	/**
	 * A stored value as its type reads it (QuestionType::decode(): a checkbox's JSON list as a list).
	 *
	 * @return string|string[]|null
	 */
	public static function value( ?string $stored, string $type ) {
		$descriptor = QuestionTypes::get( $type );
		return null === $descriptor ? $stored : $descriptor->decode( $stored );
	}

	/**
	 * The stored extra fields that the contract knows (comments, name), or null without any.
	 *
	 * @return array<string,string>|null
	 */
	public static function extra( ?string $stored ): ?array {
		if ( null === $stored || '' === $stored ) {
			return null;
		}
		$decoded = json_decode( $stored, true );
		if ( ! is_array( $decoded ) ) {
			return null;
		}
		$extra = array();
		foreach ( array( 'comments', 'name' ) as $key ) {
			if ( isset( $decoded[ $key ] ) && is_scalar( $decoded[ $key ] ) && '' !== (string) $decoded[ $key ] ) {
				$extra[ $key ] = (string) $decoded[ $key ];
			}
		}
		return $extra ? $extra : null;
	}

	/**
	 * A stored UTC datetime as RFC 3339 ('2026-11-21T09:30:00Z').
	 */
	public static function moment( string $utc ): string {
		$time = strtotime( $utc . ' UTC' );
		return false === $time ? '' : gmdate( 'Y-m-d\TH:i:s\Z', $time );
	}

	/**
	 * A stored UTC datetime as RFC 3339, or null for none.
	 *
	 * @param mixed $utc The column's value.
	 */
	public static function nullable_moment( $utc ): ?string {
		return null === $utc || '' === $utc ? null : self::moment( (string) $utc );
	}

	/**
	 * An http(s) URL, or '' for anything else (javascript:, data:, relative, broken).
	 */
	public static function http_url( string $url ): string {
		$url = trim( $url );
		if ( '' === $url || preg_match( '/[\x00-\x20\x7f"<>]/', $url ) ) {
			return '';
		}
		$scheme = wp_parse_url( $url, PHP_URL_SCHEME );
		$host   = wp_parse_url( $url, PHP_URL_HOST );
		if ( ! is_string( $scheme ) || ! in_array( strtolower( $scheme ), array( 'http', 'https' ), true ) || ! is_string( $host ) || '' === $host ) {
			return '';
		}
		return $url;
	}
}
