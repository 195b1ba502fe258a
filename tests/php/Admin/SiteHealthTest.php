<?php
/**
 * Site Health: each UserFeedback test in its good and its bad state (scheduled tasks, the email queue,
 * the schema, the object cache on a busy site, the licence, SQLite in production, the AI provider
 * against a loopback model-list server), the async test's REST route and its refusals, and the Info
 * section without any key or email address.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Admin;

use UserFeedback\Admin\AiProviderCheck;
use UserFeedback\Admin\SiteHealth;
use UserFeedback\Admin\SiteHealthInfo;
use UserFeedback\Database\Migrator;
use UserFeedback\Database\Schema;
use UserFeedback\Licensing\License;
use UserFeedback\Notifications\Email\ResponseEmailQueue;
use UserFeedback\Notifications\Email\ResponseEmailRepository;
use UserFeedback\Plugin;
use UserFeedback\Settings\SettingsRepository;
use UserFeedback\Tests\LoggingLoopback;
use UserFeedback\Tests\LoopbackServer;
use UserFeedback\Tests\SurveyTestCase;

final class SiteHealthTest extends SurveyTestCase {

	use LoggingLoopback;

	/** The key the loopback server accepts (tests/php/fixtures/models-server.php). */
	private const AI_KEY      = 'sk-health-secret-42';
	private const LICENSE_KEY = 'lic-0123456789abcdef0123456789abcd';

	private static string $server_url = '';

	public static function setUpBeforeClass(): void {
		parent::setUpBeforeClass();
		self::$server_url = self::start_logging_server( 'health', 'models-server.php', 'UF_AI_LOG' );
	}

	public static function tearDownAfterClass(): void {
		self::stop_logging_server();
		parent::tearDownAfterClass();
	}

	protected function setUp(): void {
		parent::setUp();
		self::forget_requests();
	}

	private static function health( ?int $now = null ): SiteHealth {
		return new SiteHealth(
			Plugin::instance()->migrator,
			Plugin::instance()->settings,
			\Closure::fromCallable( array( Plugin::instance(), 'entitlements' ) ),
			clock: null === $now ? null : static fn(): int => $now
		);
	}

	/**
	 * A published survey written straight into the table.
	 *
	 * @param array<string,mixed> $notifications Its notifications.
	 */
	private static function make_survey( array $notifications = array() ): int {
		return Plugin::instance()->surveys->insert(
			array(
				'title'         => 'Health survey',
				'status'        => 'publish',
				'questions'     => array( self::question( 1 ) ),
				'notifications' => $notifications,
			)
		);
	}

	/**
	 * @param array<string,mixed> $settings Settings over what is stored.
	 */
	private static function set( array $settings ): void {
		update_option( SettingsRepository::OPTION, array_merge( (array) get_option( SettingsRepository::OPTION, array() ), $settings ) );
	}

	/**
	 * Checks the shape core's Status screen accepts, and that no secret is in it.
	 *
	 * @param array<string,mixed> $result A test result.
	 */
	private function assert_result( string $test, string $status, array $result ): void {
		$this->assertSame( $test, $result['test'] );
		$this->assertSame( $status, $result['status'], (string) wp_json_encode( $result ) );
		$this->assertIsString( $result['label'] );
		$this->assertNotSame( '', $result['label'] );
		$this->assertStringStartsWith( '<p>', $result['description'] );
		$this->assertSame( 'UserFeedback', $result['badge']['label'] );
		$this->assertContains( $result['badge']['color'], array( 'blue', 'red' ) );
		$this->assertIsString( $result['actions'] );
		$this->assertStringNotContainsString( self::AI_KEY, (string) wp_json_encode( $result ) );
		$this->assertStringNotContainsString( self::LICENSE_KEY, (string) wp_json_encode( $result ) );
	}

	/**
	 * Replaces the plugin's WP-Cron events by one event of $hook at $time.
	 */
	private static function cron_with( string $hook, int $time ): void {
		$cron = (array) _get_cron_array();
		foreach ( $cron as $at => $hooks ) {
			foreach ( array_keys( (array) $hooks ) as $name ) {
				if ( str_starts_with( (string) $name, 'userfeedback_' ) ) {
					unset( $cron[ $at ][ $name ] );
				}
			}
			if ( empty( $cron[ $at ] ) ) {
				unset( $cron[ $at ] );
			}
		}
		_set_cron_array( $cron );
		wp_schedule_single_event( $time, $hook );
	}

	public function test_the_tests_are_registered_for_core(): void {
		$tests = apply_filters( 'site_status_tests', array( 'direct' => array(), 'async' => array() ) );
		foreach ( array( 'userfeedback_cron', 'userfeedback_email_queue', 'userfeedback_schema', 'userfeedback_object_cache', 'userfeedback_license', 'userfeedback_sqlite' ) as $name ) {
			$this->assertArrayHasKey( $name, $tests['direct'] );
			$this->assertTrue( is_callable( $tests['direct'][ $name ]['test'] ), $name );
			$this->assert_result( $name, call_user_func( $tests['direct'][ $name ]['test'] )['status'], call_user_func( $tests['direct'][ $name ]['test'] ) );
		}
		$ai = $tests['async'][ AiProviderCheck::TEST ];
		$this->assertTrue( $ai['has_rest'] );
		$this->assertTrue( $ai['skip_cron'] );
		$this->assertSame( rest_url( 'userfeedback/v1/site-health/ai-provider' ), $ai['test'] );
		$this->assertTrue( is_callable( $ai['async_direct_test'] ) );
	}

	public function test_cron_good_when_the_plugins_events_are_on_time_and_critical_when_one_is_an_hour_late(): void {
		$now = time();
		self::cron_with( ResponseEmailQueue::HOOK, $now - 30 * MINUTE_IN_SECONDS );
		$this->assert_result( 'userfeedback_cron', 'good', self::health( $now )->test_cron() );

		self::cron_with( 'userfeedback_purge_responses', $now - 3 * HOUR_IN_SECONDS );
		$result = self::health( $now )->test_cron();
		$this->assert_result( 'userfeedback_cron', 'critical', $result );
		$this->assertStringContainsString( 'userfeedback_purge_responses should have run 3 hours ago', $result['description'] );

		// Someone else's late event is core's business.
		self::cron_with( ResponseEmailQueue::HOOK, $now + MINUTE_IN_SECONDS );
		wp_schedule_single_event( $now - 5 * HOUR_IN_SECONDS, 'another_plugins_hook' );
		$this->assert_result( 'userfeedback_cron', 'good', self::health( $now )->test_cron() );
	}

	public function test_email_queue_critical_when_a_completed_response_waits_over_an_hour_or_a_retry_is_long_overdue(): void {
		$now    = time();
		$survey = self::make_survey();
		update_option( ResponseEmailQueue::CURSOR_OPTION, ( new ResponseEmailRepository() )->newest(), false );
		$this->assert_result( 'userfeedback_email_queue', 'good', self::health( $now )->test_email_queue() );

		global $wpdb;
		$wpdb->insert(
			Schema::table( 'responses' ),
			array(
				'survey_id'    => $survey,
				'status'       => 'publish',
				'submitted_at' => gmdate( 'Y-m-d H:i:s', $now - 10 * MINUTE_IN_SECONDS ),
			)
		);
		$this->assert_result( 'userfeedback_email_queue', 'good', self::health( $now )->test_email_queue() );

		$result = self::health( $now + 2 * HOUR_IN_SECONDS )->test_email_queue();
		$this->assert_result( 'userfeedback_email_queue', 'critical', $result );
		$this->assertStringContainsString( 'A response has been waiting 2 hours', $result['description'] );

		// Handled: the cursor moved past it. A failed email whose retry is long overdue stalls it again.
		update_option( ResponseEmailQueue::CURSOR_OPTION, ( new ResponseEmailRepository() )->newest(), false );
		$this->assert_result( 'userfeedback_email_queue', 'good', self::health( $now + 2 * HOUR_IN_SECONDS )->test_email_queue() );
		update_option(
			ResponseEmailQueue::RETRIES_OPTION,
			array(
				(int) $wpdb->insert_id => array(
					'attempt' => 2,
					'next_at' => $now - 90 * MINUTE_IN_SECONDS,
				),
			),
			false
		);
		$this->assert_result( 'userfeedback_email_queue', 'critical', self::health( $now )->test_email_queue() );
	}

	public function test_schema_good_at_the_current_version_and_critical_behind_it(): void {
		$this->assert_result( 'userfeedback_schema', 'good', self::health()->test_schema() );

		update_option( Migrator::VERSION_OPTION, (string) ( Schema::VERSION - 1 ) );
		$result = self::health()->test_schema();
		$this->assert_result( 'userfeedback_schema', 'critical', $result );
		$this->assertStringContainsString( sprintf( 'schema version %d; this version of UserFeedback needs version %d', Schema::VERSION - 1, Schema::VERSION ), $result['description'] );
		$this->assertStringContainsString( 'plugins.php', $result['actions'] );
	}

	public function test_object_cache_recommended_only_on_a_busy_site_without_one(): void {
		add_filter( SiteHealth::BUSY_FILTER, static fn(): int => 2 );
		$survey = self::make_survey();
		self::add_responses( $survey, 2 );
		$quiet = self::health()->test_object_cache();
		$this->assert_result( 'userfeedback_object_cache', 'good', $quiet );
		$this->assertStringContainsString( 'With 2 responses in the last 24 hours', $quiet['description'] );

		self::add_responses( $survey, 1, 'partial' );
		$busy = self::health()->test_object_cache();
		$this->assert_result( 'userfeedback_object_cache', 'recommended', $busy );
		$this->assertStringContainsString( 'received 3 responses in the last 24 hours', $busy['description'] );
		$this->assertStringContainsString( 'rate limits of the survey routes live in the database', $busy['description'] );

		// Responses older than a day do not make the site busy.
		$this->assert_result( 'userfeedback_object_cache', 'good', self::health( time() + 2 * DAY_IN_SECONDS )->test_object_cache() );

		$was = wp_using_ext_object_cache( true );
		try {
			$this->assert_result( 'userfeedback_object_cache', 'good', self::health()->test_object_cache() );
		} finally {
			// Not wp_using_ext_object_cache( $was ): a null (never set) would leave it on.
			$GLOBALS['_wp_using_ext_object_cache'] = $was;
		}
	}

	public function test_license_states(): void {
		$this->set_entitlements( 'lite', null );
		$this->assert_result( 'userfeedback_license', 'good', self::health()->test_license() );

		$this->set_entitlements( 'pro', null );
		$missing = self::health()->test_license();
		$this->assert_result( 'userfeedback_license', 'recommended', $missing );
		$this->assertStringContainsString( 'page=userfeedback_settings#/general', $missing['actions'] );

		update_option( License::OPTION, ( new License( self::LICENSE_KEY, 'pro', false, false, false, '2031-05-04T23:59:59Z' ) )->to_array() );
		$valid = self::health()->test_license();
		$this->assert_result( 'userfeedback_license', 'good', $valid );
		$this->assertStringContainsString( 'Pro license is active until', $valid['description'] );

		update_option( License::OPTION, ( new License( self::LICENSE_KEY, 'pro', true ) )->to_array() );
		$expired = self::health()->test_license();
		$this->assert_result( 'userfeedback_license', 'recommended', $expired );
		$this->assertSame( 'Your UserFeedback license has expired', $expired['label'] );

		update_option( License::OPTION, ( new License( self::LICENSE_KEY, 'pro', false, true ) )->to_array() );
		$this->assertSame( 'Your UserFeedback license is not valid', self::health()->test_license()['label'] );
	}

	public function test_sqlite_is_recommended_against_in_production_only(): void {
		$this->assert_result( 'userfeedback_sqlite', 'recommended', SiteHealth::engine_result( true, 'production' ) );
		$this->assert_result( 'userfeedback_sqlite', 'good', SiteHealth::engine_result( true, 'local' ) );
		$this->assert_result( 'userfeedback_sqlite', 'good', SiteHealth::engine_result( false, 'production' ) );
		// This site: the engine of the run, environment local.
		$this->assertSame( 'sqlite' === getenv( 'UF_DB' ), SiteHealth::is_sqlite() );
		$this->assert_result( 'userfeedback_sqlite', 'good', self::health()->test_sqlite() );
	}

	public function test_ai_provider_not_configured_sends_nothing(): void {
		$this->assert_result( AiProviderCheck::TEST, 'good', ( new AiProviderCheck( new SettingsRepository() ) )->run() );
		$this->assertSame( array(), self::requests() );
	}

	public function test_ai_provider_answers_with_the_stored_key_in_the_header_only(): void {
		self::set(
			array(
				'ai_base_url' => self::$server_url . '/ok/v1/',
				'ai_api_key'  => self::AI_KEY,
				'ai_model'    => 'gpt-test-mini',
			)
		);
		$result = ( new AiProviderCheck( new SettingsRepository() ) )->run();
		$this->assert_result( AiProviderCheck::TEST, 'good', $result );
		$this->assertStringContainsString( (string) wp_parse_url( self::$server_url, PHP_URL_HOST ), $result['description'] );

		$requests = self::requests();
		$this->assertCount( 1, $requests );
		$this->assertSame( 'GET', $requests[0]['method'] );
		$this->assertSame( '/ok/v1/models', $requests[0]['uri'] );
		$this->assertSame( 'Bearer ' . self::AI_KEY, $requests[0]['headers']['authorization'] );

		// The full chat-completions URL as the base works the same.
		self::set( array( 'ai_base_url' => self::$server_url . '/ok/v1/chat/completions' ) );
		$this->assert_result( AiProviderCheck::TEST, 'good', ( new AiProviderCheck( new SettingsRepository() ) )->run() );
	}

	public function test_ai_provider_refusing_the_key_failing_or_redirecting_is_recommended(): void {
		$check = new AiProviderCheck( new SettingsRepository() );
		self::set(
			array(
				'ai_base_url' => self::$server_url . '/ok/v1',
				'ai_api_key'  => 'sk-wrong-key',
			)
		);
		$refused = $check->run();
		$this->assert_result( AiProviderCheck::TEST, 'recommended', $refused );
		$this->assertSame( 'The AI provider refuses the API key', $refused['label'] );
		$this->assertStringNotContainsString( 'sk-wrong-key', (string) wp_json_encode( $refused ) );

		self::set(
			array(
				'ai_base_url' => self::$server_url . '/broken/v1',
				'ai_api_key'  => self::AI_KEY,
			)
		);
		$this->assertStringContainsString( 'HTTP 503', $check->run()['description'] );

		// A redirect is not followed: the key goes nowhere else.
		self::forget_requests();
		self::set( array( 'ai_base_url' => self::$server_url . '/redirect/v1' ) );
		$this->assert_result( AiProviderCheck::TEST, 'recommended', $check->run() );
		$this->assertCount( 1, self::requests() );

		self::set( array( 'ai_base_url' => self::$server_url . '/nolist/v1' ) );
		$this->assert_result( AiProviderCheck::TEST, 'good', $check->run() );
	}

	public function test_ai_provider_result_has_a_plain_message_with_the_provider_s_own_error(): void {
		$check = new AiProviderCheck( new SettingsRepository() );
		self::set(
			array(
				'ai_base_url' => self::$server_url . '/ok/v1',
				'ai_api_key'  => 'sk-wrong-key',
			)
		);
		$refused = $check->run();
		$this->assert_result( AiProviderCheck::TEST, 'recommended', $refused );
		// Settings > AI Summaries shows this under Test connection: no markup, no entities, the provider's words.
		$this->assertStringEndsWith( 'The provider said: Incorrect API key provided.', $refused['message'] );
		$this->assertStringNotContainsString( '<', $refused['message'] );
		$this->assertStringNotContainsString( '&#', $refused['message'] );
		$this->assertStringNotContainsString( 'sk-wrong-key', $refused['message'] );

		self::set( array( 'ai_api_key' => self::AI_KEY ) );
		$good = $check->run();
		$this->assert_result( AiProviderCheck::TEST, 'good', $good );
		$this->assertStringStartsWith( 'The AI provider at ', $good['message'] );
		$this->assertStringContainsString( '#/ai', $good['actions'], 'The action opens Settings > AI Summaries.' );
	}

	public function test_ai_provider_unreachable_is_recommended(): void {
		self::set(
			array(
				'ai_base_url' => 'http://127.0.0.1:' . LoopbackServer::free_port() . '/v1',
				'ai_api_key'  => self::AI_KEY,
			)
		);
		$result = ( new AiProviderCheck( new SettingsRepository() ) )->run();
		$this->assert_result( AiProviderCheck::TEST, 'recommended', $result );
		$this->assertSame( 'The AI provider cannot be reached', $result['label'] );
	}

	public function test_the_async_route_answers_admins_and_refuses_others(): void {
		self::set(
			array(
				'ai_base_url' => self::$server_url . '/ok/v1',
				'ai_api_key'  => self::AI_KEY,
			)
		);
		$this->assertSame( 401, $this->rest( 'GET', '/userfeedback/v1/site-health/ai-provider' )->get_status() );
		$this->as_user( 'editor' );
		$this->assertSame( 403, $this->rest( 'GET', '/userfeedback/v1/site-health/ai-provider' )->get_status() );
		$this->assertSame( array(), self::requests() );

		$this->as_user( 'administrator' );
		$response = $this->rest( 'GET', '/userfeedback/v1/site-health/ai-provider' );
		$this->assertSame( 200, $response->get_status() );
		$this->assert_result( AiProviderCheck::TEST, 'good', self::data( $response ) );
	}

	public function test_debug_information_has_the_section_without_keys_or_addresses(): void {
		update_option( 'admin_email', 'owner@private.example' );
		self::set(
			array(
				'ai_base_url'              => self::$server_url . '/ok/v1?token=url-secret',
				'ai_api_key'               => self::AI_KEY,
				'ai_model'                 => 'gpt-test-mini',
				'notifications_recipients' => 'team@private.example',
				'anonymize_ips'            => false,
				'retention_days'           => 30,
			)
		);
		update_option( License::OPTION, ( new License( self::LICENSE_KEY, 'elite', true ) )->to_array() );
		$survey = self::make_survey(
			array(
				'email' => array(
					'active'    => true,
					'addresses' => 'answers@private.example',
				),
			)
		);
		self::add_responses( $survey, 2 );
		self::add_responses( $survey, 1, 'partial' );

		// As the Info tab builds it: core's own sections, then the filter.
		require_once ABSPATH . 'wp-admin/includes/admin.php';
		require_once ABSPATH . 'wp-admin/includes/class-wp-debug-data.php';
		$this->as_user( 'administrator' );
		$info = \WP_Debug_Data::debug_data();
		$this->assertArrayHasKey( SiteHealthInfo::SECTION, $info );
		$fields = $info[ SiteHealthInfo::SECTION ]['fields'];
		$this->assertSame( 'UserFeedback', $info[ SiteHealthInfo::SECTION ]['label'] );
		$this->assertSame( USERFEEDBACK_VERSION, $fields['version']['value'] );
		$this->assertSame( sprintf( '%d/%d', Schema::VERSION, Schema::VERSION ), $fields['schema']['debug'] );
		$this->assertSame( 2, $fields['responses']['value'] );
		$this->assertSame( 1, $fields['partial']['value'] );
		$this->assertSame( 30, $fields['retention_days']['debug'] );
		$this->assertSame( 'false', $fields['anonymize_ips']['debug'] );
		$this->assertSame( 'true', $fields['ai_configured']['debug'] );
		$this->assertSame( 'true', $fields['ai_key']['debug'] );
		$this->assertTrue( $fields['ai_host']['private'] );
		$this->assertSame( 'expired', $fields['license_status']['value'] );
		$this->assertSame( 'elite', $fields['license_level']['debug'] );
		$this->assertSame( SiteHealth::is_sqlite() ? 'SQLite' : 'MariaDB', $fields['db_engine']['value'] );

		// "Copy site info to clipboard" leaves the private host out.
		$copied = \WP_Debug_Data::format( array( SiteHealthInfo::SECTION => $info[ SiteHealthInfo::SECTION ] ), 'debug' );
		$this->assertStringContainsString( '### userfeedback ###', $copied );
		$this->assertStringContainsString( 'ai_configured: true', $copied );
		$this->assertStringNotContainsString( (string) wp_parse_url( self::$server_url, PHP_URL_HOST ), $copied );

		$all = (string) wp_json_encode( $info[ SiteHealthInfo::SECTION ] );
		foreach ( array( self::AI_KEY, self::LICENSE_KEY, 'url-secret', '@private.example', '@' ) as $secret ) {
			$this->assertStringNotContainsString( $secret, $all );
		}
	}
}
