<?php
/**
 * Base of the licence tests: a loopback licence store (tests/fixtures/edd-store-server.php under
 * `php -S`, with its own UF_STORE_DIR) that the plugin reaches through the userfeedback_store_url
 * filter over real HTTP, and the admin-ajax runner of PluginInstallerTest.
 *
 * Ajax handlers end in wp_die(): the wp_die_ajax_handler filter turns that into an exception and the
 * JSON is read from the output buffer. The HTTP status can only be read in a test that runs in a
 * separate process (PHPUnit's own output has sent the CLI "headers" otherwise); elsewhere the status is
 * checked on the service's WP_Error.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Licensing;

use UserFeedback\Admin\BootConfig;
use UserFeedback\Licensing\License;
use UserFeedback\Tests\TestCase;

abstract class LicenseTestCase extends TestCase {

	/** The message of the exception that stands for wp_die() in an ajax request. */
	private const WP_DIE = 'userfeedback-test: wp_die';

	/** @var resource|null The `php -S` process. */
	private $server = null;

	protected string $store_url = '';

	/** The store's folder (licenses.json, zips, activations.json, requests.log). */
	protected string $store_dir = '';

	protected function setUp(): void {
		parent::setUp();
		$this->store_dir = sys_get_temp_dir() . '/uf-store-' . getmypid() . '-' . wp_generate_password( 8, false );
		mkdir( $this->store_dir );
		// Nothing left from the site's own state: no licence stored.
		delete_option( License::OPTION );
		if ( is_multisite() ) {
			delete_site_option( License::OPTION );
		}
	}

	protected function tearDown(): void {
		$this->stop_store();
		self::remove_tree( $this->store_dir );
		parent::tearDown();
	}

	/**
	 * Starts the loopback store with these licences and points the plugin at it.
	 *
	 * @param array<string,array<string,mixed>> $licenses Key => { status, price_id, expires, items?, limit? }.
	 */
	protected function start_store( array $licenses = array() ): void {
		$this->put_licenses( $licenses );
		$socket = stream_socket_server( 'tcp://127.0.0.1:0', $errno, $error );
		$this->assertNotFalse( $socket, "No free port: $error" );
		$name = (string) stream_socket_get_name( $socket, false );
		fclose( $socket );
		$port = (int) substr( $name, strrpos( $name, ':' ) + 1 );

		$env = getenv();
		unset( $env['PHP_CLI_SERVER_WORKERS'] );
		$env['UF_STORE_DIR'] = $this->store_dir;
		$server              = proc_open(
			array( PHP_BINARY, '-S', "127.0.0.1:$port", dirname( __DIR__, 2 ) . '/fixtures/edd-store-server.php' ),
			array(
				0 => array( 'file', '/dev/null', 'r' ),
				1 => array( 'file', $this->store_dir . '/server.log', 'a' ),
				2 => array( 'file', $this->store_dir . '/server.log', 'a' ),
			),
			$pipes,
			$this->store_dir,
			$env
		);
		$this->assertIsResource( $server );
		$this->server = $server;

		$probe = false;
		for ( $i = 0; $i < 100; $i++ ) {
			$probe = @fsockopen( '127.0.0.1', $port, $errno, $error, 0.2 ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- refused until it listens.
			if ( $probe ) {
				fclose( $probe );
				break;
			}
			usleep( 50000 );
		}
		$this->assertNotFalse( $probe, 'The loopback store did not start: ' . (string) @file_get_contents( $this->store_dir . '/server.log' ) ); // phpcs:ignore WordPress.PHP.NoSilencedErrors

		$this->use_store_url( "http://127.0.0.1:$port/edd-sl" );
	}

	/**
	 * Points the plugin at a store URL (the filter wins over the constant).
	 */
	protected function use_store_url( string $url ): void {
		$this->store_url = $url;
		add_filter( 'userfeedback_store_url', static fn() => $url, 100 );
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
	 * A store URL where nothing listens.
	 */
	protected function use_closed_port(): void {
		$socket = stream_socket_server( 'tcp://127.0.0.1:0', $errno, $error );
		$this->assertNotFalse( $socket );
		$name = (string) stream_socket_get_name( $socket, false );
		fclose( $socket );
		$this->use_store_url( 'http://' . $name . '/edd-sl' );
	}

	protected function stop_store(): void {
		if ( null === $this->server ) {
			return;
		}
		proc_terminate( $this->server );
		proc_close( $this->server );
		$this->server = null;
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
	 * @return string[] The store's request log: "edd_action key item".
	 */
	protected function store_requests(): array {
		$log = $this->store_dir . '/requests.log';
		return is_file( $log ) ? array_values( array_filter( explode( "\n", (string) file_get_contents( $log ) ) ) ) : array();
	}

	/**
	 * @return array<string,string[]> The store's activations: key => site URLs.
	 */
	protected function store_activations(): array {
		$file = $this->store_dir . '/activations.json';
		$data = is_file( $file ) ? json_decode( (string) file_get_contents( $file ), true ) : array();
		return is_array( $data ) ? $data : array();
	}

	/**
	 * A licence of the store's: valid, price id 2 (pro), expiring 2027-01-01 23:59:59.
	 *
	 * @param array<string,mixed> $overrides Fields to change.
	 * @return array<string,mixed>
	 */
	protected static function store_license( array $overrides = array() ): array {
		return $overrides + array(
			'status'   => 'valid',
			'price_id' => 2,
			'expires'  => '2027-01-01 23:59:59',
		);
	}

	/**
	 * Runs an admin-ajax action as admin-ajax.php would and answers the JSON it sent. The page's ajax
	 * nonce is added unless the fields carry one. $status receives the HTTP status where it can be known.
	 *
	 * @param array<string,mixed> $fields Form fields besides the action.
	 * @return array<string,mixed>
	 */
	protected function ajax( string $action, array $fields = array(), ?int &$status = null ): array {
		$fields                   += array( 'nonce' => wp_create_nonce( BootConfig::AJAX_NONCE ) );
		$_POST                     = array( 'action' => $action ) + $fields;
		$_REQUEST                  = $_POST;
		$_SERVER['REQUEST_METHOD'] = 'POST';
		$status                    = null;

		add_filter( 'wp_doing_ajax', '__return_true' );
		$die = static function (): void {
			throw new \RuntimeException( self::WP_DIE );
		};
		$die_handler = static fn() => $die;
		add_filter( 'wp_die_ajax_handler', $die_handler );
		$capture = static function ( string $header, int $code ) use ( &$status ): string {
			$status = $code;
			return $header;
		};
		add_filter( 'status_header', $capture, 10, 2 );

		$level = ob_get_level();
		ob_start();
		try {
			do_action( 'wp_ajax_' . $action );
			$this->fail( "$action returned without answering." );
		} catch ( \RuntimeException $e ) {
			if ( self::WP_DIE !== $e->getMessage() ) {
				throw $e;
			}
		} finally {
			$output = '';
			while ( ob_get_level() > $level ) {
				$output = ob_get_clean() . $output;
			}
			remove_filter( 'status_header', $capture, 10 );
			remove_filter( 'wp_die_ajax_handler', $die_handler );
			remove_filter( 'wp_doing_ajax', '__return_true' );
			$_SERVER['REQUEST_METHOD'] = 'GET';
		}
		$json = json_decode( (string) $output, true );
		$this->assertIsArray( $json, "$action answered something that is not JSON: $output" );
		return $json;
	}

	/**
	 * An ajax answer that failed, with the message in both message and error.
	 *
	 * @param array<string,mixed> $answer The JSON.
	 */
	protected function assertAjaxError( string $message, array $answer ): void {
		$this->assertFalse( $answer['success'], (string) wp_json_encode( $answer ) );
		$this->assertSame( $message, $answer['data']['message'] ?? null, (string) wp_json_encode( $answer ) );
		$this->assertSame( $message, $answer['data']['error'] ?? null );
	}

	/**
	 * Removes a file, a symlink (not what it points to) or a folder tree.
	 */
	protected static function remove_tree( string $path ): void {
		if ( is_link( $path ) || is_file( $path ) ) {
			unlink( $path );
			return;
		}
		if ( ! is_dir( $path ) ) {
			return;
		}
		foreach ( (array) scandir( $path ) as $entry ) {
			if ( '.' !== $entry && '..' !== $entry ) {
				self::remove_tree( $path . '/' . $entry );
			}
		}
		rmdir( $path );
	}
}
