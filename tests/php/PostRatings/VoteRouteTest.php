<?php
/**
 * POST post-ratings/{post_id}/votes: the visitor's vote. Public and cache-safe: a schema-checked body,
 * the post's token, rate limits per client and per site, ratable posts only, the feature open.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\PostRatings;

use UserFeedback\Database\Schema;
use UserFeedback\PostRatings\RatablePosts;
use UserFeedback\PostRatings\RatingTokens;

final class VoteRouteTest extends RatingsTestCase {

	protected function setUp(): void {
		parent::setUp();
		$this->unlock();
	}

	public function test_a_vote_is_stored_and_answers_the_fresh_summary_without_caching(): void {
		$post   = self::make_post( 'Rated post' );
		$before = gmdate( 'Y-m-d H:i:s' );

		$response = $this->vote( $post, array( 'rating' => 4 ) );
		$this->assertSame( 201, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$this->assertSame( 'no-store', $response->get_headers()['Cache-Control'] ?? null );
		$this->assertSame(
			array(
				'post_id' => $post,
				'count'   => 1,
				'average' => 4.0,
			),
			$response->get_data()
		);

		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM %i WHERE post_id = %d', Schema::table( 'post_ratings' ), $post ), ARRAY_A );
		$this->assertSame( '4', (string) $row['rating'] );
		$this->assertGreaterThanOrEqual( $before, $row['created_at'] );
		$this->assertLessThanOrEqual( gmdate( 'Y-m-d H:i:s' ), $row['created_at'] );

		$this->vote( $post, array( 'rating' => 5 ) );
		$third = $this->vote( $post, array( 'rating' => 5 ) );
		$this->assertSame( 201, $third->get_status() );
		$this->assertSame(
			array(
				'post_id' => $post,
				'count'   => 3,
				'average' => 4.67,
			),
			$third->get_data(),
			'The summary is read again after each vote, rounded to 2 decimals.'
		);
	}

	/**
	 * @return array<string,array{0:array<string,mixed>,1:string}>
	 */
	public static function bad_bodies(): array {
		return array(
			'rating 0'        => array( array( 'rating' => 0 ), 'rating' ),
			'rating 6'        => array( array( 'rating' => 6 ), 'rating' ),
			'rating abc'      => array( array( 'rating' => 'abc' ), 'rating' ),
			'rating 4.5'      => array( array( 'rating' => 4.5 ), 'rating' ),
			'rating null'     => array( array( 'rating' => null ), 'rating' ),
			'rating missing'  => array( array(), 'rating' ),
			'extra key'       => array( array( 'rating' => 3, 'comment' => 'hi' ), 'comment' ),
			'token not text'  => array( array( 'rating' => 3, 'token' => array( 'a' ) ), 'token' ),
			'token too long'  => array( array( 'rating' => 3, 'token' => str_repeat( 'a', 65 ) ), 'token' ),
			'token missing'   => array( array( 'rating' => 3, 'token' => null ), 'token' ),
		);
	}

	/**
	 * @dataProvider bad_bodies
	 * @param array<string,mixed> $body Body.
	 */
	public function test_a_bad_body_is_refused_with_the_field_named_and_nothing_is_stored( array $body, string $field ): void {
		$post     = self::make_post( 'Rated post' );
		$response = $this->vote( $post, $body );
		$this->assertSame( 400, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		$data = $response->get_data();
		$params = (array) ( $data['data']['params'] ?? array() );
		// A wrong field is named as a key (field => message); a missing one in core's list of names.
		$this->assertTrue( array_key_exists( $field, $params ) || in_array( $field, $params, true ), (string) wp_json_encode( $data ) );
		$this->assertSame( 0, self::stored_votes( $post ) );
	}

	public function test_a_wrong_token_is_refused_with_403(): void {
		$post  = self::make_post( 'Rated post' );
		$other = self::make_post( 'Other post' );
		foreach ( array( 'wrong', RatingTokens::issue( $other ), strtoupper( RatingTokens::issue( $post ) ) ) as $token ) {
			$response = $this->vote( $post, array( 'rating' => 5, 'token' => $token ) );
			$this->assertSame( 403, $response->get_status() );
			$this->assertSame( 'userfeedback_forbidden', $response->get_data()['code'] );
		}
		$this->assertSame( 0, self::stored_votes( $post ) );
	}

	public function test_posts_that_do_not_take_ratings_answer_404(): void {
		register_post_type( 'uf_book', array( 'public' => true ) );
		$cases = array(
			'unknown post'      => 987654,
			'draft'             => self::make_post( 'Draft', array( 'post_status' => 'draft' ) ),
			'private'           => self::make_post( 'Private', array( 'post_status' => 'private' ) ),
			'password'          => self::make_post( 'Secret', array( 'post_password' => 'open sesame' ) ),
			'type not rated'    => self::make_post( 'A book', array( 'post_type' => 'uf_book' ) ),
		);
		foreach ( $cases as $name => $post ) {
			$response = $this->vote( $post, array( 'rating' => 5 ) );
			$this->assertSame( 404, $response->get_status(), $name );
			$this->assertSame( 'userfeedback_not_found', $response->get_data()['code'], $name );
			$this->assertSame( 0, self::stored_votes( $post ), $name );
		}

		// The filter adds the type: the same post takes votes.
		add_filter( RatablePosts::FILTER, static fn( array $types ): array => array_merge( $types, array( 'uf_book' ) ) );
		$this->assertSame( 201, $this->vote( $cases['type not rated'], array( 'rating' => 2 ) )->get_status() );
		$this->assertSame( 201, $this->vote( self::make_post( 'A page', array( 'post_type' => 'page' ) ), array( 'rating' => 2 ) )->get_status(), 'Pages are rated by default.' );
	}

	public function test_where_the_widget_is_displayed_does_not_decide_whether_a_vote_counts(): void {
		$post = self::make_post( 'Rated post' );
		foreach ( array( 'manual', 'after_comments', 'before_comments', 'after_content' ) as $i => $display ) {
			update_option( 'userfeedback_post_ratings', array( 'display_settings' => $display ) );
			$response = $this->vote( $post, array( 'rating' => 3 ) );
			$this->assertSame( 201, $response->get_status(), $display );
			$this->assertSame( $i + 1, $response->get_data()['count'] );
		}
	}

	public function test_a_locked_feature_refuses_votes_with_403(): void {
		$post = self::make_post( 'Rated post' );
		foreach ( array( array( 'lite', null, array() ), array( 'pro', 'plus', array() ), array( 'pro', null, array( 'post-ratings' ) ) ) as [ $edition, $licence, $addons ] ) {
			$this->set_entitlements( $edition, $licence, $addons );
			$response = $this->vote( $post, array( 'rating' => 5 ) );
			$this->assertSame( 403, $response->get_status() );
			$this->assertSame( 'userfeedback_feature_locked', $response->get_data()['code'] );
		}
		$this->assertSame( 0, self::stored_votes( $post ) );
	}

	public function test_a_flood_from_one_client_gets_429_with_retry_after_and_another_client_is_served(): void {
		$post = self::make_post( 'Rated post' );
		self::limits(
			array(
				'post_ratings' => array(
					'limit'  => 3,
					'window' => 600,
				),
			)
		);
		for ( $i = 1; $i <= 3; $i++ ) {
			$this->assertSame( 201, $this->vote( $post, array( 'rating' => 5 ) )->get_status(), "Vote $i." );
		}
		$refused = $this->vote( $post, array( 'rating' => 5 ) );
		$this->assertSame( 429, $refused->get_status() );
		$this->assertSame( 'userfeedback_rate_limited', $refused->get_data()['code'] );
		$retry = (int) ( $refused->get_headers()['Retry-After'] ?? 0 );
		$this->assertGreaterThanOrEqual( 1, $retry );
		$this->assertLessThanOrEqual( 600, $retry );
		$this->assertSame( 3, self::stored_votes( $post ) );

		$_SERVER['REMOTE_ADDR'] = '198.51.100.9';
		$this->assertSame( 201, $this->vote( $post, array( 'rating' => 5 ) )->get_status() );
	}

	public function test_the_default_client_limit_is_20_votes(): void {
		$post = self::make_post( 'Rated post' );
		for ( $i = 1; $i <= 20; $i++ ) {
			$this->assertSame( 201, $this->vote( $post, array( 'rating' => 1 + $i % 5 ) )->get_status(), "Vote $i." );
		}
		$this->assertSame( 429, $this->vote( $post, array( 'rating' => 5 ) )->get_status() );
	}

	public function test_the_site_cap_holds_across_clients_and_a_refused_client_does_not_use_it_up(): void {
		$post = self::make_post( 'Rated post' );
		self::limits(
			array(
				'post_ratings'      => array(
					'limit'  => 1,
					'window' => 600,
				),
				'post_ratings_site' => array(
					'limit'  => 3,
					'window' => 60,
				),
			)
		);
		$send = function ( string $ip ) use ( $post ): int {
			$_SERVER['REMOTE_ADDR'] = $ip;
			return $this->vote( $post, array( 'rating' => 4 ) )->get_status();
		};
		$this->assertSame( array( 201, 429, 429 ), array( $send( '192.0.2.1' ), $send( '192.0.2.1' ), $send( '192.0.2.1' ) ) );
		$this->assertSame( array( 201, 201 ), array( $send( '192.0.2.2' ), $send( '192.0.2.3' ) ), 'The refused votes did not count for the site.' );
		$this->assertSame( 429, $send( '192.0.2.4' ), 'The site cap of 3 is reached.' );
		$this->assertSame( 3, self::stored_votes( $post ) );
	}

	public function test_a_bad_token_costs_no_rate_limit_and_the_trusted_proxy_header_names_the_client(): void {
		$post = self::make_post( 'Rated post' );
		self::limits(
			array(
				'post_ratings' => array(
					'limit'  => 1,
					'window' => 600,
				),
			)
		);
		$this->assertSame( 403, $this->vote( $post, array( 'rating' => 4, 'token' => 'nope' ) )->get_status() );
		$this->assertSame( 201, $this->vote( $post, array( 'rating' => 4 ) )->get_status(), 'The 403 did not count.' );
		$_SERVER['REMOTE_ADDR'] = '192.0.2.60';
		$this->assertSame( 404, $this->vote( self::make_post( 'Draft', array( 'post_status' => 'draft' ) ), array( 'rating' => 4 ) )->get_status() );
		$this->assertSame( 429, $this->vote( $post, array( 'rating' => 4 ) )->get_status(), 'The 404 was counted: its counter was committed.' );
		$_SERVER['REMOTE_ADDR'] = '203.0.113.77';

		// Behind a proxy the site trusts, each forwarded client has its own counter.
		update_option( 'userfeedback_settings', array_merge( (array) get_option( 'userfeedback_settings', array() ), array( 'ip_header' => 'HTTP_X_FORWARDED_FOR' ) ) );
		$_SERVER['HTTP_X_FORWARDED_FOR'] = '192.0.2.50';
		$this->assertSame( 201, $this->vote( $post, array( 'rating' => 4 ) )->get_status() );
		$this->assertSame( 429, $this->vote( $post, array( 'rating' => 4 ) )->get_status() );
		$_SERVER['HTTP_X_FORWARDED_FOR'] = '192.0.2.51';
		$this->assertSame( 201, $this->vote( $post, array( 'rating' => 4 ) )->get_status() );
	}

	public function test_the_route_takes_no_nonce_and_logged_in_visitors_vote_alike(): void {
		$post = self::make_post( 'Rated post' );
		$this->as_user( 'subscriber' );
		$this->assertSame( 201, $this->vote( $post, array( 'rating' => 2 ) )->get_status() );
		wp_set_current_user( 0 );
		$this->assertSame( 201, $this->vote( $post, array( 'rating' => 2 ) )->get_status() );
	}
}
