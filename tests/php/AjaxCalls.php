<?php
/**
 * Runs admin-ajax actions in a test as admin-ajax.php would (POST fields, DOING_AJAX) and answers the
 * JSON they sent.
 *
 * Ajax handlers end in wp_die(): the wp_die_ajax_handler filter turns that into an exception and the
 * JSON is read from the output buffer. The HTTP status can only be read where nothing has been printed
 * yet (PHPUnit's own output has sent the CLI "headers" otherwise), so the tests that check it run in a
 * separate process; elsewhere $status stays null.
 *
 * A class using it may override ajax_defaults() to add fields (a nonce) that every request carries
 * unless the test gives them.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests;

trait AjaxCalls {

	/** The message of the exception that stands for wp_die() in an ajax request. */
	private const WP_DIE = 'userfeedback-test: wp_die';

	/**
	 * @return array<string,mixed> Fields every request carries unless $fields has them.
	 */
	protected function ajax_defaults(): array {
		return array();
	}

	/**
	 * Runs the wp_ajax_ hook of $action and answers the JSON it sent. $status receives the HTTP status
	 * where it can be known (null otherwise).
	 *
	 * @param array<string,mixed> $fields Form fields besides the action.
	 * @return array<string,mixed>
	 */
	protected function ajax( string $action, array $fields = array(), ?int &$status = null ): array {
		$fields                   += $this->ajax_defaults();
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
}
