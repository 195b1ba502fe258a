<?php
/**
 * The notice banners the server hands every admin app (BootConfig 'notices', ServerNotice of
 * types/notifications.ts), for the users who manage the settings: the Pro edition's licence expired or
 * disabled, and no licence store configured. A banner closed by a user stays closed for that user
 * (user meta); a global one closed by a manager stays closed for the whole site (an option).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Notifications;

use UserFeedback\Access\Capabilities;
use UserFeedback\Licensing\Entitlements;
use UserFeedback\Licensing\License;
use UserFeedback\Licensing\StoreClient;

defined( 'ABSPATH' ) || exit;

final class ServerNotices {

	/** Every notice id => whether it is global (closed for the whole site). */
	public const IDS = array(
		'license-expired'       => false,
		'license-disabled'      => false,
		'license-store-missing' => true,
	);

	public const USER_META = 'userfeedback_dismissed_notices';
	public const OPTION    = 'userfeedback_dismissed_wp_notices';

	/**
	 * @param \Closure $entitlements Answers the Entitlements in force.
	 */
	public function __construct(
		private readonly \Closure $entitlements,
		private readonly StoreClient $store,
	) {}

	/**
	 * The notices of the current user that apply now and that nobody closed.
	 *
	 * @return array<int,array{id:string,icon:string,type:string,content:string,isClosable:bool,dismissed:bool,global:bool}>
	 */
	public function for_current_user(): array {
		if ( ! current_user_can( Capabilities::MANAGE_SETTINGS ) ) {
			return array();
		}
		/** @var Entitlements $entitlements */
		$entitlements = ( $this->entitlements )();
		if ( ! $entitlements->is_pro() ) {
			return array();
		}
		$license = License::current();
		$notices = array();
		if ( '' !== $license->key && $license->is_expired ) {
			$notices['license-expired'] = array( 'warning', 'warning', __( 'Your license key for UserFeedback has expired. Renew it in Settings > General to keep your Pro features and updates.', 'userfeedback' ) );
		} elseif ( '' !== $license->key && $license->is_disabled ) {
			$notices['license-disabled'] = array( 'warning', 'warning', __( 'Your license key for UserFeedback has been disabled. Please use a different key.', 'userfeedback' ) );
		}
		if ( ! $this->store->is_configured() ) {
			$notices['license-store-missing'] = array( 'info', 'info', __( 'No license store is configured for this site, so license keys cannot be verified. Set the USERFEEDBACK_STORE_URL constant or the userfeedback_store_url filter.', 'userfeedback' ) );
		}

		$closed = $this->closed();
		$list   = array();
		foreach ( $notices as $id => [ $type, $icon, $content ] ) {
			if ( isset( $closed[ $id ] ) ) {
				continue;
			}
			$list[] = array(
				'id'         => $id,
				'icon'       => $icon,
				'type'       => $type,
				'content'    => $content,
				'isClosable' => true,
				'dismissed'  => false,
				'global'     => self::IDS[ $id ],
			);
		}
		return $list;
	}

	/**
	 * Closes a notice for the current user.
	 */
	public function dismiss_for_user( string $id ): void {
		$ids        = self::ids( get_user_meta( get_current_user_id(), self::USER_META, true ) );
		$ids[ $id ] = true;
		update_user_meta( get_current_user_id(), self::USER_META, array_keys( $ids ) );
	}

	/**
	 * Closes a global notice for everyone.
	 */
	public function dismiss_for_site( string $id ): void {
		$ids        = self::ids( get_option( self::OPTION, array() ) );
		$ids[ $id ] = true;
		update_option( self::OPTION, array_keys( $ids ), false );
	}

	/**
	 * @return array<string,true> Ids closed for the current user or for the site.
	 */
	private function closed(): array {
		return self::ids( get_user_meta( get_current_user_id(), self::USER_META, true ) ) + self::ids( get_option( self::OPTION, array() ) );
	}

	/**
	 * @param mixed $stored A stored list of ids.
	 * @return array<string,true> The known ids in it.
	 */
	private static function ids( $stored ): array {
		$ids = array();
		foreach ( is_array( $stored ) ? $stored : array() as $id ) {
			if ( is_string( $id ) && isset( self::IDS[ $id ] ) ) {
				$ids[ $id ] = true;
			}
		}
		return $ids;
	}
}
