<?php
/**
 * A loopback server of a test class's own (LoopbackServer): a script of tests/php/fixtures under
 * `php -S`, started once for the class, that logs each request it gets as one JSON line in
 * requests.jsonl of a folder of its own (the script finds the folder in the environment variable the
 * class names). The AI provider, the Site Health models check and the webhook receiver are such
 * servers.
 *
 * The using class calls start_logging_server() in setUpBeforeClass(), stop_logging_server() in
 * tearDownAfterClass() and forget_requests() in setUp().
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

trait LoggingLoopback {

	private static ?LoopbackServer $server = null;

	/** The server's folder: its request log and any state its script keeps. */
	private static string $log_dir = '';

	/**
	 * Starts tests/php/fixtures/$script with a fresh folder, named in the environment as $log_env.
	 *
	 * @return string The server's URL (http://127.0.0.1:port).
	 */
	protected static function start_logging_server( string $name, string $script, string $log_env ): string {
		self::$log_dir = sys_get_temp_dir() . "/uf-$name-" . getmypid() . '-' . bin2hex( random_bytes( 4 ) );
		mkdir( self::$log_dir );
		self::$server = new LoopbackServer();
		return self::$server->start( __DIR__ . '/fixtures/' . $script, self::$log_dir, array( $log_env => self::$log_dir ) );
	}

	protected static function stop_logging_server(): void {
		self::$server?->stop();
		self::$server = null;
		if ( '' !== self::$log_dir ) {
			self::remove_tree( self::$log_dir );
		}
	}

	/**
	 * Forgets the requests logged so far (each test reads its own).
	 */
	protected static function forget_requests(): void {
		@unlink( self::$log_dir . '/requests.jsonl' ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- absent after a test that sent nothing.
	}

	/**
	 * Requests the server got since forget_requests(), oldest first.
	 *
	 * @return array<int,array{method:string,uri:string,headers:array<string,string>,body:string}>
	 */
	protected static function requests(): array {
		$file = self::$log_dir . '/requests.jsonl';
		if ( ! is_file( $file ) ) {
			return array();
		}
		$lines = array_filter( explode( "\n", (string) file_get_contents( $file ) ), 'strlen' );
		return array_values( array_map( static fn( string $line ): array => json_decode( $line, true ), $lines ) );
	}
}
