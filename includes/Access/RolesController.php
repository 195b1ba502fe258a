<?php
/**
 * GET userfeedback/v1/roles: the site's roles for the Access screen's multi-selects.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Access;

use UserFeedback\Rest\Controller;
use UserFeedback\Rest\Shape;

defined( 'ABSPATH' ) || exit;

final class RolesController extends Controller {

	public function register_routes(): void {
		$this->route(
			'/roles',
			array(
				array(
					'methods'    => 'GET',
					'callback'   => fn() => self::roles(),
					'permission' => Capabilities::MANAGE_SETTINGS,
				),
			),
			array( self::class, 'schema' )
		);
	}

	/**
	 * An item of GET roles.
	 *
	 * @return array<string,mixed>
	 */
	public static function schema(): array {
		return Shape::resource(
			'userfeedback-role',
			array(
				'key'    => Shape::string( 'Role key, e.g. editor.' ),
				'name'   => Shape::string( 'Translated name.' ),
				'forced' => Shape::boolean( 'The role can manage options, so it always holds every UserFeedback capability.' ),
			)
		);
	}

	/**
	 * Every role of the site in WordPress's order: key, translated name, and forced (the role can manage
	 * options, so it always holds every UserFeedback capability and cannot be taken off a list).
	 *
	 * @return array<int,array{key:string,name:string,forced:bool}>
	 */
	public static function roles(): array {
		$forced = Capabilities::manager_roles();
		$roles  = array();
		foreach ( wp_roles()->role_names as $key => $name ) {
			$roles[] = array(
				'key'    => (string) $key,
				'name'   => translate_user_role( (string) $name ),
				'forced' => in_array( (string) $key, $forced, true ),
			);
		}
		return $roles;
	}
}
