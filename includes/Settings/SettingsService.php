<?php
/**
 * Rules of the plugin settings: validation beyond the schema, feature gates, the write-only API key,
 * and the role mapping of the Access settings.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Settings;

use UserFeedback\Access\Capabilities;
use UserFeedback\Licensing\Entitlements;
use UserFeedback\Notifications\Email\EmailList;
use UserFeedback\Rest\ApiException;

defined( 'ABSPATH' ) || exit;

final class SettingsService {

	private const ROLE_SETTINGS = array( 'create_edit_surveys', 'view_results', 'delete_surveys' );

	public function __construct(
		private readonly SettingsRepository $repository,
		private readonly Capabilities $capabilities,
		private readonly \Closure $entitlements,
	) {}

	/**
	 * Settings as the admin sees them: the API key masked, manager roles always in the role lists.
	 *
	 * @return array<string,mixed>
	 */
	public function for_admin(): array {
		$settings               = $this->repository->all();
		$settings['ai_api_key'] = self::mask( (string) $settings['ai_api_key'] );
		foreach ( self::ROLE_SETTINGS as $key ) {
			$settings[ $key ] = array_values( array_unique( array_merge( Capabilities::manager_roles(), (array) $settings[ $key ] ) ) );
		}
		return $settings;
	}

	/**
	 * Applies a partial update over the stored settings and saves; nothing is written when any field
	 * breaks a rule.
	 *
	 * @param array<string,mixed> $changes The body as the route judged it against SettingsSchema
	 *                                     (Rest\BodyCheck): known keys only, valid and sanitised.
	 * @return array<string,mixed> The settings after the update, as for_admin() returns them.
	 * @throws ApiException With a message per field that breaks a rule.
	 */
	public function update( array $changes ): array {
		$errors = $this->rule_errors( $changes );
		if ( $errors ) {
			throw ApiException::fields( array_map( 'esc_html', $errors ) );
		}

		$current = $this->repository->all();
		$this->check_ai_key( $changes, $current );
		$next = $current;
		foreach ( $changes as $key => $value ) {
			$next[ $key ] = $value;
		}
		$next = $this->normalise( $next, $current );

		$this->repository->save( $next );
		$this->capabilities->sync( array_intersect_key( $next, array_flip( self::ROLE_SETTINGS ) ) );
		return $this->for_admin();
	}

	/**
	 * Rules the schema cannot say.
	 *
	 * @param array<string,mixed> $changes Schema-valid changes.
	 * @return array<string,string> Field => message.
	 */
	private function rule_errors( array $changes ): array {
		$errors = array();
		$labels = SettingsSchema::labels();

		$recipients = isset( $changes['notifications_recipients'] ) ? EmailList::error( (string) $changes['notifications_recipients'] ) : null;
		if ( null !== $recipients ) {
			$errors['notifications_recipients'] = $recipients;
		}

		foreach ( array( 'notifications_header_image', 'widget_custom_logo', 'ai_base_url', 'notifications_feed_url' ) as $key ) {
			if ( ! empty( $changes[ $key ] ) && ! self::is_http_url( (string) $changes[ $key ] ) ) {
				/* translators: %s: name of a setting, e.g. "Logo URL". */
				$errors[ $key ] = sprintf( __( '%s must be an http or https URL.', 'userfeedback' ), $labels[ $key ] );
			}
		}

		$roles = array_keys( wp_roles()->role_names );
		foreach ( self::ROLE_SETTINGS as $key ) {
			$unknown = array_diff( (array) ( $changes[ $key ] ?? array() ), $roles );
			if ( $unknown ) {
				/* translators: 1: name of a setting, 2: role keys. */
				$errors[ $key ] = sprintf( __( '%1$s lists a role this site does not have: %2$s.', 'userfeedback' ), $labels[ $key ], implode( ', ', $unknown ) );
			}
		}

		$logo_type   = $changes['logo_type'] ?? $this->repository->get( 'logo_type' );
		$custom_logo = $changes['widget_custom_logo'] ?? $this->repository->get( 'widget_custom_logo' );
		if ( 'custom' === $logo_type && '' === trim( (string) $custom_logo ) && ( isset( $changes['logo_type'] ) || isset( $changes['widget_custom_logo'] ) ) ) {
			$errors['widget_custom_logo'] = __( 'You must select a custom logo.', 'userfeedback' );
		}

		return $errors;
	}

	/**
	 * Server-side feature stripping and derived values.
	 *
	 * @param array<string,mixed> $next    Settings about to be saved.
	 * @param array<string,mixed> $current Settings stored now.
	 * @return array<string,mixed>
	 */
	private function normalise( array $next, array $current ): array {
		/** @var Entitlements $entitlements */
		$entitlements = ( $this->entitlements )();

		// Role lists are the Access screen's, which is Pro only: without it they cannot change.
		if ( ! $entitlements->can( 'access_control' ) ) {
			foreach ( self::ROLE_SETTINGS as $key ) {
				$next[ $key ] = $current[ $key ];
			}
		}
		foreach ( self::ROLE_SETTINGS as $key ) {
			$next[ $key ] = array_values( array_diff( (array) $next[ $key ], Capabilities::manager_roles() ) );
		}

		// The masked key the admin was shown comes back unchanged on save; keep the real one.
		if ( self::mask( (string) $current['ai_api_key'] ) === $next['ai_api_key'] ) {
			$next['ai_api_key'] = $current['ai_api_key'];
		}

		// Clearing the provider's address turns AI off: the key it was for goes too, unless a new one came.
		if ( '' !== (string) $current['ai_base_url'] && '' === esc_url_raw( (string) $next['ai_base_url'] ) && $next['ai_api_key'] === $current['ai_api_key'] ) {
			$next['ai_api_key'] = '';
		}

		$next['notifications_recipients'] = EmailList::normalise( (string) $next['notifications_recipients'] );
		foreach ( array( 'notifications_header_image', 'widget_custom_logo', 'ai_base_url', 'notifications_feed_url' ) as $key ) {
			$next[ $key ] = esc_url_raw( (string) $next[ $key ] );
		}
		foreach ( array( 'widget_toggle_text', 'skip_text', 'next_text', 'ai_model' ) as $key ) {
			$next[ $key ] = sanitize_text_field( (string) $next[ $key ] );
		}
		$next['widget_font']['family'] = sanitize_text_field( (string) ( $next['widget_font']['family'] ?? '' ) );
		$next['widget_font']['weight'] = (string) ( $next['widget_font']['weight'] ?? '' );
		return $next;
	}

	/**
	 * The stored AI key goes to whatever address and model the settings name: whoever changes either
	 * must type the key again in the same request, or someone who may change settings but was never
	 * told the key could send it to a host of their own. Clearing the address needs no key (the key is
	 * dropped with it).
	 *
	 * @param array<string,mixed> $changes Schema-valid changes.
	 * @param array<string,mixed> $current Settings stored now.
	 * @throws ApiException 400 userfeedback_ai_key_required; nothing is written then.
	 */
	private function check_ai_key( array $changes, array $current ): void {
		$stored = (string) $current['ai_api_key'];
		if ( '' === $stored ) {
			return;
		}
		$url_changed   = array_key_exists( 'ai_base_url', $changes ) && esc_url_raw( (string) $changes['ai_base_url'] ) !== (string) $current['ai_base_url'];
		$model_changed = array_key_exists( 'ai_model', $changes ) && sanitize_text_field( (string) $changes['ai_model'] ) !== (string) $current['ai_model'];
		if ( ! $url_changed && ! $model_changed ) {
			return;
		}
		if ( array_key_exists( 'ai_base_url', $changes ) && '' === esc_url_raw( (string) $changes['ai_base_url'] ) ) {
			return;
		}
		$key = trim( (string) ( $changes['ai_api_key'] ?? '' ) );
		if ( '' !== $key && self::mask( $stored ) !== $key ) {
			return;
		}
		throw self::key_required();
	}

	/**
	 * The 400 of a change of the AI provider's address or model without its key.
	 */
	private static function key_required(): ApiException {
		$message = esc_html__( "Enter the API key again to change the AI provider's address or model.", 'userfeedback' );
		return new ApiException(
			'userfeedback_ai_key_required',
			$message,
			400,
			array(
				'params' => array( 'ai_api_key' => $message ),
				'fields' => array( 'ai_api_key' => $message ),
			)
		);
	}

	private static function is_http_url( string $url ): bool {
		$parts = wp_parse_url( $url );
		return is_array( $parts ) && in_array( strtolower( $parts['scheme'] ?? '' ), array( 'http', 'https' ), true ) && ! empty( $parts['host'] );
	}

	public static function mask( string $key ): string {
		if ( '' === $key ) {
			return '';
		}
		return str_repeat( '•', 8 ) . substr( $key, -4 );
	}
}
