<?php
/**
 * The public routes the visitor widget calls (widget/src/types.ts): POST surveys/{id}/impression,
 * POST surveys/{id}/responses and GET geo.
 *
 * No WordPress nonce anywhere: pages come from full-page caches for days, and a logged-in visitor's
 * cookie without X-WP-Nonce makes WordPress treat the request as anonymous, which these routes serve
 * alike. They are protected by their schema, the survey's long-lived token and rate limits instead.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Responses;

use UserFeedback\Rest\ApiException;
use UserFeedback\Rest\Controller;
use UserFeedback\Rest\RateLimiter;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

final class VisitorController extends Controller {

	public function __construct( private readonly ResponseService $service ) {}

	public function register_routes(): void {
		$id = array(
			'id' => array(
				'description' => 'Survey id.',
				'type'        => 'integer',
				'minimum'     => 1,
				'required'    => true,
			),
		);

		$this->route(
			'/surveys/(?P<id>[\d]+)/impression',
			array(
				array(
					'methods'    => WP_REST_Server::CREATABLE,
					'callback'   => fn( WP_REST_Request $request ) => RateLimiter::respond(
						function () use ( $request ): WP_REST_Response {
							$this->service->impression( (int) $request['id'], $request['nonce'] );
							return self::no_store( new WP_REST_Response( array( 'recorded' => true ), 200 ) );
						}
					),
					'permission' => self::PUBLIC,
					'args'       => $id + array( 'nonce' => ResponseSchema::token( 'The survey\'s impression token (nonces.impression of the widget config), in the query or the body.' ) ),
				),
			)
		);

		$this->route(
			'/surveys/(?P<id>[\d]+)/responses',
			array(
				array(
					'methods'    => WP_REST_Server::CREATABLE,
					'callback'   => fn( WP_REST_Request $request ) => RateLimiter::respond(
						function () use ( $request ): WP_REST_Response {
							self::refuse_unknown_keys( $request );
							$id = $this->service->submit(
								(int) $request['id'],
								array(
									'answers'        => $request['answers'],
									'page_submitted' => $request['page_submitted'],
									'nonce'          => $request['nonce'],
								)
							);
							return self::no_store( new WP_REST_Response( array( 'id' => $id ), 201 ) );
						}
					),
					'permission' => self::PUBLIC,
					'args'       => $id + rest_get_endpoint_args_for_schema( ResponseSchema::submission(), WP_REST_Server::CREATABLE ),
				),
			)
		);

		$this->route(
			'/geo',
			array(
				array(
					'methods'    => WP_REST_Server::READABLE,
					'callback'   => fn() => RateLimiter::respond(
						fn(): WP_REST_Response => self::no_store( new WP_REST_Response( array( 'country' => $this->service->country() ) ) )
					),
					'permission' => self::PUBLIC,
				),
			)
		);
	}

	/**
	 * The body's own keys: route args judge the keys they know, and ignore the others.
	 *
	 * @throws ApiException 400 for a key the body may not have.
	 */
	private static function refuse_unknown_keys( WP_REST_Request $request ): void {
		$sent    = $request->get_json_params() ?? $request->get_body_params();
		$unknown = array_diff( array_keys( is_array( $sent ) ? $sent : array() ), ResponseSchema::keys() );
		if ( $unknown ) {
			/* translators: %s: a key of the request body. */
			$message = sprintf( __( '"%s" is not a field of a response.', 'userfeedback' ), (string) reset( $unknown ) );
			throw ApiException::invalid( $message, array( (string) reset( $unknown ) => $message ) );
		}
	}

	/**
	 * What these routes answer is about one visitor: no cache may keep it.
	 */
	private static function no_store( WP_REST_Response $response ): WP_REST_Response {
		$response->header( 'Cache-Control', 'no-store' );
		return $response;
	}
}
