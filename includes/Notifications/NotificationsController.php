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
use UserFeedback\Rest\ApiException;
use UserFeedback\Rest\Controller;
use WP_REST_Request;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

final class NotificationsController extends Controller {

	private const NAME_PATTERN = '^[a-z][a-z0-9_-]{0,39}$';

	public function __construct( private readonly NotificationService $service ) {}

	public function register_routes(): void {
		$this->add( '/notifications', WP_REST_Server::READABLE, fn() => $this->service->list() );
		$this->add(
			'/notifications/(?P<id>[^/]+)/dismiss',
			WP_REST_Server::CREATABLE,
			function ( WP_REST_Request $request ): array {
				$this->service->dismiss( (string) $request['id'] );
				return $this->service->list();
			},
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
			}
		);
		$this->add(
			'/notifications/action',
			WP_REST_Server::CREATABLE,
			fn( WP_REST_Request $request ): array => $this->service->action( (string) $request['class'], (string) $request['action'] ),
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
	 * @param callable            $callback Answers data or throws ApiException.
	 * @param array<string,mixed> $args     Route args.
	 */
	private function add( string $path, string $methods, callable $callback, array $args = array() ): void {
		$this->route(
			$path,
			array(
				array(
					'methods'    => $methods,
					'callback'   => $callback,
					'permission' => array_values( Capabilities::ALL ),
					'args'       => $args,
				),
			)
		);
	}
}
