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

	/** @var array<string,string> hook suffix => page name */
	private array $hooks = array();

	public function __construct( private readonly BootConfig $config ) {}

	public function register(): void {
		add_action( 'admin_menu', array( $this, 'add_menu' ) );
		add_action( 'admin_enqueue_scripts', array( $this, 'enqueue' ) );
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
		if ( in_array( $entry, array( 'surveys', 'settings' ), true ) && current_user_can( 'upload_files' ) ) {
			// The builder's image options, the email header image and the widget's custom logo pick
			// images through the media library.
			wp_enqueue_media();
		}
		$meta   = require $asset;
		$handle = 'userfeedback-admin-' . $entry;
		wp_enqueue_script( $handle, plugins_url( "build/admin/{$entry}.js", USERFEEDBACK_FILE ), $meta['dependencies'], $meta['version'], true );
		wp_set_script_translations( $handle, 'userfeedback', USERFEEDBACK_DIR . 'languages' );
		wp_enqueue_style( 'wp-components' );
		if ( is_readable( USERFEEDBACK_DIR . "build/admin/{$entry}.css" ) ) {
			wp_enqueue_style( $handle, plugins_url( "build/admin/{$entry}.css", USERFEEDBACK_FILE ), array( 'wp-components' ), $meta['version'] );
		}
		if ( is_readable( USERFEEDBACK_DIR . 'build/admin/style-shared.css' ) ) {
			wp_enqueue_style( 'userfeedback-admin-shared', plugins_url( 'build/admin/style-shared.css', USERFEEDBACK_FILE ), array( 'wp-components' ), $meta['version'] );
		}
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
