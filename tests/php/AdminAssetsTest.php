<?php
/**
 * What the admin pages load (issue 17 item 10): every app script on the shared vendor script, the
 * media library on no screen up front (the image-picking apps fetch it on demand, from
 * AdminPages::media_library()), and the route chunks' translations merged into their app's.
 *
 * The enqueue tests read the built asset files (build/admin/*.asset.php); they are skipped on a
 * checkout that was never built.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

use UserFeedback\Access\Capabilities;
use UserFeedback\Admin\AdminPages;
use UserFeedback\Admin\AjaxGuard;
use UserFeedback\Licensing\Entitlements;

final class AdminAssetsTest extends TestCase {

	use AjaxCalls;

	/** The scripts wp_enqueue_media() brings (the ones a page without it never has). */
	private const MEDIA_SCRIPTS = array( 'media-editor', 'media-views', 'media-audiovideo', 'wp-plupload' );

	private ?AdminPages $pages = null;

	/** @var string[] Temporary files to delete. */
	private array $files = array();

	protected function setUp(): void {
		parent::setUp();
		require_once ABSPATH . 'wp-admin/includes/plugin.php';
		global $menu, $submenu, $_wp_submenu_nopriv, $_registered_pages, $_parent_pages, $admin_page_hooks;
		$menu               = array();
		$submenu            = array();
		$_wp_submenu_nopriv = array();
		$_registered_pages  = array();
		$_parent_pages      = array();
		$admin_page_hooks   = array();
		$this->fresh_dependencies();
	}

	protected function tearDown(): void {
		foreach ( $this->files as $file ) {
			wp_delete_file( $file );
		}
		$this->fresh_dependencies();
		parent::tearDown();
	}

	private function fresh_dependencies(): void {
		$GLOBALS['wp_scripts'] = null;
		$GLOBALS['wp_styles']  = null;
		// wp_enqueue_media() runs once per request; each test is a request.
		unset( $GLOBALS['wp_actions']['wp_enqueue_media'] );
		wp_scripts();
		wp_styles();
	}

	protected function ajax_defaults(): array {
		return array( AjaxGuard::FIELD => wp_create_nonce( AjaxGuard::AJAX_NONCE ) );
	}

	private function require_build(): void {
		foreach ( array( 'vendor', 'surveys', 'results' ) as $file ) {
			if ( ! is_readable( USERFEEDBACK_DIR . "build/admin/{$file}.asset.php" ) ) {
				$this->markTestSkipped( "build/admin/{$file}.asset.php is missing: run npm run build." );
			}
		}
	}

	/**
	 * Enqueues the assets of admin.php?page=userfeedback_{$page} for the current user, as
	 * admin_enqueue_scripts does on that screen.
	 */
	private function enqueue( string $page ): void {
		global $admin_page_hooks;
		$this->pages ??= new AdminPages( self::boot_config( fn() => Entitlements::from_site() ) );
		if ( ! $admin_page_hooks ) {
			$this->pages->add_menu();
		}
		$top    = (string) array_key_first( $admin_page_hooks );
		$parent = in_array( $page, AdminPages::HIDDEN, true ) ? '' : $top;
		$hook   = get_plugin_page_hookname( AdminPages::slug( $page ), $parent === AdminPages::slug( $page ) ? '' : $parent );
		$this->pages->enqueue( $hook );
		$this->assertTrue( wp_script_is( 'userfeedback-admin-' . AdminPages::PAGES[ $page ][0], 'enqueued' ), "The $page app is enqueued (hook $hook)." );
	}

	/** The inline script that tells shared/media.ts where to fetch the media library from. */
	private function media_loader( string $page ): ?array {
		$before = wp_scripts()->get_data( 'userfeedback-admin-' . AdminPages::PAGES[ $page ][0], 'before' );
		foreach ( (array) $before as $line ) {
			if ( is_string( $line ) && preg_match( '/^window\.userfeedbackMediaLibrary=(.*);$/', $line, $match ) ) {
				return json_decode( $match[1], true );
			}
		}
		return null;
	}

	public function test_every_app_script_depends_on_the_vendor_script_registered_from_its_own_asset_file(): void {
		$this->require_build();
		$this->as_user( 'administrator' );
		$vendor = require USERFEEDBACK_DIR . 'build/admin/vendor.asset.php';
		foreach ( array_keys( AdminPages::PAGES ) as $page ) {
			$this->fresh_dependencies();
			$this->enqueue( $page );
			$app = wp_scripts()->registered[ 'userfeedback-admin-' . AdminPages::PAGES[ $page ][0] ];
			$this->assertContains( AdminPages::VENDOR_HANDLE, $app->deps, "The $page app depends on the vendor script." );
			$registered = wp_scripts()->registered[ AdminPages::VENDOR_HANDLE ];
			$this->assertStringEndsWith( '/build/admin/vendor.js', $registered->src );
			$this->assertSame( $vendor['version'], $registered->ver );
			$this->assertSame( $vendor['dependencies'], $registered->deps );
			$this->assertSame( 1, wp_scripts()->get_data( AdminPages::VENDOR_HANDLE, 'group' ), 'In the footer, with the apps.' );
		}
	}

	public function test_no_screen_loads_the_media_library_up_front(): void {
		$this->require_build();
		$this->as_user( 'administrator' );
		foreach ( array_keys( AdminPages::PAGES ) as $page ) {
			$this->fresh_dependencies();
			$this->enqueue( $page );
			foreach ( self::MEDIA_SCRIPTS as $script ) {
				$this->assertFalse( wp_script_is( $script, 'enqueued' ), "$page does not enqueue $script." );
			}
			$this->assertSame( 0, did_action( 'wp_enqueue_media' ), "$page does not call wp_enqueue_media()." );
		}
	}

	public function test_only_the_screens_that_pick_images_can_fetch_the_media_library(): void {
		$this->require_build();
		$this->as_user( 'administrator' );
		foreach ( array_keys( AdminPages::PAGES ) as $page ) {
			$this->fresh_dependencies();
			$this->enqueue( $page );
			$loader = $this->media_loader( $page );
			if ( in_array( AdminPages::PAGES[ $page ][0], AdminPages::MEDIA_APPS, true ) ) {
				$this->assertSame( admin_url( 'admin-ajax.php' ), $loader['url'] ?? null, "$page can fetch the media library." );
				$this->assertSame( 1, wp_verify_nonce( $loader['nonce'], AjaxGuard::AJAX_NONCE ) );
			} else {
				$this->assertNull( $loader, "$page has no image to pick." );
			}
		}
		$this->assertSame( array( 'surveys', 'settings' ), AdminPages::MEDIA_APPS );
	}

	public function test_a_user_who_may_not_upload_files_is_not_offered_the_media_library(): void {
		$this->require_build();
		( new Capabilities() )->sync( array( 'create_edit_surveys' => array( 'contributor' ) ) );
		$this->as_user( 'contributor' );
		$this->assertFalse( current_user_can( 'upload_files' ) );
		$this->enqueue( 'surveys' );
		$this->assertNull( $this->media_loader( 'surveys' ) );
	}

	/**
	 * Runs the media library action and answers what it printed.
	 *
	 * @param array<string,mixed> $fields Form fields.
	 */
	private function media_answer( array $fields ): string {
		$_POST    = array( 'action' => AdminPages::MEDIA_ACTION ) + $fields + $this->ajax_defaults();
		$_REQUEST = $_POST;
		add_filter( 'wp_doing_ajax', '__return_true' );
		$die_handler = static fn() => static function (): void {
			throw new \RuntimeException( 'wp_die' );
		};
		add_filter( 'wp_die_ajax_handler', $die_handler );
		( new AdminPages( self::boot_config() ) )->register();
		$level = ob_get_level();
		ob_start();
		try {
			do_action( 'wp_ajax_' . AdminPages::MEDIA_ACTION );
			$this->fail( 'The action returned without answering.' );
		} catch ( \RuntimeException $e ) {
			$this->assertSame( 'wp_die', $e->getMessage() );
		} finally {
			$output = '';
			while ( ob_get_level() > $level ) {
				$output = ob_get_clean() . $output;
			}
			remove_filter( 'wp_die_ajax_handler', $die_handler );
			remove_filter( 'wp_doing_ajax', '__return_true' );
		}
		return $output;
	}

	public function test_the_media_library_answer_has_its_scripts_styles_and_templates_without_what_the_page_has(): void {
		$this->as_user( 'administrator' );
		$html = $this->media_answer(
			array(
				'scripts' => array( 'jquery-core', 'jquery-migrate', 'jquery', 'underscore', 'react', '<bad handle>', array( 'nested' ) ),
				'styles'  => array( 'dashicons', 'buttons' ),
			)
		);
		$this->assertMatchesRegularExpression( '#<script[^>]+src="[^"]*/wp-includes/js/media-views(\.min)?\.js[^"]*"[^>]*id="media-views-js"#', $html );
		$this->assertStringContainsString( 'id="media-editor-js"', $html );
		$this->assertStringContainsString( 'var _wpMediaViewsL10n', $html, 'With its inline data.' );
		$this->assertStringContainsString( 'var _wpPluploadSettings', $html );
		$this->assertMatchesRegularExpression( '/id=[\'"]media-views-css[\'"]/', $html );
		$this->assertStringContainsString( '<script type="text/html" id="tmpl-media-frame">', $html );
		// The page already has these: sent again, they would replace its jQuery and Underscore.
		$this->assertStringNotContainsString( 'id="jquery-core-js"', $html );
		$this->assertStringNotContainsString( 'id="underscore-js"', $html );
		$this->assertDoesNotMatchRegularExpression( '/id=[\'"]buttons-css[\'"]/', $html );
		// Their order: what media-views needs comes before it.
		$this->assertLessThan( strpos( $html, 'id="media-views-js"' ), strpos( $html, 'id="media-models-js"' ) );
		$this->assertLessThan( strpos( $html, 'id="media-editor-js"' ), strpos( $html, 'id="media-views-js"' ) );
	}

	public function test_the_media_library_answer_sends_what_the_page_lacks(): void {
		$this->as_user( 'administrator' );
		$html = $this->media_answer( array() );
		$this->assertStringContainsString( 'id="jquery-core-js"', $html );
		$this->assertStringContainsString( 'id="underscore-js"', $html );
	}

	public function test_the_media_library_is_refused_to_users_who_may_not_upload(): void {
		$this->as_user( 'subscriber' );
		$answer = $this->ajax( AdminPages::MEDIA_ACTION );
		$this->assertFalse( $answer['success'] );
		$this->assertSame( 'Sorry, you are not allowed to upload files.', $answer['data']['message'] );
	}

	public function test_the_media_library_is_refused_without_the_nonce(): void {
		$this->as_user( 'administrator' );
		$answer = $this->ajax( AdminPages::MEDIA_ACTION, array( AjaxGuard::FIELD => 'not-a-nonce' ) );
		$this->assertFalse( $answer['success'] );
		$this->assertStringContainsString( 'session has expired', $answer['data']['message'] );
	}

	private function write_translations( string $folder, string $file, array $messages ): void {
		wp_mkdir_p( $folder );
		$path = $folder . '/userfeedback-de_DE-' . md5( 'build/admin/' . $file ) . '.json';
		file_put_contents( // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_file_put_contents -- a test fixture.
			$path,
			(string) wp_json_encode(
				array(
					'domain'      => 'messages',
					'locale_data' => array( 'messages' => array( '' => array( 'domain' => 'messages', 'lang' => 'de_DE' ) ) + $messages ),
				)
			)
		);
		$this->files[] = $path;
	}

	public function test_the_translations_of_an_apps_route_chunks_are_merged_into_the_apps(): void {
		$folder = get_temp_dir() . 'uf-chunk-i18n-' . wp_generate_password( 8, false );
		$this->write_translations( $folder, 'surveys.js', array( 'Surveys' => array( 'Umfragen' ) ) );
		$this->write_translations( $folder, 'surveys-builder.js', array( 'Add Question' => array( 'Frage hinzufügen' ) ) );
		$asked = $folder . '/userfeedback-de_DE-' . md5( 'build/admin/surveys.js' ) . '.json';

		$merged = json_decode( (string) AdminPages::merged_translations( array( 'surveys.js', 'surveys-builder.js', '764.js' ), $asked ), true );
		$this->assertSame( array( 'Umfragen' ), $merged['locale_data']['messages']['Surveys'] );
		$this->assertSame( array( 'Frage hinzufügen' ), $merged['locale_data']['messages']['Add Question'] );
		$this->assertSame( 'de_DE', $merged['locale_data']['messages']['']['lang'] );

		// Only a chunk has translations: they still reach the app.
		$only_chunk = json_decode( (string) AdminPages::merged_translations( array( 'results.js', 'surveys-builder.js' ), $asked ), true );
		$this->assertSame( array( 'Frage hinzufügen' ), $only_chunk['locale_data']['messages']['Add Question'] );

		// None: core goes on looking (the next folder).
		$this->assertNull( AdminPages::merged_translations( array( 'results.js' ), $asked ) );
		$this->assertNull( AdminPages::merged_translations( array( 'surveys.js' ), $folder . '/not-a-translation-file.json' ) );
	}

	public function test_wordpress_loads_the_merged_translations_for_the_app_script(): void {
		$this->require_build();
		$manifest = USERFEEDBACK_DIR . 'build/admin/chunks.php';
		$chunks   = is_readable( $manifest ) ? ( require $manifest )['surveys'] ?? array() : array();
		$this->assertContains( 'surveys-builder.js', $chunks, 'build/admin/chunks.php lists the builder chunk of the surveys app.' );
		$folder = WP_LANG_DIR . '/plugins';
		$this->write_translations( $folder, 'surveys-builder.js', array( 'Add Question' => array( 'Frage hinzufügen' ) ) );
		add_filter( 'determine_locale', static fn() => 'de_DE' );
		add_filter( 'pre_determine_locale', static fn() => 'de_DE' );
		$this->as_user( 'administrator' );
		$this->enqueue( 'surveys' );
		$json = (string) load_script_textdomain( 'userfeedback-admin-surveys', 'userfeedback', USERFEEDBACK_DIR . 'languages' );
		$this->assertStringContainsString( 'Frage hinzuf', $json );
		// Another plugin's script is left alone.
		wp_register_script( 'other-plugin', plugins_url( 'other/build/admin/surveys.js' ), array(), '1' );
		$this->assertFalse( load_script_textdomain( 'other-plugin', 'userfeedback', USERFEEDBACK_DIR . 'languages' ) );
	}
}
