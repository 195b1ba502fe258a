<?php
/**
 * UserFeedback's tests on Tools > Site Health > Status (site_status_tests): scheduled tasks overdue,
 * the response-email queue stalled, tables behind the schema, no persistent object cache on a busy
 * site, the licence, SQLite in production, and (async, through SiteHealthController) whether the AI
 * provider answers. The Info tab's section is SiteHealthInfo.
 *
 * Each direct test is cheap (options and a few indexed counts), so it also runs in core's weekly
 * Site Health check; the AI test makes a remote request and is left out of it (skip_cron).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Admin;

use UserFeedback\Database\Migrator;
use UserFeedback\Database\Schema;
use UserFeedback\Database\Transaction;
use UserFeedback\Licensing\License;
use UserFeedback\Notifications\Email\ResponseEmailQueue;
use UserFeedback\Notifications\Email\ResponseEmailRepository;
use UserFeedback\Privacy\DataFacts;
use UserFeedback\Settings\SettingsRepository;

defined( 'ABSPATH' ) || exit;

final class SiteHealth {

	/** A scheduled task or a waiting email this many seconds late counts as not running. */
	public const LATE = HOUR_IN_SECONDS;

	/**
	 * Filter: responses (completed or partial) in the last 24 hours above which a site counts as busy
	 * for the object-cache test (default BUSY_RESPONSES).
	 */
	public const BUSY_FILTER    = 'userfeedback_site_health_busy_responses';
	public const BUSY_RESPONSES = 1000;

	private const CRON_DOCS = 'https://developer.wordpress.org/plugins/cron/hooking-wp-cron-into-the-system-task-scheduler/';

	/**
	 * @param \Closure():\UserFeedback\Licensing\Entitlements $entitlements The site's entitlements.
	 * @param \Closure():int|null                            $clock        The time; tests move it.
	 */
	public function __construct(
		private readonly Migrator $migrator,
		private readonly SettingsRepository $settings,
		private readonly \Closure $entitlements,
		private readonly DataFacts $facts = new DataFacts(),
		private readonly ResponseEmailRepository $emails = new ResponseEmailRepository(),
		private readonly ?\Closure $clock = null,
	) {}

	public function register(): void {
		add_filter( 'site_status_tests', array( $this, 'tests' ) );
		( new SiteHealthInfo( $this->migrator, $this->settings, $this->entitlements, $this->facts ) )->register();
		( new SiteHealthController( new AiProviderCheck( $this->settings ) ) )->register();
	}

	/**
	 * @param mixed $tests Core's tests: { direct: {...}, async: {...} }.
	 * @return array<string,mixed>
	 */
	public function tests( $tests ): array {
		$tests           = is_array( $tests ) ? $tests : array();
		$tests['direct'] = (array) ( $tests['direct'] ?? array() );
		$tests['async']  = (array) ( $tests['async'] ?? array() );
		$labels          = array(
			'userfeedback_cron'         => __( 'UserFeedback scheduled tasks', 'userfeedback' ),
			'userfeedback_email_queue'  => __( 'UserFeedback response emails', 'userfeedback' ),
			'userfeedback_schema'       => __( 'UserFeedback database tables', 'userfeedback' ),
			'userfeedback_object_cache' => __( 'UserFeedback rate limits', 'userfeedback' ),
			'userfeedback_license'      => __( 'UserFeedback license', 'userfeedback' ),
			'userfeedback_sqlite'       => __( 'UserFeedback database engine', 'userfeedback' ),
		);
		foreach ( $this->direct() as $name => $callback ) {
			$tests['direct'][ $name ] = array(
				'label' => $labels[ $name ],
				'test'  => $callback,
			);
		}
		$tests['async'][ AiProviderCheck::TEST ] = array(
			'label'             => __( 'UserFeedback AI provider', 'userfeedback' ),
			'test'              => rest_url( SiteHealthController::NAMESPACE . SiteHealthController::AI_PATH ),
			'has_rest'          => true,
			'async_direct_test' => array( new AiProviderCheck( $this->settings ), 'run' ),
			'skip_cron'         => true,
		);
		return $tests;
	}

	/**
	 * Test name => callback answering its result.
	 *
	 * @return array<string,callable():array<string,mixed>>
	 */
	public function direct(): array {
		return array(
			'userfeedback_cron'         => array( $this, 'test_cron' ),
			'userfeedback_email_queue'  => array( $this, 'test_email_queue' ),
			'userfeedback_schema'       => array( $this, 'test_schema' ),
			'userfeedback_object_cache' => array( $this, 'test_object_cache' ),
			'userfeedback_license'      => array( $this, 'test_license' ),
			'userfeedback_sqlite'       => array( $this, 'test_sqlite' ),
		);
	}

	/**
	 * A Site Health result; the description is plain text, the actions HTML already escaped.
	 *
	 * @param string $status good, recommended or critical.
	 * @return array{label:string,status:string,badge:array{label:string,color:string},description:string,actions:string,test:string}
	 */
	public static function result( string $test, string $status, string $label, string $description, string $actions = '' ): array {
		return array(
			'label'       => $label,
			'status'      => $status,
			'badge'       => array(
				'label' => __( 'UserFeedback', 'userfeedback' ),
				'color' => 'critical' === $status ? 'red' : 'blue',
			),
			'description' => '<p>' . esc_html( $description ) . '</p>',
			'actions'     => $actions,
			'test'        => $test,
		);
	}

	/**
	 * The plugin's WP-Cron events: none may be more than an hour overdue (the response emails, the
	 * partial-response closer, the retention purge, the licence check and the others all hang on them).
	 *
	 * @return array<string,mixed>
	 */
	public function test_cron(): array {
		$now     = $this->now();
		$overdue = null;
		foreach ( (array) _get_cron_array() as $time => $hooks ) {
			foreach ( array_keys( (array) $hooks ) as $hook ) {
				if ( str_starts_with( (string) $hook, 'userfeedback_' ) && (int) $time < $now - self::LATE && ( null === $overdue || (int) $time < $overdue['time'] ) ) {
					$overdue = array(
						'hook' => (string) $hook,
						'time' => (int) $time,
					);
				}
			}
		}
		$disabled = defined( 'DISABLE_WP_CRON' ) && DISABLE_WP_CRON;
		if ( null === $overdue ) {
			return self::result(
				'userfeedback_cron',
				'good',
				__( 'UserFeedback\'s scheduled tasks run on time', 'userfeedback' ),
				$disabled
					? __( 'WP-Cron is turned off in wp-config.php (DISABLE_WP_CRON), and a task scheduler of the server runs the scheduled tasks on time: response emails, closing unfinished responses, deleting old responses and the licence check.', 'userfeedback' )
					: __( 'Response emails, closing unfinished responses, deleting old responses and the licence check run on time.', 'userfeedback' )
			);
		}
		$description = sprintf(
			/* translators: 1: name of a scheduled task (WP-Cron hook), 2: how long ago, e.g. "3 hours". */
			__( 'The scheduled task %1$s should have run %2$s ago. Until WP-Cron runs, response emails are not sent, unfinished responses are not closed and old responses are not deleted.', 'userfeedback' ),
			$overdue['hook'],
			human_time_diff( $overdue['time'], $now )
		);
		$description .= ' ' . ( $disabled
			? __( 'WP-Cron is turned off in wp-config.php (DISABLE_WP_CRON), so a task scheduler of the server must call wp-cron.php regularly; it does not seem to.', 'userfeedback' )
			: __( 'WP-Cron runs when someone visits the site; check that the site can send requests to itself (see the loopback test) and that nothing blocks wp-cron.php.', 'userfeedback' ) );
		return self::result(
			'userfeedback_cron',
			'critical',
			__( 'UserFeedback\'s scheduled tasks are not running', 'userfeedback' ),
			$description,
			sprintf( '<p><a href="%s" target="_blank" rel="noopener">%s</a></p>', esc_url( self::CRON_DOCS ), esc_html__( 'Run WP-Cron from the server\'s task scheduler', 'userfeedback' ) )
		);
	}

	/**
	 * The response-email queue: no completed response may wait more than an hour for the run that
	 * handles it, and no failed email may wait more than an hour past its retry time.
	 *
	 * @return array<string,mixed>
	 */
	public function test_email_queue(): array {
		$now    = $this->now();
		$cursor = get_option( ResponseEmailQueue::CURSOR_OPTION, null );
		if ( is_array( $cursor ) && isset( $cursor['at'], $cursor['id'] ) ) {
			$cursor = array(
				'at' => (string) $cursor['at'],
				'id' => (int) $cursor['id'],
			);
		} elseif ( is_numeric( $cursor ) ) {
			$cursor = $this->emails->cursor_of_id( (int) $cursor );
		} else {
			$cursor = null;
		}
		$waiting_since = null;
		if ( null !== $cursor ) {
			$next = $this->emails->after( $cursor, 1 )[0] ?? null;
			if ( null !== $next && $next['submitted_at'] < $now - self::LATE ) {
				$waiting_since = $next['submitted_at'];
			}
		}
		foreach ( ResponseEmailQueue::retries() as $retry ) {
			$due = (int) ( $retry['next_at'] ?? 0 );
			if ( $due > 0 && $due < $now - self::LATE && ( null === $waiting_since || $due < $waiting_since ) ) {
				$waiting_since = $due;
			}
		}
		if ( null === $waiting_since ) {
			return self::result(
				'userfeedback_email_queue',
				'good',
				__( 'UserFeedback\'s response emails go out on time', 'userfeedback' ),
				__( 'No response has been waiting more than an hour for its notification email.', 'userfeedback' )
			);
		}
		return self::result(
			'userfeedback_email_queue',
			'critical',
			__( 'UserFeedback\'s response emails are stalled', 'userfeedback' ),
			sprintf(
				/* translators: %s: how long, e.g. "3 hours". */
				__( 'A response has been waiting %s for its notification email. The queue is sent by a WP-Cron task every minute: check that WP-Cron runs and that the site can send email.', 'userfeedback' ),
				human_time_diff( $waiting_since, $now )
			),
			sprintf( '<p><a href="%s" target="_blank" rel="noopener">%s</a></p>', esc_url( self::CRON_DOCS ), esc_html__( 'Run WP-Cron from the server\'s task scheduler', 'userfeedback' ) )
		);
	}

	/**
	 * The tables exist and are at the schema version of this plugin version.
	 *
	 * @return array<string,mixed>
	 */
	public function test_schema(): array {
		$stored  = (int) get_option( Migrator::VERSION_OPTION, 0 );
		$missing = $this->migrator->missing_tables();
		if ( ! $missing && ! $this->migrator->needs_migration() ) {
			return self::result(
				'userfeedback_schema',
				'good',
				__( 'UserFeedback\'s database tables are up to date', 'userfeedback' ),
				/* translators: %d: schema version number. */
				sprintf( __( 'All tables are in place at schema version %d.', 'userfeedback' ), Schema::VERSION )
			);
		}
		$description = sprintf(
			/* translators: 1: schema version the tables are at, 2: schema version this version of the plugin needs. */
			__( 'The tables are at schema version %1$d; this version of UserFeedback needs version %2$d. Surveys may not save or show, and responses may be lost.', 'userfeedback' ),
			$stored,
			Schema::VERSION
		);
		if ( $missing ) {
			$description .= ' ' . sprintf(
				/* translators: %s: list of table names. */
				__( 'Missing tables: %s.', 'userfeedback' ),
				implode( wp_get_list_item_separator(), array_map( array( Schema::class, 'table' ), $missing ) )
			);
		}
		$description .= ' ' . __( 'The upgrade runs by itself on the next page load; when it keeps failing, the database user probably may not create or alter tables (see the PHP error log).', 'userfeedback' );
		return self::result(
			'userfeedback_schema',
			'critical',
			__( 'UserFeedback\'s database tables are not up to date', 'userfeedback' ),
			$description,
			sprintf( '<p><a href="%s">%s</a></p>', esc_url( admin_url( 'plugins.php' ) ), esc_html__( 'Manage your plugins', 'userfeedback' ) )
		);
	}

	/**
	 * A busy site without a persistent object cache keeps its rate-limit counters in the database: a
	 * write on every visitor request.
	 *
	 * @return array<string,mixed>
	 */
	public function test_object_cache(): array {
		if ( wp_using_ext_object_cache() ) {
			return self::result(
				'userfeedback_object_cache',
				'good',
				__( 'UserFeedback keeps its rate limits in the object cache', 'userfeedback' ),
				__( 'A persistent object cache is in use, so the counters that protect the survey routes from abuse cost the database nothing.', 'userfeedback' )
			);
		}
		$busy   = max( 1, (int) apply_filters( self::BUSY_FILTER, self::BUSY_RESPONSES ) ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- self::BUSY_FILTER is 'userfeedback_site_health_busy_responses'.
		$recent = $this->facts->responses_since( gmdate( 'Y-m-d H:i:s', $this->now() - DAY_IN_SECONDS ) );
		if ( $recent <= $busy ) {
			return self::result(
				'userfeedback_object_cache',
				'good',
				__( 'UserFeedback\'s rate limits fit in the database', 'userfeedback' ),
				sprintf(
					/* translators: %s: number of responses. */
					_n( 'There is no persistent object cache, so the counters that protect the survey routes from abuse live in the database. With %s response in the last 24 hours, that is fine.', 'There is no persistent object cache, so the counters that protect the survey routes from abuse live in the database. With %s responses in the last 24 hours, that is fine.', $recent, 'userfeedback' ),
					number_format_i18n( $recent )
				)
			);
		}
		return self::result(
			'userfeedback_object_cache',
			'recommended',
			__( 'Use a persistent object cache for UserFeedback\'s visitor traffic', 'userfeedback' ),
			sprintf(
				/* translators: %s: number of responses. */
				__( 'This site received %s responses in the last 24 hours and has no persistent object cache (such as Redis or Memcached), so the rate limits of the survey routes live in the database: every impression and every answer writes a counter row there too. A persistent object cache takes that load off the database.', 'userfeedback' ),
				number_format_i18n( $recent )
			),
			sprintf( '<p><a href="%s" target="_blank" rel="noopener">%s</a></p>', esc_url( 'https://developer.wordpress.org/advanced-administration/performance/optimization/#persistent-object-cache' ), esc_html__( 'Learn about persistent object caches', 'userfeedback' ) )
		);
	}

	/**
	 * The licence: expired, disabled or refused keys, and a Pro build without a key.
	 *
	 * @return array<string,mixed>
	 */
	public function test_license(): array {
		$license = License::current();
		$actions = sprintf( '<p><a href="%s">%s</a></p>', esc_url( admin_url( 'admin.php?page=userfeedback_settings#/general' ) ), esc_html__( 'Manage your UserFeedback license', 'userfeedback' ) );
		if ( '' === $license->key ) {
			$pro = ( $this->entitlements )()->is_pro();
			return self::result(
				'userfeedback_license',
				$pro ? 'recommended' : 'good',
				$pro ? __( 'No UserFeedback license key is entered', 'userfeedback' ) : __( 'UserFeedback Lite needs no license', 'userfeedback' ),
				$pro
					? __( 'UserFeedback Pro is installed, but without a license key its Pro features stay locked and it receives no updates.', 'userfeedback' )
					: __( 'The free edition of UserFeedback is in use.', 'userfeedback' ),
				$pro ? $actions : ''
			);
		}
		if ( $license->is_expired ) {
			return self::result(
				'userfeedback_license',
				'recommended',
				__( 'Your UserFeedback license has expired', 'userfeedback' ),
				__( 'An expired license receives no updates (security fixes included), and the Pro features and addons stop working. Renew the license, then refresh it in the UserFeedback settings.', 'userfeedback' ),
				$actions
			);
		}
		if ( $license->is_disabled || $license->is_invalid || null === $license->type ) {
			return self::result(
				'userfeedback_license',
				'recommended',
				__( 'Your UserFeedback license is not valid', 'userfeedback' ),
				$license->is_disabled
					? __( 'The license store has disabled this license key. Pro features and updates stay off until a valid key is entered.', 'userfeedback' )
					: __( 'The license store does not accept this license key for this site. Pro features and updates stay off until a valid key is entered.', 'userfeedback' ),
				$actions
			);
		}
		$description = 'lifetime' === $license->expires || '' === $license->expires
			/* translators: %s: license type, e.g. Pro. */
			? sprintf( __( 'Your %s license is active.', 'userfeedback' ), ucfirst( (string) $license->type ) )
			: sprintf(
				/* translators: 1: license type, e.g. Pro, 2: date. */
				__( 'Your %1$s license is active until %2$s.', 'userfeedback' ),
				ucfirst( (string) $license->type ),
				wp_date( (string) get_option( 'date_format' ), (int) strtotime( $license->expires ) )
			);
		return self::result( 'userfeedback_license', 'good', __( 'Your UserFeedback license is active', 'userfeedback' ), $description );
	}

	/**
	 * SQLite serves one writer at a time: fine for development and small sites, a bottleneck for a
	 * production site's visitors.
	 *
	 * @return array<string,mixed>
	 */
	public function test_sqlite(): array {
		return self::engine_result( self::is_sqlite(), wp_get_environment_type() );
	}

	/**
	 * The SQLite test's result for an engine and an environment type.
	 *
	 * @return array<string,mixed>
	 */
	public static function engine_result( bool $sqlite, string $environment ): array {
		if ( ! $sqlite ) {
			return self::result(
				'userfeedback_sqlite',
				'good',
				__( 'UserFeedback stores its data in MySQL or MariaDB', 'userfeedback' ),
				__( 'The database engine handles many visitors answering at the same time.', 'userfeedback' )
			);
		}
		if ( 'production' !== $environment ) {
			return self::result(
				'userfeedback_sqlite',
				'good',
				__( 'UserFeedback runs on SQLite outside production', 'userfeedback' ),
				sprintf(
					/* translators: %s: environment type, e.g. local or staging. */
					__( 'This site uses the SQLite database integration and its environment type is %s. That is fine for development and testing.', 'userfeedback' ),
					$environment
				)
			);
		}
		return self::result(
			'userfeedback_sqlite',
			'recommended',
			__( 'UserFeedback runs on SQLite in production', 'userfeedback' ),
			__( 'This production site uses the SQLite database integration. SQLite lets one request write at a time, so when many visitors answer surveys at once their answers wait for each other (and may be refused when the wait is too long). Move the site to MySQL or MariaDB before its surveys get busy.', 'userfeedback' ),
			sprintf( '<p><a href="%s">%s</a></p>', esc_url( admin_url( 'site-health.php?tab=debug' ) ), esc_html__( 'See the database details', 'userfeedback' ) )
		);
	}

	/**
	 * Whether WordPress stores its data in SQLite (the SQLite Database Integration's drop-in).
	 */
	public static function is_sqlite(): bool {
		return Transaction::is_sqlite() || ( defined( 'DB_ENGINE' ) && 'sqlite' === DB_ENGINE );
	}

	private function now(): int {
		return null !== $this->clock ? ( $this->clock )() : time();
	}
}
