<?php
/**
 * POST userfeedback/v1/surveys/{id}/responses: what a valid response stores.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Responses;

use UserFeedback\Responses\ResponseService;

final class SubmitResponseTest extends ResponsesTestCase {

	public function test_a_response_with_every_question_type_is_stored(): void {
		$id     = self::open_survey();
		$before = gmdate( 'Y-m-d H:i:s', time() - 1 );

		$response = $this->submit_answers(
			$id,
			array(
				self::answer( 1, 'Yes' ),
				self::answer( 2, array( 'Red', 'Blue' ) ),
				self::answer( 3, 'Cat' ),
				self::answer( 4, 'Sad' ),
				self::answer( 5, 4 ),
				self::answer( 6, 0 ),
				self::answer( 7, 'Fast and "clean" <b>site</b> ✓', array( 'comments' => 'Keep it up' ) ),
				self::answer( 8, "Two\nlines" ),
				self::answer( 9, 'ann@example.com', array( 'name' => 'Ann' ) ),
			)
		);

		$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame( array( 'id', 'status', 'complete' ), array_keys( $response->get_data() ) );
		$this->assertSame( 'publish', $response->get_data()['status'] );
		$this->assertTrue( $response->get_data()['complete'] );
		$response_id = $response->get_data()['id'];
		$this->assertIsInt( $response_id );
		$this->assertSame( 'no-store', $response->get_headers()['Cache-Control'] );

		$row = self::response_row( $response_id );
		$this->assertSame( (string) $id, (string) $row['survey_id'] );
		$this->assertSame( 'publish', $row['status'] );
		$this->assertGreaterThanOrEqual( $before, $row['submitted_at'] );
		$this->assertLessThanOrEqual( gmdate( 'Y-m-d H:i:s', time() + 1 ), $row['submitted_at'], 'submitted_at is UTC.' );
		$this->assertSame( 'https://example.com/pricing/?plan=pro', $row['page_url'] );
		$this->assertSame( 'Pricing', $row['page_title'] );
		$this->assertSame( '203.0.113.0', $row['ip'], 'Anonymised by default.' );
		$this->assertSame( array( 'Chrome', 'Windows', 'desktop' ), array( $row['browser'], $row['os'], $row['device'] ) );

		$answers = self::answer_rows( $response_id );
		$this->assertCount( 9, $answers );
		$expected = array(
			1 => array( 'Yes', null ),
			2 => array( '["Red","Blue"]', null ),
			3 => array( 'Cat', null ),
			4 => array( 'Sad', null ),
			5 => array( '4', null ),
			6 => array( '0', null ),
			7 => array( 'Fast and "clean" <b>site</b> ✓', '{"comments":"Keep it up"}' ),
			8 => array( "Two\nlines", null ),
			9 => array( 'ann@example.com', '{"name":"Ann"}' ),
		);
		foreach ( $expected as $question_id => [ $value, $extra ] ) {
			$answer = $answers[ $question_id ];
			$this->assertSame( $value, $answer['value'], "Value of question $question_id." );
			$this->assertSame( $extra, $answer['extra'], "Extra of question $question_id." );
			$this->assertSame( 'publish', $answer['status'] );
			$this->assertSame( $row['submitted_at'], $answer['submitted_at'] );
			$this->assertSame( (string) $id, (string) $answer['survey_id'] );
		}
	}

	public function test_skipped_questions_are_stored_as_null_and_empty_text_counts_as_skipped(): void {
		$id       = self::open_survey();
		$response = $this->submit_answers(
			$id,
			array(
				self::answer( 1, null ),
				self::answer( 6, 10 ),
				self::answer( 7, '   ' ),
				self::answer( 9, '' ),
			)
		);
		$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$answers = self::answer_rows( $response->get_data()['id'] );
		$this->assertSame( array( 1, 6, 7, 9 ), array_keys( $answers ) );
		$this->assertNull( $answers[1]['value'] );
		$this->assertSame( '10', $answers[6]['value'] );
		$this->assertNull( $answers[7]['value'] );
		$this->assertNull( $answers[9]['value'] );
		$this->assertNull( $answers[1]['extra'] );
	}

	public function test_the_page_link_is_kept_only_when_it_is_http_and_fits_and_the_title_is_cut_to_255(): void {
		$id    = self::open_survey();
		$cases = array(
			array( 'javascript:alert(1)', '' ),
			array( 'ftp://example.com/file', '' ),
			array( '/relative/path', '' ),
			array( 'http://example.com/a?b=c', 'http://example.com/a?b=c' ),
			array( 'https://example.com/?q=' . str_repeat( 'x', 2100 ), '' ),
		);
		foreach ( $cases as [ $link, $stored ] ) {
			$response = $this->submit(
				$id,
				array(
					'answers'        => array( self::answer( 1, 'No' ) ),
					'page_submitted' => array(
						'link'  => $link,
						'title' => str_repeat( 'é', 300 ) . '<script>x</script>',
					),
				)
			);
			$this->assertSame( 201, $response->get_status(), $link );
			$row = self::response_row( $response->get_data()['id'] );
			$this->assertSame( $stored, $row['page_url'], $link );
			$this->assertSame( str_repeat( 'é', 255 ), $row['page_title'] );
		}
	}

	public function test_page_submitted_is_optional(): void {
		$id       = self::open_survey();
		$response = $this->submit( $id, array( 'answers' => array( self::answer( 1, 'Yes' ) ) ) );
		$this->assertSame( 201, $response->get_status() );
		$row = self::response_row( $response->get_data()['id'] );
		$this->assertSame( array( '', '' ), array( $row['page_url'], $row['page_title'] ) );
	}

	public function test_the_ip_is_stored_raw_when_anonymising_is_off(): void {
		self::settings( array( 'anonymize_ips' => false ) );
		$id       = self::open_survey();
		$response = $this->submit_answers( $id, array( self::answer( 1, 'Yes' ) ) );
		$this->assertSame( '203.0.113.77', self::response_row( $response->get_data()['id'] )['ip'] );

		$_SERVER['REMOTE_ADDR'] = '2001:db8:85a3::8a2e:370:7334';
		$response               = $this->submit_answers( $id, array( self::answer( 1, 'Yes' ) ) );
		$this->assertSame( '2001:db8:85a3::8a2e:370:7334', self::response_row( $response->get_data()['id'] )['ip'] );

		self::settings( array( 'anonymize_ips' => true ) );
		$response = $this->submit_answers( $id, array( self::answer( 1, 'Yes' ) ) );
		$this->assertSame( '2001:db8:85a3::', self::response_row( $response->get_data()['id'] )['ip'] );
	}

	public function test_a_trusted_proxy_header_is_read_only_when_the_site_names_it(): void {
		self::settings( array( 'anonymize_ips' => false ) );
		$id                              = self::open_survey();
		$_SERVER['REMOTE_ADDR']          = '10.0.0.5';
		$_SERVER['HTTP_X_FORWARDED_FOR'] = '1.1.1.1, 198.51.100.23';

		$off = $this->submit_answers( $id, array( self::answer( 1, 'Yes' ) ) );
		$this->assertSame( '10.0.0.5', self::response_row( $off->get_data()['id'] )['ip'], 'Not configured: REMOTE_ADDR.' );

		self::settings( array( 'ip_header' => 'HTTP_X_FORWARDED_FOR' ) );
		$on = $this->submit_answers( $id, array( self::answer( 1, 'Yes' ) ) );
		$this->assertSame( '198.51.100.23', self::response_row( $on->get_data()['id'] )['ip'], 'The address the proxy appended.' );
	}

	public function test_the_browser_os_and_device_come_from_the_user_agent(): void {
		$id                         = self::open_survey();
		$_SERVER['HTTP_USER_AGENT'] = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
		$row                        = self::response_row( $this->submit_answers( $id, array( self::answer( 1, 'Yes' ) ) )->get_data()['id'] );
		$this->assertSame( array( 'Safari', 'iOS', 'mobile' ), array( $row['browser'], $row['os'], $row['device'] ) );

		unset( $_SERVER['HTTP_USER_AGENT'] );
		$row = self::response_row( $this->submit_answers( $id, array( self::answer( 1, 'Yes' ) ) )->get_data()['id'] );
		$this->assertSame( array( 'Other', 'Other', 'desktop' ), array( $row['browser'], $row['os'], $row['device'] ) );
	}

	public function test_a_logged_in_visitor_without_a_rest_nonce_is_served(): void {
		$id = self::open_survey();
		$this->as_user( 'subscriber' );
		$this->assertSame( 201, $this->submit_answers( $id, array( self::answer( 1, 'Yes' ) ) )->get_status() );
		$this->assertSame( 200, $this->impression( $id )->get_status() );

		// What core does for a request with the login cookie and no X-WP-Nonce: it goes on as anonymous.
		$GLOBALS['wp_rest_auth_cookie'] = true;
		try {
			$this->assertTrue( apply_filters( 'rest_authentication_errors', null ) );
			$this->assertSame( 0, get_current_user_id() );
			$this->assertSame( 201, $this->submit_answers( $id, array( self::answer( 1, 'No' ) ) )->get_status() );
		} finally {
			unset( $GLOBALS['wp_rest_auth_cookie'] );
		}
		$this->assertSame( 2, self::count_rows( 'responses', $id ) );
	}

	public function test_required_questions_may_be_skipped_unless_the_site_has_question_settings(): void {
		$questions                            = self::all_questions();
		$questions[0]['settings']['required'] = true;
		$id                                   = self::open_survey( array( 'questions' => $questions ) );
		$body                                 = array( self::answer( 1, null ), self::answer( 5, 3 ) );

		$this->assertSame( 201, $this->submit_answers( $id, $body )->get_status(), 'Lite: required does not block skipping.' );

		$this->as_elite();
		$response = $this->submit_answers( $id, $body );
		$this->assertSame( 400, $response->get_status() );
		$this->assertSame( 'Question 1 cannot be skipped.', $response->get_data()['message'] );
		$this->assertSame( 1, self::count_rows( 'responses', $id ) );
	}

	public function test_a_scheduled_survey_accepts_responses_once_its_time_has_come(): void {
		$id = self::open_survey( array( 'publish_at' => gmdate( 'Y-m-d H:i:s', time() - 60 ) ) );
		$this->assertSame( 201, $this->submit_answers( $id, array( self::answer( 1, 'Yes' ) ) )->get_status() );
	}

	public function test_the_saved_hook_gets_the_response_and_cannot_break_it(): void {
		$id   = self::open_survey();
		$seen = array();
		add_action(
			ResponseService::SAVED_ACTION,
			static function ( $response_id, $survey, $answers ) use ( &$seen ): void {
				$seen = array( $response_id, $survey['id'], $answers );
				echo 'stray output';
				throw new \RuntimeException( 'mailer down' );
			},
			10,
			3
		);
		$log = ini_set( 'error_log', '/dev/null' ); // phpcs:ignore WordPress.PHP.IniSet
		try {
			$response = $this->submit_answers( $id, array( self::answer( 5, 5 ), self::answer( 1, 'No' ) ) );
		} finally {
			ini_set( 'error_log', (string) $log ); // phpcs:ignore WordPress.PHP.IniSet
		}
		$this->assertSame( 201, $response->get_status() );
		$this->assertSame( $response->get_data()['id'], $seen[0] );
		$this->assertSame( $id, $seen[1] );
		$this->assertSame(
			array(
				array(
					'question_id' => 5,
					'value'       => 5,
					'extra'       => null,
				),
				array(
					'question_id' => 1,
					'value'       => 'No',
					'extra'       => null,
				),
			),
			$seen[2]
		);
		$this->assertSame( 1, self::count_rows( 'responses', $id ) );
	}
}
