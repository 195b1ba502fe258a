<?php
/**
 * Long-lived signed tokens for a survey's public routes (the spec's impression and submission "nonces").
 *
 * A WordPress nonce would expire within a day, while pages are served from full-page caches for days;
 * a token that depends only on the survey and the site's secret stays valid as long as the HTML does,
 * and is the same for every visitor, so it is safe to cache.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Frontend;

defined( 'ABSPATH' ) || exit;

final class SurveyTokens {

	public const ACTIONS = array( 'impression', 'submission' );

	public static function issue( int $survey_id, string $action ): string {
		return substr( hash_hmac( 'sha256', "userfeedback|{$action}|{$survey_id}", wp_salt( 'nonce' ) ), 0, 20 );
	}

	public static function verify( int $survey_id, string $action, string $token ): bool {
		return in_array( $action, self::ACTIONS, true ) && hash_equals( self::issue( $survey_id, $action ), $token );
	}
}
