<?php
/**
 * The plugin installer's admin-ajax actions (includes/Admin/PluginInstaller.php), run through their
 * wp_ajax_ hooks as admin-ajax.php would, with WordPress's real install path: plugins_api(), the
 * download, unzip and Plugin_Upgrader.
 *
 * WordPress.org is a loopback server of the test's own: `php -S` with
 * tests/php/fixtures/plugin-directory-router.php, serving the plugin_information answer and a zip of a
 * tiny plugin built here with ZipArchive. A pre_http_request filter sends WordPress's requests for
 * api.wordpress.org/plugins/info/ and downloads.wordpress.org there, path and query unchanged, over
 * real HTTP (the site's mu-plugin answers every other *.wordpress.org request with 503).
 *
 * The ajax requests go through AjaxCalls; the HTTP status can only be read where nothing has been
 * printed yet, so the refusals run in a separate process.
 *
 * Installed plugin folders are in the throw-away site's wp-content/plugins; tearDown removes them.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

use UserFeedback\Access\Capabilities;
use UserFeedback\Admin\AjaxGuard;
use UserFeedback\Admin\Integrations;
use UserFeedback\Admin\PluginInstaller;

final class PluginInstallerTest extends TestCase {

	use AjaxCalls;

	private const MONSTERINSIGHTS = 'google-analytics-for-wordpress';
	private const EXACTMETRICS    = 'google-analytics-dashboard-for-wp';
	private const AUTOMATOR       = 'uncanny-automator';
	private const WPFORMS         = 'wpforms-lite';

	/** The cross-sale plugins of About and Growth Tools: WordPress.org slug => main file. */
	private const PARTNERS = array(
		'wpforms-lite'           => 'wpforms-lite/wpforms.php',
		'optinmonster'           => 'optinmonster/optin-monster-wp-api.php',
		'all-in-one-seo-pack'    => 'all-in-one-seo-pack/all_in_one_seo_pack.php',
		'coming-soon'            => 'coming-soon/coming-soon.php',
		'wp-mail-smtp'           => 'wp-mail-smtp/wp_mail_smtp.php',
		'instagram-feed'         => 'instagram-feed/instagram-feed.php',
		'pushengage'             => 'pushengage/main.php',
		'trustpulse-api'         => 'trustpulse-api/trustpulse.php',
		'duplicator'             => 'duplicator/duplicator.php',
		'stripe'                 => 'stripe/stripe-checkout.php',
		'easy-digital-downloads' => 'easy-digital-downloads/easy-digital-downloads.php',
	);

	/** The loopback plugin directory. */
	private ?LoopbackServer $server = null;

	/** Folder the loopback directory serves (zips, requests.log). */
	private string $repo = '';

	/** @var string[] Plugin folders that existed before the test; all others are removed after it. */
	private array $existing_folders = array();

	protected function setUp(): void {
		parent::setUp();
		require_once ABSPATH . 'wp-admin/includes/plugin.php';
		foreach ( array_keys( PluginInstaller::PLUGINS ) as $slug ) {
			if ( file_exists( WP_PLUGIN_DIR . '/' . $slug ) ) {
				$this->existing_folders[] = $slug;
			}
		}
		$this->repo = sys_get_temp_dir() . '/uf-plugin-repo-' . getmypid() . '-' . wp_generate_password( 8, false );
		mkdir( $this->repo );
	}

	protected function tearDown(): void {
		$this->stop_server();
		foreach ( array_keys( PluginInstaller::PLUGINS ) as $slug ) {
			if ( ! in_array( $slug, $this->existing_folders, true ) ) {
				self::remove_tree( WP_PLUGIN_DIR . '/' . $slug );
			}
		}
		self::remove_tree( $this->repo );
		wp_clean_plugins_cache( false );
		parent::tearDown();
	}

	public function test_get_plugins_reports_installed_and_active(): void {
		$this->as_user( 'administrator' );

		$answer = $this->ajax( PluginInstaller::ACTION_GET_PLUGINS, array( 'nonce' => wp_create_nonce( AjaxGuard::AJAX_NONCE ) ) );
		$this->assertTrue( $answer['success'] );
		$this->assertTrue( $answer['data']['can_install'] );
		$this->assertTrue( $answer['data']['can_activate'] );
		$this->assertSame(
			array(
				array(
					'slug'      => self::MONSTERINSIGHTS,
					'name'      => 'MonsterInsights',
					'basename'  => 'google-analytics-for-wordpress/googleanalytics.php',
					'group'     => 'analytics',
					'installed' => false,
					'active'    => false,
				),
				array(
					'slug'      => self::EXACTMETRICS,
					'name'      => 'ExactMetrics',
					'basename'  => 'google-analytics-dashboard-for-wp/gadwp.php',
					'group'     => 'analytics',
					'installed' => false,
					'active'    => false,
				),
				array(
					'slug'      => self::AUTOMATOR,
					'name'      => 'Uncanny Automator',
					'basename'  => 'uncanny-automator/uncanny-automator.php',
					'group'     => 'automation',
					'installed' => false,
					'active'    => false,
				),
			),
			array_slice( $answer['data']['plugins'], 0, 3 )
		);
		// Then the cross-sale plugins, none of them installed on the test site.
		$partners = array_slice( $answer['data']['plugins'], 3 );
		$this->assertSame( self::PARTNERS, array_combine( array_column( $partners, 'slug' ), array_column( $partners, 'basename' ) ) );
		$this->assertSame( array( 'partner' ), array_values( array_unique( array_column( $partners, 'group' ) ) ) );
		$this->assertSame( array( false ), array_values( array_unique( array_merge( array_column( $partners, 'installed' ), array_column( $partners, 'active' ) ) ) ) );

		// ExactMetrics installed and active, MonsterInsights installed only.
		$this->put_plugin( self::MONSTERINSIGHTS );
		$this->put_plugin( self::EXACTMETRICS );
		$this->assertNull( activate_plugin( PluginInstaller::PLUGINS[ self::EXACTMETRICS ]['basename'] ) );

		$plugins = $this->ajax( PluginInstaller::ACTION_GET_PLUGINS, array( 'nonce' => wp_create_nonce( AjaxGuard::AJAX_NONCE ) ) )['data']['plugins'];
		$this->assertSame(
			array(
				self::MONSTERINSIGHTS => array( true, false ),
				self::EXACTMETRICS    => array( true, true ),
				self::AUTOMATOR       => array( false, false ),
			),
			array_slice( array_combine(
				array_column( $plugins, 'slug' ),
				array_map( static fn( array $p ): array => array( $p['installed'], $p['active'] ), $plugins )
			), 0, 3 )
		);
		deactivate_plugins( PluginInstaller::PLUGINS[ self::EXACTMETRICS ]['basename'] );
	}

	public function test_installs_and_activates_an_allow_listed_plugin_from_the_directory(): void {
		$this->as_user( 'administrator' );
		$this->start_server();
		$this->publish_zip( self::MONSTERINSIGHTS, 'googleanalytics.php' );
		$basename = PluginInstaller::PLUGINS[ self::MONSTERINSIGHTS ]['basename'];

		$answer = $this->ajax(
			PluginInstaller::ACTION_INSTALL,
			array(
				'slug'     => self::MONSTERINSIGHTS,
				'activate' => '1',
				'nonce'    => wp_create_nonce( AjaxGuard::INSTALL_NONCE ),
			)
		);

		$this->assertTrue( $answer['success'], (string) wp_json_encode( $answer ) );
		$this->assertSame( 'MonsterInsights has been activated!', $answer['data']['message'] );
		$this->assertTrue( $answer['data']['plugin']['installed'] );
		$this->assertTrue( $answer['data']['plugin']['active'] );
		$this->assertFileExists( WP_PLUGIN_DIR . '/' . $basename );
		$this->assertTrue( is_plugin_active( $basename ) );
		// It came from the directory: the plugin's information, then its zip.
		$requests = $this->requests();
		$this->assertContains( 'GET /plugin/' . self::MONSTERINSIGHTS . '.zip', $requests );
		$this->assertMatchesRegularExpression( '#^GET /plugins/info/1\.2/\?action=plugin_information&.*request%5Bslug%5D=' . self::MONSTERINSIGHTS . '#', $requests[0] );
	}

	public function test_installs_without_activating_then_the_activate_action_activates(): void {
		$this->as_user( 'administrator' );
		$this->start_server();
		$this->publish_zip( self::EXACTMETRICS, 'gadwp.php' );
		$basename = PluginInstaller::PLUGINS[ self::EXACTMETRICS ]['basename'];
		$nonce    = wp_create_nonce( AjaxGuard::INSTALL_NONCE );

		$answer = $this->ajax(
			PluginInstaller::ACTION_INSTALL,
			array(
				'slug'     => self::EXACTMETRICS,
				'activate' => '0',
				'nonce'    => $nonce,
			)
		);
		$this->assertTrue( $answer['success'], (string) wp_json_encode( $answer ) );
		$this->assertSame( 'ExactMetrics has been installed successfully!', $answer['data']['message'] );
		$this->assertSame( array( true, false ), array( $answer['data']['plugin']['installed'], $answer['data']['plugin']['active'] ) );
		$this->assertFalse( is_plugin_active( $basename ) );

		// Installing again downloads nothing.
		$downloads = count( $this->requests() );
		$again     = $this->ajax(
			PluginInstaller::ACTION_INSTALL,
			array(
				'slug'  => self::EXACTMETRICS,
				'nonce' => $nonce,
			)
		);
		$this->assertTrue( $again['success'] );
		$this->assertCount( $downloads, $this->requests() );

		$activated = $this->ajax(
			PluginInstaller::ACTION_ACTIVATE,
			array(
				'basename' => $basename,
				'nonce'    => $nonce,
			)
		);
		$this->assertTrue( $activated['success'], (string) wp_json_encode( $activated ) );
		$this->assertSame( 'ExactMetrics has been activated!', $activated['data']['message'] );
		$this->assertTrue( $activated['data']['plugin']['active'] );
		$this->assertTrue( is_plugin_active( $basename ) );
	}

	public function test_a_slug_not_on_the_allow_list_is_refused(): void {
		$this->as_user( 'administrator' );
		$this->start_server();
		// The directory has it; the installer must not even ask.
		$this->publish_zip( 'hello-dolly', 'hello.php' );

		$answer = $this->ajax(
			PluginInstaller::ACTION_INSTALL,
			array(
				'slug'     => 'hello-dolly',
				'activate' => '1',
				'nonce'    => wp_create_nonce( AjaxGuard::INSTALL_NONCE ),
			)
		);

		$this->assertFalse( $answer['success'] );
		$this->assertSame( 'This plugin cannot be installed from here.', $answer['data']['message'] );

		// Not a string at all (slug[]=...): refused the same way, not a PHP error.
		$answer = $this->ajax(
			PluginInstaller::ACTION_INSTALL,
			array(
				'slug'  => array( self::MONSTERINSIGHTS ),
				'nonce' => wp_create_nonce( AjaxGuard::INSTALL_NONCE ),
			)
		);
		$this->assertSame( 'This plugin cannot be installed from here.', $answer['data']['message'] );
		$this->assertSame( array(), $this->requests() );
		$this->assertDirectoryDoesNotExist( WP_PLUGIN_DIR . '/hello-dolly' );
	}

	/**
	 * @runInSeparateProcess
	 * @preserveGlobalState disabled
	 */
	public function test_a_bad_nonce_is_refused_with_403(): void {
		$this->as_user( 'administrator' );

		foreach ( array(
			array( PluginInstaller::ACTION_INSTALL, array( 'slug' => self::MONSTERINSIGHTS, 'nonce' => 'not-a-nonce' ) ),
			// The page's ajax nonce is not the install nonce.
			array( PluginInstaller::ACTION_INSTALL, array( 'slug' => self::MONSTERINSIGHTS, 'nonce' => wp_create_nonce( AjaxGuard::AJAX_NONCE ) ) ),
			array( PluginInstaller::ACTION_ACTIVATE, array( 'basename' => PluginInstaller::PLUGINS[ self::MONSTERINSIGHTS ]['basename'] ) ),
			array( PluginInstaller::ACTION_DEACTIVATE, array( 'basename' => self::PARTNERS[ self::WPFORMS ] ) ),
			array( PluginInstaller::ACTION_DEACTIVATE, array( 'basename' => self::PARTNERS[ self::WPFORMS ], 'nonce' => wp_create_nonce( AjaxGuard::AJAX_NONCE ) ) ),
			array( PluginInstaller::ACTION_GET_PLUGINS, array( 'nonce' => 'not-a-nonce' ) ),
		) as [ $action, $fields ] ) {
			$answer = $this->ajax( $action, $fields, $status );
			$this->assertSame( 403, $status, $action );
			$this->assertFalse( $answer['success'], $action );
			$this->assertSame( 'Your session has expired. Please reload the page and try again.', $answer['data']['message'], $action );
		}
		$this->assertDirectoryDoesNotExist( WP_PLUGIN_DIR . '/' . self::MONSTERINSIGHTS );
	}

	/**
	 * @runInSeparateProcess
	 * @preserveGlobalState disabled
	 */
	public function test_users_without_the_capabilities_are_refused_with_403(): void {
		// An editor who may build surveys, but not install or activate plugins.
		$this->as_user( 'editor' );
		wp_get_current_user()->add_cap( Capabilities::CREATE_EDIT_SURVEYS );
		$install_nonce = wp_create_nonce( AjaxGuard::INSTALL_NONCE );

		$answer = $this->ajax( PluginInstaller::ACTION_GET_PLUGINS, array( 'nonce' => wp_create_nonce( AjaxGuard::AJAX_NONCE ) ), $status );
		$this->assertTrue( $answer['success'], 'Survey builders may read the plugins\' state.' );
		$this->assertSame( array( false, false ), array( $answer['data']['can_install'], $answer['data']['can_activate'] ) );

		foreach ( array(
			array( PluginInstaller::ACTION_INSTALL, array( 'slug' => self::MONSTERINSIGHTS, 'nonce' => $install_nonce ) ),
			array( PluginInstaller::ACTION_ACTIVATE, array( 'basename' => PluginInstaller::PLUGINS[ self::MONSTERINSIGHTS ]['basename'], 'nonce' => $install_nonce ) ),
			array( PluginInstaller::ACTION_DEACTIVATE, array( 'basename' => self::PARTNERS[ self::WPFORMS ], 'nonce' => $install_nonce ) ),
		) as [ $action, $fields ] ) {
			$answer = $this->ajax( $action, $fields, $status );
			$this->assertSame( 403, $status, $action );
			$this->assertFalse( $answer['success'], $action );
			$this->assertSame( 'Sorry, you are not allowed to manage plugins on this site.', $answer['data']['message'], $action );
		}

		// A subscriber has none of ours either: not even the state.
		$this->as_user( 'subscriber' );
		$answer = $this->ajax( PluginInstaller::ACTION_GET_PLUGINS, array( 'nonce' => wp_create_nonce( AjaxGuard::AJAX_NONCE ) ), $status );
		$this->assertSame( 403, $status );
		$this->assertFalse( $answer['success'] );

		// An administrator whose role lost our capabilities may not install from our screens.
		$this->as_user( 'administrator' );
		$user = wp_get_current_user();
		foreach ( Capabilities::ALL as $cap ) {
			$user->add_cap( $cap, false );
		}
		$answer = $this->ajax( PluginInstaller::ACTION_INSTALL, array( 'slug' => self::MONSTERINSIGHTS, 'nonce' => wp_create_nonce( AjaxGuard::INSTALL_NONCE ) ), $status );
		$this->assertSame( 403, $status );
		$this->assertFalse( $answer['success'] );
	}

	public function test_a_network_error_answers_a_clear_error(): void {
		$this->as_user( 'administrator' );
		$this->start_server();
		$this->publish_zip( self::MONSTERINSIGHTS, 'googleanalytics.php' );
		$this->stop_server();

		$answer = $this->ajax(
			PluginInstaller::ACTION_INSTALL,
			array(
				'slug'     => self::MONSTERINSIGHTS,
				'activate' => '1',
				'nonce'    => wp_create_nonce( AjaxGuard::INSTALL_NONCE ),
			)
		);

		$this->assertFalse( $answer['success'] );
		$this->assertSame( 'There was an error installing MonsterInsights', $answer['data']['message'] );
		$this->assertSame( 'plugins_api_failed', $answer['data']['code'] );
		$this->assertStringContainsString( 'cURL error', $answer['data']['detail'] );
		$this->assertFalse( $answer['data']['plugin']['installed'] );
		$this->assertDirectoryDoesNotExist( WP_PLUGIN_DIR . '/' . self::MONSTERINSIGHTS );
	}

	public function test_a_broken_download_answers_a_clear_error(): void {
		$this->as_user( 'administrator' );
		$this->start_server();
		file_put_contents( $this->repo . '/' . self::MONSTERINSIGHTS . '.zip', 'not a zip' );

		$answer = $this->ajax(
			PluginInstaller::ACTION_INSTALL,
			array(
				'slug'  => self::MONSTERINSIGHTS,
				'nonce' => wp_create_nonce( AjaxGuard::INSTALL_NONCE ),
			)
		);

		$this->assertFalse( $answer['success'] );
		$this->assertSame( 'There was an error installing MonsterInsights', $answer['data']['message'] );
		$this->assertContains( 'GET /plugin/' . self::MONSTERINSIGHTS . '.zip', $this->requests() );
		$this->assertDirectoryDoesNotExist( WP_PLUGIN_DIR . '/' . self::MONSTERINSIGHTS );
	}

	public function test_activation_is_refused_for_unknown_basenames_and_fails_clearly_when_not_installed(): void {
		$this->as_user( 'administrator' );
		$nonce = wp_create_nonce( AjaxGuard::INSTALL_NONCE );

		// Installed, but not on the list.
		$this->put_plugin( 'uf-test-unlisted', 'uf-test-unlisted.php' );
		$answer = $this->ajax(
			PluginInstaller::ACTION_ACTIVATE,
			array(
				'basename' => 'uf-test-unlisted/uf-test-unlisted.php',
				'nonce'    => $nonce,
			)
		);
		self::remove_tree( WP_PLUGIN_DIR . '/uf-test-unlisted' );
		$this->assertFalse( $answer['success'] );
		$this->assertSame( 'This plugin cannot be activated from here.', $answer['data']['message'] );
		$this->assertFalse( is_plugin_active( 'uf-test-unlisted/uf-test-unlisted.php' ) );

		// On the list, not installed.
		$answer = $this->ajax(
			PluginInstaller::ACTION_ACTIVATE,
			array(
				'basename' => PluginInstaller::PLUGINS[ self::EXACTMETRICS ]['basename'],
				'nonce'    => $nonce,
			)
		);
		$this->assertFalse( $answer['success'] );
		$this->assertSame( 'There was an error activating ExactMetrics', $answer['data']['message'] );
		$this->assertSame( 'plugin_not_found', $answer['data']['code'] );
	}

	/* ---- the cross-sale plugins of About and Growth Tools ---------------------------------------- */

	public function test_the_plugins_the_about_and_growth_tools_pages_promote_are_on_the_allow_list(): void {
		foreach ( array( 'admin-app/src/about/plugins.ts', 'admin-app/src/growth-tools/catalogue.ts' ) as $file ) {
			$this->assertGreaterThan( 0, preg_match_all( "/\\bslug: '([a-z0-9-]+)'/", (string) file_get_contents( USERFEEDBACK_DIR . $file ), $found ), $file );
			foreach ( $found[1] as $slug ) {
				$this->assertArrayHasKey( $slug, PluginInstaller::PLUGINS, "$file promotes $slug" );
			}
		}
	}

	public function test_a_cross_sale_plugin_installs_and_activates_through_the_installer(): void {
		$this->as_user( 'administrator' );
		$this->start_server();
		$this->publish_zip( self::WPFORMS, 'wpforms.php' );

		$answer = $this->ajax(
			PluginInstaller::ACTION_INSTALL,
			array(
				'slug'     => self::WPFORMS,
				'activate' => '1',
				'nonce'    => wp_create_nonce( AjaxGuard::INSTALL_NONCE ),
			)
		);

		$this->assertTrue( $answer['success'], (string) wp_json_encode( $answer ) );
		$this->assertSame( 'WPForms has been activated!', $answer['data']['message'] );
		$this->assertSame(
			array(
				'slug'      => self::WPFORMS,
				'name'      => 'WPForms',
				'basename'  => 'wpforms-lite/wpforms.php',
				'group'     => 'partner',
				'installed' => true,
				'active'    => true,
			),
			$answer['data']['plugin']
		);
		$this->assertTrue( is_plugin_active( 'wpforms-lite/wpforms.php' ) );
		$this->assertContains( 'GET /plugin/' . self::WPFORMS . '.zip', $this->requests() );
		deactivate_plugins( 'wpforms-lite/wpforms.php' );
	}

	public function test_deactivate_switches_off_an_allow_listed_plugin(): void {
		$this->as_user( 'administrator' );
		$nonce    = wp_create_nonce( AjaxGuard::INSTALL_NONCE );
		$basename = self::PARTNERS[ self::WPFORMS ];
		$this->put_plugin( self::WPFORMS );
		$this->assertNull( activate_plugin( $basename ) );

		$answer = $this->ajax(
			PluginInstaller::ACTION_DEACTIVATE,
			array(
				'basename' => $basename,
				'nonce'    => $nonce,
			)
		);

		$this->assertTrue( $answer['success'], (string) wp_json_encode( $answer ) );
		$this->assertSame( 'WPForms has been deactivated.', $answer['data']['message'] );
		$this->assertSame( array( true, false ), array( $answer['data']['plugin']['installed'], $answer['data']['plugin']['active'] ) );
		$this->assertFalse( is_plugin_active( $basename ) );
		$this->assertDirectoryExists( WP_PLUGIN_DIR . '/' . self::WPFORMS, 'Deactivating does not delete.' );

		// Already inactive: nothing to do, the same answer.
		$again = $this->ajax(
			PluginInstaller::ACTION_DEACTIVATE,
			array(
				'basename' => $basename,
				'nonce'    => $nonce,
			)
		);
		$this->assertTrue( $again['success'] );
		$this->assertFalse( $again['data']['plugin']['active'] );

		// The other allow-listed groups too (the analytics plugin, activated from the builder).
		$this->put_plugin( self::MONSTERINSIGHTS );
		$this->assertNull( activate_plugin( PluginInstaller::PLUGINS[ self::MONSTERINSIGHTS ]['basename'] ) );
		$answer = $this->ajax(
			PluginInstaller::ACTION_DEACTIVATE,
			array(
				'basename' => PluginInstaller::PLUGINS[ self::MONSTERINSIGHTS ]['basename'],
				'nonce'    => $nonce,
			)
		);
		$this->assertSame( 'MonsterInsights has been deactivated.', $answer['data']['message'] );
		$this->assertFalse( is_plugin_active( PluginInstaller::PLUGINS[ self::MONSTERINSIGHTS ]['basename'] ) );
	}

	public function test_deactivate_refuses_basenames_not_on_the_allow_list(): void {
		$this->as_user( 'administrator' );
		$nonce = wp_create_nonce( AjaxGuard::INSTALL_NONCE );
		$this->put_plugin( 'uf-test-unlisted', 'uf-test-unlisted.php' );
		$this->assertNull( activate_plugin( 'uf-test-unlisted/uf-test-unlisted.php' ) );

		try {
			foreach ( array(
				'uf-test-unlisted/uf-test-unlisted.php',
				// Our own plugin is not for these screens to switch off.
				plugin_basename( USERFEEDBACK_FILE ),
				// A slug is not a basename; nor is a path that leaves the plugins folder.
				self::WPFORMS,
				'../wpforms-lite/wpforms.php',
				'',
			) as $basename ) {
				$answer = $this->ajax(
					PluginInstaller::ACTION_DEACTIVATE,
					array(
						'basename' => $basename,
						'nonce'    => $nonce,
					)
				);
				$this->assertFalse( $answer['success'], $basename );
				$this->assertSame( 'This plugin cannot be deactivated from here.', $answer['data']['message'], $basename );
			}

			// Not a string at all (basename[]=...).
			$answer = $this->ajax(
				PluginInstaller::ACTION_DEACTIVATE,
				array(
					'basename' => array( self::PARTNERS[ self::WPFORMS ] ),
					'nonce'    => $nonce,
				)
			);
			$this->assertSame( 'This plugin cannot be deactivated from here.', $answer['data']['message'] );
			$this->assertTrue( is_plugin_active( 'uf-test-unlisted/uf-test-unlisted.php' ) );
		} finally {
			deactivate_plugins( 'uf-test-unlisted/uf-test-unlisted.php' );
			self::remove_tree( WP_PLUGIN_DIR . '/uf-test-unlisted' );
		}
	}

	/**
	 * @runInSeparateProcess
	 * @preserveGlobalState disabled
	 */
	public function test_deactivate_refusals_leave_the_plugin_active(): void {
		$basename = self::PARTNERS[ self::WPFORMS ];
		$this->put_plugin( self::WPFORMS );
		$this->assertNull( activate_plugin( $basename ) );

		$this->as_user( 'administrator' );
		$answer = $this->ajax( PluginInstaller::ACTION_DEACTIVATE, array( 'basename' => $basename, 'nonce' => 'not-a-nonce' ), $status );
		$this->assertSame( array( 403, false ), array( $status, $answer['success'] ) );

		$answer = $this->ajax( PluginInstaller::ACTION_DEACTIVATE, array( 'basename' => 'hello.php', 'nonce' => wp_create_nonce( AjaxGuard::INSTALL_NONCE ) ), $status );
		$this->assertSame( array( 400, false ), array( $status, $answer['success'] ) );

		// A survey builder without WordPress's activate_plugins.
		$this->as_user( 'editor' );
		wp_get_current_user()->add_cap( Capabilities::CREATE_EDIT_SURVEYS );
		$answer = $this->ajax( PluginInstaller::ACTION_DEACTIVATE, array( 'basename' => $basename, 'nonce' => wp_create_nonce( AjaxGuard::INSTALL_NONCE ) ), $status );
		$this->assertSame( array( 403, 'Sorry, you are not allowed to manage plugins on this site.' ), array( $status, $answer['data']['message'] ) );

		// An administrator without any of ours.
		$this->as_user( 'administrator' );
		$user = wp_get_current_user();
		foreach ( Capabilities::ALL as $cap ) {
			$user->add_cap( $cap, false );
		}
		$answer = $this->ajax( PluginInstaller::ACTION_DEACTIVATE, array( 'basename' => $basename, 'nonce' => wp_create_nonce( AjaxGuard::INSTALL_NONCE ) ), $status );
		$this->assertSame( 403, $status );

		$this->assertTrue( is_plugin_active( $basename ) );
		deactivate_plugins( $basename );
	}

	/* ---- the Integrations tab's automation plugin ----------------------------------------------- */

	public function test_the_integration_reports_the_steps_of_the_automation_plugin(): void {
		$this->as_user( 'administrator' );
		$nonce = wp_create_nonce( AjaxGuard::AJAX_NONCE );

		$answer = $this->ajax( Integrations::ACTION_GET, array( 'nonce' => $nonce ) );
		$this->assertTrue( $answer['success'] );
		$this->assertSame(
			array(
				'slug'              => self::AUTOMATOR,
				'name'              => 'Uncanny Automator',
				'basename'          => 'uncanny-automator/uncanny-automator.php',
				'installed'         => false,
				'active'            => false,
				'setup_complete'    => false,
				'active_step'       => 1,
				'setup_url'         => admin_url( 'edit.php?post_type=uo-recipe&page=uncanny-automator-setup-wizard' ),
				'create_recipe_url' => admin_url( 'post-new.php?post_type=uo-recipe' ),
				'can_install'       => true,
				'can_activate'      => true,
			),
			$answer['data']
		);

		// Installed, not active: still step 1 (the Activate button), even with Automator's options set.
		$this->put_plugin( self::AUTOMATOR );
		update_option( 'uap_automator_free_license_key', 'free-key' );
		update_option( 'uap_automator_free_license_status', 'valid' );
		$data = $this->ajax( Integrations::ACTION_GET, array( 'nonce' => $nonce ) )['data'];
		$this->assertSame( array( true, false, false, 1 ), array( $data['installed'], $data['active'], $data['setup_complete'], $data['active_step'] ) );

		// Active, site not connected to an Automator account: step 2, the setup wizard.
		delete_option( 'uap_automator_free_license_status' );
		$this->assertNull( activate_plugin( PluginInstaller::PLUGINS[ self::AUTOMATOR ]['basename'] ) );
		$data = $this->ajax( Integrations::ACTION_GET, array( 'nonce' => $nonce ) )['data'];
		$this->assertSame( array( true, true, false, 2 ), array( $data['installed'], $data['active'], $data['setup_complete'], $data['active_step'] ) );

		// A key whose status is not valid is not a connection.
		update_option( 'uap_automator_free_license_status', 'invalid' );
		$this->assertSame( 2, $this->ajax( Integrations::ACTION_GET, array( 'nonce' => $nonce ) )['data']['active_step'] );

		// Connected (the free key valid, or the Pro one): step 3, Create Recipe.
		update_option( 'uap_automator_free_license_status', 'valid' );
		$data = $this->ajax( Integrations::ACTION_GET, array( 'nonce' => $nonce ) )['data'];
		$this->assertSame( array( true, 3 ), array( $data['setup_complete'], $data['active_step'] ) );
		delete_option( 'uap_automator_free_license_key' );
		$this->assertSame( 2, $this->ajax( Integrations::ACTION_GET, array( 'nonce' => $nonce ) )['data']['active_step'] );
		update_option( 'uap_automator_pro_license_key', 'pro-key' );
		update_option( 'uap_automator_pro_license_status', 'valid' );
		$this->assertSame( 3, $this->ajax( Integrations::ACTION_GET, array( 'nonce' => $nonce ) )['data']['active_step'] );

		// The filter decides last.
		add_filter( 'userfeedback_automation_setup_complete', '__return_false' );
		$this->assertSame( 2, $this->ajax( Integrations::ACTION_GET, array( 'nonce' => $nonce ) )['data']['active_step'] );
		deactivate_plugins( PluginInstaller::PLUGINS[ self::AUTOMATOR ]['basename'] );
	}

	public function test_the_automation_plugin_installs_and_activates_through_the_installer(): void {
		$this->as_user( 'administrator' );
		$this->start_server();
		$this->publish_zip( self::AUTOMATOR, 'uncanny-automator.php' );

		$answer = $this->ajax(
			PluginInstaller::ACTION_INSTALL,
			array(
				'slug'     => self::AUTOMATOR,
				'activate' => '1',
				'nonce'    => wp_create_nonce( AjaxGuard::INSTALL_NONCE ),
			)
		);
		$this->assertTrue( $answer['success'], (string) wp_json_encode( $answer ) );
		$this->assertSame( 'Uncanny Automator has been activated!', $answer['data']['message'] );
		$this->assertTrue( is_plugin_active( 'uncanny-automator/uncanny-automator.php' ) );
		$this->assertSame( 2, $this->ajax( Integrations::ACTION_GET, array( 'nonce' => wp_create_nonce( AjaxGuard::AJAX_NONCE ) ) )['data']['active_step'] );
		deactivate_plugins( 'uncanny-automator/uncanny-automator.php' );
	}

	/**
	 * @runInSeparateProcess
	 * @preserveGlobalState disabled
	 */
	public function test_the_integration_action_refuses_a_bad_nonce_and_users_without_the_capability(): void {
		$this->as_user( 'administrator' );
		foreach ( array( array(), array( 'nonce' => 'not-a-nonce' ), array( 'nonce' => wp_create_nonce( AjaxGuard::INSTALL_NONCE ) ) ) as $fields ) {
			$answer = $this->ajax( Integrations::ACTION_GET, $fields, $status );
			$this->assertSame( 403, $status );
			$this->assertFalse( $answer['success'] );
			$this->assertSame( 'Your session has expired. Please reload the page and try again.', $answer['data']['message'] );
		}

		// Survey builders and editors do not manage settings.
		$this->as_user( 'editor' );
		wp_get_current_user()->add_cap( Capabilities::CREATE_EDIT_SURVEYS );
		$answer = $this->ajax( Integrations::ACTION_GET, array( 'nonce' => wp_create_nonce( AjaxGuard::AJAX_NONCE ) ), $status );
		$this->assertSame( 403, $status );
		$this->assertFalse( $answer['success'] );
		$this->assertSame( 'Sorry, you are not allowed to manage integrations on this site.', $answer['data']['message'] );

		$this->as_user( 'subscriber' );
		$answer = $this->ajax( Integrations::ACTION_GET, array( 'nonce' => wp_create_nonce( AjaxGuard::AJAX_NONCE ) ), $status );
		$this->assertSame( 403, $status );
		$this->assertFalse( $answer['success'] );
	}

	/* ---- helpers ------------------------------------------------------------------------------ */

	private function start_server(): void {
		$this->server ??= new LoopbackServer();
		$url            = $this->server->start( __DIR__ . '/fixtures/plugin-directory-router.php', $this->repo, array( 'UF_PLUGIN_REPO' => $this->repo ) );

		// WordPress's requests for the directory go to the loopback server, path and query unchanged,
		// before the site's mu-plugin (priority 10) would answer them with 503.
		add_filter(
			'pre_http_request',
			static function ( $pre, array $args, string $request_url ) use ( $url ) {
				$parts = wp_parse_url( $request_url );
				$host  = strtolower( (string) ( $parts['host'] ?? '' ) );
				$path  = (string) ( $parts['path'] ?? '/' );
				if ( false !== $pre || ! ( ( 'api.wordpress.org' === $host && str_starts_with( $path, '/plugins/info/' ) ) || 'downloads.wordpress.org' === $host ) ) {
					return $pre;
				}
				// The loopback address is what reject_unsafe_urls guards against; here it stands for WordPress.org.
				$args['reject_unsafe_urls'] = false;
				return wp_remote_request( $url . $path . ( isset( $parts['query'] ) ? '?' . $parts['query'] : '' ), $args );
			},
			1,
			3
		);
	}

	private function stop_server(): void {
		$this->server?->stop();
	}

	/**
	 * Puts a zip of a tiny plugin (<slug>/<file>) where the loopback directory serves it.
	 */
	private function publish_zip( string $slug, string $file ): void {
		$zip = new \ZipArchive();
		$this->assertTrue( $zip->open( $this->repo . "/$slug.zip", \ZipArchive::CREATE | \ZipArchive::OVERWRITE ) );
		$zip->addFromString( "$slug/$file", self::plugin_source( $slug ) );
		$zip->addFromString( "$slug/readme.txt", "=== $slug ===\nA test double.\n" );
		$this->assertTrue( $zip->close() );
	}

	/**
	 * Writes a tiny plugin straight into wp-content/plugins.
	 */
	private function put_plugin( string $slug, ?string $file = null ): void {
		$file ??= basename( PluginInstaller::PLUGINS[ $slug ]['basename'] );
		wp_mkdir_p( WP_PLUGIN_DIR . '/' . $slug );
		file_put_contents( WP_PLUGIN_DIR . "/$slug/$file", self::plugin_source( $slug ) );
		wp_clean_plugins_cache( false );
	}

	/**
	 * A plugin header and nothing else: activation includes the file into this PHP process, for every
	 * test that activates it, so it declares nothing.
	 */
	private static function plugin_source( string $slug ): string {
		return "<?php\n/**\n * Plugin Name: $slug (UserFeedback test double)\n * Version: 1.0.0\n */\n";
	}

	/** @return string[] The requests the loopback directory received, as "METHOD URI". */
	private function requests(): array {
		$log = $this->repo . '/requests.log';
		return is_file( $log ) ? array_values( array_filter( explode( "\n", (string) file_get_contents( $log ) ) ) ) : array();
	}
}
