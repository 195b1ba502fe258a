<?php
/**
 * A translation actually loads (issue 20 item 1): tests/fixtures/i18n/userfeedback-de_DE.po,
 * compiled here as a release would ship it (msgfmt for the .mo; `node scripts/i18n.mjs json` for
 * the script JSON, named after the built scripts), reaches the PHP strings through the plugin's
 * own text-domain loading, and the admin apps' scripts through wp_set_script_translations().
 *
 * The files go where WordPress looks for a plugin's translations from translate.wordpress.org,
 * WP_LANG_DIR/plugins, of the throw-away test site. The locale is set with the locale filters:
 * switch_to_locale() only switches to locales whose core files are installed
 * (get_available_languages()), which a test site has none of, and the plugin must not need them.
 *
 * The script part reads build/ (run `npm run build`); it is skipped on a checkout never built.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\I18n;

use UserFeedback\Admin\AdminPages;
use UserFeedback\Frontend\InlineSurvey;
use UserFeedback\Frontend\SurveyBlock;
use UserFeedback\Frontend\VisitorSurveys;
use UserFeedback\Frontend\WidgetLoader;
use UserFeedback\Licensing\Entitlements;
use UserFeedback\Plugin;
use UserFeedback\Tests\TestCase;

final class TranslationLoadingTest extends TestCase {

	private const LOCALE = 'de_DE';

	/** @var string|null Where the fixture was compiled (once for the class). */
	private static ?string $compiled = null;

	/** @var string[] Files put into WP_LANG_DIR/plugins, deleted after each test. */
	private array $installed = array();

	/** @var \WP_Textdomain_Registry|null The registry of the process, put back after each test. */
	private ?\WP_Textdomain_Registry $registry = null;

	protected function setUp(): void {
		parent::setUp();
		// Each test is a request of its own: where to find which domain's files is found again.
		$this->registry                        = $GLOBALS['wp_textdomain_registry'];
		$GLOBALS['wp_textdomain_registry']     = new \WP_Textdomain_Registry();
		wp_cache_delete( md5( WP_LANG_DIR . '/plugins/' ), 'translation_files' );
	}

	public static function tearDownAfterClass(): void {
		if ( null !== self::$compiled ) {
			array_map( 'unlink', (array) glob( self::$compiled . '/*' ) );
			rmdir( self::$compiled ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_rmdir -- a temporary folder of the test.
		}
		parent::tearDownAfterClass();
	}

	protected function tearDown(): void {
		foreach ( $this->installed as $file ) {
			wp_delete_file( $file );
		}
		// Nothing German for the tests that run after.
		unload_textdomain( 'userfeedback', true );
		$GLOBALS['wp_textdomain_registry'] = $this->registry;
		wp_cache_delete( md5( WP_LANG_DIR . '/plugins/' ), 'translation_files' );
		$GLOBALS['wp_scripts'] = null;
		parent::tearDown();
	}

	/**
	 * Compiles the fixture: the .mo, and the JSON when `$scripts` (it reads build/).
	 */
	private static function compile( bool $scripts ): string {
		if ( null === self::$compiled ) {
			self::$compiled = get_temp_dir() . 'uf-i18n-' . wp_generate_password( 8, false );
			wp_mkdir_p( self::$compiled );
			self::run_tool( array( 'msgfmt', '--check', '-o', self::$compiled . '/userfeedback-de_DE.mo', self::po() ) );
		}
		if ( $scripts && ! glob( self::$compiled . '/*.json' ) ) {
			self::run_tool( array( 'node', USERFEEDBACK_DIR . 'scripts/i18n.mjs', 'json', self::po(), self::$compiled ) );
		}
		return self::$compiled;
	}

	private static function po(): string {
		return USERFEEDBACK_DIR . 'tests/fixtures/i18n/userfeedback-de_DE.po';
	}

	/**
	 * @param string[] $command The command and its arguments.
	 */
	private static function run_tool( array $command ): void {
		$output = array();
		$status = 0;
		exec( implode( ' ', array_map( 'escapeshellarg', $command ) ) . ' 2>&1', $output, $status );
		if ( 0 !== $status ) {
			self::fail( implode( ' ', $command ) . " failed:\n" . implode( "\n", $output ) );
		}
	}

	/**
	 * Copies the compiled files whose names match into WP_LANG_DIR/plugins.
	 */
	private function install( string $pattern ): void {
		$folder = WP_LANG_DIR . '/plugins';
		wp_mkdir_p( $folder );
		$files = (array) glob( self::$compiled . '/' . $pattern );
		$this->assertNotEmpty( $files, "compiled files $pattern" );
		foreach ( $files as $file ) {
			$target = $folder . '/' . basename( (string) $file );
			copy( (string) $file, $target );
			$this->installed[] = $target;
		}
	}

	/** The site, and the admin user, in German from now on. */
	private function german(): void {
		add_filter( 'pre_determine_locale', static fn() => self::LOCALE );
		add_filter( 'locale', static fn() => self::LOCALE );
		// What was loaded in English (or found missing) is looked up again.
		unload_textdomain( 'userfeedback', true );
	}

	private function widget_loader(): WidgetLoader {
		return new WidgetLoader( new VisitorSurveys( Plugin::instance()->surveys ), Plugin::instance()->settings, static fn() => Plugin::instance()->entitlements() );
	}

	public function test_the_plugin_loads_its_php_translations_for_the_locale(): void {
		self::compile( false );
		$this->install( '*.mo' );
		$this->german();
		Plugin::instance()->load_textdomain();

		$this->assertTrue( is_textdomain_loaded( 'userfeedback' ) );
		// The visitor widget's strings come from PHP (no i18n runtime ships to visitors).
		$this->assertSame( 'Absenden', $this->widget_loader()->strings()['submit'] );
		// Plural forms, by the .po's Plural-Forms.
		$this->assertSame( '%1$s braucht mindestens %2$s Eintrag.', _n( '%1$s needs at least %2$s item.', '%1$s needs at least %2$s items.', 1, 'userfeedback' ) );
		$this->assertSame( '%1$s braucht mindestens %2$s Einträge.', _n( '%1$s needs at least %2$s item.', '%1$s needs at least %2$s items.', 3, 'userfeedback' ) );
		// A context keeps two strings of the same text apart.
		$this->assertSame( 'UserFeedback-Umfrage', _x( 'UserFeedback Survey', 'block title', 'userfeedback' ) );
		$this->assertSame( 'UserFeedback Survey', __( 'UserFeedback Survey', 'userfeedback' ), 'Without the context, the string is another one.' );
		// An untranslated string stays English.
		$this->assertSame( 'Close', $this->widget_loader()->strings()['close'] );
	}

	public function test_without_a_translation_file_the_strings_stay_english(): void {
		self::compile( false );
		$this->german();
		Plugin::instance()->load_textdomain();
		$this->assertFalse( is_textdomain_loaded( 'userfeedback' ) );
		$this->assertSame( 'Submit', $this->widget_loader()->strings()['submit'] );
	}

	public function test_wordpress_just_in_time_loading_finds_the_translations_too(): void {
		self::compile( false );
		$this->install( '*.mo' );
		$this->german();
		// No load_plugin_textdomain() call: the first __() looks in WP_LANG_DIR/plugins.
		$this->assertSame( 'Absenden', __( 'Submit', 'userfeedback' ) );
	}

	/**
	 * Enqueues an admin page's app as admin_enqueue_scripts does on its screen.
	 */
	private function enqueue_admin( string $page ): string {
		global $admin_page_hooks, $menu, $submenu, $_wp_submenu_nopriv, $_registered_pages, $_parent_pages;
		require_once ABSPATH . 'wp-admin/includes/plugin.php';
		$menu               = array();
		$submenu            = array();
		$_wp_submenu_nopriv = array();
		$_registered_pages  = array();
		$_parent_pages      = array();
		$admin_page_hooks   = array();
		$pages              = new AdminPages( self::boot_config( fn() => Entitlements::from_site() ) );
		$pages->add_menu();
		$top    = (string) array_key_first( $admin_page_hooks );
		$parent = AdminPages::slug( $page ) === $top ? '' : $top;
		$pages->enqueue( get_plugin_page_hookname( AdminPages::slug( $page ), $parent ) );
		$handle = 'userfeedback-admin-' . AdminPages::PAGES[ $page ][0];
		$this->assertTrue( wp_script_is( $handle, 'enqueued' ), "The $page app is enqueued." );
		return $handle;
	}

	private function require_build(): void {
		foreach ( array( 'surveys', 'results', 'block' ) as $file ) {
			if ( ! is_readable( USERFEEDBACK_DIR . "build/admin/{$file}.asset.php" ) ) {
				$this->markTestSkipped( "build/admin/{$file}.asset.php is missing: run npm run build." );
			}
		}
	}

	public function test_the_admin_apps_get_their_script_translations(): void {
		$this->require_build();
		self::compile( true );
		$this->install( '*.json' );
		$this->german();
		$this->as_user( 'administrator' );
		$GLOBALS['wp_scripts'] = null;

		$handle = $this->enqueue_admin( 'surveys' );
		$this->assertSame( 'userfeedback', wp_scripts()->registered[ $handle ]->textdomain );
		$json = load_script_textdomain( $handle, 'userfeedback', USERFEEDBACK_DIR . 'languages' );
		$this->assertIsString( $json );
		$messages = json_decode( $json, true )['locale_data']['messages'];
		$this->assertSame( array( 'Neu erstellen' ), $messages['Create New'] );
		$this->assertSame( array( '%s Eintrag', '%s Einträge' ), $messages['%s item'], 'Both plural forms, for Jed.' );
		$this->assertSame( 'nplurals=2; plural=(n != 1);', $messages['']['plural-forms'] );
		// What the page prints before the app: the translations, for the plugin's text domain.
		$printed = (string) wp_scripts()->print_translations( $handle, false );
		$this->assertStringContainsString( 'wp.i18n.setLocaleData( localeData, domain )', $printed );
		$this->assertStringContainsString( '"userfeedback"', $printed );
		$this->assertStringContainsString( 'Neu erstellen', $printed );

		// A string only a lazily loaded chunk of the results app has reaches that app's script.
		$results = $this->enqueue_admin( 'results' );
		$merged  = (string) load_script_textdomain( $results, 'userfeedback', USERFEEDBACK_DIR . 'languages' );
		$this->assertStringContainsString( 'Antworten insgesamt', $merged );
	}

	public function test_the_block_editor_script_gets_its_translations(): void {
		$this->require_build();
		self::compile( true );
		$this->install( '*.json' );
		$this->german();
		$GLOBALS['wp_scripts'] = null;
		$block = new SurveyBlock( new InlineSurvey( new VisitorSurveys( Plugin::instance()->surveys ), $this->widget_loader(), Plugin::instance()->surveys ), $this->widget_loader() );
		$block->enqueue_editor();
		$this->assertSame( 'userfeedback', wp_scripts()->registered[ SurveyBlock::EDITOR_HANDLE ]->textdomain );
		$json = (string) load_script_textdomain( SurveyBlock::EDITOR_HANDLE, 'userfeedback', USERFEEDBACK_DIR . 'languages' );
		$this->assertSame( array( 'Absenden' ), json_decode( $json, true )['locale_data']['messages']['Submit'] ?? null, 'The widget preview in the block editor.' );
	}

	public function test_an_english_site_gets_no_script_translations(): void {
		$this->require_build();
		self::compile( true );
		$this->install( '*.json' );
		$this->as_user( 'administrator' );
		$GLOBALS['wp_scripts'] = null;
		$handle = $this->enqueue_admin( 'surveys' );
		$this->assertFalse( load_script_textdomain( $handle, 'userfeedback', USERFEEDBACK_DIR . 'languages' ) );
	}
}
