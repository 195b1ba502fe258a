<?php
/**
 * The AI key and the licence keys never leave the server (issue 16): the answers of the settings
 * routes, of every other GET route of the namespace, of the licence and addons admin-ajax actions, and
 * the boot configs of the admin pages and the block editor carry masked forms only. Each answer is
 * scanned for the raw keys and for their first characters (a masked form shows the last four only).
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

use UserFeedback\Admin\AdminPages;
use UserFeedback\Admin\BootConfig;
use UserFeedback\Frontend\InlineSurvey;
use UserFeedback\Frontend\SurveyBlock;
use UserFeedback\Frontend\VisitorSurveys;
use UserFeedback\Frontend\WidgetLoader;
use UserFeedback\Licensing\Entitlements;
use UserFeedback\Licensing\License;
use UserFeedback\Licensing\LicenseAjax;
use UserFeedback\Licensing\LicenseService;
use UserFeedback\Licensing\StoreClient;
use UserFeedback\Notifications\ServerNotices;
use UserFeedback\Plugin;
use UserFeedback\Tests\Licensing\LicenseTestCase;

final class SecretsTest extends LicenseTestCase {

	private const AI_KEY = 'sk-AIRAWSECRET-0123456789-wxyz';

	private const LICENSE_KEY = 'LICRAWSECRET0123456789abcdef9876';

	protected function setUp(): void {
		parent::setUp();
		$this->as_user( 'administrator' );
		$this->set_entitlements( 'pro', 'elite', Entitlements::ADDONS );
	}

	/**
	 * @param mixed $answer What was answered (decoded JSON, an array or a string).
	 */
	private function assert_no_secret( string $where, $answer ): void {
		$text = is_string( $answer ) ? $answer : (string) wp_json_encode( $answer, JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE );
		foreach ( array( self::AI_KEY, self::LICENSE_KEY ) as $secret ) {
			foreach ( array( $secret, substr( $secret, 0, 12 ), base64_encode( $secret ), rawurlencode( $secret ) ) as $form ) {
				$this->assertStringNotContainsString( $form, $text, "$where answered a key: $text" );
			}
		}
	}

	public function test_no_answer_carries_the_keys(): void {
		$this->start_store( array( self::LICENSE_KEY => self::store_license( array( 'price_id' => 3 ) ) ) );

		// Entering them: the answers already show them masked.
		$answer = $this->ajax( LicenseAjax::ACTION_VERIFY, array( 'license' => self::LICENSE_KEY ) );
		$this->assertTrue( $answer['success'], (string) wp_json_encode( $answer ) );
		$this->assert_no_secret( 'verify', $answer );
		$this->assertSame( self::LICENSE_KEY, License::current()->key );

		$response = $this->rest(
			'POST',
			'/userfeedback/v1/settings',
			array(),
			array(
				'ai_base_url' => 'https://api.provider.test/v1',
				'ai_api_key'  => self::AI_KEY,
				'ai_model'    => 'model-a',
			)
		);
		$this->assertSame( 200, $response->get_status() );
		$this->assert_no_secret( 'POST settings', $response->get_data() );
		$this->assertStringEndsWith( 'wxyz', $response->get_data()['ai_api_key'] );

		$response = $this->rest( 'GET', '/userfeedback/v1/settings' );
		$this->assertSame( 200, $response->get_status() );
		$this->assert_no_secret( 'GET settings', $response->get_data() );

		// A form saved as shown sends the masked key back; the answer is masked again.
		$shown    = $response->get_data()['ai_api_key'];
		$response = $this->rest( 'POST', '/userfeedback/v1/settings', array(), array( 'ai_api_key' => $shown, 'widget_toggle_text' => 'Hi' ) );
		$this->assertSame( 200, $response->get_status() );
		$this->assert_no_secret( 'POST settings (masked key)', $response->get_data() );

		// A refused change answers no key either.
		$response = $this->rest( 'POST', '/userfeedback/v1/settings', array(), array( 'ai_model' => 'model-b' ) );
		$this->assertSame( 400, $response->get_status() );
		$this->assert_no_secret( 'refused POST settings', $response->get_data() );

		// Every GET route of the namespace without a path parameter, as an administrator.
		$server = rest_get_server();
		$routes = 0;
		foreach ( $server->get_routes( 'userfeedback/v1' ) as $route => $handlers ) {
			if ( str_contains( $route, '(?P<' ) ) {
				continue;
			}
			foreach ( $handlers as $handler ) {
				if ( empty( $handler['methods']['GET'] ) ) {
					continue;
				}
				$response = $this->rest( 'GET', $route );
				$this->assert_no_secret( "GET $route", array( $response->get_status(), $response->get_data(), $response->get_headers() ) );
				++$routes;
				break;
			}
		}
		$this->assertGreaterThan( 10, $routes );

		// The licence screen: read, verify as shown (the masked key), refresh.
		$info = $this->ajax( LicenseAjax::ACTION_GET );
		$this->assertTrue( $info['success'] );
		$this->assert_no_secret( 'get licence', $info );
		$this->assertSame( License::mask( self::LICENSE_KEY ), $info['data']['site']['key'] );

		$answer = $this->ajax( LicenseAjax::ACTION_VERIFY, array( 'license' => $info['data']['site']['key'] ) );
		$this->assertTrue( $answer['success'], 'The masked key sent back means the stored one: ' . wp_json_encode( $answer ) );
		$this->assert_no_secret( 'verify (masked key)', $answer );
		$this->assertSame( self::LICENSE_KEY, License::current()->key );

		$answer = $this->ajax( LicenseAjax::ACTION_VALIDATE );
		$this->assertTrue( $answer['success'], (string) wp_json_encode( $answer ) );
		$this->assert_no_secret( 'validate', $answer );

		// The Addons screen's list (package URLs of EDD stores carry the key).
		$answer = $this->ajax( \UserFeedback\Addons\AddonsAjax::ACTION_LIST );
		$this->assertTrue( $answer['success'], (string) wp_json_encode( $answer ) );
		$this->assert_no_secret( 'addons list', $answer );

		// The boot config of every admin page and the block editor's config.
		$entitlements = \Closure::fromCallable( array( Plugin::instance(), 'entitlements' ) );
		$boot         = new BootConfig( Plugin::instance()->capabilities, $entitlements, new ServerNotices( $entitlements, ( new LicenseService( new StoreClient() ) )->store() ) );
		foreach ( AdminPages::PAGES as [ $entry ] ) {
			$this->assert_no_secret( "boot config of $entry", $boot->for_page( $entry ) );
		}
		$loader = new WidgetLoader( new VisitorSurveys( Plugin::instance()->surveys ), Plugin::instance()->settings, $entitlements );
		$block  = new SurveyBlock( new InlineSurvey( new VisitorSurveys( Plugin::instance()->surveys ), $loader, Plugin::instance()->surveys ), $loader );
		$this->assert_no_secret( 'block editor config', $block->editor_config() );

		// Site Health's debug information (Tools > Site Health > Info, also copied to support).
		$debug = apply_filters( 'debug_information', array() );
		$this->assertNotEmpty( $debug, 'The plugin adds its section.' );
		$this->assert_no_secret( 'debug_information', $debug );

		// Deactivating as shown (the masked key) works and answers no key.
		$answer = $this->ajax( LicenseAjax::ACTION_DEACTIVATE, array( 'license' => License::mask( self::LICENSE_KEY ) ) );
		$this->assertTrue( $answer['success'], (string) wp_json_encode( $answer ) );
		$this->assert_no_secret( 'deactivate', $answer );
		$this->assertSame( '', License::current()->key );
	}

	public function test_the_mask_shows_the_end_of_long_keys_only(): void {
		$this->assertSame( '', License::mask( '' ) );
		$this->assertSame( str_repeat( '*', 28 ) . '9876', License::mask( self::LICENSE_KEY ) );
		$this->assertSame( '********', License::mask( 'shortkey' ), 'A short key shows nothing of itself.' );
	}
}
