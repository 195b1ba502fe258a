<?php
/**
 * The JSON schema of a survey's settings (thank-you behaviour, targeting, behaviour, theming) and of
 * its notifications: parts of the survey resource's schema (SurveySchema), apart because they
 * change for reasons of their own (a new targeting rule, a new theming field).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

use UserFeedback\Settings\SettingsSchema;

defined( 'ABSPATH' ) || exit;

final class SurveySettingsSchema {

	public const DEVICES = array( 'desktop', 'tablet', 'mobile' );
	/** The highest settings.priority. */
	public const PRIORITY_MAX = 100;

	/** The largest settings.close.after_responses. */
	public const QUOTA_MAX = 1000000;

	/** behavior.event_name: empty (no event chosen), or a letter then at most 63 of letters, digits, _ . : -. */
	public const EVENT_NAME_PATTERN = '^([A-Za-z][A-Za-z0-9_.:-]{0,63})?$';

	public const PAGE_RULES = array( 'user_logged_in', 'user_role', 'page_type', 'page_or_post_is', 'page_or_post_is_not', 'post_type_is', 'post_type_is_not', 'taxonomy_is', 'taxonomy_is_not', 'taxonomy_term_is', 'taxonomy_term_is_not', 'referrer', 'query_parameter_contains', 'query_parameter_not_contains', 'query_parameter_regex', 'cookie_exist', 'cookie_not_exist', 'page_url_is', 'page_url_is_not', 'page_url_contains', 'page_url_not_contains' );

	/**
	 * @return array<string,mixed>
	 */
	public static function settings(): array {
		$page_link = array(
			'type'                 => array( 'object', 'null' ),
			'additionalProperties' => false,
			'properties'           => array(
				'id'    => array(
					'type'    => 'integer',
					'minimum' => 0,
				),
				'label' => SchemaParts::text( SurveyLimits::TITLE_MAX, 'Title of the page.' ),
			),
		);
		$color     = array(
			'type'   => 'string',
			'format' => 'hex-color',
		);
		return SchemaParts::object(
			array(
				'thank_you'       => SchemaParts::object(
					array(
						'type'         => SchemaParts::enum( array( 'message', 'redirect', 'conditional_redirect' ), 'What happens after the last question.' ),
						'message'      => array(
							'type'      => 'string',
							'format'    => 'textarea-field',
							'maxLength' => SurveyLimits::MESSAGE_MAX,
						),
						'redirect_to'  => $page_link,
						'redirect_url' => SchemaParts::url( 'Redirect target when no page is chosen.' ),
						'conditions'   => array(
							'type'     => 'array',
							'maxItems' => SurveyLimits::MAX_CONDITIONS,
							'items'    => SchemaParts::object(
								array(
									'question'       => array(
										'type'    => array( 'integer', 'null' ),
										'minimum' => 0,
									),
									'condition_type' => SchemaParts::comparator(),
									'condition'      => SchemaParts::value(),
									'page'           => $page_link,
									'redirect_url'   => SchemaParts::url( 'Redirect target.' ),
								),
								'A conditional redirect.'
							),
						),
					),
					'Thank-you behaviour.'
				),
				'enable_tracking' => array( 'type' => 'boolean' ),
				'targeting'       => SchemaParts::object(
					array(
						'devices'    => array(
							'type'        => 'array',
							'uniqueItems' => true,
							'maxItems'    => 3,
							'items'       => SchemaParts::enum( self::DEVICES, 'Device tier.' ),
						),
						'pages'      => SchemaParts::enum( array( 'all', 'select' ), 'All pages or the page rules.' ),
						'page_rules' => array(
							'type'     => 'array',
							'maxItems' => SurveyLimits::MAX_CONDITIONS,
							'items'    => SchemaParts::object(
								array(
									'logic'    => SchemaParts::enum( self::PAGE_RULES, 'Rule type.' ),
									'operator' => SchemaParts::enum( array( '&&', '||' ), 'How the rule joins the previous one.' ),
									'data'     => array(
										// Not text-field: it would strip %xx octets from URLs and mangle regular expressions.
										'type'      => array( 'string', 'array' ),
										'maxLength' => SurveyLimits::URL_MAX,
										'maxItems'  => 50,
										'items'     => SchemaParts::object(
											array(
												'id'    => array(
													'type' => array( 'string', 'integer' ),
													'maxLength' => 200,
												),
												'label' => SchemaParts::text( SurveyLimits::TITLE_MAX, 'Label.' ),
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
				'geo_targeting'   => SchemaParts::object(
					array(
						'target'    => SchemaParts::enum( array( 'all', 'select' ), 'Every country or the listed ones.' ),
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
				'behavior'        => SchemaParts::object(
					array(
						'timing'             => SchemaParts::enum( array( 'immediate', 'delay', 'before_abandon', 'half_page', 'event', 'click' ), 'When the widget starts. event: when the page dispatches the custom DOM event event_name (on window or document); click: when the visitor clicks an element matching click_selector.' ),
						'timing_delay'       => array(
							'type'    => 'integer',
							'minimum' => 0,
							'maximum' => 60,
						),
						'display_length'     => SchemaParts::enum( array( 'until_response', 'once', 'repeatedly' ), 'How often a visitor sees it.' ),
						'run_time'           => SchemaParts::enum( array( 'indefinitely', 'expire' ), 'Whether it expires.' ),
						'expire_at'          => SchemaParts::object(
							array(
								'month' => array(
									'type'    => array( 'integer', 'null' ),
									'minimum' => 1,
									'maximum' => 12,
								),
								'day'   => array(
									'type'    => array( 'integer', 'null' ),
									'minimum' => 1,
									'maximum' => 31,
								),
							),
							'Expiry month and day.'
						),
						'start_minimized'    => array( 'type' => 'boolean' ),
						// Missing means on: a visitor's × keeps a floating survey away for the browser session.
						'remember_dismissal' => array(
							'type'        => 'boolean',
							'description' => 'A visitor who closes the floating survey with × is not shown it again in the same browser session (default true).',
						),
						'event_name'         => array(
							'type'        => 'string',
							'pattern'     => self::EVENT_NAME_PATTERN,
							'description' => 'timing event: the custom DOM event that starts the survey (a letter, then letters, digits, _ . : -; at most 64 characters). Required with that timing.',
						),
						'click_selector'     => array(
							'type'        => 'string',
							'maxLength'   => 300,
							'description' => 'timing click: a click inside an element matching this CSS selector starts the survey. Required with that timing; the browser checks it (an invalid one never starts the survey).',
						),
						'sample_percent'     => array(
							'type'        => 'integer',
							'minimum'     => 1,
							'maximum'     => 100,
							'description' => 'Show to this percentage of the visitors it matches, drawn once per visitor (default 100).',
						),
						'ignore_cooldown'    => array(
							'type'        => 'boolean',
							'description' => 'Starts during the site-wide cooldown (Settings: cooldown_days) too (default false).',
						),
					),
					'Display behaviour.'
				),
				'theming'         => SchemaParts::object(
					array(
						'source'              => SchemaParts::enum( SurveyDefaults::LOOK_SOURCES, 'site: the look is the site\'s widget settings (the values below are ignored); custom: the values below over the site\'s.' ),
						'color_scheme'        => SchemaParts::enum( array( 'light', 'dark' ), 'Colour scheme.' ),
						'widget_color'        => $color,
						'text_color'          => $color,
						'button_color'        => $color,
						'widget_toggle_text'  => SchemaParts::text( 60, 'Label next to the toggle icon.' ),
						'font'                => SchemaParts::object(
							array(
								'family' => SchemaParts::text( 100, 'Font family; empty inherits the theme font.' ),
								'weight' => array(
									'type'    => 'string',
									'pattern' => '^([1-9]00|regular)?$',
								),
							),
							'Font.'
						),
						'position'            => SchemaParts::enum( SettingsSchema::POSITIONS, 'Where the floating widget sits.' ),
						'widget_toggle_icon'  => SchemaParts::enum( SettingsSchema::TOGGLE_ICONS, 'Icon of the minimised widget.' ),
						'widget_toggle_color' => $color,
						'show_logo'           => array( 'type' => 'boolean' ),
						'custom_logo'         => SchemaParts::url( 'Custom logo URL (http or https).' ),
						'start_minimized'     => array( 'type' => 'boolean' ),
						'logo_type'           => SchemaParts::enum( array( 'userfeedback', 'custom' ), 'Which logo the widget shows.' ),
						'skip_text'           => SchemaParts::text( 40, 'Label of the Skip button.' ),
						'next_text'           => SchemaParts::text( 40, 'Label of the Next button.' ),
					),
					'Look of the widget.'
				),
				'flow'            => SchemaParts::object(
					array(
						'progress_bar' => array(
							'type'        => 'boolean',
							'description' => 'Show "Question 2 of 5" and a bar above the questions.',
						),
						'back_button'  => array(
							'type'        => 'boolean',
							'description' => 'Let the visitor go back to the previous question; the answers are kept.',
						),
					),
					'How the visitor moves through the questions (free on every tier).'
				),
				// Among several floating surveys that match a page, the higher priority is shown; at equal
				// priority the older survey (lower id). Free (every tier).
				'priority'        => array(
					'type'        => 'integer',
					'minimum'     => 0,
					'maximum'     => self::PRIORITY_MAX,
					'description' => 'Higher first among matching floating surveys; equal priority: the older survey (lower id) first.',
				),
				// When the survey stops taking answers (Closing): after N completed responses and/or at a
				// moment. The scheduling feature; enforced whatever the licence.
				'close'           => SchemaParts::object(
					array(
						'after_responses' => array(
							'type'        => array( 'integer', 'null' ),
							'minimum'     => 1,
							'maximum'     => self::QUOTA_MAX,
							'description' => 'Close after this many completed responses (not in the trash); null: no quota.',
						),
						// Not format date-time: '' (no end) is taken as null, and the rule check gives a field error.
						'end_at'          => array(
							'type'        => array( 'string', 'null' ),
							'maxLength'   => 40,
							'description' => 'Close at this moment: null, RFC 3339 with an offset, or a naive YYYY-MM-DDTHH:MM:SS in the site time zone. Answered in UTC, e.g. 2026-12-01T14:00:00Z.',
						),
					),
					'When the survey closes.'
				),
				// Hidden fields (Responses\HiddenFields): values from the visitor's page stored with the response.
				'hidden_fields'   => \UserFeedback\Responses\HiddenFields::settings_schema(),
				'retention_days'  => array(
					'type'        => array( 'integer', 'null' ),
					'minimum'     => 0,
					'maximum'     => SettingsSchema::RETENTION_MAX,
					'description' => 'Delete this survey\'s responses older than this many days (the daily purge); 0 keeps them forever; null follows the site\'s retention_days.',
				),
			),
			'Survey settings.'
		);
	}

	/**
	 * The retention of a survey's settings as stored (null: the site's); anything that is not a whole
	 * number of days in range (a row written by something else) counts as null.
	 *
	 * @param mixed $value The stored retention_days.
	 */
	public static function retention_days( $value ): ?int {
		if ( is_int( $value ) || ( is_string( $value ) && ctype_digit( $value ) ) ) {
			$days = (int) $value;
			return $days <= SettingsSchema::RETENTION_MAX ? $days : null;
		}
		return null;
	}

	/**
	 * @return array<string,mixed>
	 */
	public static function notifications(): array {
		return SchemaParts::object(
			array(
				'email' => SchemaParts::object(
					array(
						'active'    => array( 'type' => 'boolean' ),
						'addresses' => SchemaParts::text( 2000, 'Comma-separated email addresses.' ),
						'logic'     => SchemaParts::object(
							array(
								'enable'     => array( 'type' => 'boolean' ),
								'action'     => SchemaParts::enum( array( 'send' ), 'Send when the conditions hold.' ),
								'conditions' => SchemaParts::conditions( 'question_id' ),
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
}
