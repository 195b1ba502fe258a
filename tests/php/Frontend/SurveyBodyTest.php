<?php
/**
 * The slim inline config and the survey body route (issue 18, front-end cost): every page carries only
 * what targeting needs and each survey's body version `v`; GET surveys/{id}/widget answers the rest,
 * publicly cacheable, 404 when the survey is not live, rate-limited.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Frontend;

use UserFeedback\Frontend\SurveyBodyController;
use UserFeedback\Frontend\SurveyTokens;
use UserFeedback\Frontend\WidgetLoader;
use UserFeedback\Licensing\Entitlements;
use UserFeedback\Plugin;
use UserFeedback\Rest\RateLimiter;
use UserFeedback\Settings\SettingsRepository;
use WP_REST_Response;

final class SurveyBodyTest extends FrontendTestCase {

	private const NS = '/userfeedback/v1';

	/**
	 * A survey with everything a body has: questions with titles, a thank-you, a look, icons.
	 *
	 * @param array<string,mixed> $over Columns to change.
	 */
	private function full_survey( string $status = 'publish', array $over = array() ): int {
		return $this->add_survey(
			$status,
			null,
			array_merge(
				array(
					'title'     => 'Secret survey title',
					'questions' => array(
						array(
							'id'     => 1,
							'title'  => 'Which plan are you on?',
							'type'   => 'radio-button',
							'config' => array( 'options' => array( 'Basic plan', 'Team plan' ) ),
						),
						array(
							'id'     => 2,
							'title'  => 'How did it feel?',
							'type'   => 'icon-choice',
							'config' => array(
								'options' => array(
									array(
										'label' => 'Good',
										'icon'  => array( 'name' => 'smile' ),
									),
								),
							),
						),
					),
					'settings'  => array(
						'behavior'  => array(
							'timing'          => 'delay',
							'timing_delay'    => 7,
							'display_length'  => 'until_response',
							'start_minimized' => true,
						),
						'targeting' => array(
							'devices'    => array( 'desktop' ),
							'pages'      => 'all',
							'page_rules' => array(),
						),
						'thank_you' => array(
							'type'    => 'message',
							'message' => 'Thank-you words',
						),
					),
				),
				$over
			)
		);
	}

	private function body( int $id, ?string $version = null ): WP_REST_Response {
		return $this->rest( 'GET', self::NS . "/surveys/$id/widget", null === $version ? array() : array( 'v' => $version ) );
	}

	private function target( int $id ): array {
		$this->front_page();
		return array_column( $this->page_config()['surveys'], null, 'id' )[ $id ];
	}

	public function test_the_inline_config_carries_only_what_targeting_and_triggers_need(): void {
		$id = $this->full_survey();
		$this->front_page();
		$inline = self::inline_config();
		$this->assertStringStartsWith( WidgetLoader::API_STUB, $inline, 'The JavaScript API queue is there before the config.' );

		$config = $this->page_config();
		foreach ( array( 'strings', 'question_types', 'limits' ) as $key ) {
			$this->assertArrayNotHasKey( $key, $config, "$key comes with the body." );
		}
		$target = $config['surveys'][0];
		$this->assertSame( $id, $target['id'] );
		$this->assertSame( array(), array_diff( array_keys( $target ), array( 'id', 'cookie_name', 'publish_at', 'end_at', 'needs_pro', 'v', 'settings' ) ), 'Only SurveyTarget keys.' );
		$this->assertSame( array( 'behavior', 'targeting' ), array_keys( $target['settings'] ) );
		$this->assertSame(
			array(
				'timing'         => 'delay',
				'timing_delay'   => 7,
				'display_length' => 'until_response',
			),
			array_intersect_key( $target['settings']['behavior'], array_flip( array( 'timing', 'timing_delay', 'display_length' ) ) )
		);
		$this->assertSame( array(), array_diff( array_keys( $target['settings']['behavior'] ), WidgetLoader::TARGET_BEHAVIOR ), 'Only the loader\'s behavior keys.' );
		$this->assertSame( array( 'desktop' ), $target['settings']['targeting']['devices'] );

		foreach ( array( 'Secret survey title', 'Which plan are you on?', 'Basic plan', 'Thank-you words', '"questions"', '"title"', '"nonces"', '"theming"', '"thank_you"', '"icons"', SurveyTokens::issue( $id, 'submission' ) ) as $absent ) {
			$this->assertStringNotContainsString( $absent, $inline );
		}
	}

	public function test_a_guest_gets_the_body_publicly_cacheable_for_a_day_under_the_current_version(): void {
		$id      = $this->full_survey();
		$version = $this->target( $id )['v'];

		$response = $this->body( $id, $version );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( 'public, max-age=' . DAY_IN_SECONDS, $response->get_headers()['Cache-Control'] ?? null );
		$this->assertSame( $version, $response->get_headers()['X-UserFeedback-Version'] ?? null );

		$body = json_decode( (string) wp_json_encode( $response->get_data() ), true );
		$this->assertSame( array( 'survey', 'strings', 'question_types', 'limits' ), array_keys( $body ) );
		$this->assertSame( 'Secret survey title', $body['survey']['title'] );
		$this->assertSame( array( 'Which plan are you on?', 'How did it feel?' ), array_column( $body['survey']['questions'], 'title' ) );
		$this->assertSame( 'Thank-you words', $body['survey']['settings']['thank_you']['message'] );
		$this->assertArrayHasKey( 'smile', $body['survey']['icons'] );
		$this->assertSame( SurveyTokens::issue( $id, 'impression' ), $body['survey']['nonces']['impression'] );
		$this->assertArrayHasKey( 'theming', $body['survey']['settings'] );
		$this->assertArrayNotHasKey( 'targeting', $body['survey']['settings'], 'Targeting is the loader\'s, in the config.' );
		$this->assertStringNotContainsString( 'secret-owner', (string) wp_json_encode( $body ) );
		$this->assertSame( $version, WidgetLoader::hash( $response->get_data() ), 'v is the hash of what the route answers.' );
		// Small: a two-question survey's body, strings and types.
		$this->assertLessThan( 5000, strlen( (string) wp_json_encode( $body ) ) );
	}

	public function test_an_old_or_missing_version_gets_the_current_body_for_a_minute(): void {
		$id = $this->full_survey();
		foreach ( array( '0123456789', '' ) as $version ) {
			$response = $this->body( $id, $version );
			$this->assertSame( 200, $response->get_status(), $version );
			$this->assertSame( 'public, max-age=' . SurveyBodyController::STALE_MAX_AGE, $response->get_headers()['Cache-Control'] ?? null, $version );
			$this->assertSame( 'Secret survey title', $response->get_data()['survey']['title'] );
		}
		$this->assertSame( 'public, max-age=60', $this->body( $id )->get_headers()['Cache-Control'] ?? null );
	}

	public function test_a_logged_in_visitor_gets_the_same_public_body_and_wordpress_adds_no_no_cache_headers(): void {
		$id      = $this->full_survey();
		$version = $this->target( $id )['v'];
		$this->as_user( 'administrator' );
		$this->assertTrue( apply_filters( 'rest_send_nocache_headers', is_user_logged_in() ), 'WordPress would send them for a logged-in user.' );

		$response = $this->body( $id, $version );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( 'public, max-age=' . DAY_IN_SECONDS, $response->get_headers()['Cache-Control'] ?? null );
		$this->assertFalse( apply_filters( 'rest_send_nocache_headers', is_user_logged_in() ), 'No no-cache headers after the body is answered.' );
	}

	public function test_a_survey_that_is_not_live_is_404_with_a_message(): void {
		$draft  = $this->full_survey( 'draft' );
		$trash  = $this->full_survey( 'trash' );
		$empty  = $this->full_survey( 'publish', array( 'questions' => array() ) );
		$closed = $this->full_survey();
		Plugin::instance()->surveys->set_status( $closed, 'draft' ); // Unpublished after a page was cached.
		foreach ( array( $draft, $trash, $empty, $closed, 999999 ) as $id ) {
			$response = $this->body( $id );
			$this->assertSame( 404, $response->get_status(), (string) $id );
			$this->assertSame( SurveyBodyController::UNAVAILABLE, $response->get_data()['code'] ?? null );
			$this->assertNotSame( '', (string) ( $response->get_data()['message'] ?? '' ) );
			$this->assertStringNotContainsString( 'public', (string) ( $response->get_headers()['Cache-Control'] ?? '' ), 'A refusal is not cached as a body.' );
			$this->assertStringNotContainsString( 'Secret survey title', (string) wp_json_encode( $response->get_data() ) );
		}
	}

	public function test_bad_input_is_refused(): void {
		$id = $this->full_survey();
		$this->assertSame( 400, $this->body( $id, 'not-a-version<script>' )->get_status() );
		$this->assertSame( 400, $this->body( $id, str_repeat( 'a', 40 ) )->get_status() );
		$this->assertSame( 400, $this->rest( 'GET', self::NS . '/surveys/0/widget' )->get_status(), 'Ids start at 1.' );
		$this->assertSame( 404, $this->rest( 'POST', self::NS . "/surveys/$id/widget" )->get_status(), 'Read-only.' );
	}

	public function test_a_flood_from_one_client_is_refused_with_retry_after(): void {
		add_filter(
			RateLimiter::FILTER,
			static fn( array $limits ): array => array(
				'survey_bodies' => array(
					'limit'  => 2,
					'window' => 60,
				),
			) + $limits
		);
		$id                     = $this->full_survey();
		$_SERVER['REMOTE_ADDR'] = '192.0.2.20';
		$this->assertSame( array( 200, 200 ), array( $this->body( $id )->get_status(), $this->body( $id )->get_status() ) );
		$refused = $this->body( $id );
		$this->assertSame( 429, $refused->get_status() );
		$this->assertSame( RateLimiter::CODE, $refused->get_data()['code'] ?? null );
		$this->assertArrayHasKey( 'Retry-After', $refused->get_headers() );
		$this->assertStringNotContainsString( 'public', (string) ( $refused->get_headers()['Cache-Control'] ?? '' ) );
		$_SERVER['REMOTE_ADDR'] = '192.0.2.21';
		$this->assertSame( 200, $this->body( $id )->get_status(), 'Another client is still answered.' );
	}

	public function test_the_version_changes_with_the_survey_and_the_sites_widget_settings_and_only_then(): void {
		$id    = $this->full_survey();
		$other = $this->full_survey( 'publish', array( 'title' => 'Another' ) );
		$first = $this->target( $id )['v'];
		$this->assertSame( $first, $this->target( $id )['v'], 'Stable while nothing changes.' );
		$this->assertNotSame( $first, $this->target( $other )['v'] );

		// The survey: a question's title.
		$survey                          = Plugin::instance()->surveys->find( $id );
		$survey['questions'][0]['title'] = 'Which plan are you on now?';
		Plugin::instance()->surveys->update( $id, $survey );
		$edited = $this->target( $id )['v'];
		$this->assertNotSame( $first, $edited );
		$this->assertSame( $edited, $this->body( $id )->get_headers()['X-UserFeedback-Version'] ?? null, 'The route agrees with the page.' );
		$this->assertSame( 'public, max-age=60', $this->body( $id, $first )->get_headers()['Cache-Control'] ?? null, 'A page cached with the old v gets the new body, briefly cached.' );

		// The site's widget settings (the survey follows the site's look and strings).
		$settings = new SettingsRepository();
		$settings->save( array_merge( $settings->all(), array( 'skip_text' => 'Not now' ) ) );
		$worded = $this->target( $id )['v'];
		$this->assertNotSame( $edited, $worded );
		$this->assertSame( 'Not now', json_decode( (string) wp_json_encode( $this->body( $id, $worded )->get_data() ), true )['strings']['skip'] );
		$settings->save( array_merge( $settings->all(), array( 'widget_color' => '#101010' ) ) );
		$this->set_entitlements( 'pro', 'elite', Entitlements::ADDONS );
		$coloured = $this->target( $id )['v'];
		$this->assertNotSame( $worded, $coloured );

		// What the site may use (branding decides the look).
		$this->set_entitlements( 'lite', null );
		$this->assertNotSame( $coloured, $this->target( $id )['v'] );
	}
}
