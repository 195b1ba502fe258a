<?php
/**
 * The public routes the visitor widget calls (widget/src/types.ts): POST surveys/{id}/impression,
 * POST surveys/{id}/responses and GET geo.
 *
 * No WordPress nonce anywhere: pages come from full-page caches for days, and a logged-in visitor's
 * cookie without X-WP-Nonce makes WordPress treat the request as anonymous, which these routes serve
 * alike. They are protected by their schema (bodies judged by Rest\BodyCheck: at most 64 KB, or
 * ResponseSchema::MAX_BYTES for a response), the survey's long-lived token and rate limits instead.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Responses;

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
					'args'       => $id,
					'body'       => ResponseSchema::impression_body(),
				),
			),
			array( ResponseSchema::class, 'impression' )
		);

		$this->route(
			'/surveys/(?P<id>[\d]+)/responses',
			array(
				array(
					'methods'    => WP_REST_Server::CREATABLE,
					'callback'   => fn( WP_REST_Request $request, array $body ) => RateLimiter::respond(
						function () use ( $request, $body ): WP_REST_Response {
							$saved = $this->service->submit(
								(int) $request['id'],
								array(
									'answers'        => $body['answers'] ?? array(),
									'page_submitted' => $body['page_submitted'] ?? array(),
									'nonce'          => $request['nonce'],
									'response_id'    => $body['response_id'] ?? null,
									'reached'        => $body['reached'] ?? null,
									'complete'       => $body['complete'] ?? null,
									'fields'         => $body['fields'] ?? null,
								)
							);
							// 201 for the write that created the response; 200 for later ones and replays.
							return self::no_store(
								new WP_REST_Response(
									array(
										'id'       => $saved['id'],
										'status'   => $saved['status'],
										'complete' => $saved['complete'],
									),
									$saved['created'] ? 201 : 200
								)
							);
						}
					),
					'permission' => self::PUBLIC,
					'args'       => $id,
					'body'       => ResponseSchema::submission(),
					'max_bytes'  => ResponseSchema::MAX_BYTES,
				),
			),
			// The admin's routes on the same path (ResponsesController) publish the same schema.
			array( ResponseSchema::class, 'response' )
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
			),
			array( ResponseSchema::class, 'geo' )
		);
	}

	/**
	 * What these routes answer is about one visitor: no cache may keep it.
	 */
	private static function no_store( WP_REST_Response $response ): WP_REST_Response {
		$response->header( 'Cache-Control', 'no-store' );
		return $response;
	}
}
