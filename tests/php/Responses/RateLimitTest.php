<?php
/**
 * Rate limits of the public routes: per client and route kind, a cap per site, counters in the table or
 * in a persistent object cache, keyed by a hash (never the raw IP).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Responses;

use UserFeedback\Database\Schema;
use UserFeedback\Rest\ApiException;
use UserFeedback\Rest\RateLimiter;

final class RateLimitTest extends ResponsesTestCase {

	public function test_a_flood_from_one_client_gets_429_with_retry_after_and_another_client_is_still_served(): void {
		$id = self::open_survey();
		for ( $i = 1; $i <= 10; $i++ ) {
			$this->assertSame( 201, $this->submit_answers( $id, array( self::answer( 1, 'Yes' ) ) )->get_status(), "Response $i of the default 10." );
		}

		$refused = $this->submit_answers( $id, array( self::answer( 1, 'Yes' ) ) );
		$this->assertSame( 429, $refused->get_status() );
		$this->assertSame( 'userfeedback_rate_limited', $refused->get_data()['code'] );
		$this->assertSame( 'Too many requests. Please wait a moment and try again.', $refused->get_data()['message'] );
		$retry = (int) $refused->get_headers()['Retry-After'];
		$this->assertGreaterThanOrEqual( 1, $retry );
		$this->assertLessThanOrEqual( 600, $retry );
		$this->assertSame( 10, self::count_rows( 'responses', $id ), 'The refused response is not stored.' );

		$_SERVER['REMOTE_ADDR'] = '198.51.100.9';
		$this->assertSame( 201, $this->submit_answers( $id, array( self::answer( 1, 'Yes' ) ) )->get_status() );
	}

	public function test_impressions_have_their_own_limit(): void {
		self::limits(
			array(
				'impressions' => array(
					'limit'  => 3,
					'window' => 60,
				),
			)
		);
		$id = self::open_survey();
		for ( $i = 1; $i <= 3; $i++ ) {
			$this->assertSame( 200, $this->impression( $id )->get_status() );
		}
		$refused = $this->impression( $id );
		$this->assertSame( 429, $refused->get_status() );
		$this->assertArrayHasKey( 'Retry-After', $refused->get_headers() );
		$this->assertSame( 201, $this->submit_answers( $id, array( self::answer( 1, 'Yes' ) ) )->get_status(), 'Responses are counted apart.' );
	}

	public function test_the_site_cap_holds_across_clients_and_a_refused_client_does_not_use_it_up(): void {
		self::limits(
			array(
				'responses'      => array(
					'limit'  => 2,
					'window' => 600,
				),
				'responses_site' => array(
					'limit'  => 4,
					'window' => 60,
				),
			)
		);
		$id   = self::open_survey();
		$send = function ( string $ip ) use ( $id ): int {
			$_SERVER['REMOTE_ADDR'] = $ip;
			return $this->submit_answers( $id, array( self::answer( 1, 'Yes' ) ) )->get_status();
		};

		$this->assertSame( array( 201, 201, 429, 429 ), array( $send( '192.0.2.1' ), $send( '192.0.2.1' ), $send( '192.0.2.1' ), $send( '192.0.2.1' ) ) );
		$this->assertSame( array( 201, 201 ), array( $send( '192.0.2.2' ), $send( '192.0.2.3' ) ), 'The refused requests did not count for the site.' );
		$this->assertSame( 429, $send( '192.0.2.4' ), 'The site cap of 4 is reached.' );
		$this->assertSame( 4, self::count_rows( 'responses', $id ) );
	}

	public function test_refused_answers_count_too_but_a_bad_token_costs_nothing(): void {
		self::limits(
			array(
				'responses' => array(
					'limit'  => 2,
					'window' => 600,
				),
			)
		);
		$id = self::open_survey();
		$this->assertSame( 403, $this->submit( $id, array( 'answers' => array( self::answer( 1, 'Yes' ) ), 'nonce' => 'wrong' ) )->get_status() );
		$this->assertSame( 400, $this->submit_answers( $id, array( self::answer( 1, 'Maybe' ) ) )->get_status() );
		$this->assertSame( 400, $this->submit_answers( $id, array( self::answer( 99, 'Yes' ) ) )->get_status() );
		$this->assertSame( 429, $this->submit_answers( $id, array( self::answer( 1, 'Yes' ) ) )->get_status(), 'The two 400s used up the limit; the 403 did not count.' );
		$this->assertSame( 0, self::count_rows( 'responses', $id ) );
	}

	public function test_counters_are_keyed_by_a_hash_and_never_the_ip(): void {
		$id = self::open_survey();
		$this->submit_answers( $id, array( self::answer( 1, 'Yes' ) ) );
		global $wpdb;
		$rows = $wpdb->get_results( $wpdb->prepare( 'SELECT * FROM %i', Schema::table( 'rate_limits' ) ), ARRAY_A );
		$this->assertCount( 3, $rows, 'The client\'s write and response counters and the site counter.' );
		foreach ( $rows as $row ) {
			$this->assertMatchesRegularExpression( '/^[0-9a-f]{40}$/', $row['bucket'] );
			$this->assertStringNotContainsString( '203.0.113', $row['bucket'] );
			$this->assertSame( '1', (string) $row['hits'] );
			$this->assertGreaterThan( time(), (int) $row['expires_at'] );
		}
	}

	public function test_with_a_persistent_object_cache_the_counters_live_there(): void {
		$was = wp_using_ext_object_cache( true );
		try {
			self::limits(
				array(
					'responses' => array(
						'limit'  => 2,
						'window' => 600,
					),
				)
			);
			$id     = self::open_survey();
			$before = self::total_rows( 'rate_limits' );
			$this->assertSame( 201, $this->submit_answers( $id, array( self::answer( 1, 'Yes' ) ) )->get_status() );
			$this->assertSame( 201, $this->submit_answers( $id, array( self::answer( 1, 'Yes' ) ) )->get_status() );
			$refused = $this->submit_answers( $id, array( self::answer( 1, 'Yes' ) ) );
			$this->assertSame( 429, $refused->get_status() );
			$this->assertArrayHasKey( 'Retry-After', $refused->get_headers() );
			$this->assertSame( $before, self::total_rows( 'rate_limits' ), 'Nothing in the table.' );
		} finally {
			wp_using_ext_object_cache( (bool) $was ); // null (never set) would leave it on.
		}
	}

	public function test_a_window_ends_and_counting_starts_again(): void {
		foreach ( array( false, true ) as $cache ) {
			$was     = wp_using_ext_object_cache( $cache );
			$now     = 1_800_000_000 + ( $cache ? 6_000 : 0 ); // Both at the start of a minute.
			$limiter = new RateLimiter( static function () use ( &$now ): int {
				return $now;
			} );
			self::limits(
				array(
					'impressions' => array(
						'limit'  => 2,
						'window' => 60,
					),
				)
			);
			try {
				$limiter->hit( 'impressions', 'client-a' );
				$limiter->hit( 'impressions', 'client-a' );
				try {
					$limiter->hit( 'impressions', 'client-a' );
					$this->fail( 'The third hit in the window is refused.' );
				} catch ( ApiException $e ) {
					$this->assertSame( 429, $e->status );
					$this->assertSame( 60, $e->data['retry_after'], 'The whole window is left: it started at this second.' );
				}
				$now += 59;
				try {
					$limiter->hit( 'impressions', 'client-a' );
					$this->fail( 'Still the same window.' );
				} catch ( ApiException $e ) {
					$this->assertSame( 1, $e->data['retry_after'] );
				}
				$now += 1;
				$limiter->hit( 'impressions', 'client-a' );
				$this->addToAssertionCount( 1 );
			} finally {
				wp_using_ext_object_cache( (bool) $was ); // null (never set) would leave it on.
			}
		}
	}

	public function test_expired_counters_are_pruned(): void {
		global $wpdb;
		$table = Schema::table( 'rate_limits' );
		$wpdb->query( $wpdb->prepare( 'INSERT INTO %i (bucket, hits, expires_at) VALUES (%s, 3, %d), (%s, 1, %d)', $table, str_repeat( 'a', 40 ), time() - 10, str_repeat( 'b', 40 ), time() + 60 ) );
		$this->assertGreaterThanOrEqual( 1, ( new RateLimiter() )->prune() );
		$this->assertSame( array( str_repeat( 'b', 40 ) ), $wpdb->get_col( $wpdb->prepare( 'SELECT bucket FROM %i WHERE bucket IN (%s, %s)', $table, str_repeat( 'a', 40 ), str_repeat( 'b', 40 ) ) ) );
	}

	public function test_ipv6_clients_are_counted_by_their_64_network(): void {
		$this->assertSame( RateLimiter::client( '2001:db8:1:2:aaaa::1' ), RateLimiter::client( '2001:db8:1:2:bbbb::9' ) );
		$this->assertNotSame( RateLimiter::client( '2001:db8:1:2::1' ), RateLimiter::client( '2001:db8:1:3::1' ) );
		$this->assertSame( '192.0.2.1', RateLimiter::client( '192.0.2.1' ) );
		$this->assertSame( 'unknown', RateLimiter::client( '' ) );
		$this->assertSame( 'unknown', RateLimiter::client( 'not an ip' ) );
	}

	public function test_the_filter_changes_limits_and_bad_values_fall_back_to_the_defaults(): void {
		add_filter(
			'userfeedback_rate_limits',
			static fn( array $limits ): array => array(
				'responses'      => array(
					'limit'  => 0,
					'window' => 60,
				),
				'impressions'    => null,
				'responses_site' => array(
					'limit'  => 5000,
					'window' => 60,
				),
				'post_ratings'   => array(
					'limit'  => 5,
					'window' => 60,
				),
			) + $limits
		);
		$limits = ( new RateLimiter() )->limits();
		$this->assertSame( RateLimiter::DEFAULTS['responses'], $limits['responses'] );
		$this->assertNull( $limits['impressions'] );
		$this->assertSame( 5000, $limits['responses_site']['limit'] );
		$this->assertSame(
			array(
				'limit'  => 5,
				'window' => 60,
			),
			$limits['post_ratings']
		);

		// A rule that is off never refuses.
		$limiter = new RateLimiter();
		for ( $i = 0; $i < 70; $i++ ) {
			$limiter->hit( 'impressions', 'client-b' );
		}
		$this->addToAssertionCount( 1 );
	}
}
