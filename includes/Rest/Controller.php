<?php
/**
 * Base of every controller under userfeedback/v1: routes with a capability or an explicit public
 * flag, one error wrapper, pagination headers.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Rest;

use UserFeedback\ExceptionText;
use UserFeedback\Log;
use WP_Error;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

abstract class Controller {

	public const NAMESPACE = 'userfeedback/v1';

	/**
	 * Marks an endpoint that visitors may call; such endpoints validate, rate-limit and verify tokens
	 * themselves, and tests keep a list of them.
	 */
	protected const PUBLIC = 'public';

	/**
	 * The response header of a write's notes (see with_notes()).
	 */
	public const NOTES_HEADER = 'X-UserFeedback-Notes';

	public function register(): void {
		add_action( 'rest_api_init', array( $this, 'register_routes' ) );
		add_filter( 'rest_request_before_callbacks', array( self::class, 'permission_before_validation' ), 10, 3 );
		add_filter( 'rest_request_after_callbacks', array( self::class, 'params_in_words' ), 10, 3 );
		add_filter( 'rest_exposed_cors_headers', array( self::class, 'expose_notes' ) );
	}

	/**
	 * Who is calling is asked before what they sent is judged. WordPress validates the parameters
	 * (required, types, enums) before it runs the permission callback, so a request without them got a
	 * 400 describing the route's parameters instead of the 401/403 it deserves. For our routes, when
	 * validation failed, the permission callback runs first and its refusal wins.
	 *
	 * @param mixed                $response Null, or the validation error WordPress found.
	 * @param array<string,mixed>  $handler  The matched handler.
	 * @param WP_REST_Request      $request  The request.
	 * @return mixed The permission error, or $response unchanged.
	 */
	public static function permission_before_validation( $response, $handler, $request ) {
		if ( ! is_wp_error( $response ) || ! $request instanceof WP_REST_Request
			|| ! str_starts_with( ltrim( $request->get_route(), '/' ), self::NAMESPACE . '/' )
			|| ! is_array( $handler ) || ! isset( $handler['permission_callback'] ) || ! is_callable( $handler['permission_callback'] ) ) {
			return $response;
		}
		$allowed = call_user_func( $handler['permission_callback'], $request );
		if ( is_wp_error( $allowed ) ) {
			return $allowed;
		}
		if ( false === $allowed || null === $allowed ) {
			return new WP_Error( 'rest_forbidden', __( 'Sorry, you are not allowed to do that.', 'userfeedback' ), array( 'status' => rest_authorization_required_code() ) );
		}
		return $response;
	}

	/**
	 * WordPress's own refusal of a route's args (rest_invalid_param, rest_missing_callback_param: a
	 * path or query parameter) says "Invalid parameter(s): x". On our routes it keeps its code and
	 * status and gets what every refusal of ours has: a message naming the field and the rule in
	 * words, and data.fields.
	 *
	 * @param mixed               $response The answer, or the refusal.
	 * @param array<string,mixed> $handler  The matched handler.
	 * @param WP_REST_Request     $request  The request.
	 * @return mixed
	 */
	public static function params_in_words( $response, $handler, $request ) {
		if ( ! $response instanceof WP_Error || ! $request instanceof WP_REST_Request
			|| ! in_array( $response->get_error_code(), array( 'rest_invalid_param', 'rest_missing_callback_param' ), true )
			|| ! str_starts_with( ltrim( $request->get_route(), '/' ), self::NAMESPACE . '/' ) ) {
			return $response;
		}
		$data   = (array) $response->get_error_data();
		$args   = is_array( $handler ) ? (array) ( $handler['args'] ?? array() ) : array();
		$words  = new FieldErrors();
		$fields = array();
		foreach ( (array) ( $data['params'] ?? array() ) as $key => $param ) {
			$name = is_string( $key ) ? $key : (string) $param;
			if ( 'rest_missing_callback_param' === $response->get_error_code() ) {
				$fields[ $name ] = $words->required( $name );
				continue;
			}
			$schema  = (array) ( $args[ $name ] ?? array() );
			$found   = isset( $schema['type'] ) ? $words->of( $request->get_param( $name ), $schema, $name ) : array();
			$fields += $found ? $found : array( $name => (string) $param );
		}
		if ( ! $fields ) {
			return $response;
		}
		$data['fields'] = $fields;
		return new WP_Error( $response->get_error_code(), implode( ' ', array_unique( array_values( $fields ) ) ), $data );
	}

	abstract public function register_routes(): void;

	/**
	 * Registers one route, with the schema of its resource (OPTIONS and ?context=help publish it).
	 *
	 * Each endpoint is array( 'methods', 'callback', 'permission', 'args'?, 'body'?, 'max_bytes'?,
	 * 'partial'?, 'before'?, 'labels'? ):
	 * - permission: one of our capabilities (Access\Capabilities), a list of them (any one is
	 *   enough) or self::PUBLIC;
	 * - body: the object schema of what a write may send; required on every endpoint that is not a
	 *   plain read. BodyCheck judges the body against it (size cap max_bytes, BodyCheck::MAX_BYTES
	 *   by default; unknown keys refused; readonly keys dropped) and the route's args are made from
	 *   it, after the endpoint's own args (path and query parameters), as for a creation (required
	 *   and defaults kept) when the only method is POST, unless partial (an update of some keys);
	 *   WordPress checks only that required keys are there; BodyCheck judges the rest;
	 * - labels: the body's field labels (path => label, FieldErrors), or a callable that answers them,
	 *   for the sentences of a refused body;
	 * - before( WP_REST_Request $request ): refusals that do not depend on the body (a feature
	 *   gate), thrown as ApiException before the body is judged;
	 * - callback( WP_REST_Request $request, array $body ): $body is the judged body (array() for a
	 *   read). It may return data, a WP_REST_Response or throw ApiException.
	 *
	 * @param string                         $path      Route below the namespace, e.g. '/settings'.
	 * @param array<int,array<string,mixed>> $endpoints Endpoints of the route.
	 * @param callable():array<string,mixed> $schema    The JSON schema of the route's resource.
	 * @throws \LogicException For an endpoint that breaks these rules (a programming error).
	 */
	protected function route( string $path, array $endpoints, callable $schema ): void {
		$args = array();
		foreach ( $endpoints as $endpoint ) {
			$permission = $endpoint['permission'] ?? '';
			$methods    = $endpoint['methods'];
			$body       = $endpoint['body'] ?? null;
			if ( null === $body && self::writes( $methods ) ) {
				throw new \LogicException( esc_html( sprintf( 'The %s endpoint of %s has no body schema.', is_array( $methods ) ? implode( ', ', $methods ) : $methods, $path ) ) );
			}
			$endpoint_args = $endpoint['args'] ?? array();
			if ( null !== $body ) {
				$creates = self::creates( $methods ) && empty( $endpoint['partial'] );
				foreach ( rest_get_endpoint_args_for_schema( $body, $creates ? WP_REST_Server::CREATABLE : WP_REST_Server::EDITABLE ) as $key => $arg ) {
					// Published, and a required key must be there, but judged by BodyCheck alone:
					// one error shape for every body, after the refusals that come first.
					$endpoint_args[ $key ] ??= array_merge(
						$arg,
						array(
							'validate_callback' => null,
							'sanitize_callback' => null,
						)
					);
				}
			}
			$args[] = array(
				'methods'             => $methods,
				'callback'            => $this->wrap( $endpoint['callback'], $body, (int) ( $endpoint['max_bytes'] ?? BodyCheck::MAX_BYTES ), $endpoint['before'] ?? null, $endpoint['labels'] ?? array() ),
				'permission_callback' => self::PUBLIC === $permission ? '__return_true' : $this->require_capability( (array) $permission ),
				'args'                => $endpoint_args,
			);
		}
		$args['schema'] = $schema;
		register_rest_route( self::NAMESPACE, $path, $args );
	}

	/**
	 * Whether methods (a string such as 'POST, PUT, PATCH' or a list) include one that writes.
	 *
	 * @param string|string[] $methods Methods.
	 */
	private static function writes( $methods ): bool {
		return (bool) array_diff( self::methods( $methods ), array( 'GET', 'HEAD', 'OPTIONS' ) );
	}

	/**
	 * @param string|string[] $methods Methods.
	 */
	private static function creates( $methods ): bool {
		return array( 'POST' ) === self::methods( $methods );
	}

	/**
	 * @param string|string[] $methods Methods.
	 * @return string[]
	 */
	private static function methods( $methods ): array {
		return array_values( array_filter( array_map( 'strtoupper', array_map( 'trim', is_array( $methods ) ? $methods : explode( ',', (string) $methods ) ) ) ) );
	}

	/**
	 * The notes of a write (X-UserFeedback-Notes): what a client needs besides the resource, as one
	 * ASCII JSON object.
	 *
	 * @param array<string,mixed> $notes E.g. published, stripped, message for a survey.
	 */
	protected static function with_notes( WP_REST_Response $response, array $notes ): WP_REST_Response {
		$response->header( self::NOTES_HEADER, (string) wp_json_encode( $notes ) );
		return $response;
	}

	/**
	 * 201 with the resource and its Location.
	 *
	 * @param mixed $data The new resource.
	 */
	protected static function created( $data, string $path ): WP_REST_Response {
		$response = new WP_REST_Response( $data, 201 );
		$response->header( 'Location', rest_url( self::NAMESPACE . $path ) );
		return $response;
	}

	/**
	 * Lets browsers' scripts read the notes of a cross-origin answer too.
	 *
	 * @param string[] $headers Exposed headers.
	 * @return string[]
	 */
	public static function expose_notes( $headers ): array {
		$headers   = (array) $headers;
		$headers[] = self::NOTES_HEADER;
		return array_values( array_unique( $headers ) );
	}

	/**
	 * The one error wrapper: a domain exception becomes a WP_Error with its code and status; anything
	 * else unexpected becomes a 500 whose message does not leak internals (it goes to the error log).
	 */
	private function wrap( callable $callback, ?array $body_schema, int $max_bytes, ?callable $before, $labels ): callable {
		return static function ( WP_REST_Request $request ) use ( $callback, $body_schema, $max_bytes, $before, $labels ) {
			try {
				if ( $before ) {
					$before( $request );
				}
				// Labels are read when a request comes, so that they are in the language of its user.
				$body   = null === $body_schema ? array() : BodyCheck::request( $request, $body_schema, $max_bytes, is_callable( $labels ) ? (array) $labels() : (array) $labels );
				$result = $callback( $request, $body );
				return $result instanceof WP_Error ? $result : rest_ensure_response( $result );
			} catch ( ApiException $e ) {
				return $e->to_wp_error();
			} catch ( \Throwable $e ) {
				Log::error( sprintf( 'REST %s %s: %s', $request->get_method(), $request->get_route(), ExceptionText::plain( (string) $e ) ) );
				return new WP_Error( 'userfeedback_internal_error', __( 'Something went wrong on the server. Please try again.', 'userfeedback' ), array( 'status' => 500 ) );
			}
		};
	}

	/**
	 * @param string[] $capabilities Any one of them lets the request through.
	 */
	private function require_capability( array $capabilities ): callable {
		foreach ( $capabilities ? $capabilities : array( '' ) as $capability ) {
			if ( ! in_array( $capability, \UserFeedback\Access\Capabilities::ALL, true ) ) {
				throw new \LogicException( sprintf( 'Route permission "%s" is not a UserFeedback capability.', esc_html( $capability ) ) );
			}
		}
		return static function () use ( $capabilities ) {
			foreach ( $capabilities as $capability ) {
				if ( current_user_can( $capability ) ) {
					return true;
				}
			}
			return new WP_Error(
				'rest_forbidden',
				is_user_logged_in()
					? __( 'Sorry, you are not allowed to do that.', 'userfeedback' )
					: __( 'You must be logged in to do that.', 'userfeedback' ),
				array( 'status' => rest_authorization_required_code() )
			);
		};
	}

	/**
	 * A page of a list with X-WP-Total and X-WP-TotalPages.
	 *
	 * @param array<int,mixed> $items Items of the page.
	 */
	protected function paginated( array $items, int $total, int $per_page ): WP_REST_Response {
		$response = new WP_REST_Response( $items );
		$response->header( 'X-WP-Total', (string) $total );
		$response->header( 'X-WP-TotalPages', (string) ( $per_page > 0 ? (int) ceil( $total / $per_page ) : 1 ) );
		return $response;
	}

	/**
	 * Validates and sanitises a value against a schema, with the schema's own messages.
	 *
	 * @param mixed               $value  Input.
	 * @param array<string,mixed> $schema JSON schema.
	 * @return mixed The sanitised value.
	 * @throws ApiException When the value does not match.
	 */
	protected static function check( $value, array $schema, string $name ) {
		$wrong = ( new FieldErrors() )->of( $value, $schema, $name );
		if ( $wrong ) {
			throw ApiException::fields( array_map( 'esc_html', $wrong ) );
		}
		return rest_sanitize_value_from_schema( $value, $schema, $name );
	}
}
