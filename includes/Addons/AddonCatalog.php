<?php
/**
 * The eight addons as the Addons screen shows them: what each unlocks, whether it is installed and
 * active on this site, whether the licence may download it, and the package URL the store hands out
 * for it.
 *
 * Package URLs come from the store's get_version, one call per addon, and are kept for 12 hours in a
 * transient per licence key. They are also the allow-list of the install action: an addon is
 * installed only from a URL this catalogue handed out for the licence in force.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Addons;

use UserFeedback\Licensing\Entitlements;
use UserFeedback\Licensing\License;
use UserFeedback\Licensing\StoreClient;

defined( 'ABSPATH' ) || exit;

final class AddonCatalog {

	/** Package URLs of one licence key: prefix + md5 of the key and the store URL. */
	public const TRANSIENT_PREFIX = 'userfeedback_addon_urls_';

	public const CACHE_SECONDS = 12 * HOUR_IN_SECONDS;

	/** Licence types whose licences may download addons. */
	private const LICENSED_TYPES = array( 'pro', 'elite' );

	/**
	 * Slug => title as the store names the product ("UserFeedback <Title>").
	 */
	public const TITLES = array(
		'behavior'         => 'Behavior',
		'branding'         => 'Branding',
		'targeting'        => 'Targeting',
		'templates'        => 'Templates',
		'question-types'   => 'Question Types',
		'heatmaps'         => 'Heatmaps',
		'geo-restrictions' => 'Geo Restrictions',
		'post-ratings'     => 'Post Ratings',
	);

	/**
	 * @param \Closure():Entitlements $entitlements The entitlements of the request.
	 * @param StoreClient             $store        The licence store.
	 */
	public function __construct(
		private readonly \Closure $entitlements,
		private readonly StoreClient $store,
	) {}

	/**
	 * @return string[] Every addon slug, in the order the screen lists them.
	 */
	public static function slugs(): array {
		return Entitlements::ADDONS;
	}

	public static function basename( string $slug ): string {
		return "userfeedback-{$slug}/userfeedback-{$slug}.php";
	}

	/** The product name at the store. */
	public static function item_name( string $slug ): string {
		return 'UserFeedback ' . self::TITLES[ $slug ];
	}

	public static function slug_for_basename( string $basename ): ?string {
		foreach ( self::slugs() as $slug ) {
			if ( self::basename( $slug ) === $basename ) {
				return $slug;
			}
		}
		return null;
	}

	/**
	 * Whether the licence in force may download addons: a valid Pro or Elite licence of the Pro build.
	 */
	public function is_licensed(): bool {
		$entitlements = ( $this->entitlements )();
		return $entitlements->is_licensed() && in_array( $entitlements->license_type(), self::LICENSED_TYPES, true );
	}

	/**
	 * The whole list: every addon described, and the store's error when package URLs could not be had.
	 *
	 * @return array{addons:array<int,array<string,mixed>>,store_error:string}
	 */
	public function all(): array {
		$urls   = $this->package_urls();
		$addons = array();
		foreach ( self::slugs() as $slug ) {
			$addons[] = $this->describe( $slug, $urls['urls'][ $slug ] ?? '' );
		}
		return array(
			'addons'      => $addons,
			'store_error' => $urls['error'],
		);
	}

	/**
	 * One addon in the shape of admin.ts Addon.
	 *
	 * @param string      $slug An addon slug.
	 * @param string|null $url  Its package URL; null: look it up (cache or store).
	 * @return array{slug:string,title:string,excerpt:string,icon:string,installed:bool,active:bool,type:string,redirect:string,basename:string,url:string,setup_complete:bool}
	 */
	public function describe( string $slug, ?string $url = null ): array {
		self::load_plugin_api();
		$basename = self::basename( $slug );
		$licensed = $this->is_licensed();
		if ( null === $url ) {
			$url = $licensed ? ( $this->package_urls()['urls'][ $slug ] ?? '' ) : '';
		}
		return array(
			'slug'           => $slug,
			'title'          => self::TITLES[ $slug ],
			'excerpt'        => self::excerpt( $slug ),
			'icon'           => plugins_url( "assets/addons/{$slug}.svg", USERFEEDBACK_FILE ),
			'installed'      => array_key_exists( $basename, get_plugins() ),
			'active'         => is_plugin_active( $basename ),
			'type'           => $licensed ? 'licensed' : 'unlicensed',
			/**
			 * An outside page the Addons screen sends the admin to instead of installing the addon.
			 *
			 * @param string $redirect '' (install from the screen).
			 * @param string $slug     The addon.
			 */
			'redirect'       => esc_url_raw( (string) apply_filters( 'userfeedback_addon_redirect', '', $slug ) ),
			'basename'       => $basename,
			'url'            => $licensed ? $url : '',
			'setup_complete' => true,
		);
	}

	/**
	 * The package URL of every addon for the licence in force: from the transient, or asked of the store
	 * (then kept for 12 hours). Nothing is asked when the licence may not download addons. The first
	 * failed store call stops the round, answers its message as error and caches nothing.
	 *
	 * @return array{urls:array<string,string>,error:string}
	 */
	public function package_urls(): array {
		if ( ! $this->is_licensed() ) {
			return array(
				'urls'  => array(),
				'error' => '',
			);
		}
		$key       = License::current()->key;
		$transient = self::transient_name( $key, $this->store->store_url() );
		$cached    = get_transient( $transient );
		if ( is_array( $cached ) ) {
			return array(
				'urls'  => array_filter( $cached, 'is_string' ),
				'error' => '',
			);
		}

		$urls = array();
		foreach ( self::slugs() as $slug ) {
			$version = $this->store->get_version( $key, self::item_name( $slug ) );
			if ( is_wp_error( $version ) ) {
				return array(
					'urls'  => array(),
					'error' => $version->get_error_message(),
				);
			}
			$url           = StoreClient::package_url( $version );
			$urls[ $slug ] = self::is_http_url( $url ) ? $url : '';
		}
		set_transient( $transient, $urls, self::CACHE_SECONDS );
		return array(
			'urls'  => $urls,
			'error' => '',
		);
	}

	/**
	 * The addon a package URL belongs to, when it is exactly one this catalogue handed out for the
	 * licence in force (compared with the cached URLs); null otherwise.
	 */
	public function slug_for_url( string $url ): ?string {
		if ( '' === $url || ! $this->is_licensed() ) {
			return null;
		}
		foreach ( $this->package_urls()['urls'] as $slug => $package ) {
			if ( '' !== $package && hash_equals( $package, $url ) ) {
				return (string) $slug;
			}
		}
		return null;
	}

	/**
	 * Forgets the package URLs of a licence key (after a licence change).
	 */
	public function forget( string $key ): void {
		delete_transient( self::transient_name( $key, $this->store->store_url() ) );
	}

	public static function transient_name( string $key, string $store_url ): string {
		return self::TRANSIENT_PREFIX . md5( $store_url . '|' . $key );
	}

	/**
	 * One sentence on what the addon unlocks in UserFeedback.
	 */
	public static function excerpt( string $slug ): string {
		switch ( $slug ) {
			case 'behavior':
				return __( 'Choose when surveys appear (after a delay, on exit intent or halfway down the page), how often they show, and where visitors go after answering.', 'userfeedback' );
			case 'branding':
				return __( 'Give the survey widget your own colours, logo, icon and label.', 'userfeedback' );
			case 'targeting':
				return __( 'Show surveys only on the pages and devices you choose.', 'userfeedback' );
			case 'templates':
				return __( 'Start new surveys from a library of ready-made Pro templates.', 'userfeedback' );
			case 'question-types':
				return __( 'Add star rating and NPS questions, required questions, randomized answers and comment boxes.', 'userfeedback' );
			case 'heatmaps':
				return __( 'See where visitors click and scroll on the pages where your surveys run.', 'userfeedback' );
			case 'geo-restrictions':
				return __( 'Show surveys only to visitors from the countries you choose.', 'userfeedback' );
			case 'post-ratings':
				return __( 'Let readers rate your posts and see which content they find helpful.', 'userfeedback' );
		}
		return '';
	}

	/**
	 * An http(s) URL with a host. Not wp_http_validate_url(): stores on a private network are legitimate
	 * (see StoreClient), and the download itself goes through WordPress's own checks.
	 */
	private static function is_http_url( string $url ): bool {
		$parts = wp_parse_url( $url );
		return is_array( $parts ) && in_array( strtolower( $parts['scheme'] ?? '' ), array( 'http', 'https' ), true ) && ! empty( $parts['host'] );
	}

	private static function load_plugin_api(): void {
		if ( ! function_exists( 'get_plugins' ) ) {
			require_once ABSPATH . 'wp-admin/includes/plugin.php';
		}
	}
}
