<?php
/**
 * The plugin settings' JSON schema: route args, validation, sanitising and defaults come from here.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Settings;

defined( 'ABSPATH' ) || exit;

final class SettingsSchema {

	public const TOGGLE_ICONS = array( 'userfeedback', 'smile', 'mail-open', 'hand-star', 'comments', 'comment-star', 'comment-heart', 'comment-edit', 'chevron-down' );
	public const POSITIONS    = array( 'bottom_left', 'bottom_right', 'middle_left', 'middle_right' );

	/**
	 * The colour schemes' presets (spec 3, section 3, "Theming defaults"): what choosing a scheme sets,
	 * and the colours a survey gets without branding. Stated here once; the admin receives them in its
	 * boot config (theme_presets) and the widget receives colours already resolved
	 * (Frontend\VisitorTheming). tests/fixtures/contract/theme-presets.json holds them for both suites.
	 */
	public const PRESETS = array(
		'light' => array(
			'widget_color' => '#ffffff',
			'text_color'   => '#23282D',
			'button_color' => '#2D87F1',
		),
		'dark'  => array(
			'widget_color' => '#333333',
			'text_color'   => '#ffffff',
			'button_color' => '#2D87F1',
		),
	);

	/**
	 * Request headers that may carry the client IP or country, behind a proxy or CDN the site trusts.
	 * An allow-list: a free-form header name would let a misconfiguration trust a header anyone can send.
	 */
	public const IP_HEADERS  = array( '', 'HTTP_X_FORWARDED_FOR', 'HTTP_X_REAL_IP', 'HTTP_CF_CONNECTING_IP', 'HTTP_TRUE_CLIENT_IP', 'HTTP_FASTLY_CLIENT_IP' );
	public const GEO_HEADERS = array( '', 'HTTP_CF_IPCOUNTRY', 'HTTP_CLOUDFRONT_VIEWER_COUNTRY', 'HTTP_X_COUNTRY_CODE', 'HTTP_FASTLY_GEO_COUNTRY_CODE' );

	/** The longest retention a site or survey may set, in days (about ten years). */
	public const RETENTION_MAX = 3650;

	/** The longest site-wide pause between surveys a visitor is shown, in days. */
	public const COOLDOWN_MAX = 365;

	/**
	 * @return array<string,mixed>
	 */
	public static function schema(): array {
		$color = static fn( string $initial, string $description ): array => array(
			'type'        => 'string',
			'format'      => 'hex-color',
			'default'     => $initial,
			'description' => $description,
		);
		$roles = static fn( string $description ): array => array(
			'type'        => 'array',
			'items'       => array(
				'type'      => 'string',
				'maxLength' => 100,
			),
			'uniqueItems' => true,
			'default'     => array(),
			'description' => $description,
		);
		$bool  = static fn( bool $initial, string $description ): array => array(
			'type'        => 'boolean',
			'default'     => $initial,
			'description' => $description,
		);
		$text  = static fn( string $initial, int $max, string $description ): array => array(
			'type'        => 'string',
			'default'     => $initial,
			'maxLength'   => $max,
			'description' => $description,
		);
		$enum  = static fn( array $values, string $initial, string $description ): array => array(
			'type'        => 'string',
			'enum'        => $values,
			'default'     => $initial,
			'description' => $description,
		);

		return array(
			'$schema'              => 'http://json-schema.org/draft-04/schema#',
			'title'                => 'userfeedback-settings',
			'type'                 => 'object',
			'additionalProperties' => false,
			'properties'           => array(
				'notifications_recipients'   => $text( '', 2000, 'Comma-separated email addresses that receive notifications.' ),
				'notifications_header_image' => $text( '', 2048, 'URL of the image shown at the top of emails.' ),
				'summaries_html_template'    => $bool( true, 'Send emails with the HTML template (plain text when false).' ),
				'summaries_disabled'         => $bool( false, 'Do not send the weekly email summary.' ),
				'allow_usage_tracking'       => $bool( false, 'Share anonymous usage data.' ),
				'automatic_updates'          => $enum( array( 'all', 'minor', 'none' ), 'none', 'Which plugin updates install automatically.' ),
				'create_edit_surveys'        => $roles( 'Roles that may create and edit surveys.' ),
				'view_results'               => $roles( 'Roles that may view results and responses.' ),
				'delete_surveys'             => $roles( 'Roles that may delete surveys and responses.' ),
				'widget_button_color'        => $color( self::PRESETS['light']['button_color'], 'Button colour of the widget.' ),
				'widget_toggle_icon'         => $enum( self::TOGGLE_ICONS, 'userfeedback', 'Icon of the minimised widget.' ),
				'widget_toggle_color'        => $color( '#23282D', 'Colour of the toggle icon.' ),
				'widget_toggle_text'         => $text( '', 60, 'Label next to the toggle icon.' ),
				'widget_font'                => array(
					'type'                 => 'object',
					'additionalProperties' => false,
					'properties'           => array(
						'family' => array(
							'type'      => 'string',
							'maxLength' => 100,
						),
						'weight' => array(
							'type'    => 'string',
							'pattern' => '^([1-9]00|regular)?$',
						),
					),
					'default'              => array(
						'family' => '',
						'weight' => '',
					),
					'description'          => 'Font of the widget; an empty family inherits the theme font.',
				),
				'external_fonts'             => $bool( false, 'Load the widget and post rating fonts from Google Fonts instead of the plugin\'s own files (visitors\' browsers then connect to Google).' ),
				'widget_position'            => $enum( self::POSITIONS, 'bottom_right', 'Where the floating widget sits.' ),
				'widget_theme'               => $enum( array( 'light', 'dark' ), 'light', 'Colour scheme of the widget.' ),
				'widget_color'               => $color( '#FFFFFF', 'Background colour of the widget.' ),
				'widget_text_color'          => $color( self::PRESETS['light']['text_color'], 'Text colour of the widget.' ),
				'widget_start_minimized'     => $bool( false, 'Show the widget minimised at first.' ),
				'widget_custom_logo'         => $text( '', 2048, 'URL of the custom logo.' ),
				'widget_show_logo'           => $bool( true, 'Show a logo in the widget.' ),
				'logo_type'                  => $enum( array( 'userfeedback', 'custom', 'none' ), 'userfeedback', 'Which logo the widget shows.' ),
				'skip_text'                  => $text( 'Skip', 40, 'Label of the Skip button.' ),
				'next_text'                  => $text( 'Next', 40, 'Label of the Next button.' ),
				'uninstall_delete_data'      => $bool( false, 'Delete all UserFeedback data when the plugin is uninstalled.' ),
				'ip_header'                  => $enum( self::IP_HEADERS, '', 'Trusted proxy header that carries the client IP; empty uses REMOTE_ADDR.' ),
				'anonymize_ips'              => $bool( true, 'Store visitor IP addresses anonymised.' ),
				'geo_header'                 => $enum( self::GEO_HEADERS, '', 'CDN header that carries the visitor country.' ),
				'ai_base_url'                => $text( '', 2048, 'Base URL of an OpenAI-compatible API, e.g. https://api.example.com/v1.' ),
				'ai_api_key'                 => $text( '', 500, 'API key of the AI provider; only a masked form is ever returned.' ),
				'ai_model'                   => $text( '', 100, 'Model name sent to the AI provider.' ),
				'notifications_feed_url'     => $text( '', 2048, 'URL of a remote JSON feed of notifications for the drawer; empty for none.' ),
				'retention_days'             => array(
					'type'        => 'integer',
					'minimum'     => 0,
					'maximum'     => self::RETENTION_MAX,
					'default'     => 0,
					'description' => 'Delete responses older than this many days (a daily purge, permanent); 0 keeps them forever. A survey may set its own.',
				),
				// Frequency (the widget's loader applies them: WidgetLoader::config() cooldown).
				'cooldown_days'              => array(
					'type'        => 'integer',
					'minimum'     => 0,
					'maximum'     => self::COOLDOWN_MAX,
					'default'     => 0,
					'description' => 'After a visitor was shown any survey, no other floating survey starts for this many days (a survey may opt out); 0 is off.',
				),
				'one_survey_per_page'        => $bool( false, 'Start at most one floating survey per page view.' ),
			),
		);
	}

	/**
	 * The settings' names as the Settings screens show them, for the sentences of a refused save
	 * (Rest\FieldErrors): key => label, or array( label, unit ) for a number with a unit.
	 *
	 * @return array<string,string|array{0:string,1:string}>
	 */
	public static function labels(): array {
		return array(
			'notifications_recipients'   => __( 'Send notifications to', 'userfeedback' ),
			'notifications_header_image' => __( 'Header image URL', 'userfeedback' ),
			'summaries_html_template'    => __( 'Email Summaries Template', 'userfeedback' ),
			'summaries_disabled'         => __( 'Disable email summaries', 'userfeedback' ),
			'allow_usage_tracking'       => __( 'Allow usage tracking', 'userfeedback' ),
			'automatic_updates'          => __( 'Automatic Updates', 'userfeedback' ),
			'create_edit_surveys'        => __( 'Roles that can create and edit surveys', 'userfeedback' ),
			'view_results'               => __( 'Roles that can view results', 'userfeedback' ),
			'delete_surveys'             => __( 'Roles that can delete surveys', 'userfeedback' ),
			'widget_button_color'        => __( 'Button colour', 'userfeedback' ),
			'widget_toggle_icon'         => __( 'Toggle icon', 'userfeedback' ),
			'widget_toggle_color'        => __( 'Toggle icon colour', 'userfeedback' ),
			'widget_toggle_text'         => __( 'Toggle label', 'userfeedback' ),
			'widget_font'                => __( 'Font', 'userfeedback' ),
			'widget_font.family'         => __( 'Font family', 'userfeedback' ),
			'widget_font.weight'         => __( 'Font weight', 'userfeedback' ),
			'external_fonts'             => __( 'Load fonts from Google Fonts', 'userfeedback' ),
			'widget_position'            => __( 'Widget position', 'userfeedback' ),
			'widget_theme'               => __( 'Colour scheme', 'userfeedback' ),
			'widget_color'               => __( 'Background colour', 'userfeedback' ),
			'widget_text_color'          => __( 'Text colour', 'userfeedback' ),
			'widget_start_minimized'     => __( 'Start minimized', 'userfeedback' ),
			'widget_custom_logo'         => __( 'Logo URL', 'userfeedback' ),
			'widget_show_logo'           => __( 'Show the logo', 'userfeedback' ),
			'logo_type'                  => __( 'Logo', 'userfeedback' ),
			'skip_text'                  => __( 'Skip button text', 'userfeedback' ),
			'next_text'                  => __( 'Next button text', 'userfeedback' ),
			'uninstall_delete_data'      => __( 'Delete data on uninstall', 'userfeedback' ),
			'ip_header'                  => __( 'Client IP header', 'userfeedback' ),
			'anonymize_ips'              => __( 'Anonymise IP addresses', 'userfeedback' ),
			'geo_header'                 => __( 'Country header', 'userfeedback' ),
			'ai_base_url'                => __( 'Base URL', 'userfeedback' ),
			'ai_api_key'                 => __( 'API key', 'userfeedback' ),
			'ai_model'                   => __( 'Model', 'userfeedback' ),
			'notifications_feed_url'     => __( 'Notifications feed URL', 'userfeedback' ),
			'retention_days'             => array( __( 'Response retention', 'userfeedback' ), __( 'days', 'userfeedback' ) ),
			'cooldown_days'              => array( __( 'Pause between surveys', 'userfeedback' ), __( 'days', 'userfeedback' ) ),
			'one_survey_per_page'        => __( 'At most one survey per page view', 'userfeedback' ),
		);
	}

	/**
	 * A button label as the widget should use it: '' (the widget's own translated word) when it is the
	 * schema's default, which is stored in English and would otherwise never be translated.
	 *
	 * @param string $key   skip_text or next_text.
	 * @param mixed  $value The label as set.
	 */
	public static function custom_label( string $key, $value ): string {
		static $defaults = null; // Read once per request: the visitor's body route asks for each label.
		$defaults      ??= self::defaults();
		$value           = is_string( $value ) ? $value : '';
		return ( $defaults[ $key ] ?? null ) === $value ? '' : $value;
	}

	/**
	 * @return array<string,mixed>
	 */
	public static function defaults(): array {
		$defaults = array();
		foreach ( self::schema()['properties'] as $key => $property ) {
			$defaults[ $key ] = $property['default'];
		}
		return $defaults;
	}
}
