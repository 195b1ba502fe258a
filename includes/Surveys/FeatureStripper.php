<?php
/**
 * Server-side feature stripping on save (spec 1 section 4, spec 3 "Survey save (feature stripping)"):
 * what this site may not use is put back to its default, and the feature key is reported, so that a
 * request crafted past the builder's upgrade prompts stores nothing the site has not paid for. What each
 * feature needs and strips is FeaturePolicy's table, which the widget's feature map comes from too.
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
		foreach ( FeaturePolicy::keys() as $feature ) {
			if ( ! $this->entitlements->can( FeaturePolicy::entitlement( $feature ) ) && FeaturePolicy::strip( $feature, $survey, $this->site ) ) {
				$stripped[] = $feature;
			}
		}
		return array( $survey, $stripped );
	}
}
