<?php
/**
 * Updates of the Pro build and the addons (Licensing\Updater) against the loopback store: the offer in
 * WordPress's update_plugins transient, the details window (plugins_api), WordPress's own upgrader
 * installing the newer package, the automatic-updates setting, the cache, and a store that is down or
 * answers nonsense.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Licensing;

use UserFeedback\Licensing\Updater;
use UserFeedback\Settings\SettingsRepository;
use UserFeedback\Tests\Addons\AddonsTestCase;

final class UpdaterTest extends AddonsTestCase {

	private const ADDON = 'userfeedback-behavior/userfeedback-behavior.php';

	protected function setUp(): void {
		parent::setUp();
		require_once ABSPATH . 'wp-admin/includes/plugin-install.php';
		$this->start_store();
	}

	/**
	 * The behavior addon installed at version 0.9.0, and its 1.0.0 zip at the store.
	 */
	private function old_addon_installed(): void {
		$this->put_addon( 'behavior' );
		$file   = WP_PLUGIN_DIR . '/' . self::ADDON;
		$source = (string) file_get_contents( $file );
		file_put_contents( $file, (string) preg_replace( '/^(\s*\*\s*Version:\s*)1\.0\.0$/m', '${1}0.9.0', $source, 1 ) );
		wp_clean_plugins_cache( false );
		$this->assertSame( '0.9.0', get_plugins()[ self::ADDON ]['Version'] );
		$this->publish_addon( 'behavior' );
	}

	/**
	 * What WordPress does after its own check: save the update_plugins transient (our filter runs).
	 */
	private static function wordpress_saves_its_updates(): object {
		$current = (object) array(
			'last_checked' => time(),
			'response'     => array(),
			'no_update'    => array(),
			'translations' => array(),
		);
		set_site_transient( 'update_plugins', $current );
		return get_site_transient( 'update_plugins' );
	}

	/**
	 * @return string[] The store's get_version requests.
	 */
	private function version_requests(): array {
		return array_values( array_filter( $this->store_requests(), static fn( string $line ): bool => str_starts_with( $line, 'get_version ' ) ) );
	}

	private function set_versions( array $versions ): void {
		file_put_contents( $this->store_dir . '/versions.json', (string) wp_json_encode( $versions ) );
	}

	public function test_a_newer_addon_is_offered_with_its_package_and_details(): void {
		$this->use_license( 'KEY-PRO', 'pro' );
		$this->old_addon_installed();

		$updates = self::wordpress_saves_its_updates();

		$this->assertArrayHasKey( self::ADDON, $updates->response );
		$offer = $updates->response[ self::ADDON ];
		$this->assertSame( 'userfeedback-behavior', $offer->slug );
		$this->assertSame( self::ADDON, $offer->plugin );
		$this->assertSame( '1.0.0', $offer->new_version );
		$this->assertStringStartsWith( $this->store_url . '/download/userfeedback-behavior.zip?license=KEY-PRO', $offer->package );
		$this->assertSame( '8.1', $offer->requires_php );
		$this->assertSame( '6.8', $offer->tested );
		$this->assertArrayNotHasKey( self::ADDON, $updates->no_update );

		// The "View details" window: the store's sections (sent PHP-serialized, as the store plugin does).
		$details = plugins_api( 'plugin_information', array( 'slug' => 'userfeedback-behavior' ) );
		$this->assertIsObject( $details );
		$this->assertSame( '1.0.0', $details->version );
		$this->assertSame( 'UserFeedback Behavior', $details->name );
		$this->assertStringContainsString( '<li>First release.</li>', $details->sections['changelog'] );
		$this->assertSame( $offer->package, $details->download_link );
		// A plugin of someone else is left to WordPress.org (no answer of ours).
		$this->assertFalse( apply_filters( 'plugins_api', false, 'plugin_information', (object) array( 'slug' => 'akismet' ) ) );
	}

	public function test_wordpress_upgrader_installs_the_newer_package(): void {
		$this->use_license( 'KEY-PRO', 'pro' );
		$this->old_addon_installed();
		self::wordpress_saves_its_updates();

		require_once ABSPATH . 'wp-admin/includes/class-wp-upgrader.php';
		require_once ABSPATH . 'wp-admin/includes/file.php';
		$upgrader = new \Plugin_Upgrader( new \Automatic_Upgrader_Skin() );
		$result   = $upgrader->upgrade( self::ADDON );

		$this->assertTrue( $result, implode( "\n", $upgrader->skin->get_upgrade_messages() ) );
		wp_clean_plugins_cache( false );
		$this->assertSame( '1.0.0', get_plugins()[ self::ADDON ]['Version'] );
		$this->assertContains( 'download KEY-PRO userfeedback-behavior', $this->store_requests() );
	}

	public function test_the_offer_follows_the_automatic_updates_setting(): void {
		$this->use_license( 'KEY-PRO', 'pro' );
		$this->old_addon_installed();
		$offer      = self::wordpress_saves_its_updates()->response[ self::ADDON ];
		$repository = new SettingsRepository();

		$repository->save( array( 'automatic_updates' => 'all' ) + $repository->all() );
		$this->assertTrue( apply_filters( 'auto_update_plugin', null, $offer ) );
		// 0.9.0 to 1.0.0 is not a patch release.
		$repository->save( array( 'automatic_updates' => 'minor' ) + $repository->all() );
		$this->assertFalse( apply_filters( 'auto_update_plugin', null, $offer ) );
		$repository->save( array( 'automatic_updates' => 'none' ) + $repository->all() );
		$this->assertFalse( apply_filters( 'auto_update_plugin', null, $offer ) );
	}

	public function test_the_store_is_asked_once_per_product_then_never_on_page_views_until_the_cache_ends(): void {
		$this->use_license( 'KEY-PRO', 'pro' );
		$this->old_addon_installed();

		self::wordpress_saves_its_updates();
		// The Pro build and the one installed addon.
		$this->assertSame( array( 'get_version KEY-PRO UserFeedback Pro', 'get_version KEY-PRO UserFeedback Behavior' ), $this->version_requests() );

		// WordPress saves its list again (its check saves twice), admin pages read it, the details open.
		self::wordpress_saves_its_updates();
		get_site_transient( 'update_plugins' );
		plugins_api( 'plugin_information', array( 'slug' => 'userfeedback-behavior' ) );
		$this->assertCount( 2, $this->version_requests() );

		// A licence change forgets the answers (the package depends on the licence) and WordPress's list.
		do_action( 'userfeedback_license_changed', \UserFeedback\Licensing\License::current(), false );
		$this->assertFalse( get_site_transient( 'update_plugins' ) );
		self::wordpress_saves_its_updates();
		$this->assertCount( 4, $this->version_requests() );
	}

	public function test_the_pro_build_replaces_what_wordpress_org_offers_and_lite_asks_nothing(): void {
		$this->use_license( 'KEY-PRO', 'pro' );
		$this->set_versions( array( 'UserFeedback Pro' => array( 'new_version' => '99.1.0' ) ) );
		$own = plugin_basename( USERFEEDBACK_FILE );

		// What WordPress.org would offer for the folder (a fresh object each time: filters change it).
		$current = static fn(): object => (object) array(
			'last_checked' => time(),
			'response'     => array( $own => (object) array( 'plugin' => $own, 'new_version' => '99.0.0', 'package' => 'https://downloads.wordpress.org/plugin/userfeedback.99.0.0.zip' ) ),
			'no_update'    => array(),
		);
		set_site_transient( 'update_plugins', $current() );
		$offer = get_site_transient( 'update_plugins' )->response[ $own ];
		$this->assertSame( '99.1.0', $offer->new_version );
		// No zip of the Pro build at the store: shown without a package (WordPress then says automatic
		// update is unavailable), never with the free build's.
		$this->assertSame( '', $offer->package );

		// The Lite edition: the free build's offer stays, nothing is asked of the store.
		$this->set_entitlements( 'lite', null );
		delete_site_transient( 'update_plugins' );
		$before = count( $this->version_requests() );
		set_site_transient( 'update_plugins', $current() );
		$this->assertSame( '99.0.0', get_site_transient( 'update_plugins' )->response[ $own ]->new_version );
		$this->assertCount( $before, $this->version_requests() );
	}

	public function test_an_expired_licence_sees_the_update_without_a_package(): void {
		$this->use_license( 'KEY-OLD', 'pro', 'expired' );
		$this->old_addon_installed();

		$offer = self::wordpress_saves_its_updates()->response[ self::ADDON ];

		$this->assertSame( '1.0.0', $offer->new_version );
		$this->assertSame( '', $offer->package );
	}

	public function test_an_addon_at_the_stores_version_is_listed_as_up_to_date(): void {
		$this->use_license( 'KEY-PRO', 'pro' );
		$this->put_addon( 'behavior' );

		$updates = self::wordpress_saves_its_updates();

		$this->assertArrayNotHasKey( self::ADDON, $updates->response );
		$this->assertSame( '1.0.0', $updates->no_update[ self::ADDON ]->new_version );
	}

	public function test_a_store_that_is_down_offers_nothing_and_is_asked_again_only_after_an_hour(): void {
		$this->use_license( 'KEY-PRO', 'pro' );
		$this->old_addon_installed();
		$this->store_down();

		$updates = self::wordpress_saves_its_updates();
		$this->assertSame( array(), $updates->response );
		$details = plugins_api( 'plugin_information', array( 'slug' => 'userfeedback-behavior' ) );
		$this->assertInstanceOf( \WP_Error::class, $details );
		$this->assertSame( 'userfeedback_update_details', $details->get_error_code() );

		// The failure is kept for an hour, not for the usual twelve.
		$this->store_down( false );
		self::wordpress_saves_its_updates();
		$this->assertSame( array(), get_site_transient( 'update_plugins' )->response );
		$names = array_filter(
			array_keys( wp_load_alloptions() + self::transient_options() ),
			static fn( string $name ): bool => str_starts_with( $name, '_site_transient_timeout_' . Updater::CACHE_PREFIX )
		);
		$this->assertCount( 1, $names );
		$expires = (int) get_site_option( reset( $names ) );
		$this->assertLessThanOrEqual( time() + Updater::ERROR_SECONDS, $expires );
		$this->assertGreaterThan( time() + Updater::ERROR_SECONDS - 60, $expires );
	}

	public function test_hostile_answers_are_filtered(): void {
		$this->use_license( 'KEY-PRO', 'pro' );
		$this->old_addon_installed();
		$this->set_versions(
			array(
				'UserFeedback Behavior' => array(
					'new_version'  => '1.0.0',
					'sections'     => serialize(
						array(
							'changelog' => '<p>Fixed</p><script>alert(1)</script>',
							'evil'      => '<p>not a section</p>',
						)
					),
					'banners'      => 'O:8:"stdClass":0:{}',
					'icons'        => array( '1x' => 'javascript:alert(1)' ),
					'requires_php' => '8.1; DROP',
					'homepage'     => 'ftp://example.com/',
				),
			)
		);

		$offer   = self::wordpress_saves_its_updates()->response[ self::ADDON ];
		$details = plugins_api( 'plugin_information', array( 'slug' => 'userfeedback-behavior' ) );

		$this->assertSame( array( 'changelog' ), array_keys( $details->sections ) );
		$this->assertStringNotContainsString( '<script>', $details->sections['changelog'] );
		$this->assertSame( array(), $details->banners );
		$this->assertSame( array(), $offer->icons );
		$this->assertSame( '', $offer->requires_php );
		$this->assertSame( '', $details->homepage );
	}

	public function test_a_version_that_makes_no_sense_offers_nothing(): void {
		$this->use_license( 'KEY-PRO', 'pro' );
		$this->old_addon_installed();
		$this->set_versions( array( 'UserFeedback Behavior' => array( 'new_version' => '<b>latest</b>' ) ) );

		$updates = self::wordpress_saves_its_updates();

		$this->assertArrayNotHasKey( self::ADDON, $updates->response );
		$this->assertArrayNotHasKey( self::ADDON, $updates->no_update );
	}

	/**
	 * Site transients that are not autoloaded (wp_load_alloptions() leaves them out).
	 *
	 * @return array<string,string>
	 */
	private static function transient_options(): array {
		global $wpdb;
		$rows = $wpdb->get_results( $wpdb->prepare( "SELECT option_name, option_value FROM {$wpdb->options} WHERE option_name LIKE %s", $wpdb->esc_like( '_site_transient_timeout_' . Updater::CACHE_PREFIX ) . '%' ), ARRAY_A );
		return array_column( (array) $rows, 'option_value', 'option_name' );
	}
}
