<?php
/**
 * The question-type registry: every descriptor is complete, says the same as the survey schema, and
 * its defaults make a question the schema and the publish rules accept.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\QuestionTypes;

use UserFeedback\Surveys\QuestionSchema;
use UserFeedback\Surveys\QuestionTypes\QuestionType;
use UserFeedback\Surveys\QuestionTypes\QuestionTypes;
use UserFeedback\Surveys\SurveyDefaults;
use UserFeedback\Surveys\SurveySchema;
use UserFeedback\Surveys\SurveyShape;
use UserFeedback\Tests\TestCase;

final class QuestionTypesRegistryTest extends TestCase {

	/** The nine types of spec 1, in the builder's Add Question order. */
	private const KEYS = array( 'radio-button', 'checkbox', 'text', 'long-text', 'email', 'star-rating', 'nps', 'image-radio', 'icon-choice' );

	/**
	 * @return array<string,array{0:string}>
	 */
	public static function keys(): array {
		return array_combine( self::KEYS, array_map( static fn( string $key ): array => array( $key ), self::KEYS ) );
	}

	public function test_the_registry_lists_the_nine_types_in_builder_order(): void {
		$this->assertSame( self::KEYS, QuestionTypes::keys() );
		foreach ( QuestionTypes::all() as $key => $type ) {
			$this->assertInstanceOf( QuestionType::class, $type );
			$this->assertSame( $key, $type->key() );
			$this->assertSame( $type, QuestionTypes::get( $key ), 'One descriptor per type.' );
		}
		$this->assertNull( QuestionTypes::get( 'slider' ) );
		$this->assertNull( QuestionTypes::get( '' ) );
		$this->assertNull( QuestionTypes::get( null ) );
		$this->assertNull( QuestionTypes::get( array( 'text' ) ) );
	}

	public function test_the_schema_enum_is_the_registry(): void {
		$this->assertSame( QuestionTypes::keys(), QuestionSchema::schema()['properties']['type']['enum'] );
		$this->assertSame( QuestionSchema::schema(), SurveySchema::schema()['properties']['questions']['items'] );
	}

	public function test_the_lists_that_used_to_be_constants(): void {
		$this->assertSame( array( 'radio-button', 'checkbox', 'image-radio', 'icon-choice' ), QuestionTypes::with_options() );
		$this->assertSame( array( 'star-rating', 'nps', 'image-radio', 'icon-choice' ), QuestionTypes::advanced() );
	}

	/**
	 * @dataProvider keys
	 */
	public function test_every_descriptor_is_complete_and_consistent( string $key ): void {
		$type = QuestionTypes::get( $key );
		$this->assertNotNull( $type );

		$this->assertNotSame( '', trim( $type->label() ) );

		$comparators = $type->comparators();
		$this->assertNotEmpty( $comparators, 'Every type may be the subject of a condition.' );
		$this->assertSame( array_values( array_unique( $comparators ) ), $comparators );
		$this->assertSame( array(), array_diff( $comparators, SurveySchema::COMPARATORS ), 'Comparators the schema knows.' );

		$options = $type->options();
		if ( null !== $options ) {
			$this->assertSame( array( 'min', 'max' ), array_keys( $options ) );
			$this->assertGreaterThanOrEqual( 1, $options['min'] );
			$this->assertLessThanOrEqual( $options['max'], $options['min'] );
			$this->assertSame( SurveySchema::MAX_OPTIONS, $options['max'] );
			$this->assertArrayHasKey( 'options', $type->default_config() );
			$this->assertTrue( $type->offers_randomize() );
		} else {
			$this->assertArrayNotHasKey( 'options', $type->default_config() );
			$this->assertFalse( $type->offers_randomize() );
		}

		$scale = $type->scale();
		if ( null !== $scale ) {
			$this->assertSame( array( 'min', 'max' ), array_keys( $scale ) );
			$this->assertLessThan( $scale['max'], $scale['min'] );
			$this->assertNull( $options, 'A type has options or a scale, not both.' );
		}

		$max = $type->max_length();
		$this->assertTrue( null === $max || $max > 0 );
		if ( null !== $max ) {
			$this->assertFalse( $type->counts_values(), 'Typed answers are listed, not counted.' );
			$this->assertFalse( $type->offers_comment_box(), 'Spec 1, section 5: no comment box where the answer is typed.' );
			$this->assertFalse( $type->auto_advance() );
		} else {
			$this->assertTrue( $type->counts_values(), 'Every other type is counted per value.' );
		}
		$this->assertFalse( $type->multiple() && $type->auto_advance(), 'A multiple choice never moves on at the first pick.' );

		foreach ( array( 'required', 'randomize', 'comment_box' ) as $setting ) {
			$this->assertFalse( $type->default_settings()[ $setting ], $setting );
		}
	}

	/**
	 * @dataProvider keys
	 */
	public function test_a_new_question_of_every_type_fits_the_schema_and_keeps_its_shape( string $key ): void {
		$question = SurveyDefaults::question( $key );
		$this->assertSame( $key, $question['type'] );
		$this->assertSame( QuestionTypes::get( $key )->default_config(), $question['config'] );
		$this->assertSame( QuestionTypes::get( $key )->default_settings(), $question['settings'] );
		$this->assertTrue( rest_validate_value_from_schema( $question, QuestionSchema::schema(), 'question' ) );
		$this->assertSame( $question, SurveyShape::question( $question ), 'The defaults are already complete.' );
	}

	public function test_fields_that_do_not_belong_to_the_type_are_dropped(): void {
		$shaped = SurveyShape::question(
			array(
				'type'     => 'text',
				'config'   => array(
					'options'      => array( 'A', 'B' ),
					'include_name' => true,
				),
				'settings' => array(
					'randomize'   => true,
					'comment_box' => true,
					'icon_size'   => 'large',
				),
			)
		);
		$this->assertSame( array(), $shaped['config'] );
		$this->assertSame(
			array(
				'required'    => false,
				'randomize'   => false,
				'comment_box' => false,
			),
			$shaped['settings']
		);

		$this->assertSame( 'text', SurveyShape::question( array( 'type' => 'slider' ) )['type'], 'An unknown type becomes text.' );

		$email = SurveyShape::question(
			array(
				'type'   => 'email',
				'config' => array(
					'include_name' => 1,
					'options'      => array( 'A' ),
				),
			)
		);
		$this->assertSame( array( 'include_name' => true ), $email['config'] );
		$checkbox = SurveyShape::question(
			array(
				'type'   => 'checkbox',
				'config' => array(
					'options'      => array( ' A ', array( 'label' => 'B' ) ),
					'include_name' => true,
				),
			)
		);
		$this->assertSame( array( 'options' => array( 'A', 'B' ) ), $checkbox['config'] );

		$icons = SurveyShape::question(
			array(
				'type'   => 'icon-choice',
				'config' => array( 'options' => array( ' Happy ', array( 'label' => 'Sad', 'icon' => array( 'name' => 'frown' ) ) ) ),
			)
		);
		$this->assertSame(
			array(
				array(
					'label' => 'Happy',
					'icon'  => null,
				),
				array(
					'label' => 'Sad',
					'icon'  => array(
						'name'  => 'frown',
						'style' => '',
					),
				),
			),
			$icons['config']['options']
		);
		$this->assertSame( '#1579EF', $icons['settings']['icon_color'] );
	}

	public function test_the_widget_entries_are_a_subset_of_the_admin_entries(): void {
		$admin = array_column( QuestionTypes::admin_config(), null, 'key' );
		$this->assertSame( QuestionTypes::keys(), array_keys( $admin ) );
		foreach ( QuestionTypes::widget_config() as $key => $entry ) {
			$this->assertSame( array( 'max_length', 'auto_advance', 'advanced', 'scale', 'required' ), array_keys( $entry ) );
			foreach ( $entry as $field => $value ) {
				$this->assertSame( $admin[ $key ][ $field ], $value, "$key $field" );
			}
		}
	}

	public function test_what_the_builder_offers_per_type(): void {
		$admin = array_column( QuestionTypes::admin_config(), null, 'key' );
		$this->assertSame( array( 'radio-button', 'checkbox', 'star-rating', 'nps' ), array_keys( array_filter( array_column( $admin, 'logic_subject', 'key' ) ) ), 'Spec 1: logic depends on radio, checkbox, star rating and NPS answers.' );
		$this->assertSame( array( 'radio-button', 'checkbox', 'image-radio', 'icon-choice' ), array_keys( array_filter( array_column( $admin, 'randomize', 'key' ) ) ) );
		$this->assertSame( array( 'text', 'long-text', 'email' ), array_keys( array_filter( array_column( $admin, 'comment_box', 'key' ), static fn( bool $offered ): bool => ! $offered ) ) );
		$this->assertSame( array( 'nps' ), array_keys( array_filter( array_column( $admin, 'required', 'key' ) ) ) );
	}

	public function test_the_admin_entries_have_the_contract_shape(): void {
		foreach ( QuestionTypes::admin_config() as $entry ) {
			$this->assertSame( array( 'key', 'label', 'options', 'advanced', 'comparators', 'default_config', 'default_settings', 'max_length', 'auto_advance', 'scale', 'multiple', 'required', 'randomize', 'comment_box', 'logic_subject' ), array_keys( $entry ) );
			$this->assertIsObject( $entry['default_config'], 'An object in JSON even when empty.' );
			$this->assertIsObject( $entry['default_settings'] );
			$this->assertTrue( array_is_list( $entry['comparators'] ) );
		}
		$this->assertStringContainsString( '"key":"text","label":"Single Line Text","options":null,"advanced":false,"comparators":["contains","not_contains","starts_with","ends_with"],"default_config":{}', (string) wp_json_encode( QuestionTypes::admin_config() ) );
	}

	public function test_the_survey_limits(): void {
		$this->assertSame(
			array(
				'max_questions'  => 50,
				'max_options'    => 5,
				'max_conditions' => 20,
				'title_max'      => 255,
				'label_max'      => 200,
				'message_max'    => 1000,
				'comment_max'    => 1000,
				'name_max'       => 100,
				'email_max'      => 254,
			),
			SurveySchema::limits()
		);
	}
}
