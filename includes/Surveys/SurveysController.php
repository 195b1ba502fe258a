<?php
/**
 * The surveys routes of admin-app/src/shared/types/survey.ts: list, read, create, update, duplicate,
 * bulk actions, templates, and the builder's look-ups (search, logic-type).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

use UserFeedback\Access\Capabilities;
use UserFeedback\Rest\ApiException;
use UserFeedback\Rest\Controller;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

final class SurveysController extends Controller {

	private const EDIT = Capabilities::CREATE_EDIT_SURVEYS;

	public function __construct(
		private readonly SurveyService $service,
		private readonly TargetingLookup $lookup,
		private readonly \Closure $entitlements,
	) {}

	public function register_routes(): void {
		$schema = array( SurveySchema::class, 'schema' );
		$body   = rest_get_endpoint_args_for_schema( SurveySchema::schema(), WP_REST_Server::EDITABLE );
		$id     = array(
			'id' => array(
				'type'     => 'integer',
				'minimum'  => 1,
				'required' => true,
			),
		);

		$this->route(
			'/surveys',
			array(
				array(
					'methods'    => 'GET',
					'callback'   => fn( WP_REST_Request $request ) => $this->list( $request ),
					'permission' => self::EDIT,
					'args'       => self::list_args(),
				),
				array(
					'methods'    => 'POST',
					'callback'   => fn( WP_REST_Request $request ) => new WP_REST_Response( $this->service->create( self::body( $request ) ), 201 ),
					'permission' => self::EDIT,
					'args'       => $body,
				),
			),
			$schema
		);
		$this->route(
			'/surveys/(?P<id>[\d]+)',
			array(
				array(
					'methods'    => 'GET',
					'callback'   => fn( WP_REST_Request $request ) => $this->service->get( self::id( $request ) ),
					'permission' => self::EDIT,
					'args'       => $id,
				),
				array(
					'methods'    => WP_REST_Server::EDITABLE,
					'callback'   => fn( WP_REST_Request $request ) => $this->service->update( self::id( $request ), self::body( $request ) ),
					'permission' => self::EDIT,
					'args'       => $id + $body,
				),
			),
			$schema
		);
		$this->route(
			'/surveys/(?P<id>[\d]+)/duplicate',
			array(
				array(
					'methods'    => 'POST',
					'callback'   => fn( WP_REST_Request $request ) => new WP_REST_Response( array( 'id' => $this->service->duplicate( self::id( $request ) ) ), 201 ),
					'permission' => self::EDIT,
					'args'       => $id,
				),
			)
		);
		$this->route(
			'/surveys/bulk',
			array(
				array(
					'methods'    => 'POST',
					// Trash and delete also need the delete capability, checked per survey in the service.
					'callback'   => fn( WP_REST_Request $request ) => $this->service->bulk( (string) $request['action'], (array) $request['ids'] ),
					'permission' => self::EDIT,
					'args'       => array(
						'action' => array(
							'type'     => 'string',
							'enum'     => SurveyService::BULK_ACTIONS,
							'required' => true,
						),
						'ids'    => array(
							'type'     => 'array',
							'items'    => array(
								'type'    => 'integer',
								'minimum' => 1,
							),
							'minItems' => 1,
							'maxItems' => 500,
							'required' => true,
						),
					),
				),
			)
		);
		$this->route(
			'/surveys/templates',
			array(
				array(
					'methods'    => 'GET',
					'callback'   => fn() => ( new Templates( ( $this->entitlements )() ) )->all(),
					'permission' => self::EDIT,
				),
			)
		);
		$this->route(
			'/search',
			array(
				array(
					'methods'    => 'GET',
					'callback'   => fn( WP_REST_Request $request ) => $this->search( $request ),
					'permission' => self::EDIT,
					'args'       => array(
						'title' => array(
							'type'      => 'string',
							'maxLength' => 200,
							'default'   => '',
						),
						'page'  => array(
							'type'    => 'integer',
							'minimum' => 1,
							'default' => 1,
						),
					),
				),
			)
		);
		$this->route(
			'/logic-type',
			array(
				array(
					'methods'    => 'GET',
					'callback'   => fn( WP_REST_Request $request ) => $this->lookup->options( (string) $request['logic_type'], trim( (string) $request['search'] ) ),
					'permission' => self::EDIT,
					'args'       => array(
						'logic_type' => array(
							'type'     => 'string',
							'enum'     => TargetingLookup::LOGIC_TYPES,
							'required' => true,
						),
						'search'     => array(
							'type'      => 'string',
							'maxLength' => 200,
							'default'   => '',
						),
					),
				),
			)
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
				'enum'    => SurveyRepository::ORDERBY,
				'default' => 'id',
			),
			'order'    => array(
				'type'    => 'string',
				'enum'    => array( 'asc', 'desc' ),
				'default' => 'desc',
			),
			'search'   => array(
				'type'      => 'string',
				'maxLength' => 200,
				'default'   => '',
			),
			'filter'   => array(
				'type'       => 'object',
				'properties' => array(
					'status' => array(
						'type' => 'string',
						'enum' => SurveyService::LIST_FILTERS,
					),
				),
				'default'    => array(),
			),
		);
	}

	private function list( WP_REST_Request $request ): WP_REST_Response {
		$list     = $this->service->list( $request->get_params() );
		$response = $this->paginated( $list['items'], $list['pagination']['total'], $list['pagination']['per_page'] );
		$response->set_data( $list );
		return $response;
	}

	private function search( WP_REST_Request $request ): WP_REST_Response {
		$found = $this->lookup->search_posts( trim( (string) $request['title'] ), (int) $request['page'] );
		return $this->paginated( $found['items'], $found['total'], TargetingLookup::PER_PAGE );
	}

	/**
	 * The id in the path. Not $request['id']: a JSON body's id (the builder sends back the survey it
	 * loaded) would win over the path's.
	 */
	private static function id( WP_REST_Request $request ): int {
		return (int) ( $request->get_url_params()['id'] ?? 0 );
	}

	/**
	 * The survey sent: a JSON body, or form fields.
	 *
	 * @return mixed
	 * @throws ApiException When the body is not a JSON object.
	 */
	private static function body( WP_REST_Request $request ) {
		$json = $request->get_json_params();
		if ( null !== $json ) {
			return $json;
		}
		$body = $request->get_body_params();
		if ( ! $body && '' !== trim( (string) $request->get_body() ) ) {
			throw ApiException::invalid( __( 'A survey must be sent as a JSON object.', 'userfeedback' ) );
		}
		return $body;
	}
}
