<?php
/**
 * GET userfeedback/v1/surveys/{id}/widget: what the survey UI needs to show one live survey (its
 * questions, look, thank-you, icons and tokens, and the widget's strings, question types and limits),
 * fetched when the survey starts. The inline config of every page carries only what targeting needs
 * and the body's version `v` (WidgetLoader::target()).
 *
 * Public and the same for every visitor: answered with Cache-Control public, for a day when the `v`
 * asked for is the current one (a full-page cache or CDN keeps it under that URL), for a minute when it
 * is not (a page cached before the survey changed gets the current body, which the next page asks for
 * under its new `v`). Rate-limited per client like the other visitors' routes (only requests a cache
 * did not answer reach it).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Frontend;

use UserFeedback\Responses\Visitor;
use UserFeedback\Rest\ApiException;
use UserFeedback\Rest\Controller;
use UserFeedback\Rest\RateLimiter;
use UserFeedback\Rest\Shape;
use UserFeedback\Settings\SettingsRepository;
use WP_REST_Request;
use WP_REST_Response;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

final class SurveyBodyController extends Controller {

	public const UNAVAILABLE = 'userfeedback_survey_unavailable';
	/** Seconds a cache may keep the body asked for under its current version. */
	public const MAX_AGE = DAY_IN_SECONDS;
	/** Seconds a cache may keep the body asked for under an old version (or none). */
	public const STALE_MAX_AGE = 60;

	public function __construct(
		private readonly VisitorSurveys $surveys,
		private readonly WidgetLoader $loader,
		private readonly SettingsRepository $settings,
		private readonly RateLimiter $limiter = new RateLimiter(),
	) {}

	public function register_routes(): void {
		$this->route(
			'/surveys/(?P<id>[\d]+)/widget',
			array(
				array(
					'methods'    => WP_REST_Server::READABLE,
					'callback'   => fn( WP_REST_Request $request ) => RateLimiter::respond( fn(): WP_REST_Response => $this->answer( (int) $request['id'], (string) $request['v'] ) ),
					'permission' => self::PUBLIC,
					'args'       => array(
						'id' => array(
							'description' => 'Survey id.',
							'type'        => 'integer',
							'minimum'     => 1,
							'required'    => true,
						),
						'v'  => array(
							'description' => 'The version of the body the page knows (SurveyTarget.v in the inline config).',
							'type'        => 'string',
							'pattern'     => '^[a-f0-9]{0,32}$',
							'maxLength'   => 32,
							'default'     => '',
						),
					),
				),
			),
			array( self::class, 'schema' )
		);
	}

	/**
	 * The one 404 of a survey that is not live.
	 */
	private static function unavailable(): ApiException {
		return new ApiException( self::UNAVAILABLE, esc_html__( 'This survey is not available: it is not published, has ended or has no questions.', 'userfeedback' ), 404 );
	}

	/**
	 * @throws ApiException 404 when the survey is not live; 429 past the rate limit.
	 */
	private function answer( int $id, string $version ): WP_REST_Response {
		$settings = $this->settings->all();
		$this->limiter->hit( 'survey_bodies', RateLimiter::client( Visitor::from_server( $_SERVER, (string) $settings['ip_header'] )->ip ) );
		$survey = $this->surveys->find( $id );
		if ( null === $survey ) {
			throw self::unavailable();
		}
		$body     = $this->loader->body( $survey );
		$current  = $this->loader->version( $survey );
		$response = new WP_REST_Response( $body );
		$max_age  = hash_equals( $current, $version ) ? self::MAX_AGE : self::STALE_MAX_AGE;
		$response->header( 'Cache-Control', 'public, max-age=' . $max_age );
		$response->header( 'X-UserFeedback-Version', $current );
		// The same for every visitor: WordPress's no-cache headers for logged-in users must not replace it.
		add_filter( 'rest_send_nocache_headers', '__return_false', 99 );
		return $response;
	}

	/**
	 * The published shape of the answer (SurveyBody in widget/src/types.ts).
	 *
	 * @return array<string,mixed>
	 */
	public static function schema(): array {
		$map = static fn( string $description ): array => array(
			'type'                 => 'object',
			'description'          => $description,
			'additionalProperties' => true,
		);
		return Shape::resource(
			'userfeedback-survey-body',
			array(
				'survey'         => Shape::object(
					array(
						'id'          => Shape::integer( 'Survey id.' ),
						'title'       => Shape::string( 'Survey title.' ),
						'type'        => Shape::enum( array( 'survey', 'nps' ) ),
						'cookie_name' => Shape::string( 'The survey cookie.' ),
						'publish_at'  => Shape::nullable( Shape::string( 'UTC, RFC 3339.' ) ),
						'questions'   => Shape::list( $map( 'A question (Question in widget/src/types.ts).' ), 'The questions shown, archived ones left out.' ),
						'settings'    => $map( 'The settings the UI reads, with the site\'s look resolved (no targeting).' ),
						'icons'       => $map( 'Icon name => { viewBox, path } of the icons its options use; missing when none.' ),
						'nonces'      => Shape::object(
							array(
								'impression' => Shape::string( 'Token of POST surveys/{id}/impression.' ),
								'submission' => Shape::string( 'Token of POST surveys/{id}/responses.' ),
							)
						),
					),
					'The survey as the UI shows it (VisitorSurvey).'
				),
				'strings'        => $map( 'The widget\'s translated strings (WidgetStrings).' ),
				'question_types' => $map( 'Per question type: max_length, auto_advance, advanced, scale, required.' ),
				'limits'         => $map( 'Lengths of what goes with an answer: comment_max, name_max, field_max.' ),
			),
			'What the survey UI needs to show one live survey; public and cacheable.'
		);
	}
}
