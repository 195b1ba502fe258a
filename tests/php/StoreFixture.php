<?php
/**
 * The loopback licence store of the licence and addon tests: tests/fixtures/edd-store-server.php
 * under `php -S` (LoopbackServer) with a folder of its own (UF_STORE_DIR: licenses.json, the zips,
 * activations.json, requests.log, fail), which the plugin reaches over real HTTP through the
 * userfeedback_store_url filter.
 *
 * The using class calls set_up_store() in setUp() and tear_down_store() in tearDown().
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

trait StoreFixture {

	private ?LoopbackServer $store_server = null;

	/** The loopback store's base URL (http://127.0.0.1:<port>); its EDD endpoint is $store_url/edd-sl. */
	protected string $store_url = '';

	/** The store's folder (UF_STORE_DIR). */
	protected string $store_dir = '';

	protected function set_up_store(): void {
		$this->store_dir = sys_get_temp_dir() . '/uf-store-' . getmypid() . '-' . wp_generate_password( 8, false );
		mkdir( $this->store_dir );
	}

	protected function tear_down_store(): void {
		$this->stop_store();
		self::remove_tree( $this->store_dir );
	}

	/**
	 * Starts the loopback store with these licences and points the plugin at it.
	 *
	 * @param array<string,array<string,mixed>> $licenses Key => { status, price_id, expires, items?, limit? }.
	 */
	protected function start_store( array $licenses = array() ): void {
		$this->put_licenses( $licenses );
		$this->store_server ??= new LoopbackServer();
		$this->store_url      = $this->store_server->start(
			dirname( __DIR__ ) . '/fixtures/edd-store-server.php',
			$this->store_dir,
			array( 'UF_STORE_DIR' => $this->store_dir )
		);
		$this->use_store_url( $this->store_url . '/edd-sl' );
	}

	protected function stop_store(): void {
		$this->store_server?->stop();
	}

	/**
	 * Points the plugin at a store endpoint (the filter wins over the constant).
	 */
	protected function use_store_url( string $url ): void {
		add_filter( 'userfeedback_store_url', static fn(): string => $url, 100 );
		// Package downloads go through wp_safe_remote_get(), which refuses a loopback address on a port
		// other than the site's; the loopback store stands for a public one.
		$origin = (string) preg_replace( '#^(https?://[^/]+).*$#', '$1', $url );
		add_filter(
			'http_request_args',
			static function ( array $args, string $request_url ) use ( $origin ): array {
				if ( str_starts_with( $request_url, $origin . '/' ) ) {
					$args['reject_unsafe_urls'] = false;
				}
				return $args;
			},
			10,
			2
		);
	}

	/**
	 * A store endpoint where nothing listens.
	 */
	protected function use_closed_port(): void {
		$this->use_store_url( 'http://127.0.0.1:' . LoopbackServer::free_port() . '/edd-sl' );
	}

	/**
	 * @param array<string,array<string,mixed>> $licenses Key => licence, as licenses.json holds them.
	 */
	protected function put_licenses( array $licenses ): void {
		file_put_contents( $this->store_dir . '/licenses.json', (string) wp_json_encode( (object) $licenses ) );
	}

	/**
	 * The store answers 500 to everything while $down.
	 */
	protected function store_down( bool $down = true ): void {
		if ( $down ) {
			touch( $this->store_dir . '/fail' );
		} elseif ( is_file( $this->store_dir . '/fail' ) ) {
			unlink( $this->store_dir . '/fail' );
		}
	}

	/**
	 * @return string[] The store's request log: "<edd_action> <key> <item>", "download <key> <slug>".
	 */
	protected function store_requests(): array {
		$log = $this->store_dir . '/requests.log';
		return is_file( $log ) ? array_values( array_filter( explode( "\n", (string) file_get_contents( $log ) ) ) ) : array();
	}

	/**
	 * @return array<string,mixed> One of the store's JSON files (licenses.json, activations.json); empty when absent.
	 */
	protected function store_json( string $file ): array {
		$path = $this->store_dir . '/' . $file;
		$data = is_file( $path ) ? json_decode( (string) file_get_contents( $path ), true ) : null;
		return is_array( $data ) ? $data : array();
	}

	/**
	 * @return array<string,string[]> The store's activations: key => site URLs.
	 */
	protected function store_activations(): array {
		return $this->store_json( 'activations.json' );
	}
}
