<?php
/**
 * A condition whose comparator its subject question's type does not offer (QuestionTypes::get()->
 * comparators()) is refused by the survey routes with 400 and a message naming the field, in display
 * logic, email logic and conditional redirects alike; comparators the type offers are stored.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Contract;

use UserFeedback\Surveys\QuestionTypes\QuestionTypes;
use UserFeedback\Tests\SurveyTestCase;

final class ConditionComparatorsTest extends SurveyTestCase {

	protected function setUp(): void {
		parent::setUp();
		$this->set_entitlements( 'pro', 'elite', array( 'question-types', 'behavior' ) );
		$this->as_user( 'administrator' );
	}

	/**
	 * @return array<string,mixed>
	 */
	private static function display_logic( string $subject_type, string $compare ): array {
		return self::survey(
			array(
				'questions' => array(
					self::question( 1, $subject_type ),
					self::question(
						2,
						'long-text',
						array(
							'logic' => array(
								'enabled'    => true,
								'conditions' => array(
									array(
										'question_id' => 1,
										'compare'     => $compare,
										'value'       => '3',
									),
								),
							),
						)
					),
				),
			)
		);
	}

	public function test_every_comparator_a_type_offers_is_stored_and_any_other_refused(): void {
		$all = array( 'equals', 'not_equals', 'in', 'contains', 'not_contains', 'starts_with', 'ends_with', 'greater_than', 'less_than' );
		foreach ( QuestionTypes::all() as $key => $type ) {
			foreach ( $all as $compare ) {
				$response = $this->create( self::display_logic( $key, $compare ) );
				if ( in_array( $compare, $type->comparators(), true ) ) {
					$this->assertSame( 201, $response->get_status(), "$key $compare: " . wp_json_encode( $response->get_data() ) );
					$this->assertSame( $compare, self::data( $response )['questions'][1]['logic']['conditions'][0]['compare'] );
					continue;
				}
				$this->assertSame( 400, $response->get_status(), "$key $compare" );
				$error = $response->as_error();
				$this->assertStringContainsString( 'questions[1][logic][conditions][0][compare]', $error->get_error_message() );
				$this->assertStringContainsString( "\"$compare\"", $error->get_error_message() );
				$this->assertArrayHasKey( 'questions[1][logic][conditions][0][compare]', $error->get_error_data()['params'] );
			}
		}
	}

	public function test_email_logic_and_redirect_rows_are_judged_too_and_nothing_is_written(): void {
		global $wpdb;
		$before = (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . \UserFeedback\Database\Schema::table( 'surveys' ) );
		$survey = self::survey(
			array(
				'questions'     => array( self::question( 1, 'star-rating' ), self::question( 2, 'checkbox' ) ),
				'settings'      => array(
					'thank_you' => array(
						'type'       => 'conditional_redirect',
						'conditions' => array(
							array( 'question' => 1, 'condition_type' => 'greater_than', 'condition' => '3', 'page' => null, 'redirect_url' => 'https://example.com/a' ),
							array( 'question' => 2, 'condition_type' => 'equals', 'condition' => 'Yes', 'page' => null, 'redirect_url' => 'https://example.com/b' ),
						),
					),
				),
				'notifications' => array(
					'email' => array(
						'logic' => array(
							'enable'     => true,
							'conditions' => array( array( 'question_id' => 1, 'compare' => 'contains', 'value' => '4' ) ),
						),
					),
				),
			)
		);
		$response = $this->create( $survey );
		$this->assertSame( 400, $response->get_status() );
		$message = $response->as_error()->get_error_message();
		$this->assertStringContainsString( 'settings[thank_you][conditions][1][condition_type]: "equals"', $message );
		$this->assertStringContainsString( 'notifications[email][logic][conditions][0][compare]: "contains"', $message );
		$this->assertStringNotContainsString( 'conditions[0][condition_type]', $message, 'greater_than is a star-rating comparator.' );
		$this->assertSame( $before, (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . \UserFeedback\Database\Schema::table( 'surveys' ) ) );

		$survey['settings']['thank_you']['conditions'][1]['condition_type']           = 'in';
		$survey['notifications']['email']['logic']['conditions'][0]['compare']        = 'less_than';
		$response = $this->create( $survey );
		$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
	}

	public function test_a_row_without_a_question_or_a_comparator_yet_is_kept(): void {
		$survey   = self::display_logic( 'radio-button', '' );
		$response = $this->create( $survey );
		$this->assertSame( 201, $response->get_status() );
		$survey['questions'][1]['logic']['conditions'][0]['question_id'] = null;
		$survey['questions'][1]['logic']['conditions'][0]['compare']     = 'greater_than';
		$this->assertSame( 201, $this->create( $survey )->get_status() );
	}
}
