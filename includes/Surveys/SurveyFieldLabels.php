<?php
/**
 * The survey fields' names as the builder shows them, for the sentences of a refused save
 * (Rest\FieldErrors): dot path => label, or array( label, unit ) for a number with a unit. '*' stands
 * for a list index; %d in a label is the item's position (1-based). Paths not listed are named by
 * their last key in words.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

defined( 'ABSPATH' ) || exit;

final class SurveyFieldLabels {

	/**
	 * @return array<string,string|array{0:string,1:string}>
	 */
	public static function labels(): array {
		return array(
			'title'                                        => __( 'Survey title', 'userfeedback' ),
			'type'                                         => __( 'Survey type', 'userfeedback' ),
			'status'                                       => __( 'Status', 'userfeedback' ),
			'template'                                     => __( 'Template', 'userfeedback' ),
			'publish_at'                                   => __( 'Start date', 'userfeedback' ),
			'questions'                                    => __( 'Questions', 'userfeedback' ),
			/* translators: %d: position of the question in the survey. */
			'questions.*'                                  => __( 'Question %d', 'userfeedback' ),
			/* translators: %d: position of the question in the survey. */
			'questions.*.title'                            => __( 'The title of question %d', 'userfeedback' ),
			/* translators: %d: position of the question in the survey. */
			'questions.*.type'                             => __( 'The type of question %d', 'userfeedback' ),
			/* translators: %d: position of the question in the survey. */
			'questions.*.config.options'                   => __( 'The options of question %d', 'userfeedback' ),
			/* translators: %d: position of the question in the survey. */
			'questions.*.config.options.*'                 => __( 'An option of question %d', 'userfeedback' ),
			/* translators: %d: position of the question in the survey. */
			'questions.*.config.options.*.label'           => __( 'An option of question %d', 'userfeedback' ),
			/* translators: %d: position of the question in the survey. */
			'questions.*.settings.icon_color'              => __( 'The icon colour of question %d', 'userfeedback' ),
			/* translators: %d: position of the question in the survey. */
			'questions.*.logic.conditions'                 => __( 'The logic conditions of question %d', 'userfeedback' ),
			/* translators: %d: position of the question in the survey. */
			'questions.*.logic.conditions.*.field'         => __( 'The hidden field named in a logic condition of question %d', 'userfeedback' ),
			'settings.thank_you.type'                      => __( 'After the last question', 'userfeedback' ),
			'settings.thank_you.message'                   => __( 'Thank-you message', 'userfeedback' ),
			'settings.thank_you.redirect_url'              => __( 'Redirect URL', 'userfeedback' ),
			'settings.thank_you.conditions'                => __( 'Conditional redirects', 'userfeedback' ),
			'settings.enable_tracking'                     => __( 'Tracking', 'userfeedback' ),
			'settings.targeting.devices'                   => __( 'Devices', 'userfeedback' ),
			'settings.targeting.pages'                     => __( 'Pages', 'userfeedback' ),
			'settings.targeting.page_rules'                => __( 'Page rules', 'userfeedback' ),
			/* translators: %d: position of the page rule. */
			'settings.targeting.page_rules.*.data'         => __( 'The value of page rule %d', 'userfeedback' ),
			'settings.geo_targeting.countries'             => __( 'Countries', 'userfeedback' ),
			'settings.behavior.timing'                     => __( 'Start the survey', 'userfeedback' ),
			'settings.behavior.timing_delay'               => array( __( 'Delay', 'userfeedback' ), __( 'seconds', 'userfeedback' ) ),
			'settings.behavior.display_length'             => __( 'Display length', 'userfeedback' ),
			'settings.behavior.run_time'                   => __( 'Run time', 'userfeedback' ),
			'settings.behavior.expire_at.month'            => __( 'Stop month', 'userfeedback' ),
			'settings.behavior.expire_at.day'              => __( 'Stop day', 'userfeedback' ),
			'settings.behavior.start_minimized'            => __( 'Start minimized', 'userfeedback' ),
			'settings.behavior.remember_dismissal'         => __( 'Remember when a visitor closes the survey', 'userfeedback' ),
			'settings.behavior.event_name'                 => __( 'Event name', 'userfeedback' ),
			'settings.behavior.click_selector'             => __( 'CSS selector', 'userfeedback' ),
			'settings.behavior.sample_percent'             => array( __( 'Share of matching visitors', 'userfeedback' ), __( 'percent', 'userfeedback' ) ),
			'settings.behavior.ignore_cooldown'            => __( 'Show even during the site-wide cooldown', 'userfeedback' ),
			'settings.theming.color_scheme'                => __( 'Colour scheme', 'userfeedback' ),
			'settings.theming.widget_color'                => __( 'Background colour', 'userfeedback' ),
			'settings.theming.text_color'                  => __( 'Text colour', 'userfeedback' ),
			'settings.theming.button_color'                => __( 'Button colour', 'userfeedback' ),
			'settings.theming.widget_toggle_text'          => __( 'Toggle label', 'userfeedback' ),
			'settings.theming.widget_toggle_color'         => __( 'Toggle icon colour', 'userfeedback' ),
			'settings.theming.position'                    => __( 'Widget position', 'userfeedback' ),
			'settings.theming.custom_logo'                 => __( 'Logo URL', 'userfeedback' ),
			'settings.theming.skip_text'                   => __( 'Skip button text', 'userfeedback' ),
			'settings.theming.next_text'                   => __( 'Next button text', 'userfeedback' ),
			'settings.flow.progress_bar'                   => __( 'Progress bar', 'userfeedback' ),
			'settings.flow.back_button'                    => __( 'Back button', 'userfeedback' ),
			'settings.retention_days'                      => array( __( 'Response retention', 'userfeedback' ), __( 'days', 'userfeedback' ) ),
			'settings.priority'                            => __( 'Priority', 'userfeedback' ),
			'settings.close.after_responses'               => array( __( 'Close after', 'userfeedback' ), __( 'responses', 'userfeedback' ) ),
			'settings.close.end_at'                        => __( 'Close on', 'userfeedback' ),
			'settings.hidden_fields'                       => __( 'Hidden fields', 'userfeedback' ),
			/* translators: %d: position of the hidden field in the list. */
			'settings.hidden_fields.*.name'                => __( 'The name of hidden field %d', 'userfeedback' ),
			/* translators: %d: position of the hidden field in the list. */
			'settings.hidden_fields.*.source'              => __( 'The source of hidden field %d', 'userfeedback' ),
			/* translators: %d: position of the hidden field in the list. */
			'settings.hidden_fields.*.key'                 => __( 'The parameter, cookie or attribute of hidden field %d', 'userfeedback' ),
			'notifications.email.addresses'                => __( 'Send notifications to', 'userfeedback' ),
			'notifications.email.logic.conditions'         => __( 'Email conditions', 'userfeedback' ),
			'notifications.email.logic.conditions.*.field' => __( 'The hidden field named in an email condition', 'userfeedback' ),
		);
	}
}
