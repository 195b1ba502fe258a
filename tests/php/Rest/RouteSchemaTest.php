<?php
/**
 * Every route under userfeedback/v1 publishes its schema, has a permission callback on every endpoint,
 * and every write endpoint judges its body the one way (Rest\BodyCheck): unknown keys refused with the
 * same message, a size cap. Routes are enumerated from the live REST server, so a route added later is
 * covered without anyone remembering to add it here.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Rest;

use UserFeedback\Rest\BodyCheck;
use UserFeedback\Rest\Controller;
use UserFeedback\Tests\SurveyTestCase;

final class RouteSchemaTest extends SurveyTestCase {

	use \UserFeedback\Tests\VisitorRequests;

	/**
	 * Route => its handlers, the namespace index left out.
	 *
	 * @return array<string,array<int,array<string,mixed>>>
	 */
	private static function routes(): array {
		$routes = rest_get_server()->get_routes( 'userfeedback/v1' );
		unset( $routes['/userfeedback/v1'] );
		return $routes;
	}

	/**
	 * Write endpoints: "METHOD route" => array( method, route, handler ).
	 *
	 * @return array<string,array{string,string,array<string,mixed>}>
	 */
	private static function writes(): array {
		$writes = array();
		foreach ( self::routes() as $route => $handlers ) {
			foreach ( $handlers as $handler ) {
				foreach ( array_keys( $handler['methods'] ) as $method ) {
					if ( ! in_array( $method, array( 'GET', 'HEAD' ), true ) ) {
						$writes[ "$method $route" ] = array( $method, $route, $handler );
					}
				}
			}
		}
		return $writes;
	}

	/**
	 * A route's pattern with 1 for each path parameter.
	 */
	private static function concrete( string $route, int $id = 1 ): string {
		return (string) preg_replace( '/\(\?P<[a-z_]+>[^)]+\)/', (string) $id, $route );
	}

	public function test_every_route_has_a_schema_and_every_endpoint_a_permission_callback(): void {
		$server = rest_get_server();
		$this->assertGreaterThanOrEqual( 28, count( self::routes() ) );
		foreach ( self::routes() as $route => $handlers ) {
			$options = $server->get_route_options( $route );
			$this->assertIsCallable( $options['schema'] ?? null, "$route has no schema." );
			$schema = call_user_func( $options['schema'] );
			$this->assertIsArray( $schema, $route );
			$this->assertMatchesRegularExpression( '/^userfeedback-[a-z-]+$/', (string) ( $schema['title'] ?? '' ), "$route: the schema has a title." );
			$this->assertSame( 'object', $schema['type'] ?? null, $route );
			$this->assertNotEmpty( $schema['properties'] ?? array(), "$route: the schema says what the route answers." );
			foreach ( $handlers as $handler ) {
				$name = implode( ',', array_keys( $handler['methods'] ) ) . " $route";
				$this->assertArrayHasKey( 'permission_callback', $handler, "$name has no permission callback." );
				$this->assertIsCallable( $handler['permission_callback'], "$name has no permission callback." );
			}
		}
	}

	public function test_options_on_every_route_answers_its_schema(): void {
		foreach ( self::routes() as $route => $handlers ) {
			$response = rest_do_request( new \WP_REST_Request( 'OPTIONS', self::concrete( $route ) ) );
			$this->assertSame( 200, $response->get_status(), $route );
			$data = self::data( $response );
			$this->assertSame( call_user_func( rest_get_server()->get_route_options( $route )['schema'] ), $data['schema'] ?? null, "OPTIONS $route" );
			$this->assertNotEmpty( $data['endpoints'] ?? array(), "OPTIONS $route" );
		}
	}

	public function test_the_index_in_the_help_context_has_every_routes_schema(): void {
		$this->as_user( 'administrator' );
		$index = self::data( $this->rest( 'GET', '/userfeedback/v1', array( 'context' => 'help' ) ) );
		foreach ( array_keys( self::routes() ) as $route ) {
			$this->assertArrayHasKey( 'schema', $index['routes'][ $route ] ?? array(), $route );
		}
	}

	public function test_a_write_body_is_published_as_args(): void {
		$this->as_user( 'administrator' );
		$options = self::data( rest_do_request( new \WP_REST_Request( 'OPTIONS', '/userfeedback/v1/surveys' ) ) );
		$post    = array_values( array_filter( $options['endpoints'], static fn( array $e ): bool => in_array( 'POST', $e['methods'], true ) ) )[0];
		foreach ( array( 'title', 'status', 'questions', 'settings', 'notifications' ) as $key ) {
			$this->assertArrayHasKey( $key, $post['args'] );
		}
		$this->assertArrayNotHasKey( 'shortcode', $post['args'], 'Readonly keys are not args.' );
		$vote = self::data( rest_do_request( new \WP_REST_Request( 'OPTIONS', '/userfeedback/v1/post-ratings/1/votes' ) ) );
		$this->assertTrue( $vote['endpoints'][0]['args']['rating']['required'] );
	}

	/**
	 * A value a required arg accepts (or a plausible one): the refusal under test must be the body's.
	 *
	 * @param array<string,mixed> $arg Arg schema.
	 * @return mixed
	 */
	private static function dummy( array $arg ) {
		if ( isset( $arg['enum'] ) ) {
			return $arg['enum'][0];
		}
		$type = (array) ( $arg['type'] ?? 'string' );
		return match ( $type[0] ) {
			'integer', 'number' => max( 1, (int) ( $arg['minimum'] ?? 1 ) ),
			'boolean'           => true,
			'array'             => array( self::dummy( (array) ( $arg['items'] ?? array() ) ) ),
			'object'            => array(),
			default             => 'x',
		};
	}

	/**
	 * The required keys of an endpoint with a value each.
	 *
	 * @param array<string,mixed> $handler Handler.
	 * @return array<string,mixed>
	 */
	private static function required( array $handler, string $route ): array {
		preg_match_all( '/\(\?P<([a-z_]+)>/', $route, $path );
		$body = array();
		foreach ( (array) $handler['args'] as $key => $arg ) {
			if ( true === ( $arg['required'] ?? false ) && ! in_array( $key, $path[1], true ) ) {
				$body[ $key ] = self::dummy( $arg );
			}
		}
		return $body;
	}

	private function send( string $method, string $route, array $body ): \WP_REST_Response {
		$request = new \WP_REST_Request( $method, $route );
		$request->set_header( 'Content-Type', 'application/json' );
		// As a browser's JSON.stringify() sends it: UTF-8 as is.
		$request->set_body( (string) wp_json_encode( $body, JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES ) );
		return rest_do_request( $request );
	}

	public function test_every_write_refuses_an_unknown_key_with_the_same_message(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$id     = $this->create_id();
		$writes = self::writes();
		$this->assertGreaterThanOrEqual( 15, count( $writes ) );
		foreach ( $writes as $name => [ $method, $route, $handler ] ) {
			$body     = self::required( $handler, $route ) + array( 'not_a_field' => 1 );
			$response = $this->send( $method, self::concrete( $route, $id ), $body );
			$data     = self::data( $response );
			$this->assertSame( 400, $response->get_status(), "$name " . wp_json_encode( $data ) );
			$this->assertSame( 'userfeedback_invalid_params', $data['code'], $name );
			$this->assertSame( '"not_a_field" is not a field of this request.', $data['data']['params']['not_a_field'] ?? null, "$name " . wp_json_encode( $data ) );
		}
	}

	public function test_every_write_refuses_a_body_over_its_cap_with_413(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$id = $this->create_id();
		foreach ( self::writes() as $name => [ $method, $route, $handler ] ) {
			// Over the largest cap (a survey file's, 1 MB): every route refuses it before reading a key.
			$body     = self::required( $handler, $route ) + array( 'padding' => str_repeat( 'x', \UserFeedback\Surveys\SurveyFiles::MAX_BYTES ) );
			$response = $this->send( $method, self::concrete( $route, $id ), $body );
			$this->assertSame( 413, $response->get_status(), $name );
			$this->assertSame( BodyCheck::TOO_LARGE, self::data( $response )['code'], $name );
		}
	}

	public function test_visitor_routes_take_at_most_64_kb_and_a_response_what_a_survey_allows(): void {
		$survey  = \UserFeedback\Plugin::instance()->surveys->insert( self::survey( array( 'status' => 'publish' ) ) );
		$post    = self::factory_post();
		$caps    = array(
			"/surveys/$survey/impression" => BodyCheck::MAX_BYTES,
			"/post-ratings/$post/votes"   => BodyCheck::MAX_BYTES,
			"/surveys/$survey/responses"  => \UserFeedback\Responses\ResponseSchema::MAX_BYTES,
		);
		$this->assertSame( 64 * 1024, BodyCheck::MAX_BYTES );
		foreach ( $caps as $path => $cap ) {
			$body     = array( 'answers' => array(), 'rating' => 5, 'token' => 'x' );
			$response = $this->send( 'POST', self::NS . $path, $body + array( 'padding' => str_repeat( 'x', $cap ) ) );
			$this->assertSame( 413, $response->get_status(), $path );
			$this->assertSame( sprintf( 'The request is too large: at most %s may be sent.', size_format( $cap ) ), self::data( $response )['message'], $path );
			// Just under the cap, the body is judged: the padding is an unknown key.
			$response = $this->send( 'POST', self::NS . $path, $body + array( 'padding' => str_repeat( 'x', $cap - 200 ) ) );
			$this->assertSame( 400, $response->get_status(), $path );
		}

		// The largest response a survey allows is under the cap: 50 answers of 1,000 three-byte
		// characters, each with a comment of 1,000 and a name of 100.
		$answers = array_map(
			static fn( int $q ): array => array(
				'question_id' => $q,
				'value'       => str_repeat( 'ä', 1000 ),
				'extra'       => array(
					'comments' => str_repeat( '€', 1000 ),
					'name'     => str_repeat( 'ö', 100 ),
				),
			),
			range( 1, 50 )
		);
		$largest = array(
			'answers'        => $answers,
			'page_submitted' => array(
				'link'  => 'https://example.com/' . str_repeat( 'p', 8000 ),
				'title' => str_repeat( 'ü', 1000 ),
			),
			'nonce'          => 'x',
		);
		$this->assertLessThan( \UserFeedback\Responses\ResponseSchema::MAX_BYTES, strlen( (string) wp_json_encode( $largest, JSON_UNESCAPED_UNICODE ) ) );
		$this->assertSame( 403, $this->send( 'POST', self::NS . "/surveys/$survey/responses", $largest )->get_status(), 'Judged, then refused for its token only.' );
	}

	public function test_the_impression_takes_its_token_and_nothing_else(): void {
		// The impression is counted in a transaction of its own: kept inside the test's (on MariaDB a
		// second START TRANSACTION would commit the survey below for every later test).
		$this->start_visitor_request( array( 'REMOTE_ADDR', 'HTTP_USER_AGENT' ), 'userfeedback-phpunit' );
		try {
			$survey = \UserFeedback\Plugin::instance()->surveys->insert( self::survey( array( 'status' => 'publish' ) ) );
			$token  = \UserFeedback\Frontend\SurveyTokens::issue( $survey, 'impression' );

			$refused = $this->send( 'POST', self::NS . "/surveys/$survey/impression", array( 'nonce' => $token, 'views' => 1000 ) );
			$this->assertSame( 400, $refused->get_status() );
			$this->assertSame( array( 'views' => '"views" is not a field of this request.' ), self::data( $refused )['data']['params'] );

			$this->assertSame( 200, $this->send( 'POST', self::NS . "/surveys/$survey/impression", array( 'nonce' => $token ) )->get_status() );
			// The widget sends the token in the query and no body.
			$request = new \WP_REST_Request( 'POST', self::NS . "/surveys/$survey/impression" );
			$request->set_query_params( array( 'nonce' => $token ) );
			$this->assertSame( 200, rest_do_request( $request )->get_status() );
		} finally {
			$this->end_visitor_request();
		}
	}

	public function test_a_locked_feature_refuses_before_the_body_is_judged(): void {
		$this->set_entitlements( 'lite', null );
		$this->as_user( 'administrator' );
		$survey = \UserFeedback\Plugin::instance()->surveys->insert( self::survey( array( 'status' => 'publish' ) ) );
		$bad    = array(
			'response_ids' => 'none',
			'not_a_field'  => 1,
		);
		foreach ( array( array( 'POST', "/surveys/$survey/responses/trash" ), array( 'POST', "/surveys/$survey/responses/restore" ), array( 'DELETE', "/surveys/$survey/responses" ), array( 'POST', '/post-ratings/settings' ) ) as [ $method, $path ] ) {
			$response = $this->send( $method, self::NS . $path, $bad );
			$this->assertSame( 403, $response->get_status(), "$method $path" );
			$this->assertSame( 'userfeedback_feature_locked', self::data( $response )['code'], "$method $path" );
		}
	}

	public function test_a_body_that_is_not_an_object_is_refused_the_same_way_everywhere(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		foreach ( array( '/settings', '/surveys', '/notifications/dismiss-all', '/post-ratings/settings' ) as $path ) {
			$response = $this->send( 'POST', self::NS . $path, array( 'a', 'b' ) );
			$this->assertSame( 400, $response->get_status(), $path );
			$this->assertSame( 'The request body must be a JSON object.', self::data( $response )['message'], $path );
		}
	}

	public function test_a_write_without_a_body_schema_or_a_route_without_a_schema_cannot_be_registered(): void {
		$controller = new class() extends Controller {
			/** @var array<int,array<string,mixed>> */
			public array $endpoints = array();
			public function register_routes(): void {
				$this->route( '/test-only', $this->endpoints, static fn(): array => array() );
			}
		};
		$controller->endpoints = array(
			array(
				'methods'    => 'POST',
				'callback'   => '__return_null',
				'permission' => \UserFeedback\Access\Capabilities::MANAGE_SETTINGS,
			),
		);
		try {
			$controller->register_routes();
			$this->fail( 'A write without a body schema was registered.' );
		} catch ( \LogicException $e ) {
			$this->assertSame( 'The POST endpoint of /test-only has no body schema.', $e->getMessage() );
		}
		$this->assertArrayNotHasKey( '/userfeedback/v1/test-only', rest_get_server()->get_routes( 'userfeedback/v1' ) );

		$method = new \ReflectionMethod( Controller::class, 'route' );
		$this->assertFalse( $method->getParameters()[2]->allowsNull(), 'The schema is not optional.' );
	}

	public function test_readonly_keys_are_ignored_and_create_answers_201_with_the_resource_and_its_location(): void {
		$this->as_user( 'administrator' );
		$other    = $this->create_id( array( 'title' => 'Other' ) );
		$response = $this->create(
			self::survey(
				array(
					'id'              => $other,
					'created_at'      => '2001-01-01T00:00:00Z',
					'responses_count' => 99,
					'shortcode'       => '[evil]',
					'cookie_name'     => 'x',
					'display_status'  => 'publish',
				)
			)
		);
		$this->assertSame( 201, $response->get_status(), wp_json_encode( $response->get_data() ) );
		$survey = self::data( $response );
		$this->assertNotSame( $other, $survey['id'] );
		$this->assertSame( 0, $survey['responses_count'] );
		$this->assertSame( '[userfeedback id="' . $survey['id'] . '"]', $survey['shortcode'] );
		$this->assertNotSame( '2001-01-01T00:00:00Z', $survey['created_at'] );
		$this->assertSame( 'draft', $survey['display_status'] );
		$this->assertSame( rest_url( 'userfeedback/v1/surveys/' . $survey['id'] ), $response->get_headers()['Location'] );
		$this->assertSame( $this->fetch( $survey['id'] ), $survey );
		$this->assertSame( 'Other', $this->fetch( $other )['title'], 'The survey named by the readonly id is untouched.' );
	}

	public function test_update_answers_the_resource_and_the_notes_say_why_a_publish_was_refused(): void {
		$this->as_user( 'administrator' );
		$id = $this->create_id();
		foreach ( array( 'POST', 'PUT', 'PATCH' ) as $method ) {
			$response = $this->rest( $method, self::NS . "/surveys/$id", array(), array( 'title' => "By $method" ) );
			$this->assertSame( 200, $response->get_status(), $method );
			$this->assertSame( $this->fetch( $id ), self::data( $response ), $method );
			$this->assertSame( array( 'published' => false, 'stripped' => array(), 'message' => '' ), self::notes( $response ), $method );
		}

		// A publish that fails validation: saved as a draft, and the notes say so.
		$response = $this->update( $id, array( 'status' => 'publish', 'questions' => array( self::question( 1, 'radio-button', array( 'title' => '' ) ) ) ) );
		$this->assertSame( 200, $response->get_status() );
		$this->assertSame( 'draft', self::data( $response )['status'] );
		$header = $response->get_headers()[ Controller::NOTES_HEADER ];
		$this->assertMatchesRegularExpression( '/^[\x20-\x7e]+$/', $header, 'The header is ASCII.' );
		$notes = self::notes( $response );
		$this->assertFalse( $notes['published'] );
		$this->assertSame( \UserFeedback\Surveys\SurveyRules::publish_blocked_message(), $notes['message'] );

		// Stripped features are named in the notes too.
		$this->set_entitlements( 'lite', null );
		$response = $this->update( $id, array( 'questions' => array( self::question( 1, 'nps' ) ) ) );
		$this->assertSame( array( 'advanced_question_types' ), self::notes( $response )['stripped'] );
	}

	public function test_duplicate_answers_201_with_the_copy_and_its_location(): void {
		$this->as_user( 'administrator' );
		$id       = $this->create_id( array( 'title' => 'Source' ) );
		$response = $this->rest( 'POST', self::NS . "/surveys/$id/duplicate" );
		$this->assertSame( 201, $response->get_status() );
		$copy = self::data( $response );
		$this->assertSame( 'Source (Copy)', $copy['title'] );
		$this->assertSame( rest_url( 'userfeedback/v1/surveys/' . $copy['id'] ), $response->get_headers()['Location'] );
		$this->assertSame( $this->fetch( $copy['id'] ), $copy );
	}

	/**
	 * A published post that takes ratings.
	 */
	private static function factory_post(): int {
		return (int) wp_insert_post(
			array(
				'post_title'  => 'Rated',
				'post_status' => 'publish',
				'post_type'   => 'post',
			)
		);
	}
}
