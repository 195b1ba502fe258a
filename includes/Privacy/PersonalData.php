<?php
/**
 * WordPress's personal-data tools (Tools > Export / Erase Personal Data) for survey responses: an
 * exporter and an eraser under the key "userfeedback".
 *
 * A person's responses are those whose email column is the request's address (lower-cased; the first
 * valid answer of an email question, see ResponseRepository::email_of()) or whose user_id is the user
 * with that address (responses record the logged-in visitor). Every status counts: completed, partial
 * and trashed responses are all personal data.
 *
 * Core calls each page until the answer says done: the exporter reads PAGE responses a page (by id),
 * the eraser deletes up to ERASE_BATCH a page through AdminResponseRepository::delete() (grouped per
 * survey; rollups and list snapshots move in the same transaction), so a large set never runs into a
 * request's time limit.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Privacy;

use UserFeedback\Database\AnswerRepository;
use UserFeedback\Database\Schema;
use UserFeedback\ExceptionText;
use UserFeedback\Log;
use UserFeedback\Responses\AdminResponseRepository;
use UserFeedback\Responses\AdminResponseService;
use UserFeedback\Responses\HiddenFields;
use UserFeedback\Responses\ResponseFormatter;
use UserFeedback\Responses\ResponseRepository;
use UserFeedback\Surveys\QuestionTypes\QuestionTypes;
use UserFeedback\Surveys\SurveyRepository;

defined( 'ABSPATH' ) || exit;
// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- responses: core's personal data exporter and eraser page through one person's responses while the eraser deletes them; each page must see what is left. Not cached on purpose.

final class PersonalData {

	/** The exporter's and the eraser's key. */
	public const KEY = 'userfeedback';

	/** The export's group. */
	public const GROUP = 'userfeedback-responses';

	/** Responses exported per page. */
	public const PAGE = 50;

	/** Responses erased per page (AdminResponseRepository::delete() takes up to 500 ids a call). */
	public const ERASE_BATCH = 500;

	public function __construct(
		private readonly SurveyRepository $surveys,
		private readonly AdminResponseRepository $responses = new AdminResponseRepository(),
		private readonly AnswerRepository $answers = new AnswerRepository(),
		private readonly int $page_size = self::PAGE,
		private readonly int $erase_batch = self::ERASE_BATCH,
	) {}

	public function register(): void {
		add_filter( 'wp_privacy_personal_data_exporters', array( $this, 'add_exporter' ) );
		add_filter( 'wp_privacy_personal_data_erasers', array( $this, 'add_eraser' ) );
	}

	/**
	 * @param array<string,array<string,mixed>> $exporters Registered exporters.
	 * @return array<string,array<string,mixed>>
	 */
	public function add_exporter( $exporters ): array {
		$exporters              = is_array( $exporters ) ? $exporters : array();
		$exporters[ self::KEY ] = array(
			'exporter_friendly_name' => self::friendly_name(),
			'callback'               => array( $this, 'export' ),
		);
		return $exporters;
	}

	/**
	 * @param array<string,array<string,mixed>> $erasers Registered erasers.
	 * @return array<string,array<string,mixed>>
	 */
	public function add_eraser( $erasers ): array {
		$erasers              = is_array( $erasers ) ? $erasers : array();
		$erasers[ self::KEY ] = array(
			'eraser_friendly_name' => self::friendly_name(),
			'callback'             => array( $this, 'erase' ),
		);
		return $erasers;
	}

	private static function friendly_name(): string {
		return __( 'UserFeedback survey responses', 'userfeedback' );
	}

	/**
	 * One page of the person's responses, oldest first: per response the survey, when it was
	 * submitted (the site's date and time), its status, the page, then each answered question with
	 * its answer as the exports write it.
	 *
	 * @param string $email_address The request's address.
	 * @param int    $page          1, 2, … as core asks.
	 * @return array{data:array<int,array<string,mixed>>,done:bool}
	 */
	public function export( $email_address, $page = 1 ): array {
		$page = max( 1, (int) $page );
		$rows = $this->find( (string) $email_address, $this->page_size, ( $page - 1 ) * $this->page_size );
		if ( ! $rows ) {
			return array(
				'data' => array(),
				'done' => true,
			);
		}
		$ids     = array_map( static fn( array $row ): int => (int) $row['id'], $rows );
		$answers = $this->answers->for_responses( $ids );
		$fields  = HiddenFields::for_responses( $ids );
		$items   = array();
		foreach ( $rows as $row ) {
			$items[] = array(
				'group_id'          => self::GROUP,
				'group_label'       => __( 'Survey responses', 'userfeedback' ),
				'group_description' => __( 'Your answers to the surveys of this site.', 'userfeedback' ),
				'item_id'           => 'userfeedback-response-' . (int) $row['id'],
				'data'              => $this->item_data( $row, $answers[ (int) $row['id'] ] ?? array(), $fields[ (int) $row['id'] ] ?? array() ),
			);
		}
		return array(
			'data' => $items,
			'done' => count( $rows ) < $this->page_size,
		);
	}

	/**
	 * Deletes a batch of the person's responses with their answers, the rollups kept equal to the raw
	 * rows. Whatever the page, the batch is the first of those left (the pages before are gone).
	 *
	 * @param string $email_address The request's address.
	 * @param int    $page          As core asks (not needed: see above).
	 * @return array{items_removed:bool,items_retained:bool,messages:string[],done:bool}
	 */
	public function erase( $email_address, $page = 1 ): array {
		unset( $page );
		try {
			$rows = $this->find( (string) $email_address, $this->erase_batch, 0, 'id, survey_id' );
		} catch ( \RuntimeException $e ) {
			Log::error( 'reading the responses to erase failed: ' . ExceptionText::plain( $e ) );
			return array(
				'items_removed'  => false,
				'items_retained' => true,
				'messages'       => array( __( 'Survey responses could not be read; try again later.', 'userfeedback' ) ),
				'done'           => true,
			);
		}
		$by       = array();
		$removed  = 0;
		$messages = array();
		foreach ( $rows as $row ) {
			$by[ (int) $row['survey_id'] ][] = (int) $row['id'];
		}
		foreach ( $by as $survey_id => $ids ) {
			try {
				$this->responses->delete( $survey_id, $ids );
				$removed += count( $ids );
				AdminResponseService::results_changed( $survey_id );
			} catch ( \RuntimeException $e ) {
				Log::error( sprintf( 'erasing responses of survey %d failed: %s', $survey_id, ExceptionText::plain( $e ) ) );
				/* translators: %d: number of survey responses. */
				$messages[] = sprintf( _n( '%d survey response could not be erased; try again later.', '%d survey responses could not be erased; try again later.', count( $ids ), 'userfeedback' ), count( $ids ) );
			}
		}
		return array(
			'items_removed'  => $removed > 0,
			'items_retained' => array() !== $messages,
			'messages'       => $messages,
			// A batch that failed ends the request (core would ask for it again and again otherwise).
			'done'           => count( $rows ) < $this->erase_batch || array() !== $messages,
		);
	}

	/**
	 * The person's responses by id: those with the address, and those of the user who has it.
	 *
	 * @return array<int,array<string,mixed>>
	 * @throws \RuntimeException When the query fails.
	 */
	private function find( string $email_address, int $limit, int $offset, string $columns = 'id, survey_id, status, submitted_at, completed_at, page_url, page_title' ): array {
		global $wpdb;
		$email = strtolower( trim( $email_address ) );
		if ( '' === $email || strlen( $email ) > ResponseRepository::EMAIL_MAX || ! is_email( $email ) || ! ResponseRepository::identifies() ) {
			return array();
		}
		$user  = get_user_by( 'email', $email );
		$where = $user instanceof \WP_User && $user->ID > 0 ? $wpdb->prepare( '(email = %s OR user_id = %d)', $email, $user->ID ) : $wpdb->prepare( 'email = %s', $email );
		$rows  = $wpdb->get_results(
			$wpdb->prepare( "SELECT $columns FROM %i WHERE $where ORDER BY id LIMIT %d OFFSET %d", Schema::table( 'responses' ), $limit, $offset ), // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- constant columns, a prepared condition.
			ARRAY_A
		);
		if ( '' !== $wpdb->last_error ) {
			throw new \RuntimeException( esc_html( 'Could not read the responses: ' . $wpdb->last_error ) );
		}
		return (array) $rows;
	}

	/**
	 * @param array<string,mixed>                                                   $row     The response.
	 * @param array<int,array{question_id:int,value:string|null,extra:string|null}> $stored  Its answer rows.
	 * @param array<string,string>                                                  $fields  Its hidden fields, name => value.
	 * @return array<int,array{name:string,value:string}>
	 */
	private function item_data( array $row, array $stored, array $fields = array() ): array {
		$survey    = $this->survey( (int) $row['survey_id'] );
		$questions = array();
		foreach ( (array) ( $survey['questions'] ?? array() ) as $question ) {
			if ( is_array( $question ) && isset( $question['id'] ) ) {
				$questions[ (int) $question['id'] ] = $question;
			}
		}
		$complete = 'publish' === $row['status'] || null !== $row['completed_at'];
		$status   = $complete ? __( 'Completed', 'userfeedback' ) : __( 'Partial', 'userfeedback' );
		if ( 'trash' === $row['status'] ) {
			/* translators: %s: Completed or Partial. */
			$status = sprintf( __( '%s (in the trash)', 'userfeedback' ), $status );
		}
		$url         = ResponseFormatter::http_url( (string) $row['page_url'] );
		$title       = (string) ( $survey['title'] ?? '' );
		$data        = array(
			array(
				'name'  => __( 'Survey', 'userfeedback' ),
				/* translators: %d: survey id. */
				'value' => '' !== $title ? $title : sprintf( __( 'Survey %d', 'userfeedback' ), (int) $row['survey_id'] ),
			),
			array(
				'name'  => __( 'Submitted', 'userfeedback' ),
				'value' => self::local_time( (string) $row['submitted_at'] ),
			),
			array(
				'name'  => __( 'Status', 'userfeedback' ),
				'value' => $status,
			),
			array(
				'name'  => __( 'Page', 'userfeedback' ),
				'value' => '' !== $url ? $url : (string) $row['page_title'],
			),
		);
		$by_question = array();
		foreach ( ResponseFormatter::answers( $stored, AdminResponseService::types( (array) $survey ) ) as $answer ) {
			$by_question[ $answer['question_id'] ] = $answer;
		}
		// The survey's order first; answers of questions deleted from the survey since are the person's too.
		$order = array_merge( array_intersect( array_keys( $questions ), array_keys( $by_question ) ), array_diff( array_keys( $by_question ), array_keys( $questions ) ) );
		foreach ( $order as $question_id ) {
			$answer   = $by_question[ $question_id ];
			$question = $questions[ $question_id ] ?? array( 'id' => $question_id );
			$name     = trim( wp_strip_all_tags( (string) ( $question['title'] ?? '' ) ) );
			/* translators: %d: question id. */
			$name  = '' !== $name ? $name : sprintf( __( 'Question %d', 'userfeedback' ), $question_id );
			$value = null === $answer['value'] ? '' : QuestionTypes::answer_text( $question['type'] ?? null, $answer['value'] );
			if ( '' !== $value ) {
				$data[] = array(
					'name'  => $name,
					'value' => $value,
				);
			}
			foreach ( array( 'comments', 'name' ) as $key ) {
				if ( isset( $answer['extra'][ $key ] ) ) {
					$data[] = array(
						'name'  => 'comments' === $key
							/* translators: %s: question title. */
							? sprintf( __( '%s (Comments)', 'userfeedback' ), $name )
							/* translators: %s: question title. */
							: sprintf( __( '%s (Name)', 'userfeedback' ), $name ),
						'value' => $answer['extra'][ $key ],
					);
				}
			}
		}
		foreach ( $fields as $name => $value ) {
			$data[] = array(
				/* translators: %s: a hidden field's name. */
				'name'  => sprintf( __( 'Hidden field: %s', 'userfeedback' ), $name ),
				'value' => $value,
			);
		}
		return $data;
	}

	/** @var array<int,array<string,mixed>|null> Surveys read in this request. */
	private array $seen = array();

	/**
	 * @return array<string,mixed>|null
	 */
	private function survey( int $id ): ?array {
		if ( ! array_key_exists( $id, $this->seen ) ) {
			$this->seen[ $id ] = $this->surveys->find( $id );
		}
		return $this->seen[ $id ];
	}

	/**
	 * A stored UTC datetime in the site's date and time formats and time zone.
	 */
	private static function local_time( string $utc ): string {
		$time = strtotime( $utc . ' UTC' );
		return false === $time ? '' : (string) wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), $time );
	}
}
