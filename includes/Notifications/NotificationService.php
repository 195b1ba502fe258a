<?php
/**
 * The notifications drawer of one user: the plugin's own notifications the user may see (by
 * capability) and the remote feed's, minus what this user dismissed (user meta, so every user has an
 * inbox of their own); dismissing one or all; and the allow-list of actions that notification buttons
 * may ask for.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Notifications;

use UserFeedback\Access\Capabilities;
use UserFeedback\Licensing\LicenseService;
use UserFeedback\Rest\ApiException;

defined( 'ABSPATH' ) || exit;

final class NotificationService {

	/** Id => time dismissed, of the current user. */
	public const USER_META = 'userfeedback_dismissed_notifications';

	/** Dismissed notifications shown. */
	public const MAX_DISMISSED = 50;

	/** Dismissals remembered per user (the oldest are forgotten). */
	private const MAX_REMEMBERED = 300;

	/** The fields of a Notification, in the contract's order. */
	private const FIELDS = array( 'id', 'title', 'category', 'icon', 'content', 'active_from', 'buttons' );

	public function __construct(
		private readonly NotificationStore $store,
		private readonly RemoteFeed $feed,
		private readonly LicenseService $licenses,
	) {}

	/**
	 * NotificationsList of the current user.
	 *
	 * @return array{notifications:array<int,array<string,mixed>>,dismissed:array<int,array<string,mixed>>,view_url:string,sidebar_url:string}
	 */
	public function list(): array {
		$visible   = $this->visible();
		$dismissed = $this->dismissed_ids();
		$active    = array();
		$done      = array();
		foreach ( $visible as $id => $notification ) {
			if ( isset( $dismissed[ $id ] ) ) {
				$done[] = $notification;
			} else {
				$active[] = $notification;
			}
		}
		$url = self::view_url();
		return array(
			'notifications' => $active,
			'dismissed'     => array_slice( $done, 0, self::MAX_DISMISSED ),
			'view_url'      => $url,
			'sidebar_url'   => $url,
		);
	}

	/**
	 * Dismisses one notification for the current user.
	 *
	 * @throws ApiException 404 when the user has no such notification.
	 */
	public function dismiss( string $id ): void {
		if ( ! isset( $this->visible()[ $id ] ) ) {
			throw ApiException::not_found( esc_html__( 'There is no such notification.', 'userfeedback' ) );
		}
		$this->remember( array( $id ) );
	}

	/**
	 * Dismisses every notification of the current user's inbox.
	 */
	public function dismiss_all(): void {
		$this->remember( array_keys( $this->visible() ) );
	}

	/**
	 * Runs an action of a notification's button. The allow-list: license/refresh (asks the store about
	 * the stored key; managers of the settings only) and survey/view (the results page).
	 *
	 * @return array{message?:string,reload?:bool,redirect_to?:string} NotificationActionResult.
	 * @throws ApiException 400 for an action not on the list, 403 without its capability, the store's error.
	 */
	public function action( string $kind, string $action ): array {
		switch ( $kind . '/' . $action ) {
			case 'license/refresh':
				if ( ! current_user_can( Capabilities::MANAGE_SETTINGS ) ) {
					throw ApiException::forbidden( esc_html__( 'Sorry, you are not allowed to manage the license of this site.', 'userfeedback' ) );
				}
				$license = $this->licenses->validate( false );
				if ( is_wp_error( $license ) ) {
					$data = $license->get_error_data();
					throw new ApiException( esc_html( (string) $license->get_error_code() ), esc_html( $license->get_error_message() ), (int) ( is_array( $data ) ? ( $data['status'] ?? 400 ) : 400 ) );
				}
				return array(
					'message' => LicenseService::state_message( $license ),
					'reload'  => true,
				);
			case 'survey/view':
				if ( ! current_user_can( Capabilities::VIEW_RESULTS ) ) {
					throw ApiException::forbidden( esc_html__( 'Sorry, you are not allowed to view results.', 'userfeedback' ) );
				}
				return array( 'redirect_to' => admin_url( 'admin.php?page=userfeedback_results' ) );
		}
		throw ApiException::invalid( esc_html__( 'This notification action is not known.', 'userfeedback' ), array( 'action' => esc_html__( 'This notification action is not known.', 'userfeedback' ) ) );
	}

	/**
	 * The admin URL that opens the drawer.
	 */
	public static function view_url(): string {
		return admin_url( 'admin.php?page=userfeedback_surveys&open=userfeedback_notifications' );
	}

	/**
	 * Every notification the current user may see and that has started, newest first, keyed by id.
	 *
	 * @return array<string,array<string,mixed>>
	 */
	private function visible(): array {
		$now  = time();
		$iso  = NotificationStore::iso( $now );
		$list = array();
		foreach ( $this->store->all() as $id => $notification ) {
			$capability = (string) ( $notification['capability'] ?? Capabilities::MANAGE_SETTINGS );
			if ( (string) $notification['active_from'] <= $iso && current_user_can( $capability ) ) {
				$list[ $id ] = self::shape( $notification );
			}
		}
		foreach ( $this->feed->notifications( $now ) as $notification ) {
			if ( (string) $notification['active_from'] <= $iso ) {
				$list[ (string) $notification['id'] ] = self::shape( $notification );
			}
		}
		uasort( $list, array( NotificationStore::class, 'newest_first' ) );
		return $list;
	}

	/**
	 * A notification with exactly the contract's fields.
	 *
	 * @param array<string,mixed> $notification Stored or fetched.
	 * @return array<string,mixed>
	 */
	private static function shape( array $notification ): array {
		$shaped = array();
		foreach ( self::FIELDS as $field ) {
			$shaped[ $field ] = $notification[ $field ] ?? ( 'buttons' === $field ? array() : '' );
		}
		$shaped['buttons'] = array_values( (array) $shaped['buttons'] );
		return $shaped;
	}

	/**
	 * @return array<string,int> Id => when the current user dismissed it.
	 */
	private function dismissed_ids(): array {
		$ids = get_user_meta( get_current_user_id(), self::USER_META, true );
		return is_array( $ids ) ? array_filter( $ids, 'is_int' ) : array();
	}

	/**
	 * @param string[] $ids Notifications the current user dismissed now.
	 */
	private function remember( array $ids ): void {
		$dismissed = $this->dismissed_ids();
		foreach ( $ids as $id ) {
			$dismissed[ $id ] ??= time();
		}
		arsort( $dismissed );
		update_user_meta( get_current_user_id(), self::USER_META, array_slice( $dismissed, 0, self::MAX_REMEMBERED, true ) );
	}
}
