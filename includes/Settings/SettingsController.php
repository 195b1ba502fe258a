<?php
/**
 * GET and POST userfeedback/v1/settings.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Settings;

use UserFeedback\Access\Capabilities;
use UserFeedback\Rest\Controller;
use WP_REST_Request;
use WP_REST_Server;

defined( 'ABSPATH' ) || exit;

final class SettingsController extends Controller {

	public function __construct( private readonly SettingsService $service ) {}

	public function register_routes(): void {
		$this->route(
			'/settings',
			array(
				array(
					'methods'    => 'GET',
					'callback'   => fn() => $this->service->for_admin(),
					'permission' => Capabilities::MANAGE_SETTINGS,
				),
				array(
					'methods'    => 'POST',
					// The whole body is validated in the service, so that unknown keys are refused and
					// nothing is saved when any field is wrong.
					'callback'   => fn( WP_REST_Request $request ) => $this->service->update( $request->get_json_params() ?? $request->get_body_params() ),
					'permission' => Capabilities::MANAGE_SETTINGS,
					'args'       => rest_get_endpoint_args_for_schema( SettingsSchema::schema(), WP_REST_Server::EDITABLE ),
				),
			),
			array( SettingsSchema::class, 'schema' )
		);
	}
}
