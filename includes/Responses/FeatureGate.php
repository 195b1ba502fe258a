<?php
/**
 * The refusal of a gated feature, in words an admin can act on (upgrade, licence, addon).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Responses;

use UserFeedback\Licensing\Entitlements;
use UserFeedback\Rest\ApiException;

defined( 'ABSPATH' ) || exit;

final class FeatureGate {

	/**
	 * Why $feature is locked on this site, or null when it is open.
	 */
	public static function message( Entitlements $entitlements, string $feature ): ?string {
		$reason = $entitlements->reason( $feature );
		if ( null === $reason ) {
			return null;
		}
		$label = Entitlements::label( $feature );
		$plan  = ucfirst( $entitlements->plan( $feature ) );
		return match ( $reason ) {
			/* translators: 1: feature name, 2: plan name (Pro, Elite). */
			'license' => sprintf( __( '%1$s needs a valid %2$s licence. Please activate your licence key in the UserFeedback settings.', 'userfeedback' ), $label, $plan ),
			/* translators: 1: feature name. */
			'addon'   => sprintf( __( '%1$s needs its addon. Please activate it on the UserFeedback Addons screen.', 'userfeedback' ), $label ),
			/* translators: 1: feature name, 2: plan name (Pro, Elite). */
			default   => sprintf( __( '%1$s is a %2$s feature. Please upgrade to the %2$s plan to unlock it.', 'userfeedback' ), $label, $plan ),
		};
	}

	/**
	 * The 403 a REST route answers while $feature is locked (message() and data()), or null when it is
	 * open. Its message is escaped here, where it is made, like every exception's (see ExceptionText).
	 */
	public static function refusal( Entitlements $entitlements, string $feature ): ?ApiException {
		$message = self::message( $entitlements, $feature );
		if ( null === $message ) {
			return null;
		}
		return new ApiException( 'userfeedback_feature_locked', esc_html( $message ), 403, self::data( $entitlements, $feature ) );
	}

	/**
	 * Error data that lets the client open its upgrade dialog.
	 *
	 * @return array{feature:string,reason:string|null,plan:string}
	 */
	public static function data( Entitlements $entitlements, string $feature ): array {
		return array(
			'feature' => $feature,
			'reason'  => $entitlements->reason( $feature ),
			'plan'    => $entitlements->plan( $feature ),
		);
	}
}
