<?php
/**
 * The plugin's own notifications (first response, scheduled survey live, licence expiring or expired):
 * one option, not autoloaded, holding at most the 100 newest, keyed by id. Adding is idempotent: a
 * notification whose id is stored already is left as it is, so a producer may run again safely.
 *
 * What each user dismissed is the user's own (user meta), kept by NotificationService.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Notifications;

defined( 'ABSPATH' ) || exit;

final class NotificationStore {

	public const OPTION = 'userfeedback_notifications';

	/** How many notifications are kept: the newest ones. */
	public const MAX = 100;

	/** The pattern of every notification id (also the dismiss route's). */
	public const ID_PATTERN = '^[a-z0-9-]{1,100}$';

	/**
	 * Every stored notification, keyed by id. Each has the fields of Notification (types/notifications.ts)
	 * plus 'capability': the one of ours a user needs to see it.
	 *
	 * @return array<string,array<string,mixed>>
	 */
	public function all(): array {
		$stored = get_option( self::OPTION, array() );
		if ( ! is_array( $stored ) ) {
			return array();
		}
		$valid = array();
		foreach ( $stored as $id => $notification ) {
			if ( is_string( $id ) && is_array( $notification ) && isset( $notification['id'], $notification['active_from'] ) && $id === $notification['id'] ) {
				$valid[ $id ] = $notification;
			}
		}
		return $valid;
	}

	public function has( string $id ): bool {
		return isset( $this->all()[ $id ] );
	}

	/**
	 * Stores a notification unless one with its id is stored already.
	 *
	 * @param array<string,mixed> $notification Notification fields (id, title, category, icon, content, active_from, buttons) and capability.
	 * @return bool Whether it was added.
	 */
	public function add( array $notification ): bool {
		$id = (string) ( $notification['id'] ?? '' );
		if ( 1 !== preg_match( '/' . self::ID_PATTERN . '/', $id ) ) {
			throw new \InvalidArgumentException( esc_html( sprintf( 'Invalid notification id "%s".', $id ) ) );
		}
		$all = $this->all();
		if ( isset( $all[ $id ] ) ) {
			return false;
		}
		$all[ $id ] = $notification;
		uasort( $all, array( self::class, 'newest_first' ) );
		$this->save( array_slice( $all, 0, self::MAX, true ) );
		return true;
	}

	/**
	 * Removes the notifications whose id starts with $prefix (a state that no longer holds).
	 */
	public function remove_prefixed( string $prefix ): void {
		$all  = $this->all();
		$kept = array_filter( $all, static fn( string $id ): bool => ! str_starts_with( $id, $prefix ), ARRAY_FILTER_USE_KEY );
		if ( count( $kept ) !== count( $all ) ) {
			$this->save( $kept );
		}
	}

	/**
	 * Orders notifications by active_from, newest first (ids break ties, so the order is stable).
	 *
	 * @param array<string,mixed> $a A notification.
	 * @param array<string,mixed> $b Another.
	 */
	public static function newest_first( array $a, array $b ): int {
		return array( (string) $b['active_from'], (string) $b['id'] ) <=> array( (string) $a['active_from'], (string) $a['id'] );
	}

	/**
	 * A time as notifications carry it: ISO 8601 UTC.
	 */
	public static function iso( int $timestamp ): string {
		return gmdate( 'Y-m-d\TH:i:s\Z', $timestamp );
	}

	/**
	 * @param array<string,array<string,mixed>> $all Notifications by id.
	 */
	private function save( array $all ): void {
		// Not autoloaded: only the admin's drawer reads it (update_option adds it when missing).
		update_option( self::OPTION, $all, false );
	}
}
