<?php
/**
 * The one place that answers "may this site use X?": edition, licence, licence type and active addons.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Licensing;

defined( 'ABSPATH' ) || exit;

final class Entitlements {

	public const ADDONS = array( 'behavior', 'branding', 'targeting', 'templates', 'question-types', 'heatmaps', 'geo-restrictions', 'post-ratings' );

	/**
	 * Licence types in ascending order: a feature that needs "pro" is open to pro and elite.
	 */
	private const TYPE_RANK = array(
		'plus'  => 1,
		'pro'   => 2,
		'elite' => 3,
	);

	/**
	 * Every gated feature the spec names. All of them need the Pro edition with a valid licence;
	 * "type" is the lowest licence type and "addon" the addon that must be active as well.
	 */
	private const FEATURES = array(
		'advanced_question_types' => array(
			'type'  => 'plus',
			'addon' => 'question-types',
		),
		'question_settings'       => array(
			'type'  => 'plus',
			'addon' => 'question-types',
		),
		'thank_you_message'       => array(
			'type'  => 'plus',
			'addon' => null,
		),
		'thank_you_redirect'      => array(
			'type'  => 'plus',
			'addon' => 'behavior',
		),
		'behavior'                => array(
			'type'  => 'plus',
			'addon' => 'behavior',
		),
		'branding'                => array(
			'type'  => 'plus',
			'addon' => 'branding',
		),
		'widget_positions_middle' => array(
			'type'  => 'plus',
			'addon' => null,
		),
		'device_targeting'        => array(
			'type'  => 'pro',
			'addon' => 'targeting',
		),
		'page_targeting'          => array(
			'type'  => 'plus',
			'addon' => 'targeting',
		),
		'geo_targeting'           => array(
			'type'  => 'plus',
			'addon' => 'geo-restrictions',
		),
		'scheduling'              => array(
			'type'  => 'plus',
			'addon' => null,
		),
		'email_logic'             => array(
			'type'  => 'pro',
			'addon' => null,
		),
		'pro_templates'           => array(
			'type'  => 'plus',
			'addon' => 'templates',
		),
		'export'                  => array(
			'type'  => 'plus',
			'addon' => null,
		),
		'results_30_days'         => array(
			'type'  => 'plus',
			'addon' => null,
		),
		'response_management'     => array(
			'type'  => 'plus',
			'addon' => null,
		),
		'ai_summary'              => array(
			'type'  => 'pro',
			'addon' => null,
		),
		'access_control'          => array(
			'type'  => 'plus',
			'addon' => null,
		),
		'post_ratings'            => array(
			'type'  => 'plus',
			'addon' => 'post-ratings',
		),
		'heatmaps'                => array(
			'type'  => 'plus',
			'addon' => 'heatmaps',
		),
		'hidden_fields'           => array(
			'type'  => 'plus',
			'addon' => null,
		),
		'webhooks'                => array(
			'type'  => 'pro',
			'addon' => null,
		),
	);

	/**
	 * @param string   $edition 'lite' or 'pro'.
	 * @param License  $license The licence in force.
	 * @param string[] $addons  Slugs of the active addons.
	 */
	public function __construct(
		private readonly string $edition,
		private readonly License $license,
		private readonly array $addons,
	) {}

	/**
	 * Built from the packaged edition, the stored licence and the addons that registered themselves
	 * through the `userfeedback_active_addons` filter. On a local environment only, the constant
	 * USERFEEDBACK_DEV_ENTITLEMENTS (array with edition, license_type, licensed, addons) replaces them
	 * so that development and end-to-end tests can run every tier.
	 */
	public static function from_site(): self {
		$edition = defined( 'USERFEEDBACK_EDITION' ) && 'pro' === USERFEEDBACK_EDITION ? 'pro' : 'lite';
		$license = License::current();
		$addons  = (array) apply_filters( 'userfeedback_active_addons', array() );

		if ( 'local' === wp_get_environment_type() && defined( 'USERFEEDBACK_DEV_ENTITLEMENTS' ) && is_array( USERFEEDBACK_DEV_ENTITLEMENTS ) ) {
			$dev     = USERFEEDBACK_DEV_ENTITLEMENTS;
			$edition = 'pro' === ( $dev['edition'] ?? 'lite' ) ? 'pro' : 'lite';
			$type    = $dev['license_type'] ?? null;
			$license = new License(
				( $dev['licensed'] ?? (bool) $type ) ? 'local-development' : '',
				is_string( $type ) && in_array( $type, License::TYPES, true ) ? $type : null,
			);
			$addons  = (array) ( $dev['addons'] ?? array() );
		}

		return new self( $edition, $license, array_values( array_intersect( self::ADDONS, $addons ) ) );
	}

	public function edition(): string {
		return $this->edition;
	}

	public function is_pro(): bool {
		return 'pro' === $this->edition;
	}

	public function is_licensed(): bool {
		return $this->is_pro() && $this->license->is_valid();
	}

	public function license_type(): ?string {
		return $this->is_licensed() ? $this->license->type : null;
	}

	public function addon_active( string $slug ): bool {
		return in_array( $slug, $this->addons, true );
	}

	/**
	 * @return string[] Every gated feature key.
	 */
	public static function feature_keys(): array {
		return array_keys( self::FEATURES );
	}

	public function can( string $feature ): bool {
		return null === $this->reason( $feature );
	}

	/**
	 * Why a feature is locked, or null when it is open: 'upgrade' (Lite edition, or a licence type below
	 * the one needed), 'license' (Pro without a valid licence), 'addon' (the addon is not active).
	 *
	 * @throws \InvalidArgumentException For a feature that does not exist, so a typo cannot open or close a gate silently.
	 */
	public function reason( string $feature ): ?string {
		if ( ! isset( self::FEATURES[ $feature ] ) ) {
			throw new \InvalidArgumentException( sprintf( 'Unknown UserFeedback feature "%s".', esc_html( $feature ) ) );
		}
		$rule = self::FEATURES[ $feature ];
		if ( ! $this->is_pro() ) {
			return 'upgrade';
		}
		if ( ! $this->is_licensed() ) {
			return 'license';
		}
		if ( self::TYPE_RANK[ (string) $this->license->type ] < self::TYPE_RANK[ $rule['type'] ] ) {
			return 'upgrade';
		}
		if ( null !== $rule['addon'] && ! $this->addon_active( $rule['addon'] ) ) {
			return 'addon';
		}
		return null;
	}

	/**
	 * The plan to name in an upgrade prompt for a feature.
	 */
	public function plan( string $feature ): string {
		$type = self::FEATURES[ $feature ]['type'] ?? 'plus';
		return 'plus' === $type ? 'pro' : $type;
	}

	/**
	 * What every admin app receives in its boot config.
	 *
	 * @return array<string,mixed>
	 */
	public function to_array(): array {
		$addons = array();
		foreach ( self::ADDONS as $slug ) {
			$addons[ $slug ] = $this->addon_active( $slug );
		}
		$features = array();
		foreach ( self::FEATURES as $key => $rule ) {
			$reason           = $this->reason( $key );
			$features[ $key ] = array(
				'allowed' => null === $reason,
				'label'   => self::label( $key ),
				'plan'    => $this->plan( $key ),
				'addon'   => $rule['addon'],
				'reason'  => $reason,
			);
		}
		return array(
			'edition'      => $this->edition,
			'is_pro'       => $this->is_pro(),
			'is_licensed'  => $this->is_licensed(),
			'license_type' => $this->license_type(),
			'addons'       => $addons,
			'features'     => $features,
		);
	}

	/**
	 * The feature's name as upgrade prompts show it ("{feature} is a {plan} feature").
	 */
	public static function label( string $feature ): string {
		$labels = array(
			'advanced_question_types' => __( 'Advanced Question Types', 'userfeedback' ),
			'question_settings'       => __( 'Required, Randomized and Comment Box Questions', 'userfeedback' ),
			'thank_you_message'       => __( 'Custom Thank You Message', 'userfeedback' ),
			'thank_you_redirect'      => __( 'Thank You Redirects', 'userfeedback' ),
			'behavior'                => __( 'Behavioral Targeting', 'userfeedback' ),
			'branding'                => __( 'Branding', 'userfeedback' ),
			'widget_positions_middle' => __( 'Widget Position', 'userfeedback' ),
			'device_targeting'        => __( 'Device Targeting', 'userfeedback' ),
			'page_targeting'          => __( 'Page Targeting', 'userfeedback' ),
			'geo_targeting'           => __( 'Geo Targeting', 'userfeedback' ),
			'scheduling'              => __( 'Scheduling', 'userfeedback' ),
			'email_logic'             => __( 'Enhanced Notifications', 'userfeedback' ),
			'pro_templates'           => __( 'Additional Templates', 'userfeedback' ),
			'export'                  => __( 'CSV and XLSX Export', 'userfeedback' ),
			'results_30_days'         => __( '30-Day Results', 'userfeedback' ),
			'response_management'     => __( 'Response Management', 'userfeedback' ),
			'ai_summary'              => __( 'AI Summary', 'userfeedback' ),
			'access_control'          => __( 'Access Control', 'userfeedback' ),
			'post_ratings'            => __( 'Post Ratings', 'userfeedback' ),
			'heatmaps'                => __( 'Heatmaps', 'userfeedback' ),
			'hidden_fields'           => __( 'Hidden Fields', 'userfeedback' ),
			'webhooks'                => __( 'Webhooks', 'userfeedback' ),
		);
		return $labels[ $feature ] ?? $feature;
	}
}
