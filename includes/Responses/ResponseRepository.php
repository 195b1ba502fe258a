<?php
/**
 * SQL of what visitors write: a response with its answers (created at the first write, updated by the
 * later ones, completed once), and impressions. The only class that writes these rows from the public
 * routes.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Responses;

use UserFeedback\Database\AnswerTerms;
use UserFeedback\Database\Migrator;
use UserFeedback\Database\Rollups;
use UserFeedback\Database\Schema;
use UserFeedback\Database\Transaction;
use UserFeedback\ExceptionText;
use UserFeedback\Surveys\QuestionTypes\EmailType;

defined( 'ABSPATH' ) || exit;
// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- responses, answers, impressions (and surveys in an upgrade step): a visitor's write reads and locks its own rows inside one transaction and must see the database, never a cache; nothing here is read twice in a request. What the admin reads of these rows is cached by ResultsCache, which the saved-response action clears, and counted in the rollups.

final class ResponseRepository {

	/** The columns of a response that its later writes need (find_by_client()); email too from version 7. */
	private const STATE = 'id, survey_id, status, submitted_at, started_at, completed_at, closed_at, last_question';

	/**
	 * Whether the responses have the user_id and email columns (the migration to version 7 has run; until
	 * then a write of a request that overtook it stores neither).
	 */
	public static function identifies(): bool {
		return (int) get_option( Migrator::VERSION_OPTION, 0 ) >= 7;
	}

	public function __construct( private readonly Rollups $rollups = new Rollups() ) {}

	/**
	 * Stores one completed response and its answers in one write (a request without response_id, from
	 * a page cached before version 6; the tests' fixtures).
	 *
	 * @param array{survey_id:int,submitted_at:string,page_url:string,page_title:string,ip:string,browser:string,os:string,device:string} $response Columns of the response.
	 * @param array<int,array{question_id:int,value:string|int|string[]|null,extra:array<string,string>|null}>                         $answers  Validated answers.
	 * @param array<int,string>                                                                                                       $types    Question id => type of the survey's questions, in survey order (Rollups::types_of()).
	 * @return int The new response id.
	 * @throws \RuntimeException When a statement fails; the caller rolls back.
	 */
	public function insert( array $response, array $answers, array $types ): int {
		return $this->create(
			$response + array(
				'client_id'     => null,
				'last_question' => 0,
			),
			$answers,
			$types,
			true
		);
	}

	/**
	 * The response a visitor's widget made with this id, locked until the commit on MariaDB/MySQL (two
	 * writes of one response wait for each other; on SQLite the write transaction holds the database).
	 *
	 * @return array<string,mixed>|null Its STATE columns; null when there is none yet.
	 */
	public function find_by_client( int $survey_id, string $client_id ): ?array {
		global $wpdb;
		$row = $wpdb->get_row(
			$wpdb->prepare( 'SELECT ' . self::STATE . ( self::identifies() ? ', email' : '' ) . ' FROM %i WHERE survey_id = %d AND client_id = %s' . Transaction::for_update(), Schema::table( 'responses' ), $survey_id, $client_id ), // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- constant columns and clause.
			ARRAY_A
		);
		if ( '' !== $wpdb->last_error ) {
			throw new \RuntimeException( esc_html( 'Could not read the response: ' . $wpdb->last_error ) );
		}
		return $row ? $row : null;
	}

	/**
	 * Stores a new response (partial, or completed by its first write) with its answers, and counts it:
	 * the funnel (started, each answer, completed) on the day it started; a completed one also in the
	 * daily responses and answers. Inside a VisitorWrite (one transaction).
	 *
	 * @param array<string,mixed>                                                                 $response survey_id, submitted_at (now, UTC), page_url, page_title, ip, browser, os, device, client_id (or null), last_question; user_id (the logged-in visitor, default 0). Its email comes from the answers (email_of()).
	 * @param array<int,array{question_id:int,value:string|int|string[]|null,extra:array<string,string>|null}> $answers  Validated answers.
	 * @param array<int,string>                                                                   $types    Question id => type, in survey order.
	 * @return int The new response id.
	 * @throws \RuntimeException When a statement fails; the caller rolls back.
	 */
	public function create( array $response, array $answers, array $types, bool $complete ): int {
		$now      = (string) $response['submitted_at'];
		$identity = self::identifies();
		$columns  = array(
			'survey_id'     => (int) $response['survey_id'],
			'status'        => $complete ? 'publish' : 'partial',
			'submitted_at'  => $now,
			'page_url'      => (string) $response['page_url'],
			'page_title'    => (string) $response['page_title'],
			'ip'            => (string) $response['ip'],
			'browser'       => (string) $response['browser'],
			'os'            => (string) $response['os'],
			'device'        => (string) $response['device'],
			'client_id'     => null === $response['client_id'] ? null : (string) $response['client_id'],
			'started_at'    => $now,
			'completed_at'  => $complete ? $now : null,
			'last_question' => (int) $response['last_question'],
		);
		if ( $identity ) {
			$columns['user_id'] = max( 0, (int) ( $response['user_id'] ?? 0 ) );
			$columns['email']   = self::email_of( $types, $answers );
		}
		$id = $this->insert_response( $columns );
		$this->upsert_answers( $id, (int) $response['survey_id'], $now, $complete, $answers );
		AnswerTerms::write( $id, (int) $response['survey_id'], $complete ? 'publish' : 'partial', $now, $answers, $types, true );
		// Before the migration to version 3 has created the rollups, it builds them from the raw rows.
		if ( Rollups::live() ) {
			$day = Rollups::day_of( $now );
			$row = array(
				'started_at'    => $now,
				'completed_at'  => $complete ? $now : null,
				'closed_at'     => null,
				'last_question' => (int) $response['last_question'],
			);
			$this->rollups->add(
				(int) $response['survey_id'],
				$complete ? array( $day => 1 ) : array(),
				$complete ? array( $day => Rollups::answer_rows( $types, $answers ) ) : array(),
				array( $day => Rollups::funnel_rows( $row, $answers, array_keys( $types ) ) ),
				$complete ? array() : array( $day => 1 ),
				array( Rollups::block_key( $complete ? 'publish' : 'partial', Rollups::block_of( $id ) ) => 1 )
			);
		}
		return $id;
	}

	/**
	 * A later write of a partial response: its answers upserted by question, last_question raised to
	 * what the visitor reached, and, when it completes, every answer the response does not keep removed,
	 * the rest published with the completion time, and the response counted as completed (daily
	 * responses and answers on the completion day; funnel completed and its time to complete, and the
	 * "left" count of a closed partial taken back, on the day it started). The funnel counts what
	 * changes only: an answer given again counts once; one changed from a value to skipped moves.
	 *
	 * @param array<string,mixed>                                                                 $existing The response's STATE columns (find_by_client()).
	 * @param array<int,array{question_id:int,value:string|int|string[]|null,extra:array<string,string>|null}> $answers  Validated answers of this write.
	 * @param array<int,string>                                                                   $types    Question id => type, in survey order.
	 * @param array{url:string,title:string}                                                      $page     The page, kept when the write names one.
	 * @throws \RuntimeException When a statement fails; the caller rolls back.
	 */
	public function update( array $existing, array $answers, array $types, bool $complete, string $now, int $reached, array $page ): void {
		global $wpdb;
		$id        = (int) $existing['id'];
		$survey_id = (int) $existing['survey_id'];
		$order     = array_keys( $types );
		$before    = $this->answer_states( $id );
		$funnel    = array();
		$bump      = static function ( int $question_id, int $metric, int $by ) use ( &$funnel ): void {
			if ( Rollups::METRIC_LEFT === $metric && $question_id < 1 ) {
				return; // A survey without questions has nowhere to leave from.
			}
			$key            = Rollups::funnel_key( $question_id, $metric );
			$funnel[ $key ] = ( $funnel[ $key ] ?? 0 ) + $by;
		};
		if ( $complete ) {
			$kept    = array_map( static fn( array $a ): int => (int) $a['question_id'], $answers );
			$dropped = array_values( array_diff( array_keys( $before ), $kept ) );
			if ( $dropped ) {
				$done = $wpdb->query(
					$wpdb->prepare(
						'DELETE FROM %i WHERE response_id = %d AND question_id IN (' . implode( ', ', array_fill( 0, count( $dropped ), '%d' ) ) . ')',
						...array_merge( array( Schema::table( 'answers' ), $id ), $dropped )
					)
				);
				if ( false === $done ) {
					throw new \RuntimeException( esc_html( 'Could not remove the answers: ' . $wpdb->last_error ) );
				}
				foreach ( $dropped as $question_id ) {
					$bump( $question_id, $before[ $question_id ], -1 );
				}
			}
		}
		$this->upsert_answers( $id, $survey_id, $now, $complete, $answers );
		// A completion carries every answer the response keeps: its words are written anew.
		AnswerTerms::write( $id, $survey_id, $complete ? 'publish' : 'partial', $now, $answers, $types, false, $complete );
		foreach ( $answers as $answer ) {
			$question_id = (int) $answer['question_id'];
			$metric      = null === $answer['value'] ? Rollups::METRIC_SKIPPED : Rollups::METRIC_ANSWERED;
			$was         = $before[ $question_id ] ?? null;
			if ( $was !== $metric ) {
				if ( null !== $was ) {
					$bump( $question_id, $was, -1 );
				}
				$bump( $question_id, $metric, 1 );
			}
		}
		$last = max( (int) $existing['last_question'], $reached );
		if ( null !== $existing['closed_at'] ) {
			// A closed partial counts as left at its last question: that moves with a late write, and
			// goes when it completes.
			$bump( Rollups::left_question( $order, (int) $existing['last_question'] ), Rollups::METRIC_LEFT, -1 );
			if ( ! $complete ) {
				$bump( Rollups::left_question( $order, $last ), Rollups::METRIC_LEFT, 1 );
			}
		}
		$started = (string) ( $existing['started_at'] ?? $existing['submitted_at'] );
		if ( $complete ) {
			$bump( 0, Rollups::METRIC_COMPLETED, 1 );
			$duration = Rollups::duration_metric( $started, $now );
			if ( null !== $duration ) {
				$bump( 0, $duration, 1 );
			}
		}
		$set  = 'submitted_at = %s, last_question = %d';
		$args = array( $now, $last );
		if ( $complete ) {
			$set   .= ", status = 'publish', completed_at = %s";
			$args[] = $now;
		}
		if ( '' !== $page['url'] || '' !== $page['title'] ) {
			$set .= ', page_url = %s, page_title = %s';
			array_push( $args, $page['url'], $page['title'] );
		}
		if ( isset( $existing['email'] ) ) {
			$email = $this->email_after( $id, $types, $before, $answers, $complete, (string) $existing['email'] );
			if ( $email !== $existing['email'] ) {
				$set   .= ', email = %s';
				$args[] = $email;
			}
		}
		$done = $wpdb->query( $wpdb->prepare( "UPDATE %i SET $set WHERE id = %d", Schema::table( 'responses' ), ...array_merge( $args, array( $id ) ) ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- placeholders only.
		if ( false === $done ) {
			throw new \RuntimeException( esc_html( 'Could not save the response: ' . $wpdb->last_error ) );
		}
		if ( Rollups::live() ) {
			$day = Rollups::day_of( $now );
			// The list's anchors: a partial response counts on the day of its last write, and in its
			// status's block of ids.
			$partials = array();
			$blocks   = array();
			if ( 'partial' === $existing['status'] ) {
				$was = Rollups::day_of( (string) $existing['submitted_at'] );
				if ( $complete || $was !== $day ) {
					$partials[ $was ] = -1;
					$partials[ $day ] = ( $partials[ $day ] ?? 0 ) + ( $complete ? 0 : 1 );
				}
				if ( $complete ) {
					$block  = Rollups::block_of( $id );
					$blocks = array(
						Rollups::block_key( 'partial', $block ) => -1,
						Rollups::block_key( 'publish', $block ) => 1,
					);
				}
			}
			$this->rollups->add(
				$survey_id,
				$complete ? array( $day => 1 ) : array(),
				$complete ? array( $day => Rollups::answer_rows( $types, $answers ) ) : array(),
				array( Rollups::day_of( $started ) => $funnel ),
				$partials,
				$blocks
			);
		}
	}

	/**
	 * Partial responses untouched since before a moment and not closed yet, oldest first: a range of
	 * the partial_open (status, closed_at, submitted_at) index.
	 *
	 * @return array<int,array{id:int,survey_id:int}>
	 * @throws \RuntimeException When the query fails.
	 */
	public function stale_partials( string $before_utc, int $limit ): array {
		global $wpdb;
		$rows = $wpdb->get_results(
			$wpdb->prepare( "SELECT id, survey_id FROM %i WHERE status = 'partial' AND closed_at IS NULL AND submitted_at < %s ORDER BY submitted_at, id LIMIT %d", Schema::table( 'responses' ), $before_utc, $limit ),
			ARRAY_A
		);
		if ( '' !== $wpdb->last_error ) {
			throw new \RuntimeException( esc_html( 'Could not read the partial responses: ' . $wpdb->last_error ) );
		}
		return array_map(
			static fn( array $row ): array => array(
				'id'        => (int) $row['id'],
				'survey_id' => (int) $row['survey_id'],
			),
			(array) $rows
		);
	}

	/**
	 * Closes partial responses of a survey that are still untouched since $before_utc (a visitor's write
	 * since the read of stale_partials() keeps one open), and counts each as left at its last question
	 * (daily_funnel, on the day it started). Call inside a Transaction.
	 *
	 * @param int[]     $ids   Response ids of the survey.
	 * @param int[]     $order The survey's question ids in survey order.
	 * @return int[] The ids closed.
	 * @throws \RuntimeException When a statement fails.
	 */
	public function close_partials( int $survey_id, array $ids, array $order, string $before_utc, string $now ): array {
		global $wpdb;
		$table = Schema::table( 'responses' );
		$rows  = $wpdb->get_results(
			$wpdb->prepare(
				'SELECT id, started_at, submitted_at, last_question FROM %i WHERE survey_id = %d AND id IN (' . implode( ', ', array_fill( 0, count( $ids ), '%d' ) ) . ") AND status = 'partial' AND closed_at IS NULL AND submitted_at < %s" . Transaction::for_update(), // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- Transaction::for_update() is a constant clause ('' or ' FOR UPDATE').
				...array_merge( array( $table, $survey_id ), $ids, array( $before_utc ) )
			),
			ARRAY_A
		);
		if ( '' !== $wpdb->last_error ) {
			throw new \RuntimeException( esc_html( 'Could not read the partial responses: ' . $wpdb->last_error ) );
		}
		if ( ! $rows ) {
			return array();
		}
		$closed = array_map( static fn( array $row ): int => (int) $row['id'], $rows );
		if ( false === $wpdb->query( $wpdb->prepare( 'UPDATE %i SET closed_at = %s WHERE id IN (' . implode( ', ', array_fill( 0, count( $closed ), '%d' ) ) . ')', ...array_merge( array( $table, $now ), $closed ) ) ) ) {
			throw new \RuntimeException( esc_html( 'Could not close the partial responses: ' . $wpdb->last_error ) );
		}
		if ( Rollups::live() ) {
			$funnel = array();
			foreach ( $rows as $row ) {
				$left = Rollups::left_question( $order, (int) $row['last_question'] );
				if ( $left > 0 ) {
					$day                    = Rollups::day_of( (string) ( $row['started_at'] ?? $row['submitted_at'] ) );
					$key                    = Rollups::funnel_key( $left, Rollups::METRIC_LEFT );
					$funnel[ $day ][ $key ] = ( $funnel[ $day ][ $key ] ?? 0 ) + 1;
				}
			}
			$this->rollups->add( $survey_id, array(), array(), $funnel );
		}
		return $closed;
	}

	/**
	 * What each stored answer of a response counts in the funnel: question id => METRIC_ANSWERED or
	 * METRIC_SKIPPED.
	 *
	 * @return array<int,int>
	 * @throws \RuntimeException When the query fails.
	 */
	private function answer_states( int $response_id ): array {
		global $wpdb;
		$rows = $wpdb->get_results(
			$wpdb->prepare( 'SELECT question_id, CASE WHEN value IS NULL THEN 1 ELSE 0 END AS skipped FROM %i WHERE response_id = %d', Schema::table( 'answers' ), $response_id ),
			ARRAY_A
		);
		if ( '' !== $wpdb->last_error ) {
			throw new \RuntimeException( esc_html( 'Could not read the answers: ' . $wpdb->last_error ) );
		}
		$states = array();
		foreach ( (array) $rows as $row ) {
			$states[ (int) $row['question_id'] ] = '1' === (string) $row['skipped'] ? Rollups::METRIC_SKIPPED : Rollups::METRIC_ANSWERED;
		}
		return $states;
	}

	/**
	 * Counts one impression of a survey on a day (the site's): one upsert of the (survey, day) row,
	 * never a read-modify-write, and no single counter shared by every survey or every day.
	 *
	 * @param string $day Y-m-d in the site's time zone.
	 * @throws \RuntimeException When the statement fails.
	 */
	public function add_impression( int $survey_id, string $day ): void {
		global $wpdb;
		$done = $wpdb->query(
			$wpdb->prepare(
				'INSERT INTO %i (survey_id, day, %i) VALUES (%d, %s, 1) ON DUPLICATE KEY UPDATE %i = %i + 1',
				Schema::table( 'impressions' ),
				'count',
				$survey_id,
				$day,
				'count',
				'count'
			)
		);
		if ( false === $done ) {
			throw new \RuntimeException( esc_html( 'Could not count the impression: ' . $wpdb->last_error ) );
		}
	}

	/**
	 * The upgrade step of version 6: every response from before it is a completed one, started and
	 * completed when it was submitted (one write).
	 *
	 * @throws \RuntimeException When a statement fails.
	 */
	public function fill_times(): void {
		global $wpdb;
		$table = Schema::table( 'responses' );
		foreach ( array( 'started_at', 'completed_at' ) as $column ) {
			$done = $wpdb->query( $wpdb->prepare( "UPDATE %i SET %i = submitted_at WHERE %i IS NULL AND status <> 'partial'", $table, $column, $column ) );
			if ( false === $done ) {
				throw new \RuntimeException( esc_html( 'Could not fill the response times: ' . $wpdb->last_error ) );
			}
		}
	}

	/** Responses read per batch by fill_emails(). */
	private const FILL_BATCH = 500;

	/**
	 * The upgrade step of version 7: each response from before it gets the email column its answers give
	 * (email_of(): the first valid answer of an email question, lower-cased), read and written in batches
	 * of FILL_BATCH responses along the primary key; responses that already have one keep it (a second run
	 * changes nothing). Questions are those of the survey now: answers of an email question that was
	 * deleted since are not looked at.
	 *
	 * @throws \RuntimeException When a statement fails.
	 */
	public function fill_emails(): void {
		global $wpdb;
		$responses = Schema::table( 'responses' );
		$answers   = Schema::table( 'answers' );
		$surveys   = $wpdb->get_results( $wpdb->prepare( 'SELECT id, questions FROM %i', Schema::table( 'surveys' ) ), ARRAY_A );
		if ( '' !== $wpdb->last_error ) {
			throw new \RuntimeException( esc_html( 'Could not read the surveys: ' . $wpdb->last_error ) );
		}
		$types = array();
		foreach ( (array) $surveys as $survey ) {
			$questions = json_decode( (string) $survey['questions'], true );
			$of        = Rollups::types_of( is_array( $questions ) ? $questions : array() );
			if ( in_array( EmailType::KEY, $of, true ) ) {
				$types[ (int) $survey['id'] ] = $of;
			}
		}
		if ( ! $types ) {
			return;
		}
		$after = 0;
		do {
			$rows = $wpdb->get_results(
				$wpdb->prepare( "SELECT id, survey_id FROM %i WHERE id > %d AND email = '' ORDER BY id LIMIT %d", $responses, $after, self::FILL_BATCH ),
				ARRAY_A
			);
			if ( '' !== $wpdb->last_error ) {
				throw new \RuntimeException( esc_html( 'Could not read the responses: ' . $wpdb->last_error ) );
			}
			$rows   = (array) $rows;
			$full   = count( $rows ) === self::FILL_BATCH;
			$after  = $rows ? (int) end( $rows )['id'] : $after;
			$survey = array();
			foreach ( $rows as $row ) {
				if ( isset( $types[ (int) $row['survey_id'] ] ) ) {
					$survey[ (int) $row['id'] ] = (int) $row['survey_id'];
				}
			}
			if ( ! $survey ) {
				continue;
			}
			$values = $wpdb->get_results(
				$wpdb->prepare( 'SELECT response_id, question_id, value FROM %i WHERE response_id IN (' . implode( ', ', array_fill( 0, count( $survey ), '%d' ) ) . ') AND value IS NOT NULL', ...array_merge( array( $answers ), array_keys( $survey ) ) ),
				ARRAY_A
			);
			if ( '' !== $wpdb->last_error ) {
				throw new \RuntimeException( esc_html( 'Could not read the answers: ' . $wpdb->last_error ) );
			}
			$given = array();
			foreach ( (array) $values as $value ) {
				$given[ (int) $value['response_id'] ][] = array(
					'question_id' => (int) $value['question_id'],
					'value'       => (string) $value['value'],
				);
			}
			// One UPDATE per address of the batch (most addresses answer one response).
			$by_email = array();
			foreach ( $given as $response_id => $response_answers ) {
				$email = self::email_of( $types[ $survey[ $response_id ] ], $response_answers );
				if ( '' !== $email ) {
					$by_email[ $email ][] = $response_id;
				}
			}
			foreach ( $by_email as $email => $ids ) {
				if ( false === $wpdb->query( $wpdb->prepare( 'UPDATE %i SET email = %s WHERE id IN (' . implode( ', ', array_fill( 0, count( $ids ), '%d' ) ) . ')', ...array_merge( array( $responses, (string) $email ), $ids ) ) ) ) {
					throw new \RuntimeException( esc_html( 'Could not fill the response emails: ' . $wpdb->last_error ) );
				}
			}
		} while ( $full );
	}

	/**
	 * A response's email column from its answers: the value of the first question of type email (in
	 * survey order) that holds a valid address, lower-cased; '' when none does, or when the address is
	 * longer than the column (100 characters, as WordPress's user_email).
	 *
	 * @param array<int,string>                                     $types   Question id => type, in survey order.
	 * @param array<int,array{question_id:int,value:mixed}|array<string,mixed>> $answers Answers (validated, or raw rows).
	 */
	public static function email_of( array $types, array $answers ): string {
		$by_question = array();
		foreach ( $answers as $answer ) {
			$by_question[ (int) $answer['question_id'] ] = $answer['value'];
		}
		foreach ( $types as $question_id => $type ) {
			$email = self::address( $type, $by_question[ $question_id ] ?? null );
			if ( null !== $email ) {
				return $email;
			}
		}
		return '';
	}

	/**
	 * A response's email column after a later write (email_of() of what it holds then), from what is at
	 * hand: the answers of the write, and which questions held an answer before it. An email question
	 * the write does not name keeps its stored answer (unless the write completes the response, which
	 * drops it); when it was the first one holding an address before the write, that address is the
	 * stored email. Only when the write cleared or changed an earlier one is a later stored address read
	 * (one seek of the response's answers), which an ordinary write never needs.
	 *
	 * @param array<int,string>              $types   Question id => type, in survey order.
	 * @param array<int,int>                 $before  Question id => METRIC_ANSWERED or METRIC_SKIPPED, before the write.
	 * @param array<int,array<string,mixed>> $answers The write's validated answers.
	 * @throws \RuntimeException When the read fails.
	 */
	private function email_after( int $response_id, array $types, array $before, array $answers, bool $complete, string $stored ): string {
		$written = array();
		foreach ( $answers as $answer ) {
			$written[ (int) $answer['question_id'] ] = $answer['value'];
		}
		$first = null;
		foreach ( $types as $question_id => $type ) {
			if ( EmailType::KEY === $type && Rollups::METRIC_ANSWERED === ( $before[ $question_id ] ?? null ) ) {
				$first = $question_id;
				break;
			}
		}
		foreach ( $types as $question_id => $type ) {
			if ( EmailType::KEY !== $type ) {
				continue;
			}
			if ( array_key_exists( $question_id, $written ) ) {
				$email = self::address( $type, $written[ $question_id ] );
				if ( null !== $email ) {
					return $email;
				}
			} elseif ( ! $complete && Rollups::METRIC_ANSWERED === ( $before[ $question_id ] ?? null ) ) {
				return $question_id === $first ? $stored : ( self::address( $type, $this->stored_value( $response_id, $question_id ) ) ?? '' );
			}
		}
		return '';
	}

	/**
	 * @throws \RuntimeException When the read fails.
	 */
	private function stored_value( int $response_id, int $question_id ): ?string {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT value FROM %i WHERE response_id = %d AND question_id = %d', Schema::table( 'answers' ), $response_id, $question_id ), ARRAY_A );
		if ( '' !== $wpdb->last_error ) {
			throw new \RuntimeException( esc_html( 'Could not read the answer: ' . $wpdb->last_error ) );
		}
		return isset( $row['value'] ) ? (string) $row['value'] : null;
	}

	/**
	 * The stored form of an answer to an email question: lower-cased when valid and short enough.
	 *
	 * @param mixed $value The answer's value.
	 */
	private static function address( string $type, $value ): ?string {
		if ( EmailType::KEY !== $type || ! is_string( $value ) ) {
			return null;
		}
		$email = strtolower( trim( $value ) );
		return strlen( $email ) <= self::EMAIL_MAX && false !== is_email( $email ) ? $email : null;
	}

	/** The width of the responses' email column. */
	public const EMAIL_MAX = 100;

	/**
	 * Whether the survey has a response besides this one (any status): one seek of the
	 * (survey_id, status, submitted_at) index.
	 */
	public function has_other_response( int $survey_id, int $response_id ): bool {
		global $wpdb;
		return null !== $wpdb->get_var(
			$wpdb->prepare( 'SELECT id FROM %i WHERE survey_id = %d AND id <> %d LIMIT 1', Schema::table( 'responses' ), $survey_id, $response_id )
		);
	}

	/**
	 * Inserts a response row; on SQLite in SQLite's own words on the integration's PDO (as the answers
	 * and the rollups are written): the translated INSERT cost about 1.5 ms of every visitor's write.
	 *
	 * @param array<string,int|string|null> $columns Column => value (constant names, from create()).
	 * @return int The new id.
	 * @throws \RuntimeException When the statement fails.
	 */
	private function insert_response( array $columns ): int {
		global $wpdb;
		$pdo = Transaction::sqlite_pdo(); // phpcs:ignore PHPCompatibility.Extensions.RemovedExtensions.sqliteRemoved -- the plugin's own method (the SQLite integration's PDO), not the removed sqlite extension.
		if ( null !== $pdo ) {
			try {
				$pdo->prepare( 'INSERT INTO "' . Schema::table( 'responses' ) . '" ("' . implode( '", "', array_keys( $columns ) ) . '") VALUES (' . implode( ', ', array_fill( 0, count( $columns ), '?' ) ) . ')' )
					->execute( array_values( $columns ) );
				$id = (int) $pdo->lastInsertId();
			} catch ( \PDOException $e ) {
				throw new \RuntimeException( esc_html( 'Could not save the response: ' . ExceptionText::plain( $e ) ) );
			}
		} else {
			// prepare() has no NULL placeholder: a NULL value is the literal in the pattern, left out of the arguments.
			$values = array();
			$args   = array( Schema::table( 'responses' ) );
			foreach ( $columns as $value ) {
				if ( null === $value ) {
					$values[] = 'NULL';
					continue;
				}
				$values[] = is_int( $value ) ? '%d' : '%s';
				$args[]   = $value;
			}
			$done = $wpdb->query( $wpdb->prepare( 'INSERT INTO %i (' . implode( ', ', array_keys( $columns ) ) . ') VALUES (' . implode( ', ', $values ) . ')', ...$args ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- the column names are create()'s constants; the values placeholders and NULL literals only.
			$id   = false === $done ? 0 : (int) $wpdb->insert_id;
		}
		if ( $id < 1 ) {
			throw new \RuntimeException( esc_html( 'Could not save the response: ' . $wpdb->last_error ) );
		}
		return $id;
	}

	/**
	 * One statement for every answer of a write, upserted by (response, question): a value given
	 * again replaces the stored one. Values are stored as text: strings as they are, numbers as their
	 * digits, checkbox lists as JSON; NULL for a skipped question. Extra fields as JSON or NULL. The
	 * answers of a partial response are 'partial'; they are published with the completion time.
	 *
	 * @param array<int,array<string,mixed>> $answers Validated answers.
	 * @throws \RuntimeException When the statement fails.
	 */
	private function upsert_answers( int $response_id, int $survey_id, string $now, bool $complete, array $answers ): void {
		global $wpdb;
		if ( ! $answers ) {
			return;
		}
		$pdo = Transaction::sqlite_pdo(); // phpcs:ignore PHPCompatibility.Extensions.RemovedExtensions.sqliteRemoved -- the plugin's own method (the SQLite integration's PDO), not the removed sqlite extension.
		if ( null !== $pdo ) {
			$this->upsert_answers_sqlite( $pdo, $response_id, $survey_id, $now, $complete, $answers );
			return;
		}
		$rows   = array();
		$args   = array( Schema::table( 'answers' ) );
		$status = $complete ? 'publish' : 'partial';
		foreach ( $answers as $answer ) {
			$value = $answer['value'];
			$extra = $answer['extra'];
			$row   = '(%d, %d, %d, %s, %s';
			array_push( $args, $response_id, $survey_id, $answer['question_id'], $status, $now );
			// prepare() has no NULL placeholder: the literal goes into the pattern instead.
			if ( null === $value ) {
				$row .= ', NULL';
			} else {
				$row   .= ', %s';
				$args[] = is_array( $value ) ? (string) wp_json_encode( array_values( $value ), JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES ) : (string) $value;
			}
			if ( null === $extra ) {
				$row .= ', NULL)';
			} else {
				$row   .= ', %s)';
				$args[] = (string) wp_json_encode( $extra, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES );
			}
			$rows[] = $row;
		}
		$sql = $wpdb->prepare(
			'INSERT INTO %i (response_id, survey_id, question_id, status, submitted_at, value, extra) VALUES ' . implode( ', ', $rows ) // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- the rows hold placeholders and NULL literals only.
				. ' ON DUPLICATE KEY UPDATE value = VALUES(value), extra = VALUES(extra), status = VALUES(status), submitted_at = VALUES(submitted_at)',
			...$args
		);
		if ( false === $wpdb->query( $sql ) ) { // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- prepared above.
			throw new \RuntimeException( esc_html( 'Could not save the answers: ' . $wpdb->last_error ) );
		}
	}

	/**
	 * The same upsert in SQLite's own words on the integration's PDO (as Rollups does): every answer of
	 * a visitor goes through here, and the translated statement cost about 1.4 ms of it.
	 *
	 * @param array<int,array<string,mixed>> $answers Validated answers.
	 * @throws \RuntimeException When the statement fails.
	 */
	private function upsert_answers_sqlite( \PDO $pdo, int $response_id, int $survey_id, string $now, bool $complete, array $answers ): void {
		$params = array();
		foreach ( $answers as $answer ) {
			$value = $answer['value'];
			array_push(
				$params,
				$response_id,
				$survey_id,
				(int) $answer['question_id'],
				$complete ? 'publish' : 'partial',
				$now,
				null === $value ? null : ( is_array( $value ) ? (string) wp_json_encode( array_values( $value ), JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES ) : (string) $value ),
				null === $answer['extra'] ? null : (string) wp_json_encode( $answer['extra'], JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES )
			);
		}
		$sql = 'INSERT INTO "' . Schema::table( 'answers' ) . '" ("response_id", "survey_id", "question_id", "status", "submitted_at", "value", "extra") VALUES '
			. implode( ', ', array_fill( 0, count( $answers ), '(?, ?, ?, ?, ?, ?, ?)' ) )
			. ' ON CONFLICT ("response_id", "question_id") DO UPDATE SET "value" = excluded."value", "extra" = excluded."extra", "status" = excluded."status", "submitted_at" = excluded."submitted_at"';
		try {
			$pdo->prepare( $sql )->execute( $params );
		} catch ( \PDOException $e ) {
			throw new \RuntimeException( esc_html( 'Could not save the answers: ' . ExceptionText::plain( $e ) ) );
		}
	}
}
