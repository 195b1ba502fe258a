<?php
/**
 * The UserFeedback admin menu: one page per admin app, each mounting its React app with one boot config.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Admin;

use UserFeedback\Access\Capabilities;

defined( 'ABSPATH' ) || exit;

final class AdminPages {

	/**
	 * Page name (admin.php?page=userfeedback_{name}) => [ app entry in admin-app/src, capability ].
	 * The first page the user may open becomes the top-level menu item.
	 */
	public const PAGES = array(
		'surveys'      => array( 'surveys', Capabilities::CREATE_EDIT_SURVEYS ),
		'results'      => array( 'results', Capabilities::VIEW_RESULTS ),
		'post_ratings' => array( 'post-ratings', Capabilities::VIEW_RESULTS ),
		'settings'     => array( 'settings', Capabilities::MANAGE_SETTINGS ),
		'addons'       => array( 'addons', Capabilities::MANAGE_SETTINGS ),
		'growth_tools' => array( 'growth-tools', Capabilities::MANAGE_SETTINGS ),
		'about'        => array( 'about', Capabilities::MANAGE_SETTINGS ),
		'welcome'      => array( 'welcome', Capabilities::MANAGE_SETTINGS ),
	);

	/**
	 * Pages that are registered (they render and enqueue their app) but have no menu entry: the welcome
	 * screen is reached by the first-activation redirect (WelcomeRedirect) and from Settings > General.
	 */
	public const HIDDEN = array( 'welcome' );

	/**
	 * The script every admin app depends on: the libraries the apps share (build/admin/vendor.js,
	 * split off by webpack.config.js with its own vendor.asset.php).
	 */
	public const VENDOR_HANDLE = 'userfeedback-vendor';

	/**
	 * Apps with a screen that picks an image through the media library: the builder (image choice
	 * options), Settings (the widget's custom logo, the email header image). They load it on demand
	 * (MEDIA_ACTION) the first time an image is picked; no screen loads it up front.
	 */
	public const MEDIA_APPS = array( 'surveys', 'settings' );

	/** The admin-ajax action that answers the media library's scripts, styles and templates. */
	public const MEDIA_ACTION = 'userfeedback_media_library';

	/** @var array<string,string> hook suffix => page name */
	private array $hooks = array();

	public function __construct( private readonly BootConfig $config ) {}

	public function register(): void {
		add_action( 'admin_menu', array( $this, 'add_menu' ) );
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue' ) );
		add_action( 'wp_ajax_' . self::MEDIA_ACTION, array( $this, 'media_library' ) );
	}

	public static function slug( string $page ): string {
		return 'userfeedback_' . $page;
	}

	public static function titles(): array {
		return array(
			'surveys'      => __( 'Surveys', 'userfeedback' ),
			'results'      => __( 'Results', 'userfeedback' ),
			'post_ratings' => __( 'Post Ratings', 'userfeedback' ),
			'settings'     => __( 'Settings', 'userfeedback' ),
			'addons'       => __( 'Addons', 'userfeedback' ),
			'growth_tools' => __( 'Growth Tools', 'userfeedback' ),
			'about'        => __( 'About Us', 'userfeedback' ),
			'welcome'      => __( 'Welcome to UserFeedback', 'userfeedback' ),
		);
	}

	public function add_menu(): void {
		$menu    = array_diff_key( self::PAGES, array_flip( self::HIDDEN ) );
		$allowed = array_filter( $menu, static fn( array $page ): bool => current_user_can( $page[1] ) );
		if ( ! $allowed ) {
			return;
		}
		$titles = self::titles();
		$first  = (string) array_key_first( $allowed );
		add_menu_page(
			__( 'UserFeedback', 'userfeedback' ),
			__( 'UserFeedback', 'userfeedback' ),
			$allowed[ $first ][1],
			self::slug( $first ),
			array( $this, 'render' ),
			'dashicons-feedback',
			58.7
		);
		foreach ( $menu as $name => [ , $capability ] ) {
			$hook = add_submenu_page( self::slug( $first ), $titles[ $name ], $titles[ $name ], $capability, self::slug( $name ), array( $this, 'render' ) );
			if ( $hook ) {
				$this->hooks[ $hook ] = $name;
			}
		}
		foreach ( self::HIDDEN as $name ) {
			// An empty parent registers the page (admin.php?page=...) without a menu entry.
			$hook = add_submenu_page( '', $titles[ $name ], $titles[ $name ], self::PAGES[ $name ][1], self::slug( $name ), array( $this, 'render' ) );
			if ( $hook ) {
				$this->hooks[ $hook ] = $name;
				// No menu entry to take the title from: give admin-header.php its <title> (and no null to strip_tags()).
				add_action(
					'load-' . $hook,
					static function () use ( $titles, $name ): void {
						$GLOBALS['title'] = $titles[ $name ]; // phpcs:ignore WordPress.WP.GlobalVariablesOverride.Prohibited -- core reads the screen title from it.
					}
				);
			}
		}
	}

	public function enqueue( string $hook_suffix ): void {
		$name = $this->hooks[ $hook_suffix ] ?? null;
		if ( null === $name ) {
			return;
		}
		$entry = self::PAGES[ $name ][0];
		$asset = USERFEEDBACK_DIR . "build/admin/{$entry}.asset.php";
		if ( ! is_readable( $asset ) ) {
			return; // render() explains what is missing.
		}
		$meta         = require $asset;
		$handle       = 'userfeedback-admin-' . $entry;
		$dependencies = $meta['dependencies'];
		if ( $this->register_vendor() ) {
			$dependencies[] = self::VENDOR_HANDLE;
		}
		wp_enqueue_script( $handle, plugins_url( "build/admin/{$entry}.js", USERFEEDBACK_FILE ), $dependencies, $meta['version'], true );
		if ( in_array( $entry, self::MEDIA_APPS, true ) && current_user_can( 'upload_files' ) ) {
			// Where to fetch the media library from when an image is first picked (shared/media.ts).
			wp_add_inline_script(
				$handle,
				'window.userfeedbackMediaLibrary=' . wp_json_encode(
					array(
						'url'   => admin_url( 'admin-ajax.php' ),
						'nonce' => wp_create_nonce( AjaxGuard::AJAX_NONCE ),
					),
					JSON_HEX_TAG | JSON_HEX_AMP | JSON_UNESCAPED_SLASHES
				) . ';',
				'before'
			);
		}
		wp_set_script_translations( $handle, 'userfeedback', USERFEEDBACK_DIR . 'languages' );
		$this->translate_chunks( $entry, $handle );
		wp_enqueue_style( 'wp-components' );
		if ( is_readable( USERFEEDBACK_DIR . "build/admin/{$entry}.css" ) ) {
			wp_enqueue_style( $handle, plugins_url( "build/admin/{$entry}.css", USERFEEDBACK_FILE ), array( 'wp-components' ), $meta['version'] );
		}
		if ( is_readable( USERFEEDBACK_DIR . 'build/admin/style-shared.css' ) ) {
			wp_enqueue_style( 'userfeedback-admin-shared', plugins_url( 'build/admin/style-shared.css', USERFEEDBACK_FILE ), array( 'wp-components' ), $meta['version'] );
		}
	}

	/**
	 * Registers the shared vendor script once, with its own dependencies and version.
	 *
	 * @return bool False when the build has no vendor chunk (the apps then carry their libraries).
	 */
	private function register_vendor(): bool {
		if ( wp_script_is( self::VENDOR_HANDLE, 'registered' ) ) {
			return true;
		}
		$asset = USERFEEDBACK_DIR . 'build/admin/vendor.asset.php';
		if ( ! is_readable( $asset ) ) {
			return false;
		}
		$meta = require $asset;
		return wp_register_script( self::VENDOR_HANDLE, plugins_url( 'build/admin/vendor.js', USERFEEDBACK_FILE ), $meta['dependencies'], $meta['version'], true );
	}

	/**
	 * The translations of an app's on-demand chunks (its route screens, build/admin/chunks.php)
	 * travel with the app's script: WordPress loads a script's translations from
	 * userfeedback-{locale}-{md5 of its path}.json, and knows only the app's script, not the files
	 * webpack loads later. The first lookup for the app's handle answers the app's messages and
	 * every chunk's, merged (wp_set_script_translations() decides which folders are searched).
	 */
	private function translate_chunks( string $entry, string $handle ): void {
		$manifest = USERFEEDBACK_DIR . 'build/admin/chunks.php';
		$chunks   = is_readable( $manifest ) ? ( require $manifest )[ $entry ] ?? array() : array();
		if ( ! $chunks ) {
			return;
		}
		add_filter(
			'pre_load_script_translations',
			static function ( $translations, $file, $for_handle, $domain ) use ( $entry, $chunks, $handle ) {
				if ( null !== $translations || $handle !== $for_handle || 'userfeedback' !== $domain ) {
					return $translations;
				}
				return self::merged_translations( array_merge( array( "{$entry}.js" ), $chunks ), (string) $file ) ?? $translations;
			},
			10,
			4
		);
	}

	/**
	 * The translation JSON of several build/admin files, merged into one (Jed's locale_data).
	 *
	 * @param string[] $files Files under build/admin.
	 * @param string   $first The file core asked for: {folder}/userfeedback-{locale}-{md5}.json.
	 * @return string|null Null when none of the files has translations in that folder.
	 */
	public static function merged_translations( array $files, string $first ): ?string {
		if ( ! preg_match( '/^(.*)-[0-9a-f]{32}\.json$/', $first, $match ) ) {
			return null;
		}
		$merged = null;
		foreach ( $files as $file ) {
			$path = $match[1] . '-' . md5( 'build/admin/' . $file ) . '.json';
			$json = is_readable( $path ) ? json_decode( (string) file_get_contents( $path ), true ) : null; // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents -- a local file.
			if ( ! is_array( $json ) || ! is_array( $json['locale_data'] ?? null ) ) {
				continue;
			}
			if ( null === $merged ) {
				$merged = $json;
				continue;
			}
			foreach ( $json['locale_data'] as $domain => $messages ) {
				$merged['locale_data'][ $domain ] = ( $merged['locale_data'][ $domain ] ?? array() ) + (array) $messages;
			}
		}
		return null === $merged ? null : (string) wp_json_encode( $merged );
	}

	/**
	 * admin-ajax MEDIA_ACTION: the media library's scripts, styles and templates (what
	 * wp_enqueue_media() puts on a page), as HTML that shared/media.ts inserts in the page the first
	 * time an image is picked. The page posts the handles it already has (scripts[], styles[]):
	 * those are not sent again (jQuery, React ... loaded twice would replace the page's own).
	 */
	public function media_library(): void {
		AjaxGuard::check( AjaxGuard::AJAX_NONCE, 'upload_files', __( 'Sorry, you are not allowed to upload files.', 'userfeedback' ) );
		$handles = static fn( string $key ): array => array_values(
			array_filter(
				(array) wp_unslash( $_POST[ $key ] ?? array() ), // phpcs:ignore WordPress.Security.NonceVerification.Missing,WordPress.Security.ValidatedSanitizedInput.InputNotSanitized -- checked by AjaxGuard; each handle is matched against a pattern below.
				static fn( $handle ): bool => is_string( $handle ) && 1 === preg_match( '/^[A-Za-z0-9_.\-]{1,100}$/', $handle )
			)
		);
		if ( ! headers_sent() ) {
			header( 'Content-Type: text/html; charset=' . get_option( 'blog_charset' ) );
		}
		echo self::media_library_html( $handles( 'scripts' ), $handles( 'styles' ) ); // phpcs:ignore WordPress.Security.EscapeOutput.OutputNotEscaped -- WordPress's own script, style and template tags.
		wp_die( '', '', array( 'response' => 200 ) );
	}

	/**
	 * What wp_enqueue_media() adds to a page, as HTML: style and script tags (with their inline data
	 * and translations) in dependency order, then the media templates.
	 *
	 * @param string[] $scripts Script handles the page already has.
	 * @param string[] $styles  Style handles the page already has.
	 */
	public static function media_library_html( array $scripts, array $styles ): string {
		wp_enqueue_media();
		$wp_scripts       = wp_scripts();
		$wp_styles        = wp_styles();
		$wp_scripts->done = array_merge( $wp_scripts->done, $scripts );
		$wp_styles->done  = array_merge( $wp_styles->done, $styles );
		ob_start();
		$wp_styles->do_items();
		$wp_scripts->do_items();
		wp_print_media_templates();
		return (string) ob_get_clean();
	}

	public function render(): void {
		$page = (string) preg_replace( '/^userfeedback_/', '', sanitize_key( $_GET['page'] ?? '' ) ); // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- choosing a screen, no action.
		if ( ! isset( self::PAGES[ $page ] ) || ! current_user_can( self::PAGES[ $page ][1] ) ) {
			wp_die( esc_html__( 'Sorry, you are not allowed to access this page.', 'userfeedback' ), 403 );
		}
		// Core's common.js moves admin notices to just after .wp-header-end; without the marker it would put
		// them inside the heading React renders.
		echo '<div class="wrap userfeedback-wrap"><hr class="wp-header-end">';
		if ( ! is_readable( USERFEEDBACK_DIR . 'build/admin/' . self::PAGES[ $page ][0] . '.asset.php' ) ) {
			printf(
				'<div class="notice notice-error"><p>%s</p></div>',
				esc_html__( 'The UserFeedback admin screens are not built. Run "npm run build" in the plugin folder, or install a release zip.', 'userfeedback' )
			);
		}
		printf(
			'<div id="userfeedback-app" class="userfeedback-app" data-config="%s"><p class="userfeedback-app__loading">%s</p></div></div>',
			esc_attr( (string) wp_json_encode( $this->config->for_page( self::PAGES[ $page ][0] ) ) ),
			esc_html__( 'Loading…', 'userfeedback' )
		);
	}
}
