<?php
/**
 * The upgrade blurb of the General settings tab (Lite edition): whether it shows for the current user,
 * and dismissing it for good (per user).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Admin;

use UserFeedback\Access\Capabilities;
use UserFeedback\Licensing\Entitlements;

defined( 'ABSPATH' ) || exit;

final class SettingsBlurb {

	public const ACTION_VALIDATE = 'userfeedback_validate_settings_blurb';
	public const ACTION_DISMISS  = 'userfeedback_dismiss_settings_blurb';

	public const USER_META = 'userfeedback_settings_blurb_dismissed';

	/**
	 * @param \Closure $entitlements Answers the Entitlements in force.
	 */
	public function __construct( private readonly \Closure $entitlements ) {}

	public function register(): void {
		add_action( 'wp_ajax_' . self::ACTION_VALIDATE, array( $this, 'ajax_validate' ) );
		add_action( 'wp_ajax_' . self::ACTION_DISMISS, array( $this, 'ajax_dismiss' ) );
	}

	/**
	 * Answers { show }: true in the Lite edition unless this user dismissed the blurb.
	 */
	public function ajax_validate(): void {
		self::guard();
		/** @var Entitlements $entitlements */
		$entitlements = ( $this->entitlements )();
		wp_send_json_success(
			array(
				'show' => ! $entitlements->is_pro() && ! get_user_meta( get_current_user_id(), self::USER_META, true ),
			)
		);
	}

	/**
	 * Answers { show: false }.
	 */
	public function ajax_dismiss(): void {
		self::guard();
		update_user_meta( get_current_user_id(), self::USER_META, 1 );
		wp_send_json_success( array( 'show' => false ) );
	}

	/**
	 * The guard of both handlers (AjaxGuard).
	 */
	private static function guard(): void {
		AjaxGuard::check( AjaxGuard::AJAX_NONCE, Capabilities::MANAGE_SETTINGS, __( 'Sorry, you are not allowed to manage the settings of this site.', 'userfeedback' ) );
	}
}
