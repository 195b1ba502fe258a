<?php
/**
 * An answer changed after the widget's Back button (issue 18 item 7): the visitor answered a question,
 * went back to it and gave another answer, so the same question of the open response is written again.
 * The later write replaces the stored answer (one row per question), the rollups count the response
 * once with its final answers (equal to a rebuild from the raw rows), the stored email follows a
 * changed address, and an identical write sent again (a retry) changes nothing.
 *
 * Run on both engines: UF_DB=sqlite and UF_DB=mariadb.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Responses;

use UserFeedback\Database\Rollups;
use UserFeedback\Database\Schema;
use UserFeedback\Responses\ResponseRepository;
use WP_REST_Response;

final class ReanswerTest extends ResponsesTestCase {

	private const RID = '5d0c4b1e-7a2f-4c3d-9e8f-0a1b2c3d4e5f';

	/**
	 * @param array<int,array<string,mixed>> $answers Answers.
	 */
	private function write( int $survey_id, array $answers, int $reached, bool $complete = false ): WP_REST_Response {
		return $this->submit(
			$survey_id,
			array(
				'response_id' => self::RID,
				'answers'     => $answers,
				'reached'     => $reached,
				'complete'    => $complete,
			)
		);
	}

	/**
	 * The survey's daily_answers summed over days: "question kind value" => count, without zeros.
	 *
	 * @return array<string,int>
	 */
	private static function counted( int $survey_id ): array {
		global $wpdb;
		$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT question_id, kind, value, SUM(%i) AS n FROM %i WHERE survey_id = %d GROUP BY question_id, kind, value', 'count', Schema::table( 'daily_answers' ), $survey_id ), ARRAY_A );
		$out  = array();
		foreach ( $rows as $row ) {
			if ( 0 !== (int) $row['n'] ) {
				$out[ $row['question_id'] . ' ' . $row['kind'] . ' ' . $row['value'] ] = (int) $row['n'];
			}
		}
		ksort( $out );
		return $out;
	}

	/**
	 * The survey's daily_funnel summed over days, without the duration buckets (the completion may
	 * fall in a later second than the start) and zeros.
	 *
	 * @return array<string,int>
	 */
	private static function funnel( int $survey_id ): array {
		global $wpdb;
		$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT question_id, metric, SUM(%i) AS n FROM %i WHERE survey_id = %d AND metric < %d GROUP BY question_id, metric', 'count', Schema::table( 'daily_funnel' ), $survey_id, Rollups::METRIC_DURATION_BASE ), ARRAY_A );
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
	 * @return array<int,array{value:?string,extra:?string,status:string}> Question id => the stored answer.
	 */
	private static function stored( int $response_id ): array {
		return array_map(
			static fn( array $row ): array => array(
				'value'  => $row['value'],
				'extra'  => $row['extra'],
				'status' => $row['status'],
			),
			self::answer_rows( $response_id )
		);
	}

	/**
	 * Everything a write could change: the response row, its answers and the survey's rollups.
	 *
	 * @return array<string,mixed>
	 */
	private static function state( int $survey_id, int $response_id ): array {
		$row = self::response_row( $response_id );
		unset( $row['submitted_at'] ); // Each write is the response's latest activity.
		return array(
			'response' => $row,
			'answers'  => self::stored( $response_id ),
			'counted'  => self::counted( $survey_id ),
			'funnel'   => self::funnel( $survey_id ),
			'rows'     => self::count_rows( 'answers', $survey_id ),
		);
	}

	private static function value_key( int $question_id, string $value ): string {
		return $question_id . ' ' . Rollups::KIND_VALUE . ' ' . $value;
	}

	private static function kind_key( int $question_id, int $kind ): string {
		return $question_id . ' ' . $kind . ' ';
	}

	public function test_an_answer_changed_after_back_replaces_the_first_and_the_counts_hold_only_the_final_answers(): void {
		$id  = self::open_survey();
		$rid = $this->write( $id, array( self::answer( 1, 'Yes' ) ), 1 )->get_data()['id'];
		$this->write( $id, array( self::answer( 2, array( 'Red' ) ) ), 2 );
		$this->write( $id, array( self::answer( 7, 'first words', array( 'comments' => 'a comment' ) ) ), 3 );
		$this->assertSame( 3, self::count_rows( 'answers', $id ) );

		// Back twice, to question 1: another answer.
		$changed = $this->write( $id, array( self::answer( 1, 'No' ) ), 1 );
		$this->assertSame( 200, $changed->get_status() );
		$this->assertSame( $rid, $changed->get_data()['id'] );
		$answers = self::stored( $rid );
		$this->assertSame( 'No', $answers[1]['value'], 'The changed answer replaced the first.' );
		$this->assertSame( 'partial', $answers[1]['status'] );
		$this->assertSame( '["Red"]', $answers[2]['value'], 'The later answers are kept.' );
		$this->assertSame( 3, self::count_rows( 'answers', $id ), 'Still one row per question.' );
		$this->assertSame( '3', (string) self::response_row( $rid )['last_question'], 'Going back does not lower how far the visitor got.' );
		// On again: question 7 changed too, its comment taken away.
		$this->write( $id, array( self::answer( 7, 'second words' ) ), 3 );
		$this->assertSame( 'second words', self::stored( $rid )[7]['value'] );
		$this->assertNull( self::stored( $rid )[7]['extra'], 'The comment given with the first answer went with it.' );

		$funnel = array(
			'0 ' . Rollups::METRIC_STARTED  => 1,
			'1 ' . Rollups::METRIC_ANSWERED => 1,
			'2 ' . Rollups::METRIC_ANSWERED => 1,
			'7 ' . Rollups::METRIC_ANSWERED => 1,
		);
		$this->assertSame( $funnel, self::funnel( $id ), 'Each question counts once in the funnel, however often it was answered.' );
		$this->assertSame( array(), self::counted( $id ), 'A partial response is not in the answer counts.' );

		$done = $this->write( $id, array( self::answer( 1, 'No' ), self::answer( 2, array( 'Red', 'Blue' ) ), self::answer( 7, 'second words' ) ), 4, true );
		$this->assertSame( 200, $done->get_status() );
		$this->assertTrue( $done->get_data()['complete'] );
		$counted = array(
			self::kind_key( 1, Rollups::KIND_ANSWERED ) => 1,
			self::kind_key( 2, Rollups::KIND_ANSWERED ) => 1,
			self::kind_key( 7, Rollups::KIND_ANSWERED ) => 1,
			self::value_key( 1, 'No' )                  => 1,
			self::value_key( 2, 'Blue' )                => 1,
			self::value_key( 2, 'Red' )                 => 1,
		);
		ksort( $counted );
		$this->assertSame( $counted, self::counted( $id ), 'Only the final answers are counted: no "Yes", no comment.' );
		$funnel['0 ' . Rollups::METRIC_COMPLETED] = 1;
		ksort( $funnel );
		$this->assertSame( $funnel, self::funnel( $id ) );
		$this->assertSame( 1, (int) $this->results_total( $id ) );

		$live = array( self::counted( $id ), self::funnel( $id ) );
		( new Rollups() )->rebuild_survey( $id );
		$this->assertSame( $live, array( self::counted( $id ), self::funnel( $id ) ), 'A rebuild from the raw rows gives the same counts.' );
	}

	public function test_an_identical_write_sent_again_changes_nothing(): void {
		$id  = self::open_survey();
		$rid = $this->write( $id, array( self::answer( 1, 'Yes' ) ), 1 )->get_data()['id'];
		$this->write( $id, array( self::answer( 5, 4 ) ), 2 );
		$this->write( $id, array( self::answer( 1, 'No' ) ), 1 );
		$before = self::state( $id, $rid );
		for ( $i = 0; $i < 3; $i++ ) {
			$again = $this->write( $id, array( self::answer( 1, 'No' ) ), 1 );
			$this->assertSame( 200, $again->get_status() );
			$this->assertSame( $rid, $again->get_data()['id'] );
		}
		$this->assertSame( $before, self::state( $id, $rid ), 'A retried write of the changed answer is idempotent.' );

		$complete = array( self::answer( 1, 'No' ), self::answer( 5, 4 ) );
		$this->write( $id, $complete, 2, true );
		$after = self::state( $id, $rid );
		// The completion's retry, and the first answer's write arriving late, change nothing either.
		$this->write( $id, $complete, 2, true );
		$this->write( $id, array( self::answer( 1, 'Yes' ) ), 1 );
		$this->assertSame( $after, self::state( $id, $rid ) );
		$this->assertSame( 'No', self::stored( $rid )[1]['value'] );
	}

	public function test_a_change_that_hides_a_later_question_drops_its_answer_at_completion(): void {
		$id  = self::open_survey();
		$rid = $this->write( $id, array( self::answer( 1, 'Yes' ) ), 1 )->get_data()['id'];
		$this->write( $id, array( self::answer( 8, 'only asked after Yes' ) ), 2 );
		// Back, No: display logic now skips question 8, and the completion leaves it out.
		$this->write( $id, array( self::answer( 1, 'No' ) ), 1 );
		$this->write( $id, array( self::answer( 1, 'No' ), self::answer( 5, 2 ) ), 3, true );
		$this->assertSame( array( 1, 5 ), array_keys( self::stored( $rid ) ) );
		$this->assertArrayNotHasKey( '8 ' . Rollups::METRIC_ANSWERED, self::funnel( $id ) );
		$this->assertArrayNotHasKey( self::kind_key( 8, Rollups::KIND_ANSWERED ), self::counted( $id ) );
		$live = array( self::counted( $id ), self::funnel( $id ) );
		( new Rollups() )->rebuild_survey( $id );
		$this->assertSame( $live, array( self::counted( $id ), self::funnel( $id ) ) );
	}

	public function test_a_changed_email_address_is_the_response_email(): void {
		if ( ! ResponseRepository::identifies() ) {
			$this->markTestSkipped( 'The responses have no email column before version 7.' );
		}
		$id  = self::open_survey();
		$rid = $this->write( $id, array( self::answer( 9, 'First@Example.com' ) ), 1 )->get_data()['id'];
		$this->assertSame( 'first@example.com', self::response_row( $rid )['email'] );
		$this->write( $id, array( self::answer( 9, 'second@example.com' ) ), 1 );
		$this->assertSame( 'second@example.com', self::response_row( $rid )['email'] );
		$this->write( $id, array( self::answer( 9, null ) ), 1 );
		$this->assertSame( '', self::response_row( $rid )['email'], 'An address taken back (skipped) is no longer the email.' );
	}

	/**
	 * The survey's completed responses as the results route counts them.
	 */
	private function results_total( int $survey_id ): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COALESCE(SUM(%i), 0) FROM %i WHERE survey_id = %d', 'count', Schema::table( 'daily_responses' ), $survey_id ) );
	}
}
