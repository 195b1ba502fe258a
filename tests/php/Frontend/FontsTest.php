<?php
/**
 * The font catalogue (Frontend\Fonts): stated once, self-hosted by default (every family's files are in
 * build/fonts after a build), Google's only when the site opts in; the widget config and the admin boot
 * config carry the URLs PHP makes.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Frontend;

use UserFeedback\Frontend\Fonts;
use UserFeedback\Settings\SettingsRepository;
use UserFeedback\Settings\SettingsSchema;

final class FontsTest extends FrontendTestCase {

	private static function plugin_url( string $path ): string {
		return plugins_url( $path, USERFEEDBACK_FILE );
	}

	/**
	 * @param array<string,mixed> $over Plugin settings.
	 */
	private static function site_settings( array $over ): void {
		update_option( SettingsRepository::OPTION, array_merge( SettingsSchema::defaults(), $over ) );
	}

	public function test_the_catalogue_names_each_family_once_with_its_package_and_non_italic_weights(): void {
		$catalogue = Fonts::catalogue();
		$this->assertCount( 42, $catalogue );
		$families = array_column( $catalogue, 'family' );
		$this->assertSame( $families, array_values( array_unique( $families ) ) );
		$this->assertSame( array_column( $catalogue, 'id' ), array_values( array_unique( array_column( $catalogue, 'id' ) ) ) );
		foreach ( $catalogue as $font ) {
			$this->assertMatchesRegularExpression( '#^@fontsource(-variable)?/[a-z0-9-]+$#', $font['package'], $font['family'] );
			$this->assertSame( str_starts_with( $font['package'], '@fontsource-variable/' ), $font['variable'] );
			$this->assertNotEmpty( $font['weights'] );
			foreach ( $font['weights'] as $weight ) {
				$this->assertMatchesRegularExpression( '/^([1-9]00|regular)$/', $weight, 'What SettingsSchema accepts, never an italic.' );
				$this->assertNotSame( '400', $weight, '400 is spelled regular, as stored settings say it.' );
			}
		}
		$roboto = Fonts::find( 'Roboto' );
		$this->assertSame( array( '100', '200', '300', 'regular', '500', '600', '700', '800', '900' ), $roboto['weights'] );
		$this->assertSame( array( '100', '300', 'regular', '700', '900' ), Fonts::find( 'Lato' )['weights'] );
		$this->assertSame( 'lato', Fonts::find( ' Lato ' )['id'] );
		$this->assertSame( '@fontsource/lato', Fonts::find( 'Lato' )['package'] );
		$this->assertNull( Fonts::find( 'Comic Sans MS' ) );
		$this->assertNull( Fonts::find( '' ) );
	}

	public function test_urls_are_the_plugins_own_files_unless_the_site_opts_in(): void {
		$this->assertSame( self::plugin_url( 'build/fonts/roboto.css' ) . '?ver=' . USERFEEDBACK_VERSION, Fonts::stylesheet_url( 'Roboto', false ) );
		$this->assertSame( self::plugin_url( 'build/fonts/source-sans-3.css' ) . '?ver=' . USERFEEDBACK_VERSION, Fonts::stylesheet_url( 'Source Sans 3', false ) );
		$this->assertStringStartsWith( home_url(), (string) Fonts::stylesheet_url( 'Inter', false ), 'The site, no one else.' );

		$this->assertSame( 'https://fonts.googleapis.com/css2?family=Open+Sans:wght@300;400;500;600;700;800&display=swap', Fonts::stylesheet_url( 'Open Sans', true ) );
		$this->assertSame( 'https://fonts.googleapis.com/css2?family=Bebas+Neue:wght@400&display=swap', Fonts::stylesheet_url( 'Bebas Neue', true ) );

		foreach ( array( true, false ) as $external ) {
			$this->assertNull( Fonts::stylesheet_url( '', $external ), 'The theme\'s font loads nothing.' );
			$this->assertNull( Fonts::stylesheet_url( 'Comic Sans MS', $external ), 'Nothing outside the catalogue.' );
			$this->assertNull( Fonts::stylesheet_url( 'Roboto"></link><script>', $external ) );
		}
		$this->assertFalse( Fonts::external( SettingsSchema::defaults() ), 'Off by default.' );
		$this->assertTrue( Fonts::external( array( 'external_fonts' => true ) ) );
	}

	public function test_the_setting_is_a_boolean_off_by_default_and_refuses_anything_else(): void {
		$schema = SettingsSchema::schema()['properties']['external_fonts'] ?? null;
		$this->assertIsArray( $schema );
		$this->assertSame( 'boolean', $schema['type'] );
		$this->assertFalse( SettingsSchema::defaults()['external_fonts'] );

		$this->as_user( 'administrator' );
		$response = $this->rest( 'POST', '/userfeedback/v1/settings', array(), array( 'external_fonts' => 'google please' ) );
		$this->assertSame( 400, $response->get_status() );
		$this->assertFalse( ( new SettingsRepository() )->all()['external_fonts'] );

		$response = $this->rest( 'POST', '/userfeedback/v1/settings', array(), array( 'external_fonts' => true ) );
		$this->assertSame( 200, $response->get_status() );
		$this->assertTrue( ( new SettingsRepository() )->all()['external_fonts'] );
	}

	public function test_the_widget_config_carries_the_stylesheet_of_the_survey_font(): void {
		$this->set_entitlements( 'pro', 'plus', array( 'branding' ) );
		self::site_settings(
			array(
				'widget_font' => array(
					'family' => 'Lato',
					'weight' => '700',
				),
			)
		);
		$site_font = $this->add_survey( 'publish' );
		$own_font  = $this->add_survey(
			'publish',
			null,
			array(
				'settings' => array(
					'behavior' => array( 'timing' => 'immediate' ),
					'theming'  => array(
						'source' => 'custom',
						'font'   => array(
							'family' => 'Pacifico',
							'weight' => 'regular',
						),
					),
				),
			)
		);
		$this->front_page();
		$fonts = array();
		foreach ( $this->page_surveys() as $survey ) {
			$fonts[ $survey['id'] ] = $survey['settings']['theming']['font'];
		}
		$this->assertSame(
			array(
				'family' => 'Lato',
				'weight' => '700',
				'url'    => self::plugin_url( 'build/fonts/lato.css' ) . '?ver=' . USERFEEDBACK_VERSION,
			),
			$fonts[ $site_font ]
		);
		$this->assertSame( self::plugin_url( 'build/fonts/pacifico.css' ) . '?ver=' . USERFEEDBACK_VERSION, $fonts[ $own_font ]['url'] );
		$this->assertStringNotContainsString( 'googleapis', self::inline_config() );
	}

	public function test_opted_in_the_widget_config_carries_googles_url_and_the_theme_font_none(): void {
		$this->set_entitlements( 'pro', 'plus', array( 'branding' ) );
		self::site_settings(
			array(
				'external_fonts' => true,
				'widget_font'    => array(
					'family' => 'PT Serif',
					'weight' => 'regular',
				),
			)
		);
		$id = $this->add_survey( 'publish' );
		$this->front_page();
		$font = $this->page_surveys()[0]['settings']['theming']['font'];
		$this->assertSame( 'https://fonts.googleapis.com/css2?family=PT+Serif:wght@400;700&display=swap', $font['url'] );

		// Without branding the theme's font: nothing to load, opted in or not.
		$this->set_entitlements( 'lite', null );
		$this->assertSame( array( 'family' => '', 'weight' => '' ), Fonts::with_url( \UserFeedback\Frontend\VisitorTheming::resolve( array(), ( new SettingsRepository() )->all(), $this->set_entitlements( 'lite', null ) )['theming'], true )['font'] );
		$this->assertGreaterThan( 0, $id );
	}

	public function test_with_url_replaces_a_stale_url_and_drops_one_for_an_unknown_family(): void {
		$theming = Fonts::with_url(
			array(
				'font' => array(
					'family' => 'Heebo',
					'weight' => '',
					'url'    => 'https://evil.example/x.css',
				),
			),
			false
		);
		$this->assertSame( self::plugin_url( 'build/fonts/heebo.css' ) . '?ver=' . USERFEEDBACK_VERSION, $theming['font']['url'] );
		$unknown = Fonts::with_url(
			array(
				'font' => array(
					'family' => 'Nope',
					'url'    => 'https://evil.example/x.css',
				),
			),
			true
		);
		$this->assertSame( array( 'family' => 'Nope' ), $unknown['font'] );
		$this->assertSame( array( 'color_scheme' => 'light' ), Fonts::with_url( array( 'color_scheme' => 'light' ), false ) );
	}

	public function test_the_admin_boot_config_and_block_config_carry_the_catalogue_with_urls(): void {
		$this->as_user( 'administrator' );
		$config = self::boot_config()->for_page( 'settings' );
		$this->assertFalse( $config['fonts']['external'] );
		$this->assertCount( count( Fonts::catalogue() ), $config['fonts']['families'] );
		$first = $config['fonts']['families'][0];
		$this->assertSame( 'Roboto', $first['family'] );
		$this->assertSame( Fonts::find( 'Roboto' )['weights'], $first['weights'] );
		$this->assertSame( self::plugin_url( 'build/fonts/roboto.css' ) . '?ver=' . USERFEEDBACK_VERSION, $first['url'] );
		foreach ( $config['fonts']['families'] as $font ) {
			$this->assertStringNotContainsString( 'googleapis', $font['url'] );
		}

		self::site_settings( array( 'external_fonts' => true ) );
		$config = self::boot_config()->for_page( 'settings' );
		$this->assertTrue( $config['fonts']['external'] );
		$this->assertStringStartsWith( 'https://fonts.googleapis.com/css2?family=Roboto:wght@100;', $config['fonts']['families'][0]['url'] );

		$plugin  = \UserFeedback\Plugin::instance();
		$visitor = new \UserFeedback\Frontend\VisitorSurveys( $plugin->surveys );
		$loader  = new \UserFeedback\Frontend\WidgetLoader( $visitor, $plugin->settings, static fn() => $plugin->entitlements() );
		$block   = new \UserFeedback\Frontend\SurveyBlock( new \UserFeedback\Frontend\InlineSurvey( $visitor, $loader, $plugin->surveys ), $loader );
		$this->assertTrue( $block->editor_config()['fonts']['external'] );
		$this->assertSame( $config['fonts']['families'], $block->editor_config()['fonts']['families'] );
	}

	public function test_the_contract_corpus_of_the_admin_tests_is_the_catalogue(): void {
		$corpus = json_decode( (string) file_get_contents( dirname( __DIR__, 2 ) . '/fixtures/contract/fonts.json' ), true, 16, JSON_THROW_ON_ERROR );
		$config = Fonts::admin_config( false );
		$this->assertSame( $config['external'], $corpus['external'] );
		$this->assertCount( count( $config['families'] ), $corpus['families'] );
		foreach ( $config['families'] as $i => $font ) {
			$this->assertSame( $font['family'], $corpus['families'][ $i ]['family'] );
			$this->assertSame( $font['weights'], $corpus['families'][ $i ]['weights'] );
			$this->assertSame( basename( (string) strtok( $font['url'], '?' ) ), basename( (string) strtok( $corpus['families'][ $i ]['url'], '?' ) ) );
		}
	}

	/**
	 * The build's manifest (scripts/fonts.mjs): every catalogue family has its stylesheet and woff2 files,
	 * latin and latin-ext, and the stylesheet names the faces after the catalogue's family.
	 */
	public function test_every_family_has_its_files_in_build_fonts(): void {
		$dir      = USERFEEDBACK_DIR . Fonts::DIR;
		$manifest = $dir . 'manifest.json';
		$this->assertFileExists( $manifest, 'Run npm run build (scripts/fonts.mjs writes build/fonts).' );
		$files = json_decode( (string) file_get_contents( $manifest ), true, 16, JSON_THROW_ON_ERROR );
		$this->assertSame( array_column( Fonts::catalogue(), 'family' ), array_keys( $files ) );
		foreach ( Fonts::catalogue() as $font ) {
			$entry = $files[ $font['family'] ];
			$this->assertSame( $font['id'] . '.css', $entry['stylesheet'] );
			$this->assertSame( $font['weights'], $entry['weights'] );
			$css = (string) file_get_contents( $dir . $entry['stylesheet'] );
			$this->assertStringNotContainsString( 'italic', $css );
			$this->assertStringNotContainsString( '.woff)', $css, 'woff2 only.' );
			$this->assertSame( count( $entry['files'] ), substr_count( $css, "@font-face{font-family:'" . $font['family'] . "';" ) );
			$subsets = $font['variable'] ? 2 : 2 * count( $font['weights'] );
			$this->assertContains( count( $entry['files'] ), array( $subsets, $subsets / 2 ), $font['family'] . ': latin (+ latin-ext).' );
			foreach ( $entry['files'] as $file ) {
				$this->assertStringEndsWith( '.woff2', $file );
				$this->assertFileExists( $dir . $file );
				$this->assertStringContainsString( 'url(' . $file . ')', $css );
			}
			$this->assertStringContainsString( 'unicode-range:U+0000-00FF', $css, 'The latin subset.' );
		}
	}
}
