<?php
/**
 * The rules of a visitor's vote (POST post-ratings/{post_id}/votes). Cheap refusals come first: the
 * token is an HMAC, the feature an in-memory check, the rate limits a counter each; the post is read
 * only after they passed, and the vote is one single-row insert, committed with the counters.
 *
 * The vote is taken wherever the widget can be: display_settings only says where it is printed
 * ('manual' included), so it does not decide whether a vote counts.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\PostRatings;

use UserFeedback\Responses\Visitor;
use UserFeedback\Responses\VisitorWrite;
use UserFeedback\Rest\ApiException;
use UserFeedback\Rest\BodyCheck;
use UserFeedback\Rest\RateLimiter;
use UserFeedback\Settings\SettingsRepository;

defined( 'ABSPATH' ) || exit;

final class VoteService {

	public const TOKEN_MAX = 64;

	/**
	 * @param \Closure():\UserFeedback\Licensing\Entitlements $entitlements The site's entitlements.
	 */
	public function __construct(
		private readonly RatingRepository $ratings,
		private readonly RateLimiter $limiter,
		private readonly SettingsRepository $settings,
		private readonly \Closure $entitlements,
	) {}

	/**
	 * The body of a vote, as JSON schema: the route's args and the whole-body check come from here.
	 *
	 * @return array<string,mixed>
	 */
	public static function schema(): array {
		return array(
			'$schema'              => 'http://json-schema.org/draft-04/schema#',
			'title'                => 'userfeedback-post-rating-vote',
			'type'                 => 'object',
			'additionalProperties' => false,
			'properties'           => array(
				'rating' => array(
					'description' => 'The visitor\'s rating, 1 to 5.',
					'type'        => 'integer',
					'minimum'     => 1,
					'maximum'     => RatingSettingsSchema::MAX_RATING,
					'required'    => true,
				),
				'token'  => array(
					'description' => 'The post\'s rating token (data-token of the widget).',
					'type'        => 'string',
					'minLength'   => 1,
					'maxLength'   => self::TOKEN_MAX,
					'required'    => true,
				),
			),
		);
	}

	/**
	 * Stores a vote and answers the post's fresh all-time summary.
	 *
	 * @param mixed $body The request body as sent (only rating and token may be in it).
	 * @return array{post_id:int,count:int,average:float}
	 * @throws ApiException 400, 403, 429 or 404; nothing is stored then.
	 */
	public function vote( int $post_id, $body ): array {
		$body = self::check_body( $body );
		if ( ! RatingTokens::verify( $post_id, $body['token'] ) ) {
			throw ApiException::forbidden( esc_html__( 'This page is out of date. Reload it and try again.', 'userfeedback' ) );
		}
		RatingsFeature::require_for_visitor( ( $this->entitlements )() );

		$visitor = Visitor::from_server( $_SERVER, (string) ( $this->settings->all()['ip_header'] ?? '' ) );
		$post    = VisitorWrite::run(
			function () use ( $post_id, $body, $visitor ): \WP_Post {
				// The client's own limit first: a client over it must not use up the site's.
				$this->limiter->hit( 'post_ratings', RateLimiter::client( $visitor->ip ) );
				$this->limiter->hit( 'post_ratings_site', '' );

				$post = RatablePosts::find( $post_id );
				if ( null === $post ) {
					throw ApiException::not_found( esc_html__( 'This post does not take ratings.', 'userfeedback' ) );
				}
				$this->ratings->insert( $post->ID, $body['rating'], gmdate( 'Y-m-d H:i:s' ) );
				return $post;
			}
		);
		// After the commit: the summary cache was cleared by the insert and is filled from what is stored.
		$summary = $this->ratings->summary( $post->ID );
		return array(
			'post_id' => $post->ID,
			'count'   => $summary['count'],
			'average' => round( $summary['average'], 2 ),
		);
	}

	/**
	 * The whole body against the schema: the route's args judge the keys they know and let others
	 * through, so unknown keys are refused here, each named in data.params.
	 *
	 * @param mixed $body As sent.
	 * @return array{rating:int,token:string}
	 * @throws ApiException 400.
	 */
	private static function check_body( $body ): array {
		$schema = self::schema();
		$body   = BodyCheck::fields( $body, $schema );
		return array(
			'rating' => (int) rest_sanitize_value_from_schema( $body['rating'], $schema['properties']['rating'], 'rating' ),
			'token'  => (string) $body['token'],
		);
	}
}
