<?php
/**
 * The long-lived signed token of a post's vote route: the same for every visitor and valid as long as
 * the cached HTML that carries it (see Frontend\SurveyTokens for why not a WordPress nonce).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\PostRatings;

defined( 'ABSPATH' ) || exit;

final class RatingTokens {

	public static function issue( int $post_id ): string {
		return substr( hash_hmac( 'sha256', "userfeedback|post-rating|{$post_id}", wp_salt( 'nonce' ) ), 0, 20 );
	}

	public static function verify( int $post_id, string $token ): bool {
		return hash_equals( self::issue( $post_id ), $token );
	}
}
