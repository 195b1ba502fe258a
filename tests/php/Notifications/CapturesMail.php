<?php
/**
 * Mail and WP-Cron for the email tests: wp_mail() answered by the pre_wp_mail filter (WordPress's own
 * short-circuit, so the plugin's code runs as in production up to the transport), the events the
 * plugin has scheduled, and running a recurring one as WP-Cron would.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Notifications;

trait CapturesMail {

	/** @var array<int,array{to:string|string[],subject:string,message:string,headers:string|string[]}> What wp_mail() was given, in order. */
	protected array $mails = array();

	/** @var int Calls of wp_mail(), delivered or not. */
	protected int $mail_calls = 0;

	private ?\Closure $transport = null;

	/**
	 * From now on wp_mail() records each email and reports it delivered ($works true) or failed.
	 */
	protected function mail_transport( bool $works ): void {
		if ( $this->transport ) {
			remove_filter( 'pre_wp_mail', $this->transport, PHP_INT_MAX );
		}
		$this->transport = function ( $short_circuit, array $atts ) use ( $works ): bool {
			++$this->mail_calls;
			if ( $works ) {
				$this->mails[] = $atts;
			}
			return $works;
		};
		add_filter( 'pre_wp_mail', $this->transport, PHP_INT_MAX, 2 );
	}

	/**
	 * Scheduled events of a hook: [ timestamp, args ] each, soonest first.
	 *
	 * @return array<int,array{0:int,1:array<int,mixed>}>
	 */
	protected static function events( string $hook ): array {
		$found = array();
		foreach ( (array) _get_cron_array() as $timestamp => $hooks ) {
			foreach ( (array) ( $hooks[ $hook ] ?? array() ) as $event ) {
				$found[] = array( (int) $timestamp, $event['args'] );
			}
		}
		return $found;
	}

	/**
	 * Runs a recurring event as WP-Cron does: it must be scheduled (WP-Cron moves it to its next time
	 * and keeps it), then its hook runs without args.
	 */
	protected static function run_recurring( string $hook ): void {
		if ( false === wp_next_scheduled( $hook ) || false === wp_get_schedule( $hook ) ) {
			throw new \LogicException( sprintf( 'No recurring %s event.', $hook ) );
		}
		do_action( $hook );
	}

	/**
	 * Runs $fn with error_log() writing to a temporary file; answers what was logged.
	 */
	protected static function logged( callable $fn ): string {
		$file     = (string) tempnam( sys_get_temp_dir(), 'uf-log' );
		$previous = ini_set( 'error_log', $file ); // phpcs:ignore WordPress.PHP.IniSet -- the test reads what is logged.
		try {
			$fn();
		} finally {
			ini_set( 'error_log', (string) $previous ); // phpcs:ignore WordPress.PHP.IniSet
		}
		$log = (string) file_get_contents( $file ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_get_contents_file_get_contents
		unlink( $file );
		return $log;
	}

	/**
	 * The headers of a captured email, as one string.
	 *
	 * @param array<string,mixed> $mail A captured email.
	 */
	protected static function headers_of( array $mail ): string {
		return implode( "\n", (array) $mail['headers'] );
	}
}
