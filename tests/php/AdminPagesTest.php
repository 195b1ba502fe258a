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
use UserFeedback\Admin\BootConfig;
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
		return new AdminPages( new BootConfig( new Capabilities(), fn() => Entitlements::from_site() ) );
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

	public function test_an_administrator_gets_the_menu_with_its_seven_pages(): void {
		global $menu;
		$slugs = $this->menu_for( 'administrator' );
		$this->assertSame(
			array( 'userfeedback_surveys', 'userfeedback_results', 'userfeedback_post_ratings', 'userfeedback_settings', 'userfeedback_addons', 'userfeedback_growth_tools', 'userfeedback_about' ),
			$slugs
		);
		$this->assertSame( 'UserFeedback', $menu[ array_key_first( $menu ) ][0] );
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
		$_GET['page'] = 'userfeedback_settings';
		ob_start();
		$this->pages()->render();
		$html = (string) ob_get_clean();

		$this->assertSame( 1, preg_match( '/<div id="userfeedback-app" class="userfeedback-app" data-config="([^"]*)"/', $html, $match ) );
		$config = json_decode( html_entity_decode( $match[1], ENT_QUOTES ), true );
		$this->assertSame( 'settings', $config['page'] );
		$this->assertSame( 'userfeedback/v1', $config['rest']['namespace'] );
		$this->assertSame( 1, wp_verify_nonce( $config['rest']['nonce'], 'wp_rest' ) );
		$this->assertSame( 1, wp_verify_nonce( $config['ajax']['nonce'], BootConfig::AJAX_NONCE ) );
		$this->assertSame( 'lite', $config['entitlements']['edition'] );
		$this->assertSame( Entitlements::feature_keys(), array_keys( $config['entitlements']['features'] ) );
		$this->assertTrue( $config['user']['capabilities']['manage_settings'] );
		$this->assertSame( 'admin.php?page=userfeedback_post_ratings', $config['urls']['pages']['post_ratings'] );
		$this->assertSame( wp_timezone_string(), $config['site']['timezone'] );
	}

	public function test_the_config_names_the_app_entry(): void {
		$this->as_user( 'administrator' );
		$_GET['page'] = 'userfeedback_post_ratings';
		ob_start();
		$this->pages()->render();
		$html = (string) ob_get_clean();
		$this->assertStringContainsString( '&quot;page&quot;:&quot;post-ratings&quot;', $html );
	}

	public function test_the_config_is_escaped_in_the_attribute(): void {
		$this->as_user( 'administrator' );
		wp_update_user( array( 'ID' => get_current_user_id(), 'display_name' => '"><script>alert(1)</script>' ) );
		$_GET['page'] = 'userfeedback_about';
		ob_start();
		$this->pages()->render();
		$html = (string) ob_get_clean();
		$this->assertStringNotContainsString( '<script>alert(1)', $html );
		$this->assertStringContainsString( '&quot;', $html );
	}

	public function test_a_page_the_user_may_not_open_is_refused(): void {
		$this->as_user( 'editor' );
		$_GET['page'] = 'userfeedback_settings';
		$this->expectException( \RuntimeException::class );
		$this->expectExceptionMessage( 'not allowed' );
		add_filter( 'wp_die_handler', static fn() => static function ( $message ): void {
			throw new \RuntimeException( is_string( $message ) ? $message : 'wp_die' );
		} );
		$this->pages()->render();
	}

	protected function tearDown(): void {
		unset( $_GET['page'] );
		remove_all_filters( 'wp_die_handler' );
		parent::tearDown();
	}
}
