<?php
/**
 * A survey's look as visitors get it, resolved on the server against what the site may use, so that the
 * widget never has to know which of the stored values are paid for.
 *
 * - A survey's theming.source says where its look comes from. 'site' (new surveys, and the default of a
 *   row that says nothing): the site's widget settings (Settings > Widget) exactly, the survey's own
 *   theming values and its start-minimised ignored. 'custom': with branding (licence and branding addon),
 *   the survey's own theming wins and the site's widget settings fill what it leaves empty. The gates
 *   below apply to both.
 * - Without it, neither the survey's branding nor the site's paid widget settings apply (spec 3, section
 *   5: colours, label, icons, font and custom logo open an upgrade prompt in Lite): the colours are the
 *   preset of the site's colour scheme, the font is the theme's, the toggle is the default one and the
 *   logo is UserFeedback's. What Lite may set in Settings > Widget stays: colour scheme, position (left
 *   or right), logo shown or not, Skip and Next labels.
 * - Without widget_positions_middle, a middle position becomes the bottom corner of the same side (as
 *   FeatureStripper does on save).
 * - Without behavior, nothing starts minimised.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Frontend;

use UserFeedback\Licensing\Entitlements;
use UserFeedback\Settings\SettingsSchema;
use UserFeedback\Surveys\SurveySchema;

defined( 'ABSPATH' ) || exit;

final class VisitorTheming {

	/**
	 * The colour schemes' presets (SettingsSchema::PRESETS, spec 3 section 3).
	 */
	public const PRESETS = SettingsSchema::PRESETS;

	/**
	 * The toggle as it is without branding (spec 3, section 9).
	 */
	public const DEFAULT_TOGGLE = array(
		'widget_toggle_text'  => '',
		'widget_toggle_icon'  => 'userfeedback',
		'widget_toggle_color' => '#23282D',
	);

	/**
	 * What the admin's previews need to resolve a look as this class does (the admin boot config's
	 * theme_presets): the schemes' presets, and what replaces the site's branding without the branding
	 * addon (toggle, font, logo).
	 *
	 * @return array{presets:array<string,array<string,string>>,unbranded:array<string,mixed>}
	 */
	public static function fallbacks(): array {
		return array(
			'presets'   => self::PRESETS,
			'unbranded' => self::UNBRANDED + self::DEFAULT_TOGGLE,
		);
	}

	/**
	 * The plugin settings that make the site's look (Settings > Widget), for the admin's previews (the
	 * boot config's widget_settings; admin-app/src/shared/widgetLook.ts WIDGET_KEYS).
	 */
	public const SITE_KEYS = array( 'widget_theme', 'widget_color', 'widget_text_color', 'widget_button_color', 'widget_toggle_icon', 'widget_toggle_color', 'widget_toggle_text', 'widget_font', 'widget_position', 'widget_start_minimized', 'logo_type', 'widget_show_logo', 'widget_custom_logo', 'skip_text', 'next_text' );

	/**
	 * @param array<string,mixed> $site Plugin settings (SettingsRepository::all()).
	 * @return array<string,mixed> The site's look: SITE_KEYS of $site, in that order.
	 */
	public static function site_settings( array $site ): array {
		$site = array_merge( SettingsSchema::defaults(), $site );
		return array_combine( self::SITE_KEYS, array_map( static fn( string $key ) => $site[ $key ], self::SITE_KEYS ) );
	}

	/**
	 * Besides the preset colours and the default toggle, what a survey gets without branding.
	 */
	private const UNBRANDED = array(
		'font'        => array(
			'family' => '',
			'weight' => '',
		),
		'logo_type'   => 'userfeedback',
		'custom_logo' => '',
	);

	/**
	 * @param array<string,mixed> $settings     A survey's settings (stored; may be partial).
	 * @param array<string,mixed> $site         Plugin settings (SettingsRepository::all()).
	 * @param Entitlements        $entitlements What the site may use.
	 * @return array<string,mixed> The settings with theming complete and behavior.start_minimized decided.
	 */
	public static function resolve( array $settings, array $site, Entitlements $entitlements ): array {
		$site_theming = SurveySchema::default_theming( $site );
		unset( $site_theming['source'] );
		$own    = is_array( $settings['theming'] ?? null ) ? $settings['theming'] : array();
		$custom = self::is_custom( $own );
		if ( ! $entitlements->can( 'branding' ) ) {
			$theming = self::unbranded( $site_theming );
		} elseif ( $custom ) {
			$theming = self::branded( $site_theming, self::chosen( $own ) );
		} else {
			$theming = $site_theming;
		}

		$position = (string) $theming['position'];
		if ( ! in_array( $position, SettingsSchema::POSITIONS, true ) ) {
			$position = 'bottom_right';
		}
		if ( str_starts_with( $position, 'middle_' ) && ! $entitlements->can( 'widget_positions_middle' ) ) {
			$position = 'middle_left' === $position ? 'bottom_left' : 'bottom_right';
		}
		$theming['position'] = $position;

		// A custom look's start-minimised is the one the builder sets in the behaviour settings; the site's
		// look has the site's. The theming copy follows it, so the widget reads the same answer wherever it
		// looks. Start-minimised is the behavior addon's, not branding's: a custom survey keeps its own on a
		// site without branding.
		$behavior  = is_array( $settings['behavior'] ?? null ) ? $settings['behavior'] : array();
		$wanted    = $custom ? ( $behavior['start_minimized'] ?? $theming['start_minimized'] ?? false ) : $site_theming['start_minimized'];
		$minimized = $entitlements->can( 'behavior' ) && (bool) $wanted;

		$behavior['start_minimized'] = $minimized;
		$theming['start_minimized']  = $minimized;
		$settings['behavior']        = $behavior;
		$settings['theming']         = $theming;
		return $settings;
	}

	/**
	 * A resolved theming as the widget gets it: the site's default button labels are stored in English,
	 * so they become '' and the widget shows its own translated words (WidgetLoader::strings()); a label
	 * the site or the survey set stays. The admin's previews keep the resolved labels (the contract
	 * cases in tests/fixtures/contract/ are about resolve()).
	 *
	 * @param array<string,mixed> $theming A resolved theming.
	 * @return array<string,mixed>
	 */
	public static function for_widget( array $theming ): array {
		foreach ( array( 'skip_text', 'next_text' ) as $label ) {
			if ( array_key_exists( $label, $theming ) ) {
				$theming[ $label ] = SettingsSchema::custom_label( $label, $theming[ $label ] );
			}
		}
		return $theming;
	}

	/**
	 * Whether a survey's theming asks for its own look (source 'custom'); anything else, a missing source
	 * included, follows the site.
	 *
	 * @param array<string,mixed> $theming Survey theming (stored; may be partial).
	 */
	public static function is_custom( array $theming ): bool {
		return 'custom' === ( $theming['source'] ?? 'site' );
	}

	/**
	 * What a survey set itself: empty values (rows written by older versions, an empty font family) are
	 * no choice and leave the site's value in place.
	 *
	 * @param array<string,mixed> $theming Survey theming.
	 * @return array<string,mixed>
	 */
	private static function chosen( array $theming ): array {
		unset( $theming['source'] );
		if ( '' === (string) ( $theming['font']['family'] ?? '' ) ) {
			unset( $theming['font'] );
		}
		return array_filter( $theming, static fn( $value ): bool => null !== $value && '' !== $value );
	}

	/**
	 * A survey that picks the other colour scheme without colours of its own gets that scheme's preset,
	 * not the site's colours (which belong to the site's scheme).
	 *
	 * @param array<string,mixed> $site_theming The site's widget settings in theming shape.
	 * @param array<string,mixed> $chosen       What the survey set itself.
	 * @return array<string,mixed>
	 */
	private static function branded( array $site_theming, array $chosen ): array {
		$scheme = $chosen['color_scheme'] ?? null;
		if ( is_string( $scheme ) && isset( self::PRESETS[ $scheme ] ) && $scheme !== $site_theming['color_scheme'] ) {
			$site_theming = array_merge( $site_theming, self::PRESETS[ $scheme ] );
		}
		return array_merge( $site_theming, $chosen );
	}

	/**
	 * @param array<string,mixed> $site_theming The site's widget settings in theming shape.
	 * @return array<string,mixed>
	 */
	private static function unbranded( array $site_theming ): array {
		$scheme = 'dark' === $site_theming['color_scheme'] ? 'dark' : 'light';
		return array_merge(
			$site_theming,
			self::PRESETS[ $scheme ],
			self::DEFAULT_TOGGLE,
			self::UNBRANDED,
			array( 'color_scheme' => $scheme )
		);
	}
}
