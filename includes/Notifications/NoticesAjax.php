<?php
/**
 * Closing a notice banner (admin-ajax, the page's ajax nonce): userfeedback_ajax_vue_remove_notice
 * { notice_id } closes it for the current user (any of our capabilities);
 * userfeedback_ajax_vue_remove_wp_notice { notice_id } closes a global one for the whole site (managers
 * of the settings). Unknown ids are refused with 400.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Notifications;

use UserFeedback\Access\Capabilities;
use UserFeedback\Admin\AjaxGuard;

defined( 'ABSPATH' ) || exit;

final class NoticesAjax {

	public const ACTION_REMOVE    = 'userfeedback_ajax_vue_remove_notice';
	public const ACTION_REMOVE_WP = 'userfeedback_ajax_vue_remove_wp_notice';

	public function __construct( private readonly ServerNotices $notices ) {}

	public function register(): void {
		add_action( 'wp_ajax_' . self::ACTION_REMOVE, array( $this, 'ajax_remove' ) );
		add_action( 'wp_ajax_' . self::ACTION_REMOVE_WP, array( $this, 'ajax_remove_wp' ) );
	}

	/**
	 * Answers { notice_id, dismissed: true }.
	 */
	public function ajax_remove(): void {
		self::guard( false );
		$id = self::notice_id( false );
		$this->notices->dismiss_for_user( $id );
		wp_send_json_success(
			array(
				'notice_id' => $id,
				'dismissed' => true,
			)
		);
	}

	/**
	 * Answers { notice_id, dismissed: true }.
	 */
	public function ajax_remove_wp(): void {
		self::guard( true );
		$id = self::notice_id( true );
		$this->notices->dismiss_for_site( $id );
		wp_send_json_success(
			array(
				'notice_id' => $id,
				'dismissed' => true,
			)
		);
	}

	/**
	 * The guard of each handler (AjaxGuard): the ajax nonce, then the capability.
	 *
	 * @param bool $site Whether the change is for the whole site (managers of the settings only).
	 */
	private static function guard( bool $site ): void {
		AjaxGuard::check(
			AjaxGuard::AJAX_NONCE,
			$site ? Capabilities::MANAGE_SETTINGS : static fn(): bool => Capabilities::any_of_ours(),
			__( 'Sorry, you are not allowed to do that.', 'userfeedback' )
		);
	}

	/**
	 * The notice_id field: a known notice (a global one for the site-wide action), or a 400.
	 */
	private static function notice_id( bool $site_wide ): string {
		// phpcs:ignore WordPress.Security.NonceVerification.Missing -- guard() checked it.
		$id = isset( $_POST['notice_id'] ) && is_string( $_POST['notice_id'] ) ? sanitize_key( wp_unslash( $_POST['notice_id'] ) ) : '';
		if ( ! isset( ServerNotices::IDS[ $id ] ) || ( $site_wide && ! ServerNotices::IDS[ $id ] ) ) {
			wp_send_json_error( array( 'message' => __( 'This notice is not known.', 'userfeedback' ) ), 400 );
		}
		return $id;
	}
}
