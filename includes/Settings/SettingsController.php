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
					// A partial update: BodyCheck judges the whole body first, so unknown keys are
					// refused and nothing is saved when any field is wrong.
					'callback'   => fn( WP_REST_Request $request, array $body ) => $this->service->update( $body ),
					'permission' => Capabilities::MANAGE_SETTINGS,
					'body'       => SettingsSchema::schema(),
					'labels'     => array( SettingsSchema::class, 'labels' ),
					'partial'    => true,
				),
			),
			array( SettingsSchema::class, 'schema' )
		);
	}
}
