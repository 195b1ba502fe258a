<?php
/**
 * Tools > Export / Erase Personal Data for survey responses, through core's own request flow: a
 * request made with wp_create_user_request(), every registered exporter (eraser) called page by page as
 * core's admin-ajax handler calls them, each answer handed to wp_privacy_process_personal_data_export_page()
 * (..._erasure_page()), and the export file core builds from it.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Privacy;

use UserFeedback\Database\Rollups;
use UserFeedback\Database\Schema;
use UserFeedback\Plugin;
use UserFeedback\Privacy\PersonalData;
use UserFeedback\Tests\Responses\AdminResponsesTestCase;

final class PersonalDataTest extends AdminResponsesTestCase {

	private const PERSON = 'visitor.one@example.com';

	protected function setUp(): void {
		parent::setUp();
		require_once ABSPATH . 'wp-admin/includes/admin.php';
	}

	public function test_the_exporter_and_eraser_are_registered_under_their_key(): void {
		$exporters = apply_filters( 'wp_privacy_personal_data_exporters', array() );
		$erasers   = apply_filters( 'wp_privacy_personal_data_erasers', array() );
		$this->assertSame( 'UserFeedback survey responses', $exporters['userfeedback']['exporter_friendly_name'] );
		$this->assertSame( 'UserFeedback survey responses', $erasers['userfeedback']['eraser_friendly_name'] );
		$this->assertIsCallable( $exporters['userfeedback']['callback'] );
		$this->assertIsCallable( $erasers['userfeedback']['callback'] );
	}

	public function test_the_export_holds_the_persons_responses_found_by_email_and_by_user(): void {
		$survey = self::open_survey( array( 'title' => 'Pricing feedback' ) );
		$other  = self::open_survey( array( 'title' => 'Other survey' ) );
		// A guest who gave the address (in another case): found by the address.
		$by_email = $this->submit_answers(
			$survey,
			array(
				self::answer( self::Q['radio-button'], 'Yes' ),
				self::answer( self::Q['checkbox'], array( 'Red', 'Blue' ) ),
				self::answer( self::Q['text'], 'Cheaper plans, please', array( 'comments' => 'Also a yearly plan' ) ),
				self::answer( self::Q['email'], 'Visitor.One@Example.COM', array( 'name' => 'Vera One' ) ),
			)
		)->get_data()['id'];
		// The logged-in user who has the address, without an email question: found by the user id.
		$user = wp_insert_user(
			array(
				'user_login' => 'uf_person_' . getmypid(),
				'user_pass'  => 'password',
				'user_email' => self::PERSON,
				'role'       => 'subscriber',
			)
		);
		$this->assertIsInt( $user );
		wp_set_current_user( $user );
		$by_user = $this->submit_answers( $other, array( self::answer( self::Q['star-rating'], 4 ) ) )->get_data()['id'];
		wp_set_current_user( 0 );
		// Someone else.
		$this->submit_answers( $survey, array( self::answer( self::Q['email'], 'someone.else@example.com' ), self::answer( self::Q['radio-button'], 'No' ) ) );
		$this->assertSame( (string) $user, self::response_row( $by_user )['user_id'] );
		$this->assertSame( self::PERSON, self::response_row( $by_email )['email'] );

		$this->as_user( 'administrator' );
		$export = $this->run_export( self::PERSON );

		$group = $export['groups'][ PersonalData::GROUP ];
		$this->assertSame( 'Survey responses', $group['group_label'] );
		$this->assertSame( array( "userfeedback-response-$by_email", "userfeedback-response-$by_user" ), array_keys( $group['items'] ) );
		$submitted = wp_date( get_option( 'date_format' ) . ' ' . get_option( 'time_format' ), strtotime( self::response_row( $by_email )['submitted_at'] . ' UTC' ) );
		$this->assertSame(
			array(
				'Survey'                      => 'Pricing feedback',
				'Submitted'                   => $submitted,
				'Status'                      => 'Completed',
				'Page'                        => 'https://example.com/pricing/?plan=pro',
				'Question 1?'                 => 'Yes',
				'Question 2?'                 => 'Red, Blue',
				'Question 7?'                 => 'Cheaper plans, please',
				'Question 7? (Comments)'      => 'Also a yearly plan',
				'Question 9?'                 => 'Visitor.One@Example.COM',
				'Question 9? (Name)'          => 'Vera One',
			),
			self::named( $group['items'][ "userfeedback-response-$by_email" ] )
		);
		$this->assertSame( 'Other survey', self::named( $group['items'][ "userfeedback-response-$by_user" ] )['Survey'] );
		$this->assertSame( '4', self::named( $group['items'][ "userfeedback-response-$by_user" ] )['Question 5?'] );

		// The file core makes of it (a zip with index.html) shows the answers.
		$this->assertStringContainsString( '<h2 id="survey-responses-userfeedback-responses">Survey responses', $export['html'] );
		$this->assertStringContainsString( 'Cheaper plans, please', $export['html'] );
		$this->assertStringContainsString( 'Pricing feedback', $export['html'] );
		$this->assertStringNotContainsString( 'someone.else@example.com', $export['html'] );
	}

	public function test_a_partial_and_a_trashed_response_are_exported_with_their_status(): void {
		$survey  = self::open_survey();
		$partial = self::person_response( $survey, array( 'status' => 'partial' ) );
		$trashed = self::person_response( $survey, array( 'status' => 'trash' ) );
		$this->as_user( 'administrator' );
		$items = $this->run_export( self::PERSON )['groups'][ PersonalData::GROUP ]['items'];
		$this->assertSame( 'Partial', self::named( $items[ "userfeedback-response-$partial" ] )['Status'] );
		$this->assertSame( 'Completed (in the trash)', self::named( $items[ "userfeedback-response-$trashed" ] )['Status'] );
	}

	public function test_a_large_set_is_exported_in_pages_of_fifty(): void {
		$survey = self::open_survey();
		$ids    = array();
		for ( $i = 0; $i < 120; $i++ ) {
			$ids[] = self::person_response( $survey, array( 'answers' => array( 7 => "Answer $i" ) ) );
		}
		self::add_response( $survey ); // Someone else's.
		$this->as_user( 'administrator' );
		$export = $this->run_export( self::PERSON );

		$this->assertSame( array( 50, 50, 20 ), array_map( static fn( array $page ): int => count( $page['data'] ), $export['pages'] ) );
		$this->assertSame( array( false, false, true ), array_column( $export['pages'], 'done' ) );
		$items = $export['groups'][ PersonalData::GROUP ]['items'];
		$this->assertSame( array_map( static fn( int $id ): string => "userfeedback-response-$id", $ids ), array_keys( $items ) );
		$this->assertSame( 'Answer 119', self::named( $items[ 'userfeedback-response-' . end( $ids ) ] )['Question 7?'] );
	}

	public function test_an_unknown_or_invalid_address_exports_and_erases_nothing(): void {
		$survey = self::open_survey();
		$kept   = self::person_response( $survey );
		$this->as_user( 'administrator' );
		$export = $this->run_export( 'nobody@example.com' );
		$this->assertArrayNotHasKey( PersonalData::GROUP, $export['groups'] );
		$this->assertSame( array( array( 'data' => array(), 'done' => true ) ), $export['pages'] );

		$erase = $this->run_erasure( 'nobody@example.com' );
		$this->assertSame(
			array(
				array(
					'items_removed'  => false,
					'items_retained' => false,
					'messages'       => array(),
					'done'           => true,
				),
			),
			$erase
		);
		$plugin = new PersonalData( Plugin::instance()->surveys );
		foreach ( array( '', 'not an address', str_repeat( 'x', 200 ) . '@example.com' ) as $bad ) {
			$this->assertSame( array( 'data' => array(), 'done' => true ), $plugin->export( $bad, 1 ) );
			$this->assertFalse( $plugin->erase( $bad, 1 )['items_removed'] );
		}
		$this->assertNotNull( self::response_row( $kept ) );
	}

	public function test_erasing_removes_only_the_persons_responses_and_keeps_the_rollups_equal_to_a_rebuild(): void {
		$survey  = self::open_survey();
		$second  = self::open_survey();
		$user    = $this->make_user( 'subscriber' );
		$address = (string) get_userdata( $user )->user_email;
		$mine    = array(
			self::person_response( $survey, array( 'answers' => array( 1 => 'Yes', 6 => '9', 9 => $address ) ), $address ),
			self::person_response( $survey, array( 'status' => 'partial', 'answers' => array( 1 => 'No' ) ), $address ),
			self::person_response( $survey, array( 'status' => 'trash', 'answers' => array( 1 => 'No' ) ), $address ),
			self::person_response( $second, array( 'answers' => array( 2 => array( 'Red' ) ) ), '', $user ),
		);
		$others = array(
			self::add_response( $survey, array( 'answers' => array( 1 => 'Yes', 6 => '3' ) ) ),
			self::add_response( $second, array( 'answers' => array( 2 => array( 'Red', 'Blue' ) ) ) ),
		);
		foreach ( array( $survey, $second ) as $id ) {
			( new Rollups() )->rebuild_survey( $id );
		}
		$changed = array();
		add_action(
			'userfeedback_responses_changed',
			static function ( int $id ) use ( &$changed ): void {
				$changed[] = $id;
			}
		);
		$this->as_user( 'administrator' );

		$pages = $this->run_erasure( strtoupper( $address ) );

		$this->assertCount( 1, $pages );
		$this->assertSame( array( 'items_removed' => true, 'items_retained' => false, 'messages' => array(), 'done' => true ), $pages[0] );
		foreach ( $mine as $id ) {
			$this->assertNull( self::response_row( $id ) );
			$this->assertSame( array(), self::answer_rows( $id ) );
		}
		foreach ( $others as $id ) {
			$this->assertNotNull( self::response_row( $id ) );
			$this->assertNotSame( array(), self::answer_rows( $id ) );
		}
		$this->assertSame( array( $survey, $second ), $changed, 'Each survey\'s results are told once.' );
		foreach ( array( $survey, $second ) as $id ) {
			$this->assertNotSame( array(), self::rollups( $id ) );
			$this->assert_rollups_equal_a_rebuild( $id );
		}
		// Counted in the list of the survey as well.
		$this->assertSame( 1, $this->list_data( $survey )['pagination']['total'] );
		// The request is completed, as core does after its last eraser.
		$this->assertSame( 'request-completed', get_post_status( $this->last_request ) );
	}

	public function test_a_large_set_is_erased_in_batches_one_page_each(): void {
		$survey = self::open_survey();
		$ids    = array();
		for ( $i = 0; $i < 7; $i++ ) {
			$ids[] = self::person_response( $survey, array( 'answers' => array( 1 => 0 === $i % 2 ? 'Yes' : 'No' ) ) );
		}
		$other = self::add_response( $survey );
		( new Rollups() )->rebuild_survey( $survey );
		// The registered eraser, with batches of 3.
		add_filter(
			'wp_privacy_personal_data_erasers',
			static function ( array $erasers ): array {
				$erasers['userfeedback']['callback'] = array( new PersonalData( Plugin::instance()->surveys, erase_batch: 3 ), 'erase' );
				return $erasers;
			},
			20
		);
		$this->as_user( 'administrator' );

		$pages = $this->run_erasure( self::PERSON );

		$this->assertSame( array( false, false, true ), array_column( $pages, 'done' ) );
		$this->assertSame( array( true, true, true ), array_column( $pages, 'items_removed' ) );
		$this->assertSame( 1, (int) $GLOBALS['wpdb']->get_var( $GLOBALS['wpdb']->prepare( 'SELECT COUNT(*) FROM %i WHERE survey_id = %d', Schema::table( 'responses' ), $survey ) ) );
		$this->assertNotNull( self::response_row( $other ) );
		$this->assert_rollups_equal_a_rebuild( $survey );
	}

	public function test_a_batch_the_database_refuses_is_retained_with_a_message_and_ends_the_request(): void {
		$survey = self::open_survey();
		$id     = self::person_response( $survey );
		$fail   = static fn( string $sql ): string => str_starts_with( $sql, 'DELETE FROM' ) && str_contains( $sql, Schema::table( 'answers' ) ) ? 'DELETE FROM no_such_table_uf' : $sql;
		add_filter( 'query', $fail );
		$GLOBALS['wpdb']->suppress_errors( true );
		$log = (string) tempnam( sys_get_temp_dir(), 'uf-log' );
		$old = ini_set( 'error_log', $log ); // phpcs:ignore WordPress.PHP.IniSet -- the failure is logged.
		try {
			$answer = ( new PersonalData( Plugin::instance()->surveys ) )->erase( self::PERSON, 1 );
		} finally {
			ini_set( 'error_log', (string) $old ); // phpcs:ignore WordPress.PHP.IniSet
			remove_filter( 'query', $fail );
			$GLOBALS['wpdb']->suppress_errors( false );
		}
		$this->assertStringContainsString( "erasing responses of survey $survey failed", (string) file_get_contents( $log ) );
		unlink( $log );
		$this->assertSame( false, $answer['items_removed'] );
		$this->assertSame( true, $answer['items_retained'] );
		$this->assertSame( array( '1 survey response could not be erased; try again later.' ), $answer['messages'] );
		$this->assertTrue( $answer['done'] );
		$this->assertNotNull( self::response_row( $id ) );
	}

	public function test_responses_that_cannot_be_read_are_reported_as_retained(): void {
		$survey = self::open_survey();
		$id     = self::person_response( $survey );
		$fail   = static fn( string $sql ): string => str_starts_with( $sql, 'SELECT id, survey_id FROM' ) ? 'SELECT id, survey_id FROM no_such_table_uf' : $sql;
		add_filter( 'query', $fail );
		$GLOBALS['wpdb']->suppress_errors( true );
		$log = (string) tempnam( sys_get_temp_dir(), 'uf-log' );
		$old = ini_set( 'error_log', $log ); // phpcs:ignore WordPress.PHP.IniSet -- the failure is logged.
		try {
			$answer = ( new PersonalData( Plugin::instance()->surveys ) )->erase( self::PERSON, 1 );
		} finally {
			ini_set( 'error_log', (string) $old ); // phpcs:ignore WordPress.PHP.IniSet
			remove_filter( 'query', $fail );
			$GLOBALS['wpdb']->suppress_errors( false );
		}
		$this->assertStringContainsString( 'reading the responses to erase failed', (string) file_get_contents( $log ) );
		unlink( $log );
		$this->assertSame(
			array(
				'items_removed'  => false,
				'items_retained' => true,
				'messages'       => array( 'Survey responses could not be read; try again later.' ),
				'done'           => true,
			),
			$answer
		);
		$this->assertNotNull( self::response_row( $id ) );
	}

	/** The id of the last request made by run_export() / run_erasure(). */
	private int $last_request = 0;

	/**
	 * Core's export of a request, as its admin-ajax handler runs it (every exporter, page by page, each
	 * answer through wp_privacy_process_personal_data_export_page()), then the file.
	 *
	 * @return array{groups:array<string,array<string,mixed>>,pages:array<int,array<string,mixed>>,html:string}
	 */
	private function run_export( string $email ): array {
		$request = wp_create_user_request( $email, 'export_personal_data', array(), 'confirmed' );
		$this->assertIsInt( $request, is_wp_error( $request ) ? $request->get_error_message() : '' );
		$this->last_request = $request;
		$groups             = null;
		$catch              = static function ( int $id ) use ( &$groups ): void {
			$groups = get_post_meta( $id, '_export_data_grouped', true );
		};
		add_action( 'wp_privacy_personal_data_export_file', $catch, 5 );
		$exporters = apply_filters( 'wp_privacy_personal_data_exporters', array() );
		$index     = 0;
		$pages     = array();
		foreach ( $exporters as $key => $exporter ) {
			++$index;
			$page = 1;
			do {
				$response = call_user_func( $exporter['callback'], $email, $page );
				$this->assertIsArray( $response['data'] ?? null, "Exporter $key" );
				$this->assertArrayHasKey( 'done', $response );
				if ( 'userfeedback' === $key ) {
					$pages[] = $response;
				}
				$response = wp_privacy_process_personal_data_export_page( $response, $index, $email, $page, $request, false, $key );
				++$page;
			} while ( ! $response['done'] );
		}
		remove_action( 'wp_privacy_personal_data_export_file', $catch, 5 );
		$this->assertIsArray( $groups, 'Core grouped the export.' );

		// The file, as core writes it: a zip with index.html.
		update_post_meta( $request, '_export_data_grouped', $groups );
		wp_privacy_generate_personal_data_export_file( $request );
		$file = wp_privacy_exports_dir() . get_post_meta( $request, '_export_file_name', true );
		$zip  = new \ZipArchive();
		$this->assertTrue( $zip->open( $file ) );
		$html = (string) $zip->getFromName( 'index.html' );
		$zip->close();
		unlink( $file );
		return array(
			'groups' => $groups,
			'pages'  => $pages,
			'html'   => $html,
		);
	}

	/**
	 * Core's erasure of a request, as its admin-ajax handler runs it.
	 *
	 * @return array<int,array<string,mixed>> Our eraser's answers, page by page.
	 */
	private function run_erasure( string $email ): array {
		$request = wp_create_user_request( $email, 'remove_personal_data', array(), 'confirmed' );
		$this->assertIsInt( $request, is_wp_error( $request ) ? $request->get_error_message() : '' );
		$this->last_request = $request;
		$erasers            = apply_filters( 'wp_privacy_personal_data_erasers', array() );
		$index              = 0;
		$pages              = array();
		foreach ( $erasers as $key => $eraser ) {
			++$index;
			$page = 1;
			do {
				$response = call_user_func( $eraser['callback'], $email, $page );
				foreach ( array( 'items_removed', 'items_retained', 'messages', 'done' ) as $field ) {
					$this->assertArrayHasKey( $field, $response, "Eraser $key" );
				}
				if ( 'userfeedback' === $key ) {
					$pages[] = $response;
				}
				$response = wp_privacy_process_personal_data_erasure_page( $response, $index, $email, $page, $request );
				++$page;
				$this->assertLessThan( 50, $page, 'The eraser ends.' );
			} while ( ! $response['done'] );
		}
		return $pages;
	}

	/**
	 * A response of PERSON (or of $email / $user), written straight into the tables.
	 *
	 * @param array<string,mixed> $spec As add_response() takes it.
	 */
	private static function person_response( int $survey_id, array $spec = array(), string $email = self::PERSON, int $user = 0 ): int {
		global $wpdb;
		$id = self::add_response( $survey_id, $spec );
		$wpdb->update(
			Schema::table( 'responses' ),
			array(
				'email'   => $email,
				'user_id' => $user,
			),
			array( 'id' => $id )
		);
		return $id;
	}

	/**
	 * @param array<int,array{name:string,value:string}> $data An export item's data.
	 * @return array<string,string> name => value.
	 */
	private static function named( array $data ): array {
		return array_column( $data, 'value', 'name' );
	}
}
