<?php
/**
 * GET userfeedback/v1/geo: the visitor's country from the configured CDN header, then the filter.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Responses;

use WP_REST_Response;

final class GeoRouteTest extends ResponsesTestCase {

	public function test_without_a_configured_header_the_country_is_null(): void {
		$_SERVER['HTTP_CF_IPCOUNTRY'] = 'US';
		$response                     = $this->geo();
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( array( 'country' => null ), $response->get_data() );
		$this->assertSame( 'no-store', $response->get_headers()['Cache-Control'] );
	}

	public function test_the_configured_header_gives_the_country(): void {
		self::settings( array( 'geo_header' => 'HTTP_CF_IPCOUNTRY' ) );
		$this->assertSame( array( 'country' => null ), $this->geo()->get_data(), 'Configured but not sent.' );

		$cases = array(
			'US'      => 'US',
			' de '    => 'DE',
			'XX'      => null,
			'T1'      => null,
			'USA'     => null,
			'<b>'     => null,
			'U'       => null,
			'fr,it'   => null,
		);
		foreach ( $cases as $header => $country ) {
			$_SERVER['HTTP_CF_IPCOUNTRY'] = $header;
			$this->assertSame( array( 'country' => $country ), $this->geo()->get_data(), $header );
		}

		// Another header than the configured one is not read.
		unset( $_SERVER['HTTP_CF_IPCOUNTRY'] );
		$_SERVER['HTTP_X_COUNTRY_CODE'] = 'NL';
		$this->assertSame( array( 'country' => null ), $this->geo()->get_data() );
	}

	public function test_the_filter_decides_last_and_is_held_to_two_letters(): void {
		self::settings( array( 'geo_header' => 'HTTP_CF_IPCOUNTRY' ) );
		$_SERVER['HTTP_CF_IPCOUNTRY'] = 'US';
		$seen                         = array();
		add_filter(
			'userfeedback_visitor_country',
			static function ( $country, $header ) use ( &$seen ) {
				$seen = array( $country, $header );
				return 'se';
			},
			10,
			2
		);
		$this->assertSame( array( 'country' => 'SE' ), $this->geo()->get_data() );
		$this->assertSame( array( 'US', 'HTTP_CF_IPCOUNTRY' ), $seen );

		add_filter( 'userfeedback_visitor_country', static fn() => array( 'US' ), 20 );
		$this->assertSame( array( 'country' => null ), $this->geo()->get_data() );
	}

	public function test_anyone_may_ask_logged_in_or_not(): void {
		$this->assertSame( 200, $this->geo()->get_status() );
		$this->as_user( 'subscriber' );
		$this->assertSame( 200, $this->geo()->get_status() );
	}

	public function test_a_flood_from_one_client_gets_429_and_another_client_is_still_answered(): void {
		self::limits(
			array(
				'geo' => array(
					'limit'  => 2,
					'window' => 60,
				),
			)
		);
		$_SERVER['REMOTE_ADDR'] = '192.0.2.10';
		$this->assertSame( array( 200, 200 ), array( $this->geo()->get_status(), $this->geo()->get_status() ) );
		$refused = $this->geo();
		$this->assertSame( 429, $refused->get_status() );
		$this->assertArrayHasKey( 'Retry-After', $refused->get_headers() );
		$_SERVER['REMOTE_ADDR'] = '192.0.2.11';
		$this->assertSame( 200, $this->geo()->get_status() );
	}

	private function geo(): WP_REST_Response {
		return $this->rest( 'GET', self::NS . '/geo' );
	}
}
