<?php
/**
 * The upgrade steps the Migrator is given (version => step): run once, in version order, when a site
 * comes from below the version; never on a fresh install; a failing step is logged and does not stop
 * the migration. The plugin gives it the post-rating totals of version 5 (MigratorTest checks those).
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Database;

use UserFeedback\Database\Migrator;
use UserFeedback\Database\Schema;
use UserFeedback\Plugin;
use UserFeedback\Tests\TestCase;

final class MigratorUpgradesTest extends TestCase {

	/**
	 * @return array<string,array{0:int,1:string[]}>
	 */
	public static function sites(): array {
		return array(
			'a fresh install'               => array( 0, array() ),
			'a site of version 4'           => array( 4, array( 'v5', 'v6' ) ),
			'a site of version 5'           => array( 5, array( 'v6' ) ),
			'a site of the current version' => array( Schema::VERSION, array() ),
		);
	}

	/**
	 * @dataProvider sites
	 * @param string[] $expected The steps that ran, in order.
	 */
	public function test_the_steps_above_the_sites_version_run_once_in_version_order( int $from, array $expected ): void {
		$ran      = array();
		$migrator = new Migrator(
			new \UserFeedback\Database\Rollups(),
			array(
				6 => static function () use ( &$ran ): void {
					$ran[] = 'v6';
				},
				5 => static function () use ( &$ran ): void {
					$ran[] = 'v5';
				},
			)
		);
		$this->migrate_from( $from, $migrator );
		$this->assertSame( $expected, $ran );
	}

	public function test_a_failing_step_is_logged_and_the_migration_goes_on(): void {
		$ran      = array();
		$migrator = new Migrator(
			new \UserFeedback\Database\Rollups(),
			array(
				5 => static function (): void {
					throw new \RuntimeException( 'the database refused' );
				},
				6 => static function () use ( &$ran ): void {
					$ran[] = 'v6';
				},
			)
		);
		$log = (string) tempnam( sys_get_temp_dir(), 'uf-log' );
		$old = ini_set( 'error_log', $log ); // phpcs:ignore WordPress.PHP.IniSet -- the failure is logged.
		try {
			$this->migrate_from( 4, $migrator );
		} finally {
			ini_set( 'error_log', (string) $old ); // phpcs:ignore WordPress.PHP.IniSet
		}
		$logged = (string) file_get_contents( $log );
		unlink( $log );
		$this->assertStringContainsString( 'the upgrade step of version 5 failed: the database refused', $logged );
		$this->assertSame( array( 'v6' ), $ran );
	}

	public function test_the_plugin_gives_its_migrator_the_post_rating_totals_and_the_response_times(): void {
		$steps = ( new \ReflectionProperty( Migrator::class, 'upgrades' ) )->getValue( Plugin::instance()->migrator );
		$this->assertSame( array( 5, 6, 7, 8, 10, 11, 12, 13 ), array_keys( $steps ) );
		$this->assertInstanceOf( \UserFeedback\Database\AnswerTerms::class, $steps[ \UserFeedback\Database\AnswerTerms::SINCE ][0], 'The fill is the step of the version that made the table.' );
		$this->assertSame( 'start_fill', $steps[ \UserFeedback\Database\AnswerTerms::SINCE ][1] );
		$this->assertInstanceOf( \UserFeedback\PostRatings\RatingRepository::class, $steps[5][0] );
		$this->assertSame( 'rebuild_totals', $steps[5][1] );
		$this->assertInstanceOf( \UserFeedback\Responses\ResponseRepository::class, $steps[6][0] );
		$this->assertSame( 'fill_times', $steps[6][1] );
		$this->assertInstanceOf( \UserFeedback\Responses\ResponseRepository::class, $steps[7][0] );
		$this->assertSame( 'fill_emails', $steps[7][1] );
		$this->assertInstanceOf( \UserFeedback\Surveys\LookMigration::class, $steps[8][0] );
		$this->assertSame( 'run', $steps[8][1] );
		// Version 10: the responses list's old snapshots go (AdminResponseRepository).
		$this->assertSame( array( \UserFeedback\Responses\AdminResponseRepository::class, 'forget_snapshots' ), $steps[10] );
		// Version 11: the trash's count in the funnel rollup (Rollups::METRIC_TRASHED).
		$this->assertInstanceOf( \UserFeedback\Database\Rollups::class, $steps[11][0] );
		$this->assertSame( 'fill_trashed', $steps[11][1] );
		// Version 12: the responses list's anchors by id and of the partial list.
		$this->assertInstanceOf( \UserFeedback\Database\Rollups::class, $steps[12][0] );
		$this->assertSame( 'fill_anchors', $steps[12][1] );
	}

	/**
	 * Runs the migration as a site of version $from would, outside the test's transaction as in a real
	 * request (DDL and the rollup rebuild's own transaction commit on MariaDB), and puts the version back.
	 */
	private function migrate_from( int $from, Migrator $migrator ): void {
		$this->without_transaction(
			function () use ( $from, $migrator ): void {
				try {
					update_option( Migrator::VERSION_OPTION, (string) $from );
					$this->assertTrue( $migrator->migrate() );
				} finally {
					update_option( Migrator::VERSION_OPTION, (string) Schema::VERSION );
					wp_clear_scheduled_hook( \UserFeedback\Database\Rollups::REBUILD_HOOK );
				}
			}
		);
	}
}
