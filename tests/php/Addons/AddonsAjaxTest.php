<?php
/**
 * The Addons screen's admin-ajax actions (includes/Addons/AddonsAjax.php), run through their wp_ajax_
 * hooks as admin-ajax.php would, with WordPress's real install path (Plugin_Upgrader downloading the
 * zip of the real addon from the loopback store) and its real activate_plugin()/deactivate_plugins().
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Addons;

use UserFeedback\Access\Capabilities;
use UserFeedback\Addons\AddonCatalog;
use UserFeedback\Addons\AddonsAjax;
use UserFeedback\Admin\AjaxGuard;
use UserFeedback\Licensing\Entitlements;

final class AddonsAjaxTest extends AddonsTestCase {

	public function test_get_addons_answers_the_list_with_package_urls_for_a_pro_licence(): void {
		$this->as_user( 'administrator' );
		$this->start_store();
		$this->publish_addon( 'behavior' );
		$this->use_license( 'pro-key', 'pro' );

		$answer = $this->ajax( AddonsAjax::ACTION_LIST, array( 'nonce' => wp_create_nonce( AjaxGuard::AJAX_NONCE ) ) );

		$this->assertTrue( $answer['success'], (string) wp_json_encode( $answer ) );
		$this->assertSame( array( 'addons', 'can_install', 'can_activate', 'store_error' ), array_keys( $answer['data'] ) );
		$this->assertSame( array( true, true, '' ), array( $answer['data']['can_install'], $answer['data']['can_activate'], $answer['data']['store_error'] ) );
		$this->assertSame( Entitlements::ADDONS, array_column( $answer['data']['addons'], 'slug' ) );
		$addons = array_column( $answer['data']['addons'], null, 'slug' );
		$this->assertSame( 'licensed', $addons['behavior']['type'] );
		// Not the package URL, which carries the licence key: a reference the install action takes.
		$this->assertSame( 'addon:behavior', $addons['behavior']['url'] );
		$this->assertStringNotContainsString( 'pro-key', (string) wp_json_encode( $answer ) );
		$this->assertSame( '', $addons['branding']['url'] );
	}

	public function test_get_addons_reports_a_store_that_is_down_and_still_lists_the_addons(): void {
		$this->as_user( 'administrator' );
		$this->start_store();
		$this->use_license( 'pro-key', 'pro' );
		$this->store_down();
		$calls = 0;
		add_action(
			'http_api_debug',
			static function () use ( &$calls ): void {
				++$calls;
			}
		);

		$answer = $this->ajax( AddonsAjax::ACTION_LIST, array( 'nonce' => wp_create_nonce( AjaxGuard::AJAX_NONCE ) ) );

		$this->assertTrue( $answer['success'] );
		$this->assertStringContainsString( 'The license store answered with an error (HTTP 500)', $answer['data']['store_error'] );
		$this->assertCount( 8, $answer['data']['addons'] );
		$this->assertSame( array( '' ), array_unique( array_column( $answer['data']['addons'], 'url' ) ) );
		$this->assertSame( 1, $calls, 'The first failed call ends the round.' );

		// Nothing was cached: once the store is back, the next list has the URLs.
		$this->publish_addon( 'behavior' );
		$this->store_down( false );
		$answer = $this->ajax( AddonsAjax::ACTION_LIST, array( 'nonce' => wp_create_nonce( AjaxGuard::AJAX_NONCE ) ) );
		$this->assertSame( '', $answer['data']['store_error'] );
		$this->assertNotSame( '', array_column( $answer['data']['addons'], 'url', 'slug' )['behavior'] );
	}

	public function test_installs_activates_and_deactivates_an_addon_from_the_store(): void {
		$this->as_user( 'administrator' );
		$this->start_store();
		$this->publish_addon( 'behavior' );
		$this->use_license( 'pro-key', 'pro' );
		$basename = AddonCatalog::basename( 'behavior' );
		$nonce    = wp_create_nonce( AjaxGuard::INSTALL_NONCE );

		$list = $this->ajax( AddonsAjax::ACTION_LIST, array( 'nonce' => wp_create_nonce( AjaxGuard::AJAX_NONCE ) ) );
		$url  = array_column( $list['data']['addons'], 'url', 'slug' )['behavior'];

		$answer = $this->ajax(
			AddonsAjax::ACTION_INSTALL,
			array(
				'plugin' => $url,
				'nonce'  => $nonce,
			)
		);
		$this->assertTrue( $answer['success'], (string) wp_json_encode( $answer ) );
		$this->assertSame( 'UserFeedback Behavior has been installed.', $answer['data']['message'] );
		$this->assertSame( array( 'behavior', true, false ), array( $answer['data']['addon']['slug'], $answer['data']['addon']['installed'], $answer['data']['addon']['active'] ) );
		$this->assertFileExists( WP_PLUGIN_DIR . '/' . $basename );
		$this->assertFileEquals( dirname( __DIR__, 3 ) . '/addons/' . $basename, WP_PLUGIN_DIR . '/' . $basename );
		$this->assertContains( 'download pro-key userfeedback-behavior', $this->store_requests() );

		// Installing again downloads nothing.
		$downloads = count( $this->store_requests() );
		$again     = $this->ajax(
			AddonsAjax::ACTION_INSTALL,
			array(
				'plugin' => $url,
				'nonce'  => $nonce,
			)
		);
		$this->assertTrue( $again['success'] );
		$this->assertCount( $downloads, $this->store_requests() );

		$this->assertFalse( Entitlements::from_site()->addon_active( 'behavior' ) );
		$activated = $this->ajax(
			AddonsAjax::ACTION_ACTIVATE,
			array(
				'plugin' => $basename,
				'nonce'  => $nonce,
			)
		);
		$this->assertTrue( $activated['success'], (string) wp_json_encode( $activated ) );
		$this->assertSame( 'UserFeedback Behavior has been activated.', $activated['data']['message'] );
		$this->assertTrue( $activated['data']['addon']['active'] );
		$this->assertTrue( is_plugin_active( $basename ) );
		// activate_plugin() loaded the addon into this request: it registered itself with the main plugin.
		$this->assertContains( realpath( WP_PLUGIN_DIR . '/' . $basename ), get_included_files() );
		$this->assertTrue( Entitlements::from_site()->addon_active( 'behavior' ) );
		$this->assertFalse( Entitlements::from_site()->addon_active( 'branding' ) );

		$deactivated = $this->ajax(
			AddonsAjax::ACTION_DEACTIVATE,
			array(
				'plugin' => $basename,
				'nonce'  => $nonce,
			)
		);
		$this->assertTrue( $deactivated['success'], (string) wp_json_encode( $deactivated ) );
		$this->assertSame( 'UserFeedback Behavior has been deactivated.', $deactivated['data']['message'] );
		$this->assertSame( array( true, false ), array( $deactivated['data']['addon']['installed'], $deactivated['data']['addon']['active'] ) );
		$this->assertFalse( is_plugin_active( $basename ) );
	}

	public function test_install_refuses_a_url_the_catalogue_did_not_hand_out(): void {
		$this->as_user( 'administrator' );
		$this->start_store();
		$this->publish_addon( 'behavior' );
		$this->use_license( 'pro-key', 'pro' );
		$nonce = wp_create_nonce( AjaxGuard::INSTALL_NONCE );
		$url   = ( new AddonCatalog( static fn() => \UserFeedback\Plugin::instance()->entitlements(), new \UserFeedback\Licensing\StoreClient() ) )->package_urls()['urls']['behavior'];
		$this->assertNotSame( '', $url );

		foreach ( array(
			'another server' => 'https://downloads.example.com/userfeedback-behavior.zip',
			// The store would serve it (the key may download it), but the catalogue did not hand it out.
			'another query'  => $url . '&x=1',
			// The package URL itself: the screen is given references only.
			'the package'    => $url,
			'another ref'    => 'addon:nope',
			'empty'          => '',
			'not a string'   => array( $url ),
		) as $case => $plugin ) {
			$answer = $this->ajax(
				AddonsAjax::ACTION_INSTALL,
				array(
					'plugin' => $plugin,
					'nonce'  => $nonce,
				)
			);
			$this->assertFalse( $answer['success'], $case );
			$this->assertSame( 'This addon cannot be installed from here.', $answer['data']['message'], $case );
		}

		// A Plus licence is handed no URLs: the URL of the Pro licence is refused as well.
		$this->use_license( 'pro-key', 'plus' );
		$answer = $this->ajax(
			AddonsAjax::ACTION_INSTALL,
			array(
				'plugin' => $url,
				'nonce'  => $nonce,
			)
		);
		$this->assertSame( 'This addon cannot be installed from here.', $answer['data']['message'] );

		$this->assertNotContains( 'download pro-key userfeedback-behavior', $this->store_requests() );
		$this->assertDirectoryDoesNotExist( WP_PLUGIN_DIR . '/userfeedback-behavior' );
	}

	public function test_a_failed_download_answers_the_install_error_with_detail(): void {
		$this->as_user( 'administrator' );
		$this->start_store();
		$this->publish_addon( 'behavior' );
		$this->use_license( 'pro-key', 'pro' );
		$list = $this->ajax( AddonsAjax::ACTION_LIST, array( 'nonce' => wp_create_nonce( AjaxGuard::AJAX_NONCE ) ) );
		$url  = array_column( $list['data']['addons'], 'url', 'slug' )['behavior'];
		// The package is gone from the store after the URL was handed out.
		unlink( $this->store_dir . '/userfeedback-behavior.zip' );

		$answer = $this->ajax(
			AddonsAjax::ACTION_INSTALL,
			array(
				'plugin' => $url,
				'nonce'  => wp_create_nonce( AjaxGuard::INSTALL_NONCE ),
			)
		);

		$this->assertFalse( $answer['success'] );
		$this->assertSame( 'There was an error installing the addon', $answer['data']['message'] );
		$this->assertNotSame( '', $answer['data']['detail'] );
		$this->assertStringContainsString( 'Forbidden', $answer['data']['detail'] );
		$this->assertFalse( $answer['data']['addon']['installed'] );
		$this->assertDirectoryDoesNotExist( WP_PLUGIN_DIR . '/userfeedback-behavior' );
	}

	public function test_activate_and_deactivate_accept_only_catalogue_basenames_and_fail_clearly(): void {
		$this->as_user( 'administrator' );
		$nonce = wp_create_nonce( AjaxGuard::INSTALL_NONCE );

		foreach ( array( AddonsAjax::ACTION_ACTIVATE, AddonsAjax::ACTION_DEACTIVATE ) as $action ) {
			foreach ( array( 'hello.php', 'userfeedback/userfeedback.php', '../userfeedback-behavior/userfeedback-behavior.php', '' ) as $plugin ) {
				$answer = $this->ajax(
					$action,
					array(
						'plugin' => $plugin,
						'nonce'  => $nonce,
					)
				);
				$this->assertFalse( $answer['success'], "$action $plugin" );
				$this->assertSame( 'This addon cannot be managed from here.', $answer['data']['message'], "$action $plugin" );
			}
		}
		$this->assertTrue( is_plugin_active( 'userfeedback/userfeedback.php' ), 'The main plugin was not deactivated.' );

		// A catalogue basename that is not installed.
		$answer = $this->ajax(
			AddonsAjax::ACTION_ACTIVATE,
			array(
				'plugin' => AddonCatalog::basename( 'heatmaps' ),
				'nonce'  => $nonce,
			)
		);
		$this->assertFalse( $answer['success'] );
		$this->assertSame( 'There was an error activating the addon', $answer['data']['message'] );
		$this->assertSame( 'plugin_not_found', $answer['data']['code'] );
		$this->assertNotSame( '', $answer['data']['detail'] );
		$this->assertFalse( $answer['data']['addon']['installed'] );

		$answer = $this->ajax(
			AddonsAjax::ACTION_DEACTIVATE,
			array(
				'plugin' => AddonCatalog::basename( 'heatmaps' ),
				'nonce'  => $nonce,
			)
		);
		$this->assertFalse( $answer['success'] );
		$this->assertSame( 'There was an error deactivating the addon', $answer['data']['message'] );
		$this->assertSame( 'The addon is not installed.', $answer['data']['detail'] );
	}

	/**
	 * @runInSeparateProcess
	 * @preserveGlobalState disabled
	 */
	public function test_a_bad_nonce_is_refused_with_403(): void {
		$this->as_user( 'administrator' );
		$this->put_addon( 'branding' );
		$basename = AddonCatalog::basename( 'branding' );

		foreach ( array(
			array( AddonsAjax::ACTION_LIST, array( 'nonce' => 'not-a-nonce' ) ),
			// The install nonce is not the page's ajax nonce, and the other way round.
			array( AddonsAjax::ACTION_LIST, array( 'nonce' => wp_create_nonce( AjaxGuard::INSTALL_NONCE ) ) ),
			array( AddonsAjax::ACTION_INSTALL, array( 'plugin' => 'https://example.com/a.zip', 'nonce' => wp_create_nonce( AjaxGuard::AJAX_NONCE ) ) ),
			array( AddonsAjax::ACTION_ACTIVATE, array( 'plugin' => $basename ) ),
			array( AddonsAjax::ACTION_DEACTIVATE, array( 'plugin' => $basename, 'nonce' => 'not-a-nonce' ) ),
		) as [ $action, $fields ] ) {
			$answer = $this->ajax( $action, $fields, $status );
			$this->assertSame( 403, $status, $action );
			$this->assertFalse( $answer['success'], $action );
			$this->assertSame( 'Your session has expired. Please reload the page and try again.', $answer['data']['message'], $action );
		}
		$this->assertFalse( is_plugin_active( $basename ) );
	}

	/**
	 * @runInSeparateProcess
	 * @preserveGlobalState disabled
	 */
	public function test_users_without_the_capabilities_are_refused_with_403(): void {
		$this->put_addon( 'branding' );
		$basename = AddonCatalog::basename( 'branding' );
		$refused  = 'Sorry, you are not allowed to manage addons on this site.';

		// A survey builder without the settings capability: nothing, not even the list.
		$this->as_user( 'editor' );
		wp_get_current_user()->add_cap( Capabilities::CREATE_EDIT_SURVEYS );
		$this->assert_refused_with_403(
			$refused,
			array( array( AddonsAjax::ACTION_LIST, array( 'nonce' => wp_create_nonce( AjaxGuard::AJAX_NONCE ) ) ) ),
			$this->plugin_actions( $basename )
		);

		// A settings manager who may not install or activate plugins sees the list, and that they may not.
		$this->as_user( 'editor' );
		wp_get_current_user()->add_cap( Capabilities::MANAGE_SETTINGS );
		$answer = $this->ajax( AddonsAjax::ACTION_LIST, array( 'nonce' => wp_create_nonce( AjaxGuard::AJAX_NONCE ) ), $status );
		$this->assertTrue( $answer['success'] );
		$this->assertSame( array( false, false ), array( $answer['data']['can_install'], $answer['data']['can_activate'] ) );
		$this->assert_refused_with_403( $refused, $this->plugin_actions( $basename ) );

		// An administrator whose role lost the settings capability.
		$this->as_user( 'administrator' );
		wp_get_current_user()->add_cap( Capabilities::MANAGE_SETTINGS, false );
		$answer = $this->ajax( AddonsAjax::ACTION_ACTIVATE, array( 'plugin' => $basename, 'nonce' => wp_create_nonce( AjaxGuard::INSTALL_NONCE ) ), $status );
		$this->assertSame( 403, $status );
		$this->assertFalse( $answer['success'] );
		$this->assertFalse( is_plugin_active( $basename ) );
	}

	/**
	 * The install, activate and deactivate requests for an addon, with the current user's install nonce.
	 *
	 * @return array<int,array{0:string,1:array<string,string>}>
	 */
	private function plugin_actions( string $basename ): array {
		$install = wp_create_nonce( AjaxGuard::INSTALL_NONCE );
		return array(
			array( AddonsAjax::ACTION_INSTALL, array( 'plugin' => 'https://example.com/a.zip', 'nonce' => $install ) ),
			array( AddonsAjax::ACTION_ACTIVATE, array( 'plugin' => $basename, 'nonce' => $install ) ),
			array( AddonsAjax::ACTION_DEACTIVATE, array( 'plugin' => $basename, 'nonce' => $install ) ),
		);
	}

	/**
	 * Each request is answered 403 with this message.
	 *
	 * @param array<int,array{0:string,1:array<string,mixed>}> ...$lists Lists of [ action, fields ].
	 */
	private function assert_refused_with_403( string $message, array ...$lists ): void {
		foreach ( array_merge( ...$lists ) as [ $action, $fields ] ) {
			$answer = $this->ajax( $action, $fields, $status );
			$this->assertSame( 403, $status, $action );
			$this->assertSame( $message, $answer['data']['message'], $action );
		}
	}
}
