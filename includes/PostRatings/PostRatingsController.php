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
use UserFeedback\Rest\Shape;
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
					// Any subset of the settings: unknown keys are refused and nothing is saved when any
					// key is wrong; a locked feature refuses first, whatever was sent.
					'before'     => fn() => $this->results->require_feature(),
					'callback'   => fn( WP_REST_Request $request, array $body ) => $this->settings->update( $body ),
					'permission' => Capabilities::MANAGE_SETTINGS,
					'body'       => RatingSettingsSchema::schema(),
					'labels'     => array( RatingSettingsSchema::class, 'labels' ),
					'partial'    => true,
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
			),
			array( self::class, 'list_schema' )
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
			),
			array( self::class, 'detail_schema' )
		);

		$this->route(
			'/post-ratings/(?P<post_id>[\d]+)/votes',
			array(
				array(
					'methods'    => WP_REST_Server::CREATABLE,
					'callback'   => fn( WP_REST_Request $request, array $body ) => RateLimiter::respond(
						function () use ( $request, $body ): WP_REST_Response {
							$summary  = $this->votes->vote( (int) $request->get_url_params()['post_id'], $body );
							$response = new WP_REST_Response( $summary, 201 );
							// About one visitor's write: no cache may keep it.
							$response->header( 'Cache-Control', 'no-store' );
							return $response;
						}
					),
					'permission' => self::PUBLIC,
					'args'       => $post_id,
					'body'       => VoteService::schema(),
				),
			),
			array( self::class, 'vote_schema' )
		);
	}

	/**
	 * What GET post-ratings/results answers (PostRatingList in admin-app/src/shared/types/postRatings.ts).
	 *
	 * @return array<string,mixed>
	 */
	public static function list_schema(): array {
		return Shape::resource(
			'userfeedback-post-rating-list',
			array(
				'items'      => Shape::list( self::row() ),
				'pagination' => Shape::pagination(),
			)
		);
	}

	/**
	 * What GET post-ratings/results/{post_id} answers (PostRatingDetails).
	 *
	 * @return array<string,mixed>
	 */
	public static function detail_schema(): array {
		return Shape::resource(
			'userfeedback-post-rating-details',
			array(
				'post'       => self::row(),
				'items'      => Shape::list(
					Shape::object(
						array(
							'id'         => Shape::integer(),
							'post_id'    => Shape::integer(),
							'rating'     => Shape::integer( '1 to 5.' ),
							'created_at' => Shape::string( 'UTC, RFC 3339.' ),
						)
					),
					'The votes, one per visitor\'s rating.'
				),
				'pagination' => Shape::pagination(),
			)
		);
	}

	/**
	 * What a vote answers: the post's fresh all-time summary.
	 *
	 * @return array<string,mixed>
	 */
	public static function vote_schema(): array {
		return Shape::resource(
			'userfeedback-post-rating-summary',
			array(
				'post_id' => Shape::integer(),
				'count'   => Shape::integer( 'Votes of all time.' ),
				'average' => Shape::number( 'Rounded to 2 decimals.' ),
			)
		);
	}

	/**
	 * @return array<string,mixed>
	 */
	private static function row(): array {
		return Shape::object(
			array(
				'post_id'        => Shape::integer(),
				'post_title'     => Shape::string(),
				'post_url'       => Shape::string(),
				'total_ratings'  => Shape::integer( 'Within the range.' ),
				'average_rating' => Shape::number( '0 to 5, rounded to 2 decimals.' ),
				'last_rated_at'  => Shape::nullable( Shape::string( 'UTC, RFC 3339; null without a rating in the range.' ) ),
			),
			'A rated post with its figures over the range.'
		);
	}

	private function posts( WP_REST_Request $request ): WP_REST_Response {
		$this->results->require_feature();
		$list     = $this->results->posts(
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
	private static function list_args( array $orderby, string $default_orderby ): array {
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
				'default' => $default_orderby,
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
