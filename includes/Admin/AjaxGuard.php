<?php
/**
 * The one check at the start of every admin-ajax handler of the plugin: the page's nonce (form field
 * "nonce"), then the capability the action needs; either missing is answered with
 * wp_send_json_error( { message, error }, 403 ) (the same text twice: the licence screen reads error,
 * spec 3 section 7, the others message) and the request ends there. Also the nonce actions: the admin
 * boot config prints their nonces (BootConfig), the handlers check them here.
 *
 * Handlers: Addons\AddonsAjax, Licensing\LicenseAjax, Notifications\NoticesAjax, Admin\PluginInstaller,
 * Admin\Integrations, Admin\SettingsBlurb (tests/php/Ajax/AjaxGuardTest.php lists every wp_ajax_
 * action of the plugin and fails on one it does not know).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Admin;

defined( 'ABSPATH' ) || exit;

final class AjaxGuard {

	/** The nonce of every admin page's ajax calls (boot config ajax.nonce). */
	public const AJAX_NONCE = 'userfeedback-ajax';

	/** The nonce of the calls that install, activate or deactivate plugins (boot config ajax.install_nonce). */
	public const INSTALL_NONCE = 'userfeedback-install';

	/** The form field that carries the nonce. */
	public const FIELD = 'nonce';

	/**
	 * Checks the nonce, then the capability; answers 403 and ends the request when either fails.
	 *
	 * @param string                        $nonce_action self::AJAX_NONCE or self::INSTALL_NONCE.
	 * @param string|string[]|\Closure():bool $capability A capability, capabilities that are all needed,
	 *                                                    or a rule answering whether the current user may
	 *                                                    (for "any of"); asked only once the nonce passed.
	 * @param string                        $refusal      What a user without the capability is told.
	 */
	public static function check( string $nonce_action, string|array|\Closure $capability, string $refusal ): void {
		if ( false === check_ajax_referer( $nonce_action, self::FIELD, false ) ) {
			self::refuse( __( 'Your session has expired. Please reload the page and try again.', 'userfeedback' ) );
		}
		if ( ! self::allowed( $capability ) ) {
			self::refuse( $refusal );
		}
	}

	/**
	 * Answers 403 with the message and ends the request. For the refusals a handler decides after the
	 * check (a field that asks for more than the capability gives).
	 */
	public static function refuse( string $message ): never {
		wp_send_json_error(
			array(
				'message' => $message,
				'error'   => $message,
			),
			403
		);
		exit; // wp_send_json_error() ends in wp_die(); for static analysis.
	}

	/**
	 * @param string|string[]|\Closure():bool $capability See check().
	 */
	private static function allowed( string|array|\Closure $capability ): bool {
		if ( $capability instanceof \Closure ) {
			return (bool) $capability();
		}
		if ( array() === $capability ) {
			return false; // Nothing named: no one, rather than everyone.
		}
		foreach ( (array) $capability as $cap ) {
			if ( ! current_user_can( $cap ) ) {
				return false;
			}
		}
		return true;
	}
}
