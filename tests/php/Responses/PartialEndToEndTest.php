<?php
/**
 * From the visitor's writes to what the admin reads: one visitor leaves after two answers, one
 * completes in several writes, one old cached page submits in one go; the responses list (default
 * and partial filter), the results' funnel and partial count, the overview's completion rate, the
 * export of partial responses, trash / restore of the partial one, and the cron closing it (the
 * funnel's "left"), all through the routes and the cron hook.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Responses;

use UserFeedback\Database\Schema;
use UserFeedback\Responses\PartialCloser;
use UserFeedback\Tests\Exports\ReadsExports;
use WP_REST_Response;

final class PartialEndToEndTest extends AdminResponsesTestCase {

	use ReadsExports;

	private const LEAVES   = '11111111-1111-4111-8111-111111111111';
	private const FINISHES = '22222222-2222-4222-8222-222222222222';

	private function write( int $survey_id, string $rid, array $answers, int $reached, bool $complete ): WP_REST_Response {
		$response = $this->submit(
			$survey_id,
			array(
				'response_id'    => $rid,
				'answers'        => $answers,
				'reached'        => $reached,
				'complete'       => $complete,
				'page_submitted' => array(
					'link'  => 'https://example.com/pricing/',
					'title' => 'Pricing',
				),
			)
		);
		$this->assertContains( $response->get_status(), array( 200, 201 ), (string) wp_json_encode( $response->get_data() ) );
		return $response;
	}

	public function test_what_visitors_write_is_what_the_admin_reads(): void {
		global $wpdb;
		$survey = self::open_survey( array( 'title' => 'Checkout' ) );

		// Leaves after two answers: sees the third question (index 2) and goes.
		$left = (int) $this->write( $survey, self::LEAVES, array( self::answer( 1, 'Yes' ) ), 1, false )->get_data()['id'];
		$this->write( $survey, self::LEAVES, array( self::answer( 2, array( 'Red' ) ) ), 2, false );

		// Completes: one answer, then (40 seconds later) the whole set with a skipped checkbox.
		$done = (int) $this->write( $survey, self::FINISHES, array( self::answer( 1, 'No' ) ), 1, false )->get_data()['id'];
		$wpdb->query( $wpdb->prepare( 'UPDATE %i SET started_at = %s WHERE id = %d', Schema::table( 'responses' ), gmdate( 'Y-m-d H:i:s', time() - 40 ), $done ) );
		$this->write( $survey, self::FINISHES, array( self::answer( 1, 'No' ), self::answer( 2, null ), self::answer( 5, 4 ) ), 9, true );

		// An old cached page: one complete write without a response id.
		$once = $this->submit_answers( $survey, array( self::answer( 1, 'Yes' ) ) );
		$this->assertSame( 201, $once->get_status() );
		$once = (int) $once->get_data()['id'];

		// The admin's requests (the visitor's globals do not matter to them; the savepoints that keep
		// their transactions inside the test's stay on until tearDown).
		$this->as_elite();
		$this->as_user( 'administrator' );

		$list = $this->list_data( $survey );
		$this->assertSame( array( $once, $done ), self::ids_of( $list ) );
		$this->assertSame( array( 2, 2, 1, 0 ), array_column( $list['status_filters'], 'count' ) );
		$this->assertSame( array( true, true ), array_column( $list['items'], 'complete' ) );

		$partial = $this->list_data( $survey, array( 'filter' => array( 'status' => 'partial' ) ) );
		$this->assertSame( array( $left ), self::ids_of( $partial ) );
		$item = $partial['items'][0];
		$this->assertSame( 'partial', $item['status'] );
		$this->assertFalse( $item['complete'] );
		$this->assertNull( $item['completed_at'] );
		$this->assertIsString( $item['started_at'] );
		$this->assertSame( 2, $item['last_question'] );
		$this->assertSame( array( 1, 2 ), array_column( $item['answers'], 'question_id' ) );

		$results = self::data( $this->rest( 'GET', self::NS . "/surveys/$survey/results" ) );
		$this->assertSame( 2, $results['range_responses_count'], 'Results count completed responses.' );
		$this->assertSame( 1, $results['partial'] );
		$funnel = $results['funnel'];
		$this->assertSame( 3, $funnel['started'] );
		$this->assertSame( 2, $funnel['completed'] );
		$this->assertSame( 0.6667, $funnel['completion_rate'] );
		// The one completion with a duration took 40 s, in the bucket (30, 45]: 30 + 1/2 * 15.
		$this->assertSame( 38, $funnel['median_seconds'] );
		$by_question = array_column( $funnel['questions'], null, 'question_id' );
		$this->assertSame( array( 1, 2, 3, 4, 5, 6, 7, 8, 9 ), array_keys( $by_question ) );
		$this->assertSame( array( 'reached' => 3, 'answered' => 3, 'skipped' => 0, 'left' => 0 ), array_intersect_key( $by_question[1], array_flip( array( 'reached', 'answered', 'skipped', 'left' ) ) ) );
		$this->assertSame( array( 'reached' => 2, 'answered' => 1, 'skipped' => 1, 'left' => 0 ), array_intersect_key( $by_question[2], array_flip( array( 'reached', 'answered', 'skipped', 'left' ) ) ) );
		$this->assertSame( 1, $by_question[5]['answered'] );

		$overview = self::data( $this->rest( 'GET', self::NS . '/results-summary' ) );
		$this->assertSame( 0.6667, array_column( $overview['surveys'], 'completion_rate', 'id' )[ $survey ] );

		// The export of partial responses holds the one that left.
		$rows = self::csv_rows( $this->export( array( 'survey_id' => (string) $survey, 'format' => 'csv', 'status' => 'partial' ) ) );
		$this->assertSame( array( (string) $left ), array_column( array_slice( $rows, 1 ), 0 ) );
		$this->assertSame( 'No', $rows[1][3] );
		$this->assertSame( array( (string) $done, (string) $once ), array_column( array_slice( self::csv_rows( $this->export( array( 'survey_id' => (string) $survey, 'format' => 'csv' ) ) ), 1 ), 0 ) );

		// Trash takes it out of the funnel and the partial count; restore brings it back as partial.
		$this->assertSame( 200, $this->rest( 'POST', self::NS . "/surveys/$survey/responses/trash", array(), array( 'response_ids' => array( $left ) ) )->get_status() );
		$results = self::data( $this->rest( 'GET', self::NS . "/surveys/$survey/results" ) );
		$this->assertSame( array( 2, 2, 0 ), array( $results['funnel']['started'], $results['funnel']['completed'], $results['partial'] ) );
		$this->assertSame( 1, $results['funnel']['questions'][1]['reached'] );
		$this->assertSame( array( 2, 2, 0, 1 ), array_column( $this->list_data( $survey )['status_filters'], 'count' ) );
		$this->assertSame( 200, $this->rest( 'POST', self::NS . "/surveys/$survey/responses/restore", array(), array( 'response_ids' => array( $left ) ) )->get_status() );
		$this->assertSame( 'partial', self::response_row( $left )['status'] );
		$results = self::data( $this->rest( 'GET', self::NS . "/surveys/$survey/results" ) );
		$this->assertSame( array( 3, 2, 1 ), array( $results['funnel']['started'], $results['funnel']['completed'], $results['partial'] ) );
		$this->assertSame( array( 2, 2, 1, 0 ), array_column( $this->list_data( $survey )['status_filters'], 'count' ) );

		// Untouched for over 24 hours, the cron closes it: the funnel shows where the visitor left.
		$this->assertSame( 0, $results['funnel']['questions'][2]['left'] );
		$wpdb->query( $wpdb->prepare( 'UPDATE %i SET submitted_at = %s WHERE id = %d', Schema::table( 'responses' ), gmdate( 'Y-m-d H:i:s', time() - DAY_IN_SECONDS - 60 ), $left ) );
		do_action( PartialCloser::HOOK );
		$this->assertNotNull( self::response_row( $left )['closed_at'] );
		$results = self::data( $this->rest( 'GET', self::NS . "/surveys/$survey/results" ) );
		$this->assertSame( 1, $results['partial'], 'A closed partial is still a partial response.' );
		$third = $results['funnel']['questions'][2];
		$this->assertSame( array( 3, 1, 0, 0, 1 ), array( $third['question_id'], $third['reached'], $third['answered'], $third['skipped'], $third['left'] ) );
		$this->assertSame( array( 0, 0 ), array( $results['funnel']['questions'][0]['left'], $results['funnel']['questions'][1]['left'] ) );
		$this->assertSame( array( $left ), self::ids_of( $this->list_data( $survey, array( 'filter' => array( 'status' => 'partial' ) ) ) ) );
	}
}
