<?php
/**
 * The webhook routes (manage-settings capability; every write needs the webhooks feature, answered
 * 403 with the upgrade message without it; reading and deleting stay open so that a site that lost its
 * licence can see and remove what it has):
 *
 *   GET    webhooks                                    Webhook[] (no secrets)
 *   POST   webhooks                                    { url, survey_id?, format?, active? } -> 201 Webhook + secret
 *   POST   webhooks/{id}                               some of url, survey_id, format, active -> Webhook
 *   DELETE webhooks/{id}                               { deleted, id }
 *   GET    webhooks/{id}/secret                        { id, secret }
 *   POST   webhooks/{id}/test                          a test sent now: { delivered, code, error, duration_ms, delivery }
 *   GET    webhooks/{id}/deliveries                    the latest 50 deliveries, newest first
 *   POST   webhooks/{id}/deliveries/{did}/retry        another attempt now, as test
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Webhooks;

use UserFeedback\Access\Capabilities;
use UserFeedback\Rest\Controller;
use UserFeedback\Rest\Shape;
use UserFeedback\Surveys\SurveyRepository;
use WP_REST_Request;
use WP_REST_Response;

defined( 'ABSPATH' ) || exit;

final class WebhooksController extends Controller {

	private const CAP = Capabilities::MANAGE_SETTINGS;

	public function __construct( private readonly WebhookService $service ) {}

	/**
	 * The controller and the queue, as the plugin composes them.
	 *
	 * @param \Closure():\UserFeedback\Licensing\Entitlements $entitlements The site's entitlements.
	 * @return array{0:self,1:WebhookQueue}
	 */
	public static function compose( SurveyRepository $surveys, \Closure $entitlements ): array {
		$webhooks = new WebhookRepository();
		$delivery = new Delivery( $webhooks, $surveys );
		return array(
			new self( new WebhookService( $webhooks, $surveys, $delivery, $entitlements ) ),
			new WebhookQueue( $webhooks, $delivery, $entitlements ),
		);
	}

	public function register_routes(): void {
		$id    = array(
			'id' => array(
				'type'     => 'integer',
				'minimum'  => 1,
				'required' => true,
			),
		);
		$gate  = fn() => $this->service->require_feature();
		$empty = array(
			'type'       => 'object',
			'properties' => array(),
		);

		$this->route(
			'/webhooks',
			array(
				array(
					'methods'    => 'GET',
					'callback'   => fn() => $this->service->list(),
					'permission' => self::CAP,
				),
				array(
					'methods'    => 'POST',
					'before'     => $gate,
					'callback'   => fn( WP_REST_Request $request, array $body ) => self::created_webhook( $this->service->create( $body ) ),
					'permission' => self::CAP,
					'body'       => self::body( true ),
					'labels'     => array( self::class, 'labels' ),
				),
			),
			array( self::class, 'schema' )
		);
		$this->route(
			'/webhooks/(?P<id>[\d]+)',
			array(
				array(
					'methods'    => 'POST, PUT, PATCH',
					'before'     => $gate,
					'callback'   => fn( WP_REST_Request $request, array $body ) => $this->service->update( self::id( $request ), $body ),
					'permission' => self::CAP,
					'args'       => $id,
					'body'       => self::body( false ),
					'labels'     => array( self::class, 'labels' ),
					'partial'    => true,
				),
				array(
					'methods'    => 'DELETE',
					'callback'   => fn( WP_REST_Request $request ) => $this->service->delete( self::id( $request ) ),
					'permission' => self::CAP,
					'args'       => $id,
					'body'       => $empty,
				),
			),
			array( self::class, 'schema' )
		);
		$this->route(
			'/webhooks/(?P<id>[\d]+)/secret',
			array(
				array(
					'methods'    => 'GET',
					'callback'   => fn( WP_REST_Request $request ) => self::no_store( $this->service->secret( self::id( $request ) ) ),
					'permission' => self::CAP,
					'args'       => $id,
				),
			),
			array( self::class, 'secret_schema' )
		);
		$this->route(
			'/webhooks/(?P<id>[\d]+)/test',
			array(
				array(
					'methods'    => 'POST',
					'before'     => $gate,
					'callback'   => fn( WP_REST_Request $request ) => $this->service->test( self::id( $request ) ),
					'permission' => self::CAP,
					'args'       => $id,
					'body'       => $empty,
				),
			),
			array( self::class, 'outcome_schema' )
		);
		$this->route(
			'/webhooks/(?P<id>[\d]+)/deliveries',
			array(
				array(
					'methods'    => 'GET',
					'callback'   => fn( WP_REST_Request $request ) => $this->service->deliveries( self::id( $request ) ),
					'permission' => self::CAP,
					'args'       => $id,
				),
			),
			array( self::class, 'deliveries_schema' )
		);
		$this->route(
			'/webhooks/(?P<id>[\d]+)/deliveries/(?P<did>[\d]+)/retry',
			array(
				array(
					'methods'    => 'POST',
					'before'     => $gate,
					'callback'   => fn( WP_REST_Request $request ) => $this->service->retry( self::id( $request ), (int) ( $request->get_url_params()['did'] ?? 0 ) ),
					'permission' => self::CAP,
					'args'       => $id + array(
						'did' => array(
							'type'     => 'integer',
							'minimum'  => 1,
							'required' => true,
						),
					),
					'body'       => $empty,
				),
			),
			array( self::class, 'outcome_schema' )
		);
	}

	/**
	 * What a create or update may send.
	 *
	 * @return array<string,mixed>
	 */
	public static function body( bool $creates ): array {
		return array(
			'type'       => 'object',
			'properties' => array(
				'url'       => array(
					'type'        => 'string',
					'maxLength'   => UrlGuard::MAX_LENGTH,
					// Required on creation; judged by the service, so that its absence is told in words.
					'description' => 'Where deliveries are POSTed: https (http on local sites only), a public address.' . ( $creates ? ' Required.' : '' ),
				),
				'survey_id' => array(
					'type'        => 'integer',
					'minimum'     => 0,
					'description' => 'The survey whose completed responses are sent; 0 for every survey.',
				),
				'format'    => array(
					'type'        => 'string',
					'enum'        => WebhookService::FORMATS,
					'description' => 'json: the signed JSON payload; slack: a Slack incoming-webhook message.',
				),
				'active'    => array(
					'type'        => 'boolean',
					'description' => 'Whether new responses are sent to it.',
				),
			),
		);
	}

	/**
	 * @return array<string,string>
	 */
	public static function labels(): array {
		return array(
			'url'       => __( 'URL', 'userfeedback' ),
			'survey_id' => __( 'Survey', 'userfeedback' ),
			'format'    => __( 'Format', 'userfeedback' ),
			'active'    => __( 'Active', 'userfeedback' ),
		);
	}

	/**
	 * A webhook (Webhook in admin-app/src/settings/webhooks/types.ts).
	 *
	 * @return array<string,mixed>
	 */
	public static function schema(): array {
		return Shape::resource(
			'userfeedback-webhook',
			array(
				'id'            => Shape::integer(),
				'url'           => Shape::string(),
				'survey_id'     => Shape::integer( '0: every survey.' ),
				'survey_title'  => Shape::nullable( Shape::string( 'Null for every survey.' ) ),
				'format'        => Shape::enum( WebhookService::FORMATS ),
				'active'        => Shape::boolean(),
				'created_at'    => Shape::string( 'UTC, RFC 3339.' ),
				'updated_at'    => Shape::string( 'UTC, RFC 3339.' ),
				'last_delivery' => Shape::nullable( self::delivery() ),
				'secret'        => Shape::string( 'Only in the answer of its creation.' ),
			)
		);
	}

	/**
	 * @return array<string,mixed>
	 */
	public static function secret_schema(): array {
		return Shape::resource(
			'userfeedback-webhook-secret',
			array(
				'id'     => Shape::integer(),
				'secret' => Shape::string( 'The HMAC-SHA256 key of X-UserFeedback-Signature.' ),
			)
		);
	}

	/**
	 * @return array<string,mixed>
	 */
	public static function outcome_schema(): array {
		return Shape::resource(
			'userfeedback-webhook-attempt',
			array(
				'delivered'   => Shape::boolean( 'Whether the receiver answered 2xx.' ),
				'code'        => Shape::integer( 'The HTTP status; 0 when there was no answer.' ),
				'error'       => Shape::string( 'Why it failed; empty when delivered.' ),
				'duration_ms' => Shape::integer(),
				'delivery'    => self::delivery(),
			)
		);
	}

	/**
	 * One delivery: the deliveries route answers a list of them, newest first (as WordPress's own
	 * list routes, the schema is the item's).
	 *
	 * @return array<string,mixed>
	 */
	public static function deliveries_schema(): array {
		return Shape::resource( 'userfeedback-webhook-delivery', self::delivery_properties() );
	}

	/**
	 * @return array<string,mixed>
	 */
	private static function delivery(): array {
		return Shape::object( self::delivery_properties() );
	}

	/**
	 * @return array<string,array<string,mixed>>
	 */
	private static function delivery_properties(): array {
		return array(
			'id'           => Shape::integer( 'Also X-UserFeedback-Delivery and the payload\'s id.' ),
			'event'        => Shape::enum( array( 'response.completed', 'test' ) ),
			'response_id'  => Shape::integer( '0 for a test.' ),
			'status'       => Shape::enum( array( 'pending', 'delivered', 'failed', 'gave_up' ) ),
			'attempts'     => Shape::integer(),
			'code'         => Shape::integer( 'HTTP status of the last attempt; 0 for none.' ),
			'error'        => Shape::string(),
			'duration_ms'  => Shape::integer(),
			'created_at'   => Shape::string( 'UTC, RFC 3339.' ),
			'attempted_at' => Shape::nullable( Shape::string() ),
			'next_at'      => Shape::nullable( Shape::string( 'When the next attempt is due (failed only).' ) ),
			'delivered_at' => Shape::nullable( Shape::string() ),
		);
	}

	/**
	 * @param array<string,mixed> $webhook The new webhook, with its secret.
	 */
	private static function created_webhook( array $webhook ): WP_REST_Response {
		$response = self::created( $webhook, '/webhooks/' . (int) $webhook['id'] );
		$response->header( 'Cache-Control', 'no-store' );
		return $response;
	}

	/**
	 * @param array<string,mixed> $data An answer holding a secret.
	 */
	private static function no_store( array $data ): WP_REST_Response {
		$response = new WP_REST_Response( $data );
		$response->header( 'Cache-Control', 'no-store' );
		return $response;
	}

	private static function id( WP_REST_Request $request ): int {
		return (int) ( $request->get_url_params()['id'] ?? 0 );
	}
}
