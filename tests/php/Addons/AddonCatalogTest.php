<?php
/**
 * The addon catalogue (includes/Addons/AddonCatalog.php): shape, types per tier, installed/active
 * from WordPress's plugin list, and package URLs from a loopback store, cached per licence key.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Addons;

use UserFeedback\Addons\AddonCatalog;
use UserFeedback\Licensing\Entitlements;
use UserFeedback\Licensing\StoreClient;
use UserFeedback\Plugin;

final class AddonCatalogTest extends AddonsTestCase {

	private function catalog(): AddonCatalog {
		return new AddonCatalog( \Closure::fromCallable( array( Plugin::instance(), 'entitlements' ) ), new StoreClient() );
	}

	public function test_lists_the_eight_addons_in_the_shape_of_the_admin_types(): void {
		$this->set_entitlements( 'lite', null );
		$list = $this->catalog()->all();

		$this->assertSame( '', $list['store_error'] );
		$this->assertSame( Entitlements::ADDONS, array_column( $list['addons'], 'slug' ) );
		$keys = array( 'slug', 'title', 'excerpt', 'icon', 'installed', 'active', 'type', 'redirect', 'basename', 'url', 'setup_complete' );
		foreach ( $list['addons'] as $addon ) {
			$slug = $addon['slug'];
			$this->assertSame( $keys, array_keys( $addon ), $slug );
			$this->assertSame( "userfeedback-$slug/userfeedback-$slug.php", $addon['basename'] );
			$this->assertSame( $slug, AddonCatalog::slug_for_basename( $addon['basename'] ) );
			$this->assertSame( 'UserFeedback ' . $addon['title'], AddonCatalog::item_name( $slug ) );
			$this->assertMatchesRegularExpression( '/^[A-Z][^.]+\.$/', $addon['excerpt'], $slug );
			$this->assertStringEndsWith( "/assets/addons/$slug.svg", $addon['icon'] );
			$this->assertFileExists( USERFEEDBACK_DIR . "assets/addons/$slug.svg" );
			$this->assertSame( array( false, false, 'unlicensed', '', '', true ), array( $addon['installed'], $addon['active'], $addon['type'], $addon['redirect'], $addon['url'], $addon['setup_complete'] ), $slug );
			// The plugin behind the basename exists and is named as the store names the product.
			$main = dirname( __DIR__, 3 ) . '/addons/' . $addon['basename'];
			$this->assertFileExists( $main );
			$this->assertSame( AddonCatalog::item_name( $slug ), get_plugin_data( $main, false, false )['Name'] );
		}
		$this->assertSame( array( 'Behavior', 'Branding', 'Targeting', 'Templates', 'Question Types', 'Heatmaps', 'Geo Restrictions', 'Post Ratings' ), array_column( $list['addons'], 'title' ) );
		$this->assertNull( AddonCatalog::slug_for_basename( 'hello.php' ) );
		$this->assertNull( AddonCatalog::slug_for_basename( 'userfeedback/userfeedback.php' ) );
	}

	public function test_only_pro_and_elite_licences_are_licensed_and_only_they_ask_the_store(): void {
		$this->start_store();
		foreach ( Entitlements::ADDONS as $slug ) {
			$this->publish_addon( $slug );
		}

		// Lite, Pro without a valid licence, and a Plus licence: unlicensed, nothing asked.
		$this->set_entitlements( 'lite', null );
		$this->assertSame( array( 'unlicensed' ), array_unique( array_column( $this->catalog()->all()['addons'], 'type' ) ) );
		$this->set_entitlements( 'pro', null );
		$this->assertSame( array( 'unlicensed' ), array_unique( array_column( $this->catalog()->all()['addons'], 'type' ) ) );
		$this->use_license( 'plus-key', 'plus' );
		$list = $this->catalog()->all();
		$this->assertSame( array( 'unlicensed' ), array_unique( array_column( $list['addons'], 'type' ) ) );
		$this->assertSame( array( '' ), array_unique( array_column( $list['addons'], 'url' ) ) );
		$this->assertSame( array(), $this->store_requests() );

		foreach ( array( 'pro', 'elite' ) as $type ) {
			$this->use_license( "$type-key", $type );
			$list = $this->catalog()->all();
			$this->assertSame( '', $list['store_error'] );
			$this->assertSame( array( 'licensed' ), array_unique( array_column( $list['addons'], 'type' ) ), $type );
			foreach ( $list['addons'] as $addon ) {
				$this->assertSame(
					"{$this->store_url}/download/userfeedback-{$addon['slug']}.zip?license=$type-key&item=" . rawurlencode( AddonCatalog::item_name( $addon['slug'] ) ),
					$addon['url']
				);
			}
		}
		$this->assertSame(
			array_merge(
				array_map( static fn( string $slug ): string => 'get_version pro-key ' . AddonCatalog::item_name( $slug ), Entitlements::ADDONS ),
				array_map( static fn( string $slug ): string => 'get_version elite-key ' . AddonCatalog::item_name( $slug ), Entitlements::ADDONS )
			),
			$this->store_requests()
		);
	}

	public function test_package_urls_are_cached_per_licence_key(): void {
		$this->start_store();
		$this->publish_addon( 'behavior' );
		$this->use_license( 'pro-key', 'pro' );

		$first = $this->catalog()->package_urls();
		$this->assertCount( 8, $this->store_requests() );
		// Only the addon the store has a package for gets a URL.
		$this->assertStringStartsWith( $this->store_url . '/download/userfeedback-behavior.zip', $first['urls']['behavior'] );
		$this->assertSame( '', $first['urls']['branding'] );

		$this->assertSame( $first, $this->catalog()->package_urls() );
		$this->assertSame( $first['urls']['behavior'], $this->catalog()->describe( 'behavior' )['url'] );
		$this->assertCount( 8, $this->store_requests(), 'Answered from the transient.' );
		$transient = get_transient( AddonCatalog::transient_name( 'pro-key', $this->store_url . '/edd-sl' ) );
		$this->assertSame( $first['urls'], $transient );

		// Another key is asked again; forgetting a key asks again.
		$this->use_license( 'other-key', 'pro' );
		$this->catalog()->package_urls();
		$this->assertCount( 16, $this->store_requests() );
		$this->catalog()->forget( 'other-key' );
		$this->catalog()->package_urls();
		$this->assertCount( 24, $this->store_requests() );

		$this->assertSame( 'behavior', $this->catalog()->slug_for_url( $this->catalog()->package_urls()['urls']['behavior'] ) );
		$this->assertNull( $this->catalog()->slug_for_url( $first['urls']['behavior'] ), 'A URL handed out for another key.' );
		$this->assertNull( $this->catalog()->slug_for_url( '' ) );
	}

	public function test_a_store_that_is_down_sets_store_error_after_one_call_and_caches_nothing(): void {
		$this->start_store();
		$this->publish_addon( 'behavior' );
		$this->use_license( 'pro-key', 'pro' );
		$this->store_down();

		$list = $this->catalog()->all();
		$this->assertStringContainsString( 'HTTP 500', $list['store_error'] );
		$this->assertSame( array( '' ), array_unique( array_column( $list['addons'], 'url' ) ) );
		$this->assertSame( array( 'licensed' ), array_unique( array_column( $list['addons'], 'type' ) ) );
		$this->assertFalse( get_transient( AddonCatalog::transient_name( 'pro-key', $this->store_url . '/edd-sl' ) ) );

		// Unreachable: the HTTP error, still one attempt.
		$this->stop_store();
		$list = $this->catalog()->all();
		$this->assertStringContainsString( 'could not be reached', $list['store_error'] );

		// Without a store configured at all.
		remove_all_filters( 'userfeedback_store_url' );
		$list = $this->catalog()->all();
		$this->assertStringContainsString( 'USERFEEDBACK_STORE_URL', $list['store_error'] );
	}

	public function test_installed_and_active_come_from_the_plugin_list_and_redirect_is_filterable(): void {
		$this->set_entitlements( 'pro', 'plus' );
		$this->put_addon( 'branding' );
		$this->put_addon( 'heatmaps' );
		update_option( 'active_plugins', array_merge( (array) get_option( 'active_plugins', array() ), array( AddonCatalog::basename( 'heatmaps' ) ) ) );
		add_filter( 'userfeedback_addon_redirect', static fn( string $url, string $slug ): string => 'templates' === $slug ? 'https://example.com/templates?a=1&b=2' : $url, 10, 2 );

		$addons = array_column( $this->catalog()->all()['addons'], null, 'slug' );
		$this->assertSame( array( true, false ), array( $addons['branding']['installed'], $addons['branding']['active'] ) );
		$this->assertSame( array( true, true ), array( $addons['heatmaps']['installed'], $addons['heatmaps']['active'] ) );
		$this->assertSame( array( false, false ), array( $addons['behavior']['installed'], $addons['behavior']['active'] ) );
		$this->assertSame( 'https://example.com/templates?a=1&b=2', $addons['templates']['redirect'] );
		$this->assertSame( '', $addons['behavior']['redirect'] );
	}
}
