<?php
/**
 * The one check of the post-ratings feature (Entitlements key post_ratings: Pro edition, a valid
 * licence and the post-ratings addon). Admin routes refuse with the words an admin can act on; the
 * visitor's vote route refuses without licence talk.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\PostRatings;

use UserFeedback\Licensing\Entitlements;
use UserFeedback\Responses\FeatureGate;
use UserFeedback\Rest\ApiException;

defined( 'ABSPATH' ) || exit;

final class RatingsFeature {

	public const KEY = 'post_ratings';

	public const LOCKED = 'userfeedback_feature_locked';

	/**
	 * @throws ApiException 403 with FeatureGate's message and data when the feature is locked.
	 */
	public static function require_for_admin( Entitlements $entitlements ): void {
		// FeatureGate's refusal: code LOCKED, its message (escaped there) and data, 403.
		$refusal = FeatureGate::refusal( $entitlements, self::KEY );
		if ( null !== $refusal ) {
			throw $refusal;
		}
	}

	/**
	 * @throws ApiException 403 when the site does not take ratings.
	 */
	public static function require_for_visitor( Entitlements $entitlements ): void {
		if ( ! $entitlements->can( self::KEY ) ) {
			throw new ApiException(
				self::LOCKED, // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- the error code, a constant of this class.
				esc_html__( 'This site does not take ratings at the moment.', 'userfeedback' ),
				403
			);
		}
	}
}
