<?php
/**
 * Responses written as the visitor goes (issue 15): created by the first write of a response_id (201),
 * updated by the later ones (200), completed once; a replay never duplicates or changes anything; the
 * partial and completing writes are judged differently; the funnel, the daily rollups, the saved
 * action and the rate limits count each thing once.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Responses;

use UserFeedback\Database\Rollups;
use UserFeedback\Database\Schema;
use UserFeedback\Responses\AnswerValidator;
use UserFeedback\Responses\ResponseService;
use UserFeedback\Rest\ApiException;
use UserFeedback\Rest\RateLimiter;
use WP_REST_Response;

final class PartialResponseTest extends ResponsesTestCase {

	private const RID = '0F8FAD5B-D9CB-469F-A165-70867728950E';

	/**
	 * One write of a response as the widget sends it.
	 *
	 * @param array<int,array<string,mixed>> $answers Answers.
	 */
	private function write( int $survey_id, array $answers, int $reached, bool $complete, string $rid = self::RID ): WP_REST_Response {
		$body = array(
			'response_id' => $rid,
			'answers'     => $answers,
			'reached'     => $reached,
			'complete'    => $complete,
		);
		if ( $complete ) {
			$body['page_submitted'] = array(
				'link'  => 'https://example.com/pricing/',
				'title' => 'Pricing',
			);
		}
		return $this->submit( $survey_id, $body );
	}

	/**
	 * @return array<string,mixed> The survey's one response row.
	 */
	private static function stored_response( int $survey_id ): array {
		global $wpdb;
		$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT * FROM %i WHERE survey_id = %d', Schema::table( 'responses' ), $survey_id ), ARRAY_A );
		self::assertCount( 1, $rows, 'One response.' );
		return $rows[0];
	}

	/**
	 * @return array<int,array{value:?string,status:string}> Question id => stored answer.
	 */
	private static function stored_answers( int $survey_id ): array {
		global $wpdb;
		$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT question_id, value, status FROM %i WHERE survey_id = %d ORDER BY question_id', Schema::table( 'answers' ), $survey_id ), ARRAY_A );
		$by   = array();
		foreach ( $rows as $row ) {
			$by[ (int) $row['question_id'] ] = array(
				'value'  => $row['value'],
				'status' => $row['status'],
			);
		}
		return $by;
	}

	/**
	 * @return array<string,int> "question metric" => count, without zeros.
	 */
	private static function funnel( int $survey_id ): array {
		global $wpdb;
		$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT question_id, metric, SUM(%i) AS n FROM %i WHERE survey_id = %d GROUP BY question_id, metric', 'count', Schema::table( 'daily_funnel' ), $survey_id ), ARRAY_A );
		$out  = array();
		foreach ( $rows as $row ) {
			if ( 0 !== (int) $row['n'] ) {
				$out[ $row['question_id'] . ' ' . $row['metric'] ] = (int) $row['n'];
			}
		}
		ksort( $out );
		return $out;
	}

	/**
	 * @return int The survey's published responses in daily_responses.
	 */
	private static function daily_responses( int $survey_id ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COALESCE(SUM(%i), 0) FROM %i WHERE survey_id = %d', 'count', Schema::table( 'daily_responses' ), $survey_id ) );
	}

	/**
	 * The duration buckets of a funnel().
	 *
	 * @param array<string,int> $funnel "question metric" => count.
	 * @return array<string,int>
	 */
	private static function durations( array $funnel ): array {
		return array_filter( $funnel, static fn( string $k ): bool => (int) explode( ' ', $k )[1] >= Rollups::METRIC_DURATION_BASE, ARRAY_FILTER_USE_KEY );
	}

	private static function status_of( int $response_id ): string {
		global $wpdb;
		return (string) $wpdb->get_var( $wpdb->prepare( 'SELECT status FROM %i WHERE id = %d', Schema::table( 'responses' ), $response_id ) );
	}

	private static function key( int $question_id, int $metric ): string {
		return $question_id . ' ' . $metric;
	}

	/**
	 * Counts the saved action's calls, with their $complete argument.
	 *
	 * @return \ArrayObject<int,array{0:int,1:bool}>
	 */
	private static function saved_calls(): \ArrayObject {
		$calls = new \ArrayObject();
		add_action(
			ResponseService::SAVED_ACTION,
			static function ( $id, $survey, $answers, $complete = null ) use ( $calls ): void {
				$calls[] = array( (int) $id, $complete );
			},
			10,
			4
		);
		return $calls;
	}

	public function test_partial_writes_then_completion_create_update_and_complete_one_response(): void {
		$id    = self::open_survey();
		$calls = self::saved_calls();

		$first = $this->write( $id, array( self::answer( 1, 'Yes' ) ), 1, false );
		$this->assertSame( 201, $first->get_status() );
		$response_id = $first->get_data()['id'];
		$this->assertSame(
			array(
				'id'       => $response_id,
				'status'   => 'partial',
				'complete' => false,
			),
			$first->get_data()
		);
		$this->assertSame( 'no-store', $first->get_headers()['Cache-Control'] );
		$row = self::stored_response( $id );
		$this->assertSame( 'partial', $row['status'] );
		$this->assertSame( strtolower( self::RID ), $row['client_id'], 'Stored in lower case.' );
		$this->assertNotNull( $row['started_at'] );
		$this->assertNull( $row['completed_at'] );
		$this->assertSame( '1', (string) $row['last_question'] );
		$this->assertSame( array( 1 => array( 'value' => 'Yes', 'status' => 'partial' ) ), self::stored_answers( $id ) );
		$this->assertSame( 0, self::daily_responses( $id ), 'A partial response is not a completed one.' );
		$this->assertCount( 0, $calls, 'Nothing is announced before completion.' );

		$second = $this->write( $id, array( self::answer( 5, 4 ) ), 2, false );
		$this->assertSame( 200, $second->get_status() );
		$this->assertSame( $response_id, $second->get_data()['id'] );
		$this->assertSame( '2', (string) self::stored_response( $id )['last_question'] );

		// A late write that reached less does not move last_question back.
		$this->assertSame( 200, $this->write( $id, array( self::answer( 5, 3 ) ), 1, false )->get_status() );
		$this->assertSame( '2', (string) self::stored_response( $id )['last_question'] );
		$this->assertSame( '3', self::stored_answers( $id )[5]['value'], 'The answer given again replaced the first.' );

		$done = $this->write( $id, array( self::answer( 1, 'No' ), self::answer( 5, 5 ), self::answer( 7, null ) ), 3, true );
		$this->assertSame( 200, $done->get_status() );
		$this->assertSame(
			array(
				'id'       => $response_id,
				'status'   => 'publish',
				'complete' => true,
			),
			$done->get_data()
		);
		$row = self::stored_response( $id );
		$this->assertSame( 'publish', $row['status'] );
		$this->assertNotNull( $row['completed_at'] );
		$this->assertSame( $row['completed_at'], $row['submitted_at'] );
		$this->assertSame( 'https://example.com/pricing/', $row['page_url'] );
		$this->assertSame( '3', (string) $row['last_question'] );
		$this->assertSame(
			array(
				1 => array( 'value' => 'No', 'status' => 'publish' ),
				5 => array( 'value' => '5', 'status' => 'publish' ),
				7 => array( 'value' => null, 'status' => 'publish' ),
			),
			self::stored_answers( $id )
		);
		$this->assertSame( 1, self::daily_responses( $id ) );
		$this->assertSame( array( array( $response_id, true ) ), $calls->getArrayCopy(), 'Announced once, as complete.' );

		// A second completion (a retry whose first answer was lost) changes nothing and answers the same.
		$again = $this->write( $id, array( self::answer( 1, 'Yes' ), self::answer( 5, 1 ) ), 3, true );
		$this->assertSame( 200, $again->get_status() );
		$this->assertSame( $done->get_data(), $again->get_data() );
		$this->assertSame( 'No', self::stored_answers( $id )[1]['value'] );
		$this->assertSame( 1, self::daily_responses( $id ) );
		$this->assertCount( 1, $calls, 'Not announced again.' );
		// So does a partial write after completion.
		$this->assertSame( 200, $this->write( $id, array( self::answer( 8, 'late' ) ), 4, false )->get_status() );
		$this->assertArrayNotHasKey( 8, self::stored_answers( $id ) );
	}

	public function test_a_request_replayed_10_times_stores_one_response_and_one_row_per_answer(): void {
		$id     = self::open_survey();
		$calls  = self::saved_calls();
		$status = array();
		for ( $i = 0; $i < 10; $i++ ) {
			$status[] = $this->write( $id, array( self::answer( 1, 'Yes' ), self::answer( 2, array( 'Red' ) ) ), 2, false )->get_status();
		}
		$this->assertSame( array_merge( array( 201 ), array_fill( 0, 9, 200 ) ), $status );
		for ( $i = 0; $i < 10; $i++ ) {
			$this->assertSame( 200, $this->write( $id, array( self::answer( 1, 'Yes' ), self::answer( 2, array( 'Red' ) ), self::answer( 5, 2 ) ), 3, true )->get_status() );
		}
		self::stored_response( $id );
		$this->assertSame( 1, self::count_rows( 'responses', $id ) );
		$this->assertSame( 3, self::count_rows( 'answers', $id ) );
		$this->assertSame( 1, self::daily_responses( $id ) );
		$this->assertCount( 1, $calls );
		$funnel    = self::funnel( $id );
		$durations = self::durations( $funnel );
		$this->assertSame(
			array(
				self::key( 0, Rollups::METRIC_STARTED )   => 1,
				self::key( 0, Rollups::METRIC_COMPLETED ) => 1,
				self::key( 1, Rollups::METRIC_ANSWERED )  => 1,
				self::key( 2, Rollups::METRIC_ANSWERED )  => 1,
				self::key( 5, Rollups::METRIC_ANSWERED )  => 1,
			),
			array_diff_key( $funnel, $durations ),
			'A replayed write counts once in the funnel.'
		);
		// A duration only when the completion fell in a later second than the start; once at most.
		$this->assertLessThanOrEqual( 1, array_sum( $durations ) );
		// The complete one-write request of an old cached page, replayed, is two responses: it has no id.
		$this->assertSame( 201, $this->submit_answers( $id, array( self::answer( 1, 'Yes' ) ) )->get_status() );
		$this->assertSame( 2, self::count_rows( 'responses', $id ) );
	}

	public function test_a_partial_write_is_judged_answer_by_answer_and_the_completing_one_as_a_whole(): void {
		$id = self::open_survey();
		// NPS may never be skipped: a partial write may still carry it skipped, the completion may not.
		$this->assertSame( 201, $this->write( $id, array( self::answer( 6, null ) ), 1, false )->get_status() );
		$refused = $this->write( $id, array( self::answer( 1, 'Yes' ), self::answer( 6, null ) ), 2, true );
		$this->assertSame( 400, $refused->get_status() );
		$this->assertSame( 'userfeedback_invalid_params', $refused->get_data()['code'] );
		$this->assertArrayHasKey( 'answers[1]', $refused->get_data()['data']['params'] );
		$this->assertSame( 'partial', self::stored_response( $id )['status'], 'A refused completion leaves the response partial.' );
		// Each answer of a partial write still has to fit its question.
		$bad = $this->write( $id, array( self::answer( 1, 'Maybe' ) ), 1, false );
		$this->assertSame( 400, $bad->get_status() );
		$this->assertArrayHasKey( 'answers[0]', $bad->get_data()['data']['params'] );
		$this->assertSame( 400, $this->write( $id, array( self::answer( 99, 'Yes' ) ), 1, false )->get_status() );
		$this->assertSame( 400, $this->write( $id, array(), 1, false )->get_status(), 'A write carries an answer.' );
		// A completion with every answer fine completes it.
		$this->assertSame( 200, $this->write( $id, array( self::answer( 1, 'Yes' ), self::answer( 6, 9 ) ), 2, true )->get_status() );
		$this->assertSame( 'publish', self::stored_response( $id )['status'] );
	}

	public function test_the_validator_has_one_set_of_rules_with_a_mode(): void {
		$questions = array( self::question( 1, 'text', array( 'settings' => array( 'required' => true ) ) ), self::question( 2, 'text' ) );
		$skipped   = array( array( 'question_id' => 1, 'value' => null ) );
		$this->assertSame( array( array( 'question_id' => 1, 'value' => null, 'extra' => null ) ), AnswerValidator::validate( $questions, $skipped, true, AnswerValidator::PARTIAL ) );
		foreach ( array( AnswerValidator::PARTIAL, AnswerValidator::COMPLETE ) as $mode ) {
			try {
				AnswerValidator::validate( $questions, array( array( 'question_id' => 2, 'value' => str_repeat( 'x', 5000 ) ) ), true, $mode );
				$this->fail( "A text too long is refused ($mode)." );
			} catch ( ApiException $e ) {
				$this->assertSame( 400, $e->status );
			}
		}
		$this->expectException( ApiException::class );
		AnswerValidator::validate( $questions, $skipped, true, AnswerValidator::COMPLETE );
	}

	public function test_uuids_are_checked_by_the_schema(): void {
		$id = self::open_survey();
		foreach ( array( 'not-a-uuid', '0f8fad5b-d9cb-469f-a165-70867728950', '0f8fad5b-d9cb-469f-a165-70867728950e0', 'zf8fad5b-d9cb-469f-a165-70867728950e' ) as $bad ) {
			$response = $this->write( $id, array( self::answer( 1, 'Yes' ) ), 1, false, $bad );
			$this->assertSame( 400, $response->get_status(), $bad );
		}
		$this->assertSame( 0, self::count_rows( 'responses', $id ) );
		$this->assertSame( 400, $this->submit( $id, array( 'response_id' => self::RID, 'answers' => array( self::answer( 1, 'Yes' ) ), 'reached' => -1 ) )->get_status() );
		$this->assertSame( 400, $this->submit( $id, array( 'response_id' => self::RID, 'answers' => array( self::answer( 1, 'Yes' ) ), 'complete' => 'yes' ) )->get_status() );
		// Without complete, a write with a response_id is partial.
		$default = $this->submit( $id, array( 'response_id' => self::RID, 'answers' => array( self::answer( 1, 'Yes' ) ) ) );
		$this->assertSame( 201, $default->get_status() );
		$this->assertFalse( $default->get_data()['complete'] );
	}

	public function test_the_funnel_counts_what_changes_and_rebuild_gives_the_same_numbers(): void {
		$id = self::open_survey();
		$a  = '11111111-1111-4111-8111-111111111111';
		$b  = '22222222-2222-4222-8222-222222222222';
		$this->write( $id, array( self::answer( 1, 'Yes' ) ), 1, false, $a );
		$this->write( $id, array( self::answer( 2, null ) ), 2, false, $a );
		// Skipped, then answered: it moves from skipped to answered.
		$this->write( $id, array( self::answer( 2, array( 'Red' ) ) ), 2, false, $a );
		$this->write( $id, array( self::answer( 1, 'No' ) ), 1, false, $b );
		// The completion drops an answer the response no longer keeps (question 1 of b).
		$this->write( $id, array( self::answer( 5, 4 ) ), 3, true, $b );
		$expected = array(
			self::key( 0, Rollups::METRIC_STARTED )   => 2,
			self::key( 0, Rollups::METRIC_COMPLETED ) => 1,
			self::key( 1, Rollups::METRIC_ANSWERED )  => 1,
			self::key( 2, Rollups::METRIC_ANSWERED )  => 1,
			self::key( 5, Rollups::METRIC_ANSWERED )  => 1,
		);
		$live      = self::funnel( $id );
		// The completion may fall in a later second than the start: its duration bucket is counted then.
		$durations = self::durations( $live );
		$this->assertSame( $expected, array_diff_key( $live, $durations ) );
		$this->assertLessThanOrEqual( 1, array_sum( $durations ) );
		$this->assertSame( array( 1 => array( 'value' => 'Yes', 'status' => 'partial' ), 2 => array( 'value' => '["Red"]', 'status' => 'partial' ) ), array_intersect_key( self::stored_answers( $id ), array( 1 => 1, 2 => 1 ) ) );

		( new Rollups() )->rebuild_survey( $id );
		$this->assertSame( $live, self::funnel( $id ), 'A rebuild from the raw rows gives the same funnel.' );
	}

	/**
	 * The responses list's anchors follow every write of a visitor: a new partial response counts on
	 * the day of its write and in the partial block of its id; a later write on another day moves it
	 * to that day; completing takes it out of both into the publish block; each step equals a rebuild.
	 */
	public function test_the_list_anchors_follow_the_visitors_writes(): void {
		global $wpdb;
		$id      = self::open_survey();
		$anchors = static function () use ( $id ): array {
			global $wpdb;
			$rows = array();
			foreach ( array( 'daily_partials' => 'day', 'id_blocks' => 'status' ) as $table => $key ) {
				foreach ( (array) $wpdb->get_results( $wpdb->prepare( 'SELECT * FROM %i WHERE survey_id = %d AND %i <> 0 ORDER BY %i', Schema::table( $table ), $id, 'count', $key ), ARRAY_A ) as $row ) {
					$rows[] = $table . ' ' . ( $row['day'] ?? $row['status'] . ' ' . $row['block'] ) . ' ' . $row['count'];
				}
			}
			return $rows;
		};
		$check   = function ( string $when ) use ( $id, $anchors ): void {
			$live = $anchors();
			( new Rollups() )->rebuild_survey( $id );
			$this->assertSame( $anchors(), $live, $when );
		};
		$response = (int) $this->write( $id, array( self::answer( 1, 'Yes' ) ), 1, false )->get_data()['id'];
		$block    = Rollups::block_of( $response );
		$today    = Rollups::day_of( (string) $wpdb->get_var( $wpdb->prepare( 'SELECT submitted_at FROM %i WHERE id = %d', Schema::table( 'responses' ), $response ) ) );
		$this->assertSame( array( "daily_partials $today 1", "id_blocks partial $block 1" ), $anchors() );
		$check( 'a new partial response' );

		// A later write, a day later (the repository's own clock argument), moves it to that day.
		$row      = $wpdb->get_row( $wpdb->prepare( 'SELECT id, survey_id, status, submitted_at, started_at, completed_at, closed_at, last_question FROM %i WHERE id = %d', Schema::table( 'responses' ), $response ), ARRAY_A );
		$later    = gmdate( 'Y-m-d H:i:s', strtotime( $row['submitted_at'] . ' UTC' ) + DAY_IN_SECONDS + 60 );
		$types    = Rollups::types( $id );
		( new \UserFeedback\Responses\ResponseRepository() )->update( $row, array( array( 'question_id' => 2, 'value' => null, 'extra' => null ) ), $types, false, $later, 2, array( 'url' => '', 'title' => '' ) );
		$tomorrow = Rollups::day_of( $later );
		$this->assertNotSame( $today, $tomorrow );
		$this->assertSame( array( "daily_partials $tomorrow 1", "id_blocks partial $block 1" ), $anchors() );
		$check( 'a write on another day' );

		$this->write( $id, array( self::answer( 1, 'Yes' ), self::answer( 5, 2 ) ), 2, true );
		$this->assertSame( array( "id_blocks publish $block 1" ), $anchors() );
		$check( 'completed' );
	}

	/**
	 * The upgrade step of version 11 counts the trash of an older site (which had no METRIC_TRASHED),
	 * responses from before version 6 without started_at too, and a second run counts nothing twice;
	 * the list's trash count reads it.
	 */
	public function test_the_trash_count_of_an_older_site_is_filled_once(): void {
		global $wpdb;
		$id   = self::open_survey();
		$ids  = array();
		$uuid = array( '55555555-5555-4555-8555-555555555555', '66666666-6666-4666-8666-666666666666', '77777777-7777-4777-8777-777777777777' );
		foreach ( $uuid as $i => $visitor ) {
			$ids[] = $this->write( $id, array( self::answer( 1, 'Yes' ) ), 1, 2 !== $i, $visitor )->get_data()['id'];
		}
		$repo = new \UserFeedback\Responses\AdminResponseRepository();
		$repo->set_status( $id, $ids, 'trash' );
		$this->assertSame( 3, $repo->status_counts( $id )['trash'] );
		$live = self::funnel( $id );
		// As an older site: a partial response without started_at, and no trash count in the rollup.
		$wpdb->query( $wpdb->prepare( 'UPDATE %i SET started_at = NULL WHERE id = %d', Schema::table( 'responses' ), $ids[2] ) );
		$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE metric = %d', Schema::table( 'daily_funnel' ), Rollups::METRIC_TRASHED ) );
		$this->assertSame( 0, $repo->status_counts( $id )['trash'] );
		( new Rollups() )->fill_trashed();
		( new Rollups() )->fill_trashed();
		$this->assertSame( $live, self::funnel( $id ) );
		$this->assertSame( 3, $repo->status_counts( $id )['trash'] );
		$repo->delete( $id, array( $ids[2] ) );
		$this->assertSame( 2, $repo->status_counts( $id )['trash'], 'Deleting from the trash counts it out.' );
		( new Rollups() )->rebuild_survey( $id );
		$this->assertSame( 2, $repo->status_counts( $id )['trash'], 'A rebuild counts the same.' );
	}

	public function test_trash_restore_and_delete_keep_the_funnel_equal_to_a_rebuild(): void {
		$id = self::open_survey();
		$a  = '33333333-3333-4333-8333-333333333333';
		$b  = '44444444-4444-4444-8444-444444444444';
		$this->write( $id, array( self::answer( 1, 'Yes' ) ), 1, false, $a );
		$partial = $this->write( $id, array( self::answer( 2, null ) ), 2, false, $a )->get_data()['id'];
		$done    = $this->write( $id, array( self::answer( 1, 'No' ), self::answer( 5, 2 ) ), 2, true, $b )->get_data()['id'];
		$repo    = new \UserFeedback\Responses\AdminResponseRepository();
		$check   = function ( string $when ) use ( $id ): void {
			$live = self::funnel( $id );
			( new Rollups() )->rebuild_survey( $id );
			$this->assertSame( self::funnel( $id ), $live, $when );
		};
		$full = self::funnel( $id );

		$repo->set_status( $id, array( $partial, $done ), 'trash' );
		$this->assertSame( array( self::key( 0, Rollups::METRIC_TRASHED ) => 2 ), self::funnel( $id ), 'Nothing of trashed responses is counted but the trash\'s count.' );
		$check( 'after trash' );
		$repo->restore( $id, array( $partial, $done ) );
		$this->assertSame( 'partial', self::status_of( $partial ), 'A restored partial response is partial again.' );
		$this->assertSame( $full, self::funnel( $id ), 'Restore adds back what trash took.' );
		$check( 'after restore' );
		$repo->delete( $id, array( $partial ) );
		$check( 'after delete' );
		$this->assertSame( 1, self::funnel( $id )[ self::key( 0, Rollups::METRIC_STARTED ) ] );
	}

	public function test_responses_limits_count_creations_and_response_writes_every_write(): void {
		$id = self::open_survey();
		add_filter(
			RateLimiter::FILTER,
			static fn( array $limits ): array => array_merge(
				$limits,
				array(
					'responses'       => array( 'limit' => 1, 'window' => 600 ),
					'response_writes' => array( 'limit' => 4, 'window' => 600 ),
				)
			)
		);
		$this->assertSame( 201, $this->write( $id, array( self::answer( 1, 'Yes' ) ), 1, false )->get_status() );
		$this->assertSame( 200, $this->write( $id, array( self::answer( 5, 3 ) ), 2, false )->get_status(), 'A later write creates nothing: the responses limit is not used.' );
		$this->assertSame( 200, $this->write( $id, array( self::answer( 1, 'Yes' ), self::answer( 5, 3 ) ), 2, true )->get_status() );
		$second = $this->write( $id, array( self::answer( 1, 'Yes' ) ), 1, false, '55555555-5555-4555-8555-555555555555' );
		$this->assertSame( 429, $second->get_status(), 'A second response is over the responses limit.' );
		$this->assertSame( RateLimiter::CODE, $second->get_data()['code'] );
		$this->assertNotEmpty( $second->get_headers()['Retry-After'] );
		$fifth = $this->write( $id, array( self::answer( 1, 'Yes' ) ), 1, false );
		$this->assertSame( 429, $fifth->get_status(), 'The fifth write is over response_writes, even a replay.' );
		$this->assertSame( 1, self::count_rows( 'responses', $id ) );
	}}
