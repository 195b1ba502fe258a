<?php
/**
 * The suggested privacy policy text: written from the settings and the published surveys as they are
 * (IP anonymisation, retention and the surveys' own periods, email recipients by domain, the AI
 * provider's host, analytics events, Google Fonts), never naming a key or an address, and handed to
 * core's privacy guide on admin_init.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Privacy;

use UserFeedback\Plugin;
use UserFeedback\Privacy\PolicyText;
use UserFeedback\Settings\SettingsRepository;
use UserFeedback\Tests\SurveyTestCase;

final class PolicyTextTest extends SurveyTestCase {

	private const AI_KEY = 'sk-policy-secret-0123456789';

	/**
	 * @param array<string,mixed> $settings Settings over what is stored.
	 */
	private static function set( array $settings ): void {
		update_option( SettingsRepository::OPTION, array_merge( (array) get_option( SettingsRepository::OPTION, array() ), $settings ) );
	}

	private static function html(): string {
		return ( new PolicyText( new SettingsRepository() ) )->html();
	}

	/**
	 * A survey written straight into the table (status, settings and notifications as given).
	 *
	 * @param array<string,mixed> $settings      Survey settings.
	 * @param array<string,mixed> $notifications Survey notifications.
	 */
	private static function make_survey( string $status, array $settings = array(), array $notifications = array() ): int {
		return Plugin::instance()->surveys->insert(
			array(
				'title'         => 'Policy survey',
				'status'        => $status,
				'questions'     => array( self::question( 1 ) ),
				'settings'      => $settings,
				'notifications' => $notifications,
			)
		);
	}

	private static function emailing( string $addresses ): array {
		return array(
			'email' => array(
				'active'    => true,
				'addresses' => $addresses,
			),
		);
	}

	public function test_defaults_say_what_a_response_stores_with_the_ip_anonymised_and_kept_until_deleted(): void {
		$html = self::html();
		$this->assertStringContainsString( '<h2>Surveys and feedback</h2>', $html );
		$this->assertStringContainsString( 'we store your answers, the address and title of the page you answered on, the browser, operating system and type of device', $html );
		$this->assertStringContainsString( 'IP address with its last part removed', $html );
		$this->assertStringNotContainsString( 'full IP address', $html );
		$this->assertStringContainsString( 'your user account', $html );
		$this->assertStringContainsString( 'If a survey asks for your email address', $html );
		$this->assertStringContainsString( 'We keep survey answers until we delete them.', $html );
		// Nothing configured: no AI, no analytics, no Google Fonts, no country.
		$this->assertStringNotContainsString( 'AI service', $html );
		$this->assertStringNotContainsString( 'Google Analytics', $html );
		$this->assertStringNotContainsString( 'Google Fonts', $html );
		$this->assertStringNotContainsString( 'country', $html );
		$this->assertStringContainsString( '<p class="privacy-policy-tutorial">', $html );
		// Core's guide shows the text through wp_kses_post(): nothing of it may be stripped.
		$this->assertSame( $html, wp_kses_post( $html ) );
	}

	public function test_full_ips_are_said_and_flagged_for_the_administrator(): void {
		self::set( array( 'anonymize_ips' => false ) );
		$html = self::html();
		$this->assertStringContainsString( 'We also store your full IP address with your answers.', $html );
		$this->assertStringNotContainsString( 'last part removed', $html );
		$this->assertMatchesRegularExpression( '#<p class="privacy-policy-tutorial">Full IP addresses are stored because#', $html );
	}

	public function test_retention_of_the_site_and_the_surveys_own_periods(): void {
		self::set( array( 'retention_days' => 90 ) );
		$html = self::html();
		$this->assertStringContainsString( 'deleted automatically 90 days after they were given', $html );
		$this->assertStringNotContainsString( 'until we delete them', $html );

		self::make_survey( 'publish', array( 'retention_days' => 30 ) );
		self::make_survey( 'publish', array( 'retention_days' => 0 ) );
		self::make_survey( 'publish', array( 'retention_days' => 90 ) ); // The site's own period: not repeated.
		self::make_survey( 'trash', array( 'retention_days' => 7 ) ); // Collects nothing any more.
		$html = self::html();
		$this->assertStringContainsString( 'Some surveys keep their answers for a period of their own: until we delete them, 30 days.', $html );
		$this->assertStringNotContainsString( '7 days', $html );
	}

	public function test_a_retention_setting_that_is_not_there_yet_reads_as_kept_until_deleted(): void {
		$stored = (array) get_option( SettingsRepository::OPTION, array() );
		unset( $stored['retention_days'] );
		update_option( SettingsRepository::OPTION, $stored );
		$this->assertStringContainsString( 'We keep survey answers until we delete them.', self::html() );
	}

	public function test_email_recipients_by_domain_only(): void {
		$html = self::html();
		$this->assertStringContainsString( 'Your answers are kept on this site', $html );
		$this->assertStringNotContainsString( 'sent by email', $html );

		self::make_survey( 'publish', array(), self::emailing( 'Owner@Example.org, help@agency.example' ) );
		self::make_survey( 'publish', array(), self::emailing( 'second@example.org' ) );
		self::make_survey( 'draft', array(), self::emailing( 'draft@hidden.example' ) );
		$html = self::html();
		$this->assertStringContainsString( 'your answers, with the page you answered on, are sent by email', $html );
		$this->assertStringContainsString( '2 published surveys email each response, to addresses at: agency.example, example.org.', $html );
		foreach ( array( 'owner@example.org', 'Owner@Example.org', 'help@agency', 'second@', 'hidden.example' ) as $secret ) {
			$this->assertStringNotContainsString( $secret, $html );
		}
	}

	public function test_the_ai_provider_is_named_by_its_host_without_the_key_or_the_url(): void {
		self::set(
			array(
				'ai_base_url' => 'https://llm.example.com:8443/v1?token=url-secret',
				'ai_api_key'  => self::AI_KEY,
				'ai_model'    => 'gpt-test',
			)
		);
		$html = self::html();
		$this->assertStringContainsString( 'We use an AI service at llm.example.com:8443 to summarise written feedback.', $html );
		$this->assertStringContainsString( 'email addresses in them removed', $html );
		$this->assertStringNotContainsString( self::AI_KEY, $html );
		$this->assertStringNotContainsString( 'url-secret', $html );
		$this->assertStringNotContainsString( '/v1', $html );
	}

	public function test_analytics_events_only_when_a_published_survey_sends_them(): void {
		self::make_survey( 'draft', array( 'enable_tracking' => true ) );
		self::make_survey( 'publish', array( 'enable_tracking' => false ) );
		$this->assertStringNotContainsString( 'Google Analytics', self::html() );

		self::make_survey( 'publish', array( 'enable_tracking' => true ) );
		$this->assertStringContainsString( 'some of our surveys tell it when a survey is shown to you and when you answer it', self::html() );
	}

	public function test_google_fonts_only_when_the_site_opted_in_and_the_country_only_with_a_geo_header(): void {
		self::set(
			array(
				'external_fonts' => true,
				'geo_header'     => 'HTTP_CF_IPCOUNTRY',
			)
		);
		$html = self::html();
		$this->assertStringContainsString( 'Our surveys use a font from Google Fonts', $html );
		$this->assertStringContainsString( 'The country is not stored with your answers.', $html );
	}

	public function test_the_text_is_added_to_core_privacy_guide_on_admin_init(): void {
		require_once ABSPATH . 'wp-admin/includes/class-wp-screen.php';
		require_once ABSPATH . 'wp-admin/includes/screen.php';
		require_once ABSPATH . 'wp-admin/includes/class-wp-privacy-policy-content.php';

		// The plugin hooks its own instance.
		$hooked = array();
		foreach ( $GLOBALS['wp_filter']['admin_init']->callbacks as $callbacks ) {
			foreach ( $callbacks as $callback ) {
				if ( is_array( $callback['function'] ) && $callback['function'][0] instanceof PolicyText ) {
					$hooked[] = $callback['function'];
				}
			}
		}
		$this->assertCount( 1, $hooked );

		self::set( array( 'anonymize_ips' => false ) );
		set_current_screen( 'privacy-policy-guide' );
		// Only the plugin's callback: the other admin_init work (redirects, scheduling) is not under test.
		remove_all_actions( 'admin_init' );
		add_action( 'admin_init', $hooked[0] );
		do_action( 'admin_init' );

		$found = array_values(
			array_filter(
				\WP_Privacy_Policy_Content::get_suggested_policy_text(),
				static fn( array $entry ): bool => 'UserFeedback' === $entry['plugin_name']
			)
		);
		$this->assertCount( 1, $found );
		$this->assertStringContainsString( 'We also store your full IP address', $found[0]['policy_text'] );
	}
}
