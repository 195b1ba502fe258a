<?php
/**
 * A post deleted for good loses its votes; a trashed one keeps them.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\PostRatings;

use UserFeedback\PostRatings\RatingRepository;

final class RatingCleanupTest extends RatingsTestCase {

	public function test_deleting_a_post_removes_its_votes_and_summary(): void {
		$gone = self::make_post( 'Gone' );
		$kept = self::make_post( 'Kept' );
		self::rate( $gone, array( array( 5, '2026-11-20 10:00:00' ), array( 3, '2026-11-21 10:00:00' ) ) );
		self::rate( $kept, array( array( 4, '2026-11-20 10:00:00' ) ) );
		$this->assertSame( 2, ( new RatingRepository() )->summary( $gone )['count'] );

		wp_trash_post( $gone );
		$this->assertSame( 2, self::stored_votes( $gone ), 'Trash keeps the votes for a restore.' );

		wp_delete_post( $gone, true );
		$this->assertSame( 0, self::stored_votes( $gone ) );
		$this->assertSame( 0, ( new RatingRepository() )->summary( $gone )['count'], 'The cached summary goes too.' );
		$this->assertSame( 1, self::stored_votes( $kept ) );
	}
}
