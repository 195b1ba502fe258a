<?php
/**
 * Updates of the Pro build and of the installed addons from the licence store, through WordPress's own
 * updater: they show in Dashboard > Updates and the plugins list, with their details and changelog in
 * the "View details" window, install with Plugin_Upgrader, and follow the Misc setting "Automatic
 * Updates" (Settings\AutoUpdates filters auto_update_plugin for them).
 *
 * - When WordPress saves its list of plugin updates (the update_plugins site transient, after its own
 *   twice-daily check or "Check again"), offer() adds ours: one get_version call per product at the
 *   store, kept for CACHE_SECONDS in a site transient of their own (ERROR_SECONDS after a failed call),
 *   so an ordinary admin page view never reaches the store, and neither do WordPress's repeated saves.
 * - A product is offered with the package URL the store hands to the licence in force; with none (no
 *   licence, an expired or disabled one) the update still shows, and WordPress says that automatic
 *   update is unavailable, which is the truth: the licence must be renewed.
 * - The Pro build replaces whatever WordPress.org offers for the same folder: a Pro site is never
 *   "updated" to the free build.
 * - information() answers plugins_api's plugin_information for our products from the same cache.
 *
 * The store's answer (Easy Digital Downloads Software Licensing): new_version, name, slug, package /
 * download_link, homepage or url, requires, tested, requires_php, last_updated, and sections, banners and
 * icons either as JSON objects or, as the store plugin sends them, PHP-serialized arrays (read without
 * objects). Every field is checked and HTML is filtered before WordPress shows it.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Licensing;

use UserFeedback\Addons\AddonCatalog;

defined( 'ABSPATH' ) || exit;

final class Updater {

	/** Site transient of the store's answers: prefix + md5 of the store URL, licence key and products. */
	public const CACHE_PREFIX = 'userfeedback_updates_';

	public const CACHE_SECONDS = 12 * HOUR_IN_SECONDS;

	/** After a failed store call the products are asked again this much later, not on the next save. */
	public const ERROR_SECONDS = HOUR_IN_SECONDS;

	/** The sections of the details window that are kept (others are dropped). */
	private const SECTIONS = array( 'description', 'installation', 'changelog', 'faq', 'screenshots', 'other_notes' );

	private readonly string $own_basename;

	/**
	 * @param \Closure():Entitlements $entitlements The entitlements of the request.
	 * @param StoreClient             $store        The licence store.
	 * @param string|null             $plugin_file  The plugin's main file; defaults to USERFEEDBACK_FILE.
	 */
	public function __construct(
		private readonly \Closure $entitlements,
		private readonly StoreClient $store,
		?string $plugin_file = null,
	) {
		$this->own_basename = plugin_basename( $plugin_file ?? USERFEEDBACK_FILE );
	}

	public function register(): void {
		add_filter( 'pre_set_site_transient_update_plugins', array( $this, 'offer' ) );
		add_filter( 'plugins_api', array( $this, 'information' ), 10, 3 );
		add_action( 'userfeedback_license_changed', array( $this, 'forget' ) );
	}

	/**
	 * Our products on this site: the Pro build (when this is it) and every installed addon.
	 *
	 * @return array<string,array{item:string,version:string}> Basename => store item name and installed version.
	 */
	public function products(): array {
		if ( ! function_exists( 'get_plugins' ) ) {
			require_once ABSPATH . 'wp-admin/includes/plugin.php';
		}
		$plugins  = get_plugins();
		$products = array();
		if ( ( $this->entitlements )()->is_pro() ) {
			$products[ $this->own_basename ] = array(
				'item'    => StoreClient::ITEM_NAME,
				'version' => (string) ( $plugins[ $this->own_basename ]['Version'] ?? ( defined( 'USERFEEDBACK_VERSION' ) ? USERFEEDBACK_VERSION : '' ) ),
			);
		}
		foreach ( AddonCatalog::slugs() as $slug ) {
			$basename = AddonCatalog::basename( $slug );
			if ( isset( $plugins[ $basename ] ) ) {
				$products[ $basename ] = array(
					'item'    => AddonCatalog::item_name( $slug ),
					'version' => (string) ( $plugins[ $basename ]['Version'] ?? '' ),
				);
			}
		}
		return $products;
	}

	/**
	 * pre_set_site_transient_update_plugins: our products' offers in WordPress's list of updates.
	 *
	 * @param mixed $transient The update_plugins value WordPress is saving.
	 * @return mixed
	 */
	public function offer( $transient ) {
		if ( ! is_object( $transient ) ) {
			return $transient;
		}
		$products = $this->products();
		if ( array() === $products || ! $this->store->is_configured() ) {
			return $transient;
		}
		$versions = $this->versions( $products );
		foreach ( $products as $basename => $product ) {
			$version = $versions[ $basename ] ?? null;
			if ( null === $version ) {
				continue;
			}
			$item  = (object) array(
				'id'           => $basename,
				'slug'         => self::slug( $basename ),
				'plugin'       => $basename,
				'new_version'  => $version['new_version'],
				'url'          => $version['homepage'],
				'package'      => $version['package'],
				'tested'       => $version['tested'],
				'requires'     => $version['requires'],
				'requires_php' => $version['requires_php'],
				'icons'        => $version['icons'],
				'banners'      => $version['banners'],
			);
			$newer = '' !== $product['version'] && version_compare( $version['new_version'], $product['version'], '>' );
			$lists = $newer ? array( 'response', 'no_update' ) : array( 'no_update', 'response' );
			$into  = $lists[0];
			$out   = $lists[1];
			if ( ! isset( $transient->{$into} ) || ! is_array( $transient->{$into} ) ) {
				$transient->{$into} = array();
			}
			$transient->{$into}[ $basename ] = $item;
			if ( isset( $transient->{$out} ) && is_array( $transient->{$out} ) ) {
				unset( $transient->{$out}[ $basename ] );
			}
		}
		return $transient;
	}

	/**
	 * plugins_api: the "View details" window of our products.
	 *
	 * @param mixed  $result What another filter answered (false: nobody).
	 * @param string $action The plugins_api action.
	 * @param mixed  $args   Its arguments (->slug).
	 * @return mixed
	 */
	public function information( $result, $action, $args ) {
		if ( 'plugin_information' !== $action || ! is_object( $args ) || ! isset( $args->slug ) || ! is_string( $args->slug ) ) {
			return $result;
		}
		$products = $this->products();
		$basename = null;
		foreach ( array_keys( $products ) as $candidate ) {
			if ( self::slug( $candidate ) === $args->slug ) {
				$basename = $candidate;
			}
		}
		if ( null === $basename || ! $this->store->is_configured() ) {
			return $result;
		}
		$version = $this->versions( $products )[ $basename ] ?? null;
		if ( null === $version ) {
			return new \WP_Error(
				'userfeedback_update_details',
				__( 'The details of this update could not be fetched from the license store. Please try again later.', 'userfeedback' )
			);
		}
		return (object) array(
			'name'          => '' !== $version['name'] ? $version['name'] : $products[ $basename ]['item'],
			'slug'          => $args->slug,
			'version'       => $version['new_version'],
			'author'        => '<a href="https://userfeedback.com/">UserFeedback</a>',
			'homepage'      => $version['homepage'],
			'requires'      => $version['requires'],
			'tested'        => $version['tested'],
			'requires_php'  => $version['requires_php'],
			'last_updated'  => $version['last_updated'],
			'sections'      => $version['sections'],
			'banners'       => $version['banners'],
			'icons'         => $version['icons'],
			'download_link' => $version['package'],
		);
	}

	/**
	 * Forgets the cached answers and WordPress's list of updates (after a licence change: the packages
	 * depend on the licence), so that the next admin page asks again.
	 */
	public function forget(): void {
		delete_site_transient( $this->cache_name( $this->products() ) );
		delete_site_transient( 'update_plugins' );
	}

	/**
	 * The store's answers for the products: from the cache, or asked (then kept). A product whose
	 * answer failed or made no sense is null; any failure keeps the whole round for ERROR_SECONDS only.
	 *
	 * @param array<string,array{item:string,version:string}> $products Basename => product.
	 * @return array<string,array<string,mixed>|null> Basename => checked answer (see check()).
	 */
	private function versions( array $products ): array {
		$name   = $this->cache_name( $products );
		$cached = get_site_transient( $name );
		if ( is_array( $cached ) ) {
			return $cached;
		}
		$key      = License::current()->key;
		$versions = array();
		$failed   = false;
		foreach ( $products as $basename => $product ) {
			$answer = $this->store->get_version( $key, $product['item'] );
			if ( is_wp_error( $answer ) ) {
				$failed = true;
			}
			$versions[ $basename ] = is_array( $answer ) ? self::check( $answer ) : null;
		}
		set_site_transient( $name, $versions, $failed ? self::ERROR_SECONDS : self::CACHE_SECONDS );
		return $versions;
	}

	/**
	 * @param array<string,array{item:string,version:string}> $products Basename => product.
	 */
	private function cache_name( array $products ): string {
		return self::CACHE_PREFIX . md5( $this->store->store_url() . '|' . License::current()->key . '|' . implode( ',', array_keys( $products ) ) );
	}

	/**
	 * The fields of a get_version answer that WordPress shows, checked; null without a usable version.
	 *
	 * @param array<string,mixed> $answer The store's decoded answer.
	 * @return array<string,mixed>|null
	 */
	private static function check( array $answer ): ?array {
		$version = is_scalar( $answer['new_version'] ?? null ) ? trim( (string) $answer['new_version'] ) : '';
		if ( 1 !== preg_match( '/^\d+(\.\d+){0,3}([-+][0-9A-Za-z.-]+)?$/', $version ) ) {
			return null;
		}
		$package  = StoreClient::package_url( $answer );
		$homepage = self::text( $answer['homepage'] ?? $answer['url'] ?? '' );
		$sections = array();
		foreach ( self::map( $answer['sections'] ?? null ) as $section => $html ) {
			if ( in_array( $section, self::SECTIONS, true ) && is_string( $html ) ) {
				$sections[ $section ] = wp_kses_post( $html );
			}
		}
		return array(
			'new_version'  => $version,
			'name'         => sanitize_text_field( self::text( $answer['name'] ?? '' ) ),
			'package'      => self::is_http_url( $package ) ? $package : '',
			'homepage'     => self::is_http_url( $homepage ) ? $homepage : '',
			'requires'     => self::version_text( $answer['requires'] ?? '' ),
			'tested'       => self::version_text( $answer['tested'] ?? '' ),
			'requires_php' => self::version_text( $answer['requires_php'] ?? '' ),
			'last_updated' => sanitize_text_field( self::text( $answer['last_updated'] ?? '' ) ),
			'sections'     => $sections,
			'banners'      => self::urls( $answer['banners'] ?? null, array( 'low', 'high' ) ),
			'icons'        => self::urls( $answer['icons'] ?? null, array( '1x', '2x', 'svg', 'default' ) ),
		);
	}

	/**
	 * An array field of the answer: a JSON object, or the PHP-serialized array the store plugin sends
	 * (unserialized without objects, so a hostile answer cannot instantiate a class).
	 *
	 * @param mixed $value The field.
	 * @return array<mixed>
	 */
	private static function map( $value ): array {
		if ( is_string( $value ) && is_serialized( $value ) ) {
			// phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions.serialize_unserialize, WordPress.PHP.NoSilencedErrors.Discouraged -- the store's documented format; allowed_classes false creates no objects, and a malformed value is only "no sections".
			$value = @unserialize( trim( $value ), array( 'allowed_classes' => false ) );
		}
		return is_array( $value ) ? $value : array();
	}

	/**
	 * @param mixed    $value The field.
	 * @param string[] $keys  The keys kept.
	 * @return array<string,string>
	 */
	private static function urls( $value, array $keys ): array {
		$urls = array();
		foreach ( self::map( $value ) as $size => $url ) {
			if ( in_array( $size, $keys, true ) && is_string( $url ) && self::is_http_url( $url ) ) {
				$urls[ $size ] = $url;
			}
		}
		return $urls;
	}

	/**
	 * @param mixed $value A field.
	 */
	private static function text( $value ): string {
		return is_scalar( $value ) ? trim( (string) $value ) : '';
	}

	/**
	 * @param mixed $value A WordPress or PHP version field ('6.6', '8.1').
	 */
	private static function version_text( $value ): string {
		$text = self::text( $value );
		return 1 === preg_match( '/^\d+(\.\d+){0,3}$/', $text ) ? $text : '';
	}

	private static function is_http_url( string $url ): bool {
		return '' !== $url && in_array( strtolower( (string) wp_parse_url( $url, PHP_URL_SCHEME ) ), array( 'http', 'https' ), true ) && '' !== (string) wp_parse_url( $url, PHP_URL_HOST );
	}

	/**
	 * The plugin's folder, which WordPress uses as its slug (plugins_api, the update rows).
	 */
	private static function slug( string $basename ): string {
		$folder = dirname( $basename );
		return '.' === $folder ? basename( $basename, '.php' ) : $folder;
	}
}
