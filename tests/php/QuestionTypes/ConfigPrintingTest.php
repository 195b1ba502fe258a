<?php
/**
 * The registry as the apps receive it: the admin boot config carries every type's full entry and
 * the survey limits; the visitor widget's survey body carries only what the widget needs of each type,
 * and the limits of its extra fields.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\QuestionTypes;

use UserFeedback\Surveys\QuestionTypes\QuestionTypes;
use UserFeedback\Surveys\SurveySchema;
use UserFeedback\Tests\Frontend\FrontendTestCase;

final class ConfigPrintingTest extends FrontendTestCase {

	/** What only the admin apps need; none of it is printed for visitors. */
	private const ADMIN_ONLY = array( 'key', 'label', 'options', 'comparators', 'default_config', 'default_settings', 'multiple' );

	public function test_the_admin_boot_config_carries_the_registry_and_the_survey_limits(): void {
		$this->as_user( 'administrator' );
		foreach ( array( 'surveys', 'results' ) as $page ) {
			$config = json_decode( (string) wp_json_encode( self::boot_config()->for_page( $page ) ), true );
			$this->assertSame( json_decode( (string) wp_json_encode( QuestionTypes::admin_config() ), true ), $config['question_types'], $page );
			$this->assertSame( QuestionTypes::keys(), array_column( $config['question_types'], 'key' ) );
			$this->assertSame( SurveySchema::limits(), $config['survey_limits'], $page );
		}

		$text = array_column( $config['question_types'], null, 'key' )['long-text'];
		$this->assertSame( 400, $text['max_length'] );
		$this->assertSame( array(), $text['default_config'] );
		$this->assertSame( 'Comment Box', $text['label'] );
		$nps = array_column( $config['question_types'], null, 'key' )['nps'];
		$this->assertSame(
			array(
				'min' => 0,
				'max' => 10,
			),
			$nps['scale']
		);
		$this->assertTrue( $nps['advanced'] );
		$this->assertTrue( $nps['auto_advance'] );
	}

	public function test_the_survey_body_carries_what_the_widget_needs_of_each_type_and_no_more(): void {
		$this->add_survey( 'publish' );
		$this->front_page();
		// The UI gets them with the survey's body (GET surveys/{id}/widget), not in every page's config.
		$this->assertArrayNotHasKey( 'question_types', $this->page_config() );
		$this->assertArrayNotHasKey( 'limits', $this->page_config() );
		$config = array_values( $this->page_bodies() )[0];

		$this->assertSame( QuestionTypes::keys(), array_keys( $config['question_types'] ) );
		foreach ( $config['question_types'] as $key => $entry ) {
			$this->assertSame( array( 'max_length', 'auto_advance', 'advanced', 'scale', 'required' ), array_keys( $entry ), $key );
			$this->assertSame( array(), array_intersect( self::ADMIN_ONLY, array_keys( $entry ) ), "$key has no admin-only keys" );
		}
		$this->assertSame(
			array(
				'max_length'   => 1000,
				'auto_advance' => false,
				'advanced'     => false,
				'scale'        => null,
				'required'     => false,
			),
			$config['question_types']['text']
		);
		$this->assertSame(
			array(
				'max_length'   => null,
				'auto_advance' => true,
				'advanced'     => true,
				'scale'        => array(
					'min' => 1,
					'max' => 5,
				),
				'required'     => false,
			),
			$config['question_types']['star-rating']
		);
		$this->assertTrue( $config['question_types']['nps']['required'], 'An NPS question is never skipped.' );
		$this->assertFalse( $config['question_types']['checkbox']['auto_advance'] );
		$this->assertSame( 254, $config['question_types']['email']['max_length'] );

		$this->assertSame(
			array(
				'comment_max' => 1000,
				'name_max'    => 100,
				'field_max'   => \UserFeedback\Responses\HiddenFields::VALUE_MAX,
			),
			$config['limits']
		);
		$this->assertArrayNotHasKey( 'survey_limits', $config );
		$inline = self::inline_config() . wp_json_encode( $config );
		foreach ( array( 'Single Line Text', 'default_settings', 'comparators' ) as $admin_only ) {
			$this->assertStringNotContainsString( $admin_only, $inline, 'Nothing admin-only reaches visitors.' );
		}
		// Sent with every survey's body: keep it small.
		$this->assertLessThan( 1000, strlen( (string) wp_json_encode( $config['question_types'] ) ) );
	}
}
