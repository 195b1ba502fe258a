<?php
/**
 * The upgrade step of schema version 8: every survey stored before theming.source existed gets one.
 *
 * Before version 8 a survey's look was a copy: creating a survey copied the site's widget settings
 * (Settings > Widget) into its theming and its behaviour's start-minimised, and that copy won over the
 * site ever after, so later changes in Settings > Widget never reached it. Version 8 makes "follow the
 * site" (source 'site') the rule and keeps a survey's own look only where it has one (source 'custom').
 *
 * "The defaults it was created with": the site's settings at the time a survey was created are not
 * recorded, so a stored look counts as untouched when it equals the copy one of these would have made
 * (SurveyDefaults::theming(), the shape SurveySchema::default_theming() gives):
 *  1. the site's widget settings now (created, or last saved without branding, since they last changed;
 *     a save without the branding addon puts the theming back to exactly this copy);
 *  2. the factory widget settings (SettingsSchema::defaults(): created before anyone saved Settings >
 *     Widget; the welcome wizard's first survey too);
 *  3. the builder's own fallback, used when it could not read the site's settings (a user without the
 *     settings capability): admin-app/src/shared/surveyDefaults.ts defaultTheming() with no settings,
 *     which is the factory look with no logo and empty Skip and Next labels.
 * The comparison covers every theming value (source and its start_minimized copy aside) and the
 * behaviour's start_minimized (the survey's own, which the copy's follows), after filling keys an older
 * row lacks from the same copy (as SurveyShape does on read); colours compare without letter case. Any
 * other value is a choice someone made in the builder: that survey keeps its look as 'custom'.
 *
 * Read in batches of BATCH rows along the primary key; a row that already has a source is left alone,
 * so a second run (or a run after a survey was saved by version 8) changes nothing.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

use UserFeedback\Database\Schema;
use UserFeedback\Settings\SettingsRepository;
use UserFeedback\Settings\SettingsSchema;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the plugin's surveys table, read and written in batches once by an upgrade step (version 8); SurveyRepository::touch() then forgets what the caches derived from surveys.

final class LookMigration {

	/** Surveys read per batch. */
	public const BATCH = 200;

	public function __construct( private readonly ?SettingsRepository $settings = null ) {}

	/**
	 * @throws \RuntimeException When a statement fails.
	 */
	public function run(): void {
		global $wpdb;
		$table    = Schema::table( 'surveys' );
		$defaults = self::created_with( ( $this->settings ?? new SettingsRepository() )->all() );
		$after    = 0;
		$changed  = false;
		do {
			$rows = $wpdb->get_results(
				$wpdb->prepare( 'SELECT id, settings FROM %i WHERE id > %d ORDER BY id LIMIT %d', $table, $after, self::BATCH ),
				ARRAY_A
			);
			if ( '' !== $wpdb->last_error ) {
				throw new \RuntimeException( esc_html( 'Could not read the surveys: ' . $wpdb->last_error ) );
			}
			$rows  = (array) $rows;
			$got   = count( $rows );
			$after = $rows ? (int) end( $rows )['id'] : $after;
			foreach ( $rows as $row ) {
				$settings = json_decode( (string) $row['settings'], true );
				$settings = is_array( $settings ) ? $settings : array();
				$theming  = is_array( $settings['theming'] ?? null ) ? $settings['theming'] : array();
				if ( isset( $theming['source'] ) ) {
					continue;
				}
				$theming['source']   = self::source( $settings, $defaults );
				$settings['theming'] = $theming;
				$updated             = $wpdb->update( $table, array( 'settings' => (string) wp_json_encode( (object) $settings ) ), array( 'id' => (int) $row['id'] ) );
				if ( false === $updated ) {
					throw new \RuntimeException( esc_html( 'Could not set the look of survey ' . (int) $row['id'] . ': ' . $wpdb->last_error ) );
				}
				$changed = true;
			}
		} while ( self::BATCH === $got );
		if ( $changed ) {
			( new SurveyRepository() )->touch();
		}
	}

	/**
	 * The looks a survey may have been created with (see the class comment), each as a theming copy
	 * without source.
	 *
	 * @param array<string,mixed> $site Plugin settings now.
	 * @return array<int,array<string,mixed>>
	 */
	public static function created_with( array $site ): array {
		$builder_fallback = array_merge(
			SurveyDefaults::theming( SettingsSchema::defaults() ),
			array(
				'show_logo' => false,
				'skip_text' => '',
				'next_text' => '',
			)
		);
		$looks            = array( SurveyDefaults::theming( $site ), SurveyDefaults::theming( SettingsSchema::defaults() ), $builder_fallback );
		return array_map(
			static function ( array $look ): array {
				unset( $look['source'] );
				return $look;
			},
			$looks
		);
	}

	/**
	 * 'site' when a stored survey's look equals one of the looks it may have been created with, else
	 * 'custom'.
	 *
	 * @param array<string,mixed>            $settings Stored settings (no theming.source yet).
	 * @param array<int,array<string,mixed>> $defaults created_with().
	 */
	public static function source( array $settings, array $defaults ): string {
		$theming  = is_array( $settings['theming'] ?? null ) ? $settings['theming'] : array();
		$behavior = is_array( $settings['behavior'] ?? null ) ? $settings['behavior'] : array();
		foreach ( $defaults as $default ) {
			$stored = SurveyShape::conform( $theming, $default );
			// The behaviour's start-minimised is the one the survey used; a row without it used the copy's.
			$stored['start_minimized'] = (bool) ( $behavior['start_minimized'] ?? $stored['start_minimized'] );
			if ( self::comparable( $stored ) === self::comparable( $default ) ) {
				return 'site';
			}
		}
		return 'custom';
	}

	/**
	 * @param array<string,mixed> $theming Complete theming copy.
	 * @return array<string,mixed> Keys sorted, colours in lower case.
	 */
	private static function comparable( array $theming ): array {
		foreach ( array( 'widget_color', 'text_color', 'button_color', 'widget_toggle_color' ) as $key ) {
			$theming[ $key ] = strtolower( (string) $theming[ $key ] );
		}
		ksort( $theming );
		return $theming;
	}
}
