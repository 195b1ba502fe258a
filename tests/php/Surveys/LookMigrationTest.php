<?php
/**
 * Schema version 8 (Surveys\LookMigration): surveys stored by version 7 follow the site's look
 * (theming.source 'site') unless their stored look differs from every look they may have been created
 * with; batched, idempotent, run by the real migrator from version 7.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Surveys;

use UserFeedback\Database\Migrator;
use UserFeedback\Database\Schema;
use UserFeedback\Frontend\VisitorTheming;
use UserFeedback\Plugin;
use UserFeedback\Settings\SettingsRepository;
use UserFeedback\Settings\SettingsSchema;
use UserFeedback\Surveys\LookMigration;
use UserFeedback\Surveys\SurveyDefaults;
use UserFeedback\Tests\TestCase;

final class LookMigrationTest extends TestCase {

	/**
	 * The site's widget settings a site owner saved after some surveys were made.
	 *
	 * @return array<string,mixed>
	 */
	private static function site(): array {
		return array_merge(
			SettingsSchema::defaults(),
			array(
				'widget_color'        => '#ABCDEF',
				'widget_button_color' => '#654321',
				'widget_position'     => 'bottom_left',
				'widget_toggle_text'  => 'Feedback?',
			)
		);
	}

	/**
	 * Settings as version 7 stored them for a survey created on a site with $site: SurveyDefaults of
	 * then, which had no theming.source.
	 *
	 * @param array<string,mixed> $site Plugin settings at creation.
	 * @return array<string,mixed>
	 */
	private static function v7_settings( array $site ): array {
		$settings = SurveyDefaults::survey( $site )['settings'];
		unset( $settings['theming']['source'] );
		return $settings;
	}

	public function test_version_8_sets_each_older_surveys_look_source_in_batches(): void {
		global $wpdb;
		$table    = Schema::table( 'surveys' );
		$settings = new SettingsRepository();
		$before   = $settings->all();
		$this->without_transaction(
			function () use ( $wpdb, $table, $settings, $before ): void {
				$ids = array();
				try {
					$settings->save( self::site() );
					$insert = static function ( array $survey_settings ) use ( $wpdb, $table, &$ids ): int {
						$wpdb->insert(
							$table,
							array( 'title' => 'V7 look', 'questions' => '[]', 'settings' => (string) wp_json_encode( (object) $survey_settings ), 'notifications' => '{}', 'created_at' => '2026-01-01 00:00:00', 'updated_at' => '2026-01-01 00:00:00' )
						);
						$ids[] = (int) $wpdb->insert_id;
						return (int) $wpdb->insert_id;
					};

					$now     = $insert( self::v7_settings( self::site() ) );
					$factory = $insert( self::v7_settings( SettingsSchema::defaults() ) );

					$fallback                                      = self::v7_settings( SettingsSchema::defaults() );
					$fallback['theming']['show_logo']              = false;
					$fallback['theming']['skip_text']              = '';
					$fallback['theming']['next_text']              = '';
					$builder                                       = $insert( $fallback );

					$older = $insert(
						array(
							'theming' => array(
								'widget_color' => '#abcdef',
								'button_color' => '#654321',
								'position'     => 'bottom_left',
							),
						)
					);
					$nothing = $insert( array() );

					$colour                            = self::v7_settings( self::site() );
					$colour['theming']['widget_color'] = '#ff0000';
					$own_colour                        = $insert( $colour );

					$position                        = self::v7_settings( SettingsSchema::defaults() );
					$position['theming']['position'] = 'middle_right';
					$own_position                    = $insert( $position );

					$minimized                                = self::v7_settings( self::site() );
					$minimized['behavior']['start_minimized'] = true;
					$own_minimized                            = $insert( $minimized );

					$mixed                            = self::v7_settings( self::site() );
					$mixed['theming']['button_color'] = SettingsSchema::PRESETS['light']['button_color'];
					$half                             = $insert( $mixed );

					$already                      = self::v7_settings( self::site() );
					$already['theming']['source'] = 'custom';
					$kept                         = $insert( $already );

					// More than one batch: the last row is reached too.
					$many = array();
					for ( $i = 0; $i < LookMigration::BATCH + 5; $i++ ) {
						$many[] = $insert( 0 === $i % 2 ? self::v7_settings( self::site() ) : $colour );
					}

					update_option( Migrator::VERSION_OPTION, '7' );
					$this->assertTrue( Plugin::instance()->migrator->migrate() );
					$this->assertSame( Schema::VERSION, (int) get_option( Migrator::VERSION_OPTION ) );

					$stored = static function ( int $id ) use ( $wpdb, $table ): array {
						return (array) json_decode( (string) $wpdb->get_var( $wpdb->prepare( 'SELECT settings FROM %i WHERE id = %d', $table, $id ) ), true );
					};
					$source = static fn( int $id ): ?string => $stored( $id )['theming']['source'] ?? null;

					$this->assertSame( 'site', $source( $now ), 'Created from the site\'s settings of now.' );
					$this->assertSame( 'site', $source( $factory ), 'Created before Settings > Widget was saved.' );
					$this->assertSame( 'site', $source( $builder ), 'Created by the builder without the site\'s settings.' );
					$this->assertSame( 'site', $source( $older ), 'Keys an older row lacks are the defaults; colours in any letter case.' );
					$this->assertSame( 'site', $source( $nothing ) );
					$this->assertSame( 'custom', $source( $own_colour ) );
					$this->assertSame( 'custom', $source( $own_position ) );
					$this->assertSame( 'custom', $source( $own_minimized ), 'Start minimised is part of the look.' );
					$this->assertSame( 'custom', $source( $half ), 'Half the site\'s look and half the factory\'s is a choice.' );
					$this->assertSame( 'custom', $source( $kept ), 'A source already set is kept.' );
					$this->assertSame( 'site', $source( $many[ LookMigration::BATCH + 4 ] ) );
					$this->assertSame( 'custom', $source( $many[ LookMigration::BATCH + 3 ] ) );
					$this->assertSame( '#ff0000', $stored( $own_colour )['theming']['widget_color'], 'The rest of the row is as it was.' );
					$this->assertSame( self::v7_settings( self::site() )['targeting'], $stored( $now )['targeting'] );

					// Through the plugin: the admin read says it, and a site change now reaches the factory survey.
					$this->assertSame( 'site', Plugin::instance()->surveys->find( $factory )['settings']['theming']['source'] );
					$tier = new \UserFeedback\Licensing\Entitlements( 'pro', new \UserFeedback\Licensing\License( 'test-key', 'elite' ), \UserFeedback\Licensing\Entitlements::ADDONS );
					$this->assertSame( '#ABCDEF', VisitorTheming::resolve( $stored( $factory ), self::site(), $tier )['theming']['widget_color'] );
					$this->assertSame( '#ff0000', VisitorTheming::resolve( $stored( $own_colour ), self::site(), $tier )['theming']['widget_color'] );

					// A second run changes nothing, even where the site's settings changed since.
					$settings->save( array_merge( self::site(), array( 'widget_color' => '#ff0000' ) ) );
					$wpdb->update( $table, array( 'settings' => (string) wp_json_encode( array_merge( $stored( $now ), array( 'theming' => array_merge( $stored( $now )['theming'], array( 'source' => 'custom' ) ) ) ) ) ), array( 'id' => $now ) );
					( new LookMigration() )->run();
					$this->assertSame( 'custom', $source( $now ) );
					$this->assertSame( 'custom', $source( $own_colour ) );
					$this->assertSame( 'site', $source( $factory ) );
				} finally {
					foreach ( $ids as $id ) {
						$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE id = %d', $table, $id ) );
					}
					update_option( Migrator::VERSION_OPTION, (string) Schema::VERSION );
					wp_clear_scheduled_hook( \UserFeedback\Database\Rollups::REBUILD_HOOK );
					$settings->save( $before );
					wp_cache_flush();
				}
			}
		);
	}

	public function test_a_fresh_install_and_a_new_survey_follow_the_site(): void {
		$this->assertSame( 'site', SurveyDefaults::survey( SettingsSchema::defaults() )['settings']['theming']['source'] );
		$this->assertSame( array( 'site', 'custom' ), SurveyDefaults::LOOK_SOURCES );
	}
}
