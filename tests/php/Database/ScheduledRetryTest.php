<?php
/**
 * ScheduledRetry: a failed scheduled event of the database's unfinished work comes back a minute
 * later, then twice as long each time it fails again, at most an hour; a success starts over.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Database;

use UserFeedback\Database\AnswerTerms;
use UserFeedback\Database\ScheduledRetry;
use UserFeedback\Tests\TestCase;

final class ScheduledRetryTest extends TestCase {

	private const HOOK = 'userfeedback_test_retry';

	protected function tearDown(): void {
		wp_clear_scheduled_hook( self::HOOK );
		wp_clear_scheduled_hook( AnswerTerms::FILL_HOOK );
		ScheduledRetry::succeeded( self::HOOK );
		ScheduledRetry::succeeded( AnswerTerms::FILL_HOOK );
		delete_option( AnswerTerms::FILL_OPTION );
		parent::tearDown();
	}

	public function test_each_failure_in_a_row_waits_twice_as_long_up_to_an_hour(): void {
		$delays = array();
		for ( $i = 0; $i < 8; $i++ ) {
			$delays[] = ScheduledRetry::after_failure( self::HOOK );
			$this->assertNotFalse( wp_next_scheduled( self::HOOK ) );
			wp_clear_scheduled_hook( self::HOOK );
		}
		$this->assertSame( array( 60, 120, 240, 480, 960, 1920, 3600, 3600 ), $delays );
		ScheduledRetry::succeeded( self::HOOK );
		$this->assertSame( 60, ScheduledRetry::after_failure( self::HOOK ), 'A success starts over.' );
	}

	public function test_an_event_already_scheduled_is_not_scheduled_twice(): void {
		wp_schedule_single_event( time() + 5, self::HOOK );
		$at = wp_next_scheduled( self::HOOK );
		ScheduledRetry::after_failure( self::HOOK );
		$this->assertSame( $at, wp_next_scheduled( self::HOOK ) );
	}

	public function test_the_fill_of_the_search_table_backs_off_and_a_good_run_starts_over(): void {
		global $wpdb;
		update_option( AnswerTerms::FILL_OPTION, '0' );
		$break = static fn( string $sql ): string => str_contains( $sql, 'FROM `' . \UserFeedback\Database\Schema::table( 'answers' ) . '` WHERE id >' ) ? str_replace( 'WHERE id >', 'WHERE no_such_column >', $sql ) : $sql;
		add_filter( 'query', $break );
		$suppress = $wpdb->suppress_errors( true );
		try {
			( new AnswerTerms() )->fill_on_schedule();
			wp_clear_scheduled_hook( AnswerTerms::FILL_HOOK );
			( new AnswerTerms() )->fill_on_schedule();
		} finally {
			remove_filter( 'query', $break );
			$wpdb->suppress_errors( $suppress );
		}
		$this->assertSame( '2', get_option( AnswerTerms::FILL_HOOK . '_failures' ), 'Two failures in a row.' );
		$this->assertNotFalse( wp_next_scheduled( AnswerTerms::FILL_HOOK ) );
		wp_clear_scheduled_hook( AnswerTerms::FILL_HOOK );
		( new AnswerTerms() )->fill_on_schedule();
		$this->assertFalse( get_option( AnswerTerms::FILL_HOOK . '_failures' ), 'A good run starts over.' );
		$this->assertTrue( AnswerTerms::ready() );
	}
}
