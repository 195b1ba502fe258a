<?php
/**
 * The optional remote notifications feed: a JSON list at the URL of the notifications_feed_url setting
 * (or the userfeedback_notifications_feed_url filter). Fetched through the WordPress HTTP API with a
 * 10 s timeout and at most 1 MB, cached 12 hours; a failure (unreachable, not 200, not a JSON list) is
 * cached for an hour, so a dead feed slows no more than one page an hour.
 *
 * Accepted items: { id, title, content, category?, icon?, start?, end?, btns?: { main?: {text, url},
 * alt?: {text, url} } } or buttons in the shape of NotificationButton. Ids become 'feed-<id>', content is
 * plain text, only http(s) button URLs are kept, and items outside their start/end are left out.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Notifications;

use UserFeedback\Settings\SettingsRepository;

defined( 'ABSPATH' ) || exit;

final class RemoteFeed {

	public const TIMEOUT       = 10;
	public const MAX_BYTES     = 1048576;
	public const CACHE_SECONDS = 12 * HOUR_IN_SECONDS;
	public const RETRY_SECONDS = HOUR_IN_SECONDS;

	/** Items kept from one feed. */
	public const MAX_ITEMS = 50;

	private const TRANSIENT = 'userfeedback_feed_';

	public function __construct( private readonly SettingsRepository $settings ) {}

	/**
	 * The feed's URL: the setting, through the filter; '' when none, or not an http(s) URL.
	 */
	public function url(): string {
		/**
		 * The URL of the remote notifications feed ('' for none).
		 *
		 * @param string $url The notifications_feed_url setting.
		 */
		$url   = trim( (string) apply_filters( 'userfeedback_notifications_feed_url', (string) $this->settings->get( 'notifications_feed_url' ) ) );
		$parts = wp_parse_url( $url );
		return is_array( $parts ) && in_array( strtolower( $parts['scheme'] ?? '' ), array( 'http', 'https' ), true ) && ! empty( $parts['host'] ) ? $url : '';
	}

	/**
	 * The feed's notifications active at $now (the fields of Notification), newest first; none when no
	 * feed is configured or it failed.
	 *
	 * @return array<int,array<string,mixed>>
	 */
	public function notifications( int $now ): array {
		$url = $this->url();
		if ( '' === $url ) {
			return array();
		}
		$key    = self::TRANSIENT . md5( $url );
		$cached = get_transient( $key );
		if ( ! is_array( $cached ) || ! isset( $cached['items'] ) || ! is_array( $cached['items'] ) ) {
			$items  = $this->fetch( $url, $now );
			$cached = array( 'items' => $items ?? array() );
			set_transient( $key, $cached, null === $items ? self::RETRY_SECONDS : self::CACHE_SECONDS );
		}
		$active = array();
		foreach ( $cached['items'] as $item ) {
			if ( ( null !== $item['start'] && $item['start'] > $now ) || ( null !== $item['end'] && $item['end'] <= $now ) ) {
				continue;
			}
			unset( $item['start'], $item['end'] );
			$active[] = $item;
		}
		usort( $active, array( NotificationStore::class, 'newest_first' ) );
		return $active;
	}

	/**
	 * Fetches and parses the feed; null when it failed.
	 *
	 * @return array<int,array<string,mixed>>|null
	 */
	private function fetch( string $url, int $now ): ?array {
		$response = wp_safe_remote_get(
			$url,
			array(
				'timeout'             => self::TIMEOUT,
				'redirection'         => 3,
				'limit_response_size' => self::MAX_BYTES,
				'headers'             => array( 'Accept' => 'application/json' ),
			)
		);
		if ( is_wp_error( $response ) || 200 !== (int) wp_remote_retrieve_response_code( $response ) ) {
			return null;
		}
		$data = json_decode( (string) wp_remote_retrieve_body( $response ), true );
		if ( ! is_array( $data ) || ! array_is_list( $data ) ) {
			return null;
		}
		$items = array();
		foreach ( $data as $raw ) {
			$item = is_array( $raw ) ? self::item( $raw, $now ) : null;
			if ( null !== $item && ! isset( $items[ $item['id'] ] ) ) {
				$items[ $item['id'] ] = $item;
			}
			if ( count( $items ) >= self::MAX_ITEMS ) {
				break;
			}
		}
		return array_values( $items );
	}

	/**
	 * One feed item as a notification (plus start and end timestamps), or null when it has no usable id
	 * or title.
	 *
	 * @param array<string,mixed> $raw The item as the feed sent it.
	 * @return array<string,mixed>|null
	 */
	private static function item( array $raw, int $now ): ?array {
		$id    = is_string( $raw['id'] ?? null ) || is_int( $raw['id'] ?? null ) ? strtolower( (string) $raw['id'] ) : '';
		$id    = substr( trim( (string) preg_replace( '/[^a-z0-9-]+/', '-', $id ), '-' ), 0, 95 );
		$title = self::text( $raw['title'] ?? null, 200 );
		if ( '' === $id || '' === $title ) {
			return null;
		}
		$start = self::time( $raw['start'] ?? null );
		$end   = self::time( $raw['end'] ?? null );

		$icon = is_string( $raw['icon'] ?? null ) ? trim( $raw['icon'] ) : '';
		if ( 1 !== preg_match( '/^[a-z0-9-]{1,50}$/', $icon ) && ! self::is_http_url( $icon, array( 'https' ) ) ) {
			$icon = 'megaphone';
		}
		$category = is_string( $raw['category'] ?? null ) ? sanitize_key( $raw['category'] ) : '';

		return array(
			'id'          => 'feed-' . $id,
			'title'       => $title,
			'category'    => '' !== $category ? substr( $category, 0, 40 ) : 'news',
			'icon'        => $icon,
			'content'     => self::text( $raw['content'] ?? null, 2000 ),
			'active_from' => NotificationStore::iso( $start ?? $now ),
			'buttons'     => self::buttons( $raw ),
			'start'       => $start,
			'end'         => $end,
		);
	}

	/**
	 * @param array<string,mixed> $raw The item.
	 * @return array<int,array<string,mixed>>
	 */
	private static function buttons( array $raw ): array {
		$candidates = array();
		if ( is_array( $raw['btns'] ?? null ) ) {
			foreach ( array(
				'main' => 'primary',
				'alt'  => 'secondary',
			) as $key => $type ) {
				if ( is_array( $raw['btns'][ $key ] ?? null ) ) {
					$candidates[] = array( 'type' => $type ) + $raw['btns'][ $key ];
				}
			}
		} elseif ( is_array( $raw['buttons'] ?? null ) && array_is_list( $raw['buttons'] ) ) {
			foreach ( array_slice( $raw['buttons'], 0, 2 ) as $button ) {
				if ( is_array( $button ) ) {
					$candidates[] = $button;
				}
			}
		}
		$home    = strtolower( (string) wp_parse_url( home_url(), PHP_URL_HOST ) );
		$buttons = array();
		foreach ( $candidates as $button ) {
			$text = self::text( $button['text'] ?? null, 60 );
			$url  = is_string( $button['url'] ?? null ) ? trim( $button['url'] ) : '';
			if ( '' === $text || ! self::is_http_url( $url, array( 'http', 'https' ) ) ) {
				continue;
			}
			$buttons[] = array(
				'type'        => 'secondary' === ( $button['type'] ?? '' ) ? 'secondary' : 'primary',
				'text'        => $text,
				'url'         => esc_url_raw( $url, array( 'http', 'https' ) ),
				'is_external' => strtolower( (string) wp_parse_url( $url, PHP_URL_HOST ) ) !== $home,
			);
		}
		return $buttons;
	}

	/**
	 * @param mixed $value A feed field.
	 */
	private static function text( $value, int $max ): string {
		if ( ! is_string( $value ) ) {
			return '';
		}
		$text = trim( (string) preg_replace( '/\s+/u', ' ', html_entity_decode( wp_strip_all_tags( $value ), ENT_QUOTES | ENT_HTML5, 'UTF-8' ) ) );
		return mb_substr( wp_strip_all_tags( $text ), 0, $max, 'UTF-8' );
	}

	/**
	 * @param mixed $value A date (ISO 8601, Y-m-d H:i:s taken as UTC) or a timestamp.
	 */
	private static function time( $value ): ?int {
		if ( is_int( $value ) && $value > 0 ) {
			return $value;
		}
		if ( ! is_string( $value ) || '' === trim( $value ) ) {
			return null;
		}
		$time = strtotime( trim( $value ), 0 );
		if ( false !== $time && 1 !== preg_match( '/(Z|[+-]\d{2}:?\d{2}|UTC|GMT)$/i', trim( $value ) ) ) {
			$time = strtotime( trim( $value ) . ' UTC' );
		}
		return false === $time ? null : (int) $time;
	}

	/**
	 * @param string[] $schemes Allowed schemes.
	 */
	private static function is_http_url( string $url, array $schemes ): bool {
		$parts = wp_parse_url( $url );
		return is_array( $parts ) && in_array( strtolower( $parts['scheme'] ?? '' ), $schemes, true ) && ! empty( $parts['host'] );
	}
}
