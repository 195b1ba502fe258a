<?php
/**
 * The licence screen's admin-ajax actions (shapes: admin-app/src/shared/types/admin.ts): read the site
 * and network licences, verify, deactivate and refresh a key, and connect a key in the Lite edition
 * (LicenseConnect). The rules are LicenseService's; this class reads the form and answers JSON.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Licensing;

use UserFeedback\Access\Capabilities;
use UserFeedback\Admin\AjaxGuard;
use WP_Error;

defined( 'ABSPATH' ) || exit;

final class LicenseAjax {

	public const ACTION_GET        = 'userfeedback_vue_get_license';
	public const ACTION_VERIFY     = 'userfeedback_verify_license';
	public const ACTION_DEACTIVATE = 'userfeedback_deactivate_license';
	public const ACTION_VALIDATE   = 'userfeedback_validate_license';
	public const ACTION_CONNECT    = 'userfeedback_connect_url';

	public const DEFAULT_RENEW_URL = 'https://userfeedback.com/checkout/';

	public function __construct(
		private readonly LicenseService $licenses,
		private readonly LicenseConnect $connect,
	) {}

	public function register(): void {
		add_action( 'wp_ajax_' . self::ACTION_GET, array( $this, 'ajax_get' ) );
		add_action( 'wp_ajax_' . self::ACTION_VERIFY, array( $this, 'ajax_verify' ) );
		add_action( 'wp_ajax_' . self::ACTION_DEACTIVATE, array( $this, 'ajax_deactivate' ) );
		add_action( 'wp_ajax_' . self::ACTION_VALIDATE, array( $this, 'ajax_validate' ) );
		add_action( 'wp_ajax_' . self::ACTION_CONNECT, array( $this, 'ajax_connect' ) );
	}

	/**
	 * Answers LicenseInfo.
	 */
	public function ajax_get(): void {
		self::guard( false );
		$site        = $this->licenses->stored( false );
		$network     = $this->licenses->stored( true );
		$can_network = is_multisite() && current_user_can( 'manage_network_options' );
		// Keys never leave the server: every answer shows their end only (License::mask()), and the
		// renewal link does not carry the key (the store's checkout asks for it).
		wp_send_json_success(
			array(
				'site'               => $site?->to_public_array(),
				'network'            => $network?->to_public_array(),
				'can_manage_network' => $can_network,
				'store_configured'   => $this->licenses->store()->is_configured(),
				'renew_url'          => self::renew_url( '' ),
			)
		);
	}

	/**
	 * Form fields: license, network ('1' for the network licence). Answers LicenseActionResult.
	 */
	public function ajax_verify(): void {
		$network = self::guard( true );
		$license = $this->licenses->verify( $this->key_field( $network ), $network );
		if ( is_wp_error( $license ) ) {
			self::fail( $license );
		}
		wp_send_json_success(
			array(
				'message' => sprintf(
					/* translators: %s: the licence type (Plus, Pro, Elite). */
					__( 'Congratulations! Your UserFeedback %s license key has been verified.', 'userfeedback' ),
					ucfirst( (string) $license->type )
				),
				'license' => $license->to_public_array(),
			)
		);
	}

	/**
	 * Form fields: license, network. Answers LicenseActionResult with an empty licence.
	 */
	public function ajax_deactivate(): void {
		$network = self::guard( true );
		$result  = $this->licenses->deactivate( $this->key_field( $network ), $network );
		if ( is_wp_error( $result ) ) {
			self::fail( $result );
		}
		wp_send_json_success(
			array(
				'message' => $result['message'],
				'license' => $result['license']->to_public_array(),
			)
		);
	}

	/**
	 * Form field: network. Refreshes the stored key; answers LicenseActionResult.
	 */
	public function ajax_validate(): void {
		$network = self::guard( true );
		$license = $this->licenses->validate( $network );
		if ( is_wp_error( $license ) ) {
			self::fail( $license );
		}
		wp_send_json_success(
			array(
				'message' => LicenseService::state_message( $license ),
				'license' => $license->to_public_array(),
			)
		);
	}

	/**
	 * Form field: key. Lite edition only; answers ConnectResult (see LicenseConnect).
	 */
	public function ajax_connect(): void {
		self::guard( false );
		if ( ! current_user_can( 'install_plugins' ) ) {
			AjaxGuard::refuse( __( 'Sorry, you are not allowed to install plugins on this site.', 'userfeedback' ) );
		}
		$result = $this->connect->connect( self::field( 'key' ) );
		if ( $result['success'] ) {
			wp_send_json_success( $result['data'] );
		}
		wp_send_json_error( $result['data'], $result['status'] );
	}

	/**
	 * Where an expired key is renewed.
	 */
	public static function renew_url( #[\SensitiveParameter] string $key ): string {
		$args = array(
			'utm_source'   => 'proplugin',
			'utm_medium'   => 'settings-general',
			'utm_campaign' => 'renew',
			'utm_content'  => USERFEEDBACK_VERSION,
		);
		if ( '' !== $key ) {
			$args = array( 'edd_license_key' => rawurlencode( $key ) ) + $args;
		}
		/**
		 * The renewal page of an expired licence.
		 *
		 * @param string $url The page, with the key and campaign parameters.
		 * @param string $key The licence key ('' when none is stored).
		 */
		return esc_url_raw( (string) apply_filters( 'userfeedback_license_renew_url', add_query_arg( $args, self::DEFAULT_RENEW_URL ), $key ) );
	}

	/**
	 * The guard of every handler (AjaxGuard): the page's ajax nonce and the settings capability; for
	 * the network licence, a network and a network administrator as well.
	 *
	 * @param bool $allow_network Whether the action takes the network field.
	 * @return bool Whether the network licence is meant.
	 */
	private static function guard( bool $allow_network ): bool {
		AjaxGuard::check( AjaxGuard::AJAX_NONCE, Capabilities::MANAGE_SETTINGS, __( 'Sorry, you are not allowed to manage the license of this site.', 'userfeedback' ) );
		$network = $allow_network && rest_sanitize_boolean( self::field( 'network' ) );
		if ( $network && ! ( is_multisite() && current_user_can( 'manage_network_options' ) ) ) {
			AjaxGuard::refuse( __( 'Sorry, you are not allowed to manage the license of this network.', 'userfeedback' ) );
		}
		return $network;
	}

	private static function fail( WP_Error $error ): never {
		$data    = $error->get_error_data();
		$message = $error->get_error_message();
		wp_send_json_error(
			array(
				'message' => $message,
				'error'   => $message,
			),
			(int) ( is_array( $data ) && isset( $data['status'] ) ? $data['status'] : 400 )
		);
		exit;
	}

	/**
	 * The license field; the masked key the screen was shown (and sends back as it is) means the
	 * stored key.
	 */
	private function key_field( bool $network ): string {
		$key    = self::field( 'license' );
		$stored = $this->licenses->stored( $network );
		if ( null !== $stored && '' !== $stored->key && '' !== $key && License::mask( $stored->key ) === $key ) {
			return $stored->key;
		}
		return $key;
	}

	/**
	 * A form field as a plain string ('' when missing or not a string).
	 */
	private static function field( string $name ): string {
		// An array (key[] in the form) gives '', as a missing field does.
		return isset( $_POST[ $name ] ) ? sanitize_text_field( wp_unslash( $_POST[ $name ] ) ) : ''; // phpcs:ignore WordPress.Security.NonceVerification.Missing -- guard() checks it first.
	}
}
