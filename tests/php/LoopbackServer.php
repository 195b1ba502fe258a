<?php
/**
 * A loopback HTTP server of the tests' own: PHP's built-in server (`php -S 127.0.0.1:<free port>`)
 * running a router file from tests/, for the fixtures that stand for a remote service (the EDD store,
 * WordPress.org's plugin directory, a chat-completions API).
 *
 * One process, without PHP_CLI_SERVER_WORKERS (forked workers would outlive it); its output goes to
 * server.log in its folder, which is also its working directory. start() returns once the port
 * answers; stop() terminates the process.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

final class LoopbackServer {

	/** @var resource|null The `php -S` process. */
	private $process = null;

	private string $url = '';

	/**
	 * A port that nothing listens on (bound, then closed).
	 */
	public static function free_port(): int {
		$socket = stream_socket_server( 'tcp://127.0.0.1:0', $errno, $error );
		if ( false === $socket ) {
			throw new \RuntimeException( "No free port: $error" );
		}
		$name = (string) stream_socket_get_name( $socket, false );
		fclose( $socket );
		return (int) substr( $name, strrpos( $name, ':' ) + 1 );
	}

	/**
	 * Starts the server and waits until its port answers.
	 *
	 * @param string               $router The router script.
	 * @param string               $dir    Its working directory, where server.log goes.
	 * @param array<string,string> $env   Variables besides the test process's own.
	 * @return string Its base URL, http://127.0.0.1:<port>.
	 */
	public function start( string $router, string $dir, array $env = array() ): string {
		$this->stop();
		$port = self::free_port();
		$log  = $dir . '/server.log';

		$vars = getenv();
		unset( $vars['PHP_CLI_SERVER_WORKERS'] );
		$process = proc_open(
			array( PHP_BINARY, '-S', "127.0.0.1:$port", $router ),
			array(
				0 => array( 'file', '/dev/null', 'r' ),
				1 => array( 'file', $log, 'a' ),
				2 => array( 'file', $log, 'a' ),
			),
			$pipes,
			$dir,
			$env + $vars
		);
		if ( ! is_resource( $process ) ) {
			throw new \RuntimeException( "Could not start the loopback server for $router." );
		}
		$this->process = $process;
		$this->url     = "http://127.0.0.1:$port";

		for ( $i = 0; $i < 100; $i++ ) {
			$probe = @fsockopen( '127.0.0.1', $port, $errno, $error, 0.2 ); // phpcs:ignore WordPress.PHP.NoSilencedErrors -- refused until it listens.
			if ( $probe ) {
				fclose( $probe );
				return $this->url;
			}
			usleep( 50000 );
		}
		$this->stop();
		throw new \RuntimeException( "The loopback server for $router did not start: " . (string) @file_get_contents( $log ) ); // phpcs:ignore WordPress.PHP.NoSilencedErrors
	}

	/**
	 * Terminates the server, if it runs.
	 */
	public function stop(): void {
		if ( null === $this->process ) {
			return;
		}
		proc_terminate( $this->process );
		proc_close( $this->process );
		$this->process = null;
	}

	/** The base URL of the running server ('' before start()). */
	public function url(): string {
		return $this->url;
	}
}
