<?php
/**
 * Every admin-ajax action of the plugin starts with Admin\AjaxGuard: without the right nonce, or for
 * a user without the capability, it answers 403 before it reads or changes anything. Run through the
 * wp_ajax_ hooks as admin-ajax.php runs them (AjaxCalls); the statuses are read in a separate process.
 *
 * The list below is checked against the hooks the plugin registered, so a new handler fails here until
 * it is listed (and so guarded and tested).
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Ajax;

use UserFeedback\Access\Capabilities;
use UserFeedback\Addons\AddonsAjax;
use UserFeedback\Admin\AdminPages;
use UserFeedback\Admin\AjaxGuard;
use UserFeedback\Admin\Integrations;
use UserFeedback\Admin\PluginInstaller;
use UserFeedback\Admin\SettingsBlurb;
use UserFeedback\Licensing\License;
use UserFeedback\Licensing\LicenseAjax;
use UserFeedback\Notifications\NoticesAjax;
use UserFeedback\Tests\AjaxCalls;
use UserFeedback\Tests\TestCase;

final class AjaxGuardTest extends TestCase {

	use AjaxCalls;

	private const EXPIRED = 'Your session has expired. Please reload the page and try again.';

	private const ADDONS   = 'Sorry, you are not allowed to manage addons on this site.';
	private const LICENSE  = 'Sorry, you are not allowed to manage the license of this site.';
	private const NOTICES  = 'Sorry, you are not allowed to do that.';
	private const PLUGINS  = 'Sorry, you are not allowed to manage plugins on this site.';
	private const SETTINGS = 'Sorry, you are not allowed to manage the settings of this site.';

	/**
	 * Every action: its nonce and what a user without the capability is told.
	 *
	 * @return array<string,array{nonce:string,refusal:string}>
	 */
	private static function actions(): array {
		$ajax    = AjaxGuard::AJAX_NONCE;
		$install = AjaxGuard::INSTALL_NONCE;
		return array(
			AddonsAjax::ACTION_LIST              => array( 'nonce' => $ajax, 'refusal' => self::ADDONS ),
			AddonsAjax::ACTION_INSTALL           => array( 'nonce' => $install, 'refusal' => self::ADDONS ),
			AddonsAjax::ACTION_ACTIVATE          => array( 'nonce' => $install, 'refusal' => self::ADDONS ),
			AddonsAjax::ACTION_DEACTIVATE        => array( 'nonce' => $install, 'refusal' => self::ADDONS ),
			LicenseAjax::ACTION_GET              => array( 'nonce' => $ajax, 'refusal' => self::LICENSE ),
			LicenseAjax::ACTION_VERIFY           => array( 'nonce' => $ajax, 'refusal' => self::LICENSE ),
			LicenseAjax::ACTION_DEACTIVATE       => array( 'nonce' => $ajax, 'refusal' => self::LICENSE ),
			LicenseAjax::ACTION_VALIDATE         => array( 'nonce' => $ajax, 'refusal' => self::LICENSE ),
			LicenseAjax::ACTION_CONNECT          => array( 'nonce' => $ajax, 'refusal' => self::LICENSE ),
			NoticesAjax::ACTION_REMOVE           => array( 'nonce' => $ajax, 'refusal' => self::NOTICES ),
			NoticesAjax::ACTION_REMOVE_WP        => array( 'nonce' => $ajax, 'refusal' => self::NOTICES ),
			PluginInstaller::ACTION_GET_PLUGINS  => array( 'nonce' => $ajax, 'refusal' => self::PLUGINS ),
			PluginInstaller::ACTION_INSTALL      => array( 'nonce' => $install, 'refusal' => self::PLUGINS ),
			PluginInstaller::ACTION_ACTIVATE     => array( 'nonce' => $install, 'refusal' => self::PLUGINS ),
			PluginInstaller::ACTION_DEACTIVATE   => array( 'nonce' => $install, 'refusal' => self::PLUGINS ),
			Integrations::ACTION_GET             => array( 'nonce' => $ajax, 'refusal' => 'Sorry, you are not allowed to manage integrations on this site.' ),
			SettingsBlurb::ACTION_VALIDATE       => array( 'nonce' => $ajax, 'refusal' => self::SETTINGS ),
			SettingsBlurb::ACTION_DISMISS        => array( 'nonce' => $ajax, 'refusal' => self::SETTINGS ),
			AdminPages::MEDIA_ACTION             => array( 'nonce' => $ajax, 'refusal' => 'Sorry, you are not allowed to upload files.' ),
		);
	}

	/**
	 * Fields that would make each action do its work, were it let through.
	 *
	 * @return array<string,string>
	 */
	private static function work_fields(): array {
		return array(
			'plugin'    => 'hello.php',
			'slug'      => 'wpforms-lite',
			'basename'  => 'wpforms-lite/wpforms.php',
			'license'   => 'feedfacefeedfacefeedfacefeedface',
			'key'       => 'feedfacefeedfacefeedfacefeedface',
			'notice_id' => 'uf-notice-test',
			'activate'  => '1',
		);
	}

	public function test_every_admin_ajax_action_of_the_plugin_is_listed_here_and_none_is_open_to_visitors(): void {
		$registered = array();
		foreach ( array_keys( $GLOBALS['wp_filter'] ) as $hook ) {
			if ( str_starts_with( (string) $hook, 'wp_ajax_nopriv_userfeedback' ) ) {
				$this->fail( "$hook answers logged-out visitors." );
			}
			if ( str_starts_with( (string) $hook, 'wp_ajax_userfeedback' ) && has_action( (string) $hook ) ) {
				$registered[] = substr( (string) $hook, strlen( 'wp_ajax_' ) );
			}
		}
		sort( $registered );
		$listed = array_keys( self::actions() );
		sort( $listed );
		$this->assertSame( $listed, $registered );
	}

	/**
	 * @runInSeparateProcess
	 * @preserveGlobalState disabled
	 */
	public function test_a_missing_a_bad_or_another_actions_nonce_is_refused_with_403_before_any_work(): void {
		$this->as_user( 'administrator' );
		$before = self::state( get_current_user_id() );
		foreach ( self::actions() as $action => $rule ) {
			$other = AjaxGuard::AJAX_NONCE === $rule['nonce'] ? AjaxGuard::INSTALL_NONCE : AjaxGuard::AJAX_NONCE;
			foreach ( array( 'missing' => null, 'bad' => 'not-a-nonce', 'other' => wp_create_nonce( $other ) ) as $case => $nonce ) {
				$fields = self::work_fields() + ( null === $nonce ? array() : array( 'nonce' => $nonce ) );
				$answer = $this->ajax( $action, $fields, $status );
				$this->assertSame( 403, $status, "$action, $case nonce" );
				$this->assertFalse( $answer['success'], "$action, $case nonce" );
				$this->assertSame( self::EXPIRED, $answer['data']['message'], "$action, $case nonce" );
				$this->assertSame( self::EXPIRED, $answer['data']['error'], "$action, $case nonce" );
			}
		}
		$this->assertSame( $before, self::state( get_current_user_id() ), 'The refused actions changed nothing.' );
	}

	/**
	 * @runInSeparateProcess
	 * @preserveGlobalState disabled
	 */
	public function test_a_user_without_the_capability_is_refused_with_403_and_the_actions_own_message(): void {
		// A subscriber has none of the capabilities any action asks for.
		$this->as_user( 'subscriber' );
		$before = self::state( get_current_user_id() );
		foreach ( self::actions() as $action => $rule ) {
			$answer = $this->ajax( $action, self::work_fields() + array( 'nonce' => wp_create_nonce( $rule['nonce'] ) ), $status );
			$this->assertSame( 403, $status, $action );
			$this->assertFalse( $answer['success'], $action );
			$this->assertSame( $rule['refusal'], $answer['data']['message'], $action );
		}
		$this->assertSame( $before, self::state( get_current_user_id() ), 'The refused actions changed nothing.' );

		// A manager of the settings who may not install plugins: the actions that install refuse, with
		// WordPress's capability checked by the same guard.
		$this->as_user( 'editor' );
		wp_get_current_user()->add_cap( Capabilities::MANAGE_SETTINGS );
		foreach ( array( AddonsAjax::ACTION_INSTALL, PluginInstaller::ACTION_INSTALL ) as $action ) {
			$answer = $this->ajax( $action, self::work_fields() + array( 'nonce' => wp_create_nonce( AjaxGuard::INSTALL_NONCE ) ), $status );
			$this->assertSame( 403, $status, $action );
			$this->assertSame( self::actions()[ $action ]['refusal'], $answer['data']['message'], $action );
		}
	}

	/**
	 * @runInSeparateProcess
	 * @preserveGlobalState disabled
	 */
	public function test_the_right_nonce_and_capability_pass_the_guard(): void {
		$this->as_user( 'administrator' );
		foreach ( array( PluginInstaller::ACTION_GET_PLUGINS, Integrations::ACTION_GET, SettingsBlurb::ACTION_VALIDATE, LicenseAjax::ACTION_GET ) as $action ) {
			$answer = $this->ajax( $action, array( 'nonce' => wp_create_nonce( AjaxGuard::AJAX_NONCE ) ), $status );
			$this->assertSame( 200, $status ?? 200, $action );
			$this->assertTrue( $answer['success'], $action );
		}
	}

	public function test_the_admin_boot_config_prints_the_guards_nonces(): void {
		$this->as_user( 'administrator' );
		$config = self::boot_config()->for_page( 'settings' );
		$this->assertSame( 1, wp_verify_nonce( $config['ajax']['nonce'], AjaxGuard::AJAX_NONCE ) );
		$this->assertSame( 1, wp_verify_nonce( $config['ajax']['install_nonce'], AjaxGuard::INSTALL_NONCE ) );
		$this->assertFalse( wp_verify_nonce( $config['ajax']['nonce'], AjaxGuard::INSTALL_NONCE ) );
	}

	/**
	 * What the actions would change, were they let through: the user's blurb and notices, the site's
	 * notices and licence, the plugins installed and active.
	 *
	 * @return array<string,mixed>
	 */
	private static function state( int $user ): array {
		if ( ! function_exists( 'get_plugins' ) ) {
			require_once ABSPATH . 'wp-admin/includes/plugin.php';
		}
		wp_cache_flush();
		return array(
			'user_meta' => get_user_meta( $user ),
			'license'   => get_option( License::OPTION ),
			'active'    => get_option( 'active_plugins' ),
			'installed' => array_keys( get_plugins() ),
		);
	}
}
