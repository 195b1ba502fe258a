<?php
/**
 * Conditions on hidden fields (issue 18 item 5): a display-logic or email-logic condition may name one
 * of the survey's hidden fields (`field`, question_id null) instead of a question. The survey routes
 * store such a condition when the survey lists the field, and refuse with 400 and a message naming
 * the condition one on a field it does not list (never added, or removed since), one naming both a
 * question and a field, a comparator a field does not offer, and a name that is no field name.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Surveys;

use UserFeedback\Database\Schema;
use UserFeedback\Surveys\SchemaParts;
use UserFeedback\Tests\SurveyTestCase;

final class FieldConditionsTest extends SurveyTestCase {

	protected function setUp(): void {
		parent::setUp();
		$this->set_entitlements( 'pro', 'elite', array( 'question-types', 'behavior' ) );
		$this->as_user( 'administrator' );
	}

	/**
	 * @param array<string,mixed> $over Over the condition.
	 * @return array<string,mixed>
	 */
	private static function on_plan( array $over = array() ): array {
		return array_merge(
			array(
				'question_id' => null,
				'field'       => 'plan',
				'compare'     => 'equals',
				'value'       => 'pro',
			),
			$over
		);
	}

	/**
	 * A survey with hidden fields plan and utm_source whose second question shows for a condition and
	 * whose email logic has another.
	 *
	 * @param array<string,mixed> $display The display-logic condition of question 2.
	 * @param array<string,mixed> $email   The email-logic condition.
	 * @param string[]            $names   The hidden fields the survey lists.
	 * @return array<string,mixed>
	 */
	private static function with_conditions( array $display, array $email, array $names = array( 'plan', 'utm_source' ) ): array {
		return self::survey(
			array(
				'questions'     => array(
					self::question( 1 ),
					self::question(
						2,
						'long-text',
						array(
							'logic' => array(
								'enabled'    => true,
								'action'     => 'show',
								'conditions' => array( $display ),
							),
						)
					),
				),
				'settings'      => array(
					'hidden_fields' => array_map(
						static fn( string $name ): array => array(
							'name'   => $name,
							'source' => 'query',
							'key'    => $name,
						),
						$names
					),
				),
				'notifications' => array(
					'email' => array(
						'logic' => array(
							'enable'     => true,
							'conditions' => array( $email ),
						),
					),
				),
			)
		);
	}

	private static function survey_count(): int {
		global $wpdb;
		return (int) $wpdb->get_var( 'SELECT COUNT(*) FROM ' . Schema::table( 'surveys' ) );
	}

	public function test_conditions_on_a_listed_field_are_stored_and_read_back(): void {
		$response = $this->create( self::with_conditions( self::on_plan(), self::on_plan( array( 'field' => 'utm_source', 'compare' => 'contains', 'value' => 'news' ) ) ) );
		$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );

		$survey = $this->fetch( (int) $response->get_data()['id'] );
		$this->assertSame(
			array( self::on_plan() ),
			$survey['questions'][1]['logic']['conditions']
		);
		$this->assertTrue( $survey['questions'][1]['logic']['enabled'] );
		$this->assertSame(
			array(
				array(
					'question_id' => null,
					'field'       => 'utm_source',
					'compare'     => 'contains',
					'value'       => 'news',
				),
			),
			$survey['notifications']['email']['logic']['conditions']
		);
	}

	public function test_every_field_comparator_is_stored_and_the_others_refused(): void {
		foreach ( SchemaParts::COMPARATORS as $compare ) {
			$response = $this->create( self::with_conditions( self::on_plan( array( 'compare' => $compare ) ), self::on_plan() ) );
			if ( in_array( $compare, SchemaParts::FIELD_COMPARATORS, true ) ) {
				$this->assertSame( 201, $response->get_status(), "$compare: " . wp_json_encode( $response->get_data() ) );
				continue;
			}
			$this->assertSame( 400, $response->get_status(), $compare );
			$error = $response->as_error();
			$this->assertStringContainsString( "questions[1][logic][conditions][0][compare]: \"$compare\" is not a comparator for a hidden field", $error->get_error_message() );
			$this->assertArrayHasKey( 'questions[1][logic][conditions][0][compare]', $error->get_error_data()['params'] );
		}
	}

	public function test_a_field_the_survey_does_not_list_is_refused_and_nothing_is_written(): void {
		$before   = self::survey_count();
		$response = $this->create( self::with_conditions( self::on_plan( array( 'field' => 'coupon' ) ), self::on_plan( array( 'field' => 'referrer' ) ) ) );

		$this->assertSame( 400, $response->get_status() );
		$error = $response->as_error();
		$this->assertStringContainsString( 'questions[1][logic][conditions][0][field]: "coupon" is not a hidden field of this survey', $error->get_error_message() );
		$this->assertStringContainsString( 'notifications[email][logic][conditions][0][field]: "referrer" is not a hidden field of this survey', $error->get_error_message() );
		$params = $error->get_error_data()['params'];
		$this->assertArrayHasKey( 'questions[1][logic][conditions][0][field]', $params );
		$this->assertArrayHasKey( 'notifications[email][logic][conditions][0][field]', $params );
		$this->assertSame( $before, self::survey_count() );
	}

	public function test_removing_a_field_that_conditions_use_is_refused_until_they_change(): void {
		$response = $this->create( self::with_conditions( self::on_plan(), self::on_plan() ) );
		$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$id = (int) $response->get_data()['id'];

		$without = self::with_conditions( self::on_plan(), self::on_plan( array( 'field' => 'utm_source' ) ), array( 'utm_source' ) );
		$refused = $this->update( $id, $without );
		$this->assertSame( 400, $refused->get_status() );
		$this->assertStringContainsString( '"plan" is not a hidden field of this survey', $refused->as_error()->get_error_message() );
		$this->assertSame( 'plan', $this->fetch( $id )['settings']['hidden_fields'][0]['name'], 'The stored survey is unchanged.' );

		$without['questions'][1]['logic']['conditions'][0] = array(
			'question_id' => 1,
			'compare'     => 'equals',
			'value'       => 'Yes',
		);
		$this->assertSame( 200, $this->update( $id, $without )->get_status() );
	}

	public function test_a_condition_on_both_a_question_and_a_field_is_refused(): void {
		$response = $this->create( self::with_conditions( self::on_plan( array( 'question_id' => 1 ) ), self::on_plan() ) );
		$this->assertSame( 400, $response->get_status() );
		$this->assertStringContainsString( 'questions[1][logic][conditions][0][field]: a condition is about a question or a hidden field, not both.', $response->as_error()->get_error_message() );
	}

	public function test_a_field_name_out_of_the_pattern_is_refused_by_the_schema(): void {
		foreach ( array( 'Plan', '1plan', 'plan-type', str_repeat( 'a', 41 ), '' ) as $name ) {
			$response = $this->create( self::with_conditions( self::on_plan(), self::on_plan( array( 'field' => $name ) ) ) );
			$this->assertSame( 400, $response->get_status(), $name );
			$this->assertStringContainsString( 'The hidden field named in an email condition is not in the expected form.', $response->as_error()->get_error_message(), $name );
		}
	}

	public function test_a_row_without_a_subject_yet_is_still_kept(): void {
		$blank    = array(
			'question_id' => null,
			'compare'     => '',
			'value'       => '',
		);
		$response = $this->create( self::with_conditions( $blank, $blank ) );
		$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$survey = $this->fetch( (int) $response->get_data()['id'] );
		$this->assertSame( array( $blank ), $survey['questions'][1]['logic']['conditions'], 'A condition on a question has no field key.' );
	}

	public function test_a_save_without_the_hidden_fields_feature_drops_the_conditions_on_fields_with_the_fields(): void {
		$this->set_entitlements( 'lite', null );
		$on_answer = array(
			'question_id' => 1,
			'compare'     => 'equals',
			'value'       => 'Yes',
		);
		$survey = self::with_conditions( self::on_plan(), self::on_plan() );
		$survey['questions'][1]['logic']['conditions'][] = $on_answer;

		$response = $this->create( $survey );
		$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertContains( 'hidden_fields', self::notes( $response )['stripped'] );
		$stored = $this->fetch( (int) $response->get_data()['id'] );
		$this->assertSame( array(), $stored['settings']['hidden_fields'] );
		$this->assertSame( array( $on_answer ), $stored['questions'][1]['logic']['conditions'], 'The condition on an answer stays.' );
		$this->assertTrue( $stored['questions'][1]['logic']['enabled'] );
		$this->assertSame( array(), $stored['notifications']['email']['logic']['conditions'] );
		$this->assertFalse( $stored['notifications']['email']['logic']['enable'], 'Email logic left without conditions is off.' );
	}
}
