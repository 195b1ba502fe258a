<?php
/**
 * Results survive question edits (issue 17, item 5): on a survey with answers, a save that removes or
 * retypes a question archives it instead of dropping it. Visitors, limits and logic see only the live
 * questions; the survey answer, results, responses and exports keep the archived ones, marked.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Surveys;

use UserFeedback\Frontend\VisitorSurveys;
use UserFeedback\Plugin;
use UserFeedback\Surveys\QuestionArchive;
use UserFeedback\Surveys\SurveyLimits;
use UserFeedback\Tests\Exports\ReadsExports;
use UserFeedback\Tests\Results\ResultsTestCase;

final class QuestionArchiveTest extends ResultsTestCase {

	use ReadsExports;

	private const RANGE = array(
		'from' => '2026-11-01',
		'to'   => '2026-11-20',
	);

	protected function setUp(): void {
		parent::setUp();
		$this->as_user( 'administrator' );
		$this->as_elite();
	}

	/**
	 * Three questions: a radio, a text shown only when the radio is "Yes", a long text.
	 *
	 * @return array<int,array<string,mixed>>
	 */
	private static function three(): array {
		return array(
			self::question( 1, 'radio-button', array( 'title' => 'Do you like it?' ) ),
			self::question(
				2,
				'text',
				array(
					'title' => 'What do you like?',
					'logic' => array(
						'enabled'    => true,
						'action'     => 'show',
						'conditions' => array(
							array(
								'question_id' => 1,
								'compare'     => 'equals',
								'value'       => 'Yes',
							),
						),
					),
				)
			),
			self::question( 3, 'long-text', array( 'title' => 'Anything else?' ) ),
		);
	}

	/**
	 * A published survey of three() with two responses.
	 */
	private function answered_survey(): int {
		$id = $this->create_id(
			array(
				'status'    => 'publish',
				'questions' => self::three(),
			)
		);
		self::respond( $id, '2026-11-10 10:00:00', array( 1 => 'Yes', 2 => 'The colours', 3 => 'Nothing' ) );
		self::respond( $id, '2026-11-11 10:00:00', array( 1 => 'No', 3 => 'Too slow' ) );
		return $id;
	}

	/**
	 * Saves the survey's live questions as the builder would, changed by $change.
	 *
	 * @param callable(array<int,array<string,mixed>>):array<int,array<string,mixed>> $change
	 * @return array<string,mixed> The survey as the save answers it.
	 */
	private function save_questions( int $id, callable $change ): array {
		$live     = QuestionArchive::live( $this->fetch( $id )['questions'] );
		$response = $this->update( $id, array( 'questions' => $change( $live ) ) );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		return self::data( $response );
	}

	/**
	 * @param array<int,array<string,mixed>> $questions Questions.
	 * @return array<int,array<string,mixed>> Id => question.
	 */
	private static function by_id( array $questions ): array {
		return array_column( $questions, null, 'id' );
	}

	private static function visitor( int $id ): ?array {
		return ( new VisitorSurveys( Plugin::instance()->surveys ) )->find( $id );
	}

	public function test_deleting_an_answered_question_archives_it(): void {
		$id     = $this->answered_survey();
		$survey = $this->save_questions( $id, static fn( array $q ): array => array( $q[0], $q[2] ) );

		$questions = self::by_id( $survey['questions'] );
		$this->assertSame( array( 1, 3, 2 ), array_keys( $questions ), 'The archived question is kept after the live ones.' );
		$this->assertTrue( $questions[2]['archived'] );
		$this->assertSame( 'What do you like?', $questions[2]['title'], 'Kept under its old title.' );
		$this->assertSame( 'text', $questions[2]['type'] );
		$this->assertArrayNotHasKey( 'archived', $questions[1] );
		$this->assertArrayNotHasKey( 'archived', $questions[3] );

		$visitor = self::visitor( $id );
		$this->assertNotNull( $visitor );
		$this->assertSame( array( 1, 3 ), array_column( $visitor['questions'], 'id' ), 'Visitors never see an archived question.' );
	}

	public function test_deleting_a_question_without_answers_drops_it(): void {
		$id     = $this->answered_survey();
		$survey = $this->save_questions(
			$id,
			static fn( array $q ): array => array_merge( $q, array( self::question( 0, 'text', array( 'title' => 'New one' ) ) ) )
		);
		$new    = (int) end( $survey['questions'] )['id'];
		$survey = $this->save_questions( $id, static fn( array $q ): array => array_values( array_filter( $q, static fn( array $x ): bool => $x['id'] !== $new ) ) );
		$this->assertSame( array( 1, 2, 3 ), array_column( $survey['questions'], 'id' ) );
		$this->assertSame( array(), QuestionArchive::archived( $survey['questions'] ), 'Nothing to keep: no archive.' );
	}

	public function test_retyping_an_answered_question_archives_the_old_one_and_gives_the_new_one_a_fresh_id(): void {
		$id     = $this->answered_survey();
		$survey = $this->save_questions(
			$id,
			static function ( array $q ): array {
				$q[0]['type']   = 'checkbox';
				$q[0]['config'] = array( 'options' => array( 'Yes', 'No', 'Maybe' ) );
				// A checkbox is compared with "in" (the builder resets the comparator on a retype).
				$q[1]['logic']['conditions'][0]['compare'] = 'in';
				return $q;
			}
		);

		$archived = QuestionArchive::archived( $survey['questions'] );
		$this->assertCount( 1, $archived );
		$this->assertSame( 1, $archived[0]['id'], 'The old question keeps its id: its answers are keyed by it.' );
		$this->assertSame( 'radio-button', $archived[0]['type'] );
		$this->assertSame( array( 'Yes', 'No' ), $archived[0]['config']['options'] );

		$live = QuestionArchive::live( $survey['questions'] );
		$this->assertSame( 'checkbox', $live[0]['type'] );
		$this->assertGreaterThan( 3, $live[0]['id'], 'The retyped question is a new one.' );
		$this->assertSame( 'Do you like it?', $live[0]['title'] );
		// Question 2's display logic follows the retyped question to its new id.
		$this->assertSame( $live[0]['id'], $live[1]['logic']['conditions'][0]['question_id'] );
		$this->assertTrue( $live[1]['logic']['enabled'] );
	}

	public function test_retyping_a_question_without_answers_keeps_its_id(): void {
		$id     = $this->answered_survey();
		$survey = $this->save_questions(
			$id,
			static function ( array $q ): array {
				$q[2]['type'] = 'text'; // Question 3 has answers...
				return $q;
			}
		);
		$this->assertSame( array( 3 ), array_column( QuestionArchive::archived( $survey['questions'] ), 'id' ) );

		$fresh  = $this->create_id( array( 'questions' => self::three() ) ); // ...this survey has none.
		$survey = $this->save_questions(
			$fresh,
			static function ( array $q ): array {
				$q[2]['type'] = 'text';
				return $q;
			}
		);
		$this->assertSame( array( 1, 2, 3 ), array_column( $survey['questions'], 'id' ) );
		$this->assertSame( 'text', $survey['questions'][2]['type'] );
		$this->assertSame( array(), QuestionArchive::archived( $survey['questions'] ) );
	}

	public function test_saving_again_keeps_archived_questions(): void {
		$id = $this->answered_survey();
		$this->save_questions( $id, static fn( array $q ): array => array( $q[0], $q[2] ) );

		// A save without questions, then one with the (live) questions edited.
		$response = $this->update( $id, array( 'title' => 'Renamed' ) );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( array( 2 ), array_column( QuestionArchive::archived( self::data( $response )['questions'] ), 'id' ) );

		$survey = $this->save_questions(
			$id,
			static function ( array $q ): array {
				$q[0]['title'] = 'Do you love it?';
				return $q;
			}
		);
		$this->assertSame( array( 1, 3, 2 ), array_column( $survey['questions'], 'id' ) );
		$this->assertTrue( self::by_id( $survey['questions'] )[2]['archived'] );
		$this->assertSame( 'What do you like?', self::by_id( $survey['questions'] )[2]['title'] );
	}

	public function test_a_client_cannot_archive_or_unarchive_a_question(): void {
		$id = $this->answered_survey();
		$this->save_questions( $id, static fn( array $q ): array => array( $q[0], $q[2] ) );

		// archived: true sent on a live question is ignored.
		$survey = $this->save_questions(
			$id,
			static function ( array $q ): array {
				$q[0]['archived'] = true;
				return $q;
			}
		);
		$this->assertSame( array( 1, 3 ), array_column( QuestionArchive::live( $survey['questions'] ), 'id' ) );

		// The archived question sent back under its id (un-archive, or write over it): it becomes a
		// new question with a fresh id, and the archived one stays as it was.
		$survey = $this->save_questions(
			$id,
			static fn( array $q ): array => array_merge(
				$q,
				array(
					self::question(
						2,
						'radio-button',
						array(
							'title'    => 'Overwritten?',
							'archived' => false,
						)
					),
				)
			)
		);
		$questions = self::by_id( $survey['questions'] );
		$this->assertTrue( $questions[2]['archived'] );
		$this->assertSame( 'What do you like?', $questions[2]['title'] );
		$this->assertSame( 'text', $questions[2]['type'] );
		$live = QuestionArchive::live( $survey['questions'] );
		$this->assertCount( 3, $live );
		$this->assertSame( 'Overwritten?', $live[2]['title'] );
		$this->assertGreaterThan( 3, $live[2]['id'] );
		$this->assertNotContains( 2, array_column( self::visitor( $id )['questions'], 'id' ) );
	}

	public function test_logic_about_an_archived_question_is_dropped(): void {
		$id     = $this->answered_survey();
		$survey = $this->save_questions( $id, static fn( array $q ): array => array( $q[1], $q[2] ) );

		$this->assertSame( array( 1 ), array_column( QuestionArchive::archived( $survey['questions'] ), 'id' ) );
		$text = self::by_id( $survey['questions'] )[2];
		$this->assertSame( array(), $text['logic']['conditions'], 'A condition about a removed question is dropped, archived or not.' );
		$this->assertFalse( $text['logic']['enabled'] );
	}

	public function test_limits_count_live_questions_only(): void {
		$id = $this->answered_survey();
		$this->save_questions( $id, static fn( array $q ): array => array( $q[1] ) ); // Archives 1 and 3.

		$many = array();
		for ( $i = 0; $i < SurveyLimits::MAX_QUESTIONS; $i++ ) {
			$many[] = self::question( 0, 'text', array( 'title' => "Q$i" ) );
		}
		$response = $this->update( $id, array( 'questions' => $many ) );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$questions = self::data( $response )['questions'];
		$this->assertCount( SurveyLimits::MAX_QUESTIONS, QuestionArchive::live( $questions ) );
		$this->assertSame( array( 1, 3, 2 ), array_column( QuestionArchive::archived( $questions ), 'id' ) );
		$this->assertCount( SurveyLimits::MAX_QUESTIONS, self::visitor( $id )['questions'] );

		$many[]   = self::question( 0, 'text' );
		$response = $this->update( $id, array( 'questions' => $many ) );
		$this->assertSame( 400, $response->get_status(), 'More live questions than the limit are still refused.' );
	}

	public function test_a_duplicate_has_no_archived_questions(): void {
		$id = $this->answered_survey();
		$this->save_questions( $id, static fn( array $q ): array => array( $q[0], $q[2] ) );

		$response = $this->rest( 'POST', self::NS . "/surveys/$id/duplicate" );
		$this->assertContains( $response->get_status(), array( 200, 201 ), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame( array( 1, 3 ), array_column( self::data( $response )['questions'], 'id' ) );
		$this->assertSame( array(), QuestionArchive::archived( self::data( $response )['questions'] ) );
	}

	public function test_results_responses_and_exports_show_archived_questions_as_removed(): void {
		$id = $this->answered_survey();
		$this->save_questions( $id, static fn( array $q ): array => array( $q[0], $q[2] ) );

		$stats = $this->ok( "/surveys/$id/results", self::RANGE )['question_stats'];
		$this->assertSame( array( 1, 3, 2 ), array_column( $stats, 'id' ) );
		$removed = self::stats_of( $stats, 2 );
		$this->assertTrue( $removed['archived'] );
		$this->assertSame( 'What do you like?', $removed['title'] );
		$this->assertSame( 1, $removed['total_answers'], 'Its answers are still counted.' );
		$this->assertArrayNotHasKey( 'archived', self::stats_of( $stats, 1 ) );
		$answers = $this->ok( "/surveys/$id/questions/2/answers", self::RANGE );
		$this->assertSame( 'The colours', $answers['items'][0]['value'] );

		$list = $this->ok( "/surveys/$id/responses" );
		$this->assertSame(
			array(
				array( 'id' => 1, 'title' => 'Do you like it?', 'type' => 'radio-button' ),
				array( 'id' => 3, 'title' => 'Anything else?', 'type' => 'long-text' ),
				array( 'id' => 2, 'title' => 'What do you like?', 'type' => 'text', 'archived' => true ),
			),
			$list['survey']['questions']
		);
		$first = end( $list['items'] );
		$this->assertContains( array( 'question_id' => 2, 'value' => 'The colours', 'extra' => null ), $first['answers'] );
		$detail = $this->ok( "/surveys/$id/responses/{$first['id']}" );
		$this->assertTrue( end( $detail['survey']['questions'] )['archived'] );

		$csv = self::csv_rows( $this->export( array( 'survey_id' => (string) $id, 'format' => 'csv', 'status' => 'publish' ) ) );
		$this->assertSame( array( 'Do you like it?', 'Anything else?', 'What do you like? (removed)' ), array_slice( $csv[0], 10 ) );
		$this->assertContains( 'The colours', array_merge( $csv[1], $csv[2] ) );
		$xlsx = self::xlsx_rows( $this->export( array( 'survey_id' => (string) $id, 'format' => 'xlsx' ) ) );
		$this->assertSame( 'What do you like? (removed)', end( $xlsx[0] ) );
		$question = self::csv_rows( $this->export( array( 'survey_id' => (string) $id, 'format' => 'csv', 'report' => 'question', 'question_id' => '2' ) ) );
		$this->assertSame( 'What do you like? (removed)', $question[0][2] );
	}

	public function test_visitors_cannot_answer_an_archived_question(): void {
		$id = $this->answered_survey();
		$this->save_questions( $id, static fn( array $q ): array => array( $q[0], $q[2] ) );

		$live = QuestionArchive::live( Plugin::instance()->surveys->find( $id )['questions'] );
		$this->assertSame( array( 1, 3 ), array_column( $live, 'id' ) );
		$this->expectException( \UserFeedback\Rest\ApiException::class );
		$this->expectExceptionMessage( 'Question 2 is not part of this survey.' );
		\UserFeedback\Responses\AnswerValidator::validate(
			$live,
			array(
				array(
					'question_id' => 2,
					'value'       => 'Sneaky',
				),
			),
			false
		);
	}

	public function test_responses_say_which_questions_logic_did_not_show(): void {
		$id = $this->answered_survey();
		// Question 2 is shown only after "Yes"; a "Yes" response that skipped it did see it.
		self::respond( $id, '2026-11-12 10:00:00', array( 1 => 'Yes', 2 => null, 3 => 'x' ) );

		$items = array_column( $this->ok( "/surveys/$id/responses", array( 'orderby' => 'submitted_at', 'order' => 'asc' ) )['items'], null, 'submitted_at' );
		$this->assertSame( array(), $items['2026-11-10T10:00:00Z']['not_shown'] );
		$this->assertSame( array( 2 ), $items['2026-11-11T10:00:00Z']['not_shown'], 'After "No", question 2 was not shown.' );
		$this->assertSame( array(), $items['2026-11-12T10:00:00Z']['not_shown'], 'Shown and skipped.' );

		// Action hide: hidden when the condition holds.
		$this->save_questions(
			$id,
			static function ( array $q ): array {
				$q[1]['logic']['action'] = 'hide';
				return $q;
			}
		);
		$items = array_column( $this->ok( "/surveys/$id/responses" )['items'], null, 'submitted_at' );
		$this->assertSame( array(), $items['2026-11-11T10:00:00Z']['not_shown'] );
		$this->assertSame( array( 2 ), $items['2026-11-12T10:00:00Z']['not_shown'] );
	}
}
