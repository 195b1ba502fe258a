<?php
/**
 * The visitor loader is enqueued, deferred, on front-end pages only while a survey is live.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

use UserFeedback\Frontend\SurveyTokens;
use UserFeedback\Frontend\WidgetLoader;
use UserFeedback\Plugin;

final class WidgetLoaderTest extends TestCase {

	protected function tearDown(): void {
		wp_dequeue_script( WidgetLoader::HANDLE );
		wp_deregister_script( WidgetLoader::HANDLE );
		parent::tearDown();
	}

	private function add_survey( string $status, ?string $publish_at = null ): int {
		return Plugin::instance()->surveys->insert(
			array(
				'title'         => "A $status survey",
				'status'        => $status,
				'publish_at'    => $publish_at,
				'questions'     => array( array( 'id' => 1, 'title' => 'How are we doing?', 'type' => 'text' ) ),
				'settings'      => array( 'behavior' => array( 'timing' => 'immediate' ) ),
				'notifications' => array( 'email' => array( 'addresses' => 'secret-owner@example.com' ) ),
			)
		);
	}

	private function front_page(): void {
		$this->go_to_front_end( home_url( '/' ) );
		do_action( 'wp_enqueue_scripts' );
	}

	public function test_nothing_is_enqueued_without_a_live_survey(): void {
		$this->add_survey( 'draft' );
		$this->add_survey( 'trash' );
		$this->add_survey( 'publish', gmdate( 'Y-m-d H:i:s', time() + HOUR_IN_SECONDS ) );
		$this->front_page();
		$this->assertFalse( wp_script_is( WidgetLoader::HANDLE, 'enqueued' ) );
	}

	public function test_a_published_survey_enqueues_the_deferred_loader_with_its_config(): void {
		$id = $this->add_survey( 'publish' );
		$this->front_page();
		$this->assertTrue( wp_script_is( WidgetLoader::HANDLE, 'enqueued' ) );

		$script = wp_scripts()->registered[ WidgetLoader::HANDLE ];
		$this->assertStringEndsWith( '/build/widget/loader.js', $script->src );
		$this->assertSame( 'defer', $script->extra['strategy'] ?? null );
		$this->assertSame( 1, $script->extra['group'] ?? null, 'In the footer.' );

		$inline = implode( '', wp_scripts()->get_data( WidgetLoader::HANDLE, 'before' ) );
		$this->assertStringStartsWith( 'window.userfeedbackConfig=', $inline );
		$config = json_decode( substr( $inline, strlen( 'window.userfeedbackConfig=' ), -1 ), true );
		$this->assertSame( array( $id ), array_column( $config['surveys'], 'id' ) );
		$this->assertSame( 'userfeedback-survey-' . $id, $config['surveys'][0]['cookie_name'] );
		$this->assertSame( SurveyTokens::issue( $id, 'submission' ), $config['surveys'][0]['nonces']['submission'] );
		$this->assertStringEndsWith( '/wp-json/userfeedback/v1/', $config['rest_url'] );
		$this->assertSame( 'Not Likely', $config['strings']['not_likely'] );
		$this->assertStringNotContainsString( 'secret-owner', $inline, 'Notification addresses never reach visitors.' );
		$this->assertNull( $config['context']['logged_in'], 'Nothing per-visitor for anonymous pages.' );

		// The printed tag really is deferred.
		ob_start();
		wp_scripts()->do_items( array( WidgetLoader::HANDLE ) );
		$html = (string) ob_get_clean();
		$this->assertMatchesRegularExpression( '#<script[^>]+src="[^"]+/build/widget/loader\.js[^"]*"[^>]*defer#', $html );
	}

	public function test_a_scheduled_survey_goes_live_when_its_time_comes(): void {
		$id = $this->add_survey( 'publish', gmdate( 'Y-m-d H:i:s', time() + 2 ) ); // +2: at +1 a second boundary could make it live already.
		$this->front_page();
		$this->assertFalse( wp_script_is( WidgetLoader::HANDLE, 'enqueued' ) );

		sleep( 3 ); // The cached "nothing live" answer must expire at the survey's start time, no later.
		wp_dequeue_script( WidgetLoader::HANDLE );
		$this->front_page();
		$this->assertTrue( wp_script_is( WidgetLoader::HANDLE, 'enqueued' ) );
		$inline = implode( '', wp_scripts()->get_data( WidgetLoader::HANDLE, 'before' ) );
		$this->assertStringContainsString( '"id":' . $id, $inline );
	}

	public function test_site_widget_settings_are_each_surveys_defaults(): void {
		$survey = array(
			'settings' => array(
				'theming' => array(
					'position'     => 'bottom_left',
					'button_color' => '',
				),
			),
		);
		$settings                    = ( new \UserFeedback\Settings\SettingsRepository() )->all();
		$settings['widget_theme']    = 'dark';
		$settings['widget_position'] = 'middle_right';
		$theming                     = WidgetLoader::with_site_theming( $survey, $settings )['settings']['theming'];
		$this->assertSame( 'bottom_left', $theming['position'], "The survey's own choice wins." );
		$this->assertSame( 'dark', $theming['color_scheme'], 'The site default fills the gap.' );
		$this->assertSame( '#2D87F1', $theming['button_color'], 'An empty value is no choice.' );
		$this->assertSame( 'Skip', $theming['skip_text'] );
	}

	public function test_the_logged_in_context_is_only_printed_for_logged_in_users(): void {
		$this->add_survey( 'publish' );
		$this->as_user( 'editor' );
		$this->front_page();
		$inline = implode( '', wp_scripts()->get_data( WidgetLoader::HANDLE, 'before' ) );
		$this->assertStringContainsString( '"logged_in":{"roles":["editor"]}', $inline );
	}

	public function test_tokens_are_per_survey_and_per_action(): void {
		$this->assertTrue( SurveyTokens::verify( 5, 'impression', SurveyTokens::issue( 5, 'impression' ) ) );
		$this->assertFalse( SurveyTokens::verify( 6, 'impression', SurveyTokens::issue( 5, 'impression' ) ) );
		$this->assertFalse( SurveyTokens::verify( 5, 'submission', SurveyTokens::issue( 5, 'impression' ) ) );
		$this->assertFalse( SurveyTokens::verify( 5, 'other', SurveyTokens::issue( 5, 'other' ) ) );
	}
}
