<?php
/**
 * The licence rules: verify (activate a key with the store and keep it), deactivate, and validate
 * (ask the store again about the stored key: the "refresh" and the daily check). The site's licence is
 * the option License::OPTION; the network's (multisite only) the site option of the same name.
 *
 * Every failure is a WP_Error whose data holds the HTTP status the admin-ajax answer uses: 400 for the
 * store's verdict or invalid input, 502 when the store cannot be asked (not configured, unreachable, an
 * error answer). A failed verify or refresh never replaces or loses what is stored.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Licensing;

use WP_Error;

defined( 'ABSPATH' ) || exit;

final class LicenseService {

	/** Longest key accepted (EDD keys are 32 characters). */
	private const MAX_KEY_LENGTH = 100;

	public function __construct( private readonly StoreClient $store ) {}

	public function store(): StoreClient {
		return $this->store;
	}

	/**
	 * The stored licence of the site, or of the network (null on a single site).
	 */
	public function stored( bool $network ): ?License {
		if ( $network ) {
			return is_multisite() ? License::from_array( get_site_option( License::OPTION, array() ) ) : null;
		}
		return License::from_array( get_option( License::OPTION, array() ) );
	}

	/**
	 * Activates the key with the store for this site and, when the store accepts it, stores it.
	 */
	public function verify( #[\SensitiveParameter] string $key, bool $network ): License|WP_Error {
		$key = self::clean_key( $key );
		if ( is_wp_error( $key ) ) {
			return $key;
		}
		$answer = $this->store->license_action( 'activate_license', $key );
		if ( is_wp_error( $answer ) ) {
			return self::unreachable( $answer );
		}
		if ( empty( $answer['success'] ) || 'valid' !== ( $answer['license'] ?? '' ) ) {
			$code = is_string( $answer['error'] ?? null ) ? $answer['error'] : (string) ( $answer['license'] ?? '' );
			return self::error( 'userfeedback_license_' . sanitize_key( '' !== $code ? $code : 'refused' ), self::verdict_message( $code ), 400 );
		}
		$type = self::type_of( $answer );
		if ( null === $type ) {
			return self::error( 'userfeedback_license_unknown_type', __( 'This license key is valid, but its plan is not one UserFeedback knows. Please contact support.', 'userfeedback' ), 400 );
		}
		$license = new License( $key, $type, false, false, false, self::expires_of( $answer ) );
		$this->save( $license, $network );
		return $license;
	}

	/**
	 * Deactivates the stored key at the store for this site and forgets it. The store answers 'failed'
	 * when this site was not activated for the key any more (deactivated from the account, say): the key
	 * is forgotten all the same, and the message says so.
	 *
	 * @param string $key The key to deactivate: the stored one ('' means the stored one).
	 * @return array{license:License,message:string}|WP_Error
	 */
	public function deactivate( #[\SensitiveParameter] string $key, bool $network ): array|WP_Error {
		$stored = $this->stored( $network );
		if ( null === $stored || '' === $stored->key ) {
			return self::error( 'userfeedback_license_none', __( 'There is no license key to deactivate.', 'userfeedback' ), 400 );
		}
		$key = trim( $key );
		if ( '' !== $key && ! hash_equals( $stored->key, $key ) ) {
			return self::error( 'userfeedback_license_other_key', __( 'This is not the license key stored for this site.', 'userfeedback' ), 400 );
		}
		$answer = $this->store->license_action( 'deactivate_license', $stored->key );
		if ( is_wp_error( $answer ) ) {
			return self::unreachable( $answer );
		}
		if ( ! empty( $answer['success'] ) && 'deactivated' === ( $answer['license'] ?? '' ) ) {
			$message = __( 'Your license key has been deactivated.', 'userfeedback' );
		} elseif ( 'failed' === ( $answer['license'] ?? '' ) ) {
			$message = __( 'This site was no longer activated for this license key at the store. The license key has been removed from this site.', 'userfeedback' );
		} else {
			return self::error( 'userfeedback_license_not_deactivated', __( 'The license store did not deactivate this license key. Please try again later.', 'userfeedback' ), 400 );
		}
		$this->forget( $network );
		return array(
			'license' => new License(),
			'message' => $message,
		);
	}

	/**
	 * Asks the store about the stored key and keeps its verdict (flags, type, expiry). When the store
	 * cannot be asked, the stored flags stay as they are.
	 */
	public function validate( bool $network ): License|WP_Error {
		$stored = $this->stored( $network );
		if ( null === $stored || '' === $stored->key ) {
			return self::refresh_error( self::error( 'userfeedback_license_none', __( 'There is no license key to refresh.', 'userfeedback' ), 400 ) );
		}
		$answer = $this->store->license_action( 'check_license', $stored->key );
		if ( is_wp_error( $answer ) ) {
			return self::refresh_error( self::unreachable( $answer ) );
		}
		$status = is_string( $answer['license'] ?? null ) ? $answer['license'] : '';
		if ( '' === $status ) {
			return self::refresh_error( self::error( StoreClient::CODE_BAD_ANSWER, __( 'The license store did not say whether the key is valid.', 'userfeedback' ), 502 ) );
		}
		$license = new License(
			$stored->key,
			self::type_of( $answer ) ?? $stored->type,
			'expired' === $status,
			in_array( $status, array( 'disabled', 'revoked' ), true ),
			! in_array( $status, array( 'valid', 'expired', 'disabled', 'revoked' ), true ),
			isset( $answer['expires'] ) ? self::expires_of( $answer ) : $stored->expires,
		);
		$this->save( $license, $network );
		return $license;
	}

	/**
	 * What a refreshed licence's state means, for the answer of the refresh.
	 */
	public static function state_message( License $license ): string {
		if ( $license->is_expired ) {
			return __( 'Your license has been refreshed. This license key has expired.', 'userfeedback' );
		}
		if ( $license->is_disabled ) {
			return __( 'Your license has been refreshed. This license key has been disabled.', 'userfeedback' );
		}
		if ( $license->is_invalid ) {
			return __( 'Your license has been refreshed. This license key is not valid for this site.', 'userfeedback' );
		}
		return __( 'Your license has been refreshed.', 'userfeedback' );
	}

	/**
	 * The message for the store's reason to refuse an activation.
	 */
	public static function verdict_message( string $code ): string {
		switch ( $code ) {
			case 'expired':
				return __( 'This license key has expired.', 'userfeedback' );
			case 'disabled':
			case 'revoked':
				return __( 'This license key has been disabled.', 'userfeedback' );
			case 'no_activations_left':
				return __( 'This license key has reached its activation limit.', 'userfeedback' );
			case 'item_name_mismatch':
			case 'invalid_item_id':
				return __( 'This license key is not for UserFeedback Pro.', 'userfeedback' );
			case 'site_inactive':
				return __( 'This license key is not active for this site.', 'userfeedback' );
			case 'missing':
			case 'invalid':
			case 'key_mismatch':
				return __( 'This license key is invalid.', 'userfeedback' );
			default:
				return __( 'The license store did not accept this license key.', 'userfeedback' );
		}
	}

	/**
	 * A key as typed: trimmed, non-empty, printable, not absurdly long.
	 */
	private static function clean_key( string $key ): string|WP_Error {
		$key = trim( $key );
		if ( '' === $key ) {
			return self::error( 'userfeedback_license_empty', __( 'Please enter a license key.', 'userfeedback' ), 400 );
		}
		if ( strlen( $key ) > self::MAX_KEY_LENGTH || ! preg_match( '/^[\x21-\x7E]+$/', $key ) ) {
			return self::error( 'userfeedback_license_invalid', __( 'This license key is invalid.', 'userfeedback' ), 400 );
		}
		return $key;
	}

	/**
	 * @param array<string,mixed> $answer The store's answer.
	 */
	private static function type_of( array $answer ): ?string {
		if ( ! isset( $answer['price_id'] ) || ! is_numeric( $answer['price_id'] ) ) {
			return null;
		}
		return StoreClient::price_types()[ (int) $answer['price_id'] ] ?? null;
	}

	/**
	 * The expiry as the store sends it ('2027-01-01 23:59:59' or 'lifetime') as ISO 8601 (UTC, as EDD
	 * keeps it), 'lifetime', or '' when there is none that makes sense.
	 *
	 * @param array<string,mixed> $answer The store's answer.
	 */
	private static function expires_of( array $answer ): string {
		$expires = is_string( $answer['expires'] ?? null ) ? trim( $answer['expires'] ) : '';
		if ( 'lifetime' === $expires || '' === $expires ) {
			return $expires;
		}
		$date = date_create_immutable( $expires, new \DateTimeZone( 'UTC' ) );
		return false === $date ? '' : $date->format( 'Y-m-d\TH:i:s\Z' );
	}

	private function save( License $license, bool $network ): void {
		if ( $network ) {
			update_site_option( License::OPTION, $license->to_array() );
		} else {
			update_option( License::OPTION, $license->to_array() );
		}
		$this->changed( $network );
	}

	private function forget( bool $network ): void {
		if ( $network ) {
			delete_site_option( License::OPTION );
		} else {
			delete_option( License::OPTION );
		}
		$this->changed( $network );
	}

	/**
	 * The rest of the request (and addons listening) see the new licence.
	 */
	private function changed( bool $network ): void {
		\UserFeedback\Plugin::instance()->use_entitlements( null );
		/**
		 * Fires after the stored licence of the site or of the network changed.
		 *
		 * @param License $license The licence in force now.
		 * @param bool    $network Whether the network licence changed.
		 */
		do_action( 'userfeedback_license_changed', License::current(), $network );
	}

	private static function error( string $code, string $message, int $status ): WP_Error {
		return new WP_Error( $code, $message, array( 'status' => $status ) );
	}

	/**
	 * A StoreClient error (not configured, unreachable, an error answer): 502 with its message.
	 */
	private static function unreachable( WP_Error $error ): WP_Error {
		return self::error( $error->get_error_code() ? (string) $error->get_error_code() : StoreClient::CODE_UNREACHABLE, $error->get_error_message(), 502 );
	}

	private static function refresh_error( WP_Error $error ): WP_Error {
		return self::error(
			(string) $error->get_error_code(),
			/* translators: %s: why the refresh failed. */
			sprintf( __( 'There was an error refreshing your license: %s', 'userfeedback' ), $error->get_error_message() ),
			(int) ( $error->get_error_data()['status'] ?? 502 )
		);
	}
}
