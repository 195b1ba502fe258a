<?php
/**
 * The UserFeedback menu: one page per app for the capabilities a user holds, one data-config each.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

use UserFeedback\Access\Capabilities;
use UserFeedback\Admin\AdminPages;
use UserFeedback\Admin\AjaxGuard;
use UserFeedback\Licensing\Entitlements;

final class AdminPagesTest extends TestCase {

	protected function setUp(): void {
		parent::setUp();
		require_once ABSPATH . 'wp-admin/includes/plugin.php';
		global $menu, $submenu, $_wp_submenu_nopriv, $_registered_pages;
		$menu               = array();
		$submenu            = array();
		$_wp_submenu_nopriv = array();
		$_registered_pages  = array();
	}

	private function pages(): AdminPages {
		return new AdminPages( self::boot_config( fn() => Entitlements::from_site() ) );
	}

	/**
	 * @return string[] Slugs of the submenu under the top-level item.
	 */
	private function menu_for( string $role ): array {
		global $submenu;
		$this->as_user( $role );
		$this->pages()->add_menu();
		$top = array_key_first( $submenu ?? array() );
		return $top ? array_column( $submenu[ $top ], 2 ) : array();
	}

	/**
	 * The HTML of admin.php?page=userfeedback_{$name} for the current user.
	 */
	private function render_page( string $name ): string {
		$_GET['page'] = AdminPages::slug( $name );
		ob_start();
		try {
			$this->pages()->render();
		} finally {
			$html = (string) ob_get_clean();
		}
		return $html;
	}

	/**
	 * The boot config of a page's app root.
	 *
	 * @return array<string,mixed>
	 */
	private function config_of( string $html ): array {
		$this->assertSame( 1, preg_match( '/<div id="userfeedback-app" class="userfeedback-app" data-config="([^"]*)"/', $html, $match ) );
		return json_decode( html_entity_decode( $match[1], ENT_QUOTES ), true );
	}

	/** The next render() must end in wp_die( 'not allowed' ). */
	private function expect_refusal(): void {
		$this->expectException( \RuntimeException::class );
		$this->expectExceptionMessage( 'not allowed' );
		add_filter( 'wp_die_handler', static fn() => static function ( $message ): void {
			throw new \RuntimeException( is_string( $message ) ? $message : 'wp_die' );
		} );
	}

	public function test_an_administrator_gets_the_menu_with_its_seven_pages(): void {
		global $menu;
		$slugs = $this->menu_for( 'administrator' );
		$this->assertSame(
			array( 'userfeedback_surveys', 'userfeedback_results', 'userfeedback_post_ratings', 'userfeedback_settings', 'userfeedback_addons', 'userfeedback_growth_tools', 'userfeedback_about' ),
			$slugs
		);
		$this->assertSame( 'UserFeedback', $menu[ array_key_first( $menu ) ][0] );
	}

	public function test_the_welcome_page_is_registered_for_managers_but_not_in_the_menu(): void {
		global $submenu, $menu, $_registered_pages;
		$this->as_user( 'administrator' );
		$this->pages()->add_menu();

		// What the menu shows: top-level items and the submenus of those items.
		$in_menu = array_column( $menu, 2 );
		foreach ( array_column( $menu, 2 ) as $top ) {
			$in_menu = array_merge( $in_menu, array_column( $submenu[ $top ] ?? array(), 2 ) );
		}
		$this->assertContains( 'userfeedback_settings', $in_menu );
		$this->assertNotContains( 'userfeedback_welcome', $in_menu, 'No menu entry leads to the welcome screen.' );
		$hook = get_plugin_page_hookname( 'userfeedback_welcome', '' );
		$this->assertArrayHasKey( $hook, $_registered_pages, 'admin.php?page=userfeedback_welcome opens.' );
		$this->assertTrue( has_action( $hook ) );
		$this->assertTrue( has_action( 'load-' . $hook ), 'The screen gets its title.' );
	}

	public function test_the_welcome_page_is_not_registered_for_users_without_the_settings_capability(): void {
		global $_registered_pages;
		( new Capabilities() )->sync( array( 'create_edit_surveys' => array( 'editor' ) ) );
		$this->as_user( 'editor' );
		$this->pages()->add_menu();
		$this->assertArrayNotHasKey( get_plugin_page_hookname( 'userfeedback_welcome', '' ), $_registered_pages );
	}

	public function test_the_welcome_page_renders_the_welcome_app(): void {
		$this->as_user( 'administrator' );
		$config = $this->config_of( $this->render_page( 'welcome' ) );
		$this->assertSame( 'welcome', $config['page'] );
		$this->assertSame( 'admin.php?page=userfeedback_welcome', $config['urls']['pages']['welcome'] );
		$this->assertSame( get_option( 'admin_email' ), $config['site']['admin_email'] );
	}

	public function test_the_welcome_page_is_refused_to_users_without_the_settings_capability(): void {
		( new Capabilities() )->sync( array( 'create_edit_surveys' => array( 'editor' ) ) );
		$this->as_user( 'editor' );
		$this->expect_refusal();
		$this->render_page( 'welcome' );
	}

	public function test_a_role_given_view_results_reaches_results_only(): void {
		( new Capabilities() )->sync( array( 'view_results' => array( 'editor' ) ) );
		$this->assertSame( array( 'userfeedback_results', 'userfeedback_post_ratings' ), $this->menu_for( 'editor' ) );
	}

	public function test_no_menu_for_users_without_any_capability(): void {
		$this->assertSame( array(), $this->menu_for( 'subscriber' ) );
	}

	public function test_the_page_prints_one_root_with_the_boot_config(): void {
		$this->as_user( 'administrator' );
		$config = $this->config_of( $this->render_page( 'settings' ) );
		$this->assertSame( 'settings', $config['page'] );
		$this->assertSame( 'userfeedback/v1', $config['rest']['namespace'] );
		$this->assertSame( 1, wp_verify_nonce( $config['rest']['nonce'], 'wp_rest' ) );
		$this->assertSame( 1, wp_verify_nonce( $config['ajax']['nonce'], AjaxGuard::AJAX_NONCE ) );
		$this->assertSame( 'lite', $config['entitlements']['edition'] );
		$this->assertSame( Entitlements::feature_keys(), array_keys( $config['entitlements']['features'] ) );
		$this->assertTrue( $config['user']['capabilities']['manage_settings'] );
		$this->assertSame( 'admin.php?page=userfeedback_post_ratings', $config['urls']['pages']['post_ratings'] );
		$this->assertSame( wp_timezone_string(), $config['site']['timezone'] );
	}

	public function test_the_config_names_the_app_entry(): void {
		$this->as_user( 'administrator' );
		$this->assertStringContainsString( '&quot;page&quot;:&quot;post-ratings&quot;', $this->render_page( 'post_ratings' ) );
	}

	public function test_the_config_is_escaped_in_the_attribute(): void {
		$this->as_user( 'administrator' );
		wp_update_user( array( 'ID' => get_current_user_id(), 'display_name' => '"><script>alert(1)</script>' ) );
		$html = $this->render_page( 'about' );
		$this->assertStringNotContainsString( '<script>alert(1)', $html );
		$this->assertStringContainsString( '&quot;', $html );
	}

	public function test_a_page_the_user_may_not_open_is_refused(): void {
		$this->as_user( 'editor' );
		$this->expect_refusal();
		$this->render_page( 'settings' );
	}

	protected function tearDown(): void {
		unset( $_GET['page'] );
		remove_all_filters( 'wp_die_handler' );
		parent::tearDown();
	}
}
