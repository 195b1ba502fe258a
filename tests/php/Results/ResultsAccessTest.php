<?php
/**
 * Who may read results (the view-results capability, through the base controller) and what is not
 * there (unknown survey, unknown question, a survey without an nps question): refusals first.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Results;

use UserFeedback\Access\Capabilities;

final class ResultsAccessTest extends ResultsTestCase {

	private int $survey;

	protected function setUp(): void {
		parent::setUp();
		$this->survey = self::results_survey();
		self::respond( $this->survey, gmdate( 'Y-m-d H:i:s' ), array( 1 => 'Yes', 6 => 9, 7 => 'Words' ) );
	}

	/**
	 * @return string[]
	 */
	private function paths(): array {
		return array(
			'/results-summary',
			"/surveys/{$this->survey}/results",
			"/surveys/{$this->survey}/questions/7/answers",
			"/surveys/{$this->survey}/nps",
			"/surveys/{$this->survey}/nps/comments",
		);
	}

	public function test_logged_out_is_401(): void {
		foreach ( $this->paths() as $path ) {
			$this->assertSame( 401, $this->get( $path )->get_status(), $path );
		}
	}

	public function test_a_subscriber_and_an_editor_without_the_capability_are_refused(): void {
		foreach ( array( 'subscriber', 'editor' ) as $role ) {
			$this->as_user( $role );
			foreach ( $this->paths() as $path ) {
				$response = $this->get( $path );
				$this->assertSame( 403, $response->get_status(), "$role $path" );
				$this->assertSame( 'rest_forbidden', self::data( $response )['code'] );
				// Refused before the parameters are judged.
				$this->assertSame( 403, $this->get( $path, array( 'from' => 'nonsense' ) )->get_status(), "$role $path" );
			}
		}
	}

	public function test_an_editor_with_the_capability_may_read(): void {
		get_role( 'editor' )->add_cap( Capabilities::VIEW_RESULTS );
		$this->as_user( 'editor' );
		foreach ( $this->paths() as $path ) {
			$this->assertSame( 200, $this->get( $path )->get_status(), $path );
		}
		// Viewing results is not editing surveys.
		$this->assertSame( 403, $this->get( "/surveys/{$this->survey}" )->get_status() );
	}

	public function test_unknown_survey_question_and_nps_question_are_404(): void {
		$this->as_user( 'administrator' );
		$missing = $this->survey + 1000;
		foreach ( array( "/surveys/$missing/results", "/surveys/$missing/questions/1/answers", "/surveys/$missing/nps", "/surveys/$missing/nps/comments" ) as $path ) {
			$response = $this->get( $path );
			$this->assertSame( 404, $response->get_status(), $path );
			$this->assertSame( 'userfeedback_survey_not_found', self::data( $response )['code'] );
		}

		$response = $this->get( "/surveys/{$this->survey}/questions/99/answers" );
		$this->assertSame( 404, $response->get_status() );
		$this->assertSame( 'userfeedback_question_not_found', self::data( $response )['code'] );

		$this->assertSame( 404, $this->get( "/surveys/{$this->survey}/nps", array( 'question_id' => 99 ) )->get_status() );
		// A question that is not an nps question.
		$this->assertSame( 'userfeedback_no_nps_question', self::data( $this->get( "/surveys/{$this->survey}/nps", array( 'question_id' => 1 ) ) )['code'] );

		$plain = self::results_survey( array( 'questions' => array( self::question( 1 ), self::question( 2, 'text' ) ) ) );
		foreach ( array( "/surveys/$plain/nps", "/surveys/$plain/nps/comments" ) as $path ) {
			$response = $this->get( $path );
			$this->assertSame( 404, $response->get_status(), $path );
			$this->assertSame( 'userfeedback_no_nps_question', self::data( $response )['code'] );
		}
		$this->assertSame( 200, $this->get( "/surveys/$plain/results" )->get_status() );
	}

	public function test_bad_paging_is_400(): void {
		$this->as_user( 'administrator' );
		$this->assertSame( 400, $this->get( '/results-summary', array( 'per_page' => 101 ) )->get_status() );
		$this->assertSame( 400, $this->get( '/results-summary', array( 'orderby' => 'nope' ) )->get_status() );
		$this->assertSame( 400, $this->get( "/surveys/{$this->survey}/questions/7/answers", array( 'page' => 0 ) )->get_status() );
		$this->assertSame( 400, $this->get( "/surveys/{$this->survey}/nps/comments", array( 'search' => str_repeat( 'x', 201 ) ) )->get_status() );
	}
}
