<?php
/**
 * Survey files (issue 18, item 8): GET surveys/export answers a versioned file without the site's ids,
 * responses or notification addresses; POST surveys/import creates new drafts from one, with fresh
 * question ids and every reference moved, or refuses the whole file with a path per problem
 * (malformed, oversized, hostile: unknown keys, 10 MB, script in titles, references to missing
 * questions) and writes nothing.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Surveys;

use UserFeedback\Database\Schema;
use UserFeedback\Surveys\SurveyFiles;
use UserFeedback\Tests\SurveyTestCase;
use WP_REST_Request;
use WP_REST_Response;

final class SurveyFilesTest extends SurveyTestCase {

	use \UserFeedback\Tests\VisitorRequests;

	protected function setUp(): void {
		parent::setUp();
		// The import's transaction stays inside the test's (a savepoint on MariaDB).
		$this->start_visitor_request( array(), 'PHPUnit' );
		$this->as_elite();
		$this->as_user( 'administrator' );
	}

	protected function tearDown(): void {
		$this->end_visitor_request();
		parent::tearDown();
	}

	/**
	 * A survey with display logic, email logic and a conditional redirect, its questions numbered 4, 7, 9.
	 *
	 * @return array<string,mixed>
	 */
	private static function with_logic(): array {
		return self::survey(
			array(
				'title'         => 'Checkout feedback',
				'questions'     => array(
					self::question( 4, 'radio-button' ),
					self::question( 7, 'nps' ),
					self::question(
						9,
						'long-text',
						array(
							'logic' => array(
								'enabled'    => true,
								'action'     => 'show',
								'conditions' => array(
									array( 'question_id' => 4, 'compare' => 'equals', 'value' => 'No' ),
									array( 'question_id' => 7, 'compare' => 'less_than', 'value' => '7' ),
								),
							),
						)
					),
				),
				'settings'      => array(
					'thank_you' => array(
						'type'       => 'conditional_redirect',
						'conditions' => array(
							array( 'question' => 7, 'condition_type' => 'greater_than', 'condition' => '8', 'page' => null, 'redirect_url' => 'https://example.com/review' ),
						),
					),
					'behavior'  => array( 'timing' => 'delay', 'timing_delay' => 5 ),
				),
				'notifications' => array(
					'email' => array(
						'active'    => true,
						'addresses' => 'owner@example.com',
						'logic'     => array(
							'enable'     => true,
							'action'     => 'send',
							'conditions' => array( array( 'question_id' => 4, 'compare' => 'equals', 'value' => 'No' ) ),
						),
					),
				),
			)
		);
	}

	private function export( string $ids ): WP_REST_Response {
		return $this->rest( 'GET', self::NS . '/surveys/export', array( 'ids' => $ids ) );
	}

	/**
	 * POST surveys/import with a raw body.
	 */
	private function import_raw( string $body, string $type = 'application/json' ): WP_REST_Response {
		$request = new WP_REST_Request( 'POST', self::NS . '/surveys/import' );
		$request->set_header( 'Content-Type', $type );
		$request->set_body( $body );
		return rest_do_request( $request );
	}

	/**
	 * @param mixed $document The file.
	 */
	private function import( $document ): WP_REST_Response {
		return $this->import_raw( (string) wp_json_encode( $document ) );
	}

	/**
	 * POST surveys/import with the file uploaded in the multipart field "file".
	 */
	private function upload( string $bytes ): WP_REST_Response {
		$path = (string) tempnam( get_temp_dir(), 'uf-survey-file' );
		file_put_contents( $path, $bytes ); // phpcs:ignore WordPress.WP.AlternativeFunctions
		$request = new WP_REST_Request( 'POST', self::NS . '/surveys/import' );
		$request->set_header( 'Content-Type', 'multipart/form-data; boundary=x' );
		$request->set_file_params(
			array(
				'file' => array(
					'name'     => 'surveys.json',
					'type'     => 'application/json',
					'tmp_name' => $path,
					'error'    => UPLOAD_ERR_OK,
					'size'     => strlen( $bytes ),
				),
			)
		);
		$response = rest_do_request( $request );
		unlink( $path ); // phpcs:ignore WordPress.WP.AlternativeFunctions
		return $response;
	}

	/**
	 * A valid file of the given surveys (as an export answers them).
	 *
	 * @param array<int,array<string,mixed>> $surveys Surveys of the file.
	 * @return array<string,mixed>
	 */
	private static function file( array $surveys ): array {
		return array(
			'format'      => 'userfeedback-survey',
			'version'     => '1.0',
			'exported_at' => '2026-11-26T12:00:00Z',
			'source'      => 'https://example.com/',
			'surveys'     => $surveys,
		);
	}

	/**
	 * A survey as a file holds it (from the export of a fresh copy of with_logic()).
	 *
	 * @return array<string,mixed>
	 */
	private function exported_entry(): array {
		$id = $this->create_id( self::with_logic() );
		return self::data( $this->export( (string) $id ) )['surveys'][0];
	}

	private static function survey_count(): int {
		global $wpdb;
		return (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i', Schema::table( 'surveys' ) ) );
	}

	/**
	 * @param array<string,mixed> $data A refusal's body.
	 * @return string[] Its data.errors' paths.
	 */
	private static function paths( array $data ): array {
		return array_column( (array) ( $data['data']['errors'] ?? array() ), 'path' );
	}

	public function test_export_answers_a_versioned_file_to_download_without_ids_responses_or_addresses(): void {
		$first  = $this->create_id( self::with_logic() );
		$second = $this->create_id( array( 'title' => 'Second', 'status' => 'publish' ) );
		self::add_responses( $first, 2 );

		$response = $this->export( "$second,$first" );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertMatchesRegularExpression( '/^attachment; filename="userfeedback-surveys-\d{4}-\d{2}-\d{2}\.json"$/', $response->get_headers()['Content-Disposition'] );
		$file = self::data( $response );

		$this->assertSame( array( 'format', 'version', 'exported_at', 'source', 'surveys' ), array_keys( $file ) );
		$this->assertSame( 'userfeedback-survey', $file['format'] );
		$this->assertSame( '1.0', $file['version'] );
		$this->assertMatchesRegularExpression( '/^\d{4}-\d{2}-\d{2}T\d{2}:\d{2}:\d{2}Z$/', $file['exported_at'] );
		$this->assertSame( home_url( '/' ), $file['source'] );
		$this->assertSame( array( 'Second', 'Checkout feedback' ), array_column( $file['surveys'], 'title' ) );
		foreach ( $file['surveys'] as $survey ) {
			$this->assertSame( array( 'title', 'type', 'template', 'questions', 'settings', 'notifications' ), array_keys( $survey ) );
			$this->assertArrayNotHasKey( 'addresses', $survey['notifications']['email'] );
		}
		$this->assertStringNotContainsString( 'owner@example.com', (string) wp_json_encode( $file ) );
		$logic = $file['surveys'][1];
		$this->assertSame( array( 4, 7, 9 ), array_column( $logic['questions'], 'id' ) );
		$this->assertSame( array( 4, 7 ), array_column( $logic['questions'][2]['logic']['conditions'], 'question_id' ) );
		$this->assertTrue( $logic['notifications']['email']['active'] );
	}

	public function test_export_of_an_unknown_id_is_404_naming_it(): void {
		$id       = $this->create_id();
		$response = $this->export( "$id,99999" );
		$this->assertSame( 404, $response->get_status() );
		$this->assertStringContainsString( '99999', self::data( $response )['message'] );
		$this->assertSame( 400, $this->export( 'one,two' )->get_status() );
	}

	public function test_import_round_trip_creates_drafts_with_fresh_ids_and_every_reference_moved(): void {
		$original = $this->create_id( array_merge( self::with_logic(), array( 'status' => 'publish' ) ) );
		$file     = self::data( $this->export( (string) $original ) );
		// A file from elsewhere: ids the site would never give a new survey.
		$file['surveys'][0] = self::renumber( $file['surveys'][0], array( 4 => 40, 7 => 70, 9 => 90 ) );
		$file['surveys'][]  = $file['surveys'][0]; // The same survey twice: two new drafts.

		$before   = self::survey_count();
		$response = $this->upload( (string) wp_json_encode( $file ) );
		$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$answer = self::data( $response );
		$this->assertArrayNotHasKey( 'stripped', $answer );
		$this->assertCount( 2, $answer['created'] );
		$this->assertSame( $before + 2, self::survey_count() );
		$this->assertNotContains( $original, array_column( $answer['created'], 'id' ), 'Never over an existing survey.' );

		$source = $this->fetch( $original );
		foreach ( $answer['created'] as $created ) {
			$copy = $this->fetch( $created['id'] );
			$this->assertSame( 'Checkout feedback', $created['title'] );
			$this->assertSame( 'draft', $copy['status'] );
			$this->assertSame( 0, $copy['responses_count'] );
			$this->assertSame( array( 1, 2, 3 ), array_column( $copy['questions'], 'id' ), 'Fresh ids, as a save gives them.' );
			$this->assertSame( array( 1, 2 ), array_column( $copy['questions'][2]['logic']['conditions'], 'question_id' ) );
			$this->assertSame( array( 1 ), array_column( $copy['notifications']['email']['logic']['conditions'], 'question_id' ) );
			$this->assertSame( array( 2 ), array_column( $copy['settings']['thank_you']['conditions'], 'question' ) );
			// Everything else as the original: questions (but their ids), settings, notifications (but the addresses).
			$this->assertSame( self::without_ids( $source['questions'] ), self::without_ids( $copy['questions'] ) );
			$this->assertSame( self::renumber_settings( $source['settings'] ), $copy['settings'] );
			$this->assertSame( get_option( 'admin_email' ), $copy['notifications']['email']['addresses'] );
			$this->assertSame( $source['notifications']['email']['logic']['enable'], $copy['notifications']['email']['logic']['enable'] );
		}
	}

	/**
	 * @param array<string,mixed> $survey A survey of a file.
	 * @param array<int,int>      $ids    Old id => new id.
	 * @return array<string,mixed>
	 */
	private static function renumber( array $survey, array $ids ): array {
		foreach ( $survey['questions'] as &$question ) {
			$question['id'] = $ids[ $question['id'] ];
			foreach ( $question['logic']['conditions'] as &$condition ) {
				$condition['question_id'] = $ids[ $condition['question_id'] ];
			}
			unset( $condition );
		}
		unset( $question );
		foreach ( $survey['notifications']['email']['logic']['conditions'] as &$condition ) {
			$condition['question_id'] = $ids[ $condition['question_id'] ];
		}
		unset( $condition );
		foreach ( $survey['settings']['thank_you']['conditions'] as &$row ) {
			$row['question'] = $ids[ $row['question'] ];
		}
		unset( $row );
		return $survey;
	}

	/**
	 * @param array<int,array<string,mixed>> $questions Questions.
	 * @return array<int,array<string,mixed>>
	 */
	private static function without_ids( array $questions ): array {
		foreach ( $questions as &$question ) {
			unset( $question['id'] );
			foreach ( $question['logic']['conditions'] as &$condition ) {
				unset( $condition['question_id'] );
			}
			unset( $condition );
		}
		unset( $question );
		return $questions;
	}

	/**
	 * The original's settings with its question ids 4, 7, 9 as the copy's 1, 2, 3.
	 *
	 * @param array<string,mixed> $settings Settings.
	 * @return array<string,mixed>
	 */
	private static function renumber_settings( array $settings ): array {
		foreach ( $settings['thank_you']['conditions'] as &$row ) {
			$row['question'] = array( 4 => 1, 7 => 2, 9 => 3 )[ $row['question'] ];
		}
		unset( $row );
		return $settings;
	}

	public function test_a_raw_json_body_imports_too(): void {
		$response = $this->import( self::file( array( array( 'title' => 'Plain', 'questions' => array( self::question( 1 ) ) ) ) ) );
		$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame( 'Plain', self::data( $response )['created'][0]['title'] );
	}

	public function test_malformed_json_is_refused(): void {
		foreach ( array( 'raw' => fn() => $this->import_raw( '{"format": "userfeedback-survey",' ), 'upload' => fn() => $this->upload( "\xEF\xBB\xBF{ nope" ) ) as $how => $send ) {
			$response = $send();
			$this->assertSame( 400, $response->get_status(), $how );
			$data = self::data( $response );
			$this->assertSame( SurveyFiles::INVALID, $data['code'], $how );
			$this->assertStringContainsString( 'not valid JSON', $data['message'], $how );
			$this->assertSame( array(), $data['data']['errors'], $how );
		}
	}

	public function test_a_file_of_another_format_is_refused(): void {
		foreach ( array( array( 'format' => 'wpforms', 'surveys' => array() ), array( 1, 2 ), 'survey' ) as $document ) {
			$response = $this->upload( (string) wp_json_encode( $document ) );
			$this->assertSame( 400, $response->get_status() );
			$this->assertStringContainsString( 'not a UserFeedback survey file', self::data( $response )['message'] );
		}
	}

	public function test_a_newer_major_version_is_refused_before_its_keys_are_judged(): void {
		$file                 = self::file( array( array( 'title' => 'From the future', 'questions' => array(), 'mood' => 'new' ) ) );
		$file['version']      = '2.0';
		$file['new_top_key']  = true;
		foreach ( array( 'raw' => fn() => $this->import( $file ), 'upload' => fn() => $this->upload( (string) wp_json_encode( $file ) ) ) as $how => $send ) {
			$response = $send();
			$this->assertSame( 400, $response->get_status(), $how );
			$data = self::data( $response );
			$this->assertSame( 'userfeedback_survey_file_newer', $data['code'], $how );
			$this->assertSame( 'This file was made by a newer version of UserFeedback (2.0). Update the plugin to import it.', $data['message'], $how );
		}
		// A newer minor version of the same major is read (what it adds would be refused as unknown keys).
		$file = self::file( array( array( 'title' => 'Minor', 'questions' => array( self::question( 1 ) ) ) ) );
		$file['version'] = '1.3';
		$this->assertSame( 201, $this->import( $file )->get_status() );
	}

	public function test_unknown_keys_are_refused_each_with_its_path(): void {
		$entry                                  = $this->exported_entry();
		$entry['id']                            = 12;
		$entry['questions'][1]['archived']      = true;
		$entry['settings']['behavior']['sneaky'] = 1;
		$entry['notifications']['email']['addresses'] = 'attacker@example.com';
		$file                                   = self::file( array( $entry ) );
		$file['extra']                          = 'x';

		$before   = self::survey_count();
		$response = $this->import( $file );
		$this->assertSame( 400, $response->get_status() );
		$data = self::data( $response );
		$this->assertContains( 'extra', self::paths( $data ), (string) wp_json_encode( $data ) );

		unset( $file['extra'] );
		$data  = self::data( $this->upload( (string) wp_json_encode( $file ) ) );
		$paths = self::paths( $data );
		sort( $paths );
		$this->assertSame(
			array( 'surveys[0].id', 'surveys[0].notifications.email.addresses', 'surveys[0].questions[1].archived', 'surveys[0].settings.behavior.sneaky' ),
			$paths,
			(string) wp_json_encode( $data )
		);
		$this->assertSame( $before, self::survey_count() );
	}

	public function test_a_wrong_value_is_refused_with_its_path_and_the_survey_routes_words(): void {
		$entry                          = $this->exported_entry();
		$entry['questions'][2]['type']  = 'hologram';
		$entry['settings']['behavior']['timing_delay'] = 500;
		$data = self::data( $this->import( self::file( array( self::survey(), $entry ) ) ) );
		$this->assertSame( 'userfeedback_survey_file_invalid', $data['code'] );
		$errors = array_column( $data['data']['errors'], 'message', 'path' );
		$this->assertArrayHasKey( 'surveys[1].questions[2].type', $errors, (string) wp_json_encode( $data ) );
		$this->assertArrayHasKey( 'surveys[1].settings.behavior.timing_delay', $errors );
		$this->assertStringContainsString( 'surveys[0].status', (string) wp_json_encode( self::paths( $data ) ), 'A file does not set the status: imports are drafts.' );
	}

	public function test_a_body_of_ten_megabytes_is_refused_with_413(): void {
		$file = self::file( array( array( 'title' => str_repeat( 'x', 10 * 1024 * 1024 ) ) ) );
		foreach ( array( 'raw' => fn() => $this->import( $file ), 'upload' => fn() => $this->upload( (string) wp_json_encode( $file ) ) ) as $how => $send ) {
			$response = $send();
			$this->assertSame( 413, $response->get_status(), $how );
			$this->assertSame( 'This file is too large: a survey file may have at most 1 MB.', self::data( $response )['message'], $how );
		}
		// Over PHP's post_max_size the body arrives empty; its announced length says why.
		$request = new WP_REST_Request( 'POST', self::NS . '/surveys/import' );
		$request->set_header( 'Content-Type', 'application/json' );
		$request->set_header( 'Content-Length', (string) ( 10 * 1024 * 1024 ) );
		$this->assertSame( 413, rest_do_request( $request )->get_status() );
		$this->assertSame( 'Choose a survey file to import.', self::data( $this->import_raw( '' ) )['message'] );
	}

	public function test_script_in_titles_is_stored_neutralised_as_a_save_stores_it(): void {
		$hostile  = '<script>alert(1)</script>Hello <b>there</b>';
		$entry    = array(
			'title'     => $hostile,
			'questions' => array( self::question( 1, 'radio-button', array( 'title' => '<img src=x onerror=alert(1)>Pick one' ) ) ),
		);
		$response = $this->import( self::file( array( $entry ) ) );
		$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$copy  = $this->fetch( self::data( $response )['created'][0]['id'] );
		$saved = $this->fetch( $this->create_id( $entry ) );
		$this->assertSame( $saved['title'], $copy['title'] );
		$this->assertSame( $saved['questions'][0]['title'], $copy['questions'][0]['title'] );
		$this->assertStringNotContainsString( '<', $copy['title'] . $copy['questions'][0]['title'] );
	}

	public function test_references_to_questions_not_in_the_file_are_refused_with_their_paths(): void {
		$entry = $this->exported_entry();
		$entry['questions'][2]['logic']['conditions'][1]['question_id']        = 70;
		$entry['notifications']['email']['logic']['conditions'][0]['question_id'] = 5;
		$entry['settings']['thank_you']['conditions'][0]['question']           = 8;
		$entry['questions'][0]['logic']                                        = array( 'enabled' => true, 'action' => 'show', 'conditions' => array( array( 'question_id' => 9, 'compare' => 'equals', 'value' => 'x' ) ) );
		$before = self::survey_count();
		$data   = self::data( $this->import( self::file( array( $entry ) ) ) );
		$this->assertSame(
			array(
				'surveys[0].questions[0].logic.conditions[0].question_id',
				'surveys[0].questions[2].logic.conditions[1].question_id',
				'surveys[0].notifications.email.logic.conditions[0].question_id',
				'surveys[0].settings.thank_you.conditions[0].question',
			),
			self::paths( $data ),
			(string) wp_json_encode( $data )
		);
		$this->assertStringContainsString( 'earlier question', $data['data']['errors'][0]['message'] );
		$this->assertStringContainsString( 'question 70', $data['data']['errors'][1]['message'] );
		$this->assertSame( $before, self::survey_count() );
	}

	public function test_nothing_is_written_when_one_of_several_surveys_is_refused(): void {
		$good  = $this->exported_entry();
		$before = self::survey_count();

		// Refused while judging: the second survey has no title.
		$data = self::data( $this->import( self::file( array( $good, array( 'questions' => array() ), $good ) ) ) );
		$this->assertSame( array( 'surveys[1].title' ), self::paths( $data ) );
		$this->assertSame( $before, self::survey_count() );

		// Refused by the save itself, after the first survey was written: rolled back.
		$bad                                          = $good;
		$bad['settings']['thank_you']['redirect_url'] = 'javascript:alert(1)';
		$response                                     = $this->import( self::file( array( $good, $bad ) ) );
		$this->assertSame( 400, $response->get_status() );
		$data = self::data( $response );
		$this->assertSame( array( 'surveys[1].settings.thank_you.redirect_url' ), self::paths( $data ), (string) wp_json_encode( $data ) );
		$this->assertStringContainsString( 'Nothing was imported', $data['message'] );
		$this->assertSame( $before, self::survey_count() );
	}

	public function test_features_the_site_may_not_use_are_stripped_and_listed(): void {
		$entry = $this->exported_entry();
		$this->set_entitlements( 'lite', null );
		$response = $this->import( self::file( array( $entry ) ) );
		$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$answer = self::data( $response );
		$this->assertSame( $answer['created'][0]['id'], $answer['stripped'][0]['id'] );
		$features = array_column( $answer['stripped'][0]['features'], 'label', 'feature' );
		$this->assertArrayHasKey( 'behavior', $features );
		$this->assertSame( 'Behavioral Targeting', $features['behavior'] );
		$copy = $this->fetch( $answer['created'][0]['id'] );
		$this->assertSame( 'immediate', $copy['settings']['behavior']['timing'] );
		$this->assertSame( 'draft', $copy['status'] );
	}

	public function test_subscribers_and_visitors_may_neither_export_nor_import(): void {
		$id   = $this->create_id();
		$file = self::file( array( array( 'title' => 'x' ) ) );
		$this->as_user( 'subscriber' );
		$this->assertSame( 403, $this->export( (string) $id )->get_status() );
		$this->assertSame( 403, $this->import( $file )->get_status() );
		$this->assertSame( 403, $this->import_raw( '{ not json' )->get_status(), 'Who asks is judged before what was sent.' );
		wp_set_current_user( 0 );
		$this->assertSame( 401, $this->export( (string) $id )->get_status() );
		$this->assertSame( 401, $this->upload( (string) wp_json_encode( $file ) )->get_status() );
	}
}
