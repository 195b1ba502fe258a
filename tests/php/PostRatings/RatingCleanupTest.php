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

	public function test_the_votes_and_the_totals_go_together_or_not_at_all_and_the_post_is_deleted_anyway(): void {
		$post = self::make_post( 'Gone' );
		self::rate( $post, array( array( 5, '2026-11-20 10:00:00' ), array( 3, '2026-11-21 10:00:00' ) ) );
		$totals = \UserFeedback\Database\Schema::table( 'post_rating_totals' );
		$broken = static fn( string $sql ): string => str_starts_with( $sql, "DELETE FROM `$totals`" ) ? 'DELETE FROM `no_such_table_uf`' : $sql;
		add_filter( 'query', $broken );
		global $wpdb;
		$shown = $wpdb->hide_errors();
		$log   = ini_set( 'error_log', '/dev/null' ); // phpcs:ignore WordPress.PHP.IniSet -- the failure is logged.
		try {
			wp_delete_post( $post, true );
		} finally {
			remove_filter( 'query', $broken );
			$wpdb->show_errors( $shown );
			ini_set( 'error_log', (string) $log ); // phpcs:ignore WordPress.PHP.IniSet
		}
		$this->assertNull( get_post( $post ), 'The post delete is not stopped.' );
		$this->assertSame( 2, self::stored_votes( $post ), 'The votes stay with the totals that could not go.' );
		wp_cache_flush();
		$this->assertSame( 2, ( new RatingRepository() )->summary( $post )['count'] );
	}
}
