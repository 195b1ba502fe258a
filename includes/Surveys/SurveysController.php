<?php
/**
 * The surveys routes of admin-app/src/shared/types/survey.ts: list, read, create, update, duplicate,
 * bulk actions, templates, and the builder's look-ups (search, logic-type).
 *
 * Create answers 201 with the survey (as GET surveys/{id} answers it) and its Location, update 200 with
 * the survey; both send X-UserFeedback-Notes {published, stripped, message} (Controller::with_notes()).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

use UserFeedback\Access\Capabilities;
use UserFeedback\Rest\Controller;
use UserFeedback\Rest\Shape;
use UserFeedback\Settings\SettingsRepository;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

final class SurveysController extends Controller {

	private const EDIT = Capabilities::CREATE_EDIT_SURVEYS;

	public function __construct(
		private readonly SurveyReader $reader,
		private readonly SurveyService $service,
		private readonly SurveyBulk $bulk,
		private readonly TargetingLookup $lookup,
		private readonly \Closure $entitlements,
	) {}

	/**
	 * The controller with its services, as the plugin composes it.
	 *
	 * @param \Closure():\UserFeedback\Licensing\Entitlements $entitlements The site's entitlements.
	 */
	public static function compose( SurveyRepository $surveys, SettingsRepository $settings, \Closure $entitlements ): self {
		$reader = new SurveyReader( $surveys, $settings, $entitlements );
		return new self(
			$reader,
			new SurveyService( $surveys, $settings, $entitlements, $reader ),
			new SurveyBulk( $surveys, $reader ),
			new TargetingLookup(),
			$entitlements
		);
	}

	public function register_routes(): void {
		$schema = array( SurveySchema::class, 'schema' );
		$survey = SurveySchema::schema();
		$id     = array(
			'id' => array(
				'description' => 'Survey id.',
				'type'        => 'integer',
				'minimum'     => 1,
				'required'    => true,
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
					'callback'   => fn( WP_REST_Request $request, array $body ) => self::saved( $this->service->create( $body ), true ),
					'permission' => self::EDIT,
					'body'       => $survey,
					'labels'     => array( SurveyFieldLabels::class, 'labels' ),
					'max_bytes'  => SurveyService::MAX_BYTES,
				),
			),
			$schema
		);
		$this->route(
			'/surveys/(?P<id>[\d]+)',
			array(
				array(
					'methods'    => 'GET',
					'callback'   => fn( WP_REST_Request $request ) => $this->reader->get( self::id( $request ) ),
					'permission' => self::EDIT,
					'args'       => $id,
				),
				array(
					'methods'    => WP_REST_Server::EDITABLE,
					'callback'   => fn( WP_REST_Request $request, array $body ) => self::saved( $this->service->update( self::id( $request ), $body ), false ),
					'permission' => self::EDIT,
					'args'       => $id,
					'body'       => $survey,
					'labels'     => array( SurveyFieldLabels::class, 'labels' ),
					'max_bytes'  => SurveyService::MAX_BYTES,
				),
			),
			$schema
		);
		$this->route(
			'/surveys/(?P<id>[\d]+)/duplicate',
			array(
				array(
					'methods'    => 'POST',
					'callback'   => function ( WP_REST_Request $request ): WP_REST_Response {
						$copy = $this->service->duplicate( self::id( $request ) );
						return self::created( $copy, '/surveys/' . $copy['id'] );
					},
					'permission' => self::EDIT,
					'args'       => $id,
					'body'       => Shape::body( 'userfeedback-survey-duplicate' ),
				),
			),
			$schema
		);
		$this->route(
			'/surveys/bulk',
			array(
				array(
					'methods'    => 'POST',
					// Trash and delete also need the delete capability, checked per survey.
					'callback'   => fn( WP_REST_Request $request, array $body ) => $this->bulk->apply( (string) $body['action'], (array) $body['ids'] ),
					'permission' => self::EDIT,
					'body'       => SurveyRoutesSchema::bulk_body(),
				),
			),
			array( SurveyRoutesSchema::class, 'bulk_result' )
		);
		$this->route(
			'/surveys/templates',
			array(
				array(
					'methods'    => 'GET',
					'callback'   => fn() => ( new Templates( ( $this->entitlements )() ) )->all(),
					'permission' => self::EDIT,
				),
			),
			array( SurveyRoutesSchema::class, 'template' )
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
							'description' => 'Part of a title.',
							'type'        => 'string',
							'maxLength'   => 200,
							'default'     => '',
						),
						'page'  => array(
							'type'    => 'integer',
							'minimum' => 1,
							'default' => 1,
						),
					),
				),
			),
			array( SurveyRoutesSchema::class, 'search_result' )
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
			),
			array( SurveyRoutesSchema::class, 'logic_type_option' )
		);
	}

	/**
	 * A saved survey: the resource as GET answers it (201 with its Location when created), and what
	 * the builder needs besides in the notes header.
	 *
	 * @param array{survey:array<string,mixed>,notes:array<string,mixed>} $saved What the service answered.
	 */
	private static function saved( array $saved, bool $created ): WP_REST_Response {
		$response = $created ? self::created( $saved['survey'], '/surveys/' . $saved['survey']['id'] ) : new WP_REST_Response( $saved['survey'] );
		return self::with_notes( $response, $saved['notes'] );
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
						'enum' => SurveyReader::LIST_FILTERS,
					),
				),
				'default'    => array(),
			),
		);
	}

	private function list( WP_REST_Request $request ): WP_REST_Response {
		$list     = $this->reader->list( $request->get_params() );
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
}
