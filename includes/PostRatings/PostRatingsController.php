<?php
/**
 * The post-ratings routes: settings and results for the admin app (every one refused with 403 while
 * the post_ratings feature is locked), and the visitors' public vote route.
 *
 *   GET  post-ratings/settings             view results      { settings, defaults, icons }
 *   POST post-ratings/settings             manage settings   any subset of the settings
 *   GET  post-ratings/results              view results      { items: PostRatingRow[], pagination }
 *   GET  post-ratings/results/{post_id}    view results      { post, items: RatingItem[], pagination }
 *   POST post-ratings/{post_id}/votes      public            { rating, token } -> 201 { post_id, count, average }
 *
 * The vote route takes no WordPress nonce (pages come from full-page caches): the schema, the post's
 * long-lived token and rate limits protect it, as for the survey routes of Responses\VisitorController.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\PostRatings;

use UserFeedback\Access\Capabilities;
use UserFeedback\Rest\Controller;
use UserFeedback\Rest\RateLimiter;
use UserFeedback\Settings\SettingsRepository;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

final class PostRatingsController extends Controller {

	private const VIEW = Capabilities::VIEW_RESULTS;

	public function __construct(
		private readonly RatingSettingsService $settings,
		private readonly RatingResultsService $results,
		private readonly VoteService $votes,
	) {}

	/**
	 * The controller with its services, as the plugin composes it.
	 *
	 * @param \Closure():\UserFeedback\Licensing\Entitlements $entitlements The site's entitlements.
	 */
	public static function compose( SettingsRepository $settings, \Closure $entitlements ): self {
		$ratings = new RatingRepository();
		return new self(
			new RatingSettingsService( new RatingSettingsRepository(), $entitlements ),
			new RatingResultsService( $ratings, $entitlements ),
			new VoteService( $ratings, new RateLimiter(), $settings, $entitlements ),
		);
	}

	public function register_routes(): void {
		$post_id = array(
			'post_id' => array(
				'description' => 'Post id.',
				'type'        => 'integer',
				'minimum'     => 1,
				'required'    => true,
			),
		);

		$this->route(
			'/post-ratings/settings',
			array(
				array(
					'methods'    => WP_REST_Server::READABLE,
					'callback'   => fn() => $this->settings->for_admin(),
					'permission' => self::VIEW,
				),
				array(
					'methods'    => WP_REST_Server::CREATABLE,
					// The whole body is judged by the service, after the feature gate: unknown keys are
					// refused and nothing is saved when any key is wrong.
					'callback'   => fn( WP_REST_Request $request ) => $this->settings->update( $request->get_json_params() ?? $request->get_body_params() ),
					'permission' => Capabilities::MANAGE_SETTINGS,
				),
			),
			array( RatingSettingsSchema::class, 'schema' )
		);

		$this->route(
			'/post-ratings/results',
			array(
				array(
					'methods'    => WP_REST_Server::READABLE,
					'callback'   => fn( WP_REST_Request $request ) => $this->posts( $request ),
					'permission' => self::VIEW,
					'args'       => self::list_args( RatingRepository::POST_ORDERBY, 'total_ratings' ) + array(
						'search' => array(
							'description' => 'Part of a post title.',
							'type'        => 'string',
							'maxLength'   => 200,
							'default'     => '',
						),
					),
				),
			)
		);

		$this->route(
			'/post-ratings/results/(?P<post_id>[\d]+)',
			array(
				array(
					'methods'    => WP_REST_Server::READABLE,
					'callback'   => fn( WP_REST_Request $request ) => $this->post( $request ),
					'permission' => self::VIEW,
					'args'       => $post_id + self::list_args( RatingRepository::RATING_ORDERBY, 'created_at' ),
				),
			)
		);

		$this->route(
			'/post-ratings/(?P<post_id>[\d]+)/votes',
			array(
				array(
					'methods'    => WP_REST_Server::CREATABLE,
					'callback'   => fn( WP_REST_Request $request ) => RateLimiter::respond(
						function () use ( $request ): WP_REST_Response {
							$summary  = $this->votes->vote( (int) $request->get_url_params()['post_id'], $request->get_json_params() ?? $request->get_body_params() );
							$response = new WP_REST_Response( $summary, 201 );
							// About one visitor's write: no cache may keep it.
							$response->header( 'Cache-Control', 'no-store' );
							return $response;
						}
					),
					'permission' => self::PUBLIC,
					'args'       => $post_id + rest_get_endpoint_args_for_schema( VoteService::schema(), WP_REST_Server::CREATABLE ),
				),
			)
		);
	}

	private function posts( WP_REST_Request $request ): WP_REST_Response {
		$this->results->require_feature();
		$list = $this->results->posts(
			$this->range( $request ),
			array(
				'orderby'  => (string) $request['orderby'],
				'order'    => (string) $request['order'],
				'page'     => (int) $request['page'],
				'per_page' => (int) $request['per_page'],
				'search'   => trim( (string) $request['search'] ),
			)
		);
		$response = $this->paginated( $list['items'], $list['pagination']['total'], $list['pagination']['per_page'] );
		$response->set_data( $list );
		return $response;
	}

	private function post( WP_REST_Request $request ): WP_REST_Response {
		$this->results->require_feature();
		$detail   = $this->results->post(
			(int) $request->get_url_params()['post_id'],
			$this->range( $request ),
			array(
				'orderby'  => (string) $request['orderby'],
				'order'    => (string) $request['order'],
				'page'     => (int) $request['page'],
				'per_page' => (int) $request['per_page'],
			)
		);
		$response = $this->paginated( $detail['items'], $detail['pagination']['total'], $detail['pagination']['per_page'] );
		$response->set_data( $detail );
		return $response;
	}

	private function range( WP_REST_Request $request ): \UserFeedback\Results\Range {
		$from = $request->get_param( 'from' );
		$to   = $request->get_param( 'to' );
		return $this->results->range( is_string( $from ) && '' !== $from ? $from : null, is_string( $to ) && '' !== $to ? $to : null );
	}

	/**
	 * Paging, sorting and range of a list route.
	 *
	 * @param string[] $orderby The sortable columns.
	 * @return array<string,array<string,mixed>>
	 */
	private static function list_args( array $orderby, string $default ): array {
		$day = array(
			'type'    => 'string',
			'pattern' => '^(\d{4}-\d{2}-\d{2})?$',
		);
		return array(
			'page'     => array(
				'type'    => 'integer',
				'minimum' => 1,
				'default' => 1,
			),
			'per_page' => array(
				'type'    => 'integer',
				'minimum' => 1,
				'maximum' => RatingResultsService::MAX_PER_PAGE,
				'default' => RatingResultsService::PER_PAGE,
			),
			'orderby'  => array(
				'type'    => 'string',
				'enum'    => $orderby,
				'default' => $default,
			),
			'order'    => array(
				'type'    => 'string',
				'enum'    => array( 'asc', 'desc' ),
				'default' => 'desc',
			),
			'from'     => $day + array( 'description' => __( 'First day of the range (YYYY-MM-DD, site time zone); 2005-01-01 by default.', 'userfeedback' ) ),
			'to'       => $day + array( 'description' => __( 'Last day of the range, inclusive; today by default.', 'userfeedback' ) ),
		);
	}
}
