<?php
/**
 * The one table of what a survey may use by tier (spec 1 section 6, spec 3 "Survey save (feature
 * stripping)"): each feature key, the entitlement it needs, what a save without it puts back to the
 * default, and whether the visitor widget is told about it. FeatureStripper applies the table when a
 * survey is saved; WidgetLoader builds the widget's feature map from it, so that adding a gated survey
 * feature is one row here. tests/fixtures/contract/feature-stripping.json holds its cases (PHPUnit and
 * the widget's Vitest read it).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

use UserFeedback\Licensing\Entitlements;
use UserFeedback\Surveys\QuestionTypes\QuestionTypes;

defined( 'ABSPATH' ) || exit;

final class FeaturePolicy {

	/**
	 * Feature key => entitlement (Entitlements::can()), the method that strips it (it changes the
	 * survey in place and answers whether it changed anything) and whether the widget's config carries
	 * it (WidgetConfig.features in widget/src/types.ts). "hides": a published survey that uses the feature
	 * while the site may not is not shown to visitors (it fails closed instead of being shown with its
	 * rules ignored: who sees it, when, or what it asks). What "uses" means is uses() below. In the order
	 * a save strips: branding resets the theming before a middle position is moved.
	 */
	private const FEATURES = array(
		'advanced_question_types' => array(
			'entitlement' => 'advanced_question_types',
			'strip'       => 'strip_advanced_question_types',
			'widget'      => true,
			'hides'       => true,
		),
		'question_settings'       => array(
			'entitlement' => 'question_settings',
			'strip'       => 'strip_question_settings',
			'widget'      => true,
			'hides'       => false,
		),
		'thank_you_redirect'      => array(
			'entitlement' => 'thank_you_redirect',
			'strip'       => 'strip_thank_you_redirect',
			'widget'      => true,
			'hides'       => false,
		),
		'thank_you_message'       => array(
			'entitlement' => 'thank_you_message',
			'strip'       => 'strip_thank_you_message',
			'widget'      => false,
			'hides'       => false,
		),
		'behavior'                => array(
			'entitlement' => 'behavior',
			'strip'       => 'strip_behavior',
			'widget'      => true,
			'hides'       => true,
		),
		'branding'                => array(
			'entitlement' => 'branding',
			'strip'       => 'strip_branding',
			'widget'      => true,
			'hides'       => false,
		),
		'widget_positions_middle' => array(
			'entitlement' => 'widget_positions_middle',
			'strip'       => 'strip_widget_positions_middle',
			'widget'      => false,
			'hides'       => false,
		),
		'device_targeting'        => array(
			'entitlement' => 'device_targeting',
			'strip'       => 'strip_device_targeting',
			'widget'      => true,
			'hides'       => true,
		),
		'page_targeting'          => array(
			'entitlement' => 'page_targeting',
			'strip'       => 'strip_page_targeting',
			'widget'      => true,
			'hides'       => true,
		),
		'geo_targeting'           => array(
			'entitlement' => 'geo_targeting',
			'strip'       => 'strip_geo_targeting',
			'widget'      => true,
			'hides'       => true,
		),
		'scheduling'              => array(
			'entitlement' => 'scheduling',
			'strip'       => 'strip_scheduling',
			'widget'      => false,
			'hides'       => false,
		),
		'email_logic'             => array(
			'entitlement' => 'email_logic',
			'strip'       => 'strip_email_logic',
			'widget'      => false,
			'hides'       => false,
		),
		// Without it a survey still runs; it records no hidden fields (ResponseService).
		'hidden_fields'           => array(
			'entitlement' => 'hidden_fields',
			'strip'       => 'strip_hidden_fields',
			'widget'      => false,
			'hides'       => false,
		),
	);

	/**
	 * @return string[] Every survey feature key, in the order a save strips them.
	 */
	public static function keys(): array {
		return array_keys( self::FEATURES );
	}

	/**
	 * @return string[] The keys of the widget's feature map.
	 */
	public static function widget_keys(): array {
		return array_keys( array_filter( self::FEATURES, static fn( array $row ): bool => $row['widget'] ) );
	}

	/**
	 * The entitlement a feature needs.
	 *
	 * @throws \InvalidArgumentException For a key the table does not hold.
	 */
	public static function entitlement( string $feature ): string {
		if ( ! isset( self::FEATURES[ $feature ] ) ) {
			throw new \InvalidArgumentException( esc_html( sprintf( 'Unknown survey feature "%s".', $feature ) ) );
		}
		return self::FEATURES[ $feature ]['entitlement'];
	}

	/**
	 * Whether a survey that uses $feature is hidden from visitors while the site may not use it.
	 */
	public static function hides( string $feature ): bool {
		self::entitlement( $feature );
		return self::FEATURES[ $feature ]['hides'];
	}

	/**
	 * What a stored survey uses that the site may no longer use and that hides it from visitors (a
	 * lapsed licence, a deactivated addon): the reason the surveys list gives for "Needs Pro", and why
	 * the widget passes it over. Archived questions use nothing.
	 *
	 * @param array<string,mixed> $survey       Survey (questions, settings, type).
	 * @param Entitlements        $entitlements What the site may use.
	 * @return array<int,array{feature:string,label:string}> In the table's order; empty when it may be shown.
	 */
	public static function unavailable( array $survey, Entitlements $entitlements ): array {
		$found = array();
		foreach ( self::FEATURES as $feature => $row ) {
			if ( $row['hides'] && ! $entitlements->can( $row['entitlement'] ) && FeatureUse::uses( $survey, self::uses( $feature ) ) ) {
				$found[] = array(
					'feature' => $feature,
					'label'   => Entitlements::label( $row['entitlement'] ),
				);
			}
		}
		return $found;
	}

	/**
	 * The table as the builder reads it (boot config feature_policy): before a save, it lists what the
	 * server will strip, with the same tests and the same words.
	 *
	 * @param Entitlements $entitlements What the site may use.
	 * @return array<int,array{feature:string,label:string,removal:string,available:bool,hides:bool,uses:array<int,array<string,mixed>>}>
	 */
	public static function client_table( Entitlements $entitlements ): array {
		$rows = array();
		foreach ( self::FEATURES as $feature => $row ) {
			$rows[] = array(
				'feature'   => $feature,
				'label'     => Entitlements::label( $row['entitlement'] ),
				'removal'   => self::removal( $feature ),
				'available' => $entitlements->can( $row['entitlement'] ),
				'hides'     => $row['hides'],
				'uses'      => self::uses( $feature ),
			);
		}
		return $rows;
	}

	/**
	 * When a survey uses a feature (FeatureUse evaluates these; so does the builder). They read nothing
	 * of the site's settings: whether a survey is shown must not change when the site's widget defaults
	 * do. Behaviour leaves start_minimized out for that reason (a new survey takes it from the site),
	 * and the delay counts only with a delayed start.
	 *
	 * @return array<int,array<string,mixed>>
	 */
	public static function uses( string $feature ): array {
		self::entitlement( $feature );
		$behavior = SurveyDefaults::behavior( array() );
		return match ( $feature ) {
			'advanced_question_types' => array(
				array(
					'path' => 'questions.*.type',
					'in'   => QuestionTypes::advanced(),
				),
				array(
					'path' => 'type',
					'in'   => array( 'nps' ),
				),
			),
			'question_settings'       => array_map(
				static fn( string $key ): array => array(
					'path' => "questions.*.settings.$key",
					'not'  => false,
				),
				array( 'required', 'randomize', 'comment_box' )
			),
			'thank_you_redirect'      => array(
				array(
					'path' => 'settings.thank_you.type',
					'not'  => 'message',
				),
			),
			'thank_you_message'       => array(
				array(
					'path' => 'settings.thank_you.message',
					'not'  => SurveyDefaults::THANK_YOU,
				),
			),
			'behavior'                => array(
				array(
					'path' => 'settings.behavior.timing',
					'not'  => $behavior['timing'],
				),
				array(
					'path' => 'settings.behavior.display_length',
					'not'  => $behavior['display_length'],
				),
				array(
					'path' => 'settings.behavior.run_time',
					'not'  => $behavior['run_time'],
				),
				// Sampling: shown to fewer than every matching visitor. (event and click are timings.)
				array(
					'path' => 'settings.behavior.sample_percent',
					'not'  => $behavior['sample_percent'],
				),
			),
			// A survey that follows the site's look (theming.source 'site') uses none of its own.
			'branding'                => array(
				array(
					'path' => 'settings.theming.source',
					'not'  => 'site',
				),
			),
			'widget_positions_middle' => array(
				array(
					'all' => array(
						array(
							'path' => 'settings.theming.position',
							'in'   => array( 'middle_left', 'middle_right' ),
						),
						array(
							'path' => 'settings.theming.source',
							'not'  => 'site',
						),
					),
				),
			),
			'device_targeting'        => array(
				array(
					'path' => 'settings.targeting.devices',
					'not'  => SurveySchema::DEVICES,
				),
			),
			'page_targeting'          => array(
				array(
					'path' => 'settings.targeting.pages',
					'not'  => 'all',
				),
			),
			'geo_targeting'           => array(
				array(
					'path' => 'settings.geo_targeting.target',
					'not'  => 'all',
				),
			),
			'scheduling'              => array(
				array(
					'path' => 'publish_at',
					'not'  => null,
				),
				array(
					'path' => 'settings.close.after_responses',
					'not'  => null,
				),
				array(
					'path' => 'settings.close.end_at',
					'not'  => null,
				),
			),
			'email_logic'             => array(
				array(
					'path' => 'notifications.email.logic.enable',
					'not'  => false,
				),
			),
			'hidden_fields'           => array(
				array(
					'path' => 'settings.hidden_fields',
					'not'  => array(),
				),
			),
		};
	}

	/**
	 * What a save without the feature does to a survey that uses it, in the builder's confirmation.
	 */
	public static function removal( string $feature ): string {
		self::entitlement( $feature );
		return match ( $feature ) {
			'advanced_question_types' => __( 'Star rating, NPS, image and icon questions are deleted, and an NPS survey becomes a regular survey.', 'userfeedback' ),
			'question_settings'       => __( 'Required, randomized and comment box are turned off on every question.', 'userfeedback' ),
			'thank_you_redirect'      => __( 'Visitors see the thank-you message instead of being redirected.', 'userfeedback' ),
			'thank_you_message'       => __( 'The thank-you message goes back to the default one.', 'userfeedback' ),
			'behavior'                => __( 'When the survey appears, how often and until when go back to the defaults.', 'userfeedback' ),
			'branding'                => __( 'Colours, font, icon and logo go back to the site\'s widget settings.', 'userfeedback' ),
			'widget_positions_middle' => __( 'The survey moves to the bottom corner of its side.', 'userfeedback' ),
			'device_targeting'        => __( 'The survey is shown on every device.', 'userfeedback' ),
			'page_targeting'          => __( 'The survey is shown on every page.', 'userfeedback' ),
			'geo_targeting'           => __( 'The survey is shown in every country.', 'userfeedback' ),
			'scheduling'              => __( 'The start date, the response limit and the close date are removed: the survey starts when it is published and runs until it is stopped.', 'userfeedback' ),
			'email_logic'             => __( 'The notification email is sent for every response, without conditions.', 'userfeedback' ),
			'hidden_fields'           => __( 'The hidden fields are removed, with the logic conditions on them: responses no longer record them.', 'userfeedback' ),
		};
	}

	/**
	 * Puts what $feature governs back to its default.
	 *
	 * @param array<string,mixed> $survey Complete survey, changed in place.
	 * @param array<string,mixed> $site   Plugin settings: the defaults theming and behaviour go back to.
	 * @return bool Whether anything was changed.
	 */
	public static function strip( string $feature, array &$survey, array $site ): bool {
		self::entitlement( $feature );
		$method = self::FEATURES[ $feature ]['strip'];
		return self::$method( $survey, $site );
	}

	/**
	 * Star rating, NPS, image and icon questions (the registry's advanced types); an NPS survey becomes
	 * a survey.
	 *
	 * @param array<string,mixed> $survey Survey.
	 */
	private static function strip_advanced_question_types( array &$survey ): bool {
		$advanced            = QuestionTypes::advanced();
		$kept                = array_values( array_filter( $survey['questions'], static fn( array $q ): bool => ! in_array( $q['type'], $advanced, true ) ) );
		$changed             = count( $kept ) !== count( $survey['questions'] ) || 'nps' === $survey['type'];
		$survey['questions'] = $kept;
		$survey['type']      = 'survey';
		return $changed;
	}

	/**
	 * Required, randomize and comment box.
	 *
	 * @param array<string,mixed> $survey Survey.
	 */
	private static function strip_question_settings( array &$survey ): bool {
		$changed = false;
		foreach ( $survey['questions'] as &$question ) {
			foreach ( array( 'required', 'randomize', 'comment_box' ) as $key ) {
				if ( $question['settings'][ $key ] ) {
					$question['settings'][ $key ] = false;
					$changed                      = true;
				}
			}
		}
		unset( $question );
		return $changed;
	}

	/**
	 * @param array<string,mixed> $survey Survey.
	 */
	private static function strip_thank_you_redirect( array &$survey ): bool {
		$thank_you = &$survey['settings']['thank_you'];
		if ( 'message' === $thank_you['type'] ) {
			return false;
		}
		$thank_you['type']         = 'message';
		$thank_you['redirect_to']  = null;
		$thank_you['redirect_url'] = '';
		$thank_you['conditions']   = array();
		return true;
	}

	/**
	 * @param array<string,mixed> $survey Survey.
	 */
	private static function strip_thank_you_message( array &$survey ): bool {
		if ( SurveyDefaults::THANK_YOU === $survey['settings']['thank_you']['message'] ) {
			return false;
		}
		$survey['settings']['thank_you']['message'] = SurveyDefaults::THANK_YOU;
		return true;
	}

	/**
	 * @param array<string,mixed> $survey Survey.
	 * @param array<string,mixed> $site   Plugin settings.
	 */
	private static function strip_behavior( array &$survey, array $site ): bool {
		$default = SurveyDefaults::behavior( $site );
		// Free: opting out of the site-wide cooldown is kept whatever the licence.
		$default['ignore_cooldown'] = (bool) ( $survey['settings']['behavior']['ignore_cooldown'] ?? false );
		return self::reset( $survey['settings']['behavior'], $default );
	}

	/**
	 * @param array<string,mixed> $survey Survey.
	 * @param array<string,mixed> $site   Plugin settings.
	 */
	private static function strip_branding( array &$survey, array $site ): bool {
		// A survey that follows the site's look (source 'site') uses none of its own theming values: they
		// are put back to the site's, but nothing the survey used is taken away.
		$custom = 'custom' === ( $survey['settings']['theming']['source'] ?? 'site' );
		return self::reset( $survey['settings']['theming'], SurveyDefaults::theming( $site ) ) && $custom;
	}

	/**
	 * Middle positions need the paid version; a survey keeps its side of the screen.
	 *
	 * @param array<string,mixed> $survey Survey.
	 */
	private static function strip_widget_positions_middle( array &$survey ): bool {
		$position = (string) $survey['settings']['theming']['position'];
		// A survey that follows the site's look does not use its own position (VisitorTheming gates the site's).
		if ( ! str_starts_with( $position, 'middle_' ) || 'custom' !== ( $survey['settings']['theming']['source'] ?? 'site' ) ) {
			return false;
		}
		$survey['settings']['theming']['position'] = 'middle_left' === $position ? 'bottom_left' : 'bottom_right';
		return true;
	}

	/**
	 * Three devices mean "all".
	 *
	 * @param array<string,mixed> $survey Survey.
	 */
	private static function strip_device_targeting( array &$survey ): bool {
		if ( SurveySchema::DEVICES === $survey['settings']['targeting']['devices'] ) {
			return false;
		}
		$survey['settings']['targeting']['devices'] = SurveySchema::DEVICES;
		return true;
	}

	/**
	 * @param array<string,mixed> $survey Survey.
	 */
	private static function strip_page_targeting( array &$survey ): bool {
		$targeting = &$survey['settings']['targeting'];
		if ( 'all' === $targeting['pages'] && array() === $targeting['page_rules'] ) {
			return false;
		}
		$targeting['pages']      = 'all';
		$targeting['page_rules'] = array();
		return true;
	}

	/**
	 * @param array<string,mixed> $survey Survey.
	 */
	private static function strip_geo_targeting( array &$survey ): bool {
		return self::reset(
			$survey['settings']['geo_targeting'],
			array(
				'target'    => 'all',
				'countries' => array(),
			)
		);
	}

	/**
	 * @param array<string,mixed> $survey Survey.
	 */
	private static function strip_scheduling( array &$survey ): bool {
		$close                       = $survey['settings']['close'] ?? SurveyDefaults::close();
		$changed                     = null !== $survey['publish_at'] || SurveyDefaults::close() !== $close;
		$survey['publish_at']        = null;
		$survey['settings']['close'] = SurveyDefaults::close();
		return $changed;
	}

	/**
	 * @param array<string,mixed> $survey Survey.
	 */
	private static function strip_email_logic( array &$survey ): bool {
		return self::reset( $survey['notifications']['email']['logic'], SurveyDefaults::email_logic() );
	}

	/**
	 * @param array<string,mixed> $survey Survey.
	 */
	private static function strip_hidden_fields( array &$survey ): bool {
		// Logic conditions on the fields go with them (they could no longer hold, and SurveyRules refuses a field the survey does not list).
		$dropped = SurveyRules::drop_field_conditions( $survey );
		if ( array() === ( $survey['settings']['hidden_fields'] ?? array() ) ) {
			return $dropped;
		}
		$survey['settings']['hidden_fields'] = array();
		return true;
	}

	/**
	 * Puts $value back to $fallback when they differ.
	 *
	 * @param array<string,mixed> $value    Value, changed in place.
	 * @param array<string,mixed> $fallback Default.
	 */
	private static function reset( array &$value, array $fallback ): bool {
		if ( $value == $fallback ) { // phpcs:ignore Universal.Operators.StrictComparisons -- same keys and values in any order.
			return false;
		}
		$value = $fallback;
		return true;
	}
}
