<?php
/**
 * Server-side feature stripping on save (spec 1 section 4, spec 3 "Survey save (feature stripping)"):
 * what this site may not use is put back to its default, and the feature key is reported, so that a
 * request crafted past the builder's upgrade prompts stores nothing the site has not paid for.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

use UserFeedback\Licensing\Entitlements;

defined( 'ABSPATH' ) || exit;

final class FeatureStripper {

	/**
	 * @param array<string,mixed> $site Plugin settings: the defaults theming and behaviour go back to.
	 */
	public function __construct(
		private readonly Entitlements $entitlements,
		private readonly array $site,
	) {}

	/**
	 * @param array<string,mixed> $survey Complete survey (SurveyShape).
	 * @return array{0:array<string,mixed>,1:string[]} The survey as it may be stored, and the feature keys stripped.
	 */
	public function strip( array $survey ): array {
		$stripped = array();
		$can      = fn( string $feature ): bool => $this->entitlements->can( $feature );
		$settings = &$survey['settings'];

		// Star rating, NPS, image and icon questions need the question-types addon (spec 1, section 6).
		if ( ! $can( 'advanced_question_types' ) ) {
			$kept = array_values( array_filter( $survey['questions'], static fn( array $q ): bool => ! in_array( $q['type'], QuestionTypes\QuestionTypes::advanced(), true ) ) );
			if ( count( $kept ) !== count( $survey['questions'] ) || 'nps' === $survey['type'] ) {
				$stripped[] = 'advanced_question_types';
			}
			$survey['questions'] = $kept;
			$survey['type']      = 'survey';
		}

		// Required, randomize and comment box.
		if ( ! $can( 'question_settings' ) ) {
			foreach ( $survey['questions'] as &$question ) {
				foreach ( array( 'required', 'randomize', 'comment_box' ) as $key ) {
					if ( $question['settings'][ $key ] ) {
						$question['settings'][ $key ] = false;
						$stripped[]                    = 'question_settings';
					}
				}
			}
			unset( $question );
		}

		$thank_you = &$settings['thank_you'];
		if ( ! $can( 'thank_you_redirect' ) && 'message' !== $thank_you['type'] ) {
			$thank_you['type']         = 'message';
			$thank_you['redirect_to']  = null;
			$thank_you['redirect_url'] = '';
			$thank_you['conditions']   = array();
			$stripped[]                = 'thank_you_redirect';
		}
		if ( ! $can( 'thank_you_message' ) && SurveySchema::DEFAULT_THANK_YOU !== $thank_you['message'] ) {
			$thank_you['message'] = SurveySchema::DEFAULT_THANK_YOU;
			$stripped[]           = 'thank_you_message';
		}
		unset( $thank_you );

		if ( ! $can( 'behavior' ) ) {
			$stripped = array_merge( $stripped, self::reset( $settings['behavior'], SurveySchema::default_behavior( $this->site ), 'behavior' ) );
		}

		if ( ! $can( 'branding' ) ) {
			$stripped = array_merge( $stripped, self::reset( $settings['theming'], SurveySchema::default_theming( $this->site ), 'branding' ) );
		}
		// Middle positions need the paid version; a survey keeps its side of the screen.
		if ( ! $can( 'widget_positions_middle' ) && str_starts_with( (string) $settings['theming']['position'], 'middle_' ) ) {
			$settings['theming']['position'] = 'middle_left' === $settings['theming']['position'] ? 'bottom_left' : 'bottom_right';
			$stripped[]                      = 'widget_positions_middle';
		}

		// Devices need a pro licence (not plus) and the targeting addon; three devices mean "all".
		if ( ! $can( 'device_targeting' ) && SurveySchema::DEVICES !== $settings['targeting']['devices'] ) {
			$settings['targeting']['devices'] = SurveySchema::DEVICES;
			$stripped[]                       = 'device_targeting';
		}
		if ( ! $can( 'page_targeting' ) && ( 'all' !== $settings['targeting']['pages'] || array() !== $settings['targeting']['page_rules'] ) ) {
			$settings['targeting']['pages']      = 'all';
			$settings['targeting']['page_rules'] = array();
			$stripped[]                          = 'page_targeting';
		}

		if ( ! $can( 'geo_targeting' ) ) {
			$stripped = array_merge(
				$stripped,
				self::reset(
					$settings['geo_targeting'],
					array(
						'target'    => 'all',
						'countries' => array(),
					),
					'geo_targeting'
				)
			);
		}

		if ( ! $can( 'scheduling' ) && null !== $survey['publish_at'] ) {
			$survey['publish_at'] = null;
			$stripped[]           = 'scheduling';
		}

		if ( ! $can( 'email_logic' ) ) {
			$stripped = array_merge( $stripped, self::reset( $survey['notifications']['email']['logic'], SurveySchema::default_email_logic(), 'email_logic' ) );
		}
		unset( $settings );

		return array( $survey, array_values( array_unique( $stripped ) ) );
	}

	/**
	 * Puts $value back to $default when they differ.
	 *
	 * @param array<string,mixed> $value   Value, changed in place.
	 * @param array<string,mixed> $default Default.
	 * @return string[] array( $feature ) when something was reset.
	 */
	private static function reset( array &$value, array $default, string $feature ): array {
		if ( $value == $default ) { // phpcs:ignore Universal.Operators.StrictComparisons -- same keys and values in any order.
			return array();
		}
		$value = $default;
		return array( $feature );
	}
}
