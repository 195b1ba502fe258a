<?php
/**
 * settings.flow (issue 18 item 7): a progress bar and a Back button in the visitor's widget. Both off by
 * default and for surveys stored before them, free on every tier (never stripped), booleans only, and
 * handed to the widget with the survey, with their strings.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Surveys;

use UserFeedback\Frontend\VisitorSurveys;
use UserFeedback\Frontend\WidgetLoader;
use UserFeedback\Plugin;
use UserFeedback\Tests\SurveyTestCase;

final class SurveyFlowTest extends SurveyTestCase {

	private const ON = array(
		'progress_bar' => true,
		'back_button'  => true,
	);

	protected function setUp(): void {
		parent::setUp();
		$this->as_user( 'administrator' );
	}

	public function test_off_by_default_and_for_a_survey_stored_before_it(): void {
		$id = $this->create_id();
		$this->assertSame(
			array(
				'progress_bar' => false,
				'back_button'  => false,
			),
			$this->fetch( $id )['settings']['flow']
		);
		$old = Plugin::instance()->surveys->insert(
			array(
				'title'     => 'Stored by an older version',
				'status'    => 'draft',
				'questions' => array( self::question( 1 ) ),
				'settings'  => array( 'enable_tracking' => false ),
			)
		);
		$this->assertSame( array( 'progress_bar' => false, 'back_button' => false ), $this->fetch( $old )['settings']['flow'] );
	}

	public function test_saved_on_lite_as_set_and_never_stripped(): void {
		$this->set_entitlements( 'lite', null );
		$response = $this->create( self::survey( array( 'settings' => array( 'flow' => self::ON ) ) ) );
		$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertNotContains( 'flow', self::notes( $response )['stripped'] );
		$id = (int) $response->get_data()['id'];
		$this->assertSame( self::ON, $this->fetch( $id )['settings']['flow'] );

		$half = $this->update( $id, array( 'settings' => array( 'flow' => array( 'progress_bar' => false ) ) ) );
		$this->assertSame( 200, $half->get_status() );
		$this->assertSame( array( 'progress_bar' => false, 'back_button' => true ), $this->fetch( $id )['settings']['flow'], 'A key the write leaves out keeps its value.' );
	}

	public function test_refuses_what_is_not_a_boolean_or_not_a_flow_key(): void {
		foreach ( array(
			array( 'progress_bar' => 'sometimes' ),
			array( 'back_button' => array( true ) ),
			array( 'skip_button' => true ),
			'yes',
		) as $flow ) {
			$response = $this->create( self::survey( array( 'settings' => array( 'flow' => $flow ) ) ) );
			$this->assertSame( 400, $response->get_status(), (string) wp_json_encode( $flow ) );
			$this->assertStringContainsString( 'flow', (string) wp_json_encode( $response->get_data() ) );
		}
		$named = $this->create( self::survey( array( 'settings' => array( 'flow' => array( 'back_button' => 'no' ) ) ) ) );
		$this->assertStringContainsString( 'Back button', (string) wp_json_encode( $named->get_data() ), 'The field error names the toggle as the builder does.' );
	}

	public function test_the_widget_gets_the_flow_and_its_strings(): void {
		$id = $this->create_id(
			array(
				'status'   => 'publish',
				'settings' => array( 'flow' => self::ON ),
			)
		);
		$visitor = ( new VisitorSurveys( Plugin::instance()->surveys ) )->find( $id );
		$this->assertNotNull( $visitor );
		$this->assertSame( self::ON, (array) ( (array) $visitor['settings'] )['flow'] );

		$loader  = new WidgetLoader( new VisitorSurveys( Plugin::instance()->surveys ), Plugin::instance()->settings, static fn() => Plugin::instance()->entitlements() );
		$strings = $loader->strings();
		$this->assertSame( 'Back', $strings['back'] );
		$this->assertSame( 'Question 2 of 5', sprintf( $strings['progress'], 2, 5 ), 'The placeholders the widget fills.' );
	}
}
