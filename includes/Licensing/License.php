<?php
/**
 * The stored licence of the site (or of the network): key, type and the store's verdict.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Licensing;

defined( 'ABSPATH' ) || exit;

final class License {

	public const OPTION = 'userfeedback_license';
	public const TYPES  = array( 'plus', 'pro', 'elite' );

	public function __construct(
		public readonly string $key = '',
		public readonly ?string $type = null,
		public readonly bool $is_expired = false,
		public readonly bool $is_disabled = false,
		public readonly bool $is_invalid = false,
		public readonly string $expires = '',
	) {}

	/**
	 * @param mixed $data The stored option.
	 */
	public static function from_array( $data ): self {
		$data = is_array( $data ) ? $data : array();
		$type = isset( $data['type'] ) && in_array( $data['type'], self::TYPES, true ) ? $data['type'] : null;
		return new self(
			is_string( $data['key'] ?? null ) ? $data['key'] : '',
			$type,
			! empty( $data['is_expired'] ),
			! empty( $data['is_disabled'] ),
			! empty( $data['is_invalid'] ),
			is_string( $data['expires'] ?? null ) ? $data['expires'] : '',
		);
	}

	/**
	 * The site's licence, or the network's when the site has none of its own.
	 */
	public static function current(): self {
		$site = self::from_array( get_option( self::OPTION, array() ) );
		if ( '' !== $site->key || ! is_multisite() ) {
			return $site;
		}
		return self::from_array( get_site_option( self::OPTION, array() ) );
	}

	public function is_valid(): bool {
		return '' !== $this->key && null !== $this->type && ! $this->is_expired && ! $this->is_disabled && ! $this->is_invalid;
	}

	/**
	 * A key as answers show it: its last four characters (none of a short key), the rest as stars.
	 * The key itself never leaves the server (issue 16): it is the site owner's secret.
	 */
	public static function mask( #[\SensitiveParameter] string $key ): string {
		if ( '' === $key ) {
			return '';
		}
		$shown = strlen( $key ) > 8 ? 4 : 0;
		return str_repeat( '*', strlen( $key ) - $shown ) . ( $shown ? substr( $key, -$shown ) : '' );
	}

	/**
	 * The licence as answers carry it: to_array() with the key masked.
	 *
	 * @return array{key:string,type:?string,is_expired:bool,is_disabled:bool,is_invalid:bool,expires:string}
	 */
	public function to_public_array(): array {
		return array( 'key' => self::mask( $this->key ) ) + $this->to_array();
	}

	/**
	 * The stored form (the option), with the key.
	 *
	 * @return array{key:string,type:?string,is_expired:bool,is_disabled:bool,is_invalid:bool,expires:string}
	 */
	public function to_array(): array {
		return array(
			'key'         => $this->key,
			'type'        => $this->type,
			'is_expired'  => $this->is_expired,
			'is_disabled' => $this->is_disabled,
			'is_invalid'  => $this->is_invalid,
			'expires'     => $this->expires,
		);
	}
}
