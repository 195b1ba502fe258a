<?php
/**
 * Base of every controller under userfeedback/v1: routes with a capability or an explicit public
 * flag, one error wrapper, pagination headers.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Rest;

use WP_Error;
use WP_REST_Request;
use WP_REST_Response;

defined( 'ABSPATH' ) || exit;

abstract class Controller {

	public const NAMESPACE = 'userfeedback/v1';

	/**
	 * Marks an endpoint that visitors may call; such endpoints validate, rate-limit and verify tokens
	 * themselves, and tests keep a list of them.
	 */
	protected const PUBLIC = 'public';

	public function register(): void {
		add_action( 'rest_api_init', array( $this, 'register_routes' ) );
		add_filter( 'rest_request_before_callbacks', array( self::class, 'permission_before_validation' ), 10, 3 );
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

	abstract public function register_routes(): void;

	/**
	 * Registers one route. Each endpoint is array( 'methods', 'callback', 'permission', 'args'? ), where
	 * permission is one of our capabilities (Access\Capabilities), a list of them (any one is enough) or
	 * self::PUBLIC. The callback may return
	 * data, a WP_REST_Response or throw ApiException.
	 *
	 * @param string                           $path      Route below the namespace, e.g. '/settings'.
	 * @param array<int,array<string,mixed>>   $endpoints Endpoints of the route.
	 * @param callable|null                    $schema    Returns the route's resource schema.
	 */
	protected function route( string $path, array $endpoints, ?callable $schema = null ): void {
		$args = array();
		foreach ( $endpoints as $endpoint ) {
			$permission = $endpoint['permission'] ?? '';
			$args[]     = array(
				'methods'             => $endpoint['methods'],
				'callback'            => $this->wrap( $endpoint['callback'] ),
				'permission_callback' => self::PUBLIC === $permission ? '__return_true' : $this->require_capability( (array) $permission ),
				'args'                => $endpoint['args'] ?? array(),
			);
		}
		if ( $schema ) {
			$args['schema'] = $schema;
		}
		register_rest_route( self::NAMESPACE, $path, $args );
	}

	/**
	 * The one error wrapper: a domain exception becomes a WP_Error with its code and status; anything
	 * else unexpected becomes a 500 whose message does not leak internals (it goes to the error log).
	 */
	private function wrap( callable $callback ): callable {
		return static function ( WP_REST_Request $request ) use ( $callback ) {
			try {
				$result = $callback( $request );
				return $result instanceof WP_Error ? $result : rest_ensure_response( $result );
			} catch ( ApiException $e ) {
				return $e->to_wp_error();
			} catch ( \Throwable $e ) {
				error_log( sprintf( 'UserFeedback REST %s %s: %s', $request->get_method(), $request->get_route(), $e ) ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log
				return new WP_Error( 'userfeedback_internal_error', __( 'Something went wrong on the server. Please try again.', 'userfeedback' ), array( 'status' => 500 ) );
			}
		};
	}

	/**
	 * @param string[] $capabilities Any one of them lets the request through.
	 */
	private function require_capability( array $capabilities ): callable {
		foreach ( $capabilities ?: array( '' ) as $capability ) {
			if ( ! in_array( $capability, \UserFeedback\Access\Capabilities::ALL, true ) ) {
				throw new \LogicException( sprintf( 'Route permission "%s" is not a UserFeedback capability.', $capability ) );
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
		$valid = rest_validate_value_from_schema( $value, $schema, $name );
		if ( is_wp_error( $valid ) ) {
			throw ApiException::invalid( $valid->get_error_message(), array( $name => $valid->get_error_message() ) );
		}
		return rest_sanitize_value_from_schema( $value, $schema, $name );
	}
}
