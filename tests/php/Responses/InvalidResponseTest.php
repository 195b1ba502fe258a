<?php
/**
 * POST userfeedback/v1/surveys/{id}/responses: every refusal answers 4xx with its code and message,
 * and stores nothing.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Responses;

final class InvalidResponseTest extends ResponsesTestCase {

	private const INVALID = 'userfeedback_invalid_params';
	private const CLOSED  = 'This survey is not accepting responses.';
	private const STALE   = 'This page is out of date. Reload it and try again.';

	/**
	 * Body changes (null removes a key; 'survey' changes the survey or names 'unknown'), status, code,
	 * and the message (null: WordPress's own schema message, not checked word for word).
	 *
	 * @return array<string,array{0:array<string,mixed>,1:int,2:string,3:string|null}>
	 */
	public function bad_inputs(): array {
		$a = static fn( int $q, $value, ?array $extra = null ): array => self::answer( $q, $value, $extra );
		return array(
			'unknown question'               => array( array( 'answers' => array( $a( 99, 'Yes' ) ) ), 400, self::INVALID, 'Question 99 is not part of this survey.' ),
			'duplicate question'             => array( array( 'answers' => array( $a( 1, 'Yes' ), $a( 1, 'No' ) ) ), 400, self::INVALID, 'Question 1 is answered more than once.' ),
			'option not in the list'         => array( array( 'answers' => array( $a( 1, 'Maybe' ) ) ), 400, self::INVALID, 'The answer to question 1 must be one of its options.' ),
			'image option not in the list'   => array( array( 'answers' => array( $a( 3, 'Horse' ) ) ), 400, self::INVALID, 'The answer to question 3 must be one of its options.' ),
			'icon option not in the list'    => array( array( 'answers' => array( $a( 4, 'smile' ) ) ), 400, self::INVALID, 'The answer to question 4 must be one of its options.' ),
			'array for radio'                => array( array( 'answers' => array( $a( 1, array( 'Yes' ) ) ) ), 400, self::INVALID, 'The answer to question 1 must be one of its options.' ),
			'string for checkbox'            => array( array( 'answers' => array( $a( 2, 'Red' ) ) ), 400, self::INVALID, 'The answer to question 2 must be a list of one or more of its options.' ),
			'empty checkbox list'            => array( array( 'answers' => array( $a( 2, array() ) ) ), 400, self::INVALID, 'The answer to question 2 must be a list of one or more of its options.' ),
			'checkbox option not in list'    => array( array( 'answers' => array( $a( 2, array( 'Red', 'Pink' ) ) ) ), 400, self::INVALID, 'The answer to question 2 must be one or more of its options.' ),
			'checkbox option twice'          => array( array( 'answers' => array( $a( 2, array( 'Red', 'Red' ) ) ) ), 400, self::INVALID, 'The answer to question 2 lists an option more than once.' ),
			'star 0'                         => array( array( 'answers' => array( $a( 5, 0 ) ) ), 400, self::INVALID, 'The answer to question 5 must be a whole number from 1 to 5.' ),
			'star 6'                         => array( array( 'answers' => array( $a( 5, 6 ) ) ), 400, self::INVALID, 'The answer to question 5 must be a whole number from 1 to 5.' ),
			'star 4.5'                       => array( array( 'answers' => array( $a( 5, 4.5 ) ) ), 400, self::INVALID, 'The answer to question 5 must be a whole number from 1 to 5.' ),
			'nps -1'                         => array( array( 'answers' => array( $a( 6, -1 ) ) ), 400, self::INVALID, 'The answer to question 6 must be a whole number from 0 to 10.' ),
			'nps 11'                         => array( array( 'answers' => array( $a( 6, 11 ) ) ), 400, self::INVALID, 'The answer to question 6 must be a whole number from 0 to 10.' ),
			'nps as string abc'              => array( array( 'answers' => array( $a( 6, 'abc' ) ) ), 400, self::INVALID, 'The answer to question 6 must be a whole number from 0 to 10.' ),
			'nps skipped'                    => array( array( 'answers' => array( $a( 1, 'Yes' ), $a( 6, null ) ) ), 400, self::INVALID, 'Question 6 cannot be skipped.' ),
			'text of 1001 characters'        => array( array( 'answers' => array( $a( 7, str_repeat( 'ä', 1001 ) ) ) ), 400, self::INVALID, 'The answer to question 7 must be at most 1000 characters long.' ),
			'long-text of 401 characters'    => array( array( 'answers' => array( $a( 8, str_repeat( 'a', 401 ) ) ) ), 400, self::INVALID, 'The answer to question 8 must be at most 400 characters long.' ),
			'number for text'                => array( array( 'answers' => array( $a( 7, 12 ) ) ), 400, self::INVALID, 'The answer to question 7 must be text.' ),
			'invalid email'                  => array( array( 'answers' => array( $a( 9, 'not-an-email' ) ) ), 400, self::INVALID, 'The answer to question 9 must be a valid email address.' ),
			'email over 254'                 => array( array( 'answers' => array( $a( 9, str_repeat( 'a', 64 ) . '@' . str_repeat( 'b', 190 ) . '.com' ) ) ), 400, self::INVALID, 'The answer to question 9 must be a valid email address.' ),
			'comments without comment box'   => array( array( 'answers' => array( $a( 1, 'Yes', array( 'comments' => 'Hi' ) ) ) ), 400, self::INVALID, 'Question 1 has no comment box.' ),
			'comment of 1001 characters'     => array( array( 'answers' => array( $a( 7, 'Ok', array( 'comments' => str_repeat( 'c', 1001 ) ) ) ) ), 400, self::INVALID, 'The comment given with question 7 must be at most 1000 characters long.' ),
			'name on a question without it'  => array( array( 'answers' => array( $a( 7, 'Ok', array( 'name' => 'Ann' ) ) ) ), 400, self::INVALID, 'Question 7 does not ask for a name.' ),
			'name of 101 characters'         => array( array( 'answers' => array( $a( 9, 'ann@example.com', array( 'name' => str_repeat( 'n', 101 ) ) ) ) ), 400, self::INVALID, 'The name given with question 9 must be at most 100 characters long.' ),
			'unknown extra key'              => array( array( 'answers' => array( $a( 7, 'Ok', array( 'rating' => '5' ) ) ) ), 400, self::INVALID, null ),
			'unknown answer key'             => array( array( 'answers' => array( $a( 1, 'Yes' ) + array( 'score' => 3 ) ) ), 400, self::INVALID, null ),
			'answer without value'           => array( array( 'answers' => array( array( 'question_id' => 1 ) ) ), 400, self::INVALID, null ),
			'object as value'                => array( array( 'answers' => array( $a( 1, array( 'label' => 'Yes' ) ) ) ), 400, self::INVALID, null ),
			'unknown body key'               => array( array( 'answers' => array( $a( 1, 'Yes' ) ), 'user_id' => 1 ), 400, self::INVALID, '"user_id" is not a field of this request.' ),
			'unknown page_submitted key'     => array( array( 'answers' => array( $a( 1, 'Yes' ) ), 'page_submitted' => array( 'referrer' => 'x' ) ), 400, self::INVALID, null ),
			'answers missing'                => array( array( 'answers' => null ), 400, 'rest_missing_callback_param', null ),
			'answers not a list'             => array( array( 'answers' => 'Yes' ), 400, self::INVALID, null ),
			'empty answers'                  => array( array( 'answers' => array() ), 400, self::INVALID, 'A response needs at least one answer.' ),
			'all answers null'               => array( array( 'answers' => array( $a( 1, null ), $a( 2, null ), $a( 7, '' ) ) ), 400, self::INVALID, 'A response needs at least one answer.' ),
			'more answers than questions'    => array( array( 'answers' => array_map( static fn( int $q ): array => self::answer( $q, 'Yes' ), range( 1, 10 ) ) ), 400, self::INVALID, 'There are more answers than the survey has questions.' ),
			'bad token'                      => array( array( 'nonce' => 'abc123' ), 403, 'userfeedback_invalid_token', self::STALE ),
			'missing token'                  => array( array( 'nonce' => null ), 403, 'userfeedback_invalid_token', self::STALE ),
			'impression token'               => array( array( 'nonce' => 'impression' ), 403, 'userfeedback_invalid_token', self::STALE ),
			'draft survey'                   => array( array( 'survey' => array( 'status' => 'draft' ) ), 404, 'userfeedback_not_found', self::CLOSED ),
			'trashed survey'                 => array( array( 'survey' => array( 'status' => 'trash' ) ), 404, 'userfeedback_not_found', self::CLOSED ),
			'scheduled survey'               => array( array( 'survey' => array( 'publish_at' => gmdate( 'Y-m-d H:i:s', time() + HOUR_IN_SECONDS ) ) ), 404, 'userfeedback_not_found', self::CLOSED ),
			'unknown survey'                 => array( array( 'survey' => 'unknown' ), 404, 'userfeedback_not_found', self::CLOSED ),
		);
	}

	/**
	 * @dataProvider bad_inputs
	 *
	 * @param array<string,mixed> $change  Changes to a valid body.
	 * @param string|null         $message Expected message.
	 */
	public function test_a_bad_request_is_refused_and_stores_nothing( array $change, int $status, string $code, ?string $message ): void {
		$survey = $change['survey'] ?? array();
		unset( $change['survey'] );
		$id = 'unknown' === $survey ? self::open_survey() + 1000 : self::open_survey( $survey );

		$body = array_merge(
			array(
				'answers'        => array( self::answer( 1, 'Yes' ) ),
				'page_submitted' => array(
					'link'  => 'https://example.com/',
					'title' => 'Home',
				),
				'nonce'          => \UserFeedback\Frontend\SurveyTokens::issue( $id, 'submission' ),
			),
			$change
		);
		if ( 'impression' === $body['nonce'] ) {
			$body['nonce'] = \UserFeedback\Frontend\SurveyTokens::issue( $id, 'impression' );
		}
		$body      = array_filter( $body, static fn( $value, string $key ): bool => null !== $value || 'nonce' === $key, ARRAY_FILTER_USE_BOTH );
		$responses = self::total_rows( 'responses' );
		$answers   = self::total_rows( 'answers' );

		$response = $this->submit( $id, $body );

		$data = $response->get_data();
		$this->assertSame( $status, $response->get_status(), (string) wp_json_encode( $data ) );
		$this->assertSame( $code, $data['code'] );
		$this->assertSame( $status, $data['data']['status'] );
		if ( null !== $message ) {
			$this->assertSame( $message, $data['message'] );
		} else {
			$this->assertNotSame( '', $data['message'] );
		}
		$this->assertSame( $responses, self::total_rows( 'responses' ), 'No response row.' );
		$this->assertSame( $answers, self::total_rows( 'answers' ), 'No answer rows.' );
	}

	public function test_a_400_names_the_answer_it_is_about(): void {
		$id       = self::open_survey();
		$response = $this->submit_answers( $id, array( self::answer( 1, 'Yes' ), self::answer( 5, 9 ) ) );
		$this->assertSame( array( 'answers[1]' => 'The answer to question 5 must be a whole number from 1 to 5.' ), $response->get_data()['data']['params'] );
	}

	public function test_an_impression_for_a_closed_or_unknown_survey_is_refused_and_not_counted(): void {
		$before = self::total_rows( 'impressions' );
		foreach ( array( array( 'status' => 'draft' ), array( 'status' => 'trash' ), array( 'publish_at' => gmdate( 'Y-m-d H:i:s', time() + 60 ) ) ) as $over ) {
			$id       = self::open_survey( $over );
			$response = $this->impression( $id );
			$this->assertSame( 404, $response->get_status() );
			$this->assertSame( self::CLOSED, $response->get_data()['message'] );
		}
		$this->assertSame( 404, $this->impression( 987654 )->get_status() );
		$this->assertSame( $before, self::total_rows( 'impressions' ) );
	}
}
