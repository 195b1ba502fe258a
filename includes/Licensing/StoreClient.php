<?php
/**
 * A client of an Easy Digital Downloads Software Licensing store: the licence actions
 * (activate_license, deactivate_license, check_license) and get_version, which hands out the package URL
 * of a product (the Pro build, an addon) to a licence that may download it.
 *
 * Requests are form POSTs to the store URL through the WordPress HTTP API with a timeout. The store URL
 * is the constant USERFEEDBACK_STORE_URL or the filter userfeedback_store_url; with neither, every call
 * answers a clear error and nothing leaves the site.
 *
 * The store answers JSON. For the licence actions: success (bool), license ('valid', 'invalid',
 * 'expired', 'disabled', 'revoked', 'inactive', 'site_inactive', 'deactivated', 'failed'), error (on
 * activate: 'expired', 'disabled', 'revoked', 'missing', 'invalid', 'site_inactive',
 * 'item_name_mismatch', 'no_activations_left', ...), expires, price_id, item_name. For get_version:
 * new_version, package / download_link (empty when the licence may not download), name, slug.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Licensing;

use WP_Error;

defined( 'ABSPATH' ) || exit;

final class StoreClient {

	/** Seconds to wait for the store. */
	public const TIMEOUT = 15;

	/** The product name of the main plugin at the store (EDD item_name). */
	public const ITEM_NAME = 'UserFeedback Pro';

	public const CODE_NOT_CONFIGURED = 'userfeedback_store_not_configured';
	public const CODE_UNREACHABLE    = 'userfeedback_store_unreachable';
	public const CODE_BAD_ANSWER     = 'userfeedback_store_bad_answer';

	private const MAX_RESPONSE_BYTES = 1048576;

	public function __construct( private readonly ?string $store_url = null ) {}

	/**
	 * The configured store URL, or '' when none is.
	 */
	public function store_url(): string {
		$url = $this->store_url;
		if ( null === $url ) {
			$url = defined( 'USERFEEDBACK_STORE_URL' ) ? (string) USERFEEDBACK_STORE_URL : '';
			$url = (string) apply_filters( 'userfeedback_store_url', $url );
		}
		$url   = trim( $url );
		$parts = wp_parse_url( $url );
		return is_array( $parts ) && in_array( strtolower( $parts['scheme'] ?? '' ), array( 'http', 'https' ), true ) && ! empty( $parts['host'] ) ? $url : '';
	}

	public function is_configured(): bool {
		return '' !== $this->store_url();
	}

	/**
	 * The licence price id (EDD variable pricing) => licence type. Filterable for stores that number
	 * their prices differently.
	 *
	 * @return array<int,string>
	 */
	public static function price_types(): array {
		$map = (array) apply_filters(
			'userfeedback_license_price_types',
			array(
				1 => 'plus',
				2 => 'pro',
				3 => 'elite',
			)
		);
		return array_filter( $map, static fn( $type ): bool => in_array( $type, License::TYPES, true ) );
	}

	/**
	 * One licence action: activate_license, deactivate_license or check_license.
	 *
	 * @param string $action    EDD action.
	 * @param string $key       Licence key.
	 * @param string $item_name Product at the store.
	 * @return array<string,mixed>|WP_Error The store's decoded answer, or why there is none.
	 */
	public function license_action( string $action, #[\SensitiveParameter] string $key, string $item_name = self::ITEM_NAME ): array|WP_Error {
		if ( ! in_array( $action, array( 'activate_license', 'deactivate_license', 'check_license' ), true ) ) {
			return new WP_Error( 'userfeedback_store_action', 'Unknown store action.' );
		}
		return $this->post(
			array(
				'edd_action' => $action,
				'license'    => $key,
				'item_name'  => $item_name,
				'url'        => home_url(),
			)
		);
	}

	/**
	 * get_version for a product: its latest version and, when the licence may download it, the package.
	 *
	 * @return array<string,mixed>|WP_Error
	 */
	public function get_version( #[\SensitiveParameter] string $key, string $item_name ): array|WP_Error {
		return $this->post(
			array(
				'edd_action' => 'get_version',
				'license'    => $key,
				'item_name'  => $item_name,
				'url'        => home_url(),
			)
		);
	}

	/**
	 * The package URL of a get_version answer ('' when the store gave none).
	 *
	 * @param array<string,mixed> $version A get_version answer.
	 */
	public static function package_url( array $version ): string {
		foreach ( array( 'package', 'download_link' ) as $field ) {
			if ( ! empty( $version[ $field ] ) && is_string( $version[ $field ] ) ) {
				return $version[ $field ];
			}
		}
		return '';
	}

	/**
	 * @param array<string,string> $body Form fields.
	 * @return array<string,mixed>|WP_Error
	 */
	private function post( array $body ): array|WP_Error {
		$url = $this->store_url();
		if ( '' === $url ) {
			return new WP_Error( self::CODE_NOT_CONFIGURED, __( 'No license store is configured for this site, so license keys cannot be checked. Define USERFEEDBACK_STORE_URL in wp-config.php.', 'userfeedback' ) );
		}
		// Not wp_safe_remote_post(): the store URL is the site owner's configuration, and stores on a
		// private network (and the tests' loopback store) are legitimate.
		$response = wp_remote_post(
			$url,
			array(
				'timeout'             => self::TIMEOUT,
				'body'                => $body,
				'headers'             => array( 'Accept' => 'application/json' ),
				'limit_response_size' => self::MAX_RESPONSE_BYTES,
				'user-agent'          => 'UserFeedback/' . ( defined( 'USERFEEDBACK_VERSION' ) ? USERFEEDBACK_VERSION : '0' ) . '; ' . home_url(),
			)
		);
		if ( is_wp_error( $response ) ) {
			return new WP_Error(
				self::CODE_UNREACHABLE,
				/* translators: %s: the HTTP error. */
				sprintf( __( 'The license store could not be reached: %s', 'userfeedback' ), $response->get_error_message() )
			);
		}
		$status = (int) wp_remote_retrieve_response_code( $response );
		$data   = json_decode( (string) wp_remote_retrieve_body( $response ), true );
		if ( $status >= 500 || ! is_array( $data ) ) {
			return new WP_Error(
				self::CODE_BAD_ANSWER,
				/* translators: %d: HTTP status. */
				sprintf( __( 'The license store answered with an error (HTTP %d). Please try again later.', 'userfeedback' ), $status )
			);
		}
		return $data;
	}
}
