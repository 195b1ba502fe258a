<?php
/**
 * The admin's responses routes of admin-app/src/shared/types/results.ts: the list of a survey's
 * responses and its count, one response with its place in the list, and trash / restore / delete.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Responses;

use UserFeedback\Access\Capabilities;
use UserFeedback\Database\PageCursor;
use UserFeedback\Rest\Controller;
use WP_REST_Request;
use WP_REST_Response;

defined( 'ABSPATH' ) || exit;

final class ResponsesController extends Controller {

	public function __construct( private readonly AdminResponseService $service ) {}

	public function register_routes(): void {
		$base   = '/surveys/(?P<id>[\d]+)/responses';
		$filter = array(
			'filter' => array(
				'description' => __( 'filter[status]: all (the default: completed responses), publish (the same), partial (not completed) or trash. filter[conditions]: the conditions the responses must all meet (see ResponseFilter).', 'userfeedback' ),
				'type'        => 'object',
				'properties'  => array(
					'status'     => array(
						'type' => 'string',
						'enum' => AdminResponseService::FILTERS,
					),
					'conditions' => array(
						/* translators: %d: most conditions. */
						'description' => sprintf( __( 'A JSON array (as text, or a list) of at most %d conditions { field, operator, value }, combined with AND; the list answers the fields it offers as filterable.', 'userfeedback' ), ResponseFilter::MAX_CONDITIONS ),
						'type'        => array( 'string', 'array' ),
					),
				),
				'default'     => array(),
			),
		);
		$ids    = ResponseSchema::action_body();

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
					// A locked feature refuses deleting by ids first, whatever the rest of the body.
					// Deleting all of a survey's responses is the site owner's privacy tool (as the
					// retention purge is): every edition has it.
					'before'     => fn( WP_REST_Request $request ) => self::deletes_all( $request ) ? null : $this->service->require_management(),
					'callback'   => fn( WP_REST_Request $request, array $body ) => $this->delete( $request, $body ),
					'permission' => Capabilities::DELETE_SURVEYS,
					'body'       => self::delete_body( $ids ),
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
			"$base/count",
			array(
				array(
					'methods'    => 'GET',
					'callback'   => fn( WP_REST_Request $request ) => $this->service->count( self::id( $request ), $request->get_params() ),
					'permission' => Capabilities::VIEW_RESULTS,
					'args'       => $filter,
				),
			),
			array( ResponseSchema::class, 'count' )
		);
		$this->route(
			"$base/(?P<rid>[\d]+)",
			array(
				array(
					'methods'    => 'GET',
					'callback'   => fn( WP_REST_Request $request ) => $this->service->detail( self::id( $request ), (int) ( $request->get_url_params()['rid'] ?? 0 ), $request->get_params() ),
					'permission' => Capabilities::VIEW_RESULTS,
					'args'       => $filter + array( 'count' => self::count_arg() ),
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
			'count'    => self::count_arg(),
			'cursor'   => array(
				'description' => 'next_cursor of an earlier page of the same list (same filter, order and per_page): a later page is then read from just after that row. A speed hint; without it the page is the same.',
				'type'        => 'string',
				'pattern'     => PageCursor::PATTERN,
			),
		);
	}

	/**
	 * The `count` argument of the list and the detail.
	 *
	 * @return array<string,mixed>
	 */
	private static function count_arg(): array {
		return array(
			'description' => 'false: a list the rollups cannot count (a page URL, text or multiple-choice filter, or several conditions) is not counted: a page answers counted: false, a detail a capped position.total (a lower bound); GET surveys/{id}/responses/count gives the count.',
			'type'        => 'boolean',
			'default'     => true,
		);
	}

	/**
	 * The body of DELETE surveys/{id}/responses: response_ids (trashed responses, answered
	 * ResponseActionResult) or all: true (every response of the survey, a bounded batch per request,
	 * answered ResponsesDeleted), never both.
	 *
	 * @param array<string,mixed> $ids The body of the actions by ids.
	 * @return array<string,mixed>
	 */
	private static function delete_body( array $ids ): array {
		$body = $ids;
		unset( $body['properties']['response_ids']['required'] );
		$body['properties']['response_ids']['description'] = 'Ids of trashed responses of the survey to delete for good; answers { done: ids }. Not with all.';
		$body['properties']['all']                         = array(
			'description' => sprintf( 'true: delete every response of the survey, whatever its status, at most %d per request; answers { deleted: int, remaining: int } (send again until remaining is 0). Not with response_ids.', AdminResponseService::DELETE_ALL_MAX ),
			'type'        => 'boolean',
			'enum'        => array( true ),
		);
		return $body;
	}

	/**
	 * Whether a DELETE asks for every response (the feature gate does not apply to it).
	 */
	private static function deletes_all( WP_REST_Request $request ): bool {
		return array_key_exists( 'all', self::sent( $request ) );
	}

	/**
	 * The body as sent (JSON, or form fields).
	 *
	 * @return array<string,mixed>
	 */
	private static function sent( WP_REST_Request $request ): array {
		$sent = $request->get_json_params() ?? $request->get_body_params();
		return is_array( $sent ) ? $sent : array();
	}

	/**
	 * @param array<string,mixed> $body The judged body.
	 * @return array<string,mixed>
	 * @throws \UserFeedback\Rest\ApiException 400 for neither or both of response_ids and all.
	 */
	private function delete( WP_REST_Request $request, array $body ): array {
		$all = array_key_exists( 'all', $body );
		if ( array_key_exists( 'response_ids', $body ) === $all ) {
			throw \UserFeedback\Rest\ApiException::invalid(
				esc_html__( 'Send either response_ids (responses in the trash) or all: true (every response of the survey).', 'userfeedback' ),
				array( 'response_ids' => esc_html__( 'A list of response ids, or all: true, is required.', 'userfeedback' ) )
			);
		}
		if ( $all ) {
			// Strictly JSON true (WordPress's booleans would also take 1 and "1" for it): this one
			// deletes everything.
			if ( true !== ( self::sent( $request )['all'] ?? null ) ) {
				throw \UserFeedback\Rest\ApiException::invalid(
					esc_html__( 'all must be true.', 'userfeedback' ),
					array( 'all' => esc_html__( 'Send all: true to delete every response of the survey.', 'userfeedback' ) )
				);
			}
			return $this->service->delete_all( self::id( $request ) );
		}
		$this->service->require_management();
		return $this->service->act( 'delete', self::id( $request ), $body['response_ids'] );
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
