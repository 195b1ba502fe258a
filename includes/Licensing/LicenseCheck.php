<?php
/**
 * The daily licence check: a WP-Cron event that asks the store about the stored keys (the site's, and
 * on the main site the network's) and keeps its verdict, so that an expired or disabled key shows up
 * without anyone pressing Refresh. Quiet: a store that cannot be reached leaves everything as it was.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Licensing;

defined( 'ABSPATH' ) || exit;

final class LicenseCheck {

	public const HOOK = 'userfeedback_license_check';

	public function __construct( private readonly LicenseService $licenses ) {}

	public function register(): void {
		add_action( self::HOOK, array( $this, 'run' ) );
		// Keys are entered in the admin, so the event is set up there; visitors' requests never pay for it.
		add_action( 'admin_init', array( $this, 'schedule' ) );
	}

	/**
	 * Schedules the daily event when it is missing.
	 */
	public function schedule(): void {
		if ( false === wp_next_scheduled( self::HOOK ) ) {
			wp_schedule_event( time() + HOUR_IN_SECONDS, 'daily', self::HOOK );
		}
	}

	/**
	 * Refreshes the stored licences; errors are dropped (the next run tries again).
	 */
	public function run(): void {
		$targets = array( false );
		if ( is_multisite() && is_main_site() ) {
			$targets[] = true;
		}
		foreach ( $targets as $network ) {
			$stored = $this->licenses->stored( $network );
			if ( null !== $stored && '' !== $stored->key ) {
				$this->licenses->validate( $network );
			}
		}
	}
}
