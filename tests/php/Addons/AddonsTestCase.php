<?php
/**
 * Shared by the addon tests: a loopback licence store (tests/fixtures/edd-store-server.php under
 * `php -S`) serving zips of the real addon plugins built here from addons/ with ZipArchive, a stored
 * licence, admin-ajax requests run through their wp_ajax_ hooks, and clean-up of installed addons.
 *
 * Ajax handlers end in wp_die(): the wp_die_ajax_handler filter turns that into an exception and the
 * JSON is read from the output buffer. The HTTP status can only be read where nothing has been printed
 * yet, so the tests that check it run in a separate process (as in PluginInstallerTest).
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Addons;

use UserFeedback\Addons\AddonCatalog;
use UserFeedback\Licensing\License;
use UserFeedback\Tests\TestCase;

abstract class AddonsTestCase extends TestCase {

	/** The message of the exception that stands for wp_die() in an ajax request. */
	private const WP_DIE = 'userfeedback-test: wp_die';

	/** @var resource|null The `php -S` process. */
	private $server = null;

	protected string $store_url = '';

	/** UF_STORE_DIR of the loopback store: licenses.json, the zips, requests.log. */
	protected string $store_dir = '';

	/** @var string[] Addon folders that existed before the test; all others are removed after it. */
	private array $existing_folders = array();

	protected function setUp(): void {
		parent::setUp();
		require_once ABSPATH . 'wp-admin/includes/plugin.php';
		foreach ( AddonCatalog::slugs() as $slug ) {
			if ( file_exists( WP_PLUGIN_DIR . "/userfeedback-$slug" ) ) {
				$this->existing_folders[] = $slug;
			}
		}
		$this->store_dir = sys_get_temp_dir() . '/uf-addon-store-' . getmypid() . '-' . wp_generate_password( 8, false );
		mkdir( $this->store_dir );
	}

	protected function tearDown(): void {
		$this->stop_store();
		foreach ( AddonCatalog::slugs() as $slug ) {
			if ( ! in_array( $slug, $this->existing_folders, true ) ) {
				self::remove_tree( WP_PLUGIN_DIR . "/userfeedback-$slug" );
			}
		}
		self::remove_tree( $this->store_dir );
		wp_clean_plugins_cache( false );
		parent::tearDown();
	}

	/**
	 * Stores a licence for the site (License::current() reads it) and runs the rest of the test on the
	 * Pro edition with that licence type; the store knows the key as valid with the matching price id.
	 */
	protected function use_license( string $key, string $type, string $store_status = 'valid' ): void {
		update_option(
			License::OPTION,
			array(
				'key'  => $key,
				'type' => $type,
			)
		);
		$this->set_entitlements( 'pro', $type );
		$licenses         = $this->read_json( 'licenses.json' );
		$licenses[ $key ] = array(
			'status'   => $store_status,
			'price_id' => (int) array_search( $type, array( 1 => 'plus', 2 => 'pro', 3 => 'elite' ), true ),
			'expires'  => 'lifetime',
		);
		file_put_contents( $this->store_dir . '/licenses.json', (string) wp_json_encode( $licenses ) );
	}

	/**
	 * Starts the loopback store and points the plugin at it (filter userfeedback_store_url). WordPress's
	 * downloads from it are let through reject_unsafe_urls, which refuses loopback addresses on other
	 * ports: here it stands for the real store.
	 */
	protected function start_store(): void {
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
		$this->server    = $server;
		$this->store_url = "http://127.0.0.1:$port";

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

		$url = $this->store_url;
		add_filter( 'userfeedback_store_url', static fn(): string => $url . '/edd-sl' );
		add_filter(
			'http_request_args',
			static function ( array $args, string $request_url ) use ( $url ): array {
				if ( str_starts_with( $request_url, $url . '/' ) ) {
					$args['reject_unsafe_urls'] = false;
				}
				return $args;
			},
			10,
			2
		);
	}

	protected function stop_store(): void {
		if ( null === $this->server ) {
			return;
		}
		proc_terminate( $this->server );
		proc_close( $this->server );
		$this->server = null;
	}

	/** Makes the store answer 500 to everything (or work again). */
	protected function store_down( bool $down = true ): void {
		if ( $down ) {
			touch( $this->store_dir . '/fail' );
		} elseif ( file_exists( $this->store_dir . '/fail' ) ) {
			unlink( $this->store_dir . '/fail' );
		}
	}

	/**
	 * Puts the zip of a real addon where the store serves it (as userfeedback-<slug>.zip).
	 */
	protected function publish_addon( string $slug ): void {
		self::build_addon_zip( $slug, $this->store_dir . "/userfeedback-$slug.zip" );
	}

	/**
	 * Zips addons/userfeedback-<slug>/ with that folder name inside the zip, as `npm run package` does.
	 */
	public static function build_addon_zip( string $slug, string $target ): void {
		$folder = "userfeedback-$slug";
		$source = dirname( __DIR__, 3 ) . "/addons/$folder";
		$zip    = new \ZipArchive();
		if ( true !== $zip->open( $target, \ZipArchive::CREATE | \ZipArchive::OVERWRITE ) ) {
			throw new \RuntimeException( "Cannot write $target" );
		}
		$files = new \RecursiveIteratorIterator( new \RecursiveDirectoryIterator( $source, \FilesystemIterator::SKIP_DOTS ) );
		foreach ( $files as $file ) {
			$zip->addFile( $file->getPathname(), $folder . '/' . substr( $file->getPathname(), strlen( $source ) + 1 ) );
		}
		$zip->close();
	}

	/**
	 * Copies an addon straight into wp-content/plugins, as if installed.
	 */
	protected function put_addon( string $slug ): void {
		$folder = "userfeedback-$slug";
		wp_mkdir_p( WP_PLUGIN_DIR . "/$folder" );
		foreach ( (array) glob( dirname( __DIR__, 3 ) . "/addons/$folder/*" ) as $file ) {
			copy( (string) $file, WP_PLUGIN_DIR . "/$folder/" . basename( (string) $file ) );
		}
		wp_clean_plugins_cache( false );
	}

	/** @return string[] The store's requests.log lines ("<edd_action> <key> <item>", "download <key> <slug>"). */
	protected function store_requests(): array {
		$log = $this->store_dir . '/requests.log';
		return is_file( $log ) ? array_values( array_filter( explode( "\n", (string) file_get_contents( $log ) ) ) ) : array();
	}

	/**
	 * Runs an admin-ajax action as admin-ajax.php would (POST fields, DOING_AJAX) and answers the JSON it
	 * sent. $status receives the HTTP status where it can be known (null otherwise).
	 *
	 * @param array<string,mixed> $fields Form fields besides the action.
	 * @return array<string,mixed>
	 */
	protected function ajax( string $action, array $fields, ?int &$status = null ): array {
		$_POST                     = array( 'action' => $action ) + $fields;
		$_REQUEST                  = $_POST;
		$_SERVER['REQUEST_METHOD'] = 'POST';
		$status                    = null;

		add_filter( 'wp_doing_ajax', '__return_true' );
		$die = static function (): void {
			throw new \RuntimeException( self::WP_DIE );
		};
		add_filter( 'wp_die_ajax_handler', static fn() => $die );
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
			remove_filter( 'wp_doing_ajax', '__return_true' );
			$_SERVER['REQUEST_METHOD'] = 'GET';
		}
		$json = json_decode( (string) $output, true );
		$this->assertIsArray( $json, "$action answered something that is not JSON: $output" );
		return $json;
	}

	/**
	 * @return array<string,mixed>
	 */
	private function read_json( string $file ): array {
		$path = $this->store_dir . '/' . $file;
		$data = is_file( $path ) ? json_decode( (string) file_get_contents( $path ), true ) : null;
		return is_array( $data ) ? $data : array();
	}

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
