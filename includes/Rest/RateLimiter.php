<?php
/**
 * Fixed-window rate limits for the public routes (visitor answers, impressions, later post ratings).
 *
 * Counters live where every PHP node sees them (DESIGN.md section 2): in the object cache when it is
 * persistent (Redis, Memcached: one atomic increment), otherwise in a small table with one upsert per
 * counter. Nothing is kept on local disk or in PHP memory between requests.
 *
 * A counter's key is a keyed hash of the rule, the subject (a client, or the site), the window length
 * and the window's number, so no raw IP address is ever stored or used as a key.
 *
 * A caller that writes anyway may count inside its own transaction (one commit for the request); the
 * counters of a refused request must be committed too, or a flood of refusals would count nothing.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Rest;

use UserFeedback\Database\DatabaseBusy;
use UserFeedback\Database\Schema;
use UserFeedback\Database\Transaction;
use UserFeedback\ExceptionText;
use WP_REST_Response;

defined( 'ABSPATH' ) || exit;
// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- rate_limits: the counters' table is what a site without a persistent object cache uses instead of the cache (count_in_cache() takes over when there is one); each count is an atomic increment that must reach the database.

final class RateLimiter {

	public const CODE        = 'userfeedback_rate_limited';
	public const FILTER      = 'userfeedback_rate_limits';
	public const CACHE_GROUP = 'userfeedback_rate_limits';
	/** The code of a write refused because the database is busy (Responses\VisitorWrite::busy()). */
	public const BUSY_CODE = 'userfeedback_busy';

	/**
	 * Rule => limit of requests per window of seconds. Overridable with the userfeedback_rate_limits
	 * filter; a rule filtered to null is switched off.
	 */
	public const DEFAULTS = array(
		// Per client.
		'responses'         => array(
			'limit'  => 10,
			'window' => 600,
		),
		'impressions'       => array(
			'limit'  => 60,
			'window' => 60,
		),
		'geo'               => array(
			'limit'  => 60,
			'window' => 60,
		),
		// GET surveys/{id}/widget, the survey's body (only what no cache answered reaches the site).
		'survey_bodies'     => array(
			'limit'  => 60,
			'window' => 60,
		),
		'post_ratings'      => array(
			'limit'  => 20,
			'window' => 600,
		),
		// Per client, every write of a response (the first, each answer as the visitor goes, the last);
		// 'responses' and 'responses_site' count only the writes that create a response.
		'response_writes'   => array(
			'limit'  => 120,
			'window' => 600,
		),
		// Per site: a ceiling on writes that no number of clients can push past.
		'responses_site'    => array(
			'limit'  => 600,
			'window' => 60,
		),
		'post_ratings_site' => array(
			'limit'  => 600,
			'window' => 60,
		),
	);

	/**
	 * One in this many counts on the table also deletes the expired counters.
	 */
	private const PRUNE_ONE_IN = 200;

	/**
	 * @param \Closure():int|null $clock Current Unix time (tests); time() by default.
	 */
	public function __construct( private readonly ?\Closure $clock = null ) {}

	/**
	 * The limits in force, after the filter; invalid entries fall back to the default.
	 *
	 * @return array<string,array{limit:int,window:int}|null>
	 */
	public function limits(): array {
		/**
		 * Filters the rate limits of the public routes.
		 *
		 * @param array<string,array{limit:int,window:int}> $limits Rule => requests per window (seconds).
		 *                                                          Rules: responses (writes that create a
		 *                                                          response), response_writes (every write
		 *                                                          of one), impressions, geo, survey_bodies
		 *                                                          (GET surveys/{id}/widget), post_ratings
		 *                                                          (per client), responses_site and
		 *                                                          post_ratings_site (whole site). Null
		 *                                                          switches a rule off.
		 */
		$filtered = apply_filters( self::FILTER, self::DEFAULTS ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- self::FILTER is 'userfeedback_rate_limits'.
		$filtered = is_array( $filtered ) ? $filtered : self::DEFAULTS;
		$limits   = array();
		foreach ( $filtered + self::DEFAULTS as $rule => $value ) {
			if ( null === $value ) {
				$limits[ $rule ] = null;
				continue;
			}
			$limit  = is_array( $value ) ? ( $value['limit'] ?? null ) : null;
			$window = is_array( $value ) ? ( $value['window'] ?? null ) : null;
			if ( is_int( $limit ) && $limit >= 1 && is_int( $window ) && $window >= 1 ) {
				$limits[ $rule ] = array(
					'limit'  => $limit,
					'window' => $window,
				);
			} else {
				$limits[ $rule ] = self::DEFAULTS[ $rule ] ?? null;
			}
		}
		return $limits;
	}

	/**
	 * Counts one request of $subject against $rule.
	 *
	 * @param string $rule    A key of limits().
	 * @param string $subject Who is counted: self::client() of the visitor, or '' for the whole site.
	 * @throws ApiException 429 with data retry_after (seconds) when the window's limit is used up.
	 * @throws DatabaseBusy When the count cannot be written (the request is refused, never let through).
	 */
	public function hit( string $rule, string $subject ): void {
		$config = $this->limits()[ $rule ] ?? null;
		if ( null === $config ) {
			return;
		}
		$now    = $this->now();
		$window = $config['window'];
		$index  = intdiv( $now, $window );
		$ends   = ( $index + 1 ) * $window;
		$bucket = substr( hash_hmac( 'sha256', "userfeedback-rate|{$rule}|{$subject}|{$window}|{$index}", wp_salt( 'nonce' ) ), 0, 40 );

		$hits = wp_using_ext_object_cache() ? $this->count_in_cache( $bucket, $ends - $now ) : $this->count_in_table( $bucket, $ends );
		if ( $hits > $config['limit'] ) {
			throw self::too_many( (int) max( 1, $ends - $now ) );
		}
	}

	/**
	 * The 429 of a request past its limit.
	 *
	 * @param int $retry Seconds until the window ends.
	 */
	private static function too_many( int $retry ): ApiException {
		return new ApiException(
			self::CODE,
			esc_html__( 'Too many requests. Please wait a moment and try again.', 'userfeedback' ),
			429,
			array( 'retry_after' => $retry )
		);
	}

	/**
	 * The subject of a visitor: the IP address, or its /64 network for IPv6 (one client usually
	 * holds a whole /64, and could otherwise step around the limit address by address).
	 */
	public static function client( string $ip ): string {
		$packed = '' !== $ip ? @inet_pton( $ip ) : false; // phpcs:ignore WordPress.PHP.NoSilencedErrors -- invalid input answers false.
		if ( false === $packed ) {
			return 'unknown';
		}
		return 16 === strlen( $packed ) ? bin2hex( substr( $packed, 0, 8 ) ) . '::/64' : $ip;
	}

	/**
	 * Runs a route callback and answers a rate-limit refusal with its Retry-After header (a WP_Error
	 * cannot carry headers, so the Controller's wrapper alone would drop it).
	 *
	 * @param callable():mixed $callback The route's work.
	 * @return mixed What the callback answered, or the 429 response.
	 * @throws ApiException Any other refusal, for the Controller's wrapper.
	 */
	public static function respond( callable $callback ) {
		try {
			return $callback();
		} catch ( ApiException $e ) {
			if ( ! isset( $e->data['retry_after'] ) || ! in_array( $e->error_code, array( self::CODE, self::BUSY_CODE ), true ) ) {
				throw $e;
			}
			$response = rest_convert_error_to_response( $e->to_wp_error() );
			$response->header( 'Retry-After', (string) (int) $e->data['retry_after'] );
			return $response;
		}
	}

	/**
	 * Deletes the table's expired counters.
	 *
	 * @return int Rows deleted.
	 */
	public function prune(): int {
		global $wpdb;
		return (int) $wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE expires_at <= %d', Schema::table( 'rate_limits' ), $this->now() ) );
	}

	private function now(): int {
		return $this->clock ? ( $this->clock )() : time();
	}

	/**
	 * One atomic increment; add() first because incr() of a missing key fails.
	 */
	private function count_in_cache( string $bucket, int $ttl ): int {
		wp_cache_add( $bucket, 0, self::CACHE_GROUP, $ttl + 1 );
		$hits = wp_cache_incr( $bucket, 1, self::CACHE_GROUP );
		if ( false === $hits ) {
			// Evicted between the two calls.
			wp_cache_set( $bucket, 1, self::CACHE_GROUP, $ttl + 1 );
			$hits = 1;
		}
		return (int) $hits;
	}

	/**
	 * Increment, then read: concurrent requests each see a count that includes their own hit, so no
	 * burst gets past the limit together.
	 */
	private function count_in_table( string $bucket, int $expires_at ): int {
		global $wpdb;
		$table = Schema::table( 'rate_limits' );
		$pdo   = Transaction::sqlite_pdo(); // phpcs:ignore PHPCompatibility.Extensions.RemovedExtensions.sqliteRemoved -- the plugin's own method (the SQLite integration's PDO), not the removed sqlite extension.
		if ( null !== $pdo ) {
			// SQLite: one statement in its own words (3.35+ RETURNING), about 0.1 ms instead of the 3 ms
			// of the translated upsert and read, in the visitor's write transaction.
			try {
				$statement = $pdo->prepare( 'INSERT INTO "' . $table . '" ("bucket", "hits", "expires_at") VALUES (?, 1, ?) ON CONFLICT ("bucket") DO UPDATE SET "hits" = "hits" + 1 RETURNING "hits"' );
				$statement->execute( array( $bucket, $expires_at ) );
				$hits = $statement->fetchColumn();
				$statement->closeCursor();
			} catch ( \PDOException $e ) {
				throw new DatabaseBusy( esc_html( 'Could not count a rate-limited request: ' . ExceptionText::plain( $e ) ) );
			}
			if ( false === $hits ) {
				throw new DatabaseBusy( 'Could not count a rate-limited request.' );
			}
			if ( 1 === wp_rand( 1, self::PRUNE_ONE_IN ) ) {
				$this->prune();
			}
			return (int) $hits;
		}
		$done = $wpdb->query(
			$wpdb->prepare(
				'INSERT INTO %i (%i, %i, %i) VALUES (%s, 1, %d) ON DUPLICATE KEY UPDATE %i = %i + 1',
				$table,
				'bucket',
				'hits',
				'expires_at',
				$bucket,
				$expires_at,
				'hits',
				'hits'
			)
		);
		if ( false === $done ) {
			// A count that cannot be written refuses the request (503, sent again by the widget): letting
			// it through would switch the limit off exactly when the database is under the most load.
			throw new DatabaseBusy( esc_html( 'Could not count a rate-limited request: ' . $wpdb->last_error ) );
		}
		if ( 1 === wp_rand( 1, self::PRUNE_ONE_IN ) ) {
			$this->prune();
		}
		$hits = $wpdb->get_var( $wpdb->prepare( 'SELECT %i FROM %i WHERE %i = %s', 'hits', $table, 'bucket', $bucket ) );
		if ( null === $hits ) {
			throw new DatabaseBusy( esc_html( 'Could not read a rate-limit count: ' . $wpdb->last_error ) );
		}
		return (int) $hits;
	}
}
