<?php
/**
 * GET userfeedback/v1/ai-summary/{id} (fresh from the provider, then stored) and
 * GET userfeedback/v1/preload-ai-summary/{id} (the stored one). Both need the view-results capability
 * and the ai_summary feature; fresh summaries are rate-limited per user.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Ai;

use UserFeedback\Access\Capabilities;
use UserFeedback\Rest\Controller;
use UserFeedback\Rest\RateLimiter;
use UserFeedback\Rest\Shape;
use WP_REST_Request;

defined( 'ABSPATH' ) || exit;

final class AiSummaryController extends Controller {

	/**
	 * Fresh summaries per user: each one is a paid call to the provider that may take half a minute.
	 * Change or switch off (null) with the userfeedback_rate_limits filter, rule "ai_summary".
	 */
	public const DEFAULT_LIMIT = array(
		'limit'  => 10,
		'window' => HOUR_IN_SECONDS,
	);

	public function __construct( private readonly AiSummaryService $service ) {}

	public function register(): void {
		parent::register();
		// Early, so that the site's own filters (priority 10) see the rule and may change it.
		add_filter( RateLimiter::FILTER, array( self::class, 'default_limit' ), 0 );
	}

	/**
	 * Adds the ai_summary rule to the rate limits, unless a filter has set it already.
	 *
	 * @param mixed $limits Rule => limit.
	 * @return mixed
	 */
	public static function default_limit( $limits ) {
		if ( is_array( $limits ) && ! array_key_exists( AiSummaryService::RATE_RULE, $limits ) ) {
			$limits[ AiSummaryService::RATE_RULE ] = self::DEFAULT_LIMIT;
		}
		return $limits;
	}

	public function register_routes(): void {
		$id = array(
			'id' => array(
				'type'     => 'integer',
				'minimum'  => 1,
				'required' => true,
			),
		);
		$this->route(
			'/ai-summary/(?P<id>[\d]+)',
			array(
				array(
					'methods'    => 'GET',
					'callback'   => fn( WP_REST_Request $request ) => RateLimiter::respond(
						fn() => $this->service->fresh( self::id( $request ), get_current_user_id() )
					),
					'permission' => Capabilities::VIEW_RESULTS,
					'args'       => $id,
				),
			),
			array( self::class, 'schema' )
		);
		$this->route(
			'/preload-ai-summary/(?P<id>[\d]+)',
			array(
				array(
					'methods'    => 'GET',
					'callback'   => fn( WP_REST_Request $request ) => $this->service->cached( self::id( $request ) ),
					'permission' => Capabilities::VIEW_RESULTS,
					'args'       => $id,
				),
			),
			array( self::class, 'schema' )
		);
	}

	/**
	 * What both routes answer (AiSummary in admin-app/src/shared/types/results.ts).
	 *
	 * @return array<string,mixed>
	 */
	public static function schema(): array {
		return Shape::resource(
			'userfeedback-ai-summary',
			array(
				'survey_id'     => Shape::integer(),
				'summary'       => Shape::nullable( Shape::string( 'Plain text, may have line breaks; null when there is none yet.' ) ),
				'generated_at'  => Shape::nullable( Shape::string( 'UTC, RFC 3339: when it was made.' ) ),
				'answers_count' => Shape::integer( 'How many text answers it read.' ),
			)
		);
	}

	private static function id( WP_REST_Request $request ): int {
		return (int) ( $request->get_url_params()['id'] ?? 0 );
	}
}
