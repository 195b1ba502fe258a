<?php
/**
 * Spec 1, section 5 on the server: what a survey needs before it is published, and what happens to
 * a publish that does not have it (saved as a draft, with the spec's message). Logic references.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

use UserFeedback\Surveys\SurveyRules;
use UserFeedback\Surveys\SurveySchema;
use UserFeedback\Surveys\SurveyShape;

final class SurveyValidationTest extends SurveyTestCase {

	private const BLOCKED = "The Survey can't be published: Some questions are missing options.";

	/**
	 * @param array<string,mixed> $question Question input.
	 * @return string[]
	 */
	private static function errors( array $question ): array {
		return SurveyRules::question_errors( SurveyShape::question( $question ) );
	}

	public function test_a_question_needs_a_title(): void {
		$this->assertSame( array( 'Title is required.' ), self::errors( self::question( 1, 'text', array( 'title' => '   ' ) ) ) );
		$this->assertSame( array(), self::errors( self::question( 1, 'text' ) ) );
	}

	public function test_choice_questions_need_option_labels(): void {
		foreach ( array( 'radio-button', 'checkbox', 'image-radio', 'icon-choice' ) as $type ) {
			$this->assertSame( array(), self::errors( self::question( 1, $type ) ), $type );

			$empty                        = self::question( 1, $type );
			$empty['config']['options'][1] = is_array( $empty['config']['options'][1] ) ? array_merge( $empty['config']['options'][1], array( 'label' => ' ' ) ) : '';
			$this->assertSame( array( 'Options are required.' ), self::errors( $empty ), "$type with an empty label" );

			$none                      = self::question( 1, $type );
			$none['config']['options'] = array();
			$this->assertSame( array( 'Options are required.' ), self::errors( $none ), "$type without options" );
		}
		$both = self::question( 1, 'checkbox', array( 'title' => '' ) );
		$both['config']['options'] = array();
		$this->assertSame( array( 'Title is required.', 'Options are required.' ), self::errors( $both ) );
	}

	public function test_option_counts_are_one_to_five_for_checkboxes_and_two_to_five_for_the_others(): void {
		$one = static fn( string $type ): array => array_merge( self::question( 1, $type ), array( 'config' => array( 'options' => array_slice( self::question( 1, $type )['config']['options'], 0, 1 ) ) ) );
		$this->assertSame( array(), self::errors( $one( 'checkbox' ) ) );
		foreach ( array( 'radio-button', 'image-radio', 'icon-choice' ) as $type ) {
			$this->assertSame( array( 'At least 2 options are required.' ), self::errors( $one( $type ) ), $type );
		}
		// More than five never reaches the rules through the API (the schema refuses it), but a row
		// written by something else is still held to it.
		$six = SurveyShape::question( self::question( 1, 'checkbox' ) );
		$six['config']['options'] = array( 'a', 'b', 'c', 'd', 'e', 'f' );
		$this->assertSame( array( 'A question takes at most 5 options.' ), SurveyRules::question_errors( $six ) );
		$this->assertSame( 5, SurveySchema::MAX_OPTIONS );
	}

	public function test_other_types_need_only_a_title(): void {
		foreach ( array( 'email', 'text', 'long-text', 'star-rating', 'nps' ) as $type ) {
			$this->assertSame( array(), self::errors( self::question( 1, $type ) ), $type );
			$this->assertSame( array( 'Title is required.' ), self::errors( self::question( 1, $type, array( 'title' => '' ) ) ), $type );
		}
	}

	public function test_the_thank_you_step_needs_a_message_or_a_redirect_target(): void {
		$survey = $this->complete( self::survey() );
		$this->assertSame( array(), SurveyRules::publish_errors( $survey ) );

		$survey['settings']['thank_you']['message'] = ' ';
		$this->assertSame( array( 'thank_you' => array( 'A thank-you message is required.' ) ), SurveyRules::publish_errors( $survey ) );

		$survey['settings']['thank_you']['type'] = 'redirect';
		$this->assertSame( array( 'thank_you' => array( 'Choose a page or a URL to redirect to.' ) ), SurveyRules::publish_errors( $survey ) );
		$survey['settings']['thank_you']['redirect_to'] = array( 'id' => 7, 'label' => 'Thanks page' );
		$this->assertSame( array(), SurveyRules::publish_errors( $survey ) );
		$survey['settings']['thank_you']['redirect_to']  = null;
		$survey['settings']['thank_you']['redirect_url'] = 'https://example.com/thanks';
		$this->assertSame( array(), SurveyRules::publish_errors( $survey ) );

		$survey['questions'] = array();
		$this->assertSame( array( 'questions' => array( 'Add at least one question.' ) ), SurveyRules::publish_errors( $survey ) );
	}

	public function test_a_publish_that_fails_validation_is_saved_as_a_draft_with_the_message(): void {
		$this->as_user( 'administrator' );
		$bad               = self::question( 2, 'radio-button' );
		$bad['config']['options'] = array( 'Only one', '' );
		$response          = $this->create( self::survey( array( 'status' => 'publish', 'questions' => array( self::question( 1 ), $bad ) ) ) );
		$this->assertSame( 201, $response->get_status() );
		$result = self::data( $response );
		$notes = self::notes( $response );
		$this->assertFalse( $notes['published'] );
		$this->assertSame( self::BLOCKED, $notes['message'] );
		$this->assertSame( 'draft', $result['status'] );
		$this->assertSame( array( 'Only one', '' ), $result['questions'][1]['config']['options'], 'The incomplete draft is kept as sent.' );

		// Fixed, the same survey publishes.
		$fixed = $result['questions'];
		$fixed[1]['config']['options'][1] = 'Another';
		$saved  = $this->update( $result['id'], array( 'status' => 'publish', 'questions' => $fixed ) );
		$result = self::data( $saved );
		$notes  = self::notes( $saved );
		$this->assertTrue( $notes['published'] );
		$this->assertSame( '', $notes['message'] );
		$this->assertSame( 'publish', $result['status'] );
		$this->assertSame( 'publish', $result['display_status'] );

		// Editing a published survey into an invalid one takes it back to draft.
		$fixed[0]['title'] = '';
		$saved  = $this->update( $result['id'], array( 'questions' => $fixed ) );
		$result = self::data( $saved );
		$notes  = self::notes( $saved );
		$this->assertFalse( $notes['published'] );
		$this->assertSame( self::BLOCKED, $notes['message'] );
		$this->assertSame( 'draft', $result['status'] );
	}

	public function test_a_publish_without_questions_or_message_is_a_draft(): void {
		$this->as_user( 'administrator' );
		$saved  = $this->create( array( 'title' => 'Empty', 'status' => 'publish' ) );
		$result = self::data( $saved );
		$notes  = self::notes( $saved );
		$this->assertFalse( $notes['published'] );
		$this->assertSame( 'draft', $result['status'] );

		// With the thank-you message editable (on Lite it goes back to the default when saved).
		$this->as_elite();
		$saved  = $this->create( self::survey( array( 'status' => 'publish', 'settings' => array( 'thank_you' => array( 'message' => '' ) ) ) ) );
		$result = self::data( $saved );
		$notes  = self::notes( $saved );
		$this->assertFalse( $notes['published'] );
		$this->assertSame( self::BLOCKED, $notes['message'] );
	}

	public function test_drafts_may_be_incomplete(): void {
		$this->as_user( 'administrator' );
		$response = $this->create( array( 'title' => '', 'questions' => array( array( 'type' => 'checkbox' ) ) ) );
		$this->assertSame( 201, $response->get_status() );
		$result = self::data( $response );
		$notes = self::notes( $response );
		$this->assertFalse( $notes['published'] );
		$this->assertSame( '', $notes['message'], 'A draft save is not a refused publish.' );
		$this->assertSame( array( 'options' => array() ), $result['questions'][0]['config'] );
		$this->assertSame( '', $result['questions'][0]['title'] );
	}

	public function test_logic_may_only_refer_to_earlier_questions(): void {
		$this->as_user( 'administrator' );
		$condition = static fn( ?int $question, string $compare = 'equals', $value = 'Yes' ): array => array( 'question_id' => $question, 'compare' => $compare, 'value' => $value );
		$questions = array(
			self::question( 1 ),
			self::question(
				2,
				'text',
				array(
					'logic' => array(
						'enabled'    => true,
						'action'     => 'hide',
						'conditions' => array( $condition( 1 ), $condition( 3 ), $condition( 42 ), $condition( null, '', '' ) ),
					),
				)
			),
			self::question( 3, 'long-text', array( 'logic' => array( 'enabled' => true, 'conditions' => array( $condition( 4 ) ) ) ) ),
			self::question( 4, 'checkbox' ),
		);
		$survey    = self::data( $this->create( self::survey( array( 'questions' => $questions ) ) ) );

		$logic = $survey['questions'][1]['logic'];
		$this->assertTrue( $logic['enabled'] );
		$this->assertSame( 'hide', $logic['action'] );
		$this->assertSame(
			array(
				$condition( 1 ),
				$condition( null, '', '' ),
			),
			$logic['conditions'],
			'Later and unknown questions are dropped; a row with no question yet stays (a comparator the subject does not offer is refused: Contract\\ConditionComparatorsTest).'
		);
		$this->assertSame( array(), $survey['questions'][2]['logic']['conditions'] );
		$this->assertFalse( $survey['questions'][2]['logic']['enabled'], 'Logic whose last condition was dropped is off.' );
	}

	public function test_email_logic_and_redirect_conditions_drop_unknown_questions(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$survey = self::data(
			$this->create(
				self::survey(
					array(
						'settings'      => array(
							'thank_you' => array(
								'type'       => 'conditional_redirect',
								'conditions' => array(
									array( 'question' => 1, 'condition_type' => 'equals', 'condition' => 'Yes', 'page' => array( 'id' => 5, 'label' => 'Yes page' ), 'redirect_url' => '' ),
									array( 'question' => 9, 'condition_type' => 'equals', 'condition' => 'No', 'page' => null, 'redirect_url' => 'https://example.com/' ),
								),
							),
						),
						'notifications' => array( 'email' => array( 'logic' => array( 'enable' => true, 'conditions' => array( array( 'question_id' => 9, 'compare' => 'equals', 'value' => 'x' ) ) ) ) ),
					)
				)
			)
		);
		$this->assertSame( array( 1 ), array_column( $survey['settings']['thank_you']['conditions'], 'question' ) );
		$this->assertSame( array( 'enable' => false, 'action' => 'send', 'conditions' => array() ), $survey['notifications']['email']['logic'] );
	}

	public function test_question_ids_never_reuse_one_that_has_answers(): void {
		$this->as_user( 'administrator' );
		$id = $this->create_id( array( 'questions' => array( self::question( 1 ), self::question( 2, 'text' ) ) ) );
		self::add_responses( $id, 1 ); // Answers question 1.
		global $wpdb;
		$wpdb->update( \UserFeedback\Database\Schema::table( 'answers' ), array( 'question_id' => 7 ), array( 'survey_id' => $id ) );

		$questions = self::data( $this->update( $id, array( 'questions' => array( self::question( 1 ), self::question( 0, 'text' ) ) ) ) )['questions'];
		$this->assertSame( array( 1, 8 ), array_column( $questions, 'id' ) );
	}

	/**
	 * @param array<string,mixed> $input Survey input.
	 * @return array<string,mixed>
	 */
	private function complete( array $input ): array {
		$survey              = SurveySchema::defaults( array() );
		$survey['questions'] = array_map( array( SurveyShape::class, 'question' ), $input['questions'] );
		return $survey;
	}
}
