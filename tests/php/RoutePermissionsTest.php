<?php
/**
 * Every route under userfeedback/v1 refuses anonymous visitors and subscribers, except the routes on
 * the explicit public list below. Routes added later are enumerated from the live REST server, so they
 * are covered without anyone remembering to add them here.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

final class RoutePermissionsTest extends TestCase {

	/**
	 * Route pattern => methods that visitors may call. Keep this list short and deliberate: every entry
	 * must validate its input against a schema, be rate-limited and verify the survey token.
	 */
	private const PUBLIC_ROUTES = array(
		'/userfeedback/v1/surveys/(?P<id>[\d]+)/impression' => array( 'POST' ),
		'/userfeedback/v1/surveys/(?P<id>[\d]+)/responses'  => array( 'POST' ),
		// Checks the post's rating token (PostRatings\RatingTokens) instead of a survey's.
		'/userfeedback/v1/post-ratings/(?P<post_id>[\d]+)/votes' => array( 'POST' ),
		// Reads a request header only: no token to check, nothing stored, nothing to rate-limit.
		'/userfeedback/v1/geo'                              => array( 'GET' ),
		// A published survey's body (questions, look, strings), the same for every visitor and meant for
		// page caches and CDNs: no token, nothing stored; rate-limited (rule survey_bodies).
		'/userfeedback/v1/surveys/(?P<id>[\d]+)/widget'     => array( 'GET' ),
	);

	/**
	 * @return array<string,array{string,string,array<string,mixed>}>
	 */
	private function endpoints(): array {
		$endpoints = array();
		foreach ( rest_get_server()->get_routes( 'userfeedback/v1' ) as $route => $handlers ) {
			if ( '/userfeedback/v1' === $route ) {
				continue; // The namespace index lists routes only; core answers it.
			}
			foreach ( $handlers as $handler ) {
				foreach ( array_keys( $handler['methods'] ) as $method ) {
					$endpoints[ "$method $route" ] = array( $method, $route, $handler );
				}
			}
		}
		return $endpoints;
	}

	public function test_the_namespace_has_routes(): void {
		$this->assertArrayHasKey( 'GET /userfeedback/v1/settings', $this->endpoints() );
		$this->assertArrayHasKey( 'POST /userfeedback/v1/settings', $this->endpoints() );
	}

	public function test_every_non_public_route_refuses_anonymous_and_subscriber_requests(): void {
		$checked = 0;
		foreach ( array( 0, $this->make_user( 'subscriber' ) ) as $user_id ) {
			wp_set_current_user( $user_id );
			foreach ( $this->endpoints() as $name => [ $method, $route, $handler ] ) {
				if ( in_array( $method, self::PUBLIC_ROUTES[ $route ] ?? array(), true ) ) {
					continue;
				}
				$this->assertNotEmpty( $handler['permission_callback'], "$name has no permission callback." );
				$this->assertNotSame( '__return_true', $handler['permission_callback'], "$name is open to everyone but is not on the public list." );

				$request = new \WP_REST_Request( $method, self::concrete( $route ) );
				$request->set_url_params( self::url_params( $route ) );
				$allowed = call_user_func( $handler['permission_callback'], $request );
				$this->assertNotTrue( $allowed, "$name lets user #$user_id in." );
				if ( is_wp_error( $allowed ) ) {
					$this->assertContains( $allowed->get_error_data()['status'] ?? 0, array( 401, 403 ), "$name refuses with a wrong status." );
				}

				// And through the real server, with no parameters at all: a refusal, and one that says
				// so (401/403), not a 400 about the missing parameters before anyone asked who is calling.
				if ( 'GET' !== $method ) {
					$request->set_header( 'Content-Type', 'application/json' );
					$request->set_body( '{}' );
				}
				$response = rest_do_request( $request );
				$this->assertContains( $response->get_status(), array( 401, 403 ), "$name answered {$response->get_status()} to user #$user_id." );
				++$checked;
			}
		}
		$this->assertGreaterThanOrEqual( 4, $checked );
	}

	/**
	 * Every non-public route asks for one of our capabilities, not a WordPress one: an administrator
	 * whose user lost ours (manage_options and all) is refused everywhere, and a subscriber given exactly
	 * the capability a route is registered with gets past its permission check.
	 */
	public function test_every_non_public_route_checks_one_of_our_capabilities(): void {
		$admin = $this->as_user( 'administrator' );
		$user  = wp_get_current_user();
		foreach ( \UserFeedback\Access\Capabilities::ALL as $cap ) {
			$user->add_cap( $cap, false );
		}
		$checked = 0;
		foreach ( $this->endpoints() as $name => [ $method, $route, $handler ] ) {
			if ( in_array( $method, self::PUBLIC_ROUTES[ $route ] ?? array(), true ) ) {
				continue;
			}
			$request = new \WP_REST_Request( $method, self::concrete( $route ) );
			$request->set_url_params( self::url_params( $route ) );
			$this->assertNotTrue( call_user_func( $handler['permission_callback'], $request ), "$name lets in an administrator without our capabilities." );
			++$checked;
		}
		$this->assertGreaterThanOrEqual( 10, $checked );
		$this->assertTrue( user_can( $admin, 'manage_options' ) );

		$caps = array();
		foreach ( $this->endpoints() as $name => [ $method, $route, $handler ] ) {
			if ( in_array( $method, self::PUBLIC_ROUTES[ $route ] ?? array(), true ) ) {
				continue;
			}
			$request = new \WP_REST_Request( $method, self::concrete( $route ) );
			$request->set_url_params( self::url_params( $route ) );
			$granted = null;
			foreach ( \UserFeedback\Access\Capabilities::ALL as $cap ) {
				$this->as_user( 'subscriber' );
				wp_get_current_user()->add_cap( $cap );
				if ( true === call_user_func( $handler['permission_callback'], $request ) ) {
					$granted = $cap;
					break;
				}
			}
			$this->assertNotNull( $granted, "$name lets in no holder of a single UserFeedback capability." );
			$caps[ $name ] = $granted;
		}
		$this->assertSame( \UserFeedback\Access\Capabilities::MANAGE_SETTINGS, $caps['GET /userfeedback/v1/roles'] );
		$this->assertSame( \UserFeedback\Access\Capabilities::MANAGE_SETTINGS, $caps['POST /userfeedback/v1/settings'] );
	}

	public function test_the_status_is_401_for_anonymous_and_403_for_subscribers(): void {
		$this->assertSame( 401, $this->rest( 'GET', '/userfeedback/v1/settings' )->get_status() );
		$this->as_user( 'subscriber' );
		$this->assertSame( 403, $this->rest( 'GET', '/userfeedback/v1/settings' )->get_status() );
	}

	public function test_a_request_without_its_required_parameters_is_refused_before_it_is_validated(): void {
		$this->assertSame( 401, $this->rest( 'POST', '/userfeedback/v1/surveys/bulk', array(), array() )->get_status() );
		$this->assertSame( 401, $this->rest( 'GET', '/userfeedback/v1/logic-type' )->get_status() );
		$this->as_user( 'subscriber' );
		$this->assertSame( 403, $this->rest( 'POST', '/userfeedback/v1/surveys/bulk', array(), array() )->get_status() );
		// Whoever may call the route still learns what is wrong with the request.
		$this->as_user( 'administrator' );
		$response = $this->rest( 'POST', '/userfeedback/v1/surveys/bulk', array(), array() );
		$this->assertSame( 400, $response->get_status() );
		$this->assertSame( 'rest_missing_callback_param', $response->get_data()['code'] );
	}

	public function test_public_routes_listed_here_are_the_only_open_ones(): void {
		$open = array();
		foreach ( $this->endpoints() as $name => [ $method, $route, $handler ] ) {
			if ( '__return_true' === $handler['permission_callback'] && ! in_array( $method, self::PUBLIC_ROUTES[ $route ] ?? array(), true ) ) {
				$open[] = $name;
			}
		}
		$this->assertSame( array(), $open, 'Open to everyone but not on the public list.' );
	}

	private static function concrete( string $route ): string {
		return (string) preg_replace( '/\(\?P<[a-z_]+>[^)]*\)/i', '1', $route );
	}

	/**
	 * @return array<string,string>
	 */
	private static function url_params( string $route ): array {
		preg_match_all( '/\(\?P<([a-z_]+)>/i', $route, $matches );
		return array_fill_keys( $matches[1], '1' );
	}
}
