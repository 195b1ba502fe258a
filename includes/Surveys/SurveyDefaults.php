<?php
/**
 * What a new survey and a new question hold before anyone changes them: the survey's settings from
 * the site's widget settings, notifications to the site admin, a question's config and settings
 * from its type's descriptor. SurveyShape completes stored and sent data over these.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

use UserFeedback\Settings\SettingsSchema;
use UserFeedback\Surveys\QuestionTypes\QuestionTypes;
use UserFeedback\Surveys\QuestionTypes\TextType;

defined( 'ABSPATH' ) || exit;

final class SurveyDefaults {

	public const THANK_YOU = 'Thanks for your feedback!';

	/**
	 * A new survey: theming and start-minimised from the site's widget settings, notifications to the
	 * site admin.
	 *
	 * @param array<string,mixed> $site Plugin settings (SettingsRepository::all()).
	 * @return array<string,mixed>
	 */
	public static function survey( array $site ): array {
		return array(
			'title'         => '',
			'type'          => 'survey',
			'status'        => 'draft',
			'template'      => '',
			'publish_at'    => null,
			'questions'     => array(),
			'settings'      => array(
				'thank_you'       => array(
					'type'         => 'message',
					'message'      => self::THANK_YOU,
					'redirect_to'  => null,
					'redirect_url' => '',
					'conditions'   => array(),
				),
				'enable_tracking' => false,
				'targeting'       => array(
					'devices'    => SurveySettingsSchema::DEVICES,
					'pages'      => 'all',
					'page_rules' => array(),
				),
				'geo_targeting'   => array(
					'target'    => 'all',
					'countries' => array(),
				),
				'behavior'        => self::behavior( $site ),
				'theming'         => self::theming( $site ),
				'flow'            => array(
					'progress_bar' => false,
					'back_button'  => false,
				),
				// Hidden fields (Responses\HiddenFields): none until the survey lists some.
				'hidden_fields'   => array(),
				// The site's retention (Settings: retention_days) until the survey sets its own.
				'retention_days'  => null,
				'priority'        => 0,
				'close'           => self::close(),
			),
			'notifications' => array(
				'email' => array(
					'active'    => true,
					'addresses' => (string) get_option( 'admin_email' ),
					'logic'     => self::email_logic(),
				),
			),
		);
	}

	/**
	 * @param array<string,mixed> $site Plugin settings.
	 * @return array<string,mixed>
	 */
	public static function behavior( array $site ): array {
		return array(
			'timing'          => 'immediate',
			'timing_delay'    => 20,
			'display_length'  => 'until_response',
			'run_time'        => 'indefinitely',
			'expire_at'       => array(
				'month' => null,
				'day'   => null,
			),
			'start_minimized' => (bool) ( $site['widget_start_minimized'] ?? false ),
			'event_name'      => '',
			'click_selector'  => '',
			'sample_percent'  => 100,
			'ignore_cooldown' => false,
		);
	}

	/**
	 * Where a survey's look comes from (theming.source): the site's widget settings (Settings > Widget),
	 * whatever the survey's own theming values say, or the survey's own values over the site's
	 * (VisitorTheming::resolve() applies it). New surveys, and surveys whose branding a save strips,
	 * follow the site.
	 */
	public const LOOK_SOURCES = array( 'site', 'custom' );

	/**
	 * The site's widget settings in the survey's theming shape, with source 'site'. The site may say
	 * logo_type 'none', which a survey says as show_logo false.
	 *
	 * @param array<string,mixed> $site Plugin settings.
	 * @return array<string,mixed>
	 */
	public static function theming( array $site ): array {
		$site      = array_merge( SettingsSchema::defaults(), $site );
		$logo_type = (string) $site['logo_type'];
		$font      = is_array( $site['widget_font'] ) ? $site['widget_font'] : array();
		return array(
			'source'              => 'site',
			'color_scheme'        => (string) $site['widget_theme'],
			'widget_color'        => (string) $site['widget_color'],
			'text_color'          => (string) $site['widget_text_color'],
			'button_color'        => (string) $site['widget_button_color'],
			'widget_toggle_text'  => (string) $site['widget_toggle_text'],
			'font'                => array(
				'family' => (string) ( $font['family'] ?? '' ),
				'weight' => (string) ( $font['weight'] ?? '' ),
			),
			'position'            => (string) $site['widget_position'],
			'widget_toggle_icon'  => (string) $site['widget_toggle_icon'],
			'widget_toggle_color' => (string) $site['widget_toggle_color'],
			'show_logo'           => (bool) $site['widget_show_logo'] && 'none' !== $logo_type,
			'custom_logo'         => (string) $site['widget_custom_logo'],
			'start_minimized'     => (bool) $site['widget_start_minimized'],
			'logo_type'           => 'custom' === $logo_type ? 'custom' : 'userfeedback',
			'skip_text'           => (string) $site['skip_text'],
			'next_text'           => (string) $site['next_text'],
		);
	}

	/**
	 * A survey that never closes by itself (Closing).
	 *
	 * @return array{after_responses:?int,end_at:?string}
	 */
	public static function close(): array {
		return array(
			'after_responses' => null,
			'end_at'          => null,
		);
	}

	/**
	 * @return array{enable:bool,action:string,conditions:array<int,mixed>}
	 */
	public static function email_logic(): array {
		return array(
			'enable'     => false,
			'action'     => 'send',
			'conditions' => array(),
		);
	}

	/**
	 * A question of a type with every field: config and settings are the type's defaults (a type
	 * change gives two empty options to image and icon questions, none to the other choice types,
	 * include_name to email questions: spec 1). An unknown type is a text question.
	 *
	 * @return array<string,mixed>
	 */
	public static function question( string $type ): array {
		$descriptor = QuestionTypes::get( $type ) ?? QuestionTypes::get( TextType::KEY );
		return array(
			'id'       => 0,
			'title'    => '',
			'type'     => $descriptor->key(),
			'config'   => $descriptor->default_config(),
			'settings' => $descriptor->default_settings(),
			'logic'    => array(
				'enabled'    => false,
				'action'     => 'show',
				'conditions' => array(),
			),
		);
	}
}
