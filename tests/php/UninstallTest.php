<?php
/**
 * uninstall.php keeps everything unless the site asked for its data to be deleted.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

use UserFeedback\Access\Capabilities;
use UserFeedback\Admin\SettingsBlurb;
use UserFeedback\Licensing\LicenseCheck;
use UserFeedback\Notifications\Email\ResponseEmailQueue;
use UserFeedback\Notifications\Email\WeeklySummary;
use UserFeedback\Notifications\NotificationService;
use UserFeedback\Notifications\Producers;
use UserFeedback\Notifications\ServerNotices;
use UserFeedback\Database\Migrator;
use UserFeedback\Settings\SettingsRepository;

final class UninstallTest extends TestCase {

	private function uninstall(): void {
		if ( ! defined( 'WP_UNINSTALL_PLUGIN' ) ) {
			define( 'WP_UNINSTALL_PLUGIN', 'userfeedback/userfeedback.php' );
		}
		$this->without_transaction(
			static function (): void {
				include dirname( __DIR__, 2 ) . '/uninstall.php';
			}
		);
		// Uninstall runs in a request of its own; read what it left from the database, not this
		// request's option cache.
		wp_cache_flush();
	}

	public function test_data_stays_when_the_setting_is_off(): void {
		update_option( 'userfeedback_license', array( 'key' => 'k' ) );
		$this->uninstall();
		try {
			$this->assertSame( array(), ( new Migrator() )->missing_tables() );
			$this->assertSame( array( 'key' => 'k' ), get_option( 'userfeedback_license' ) );
			$this->assertTrue( get_role( 'administrator' )->has_cap( Capabilities::MANAGE_SETTINGS ) );
		} finally {
			delete_option( 'userfeedback_license' );
		}
	}

	public function test_the_scheduled_events_go_even_when_data_stays(): void {
		wp_schedule_event( time() + HOUR_IN_SECONDS, 'daily', LicenseCheck::HOOK );
		wp_schedule_event( time() + HOUR_IN_SECONDS, 'hourly', Producers::HOOK );
		wp_schedule_event( time() + HOUR_IN_SECONDS, 'weekly', WeeklySummary::HOOK );
		wp_unschedule_hook( ResponseEmailQueue::HOOK );
		wp_schedule_event( time() + 60, ResponseEmailQueue::SCHEDULE, ResponseEmailQueue::HOOK );
		$this->assertNotFalse( wp_next_scheduled( ResponseEmailQueue::HOOK ) );
		wp_unschedule_hook( \UserFeedback\Responses\PartialCloser::HOOK );
		wp_schedule_event( time() + 60, 'hourly', \UserFeedback\Responses\PartialCloser::HOOK );
		wp_schedule_single_event( time() + 10, \UserFeedback\Database\Rollups::REBUILD_HOOK );
		wp_schedule_single_event( time() + 5, \UserFeedback\Database\AnswerTerms::FILL_HOOK );
		$this->uninstall();
		$this->assertFalse( wp_next_scheduled( \UserFeedback\Database\Rollups::REBUILD_HOOK ) );
		$this->assertFalse( wp_next_scheduled( \UserFeedback\Database\AnswerTerms::FILL_HOOK ), 'An unfinished fill of the search table stops with the plugin.' );
		$this->assertFalse( wp_next_scheduled( \UserFeedback\Responses\PartialCloser::HOOK ) );
		$this->assertFalse( wp_next_scheduled( LicenseCheck::HOOK ) );
		$this->assertFalse( wp_next_scheduled( Producers::HOOK ) );
		$this->assertFalse( wp_next_scheduled( WeeklySummary::HOOK ) );
		$this->assertFalse( wp_next_scheduled( ResponseEmailQueue::HOOK ) );
		$this->assertSame( array(), ( new Migrator() )->missing_tables() );
	}

	public function test_everything_goes_when_the_setting_is_on(): void {
		update_option( SettingsRepository::OPTION, array( 'uninstall_delete_data' => true ) );
		update_option( 'userfeedback_license', array( 'key' => 'k' ) );
		add_option( 'userfeedbackish', 'Kept' );
		set_transient( 'userfeedback_addon_urls_test', array( 'behavior' => 'http://store.test/x.zip' ), HOUR_IN_SECONDS );
		set_transient( 'userfeedbackish', 'Kept', HOUR_IN_SECONDS );
		add_option( ResponseEmailQueue::CURSOR_OPTION, 41, '', false );
		add_option( ResponseEmailQueue::RETRIES_OPTION, array( 40 => array( 'attempt' => 2, 'next_at' => time() ) ), '', false );
		add_option( ResponseEmailQueue::LOCK_OPTION, (string) time(), '', false );
		update_user_meta( 1, SettingsBlurb::USER_META, 1 );
		update_user_meta( 1, NotificationService::USER_META, array( 'uf-first-response-1' ) );
		update_user_meta( 1, ServerNotices::USER_META, array( 'license-expired' ) );
		wp_schedule_event( time() + HOUR_IN_SECONDS, 'daily', LicenseCheck::HOOK );
		$this->uninstall();
		try {
			$this->assertCount( count( \UserFeedback\Database\Schema::TABLES ), ( new Migrator() )->missing_tables() );
			$this->assertFalse( get_option( SettingsRepository::OPTION ) );
			$this->assertFalse( get_option( 'userfeedback_license' ) );
			$this->assertFalse( get_option( Migrator::VERSION_OPTION ) );
			foreach ( array( ResponseEmailQueue::CURSOR_OPTION, ResponseEmailQueue::RETRIES_OPTION, ResponseEmailQueue::LOCK_OPTION ) as $option ) {
				$this->assertFalse( get_option( $option ), $option );
			}
			$this->assertSame( 'Kept', get_option( 'userfeedbackish' ), 'Options of others stay, even with a similar name.' );
			$this->assertFalse( get_transient( 'userfeedback_addon_urls_test' ) );
			$this->assertSame( 'Kept', get_transient( 'userfeedbackish' ) );
			foreach ( array( SettingsBlurb::USER_META, NotificationService::USER_META, ServerNotices::USER_META ) as $meta_key ) {
				$this->assertSame( '', get_user_meta( 1, $meta_key, true ), $meta_key );
			}
			$this->assertFalse( wp_next_scheduled( LicenseCheck::HOOK ) );
			foreach ( Capabilities::ALL as $cap ) {
				$this->assertFalse( get_role( 'administrator' )->has_cap( $cap ) );
			}
		} finally {
			delete_transient( 'userfeedbackish' );
			// Put the site back as activation leaves it, for the tests that follow. Outside the test's
			// transaction: on SQLite, DDL is transactional and the rollback would undo the repair.
			$this->without_transaction(
				static function (): void {
					( new Migrator() )->migrate();
					( new Capabilities() )->grant_defaults();
				}
			);
		}
		$this->assertSame( array(), ( new Migrator() )->missing_tables() );
	}
}
