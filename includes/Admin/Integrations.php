<?php
/**
 * The Integrations settings tab's admin-ajax action: the state of the automation plugin (Uncanny
 * Automator) for the three-step flow. Installing and activating go through PluginInstaller's actions.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Admin;

use UserFeedback\Access\Capabilities;

defined( 'ABSPATH' ) || exit;

final class Integrations {

	public const ACTION_GET = 'userfeedback_get_integration';

	/** WordPress.org slug of the automation plugin; its entry in PluginInstaller::PLUGINS. */
	public const AUTOMATION = 'uncanny-automator';

	public function __construct( private readonly PluginInstaller $installer ) {}

	public function register(): void {
		add_action( 'wp_ajax_' . self::ACTION_GET, array( $this, 'ajax_get' ) );
	}

	/**
	 * Answers AutomationIntegration (admin-app/src/shared/types/admin.ts).
	 */
	public function ajax_get(): void {
		AjaxGuard::check( AjaxGuard::AJAX_NONCE, Capabilities::MANAGE_SETTINGS, __( 'Sorry, you are not allowed to manage integrations on this site.', 'userfeedback' ) );
		wp_send_json_success( $this->automation() );
	}

	/**
	 * @return array{slug:string,name:string,basename:string,installed:bool,active:bool,setup_complete:bool,active_step:int,setup_url:string,create_recipe_url:string,can_install:bool,can_activate:bool}
	 */
	public function automation(): array {
		$plugin   = $this->installer->describe( self::AUTOMATION );
		$complete = $plugin['active'] && self::setup_complete();
		if ( ! $plugin['active'] ) {
			$step = 1;
		} elseif ( ! $complete ) {
			$step = 2;
		} else {
			$step = 3;
		}
		return array(
			'slug'              => $plugin['slug'],
			'name'              => $plugin['name'],
			'basename'          => $plugin['basename'],
			'installed'         => $plugin['installed'],
			'active'            => $plugin['active'],
			'setup_complete'    => $complete,
			'active_step'       => $step,
			// Uncanny Automator's own screens: its setup wizard and a new recipe (post type uo-recipe).
			'setup_url'         => admin_url( 'edit.php?post_type=uo-recipe&page=uncanny-automator-setup-wizard' ),
			'create_recipe_url' => admin_url( 'post-new.php?post_type=uo-recipe' ),
			'can_install'       => current_user_can( 'install_plugins' ),
			'can_activate'      => current_user_can( 'activate_plugins' ),
		);
	}

	/**
	 * Uncanny Automator's setup wizard is done when the site is connected to an Automator account: its
	 * Api_Server::get_license_key() then finds a key whose status is 'valid' (the Pro key first, else
	 * the free one). Filterable, for versions of Automator that record it differently.
	 */
	public static function setup_complete(): bool {
		$connected = false;
		foreach ( array( 'pro', 'free' ) as $tier ) {
			if ( 'valid' === get_option( "uap_automator_{$tier}_license_status" ) && '' !== (string) get_option( "uap_automator_{$tier}_license_key", '' ) ) {
				$connected = true;
				break;
			}
		}
		/**
		 * Whether the automation plugin's setup (connecting the site to its account) is complete.
		 *
		 * @param bool $connected What UserFeedback read from Uncanny Automator's options.
		 */
		return (bool) apply_filters( 'userfeedback_automation_setup_complete', $connected );
	}
}
