<?php
/**
 * Issue 17 items 1 and 9: the boot config states what the admin says about the AI summary's data
 * (Ai\FeedbackDigest's limits) and the Lite offer with its coupon code, once, in PHP.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

use UserFeedback\Ai\FeedbackDigest;

final class BootConfigMessagesTest extends TestCase {

	public function test_the_ai_note_reads_the_digest_s_limits(): void {
		$this->as_user( 'administrator' );
		$config = self::boot_config()->for_page( 'settings' );
		$this->assertSame(
			array(
				'max_items'         => FeedbackDigest::MAX_ITEMS,
				'max_chars'         => FeedbackDigest::MAX_CHARS,
				'email_placeholder' => FeedbackDigest::EMAIL_PLACEHOLDER,
			),
			$config['ai_digest']
		);
	}

	public function test_the_lite_offer_has_its_coupon_code_and_a_filter(): void {
		$this->as_user( 'administrator' );
		$offer = self::boot_config()->for_page( 'about' )['lite_offer'];
		$this->assertSame( 199, $offer['price_per_year'] );
		$this->assertSame( 50, $offer['discount_percent'] );
		$this->assertNotSame( '', $offer['coupon'] );

		add_filter( 'userfeedback_lite_offer', static fn( array $o ): array => array( 'coupon' => 'SPRING' ) + $o );
		$this->assertSame( 'SPRING', self::boot_config()->for_page( 'about' )['lite_offer']['coupon'] );
	}
}
