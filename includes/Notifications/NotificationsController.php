<?php
/**
 * The notifications routes of admin-app/src/shared/types/notifications.ts: GET notifications,
 * POST notifications/{id}/dismiss, POST notifications/dismiss-all, POST notifications/action.
 *
 * Every user with any of our capabilities has a drawer of their own.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Notifications;

use UserFeedback\Access\Capabilities;
use UserFeedback\Rest\Controller;
use UserFeedback\Rest\Shape;
use WP_REST_Request;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

final class NotificationsController extends Controller {

	private const NAME_PATTERN = '^[a-z][a-z0-9_-]{0,39}$';

	public function __construct( private readonly NotificationService $service ) {}

	public function register_routes(): void {
		$list = array( self::class, 'schema' );
		$this->add( '/notifications', WP_REST_Server::READABLE, fn() => $this->service->list(), $list );
		$this->add(
			'/notifications/(?P<id>[^/]+)/dismiss',
			WP_REST_Server::CREATABLE,
			function ( WP_REST_Request $request ): array {
				$this->service->dismiss( (string) $request['id'] );
				return $this->service->list();
			},
			$list,
			array(
				'id' => array(
					'description' => 'The notification to dismiss.',
					'type'        => 'string',
					'pattern'     => NotificationStore::ID_PATTERN,
					'required'    => true,
				),
			)
		);
		$this->add(
			'/notifications/dismiss-all',
			WP_REST_Server::CREATABLE,
			function (): array {
				$this->service->dismiss_all();
				return $this->service->list();
			},
			$list
		);
		$this->add(
			'/notifications/action',
			WP_REST_Server::CREATABLE,
			fn( WP_REST_Request $request, array $body ): array => $this->service->action( (string) $body['class'], (string) $body['action'] ),
			array( self::class, 'action_result' ),
			array(),
			array(
				'class'  => array(
					'description' => 'What the action is about, e.g. license.',
					'type'        => 'string',
					'pattern'     => self::NAME_PATTERN,
					'required'    => true,
				),
				'action' => array(
					'description' => 'The action, e.g. refresh.',
					'type'        => 'string',
					'pattern'     => self::NAME_PATTERN,
					'required'    => true,
				),
			)
		);
	}

	/**
	 * One endpoint for any user with one of our capabilities. A write takes a body of exactly $body's
	 * properties (none by default).
	 *
	 * @param callable                          $callback Answers data or throws ApiException.
	 * @param callable                          $schema   The route's schema.
	 * @param array<string,mixed>               $args     Path args.
	 * @param array<string,array<string,mixed>> $body     Properties of a write's body.
	 */
	private function add( string $path, string $methods, callable $callback, callable $schema, array $args = array(), array $body = array() ): void {
		$endpoint = array(
			'methods'    => $methods,
			'callback'   => $callback,
			'permission' => array_values( Capabilities::ALL ),
			'args'       => $args,
		);
		if ( WP_REST_Server::READABLE !== $methods ) {
			$endpoint['body'] = Shape::body( 'userfeedback-notifications-' . trim( str_replace( array( '(?P<id>[^/]+)', '/' ), array( 'id', '-' ), $path ), '-' ), $body );
		}
		$this->route( $path, array( $endpoint ), $schema );
	}

	/**
	 * What GET notifications and the dismissals answer (NotificationsList).
	 *
	 * @return array<string,mixed>
	 */
	public static function schema(): array {
		$button       = Shape::object(
			array(
				'type'        => Shape::enum( array( 'primary', 'secondary' ) ),
				'text'        => Shape::string(),
				'url'         => Shape::string( 'Absolute or admin URL; empty for an action button.' ),
				'is_external' => Shape::boolean(),
				'action'      => Shape::object(
					array(
						'class'  => Shape::string(),
						'action' => Shape::string(),
					),
					'When set, the button POSTs notifications/action with it.'
				),
			)
		);
		$notification = Shape::object(
			array(
				'id'          => Shape::string( 'uf-<slug> for the plugin\'s own, feed-<id> for the feed\'s.' ),
				'title'       => Shape::string(),
				'category'    => Shape::string(),
				'icon'        => Shape::string( 'A dashicon name or an https image URL.' ),
				'content'     => Shape::string( 'Plain text.' ),
				'active_from' => Shape::string( 'ISO 8601 UTC.' ),
				'buttons'     => Shape::list( $button ),
			)
		);
		return Shape::resource(
			'userfeedback-notifications',
			array(
				'notifications' => Shape::list( $notification, 'Active, newest first.' ),
				'dismissed'     => Shape::list( $notification, 'Dismissed by this user.' ),
				'view_url'      => Shape::string( 'Admin URL that opens the drawer.' ),
				'sidebar_url'   => Shape::string(),
			)
		);
	}

	/**
	 * What POST notifications/action answers.
	 *
	 * @return array<string,mixed>
	 */
	public static function action_result(): array {
		return Shape::resource(
			'userfeedback-notification-action-result',
			array(
				'message'     => Shape::string(),
				'reload'      => Shape::boolean(),
				'redirect_to' => Shape::string(),
			)
		);
	}
}
