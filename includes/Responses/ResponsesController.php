<?php
/**
 * The admin's responses routes of admin-app/src/shared/types/results.ts: the list of a survey's
 * responses, one response with its place in the list, and trash / restore / delete.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Responses;

use UserFeedback\Access\Capabilities;
use UserFeedback\Rest\Controller;
use WP_REST_Request;
use WP_REST_Response;

defined( 'ABSPATH' ) || exit;

final class ResponsesController extends Controller {

	public function __construct( private readonly AdminResponseService $service ) {}

	public function register_routes(): void {
		$base    = '/surveys/(?P<id>[\d]+)/responses';
		$filter  = array(
			'filter' => array(
				'description' => __( 'filter[status]: all (the default: completed responses), publish (the same), partial (not completed) or trash.', 'userfeedback' ),
				'type'        => 'object',
				'properties'  => array(
					'status' => array(
						'type' => 'string',
						'enum' => AdminResponseService::FILTERS,
					),
				),
				'default'     => array(),
			),
		);
		$ids = ResponseSchema::action_body();

		// The visitors' POST on the same path (VisitorController) is merged with these.
		$this->route(
			$base,
			array(
				array(
					'methods'    => 'GET',
					'callback'   => fn( WP_REST_Request $request ) => $this->list( $request ),
					'permission' => Capabilities::VIEW_RESULTS,
					'args'       => self::list_args() + $filter,
				),
				array(
					'methods'    => 'DELETE',
					// A locked feature refuses first, whatever the body.
					'before'     => fn() => $this->service->require_management(),
					'callback'   => fn( WP_REST_Request $request, array $body ) => $this->service->act( 'delete', self::id( $request ), $body['response_ids'] ),
					'permission' => Capabilities::DELETE_SURVEYS,
					'body'       => $ids,
				),
			),
			array( ResponseSchema::class, 'response' )
		);
		foreach ( array( 'trash', 'restore' ) as $action ) {
			$this->route(
				"$base/$action",
				array(
					array(
						'methods'    => 'POST',
						'before'     => fn() => $this->service->require_management(),
						'callback'   => fn( WP_REST_Request $request, array $body ) => $this->service->act( $action, self::id( $request ), $body['response_ids'] ),
						'permission' => Capabilities::DELETE_SURVEYS,
						'body'       => $ids,
					),
				),
				array( ResponseSchema::class, 'action_result' )
			);
		}
		$this->route(
			"$base/(?P<rid>[\d]+)",
			array(
				array(
					'methods'    => 'GET',
					'callback'   => fn( WP_REST_Request $request ) => $this->service->detail( self::id( $request ), (int) ( $request->get_url_params()['rid'] ?? 0 ), $request->get_params() ),
					'permission' => Capabilities::VIEW_RESULTS,
					'args'       => $filter,
				),
			),
			array( ResponseSchema::class, 'detail' )
		);
	}

	/**
	 * @return array<string,array<string,mixed>>
	 */
	private static function list_args(): array {
		return array(
			'page'     => array(
				'type'    => 'integer',
				'minimum' => 1,
				'default' => 1,
			),
			'per_page' => array(
				'type'    => 'integer',
				'minimum' => 1,
				'maximum' => 100,
				'default' => 10,
			),
			'orderby'  => array(
				'type'    => 'string',
				'enum'    => AdminResponseRepository::ORDERBY,
				'default' => 'submitted_at',
			),
			'order'    => array(
				'type'    => 'string',
				'enum'    => array( 'asc', 'desc' ),
				'default' => 'desc',
			),
		);
	}

	private function list( WP_REST_Request $request ): WP_REST_Response {
		$list     = $this->service->list( self::id( $request ), $request->get_params() );
		$response = $this->paginated( $list['items'], $list['pagination']['total'], $list['pagination']['per_page'] );
		$response->set_data( $list );
		return $response;
	}

	/**
	 * The survey id in the path (a body's id must not win over it).
	 */
	private static function id( WP_REST_Request $request ): int {
		return (int) ( $request->get_url_params()['id'] ?? 0 );
	}
}
