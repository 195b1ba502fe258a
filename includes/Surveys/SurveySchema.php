<?php
/**
 * The survey resource's JSON schema, once: route args, validation and sanitising come from here, and
 * so do the defaults of a new survey. Mirrors admin-app/src/shared/types/survey.ts; change both together.
 *
 * Strings that visitors see are sanitised by the schema itself (format text-field / textarea-field,
 * which rest_sanitize_value_from_schema() maps to sanitize_text_field() / sanitize_textarea_field());
 * every string and list has a maximum so that one request cannot store megabytes.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

use UserFeedback\Settings\SettingsSchema;

defined( 'ABSPATH' ) || exit;

final class SurveySchema {

	public const QUESTION_TYPES = array( 'radio-button', 'checkbox', 'image-radio', 'icon-choice', 'email', 'text', 'long-text', 'star-rating', 'nps' );
	/** Types that have options; nps has a fixed 0-10 scale instead. */
	public const CHOICE_TYPES = array( 'radio-button', 'checkbox', 'image-radio', 'icon-choice' );
	/** Types that need the question-types addon (spec 1, section 6). */
	public const ADVANCED_TYPES = array( 'image-radio', 'icon-choice', 'star-rating', 'nps' );
	public const COMPARATORS    = array( 'equals', 'not_equals', 'in', 'contains', 'not_contains', 'starts_with', 'ends_with', 'greater_than', 'less_than' );
	public const STATUSES       = array( 'draft', 'publish', 'trash' );
	public const DEVICES        = array( 'desktop', 'tablet', 'mobile' );
	public const PAGE_RULES     = array( 'user_logged_in', 'user_role', 'page_type', 'page_or_post_is', 'page_or_post_is_not', 'post_type_is', 'post_type_is_not', 'taxonomy_is', 'taxonomy_is_not', 'taxonomy_term_is', 'taxonomy_term_is_not', 'referrer', 'query_parameter_contains', 'query_parameter_not_contains', 'query_parameter_regex', 'cookie_exist', 'cookie_not_exist', 'page_url_is', 'page_url_is_not', 'page_url_contains', 'page_url_not_contains' );

	public const MAX_QUESTIONS  = 50;
	public const MAX_OPTIONS    = 5;
	public const MAX_CONDITIONS = 20;
	public const TITLE_MAX      = 255;
	public const LABEL_MAX      = 200;
	public const MESSAGE_MAX    = 1000;
	public const URL_MAX        = 2048;

	public const DEFAULT_THANK_YOU  = 'Thanks for your feedback!';
	public const DEFAULT_ICON_COLOR = '#1579EF';

	/**
	 * The whole resource as GET answers it. Read-only fields are skipped by the route args and ignored
	 * when a client sends them back.
	 *
	 * @return array<string,mixed>
	 */
	public static function schema(): array {
		$readonly = static fn( $type, string $description ): array => array(
			'type'        => $type,
			'readonly'    => true,
			'description' => $description,
		);
		return array(
			'$schema'    => 'http://json-schema.org/draft-04/schema#',
			'title'      => 'userfeedback-survey',
			'type'       => 'object',
			'properties' => array(
				'id'               => $readonly( 'integer', 'Unique identifier of the survey.' ),
				'title'            => self::text( self::TITLE_MAX, 'Title of the survey.' ),
				'type'             => self::enum( array( 'survey', 'nps' ), 'A regular survey or a single-purpose NPS survey.' ),
				'status'           => self::enum( self::STATUSES, 'Stored status; display_status says whether a published survey is still scheduled.' ),
				'display_status'   => $readonly( 'string', 'draft, publish, trash, or scheduled when published with publish_at in the future.' ),
				'template'         => array(
					'type'        => 'string',
					'maxLength'   => 100,
					'pattern'     => '^[a-z0-9_-]*$',
					'description' => 'Key of the template the survey was made from.',
				),
				'created_at'       => $readonly( 'string', 'UTC, RFC 3339.' ),
				'updated_at'       => $readonly( 'string', 'UTC, RFC 3339.' ),
				'publish_at'       => array(
					'type'        => array( 'string', 'null' ),
					'format'      => 'date-time',
					'maxLength'   => 40,
					'description' => 'Start of a scheduled survey: null, RFC 3339 with an offset, or a naive YYYY-MM-DDTHH:MM:SS in the site time zone. Answered in UTC.',
				),
				'publish_at_local' => $readonly( array( 'string', 'null' ), 'publish_at in the site time zone, YYYY-MM-DDTHH:MM:SS.' ),
				'responses_count'  => $readonly( 'integer', 'Responses that are not in the trash.' ),
				'questions'        => array(
					'type'        => 'array',
					'maxItems'    => self::MAX_QUESTIONS,
					'items'       => self::question_schema(),
					'description' => 'The questions, in order.',
				),
				'settings'         => self::settings_schema(),
				'notifications'    => self::notifications_schema(),
				'cookie_name'      => $readonly( 'string', 'Cookie the widget remembers a submission in.' ),
				'shortcode'        => $readonly( 'string', 'Shortcode that embeds the survey.' ),
			),
		);
	}

	/**
	 * Keys a create or update may send.
	 *
	 * @return string[]
	 */
	public static function writable_keys(): array {
		return array_keys( array_filter( self::schema()['properties'], static fn( array $p ): bool => empty( $p['readonly'] ) ) );
	}

	/**
	 * @return array<string,mixed>
	 */
	public static function question_schema(): array {
		$option = array(
			'anyOf' => array(
				self::text( self::LABEL_MAX, 'Label of a radio-button or checkbox option.' ),
				self::object(
					array(
						'label' => self::text( self::LABEL_MAX, 'Label of the option.' ),
						'image' => array(
							'type'                 => array( 'object', 'null' ),
							'additionalProperties' => false,
							'properties'           => array(
								'id'  => array( 'type' => array( 'integer', 'null' ), 'minimum' => 0 ),
								'url' => self::url( 'Image URL (http or https).' ),
							),
						),
						'icon'  => array(
							'type'                 => array( 'object', 'null' ),
							'additionalProperties' => false,
							'properties'           => array(
								'name'  => self::text( 100, 'Icon name.' ),
								'style' => self::text( 50, 'Icon style.' ),
							),
						),
					),
					'An image-radio option {label, image} or an icon-choice option {label, icon}.'
				),
			),
		);
		return self::object(
			array(
				'id'       => array(
					'type'        => array( 'integer', 'null' ),
					'minimum'     => 0,
					'maximum'     => 2147483647,
					'description' => 'Unique within the survey; 0 or missing asks the server for a new one.',
				),
				'title'    => self::text( self::TITLE_MAX, 'The question.' ),
				'type'     => self::enum( self::QUESTION_TYPES, 'Question type.' ),
				'config'   => self::object(
					array(
						'options'      => array(
							'type'     => 'array',
							'maxItems' => self::MAX_OPTIONS,
							'items'    => $option,
						),
						'include_name' => array( 'type' => 'boolean' ),
					),
					'Options of choice questions; include_name for email questions.'
				),
				'settings' => self::object(
					array(
						'required'    => array( 'type' => 'boolean' ),
						'randomize'   => array( 'type' => 'boolean' ),
						'comment_box' => array( 'type' => 'boolean' ),
						'icon_color'  => array(
							'type'   => 'string',
							'format' => 'hex-color',
						),
						'icon_size'   => self::enum( array( 'large', 'medium', 'small' ), 'Icon size of icon-choice options.' ),
					),
					'Per-question settings.'
				),
				'logic'    => self::object(
					array(
						'enabled'    => array( 'type' => 'boolean' ),
						'action'     => self::enum( array( 'show', 'hide' ), 'Show or hide the question when the conditions hold.' ),
						'conditions' => self::conditions( 'question_id' ),
					),
					'Display logic; conditions refer to earlier questions.'
				),
			),
			'A question.',
			array( 'type' )
		);
	}

	/**
	 * @return array<string,mixed>
	 */
	public static function settings_schema(): array {
		$page_link = array(
			'type'                 => array( 'object', 'null' ),
			'additionalProperties' => false,
			'properties'           => array(
				'id'    => array( 'type' => 'integer', 'minimum' => 0 ),
				'label' => self::text( self::TITLE_MAX, 'Title of the page.' ),
			),
		);
		$color     = array(
			'type'   => 'string',
			'format' => 'hex-color',
		);
		return self::object(
			array(
				'thank_you'       => self::object(
					array(
						'type'         => self::enum( array( 'message', 'redirect', 'conditional_redirect' ), 'What happens after the last question.' ),
						'message'      => array(
							'type'      => 'string',
							'format'    => 'textarea-field',
							'maxLength' => self::MESSAGE_MAX,
						),
						'redirect_to'  => $page_link,
						'redirect_url' => self::url( 'Redirect target when no page is chosen.' ),
						'conditions'   => array(
							'type'     => 'array',
							'maxItems' => self::MAX_CONDITIONS,
							'items'    => self::object(
								array(
									'question'       => array( 'type' => array( 'integer', 'null' ), 'minimum' => 0 ),
									'condition_type' => self::enum( array_merge( array( '' ), self::COMPARATORS ), 'Comparator.' ),
									'condition'      => self::value_schema(),
									'page'           => $page_link,
									'redirect_url'   => self::url( 'Redirect target.' ),
								),
								'A conditional redirect.'
							),
						),
					),
					'Thank-you behaviour.'
				),
				'enable_tracking' => array( 'type' => 'boolean' ),
				'targeting'       => self::object(
					array(
						'devices'    => array(
							'type'        => 'array',
							'uniqueItems' => true,
							'maxItems'    => 3,
							'items'       => self::enum( self::DEVICES, 'Device tier.' ),
						),
						'pages'      => self::enum( array( 'all', 'select' ), 'All pages or the page rules.' ),
						'page_rules' => array(
							'type'     => 'array',
							'maxItems' => self::MAX_CONDITIONS,
							'items'    => self::object(
								array(
									'logic'    => self::enum( self::PAGE_RULES, 'Rule type.' ),
									'operator' => self::enum( array( '&&', '||' ), 'How the rule joins the previous one.' ),
									'data'     => array(
										// Not text-field: it would strip %xx octets from URLs and mangle regular expressions.
										'type'      => array( 'string', 'array' ),
										'maxLength' => self::URL_MAX,
										'maxItems'  => 50,
										'items'     => self::object(
											array(
												'id'    => array(
													'type'      => array( 'string', 'integer' ),
													'maxLength' => 200,
												),
												'label' => self::text( self::TITLE_MAX, 'Label.' ),
											),
											'A chosen item.'
										),
									),
								),
								'A page rule.'
							),
						),
					),
					'Device and page targeting.'
				),
				'geo_targeting'   => self::object(
					array(
						'target'    => self::enum( array( 'all', 'select' ), 'Every country or the listed ones.' ),
						'countries' => array(
							'type'        => 'array',
							'uniqueItems' => true,
							'maxItems'    => 250,
							'items'       => array(
								'type'    => 'string',
								'pattern' => '^[A-Z]{2}$',
							),
						),
					),
					'Country targeting.'
				),
				'behavior'        => self::object(
					array(
						'timing'          => self::enum( array( 'immediate', 'delay', 'before_abandon', 'half_page' ), 'When the widget starts.' ),
						'timing_delay'    => array(
							'type'    => 'integer',
							'minimum' => 0,
							'maximum' => 60,
						),
						'display_length'  => self::enum( array( 'until_response', 'once', 'repeatedly' ), 'How often a visitor sees it.' ),
						'run_time'        => self::enum( array( 'indefinitely', 'expire' ), 'Whether it expires.' ),
						'expire_at'       => self::object(
							array(
								'month' => array( 'type' => array( 'integer', 'null' ), 'minimum' => 1, 'maximum' => 12 ),
								'day'   => array( 'type' => array( 'integer', 'null' ), 'minimum' => 1, 'maximum' => 31 ),
							),
							'Expiry month and day.'
						),
						'start_minimized' => array( 'type' => 'boolean' ),
					),
					'Display behaviour.'
				),
				'theming'         => self::object(
					array(
						'color_scheme'        => self::enum( array( 'light', 'dark' ), 'Colour scheme.' ),
						'widget_color'        => $color,
						'text_color'          => $color,
						'button_color'        => $color,
						'widget_toggle_text'  => self::text( 60, 'Label next to the toggle icon.' ),
						'font'                => self::object(
							array(
								'family' => self::text( 100, 'Font family; empty inherits the theme font.' ),
								'weight' => array(
									'type'    => 'string',
									'pattern' => '^([1-9]00|regular)?$',
								),
							),
							'Font.'
						),
						'position'            => self::enum( SettingsSchema::POSITIONS, 'Where the floating widget sits.' ),
						'widget_toggle_icon'  => self::enum( SettingsSchema::TOGGLE_ICONS, 'Icon of the minimised widget.' ),
						'widget_toggle_color' => $color,
						'show_logo'           => array( 'type' => 'boolean' ),
						'custom_logo'         => self::url( 'Custom logo URL (http or https).' ),
						'start_minimized'     => array( 'type' => 'boolean' ),
						'logo_type'           => self::enum( array( 'userfeedback', 'custom' ), 'Which logo the widget shows.' ),
						'skip_text'           => self::text( 40, 'Label of the Skip button.' ),
						'next_text'           => self::text( 40, 'Label of the Next button.' ),
					),
					'Look of the widget.'
				),
			),
			'Survey settings.'
		);
	}

	/**
	 * @return array<string,mixed>
	 */
	public static function notifications_schema(): array {
		return self::object(
			array(
				'email' => self::object(
					array(
						'active'    => array( 'type' => 'boolean' ),
						'addresses' => self::text( 2000, 'Comma-separated email addresses.' ),
						'logic'     => self::object(
							array(
								'enable'     => array( 'type' => 'boolean' ),
								'action'     => self::enum( array( 'send' ), 'Send when the conditions hold.' ),
								'conditions' => self::conditions( 'question_id' ),
							),
							'Conditional sending.'
						),
					),
					'Email notification.'
				),
			),
			'Notifications.'
		);
	}

	/**
	 * A new survey: theming and start-minimised from the site's widget settings, notifications to the
	 * site admin.
	 *
	 * @param array<string,mixed> $site Plugin settings (SettingsRepository::all()).
	 * @return array<string,mixed>
	 */
	public static function defaults( array $site ): array {
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
					'message'      => self::DEFAULT_THANK_YOU,
					'redirect_to'  => null,
					'redirect_url' => '',
					'conditions'   => array(),
				),
				'enable_tracking' => false,
				'targeting'       => array(
					'devices'    => self::DEVICES,
					'pages'      => 'all',
					'page_rules' => array(),
				),
				'geo_targeting'   => array(
					'target'    => 'all',
					'countries' => array(),
				),
				'behavior'        => self::default_behavior( $site ),
				'theming'         => self::default_theming( $site ),
			),
			'notifications' => array(
				'email' => array(
					'active'    => true,
					'addresses' => (string) get_option( 'admin_email' ),
					'logic'     => self::default_email_logic(),
				),
			),
		);
	}

	/**
	 * @param array<string,mixed> $site Plugin settings.
	 * @return array<string,mixed>
	 */
	public static function default_behavior( array $site ): array {
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
		);
	}

	/**
	 * The site's widget settings in the survey's theming shape. The site may say logo_type 'none', which
	 * a survey says as show_logo false.
	 *
	 * @param array<string,mixed> $site Plugin settings.
	 * @return array<string,mixed>
	 */
	public static function default_theming( array $site ): array {
		$site      = array_merge( SettingsSchema::defaults(), $site );
		$logo_type = (string) $site['logo_type'];
		$font      = is_array( $site['widget_font'] ) ? $site['widget_font'] : array();
		return array(
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
	 * @return array{enable:bool,action:string,conditions:array<int,mixed>}
	 */
	public static function default_email_logic(): array {
		return array(
			'enable'     => false,
			'action'     => 'send',
			'conditions' => array(),
		);
	}

	/**
	 * A question of a type with every field; config per type (options, include_name or nothing).
	 *
	 * @return array<string,mixed>
	 */
	public static function default_question( string $type ): array {
		$config = array();
		if ( in_array( $type, self::CHOICE_TYPES, true ) ) {
			// Spec 1: a type change gives two empty options to image and icon questions, none to the others.
			$config['options'] = 'image-radio' === $type
				? array( self::image_option( '' ), self::image_option( '' ) )
				: ( 'icon-choice' === $type ? array( self::icon_option( '' ), self::icon_option( '' ) ) : array() );
		} elseif ( 'email' === $type ) {
			$config['include_name'] = false;
		}
		$settings = array(
			'required'    => false,
			'randomize'   => false,
			'comment_box' => false,
		);
		if ( 'icon-choice' === $type ) {
			$settings['icon_color'] = self::DEFAULT_ICON_COLOR;
			$settings['icon_size']  = 'medium';
		}
		return array(
			'id'       => 0,
			'title'    => '',
			'type'     => $type,
			'config'   => $config,
			'settings' => $settings,
			'logic'    => array(
				'enabled'    => false,
				'action'     => 'show',
				'conditions' => array(),
			),
		);
	}

	/**
	 * @return array{label:string,image:null}
	 */
	public static function image_option( string $label ): array {
		return array(
			'label' => $label,
			'image' => null,
		);
	}

	/**
	 * @return array{label:string,icon:null}
	 */
	public static function icon_option( string $label ): array {
		return array(
			'label' => $label,
			'icon'  => null,
		);
	}

	/**
	 * @return array<string,mixed>
	 */
	private static function conditions( string $subject_key ): array {
		return array(
			'type'     => 'array',
			'maxItems' => self::MAX_CONDITIONS,
			'items'    => self::object(
				array(
					$subject_key => array( 'type' => array( 'integer', 'null' ), 'minimum' => 0 ),
					'compare'    => self::enum( array_merge( array( '' ), self::COMPARATORS ), 'Comparator.' ),
					'value'      => self::value_schema(),
				),
				'A condition on an answer.'
			),
		);
	}

	/**
	 * Condition values are strings; numbers (star and NPS values) are taken and stored as strings.
	 *
	 * @return array<string,mixed>
	 */
	private static function value_schema(): array {
		return array(
			'type'      => array( 'string', 'number' ),
			'format'    => 'text-field',
			'maxLength' => self::LABEL_MAX,
		);
	}

	/**
	 * @param array<string,mixed> $properties Properties.
	 * @param string[]            $required   Required property names.
	 * @return array<string,mixed>
	 */
	private static function object( array $properties, string $description, array $required = array() ): array {
		$schema = array(
			'type'                 => 'object',
			'additionalProperties' => false,
			'properties'           => $properties,
			'description'          => $description,
		);
		if ( $required ) {
			$schema['required'] = $required;
		}
		return $schema;
	}

	/**
	 * @return array<string,mixed>
	 */
	private static function text( int $max, string $description ): array {
		return array(
			'type'        => 'string',
			'format'      => 'text-field',
			'maxLength'   => $max,
			'description' => $description,
		);
	}

	/**
	 * @return array<string,mixed>
	 */
	private static function url( string $description ): array {
		return array(
			'type'        => 'string',
			'maxLength'   => self::URL_MAX,
			'description' => $description,
		);
	}

	/**
	 * @param string[] $values Allowed values.
	 * @return array<string,mixed>
	 */
	private static function enum( array $values, string $description ): array {
		return array(
			'type'        => 'string',
			'enum'        => $values,
			'description' => $description,
		);
	}
}
