<?php
/**
 * Conditional email logic on hidden fields (issue 18 item 5): a condition naming one of the survey's
 * hidden fields reads the value the response stored for it (HiddenFields), compared as a text answer
 * is; a response that stored no value for the field never meets it, not_equals included. Responses are
 * written through the visitor route with their fields, as the widget sends them.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Notifications;

use UserFeedback\Notifications\Email\ResponseEmailQueue;
use UserFeedback\Plugin;
use UserFeedback\Settings\SettingsRepository;
use UserFeedback\Tests\Responses\ResponsesTestCase;

final class EmailFieldLogicTest extends ResponsesTestCase {

	protected function setUp(): void {
		parent::setUp();
		$this->set_entitlements( 'pro', 'pro' );
	}

	/**
	 * A published survey with hidden fields plan and utm_source whose email goes out only when every
	 * condition holds.
	 *
	 * @param array<int,array<string,mixed>> $conditions Email logic conditions.
	 */
	private static function survey_with_conditions( array $conditions ): int {
		return self::open_survey(
			array(
				'settings'      => array(
					'hidden_fields' => array(
						array(
							'name'   => 'plan',
							'source' => 'query',
							'key'    => 'plan',
						),
						array(
							'name'   => 'utm_source',
							'source' => 'query',
							'key'    => 'utm_source',
						),
					),
				),
				'notifications' => array(
					'email' => array(
						'active'    => true,
						'addresses' => 'ann@example.com',
						'logic'     => array(
							'enable'     => true,
							'action'     => 'send',
							'conditions' => $conditions,
						),
					),
				),
			)
		);
	}

	/**
	 * @param array<string,string> $fields The hidden fields the widget collected.
	 */
	private function respond( int $survey_id, array $fields, string $answer = 'Yes' ): int {
		$body = array(
			'answers'        => array( self::answer( 1, $answer ) ),
			'page_submitted' => array(
				'link'  => 'https://example.com/pricing/',
				'title' => 'Pricing',
			),
		);
		if ( $fields ) {
			$body['fields'] = $fields;
		}
		$response = $this->submit( $survey_id, $body );
		$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		return (int) $response->get_data()['id'];
	}

	private static function sent( int $response_id ): bool {
		$queue = new ResponseEmailQueue( Plugin::instance()->surveys, new SettingsRepository(), \Closure::fromCallable( array( Plugin::instance(), 'entitlements' ) ) );
		return null !== $queue->compose( $response_id );
	}

	/**
	 * @return array<string,mixed>
	 */
	private static function on_field( string $field, string $compare, string $value ): array {
		return array(
			'question_id' => null,
			'field'       => $field,
			'compare'     => $compare,
			'value'       => $value,
		);
	}

	public function test_the_email_goes_out_only_when_the_field_condition_holds(): void {
		$survey = self::survey_with_conditions( array( self::on_field( 'plan', 'equals', 'pro' ) ) );

		$this->assertTrue( self::sent( $this->respond( $survey, array( 'plan' => 'pro' ) ) ) );
		$this->assertFalse( self::sent( $this->respond( $survey, array( 'plan' => 'free' ) ) ) );
		$this->assertFalse( self::sent( $this->respond( $survey, array( 'plan' => 'Pro' ) ) ), 'equals is case-sensitive, as for answers.' );
		$this->assertFalse( self::sent( $this->respond( $survey, array() ) ), 'No value stored: the condition does not hold.' );
	}

	public function test_a_field_without_a_value_meets_no_comparator_not_even_not_equals(): void {
		$survey = self::survey_with_conditions( array( self::on_field( 'plan', 'not_equals', 'pro' ) ) );

		$this->assertTrue( self::sent( $this->respond( $survey, array( 'plan' => 'free' ) ) ) );
		$this->assertFalse( self::sent( $this->respond( $survey, array( 'plan' => 'pro' ) ) ) );
		$this->assertFalse( self::sent( $this->respond( $survey, array( 'utm_source' => 'news' ) ) ), 'plan was not collected.' );
	}

	public function test_field_and_answer_conditions_must_all_hold(): void {
		$survey = self::survey_with_conditions(
			array(
				self::on_field( 'utm_source', 'contains', 'news' ),
				array(
					'question_id' => 1,
					'compare'     => 'equals',
					'value'       => 'Yes',
				),
			)
		);

		$this->assertTrue( self::sent( $this->respond( $survey, array( 'utm_source' => 'Newsletter' ) ) ), 'contains is case-insensitive.' );
		$this->assertFalse( self::sent( $this->respond( $survey, array( 'utm_source' => 'Newsletter' ), 'No' ) ) );
		$this->assertFalse( self::sent( $this->respond( $survey, array( 'utm_source' => 'ads' ) ) ) );
	}
}
