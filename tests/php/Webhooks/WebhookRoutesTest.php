<?php
/**
 * The webhook routes: who may call them (manage-settings; Lite and licences below Pro get the upgrade
 * message on every write), what a webhook may be (clear 400s), the secret shown once and on request,
 * never in a list, a test sent now against the tests' receiver, the log, and a retry of a failed
 * delivery.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Webhooks;

use UserFeedback\Webhooks\UrlGuard;
use WP_REST_Response;

final class WebhookRoutesTest extends WebhookTestCase {

	private const BASE = self::NS . '/webhooks';

	private function as_pro_admin(): void {
		$this->set_entitlements( 'pro', 'pro' );
		$this->as_user( 'administrator' );
	}

	/**
	 * @param array<string,mixed> $body JSON body.
	 */
	private function post( string $route, array $body = array() ): WP_REST_Response {
		return $this->rest( 'POST', $route, array(), $body );
	}

	/**
	 * @return array{status:int,code:mixed,message:mixed}
	 */
	private static function refusal( WP_REST_Response $response ): array {
		$data = self::data( $response );
		return array(
			'status'  => $response->get_status(),
			'code'    => $data['code'] ?? null,
			'message' => $data['message'] ?? null,
		);
	}

	public function test_subscribers_and_editors_are_refused_every_route(): void {
		$this->set_entitlements( 'pro', 'pro' );
		$hook = self::webhook();
		foreach ( array( 'subscriber', 'editor' ) as $role ) {
			$this->as_user( $role );
			foreach (
				array(
					array( 'GET', self::BASE ),
					array( 'POST', self::BASE ),
					array( 'POST', self::BASE . "/$hook" ),
					array( 'DELETE', self::BASE . "/$hook" ),
					array( 'GET', self::BASE . "/$hook/secret" ),
					array( 'POST', self::BASE . "/$hook/test" ),
					array( 'GET', self::BASE . "/$hook/deliveries" ),
					array( 'POST', self::BASE . "/$hook/deliveries/1/retry" ),
				) as [ $method, $route ]
			) {
				$this->assertSame( 403, $this->rest( $method, $route, array(), 'GET' === $method || 'DELETE' === $method ? null : array( 'url' => 'https://example.com' ) )->get_status(), "$role $method $route" );
			}
		}
		$this->assertSame( array(), self::requests() );
	}

	public function test_lite_gets_the_upgrade_message_on_writes_and_may_still_read_and_delete(): void {
		$this->set_entitlements( 'lite', null );
		$this->as_user( 'administrator' );
		$hook    = self::webhook();
		$created = self::refusal( $this->post( self::BASE, array( 'url' => self::$receiver . '/ok' ) ) );
		$this->assertSame( 403, $created['status'] );
		$this->assertSame( 'userfeedback_feature_locked', $created['code'] );
		$this->assertSame( 'Webhooks is a Pro feature. Please upgrade to the Pro plan to unlock it.', $created['message'] );
		$this->assertSame( 403, $this->post( self::BASE . "/$hook", array( 'active' => false ) )->get_status() );
		$this->assertSame( 403, $this->post( self::BASE . "/$hook/test" )->get_status() );
		$this->assertSame( 403, $this->post( self::BASE . "/$hook/deliveries/1/retry" )->get_status() );
		$this->assertSame( array(), self::requests(), 'No test went out.' );
		$this->assertSame( 200, $this->rest( 'GET', self::BASE )->get_status() );
		$this->assertSame( 200, $this->rest( 'DELETE', self::BASE . "/$hook" )->get_status() );

		$this->set_entitlements( 'pro', 'plus' );
		$this->assertSame( 403, $this->post( self::BASE, array( 'url' => self::$receiver . '/ok' ) )->get_status(), 'A Plus licence is below Pro.' );
	}

	public function test_create_shows_the_secret_once_and_on_request_never_in_lists(): void {
		$this->as_pro_admin();
		$survey   = self::open_survey( array( 'title' => 'Pricing' ) );
		$response = $this->post(
			self::BASE,
			array(
				'url'       => self::$receiver . '/ok',
				'survey_id' => $survey,
				'format'    => 'slack',
			)
		);
		$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame( 'no-store', $response->get_headers()['Cache-Control'] );
		$created = self::data( $response );
		$this->assertMatchesRegularExpression( '/^[0-9a-f]{64}$/', $created['secret'] );
		$this->assertSame( self::$receiver . '/ok', $created['url'] );
		$this->assertSame( $survey, $created['survey_id'] );
		$this->assertSame( 'Pricing', $created['survey_title'] );
		$this->assertSame( 'slack', $created['format'] );
		$this->assertTrue( $created['active'] );
		$this->assertNull( $created['last_delivery'] );

		$list = self::data( $this->rest( 'GET', self::BASE ) );
		$this->assertCount( 1, $list );
		$this->assertArrayNotHasKey( 'secret', $list[0] );
		$this->assertStringNotContainsString( $created['secret'], (string) wp_json_encode( $list ) );

		$updated = self::data( $this->post( self::BASE . "/{$created['id']}", array( 'active' => false, 'survey_id' => 0 ) ) );
		$this->assertFalse( $updated['active'] );
		$this->assertNull( $updated['survey_title'] );
		$this->assertArrayNotHasKey( 'secret', $updated );

		$secret = $this->rest( 'GET', self::BASE . "/{$created['id']}/secret" );
		$this->assertSame( array( 'id' => $created['id'], 'secret' => $created['secret'] ), self::data( $secret ) );
		$this->assertSame( 'no-store', $secret->get_headers()['Cache-Control'] );

		$this->assertSame( array( 'deleted' => true, 'id' => $created['id'] ), self::data( $this->rest( 'DELETE', self::BASE . "/{$created['id']}" ) ) );
		$this->assertSame( array(), self::data( $this->rest( 'GET', self::BASE ) ) );
		$this->assertSame( 404, $this->rest( 'GET', self::BASE . "/{$created['id']}/secret" )->get_status() );
	}

	public function test_invalid_webhooks_are_refused_with_clear_messages(): void {
		$this->as_pro_admin();
		$cases = array(
			'bad url'        => array( array( 'url' => 'not a url' ), 'url', 'full http or https address' ),
			'private'        => array( array( 'url' => 'https://10.0.0.8/hook' ), 'url', 'private or reserved address' ),
			'unknown survey' => array( array( 'url' => 'https://93.184.216.34/hook', 'survey_id' => 999999 ), 'survey_id', 'Survey 999999 does not exist' ),
			'bad format'     => array( array( 'url' => 'https://93.184.216.34/hook', 'format' => 'xml' ), 'format', 'Format' ),
			'missing url'    => array( array( 'format' => 'json' ), 'url', 'Enter the webhook URL' ),
			'unknown key'    => array( array( 'url' => 'https://93.184.216.34/hook', 'secret' => 'mine' ), 'secret', 'secret' ),
		);
		remove_filter( UrlGuard::ALLOW_PRIVATE_FILTER, '__return_true' );
		foreach ( $cases as $name => [ $body, $field, $words ] ) {
			$response = $this->post( self::BASE, $body );
			$this->assertSame( 400, $response->get_status(), $name );
			$data = self::data( $response );
			$this->assertArrayHasKey( $field, $data['data']['fields'] ?? $data['data']['params'] ?? array(), $name . ': ' . wp_json_encode( $data ) );
			$this->assertStringContainsString( $words, $data['message'], $name );
		}
		add_filter( UrlGuard::LOCAL_SITE_FILTER, '__return_false' );
		$http = self::data( $this->post( self::BASE, array( 'url' => 'http://93.184.216.34/hook' ) ) );
		$this->assertStringContainsString( 'must use https', $http['message'] );
		$this->assertSame( array(), self::data( $this->rest( 'GET', self::BASE ) ), 'Nothing was stored.' );
		$this->assertSame( 404, $this->post( self::BASE . '/999999', array( 'active' => true ) )->get_status() );
	}

	public function test_send_test_delivers_now_and_the_log_and_retry_follow(): void {
		$this->as_pro_admin();
		$created = self::data( $this->post( self::BASE, array( 'url' => self::$receiver . '/flaky' ) ) );
		$id      = $created['id'];

		$first = $this->post( self::BASE . "/$id/test" );
		$this->assertSame( 200, $first->get_status() );
		$outcome = self::data( $first );
		$this->assertFalse( $outcome['delivered'] );
		$this->assertSame( 500, $outcome['code'] );
		$this->assertStringContainsString( 'HTTP 500', $outcome['error'] );
		$this->assertGreaterThanOrEqual( 0, $outcome['duration_ms'] );
		$this->assertSame( 'failed', $outcome['delivery']['status'] );
		$this->assertNull( $outcome['delivery']['next_at'], 'A failed test is not retried by the queue.' );

		$request = self::requests()[0];
		$this->assertSame( 'test', $request['headers']['x-userfeedback-event'] );
		$body = $this->verified( $request, $created['secret'] );
		$this->assertSame( 'test', $body['event'] );
		$this->assertSame( $outcome['delivery']['id'], $body['id'] );

		$retry = self::data( $this->post( self::BASE . "/$id/deliveries/{$outcome['delivery']['id']}/retry" ) );
		$this->assertTrue( $retry['delivered'] );
		$this->assertSame( 200, $retry['code'] );
		$this->assertSame( 'delivered', $retry['delivery']['status'] );
		$this->assertSame( 2, $retry['delivery']['attempts'] );
		$again = self::refusal( $this->post( self::BASE . "/$id/deliveries/{$outcome['delivery']['id']}/retry" ) );
		$this->assertSame( 400, $again['status'], 'A delivered one is not sent again.' );

		$second = self::data( $this->post( self::BASE . "/$id/test" ) );
		$this->assertTrue( $second['delivered'] );

		$log = self::data( $this->rest( 'GET', self::BASE . "/$id/deliveries" ) );
		$this->assertSame( array( $second['delivery']['id'], $outcome['delivery']['id'] ), array_column( $log, 'id' ), 'Newest first.' );
		$this->assertSame( array( 'delivered', 'delivered' ), array_column( $log, 'status' ) );
		$list = self::data( $this->rest( 'GET', self::BASE ) );
		$this->assertSame( $second['delivery']['id'], $list[0]['last_delivery']['id'] );

		$other = self::webhook();
		$this->assertSame( 404, $this->post( self::BASE . "/$other/deliveries/{$outcome['delivery']['id']}/retry" )->get_status(), 'Another webhook\'s delivery.' );
	}

	public function test_a_test_to_a_refused_address_reports_why_and_sends_nothing(): void {
		$this->as_pro_admin();
		$hook = self::webhook();
		remove_filter( UrlGuard::ALLOW_PRIVATE_FILTER, '__return_true' );
		$outcome = self::data( $this->post( self::BASE . "/$hook/test" ) );
		$this->assertFalse( $outcome['delivered'] );
		$this->assertSame( 0, $outcome['code'] );
		$this->assertStringContainsString( 'private or reserved address', $outcome['error'] );
		$this->assertSame( array(), self::requests() );
	}
}
