<?php
/**
 * A persistent object cache in Redis through phpredis (Debian's php-redis), for the production-shaped
 * stack of scripts/stack.sh only. Real sites use a maintained drop-in; this one exists to prove how
 * the plugin behaves with a persistent cache shared by several PHP nodes.
 *
 * stack.sh links it to wp-content/object-cache.php. Configuration (wp-config.php or local-config.php):
 *   UF_REDIS_HOST, UF_REDIS_PORT (127.0.0.1:6379 by default), UF_REDIS_DB (0),
 *   WP_CACHE_KEY_SALT (the key prefix; by default derived from DB_NAME and the table prefix).
 *
 * Keys: "<salt>:<blog id or 'g' for global groups>:<group>:<key>", so the sites of a network, and two
 * sites sharing one Redis, never read each other's entries.
 *
 * Values: integers are stored as plain decimal strings (so INCRBY works on them, as the rate limiter
 * needs), everything else serialize()d. An integer read back is an integer again.
 *
 * Redis down: the first failed call (or a failed connect) turns the request's cache into a
 * per-request one (a PHP array, like WordPress's own) for the rest of the request, and marks the site
 * as not using a persistent cache (wp_using_ext_object_cache( false )), so code that keeps shared
 * state in the cache when it is persistent (the plugin's rate-limit counters) goes back to the
 * database, which every node sees. No fatal error, no warning. The next request connects again.
 *
 * @package UserFeedback
 */

// phpcs:disable Generic.Files.OneObjectStructurePerFile, Squiz.Commenting.FunctionComment.Missing

defined( 'ABSPATH' ) || exit;

/**
 * The cache behind the wp_cache_* functions below.
 */
final class UF_Redis_Object_Cache {

	/** Runtime copy: group => key => value (persistent and non-persistent groups alike). */
	private array $cache = array();

	/** @var array<string,true> */
	private array $global_groups = array();

	/** @var array<string,true> */
	private array $non_persistent_groups = array();

	private ?Redis $redis = null;

	private bool $down = false;

	private string $salt;

	private int $blog_id;

	public int $cache_hits = 0;

	public int $cache_misses = 0;

	/** Redis errors seen in this request (for tests and debugging). */
	public int $failures = 0;

	public function __construct() {
		$this->blog_id = function_exists( 'get_current_blog_id' ) ? (int) get_current_blog_id() : 1;
		$this->salt    = defined( 'WP_CACHE_KEY_SALT' ) && '' !== WP_CACHE_KEY_SALT
			? (string) WP_CACHE_KEY_SALT
			: substr( md5( ( defined( 'DB_NAME' ) ? DB_NAME : '' ) . '|' . ( $GLOBALS['table_prefix'] ?? '' ) ), 0, 12 );
		$this->connect();
	}

	/**
	 * Whether this request talks to Redis.
	 */
	public function persistent(): bool {
		return null !== $this->redis && ! $this->down;
	}

	private function connect(): void {
		if ( ! class_exists( 'Redis' ) ) {
			$this->degrade( null );
			return;
		}
		try {
			$redis = new Redis();
			// Loopback: a refused or silent server is known within these timeouts.
			$ok = $redis->connect(
				defined( 'UF_REDIS_HOST' ) ? (string) UF_REDIS_HOST : '127.0.0.1',
				defined( 'UF_REDIS_PORT' ) ? (int) UF_REDIS_PORT : 6379,
				0.5,
				null,
				0,
				1.0
			);
			if ( ! $ok ) {
				$this->degrade( null );
				return;
			}
			if ( defined( 'UF_REDIS_DB' ) && 0 !== (int) UF_REDIS_DB ) {
				$redis->select( (int) UF_REDIS_DB );
			}
			$this->redis = $redis;
		} catch ( Throwable $e ) {
			$this->degrade( $e );
		}
	}

	/**
	 * Redis is gone for the rest of this request.
	 */
	private function degrade( ?Throwable $e ): void {
		if ( null !== $e ) {
			++$this->failures;
		}
		$this->down  = true;
		$this->redis = null;
		// Not before the network is loaded: wp_start_object_cache() runs twice on multisite and would
		// load core's cache.php over these functions if the flag were false by then.
		if ( function_exists( 'did_action' ) && did_action( 'muplugins_loaded' ) ) {
			wp_using_ext_object_cache( false );
		} elseif ( function_exists( 'add_action' ) ) {
			add_action( 'muplugins_loaded', static fn() => wp_using_ext_object_cache( false ), 0 );
		}
	}

	/**
	 * Runs one Redis call; on failure degrades and answers $fallback.
	 *
	 * @param callable(Redis):mixed $call
	 * @param mixed                 $fallback
	 * @return mixed
	 */
	private function call( callable $call, $fallback ) {
		if ( ! $this->persistent() ) {
			return $fallback;
		}
		try {
			return $call( $this->redis );
		} catch ( Throwable $e ) {
			$this->degrade( $e );
			return $fallback;
		}
	}

	private function key( $key, string $group ): string {
		$scope = isset( $this->global_groups[ $group ] ) ? 'g' : (string) $this->blog_id;
		return "{$this->salt}:{$scope}:{$group}:{$key}";
	}

	private function group( $group ): string {
		return ( null === $group || '' === $group ) ? 'default' : (string) $group;
	}

	private function persists( string $group ): bool {
		return ! isset( $this->non_persistent_groups[ $group ] );
	}

	private static function valid_key( $key ): bool {
		return is_int( $key ) || ( is_string( $key ) && '' !== trim( $key ) );
	}

	private static function encode( $value ): string {
		return is_int( $value ) ? (string) $value : serialize( $value ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions
	}

	private static function decode( string $raw ) {
		if ( preg_match( '/^-?\d+$/', $raw ) ) {
			return (int) $raw;
		}
		return unserialize( $raw ); // phpcs:ignore WordPress.PHP.DiscouragedPHPFunctions
	}

	private static function copy( $value ) {
		return is_object( $value ) ? clone $value : $value;
	}

	private function local_set( string $group, $key, $value ): void {
		$this->cache[ $group ][ $key ] = self::copy( $value );
	}

	private function local_has( string $group, $key ): bool {
		return isset( $this->cache[ $group ] ) && array_key_exists( $key, $this->cache[ $group ] );
	}

	public function get( $key, $group = 'default', bool $force = false, &$found = null ) {
		$group = $this->group( $group );
		if ( ! self::valid_key( $key ) ) {
			$found = false;
			return false;
		}
		if ( $this->local_has( $group, $key ) && ( ! $force || ! $this->persists( $group ) ) ) {
			$found = true;
			++$this->cache_hits;
			return self::copy( $this->cache[ $group ][ $key ] );
		}
		if ( $this->persists( $group ) ) {
			$raw = $this->call( fn( Redis $r ) => $r->get( $this->key( $key, $group ) ), false );
			if ( is_string( $raw ) ) {
				$value = self::decode( $raw );
				$this->local_set( $group, $key, $value );
				$found = true;
				++$this->cache_hits;
				return self::copy( $value );
			}
		}
		$found = false;
		++$this->cache_misses;
		return false;
	}

	public function get_multiple( array $keys, $group = 'default', bool $force = false ): array {
		$group  = $this->group( $group );
		$values = array();
		$fetch  = array();
		foreach ( $keys as $key ) {
			if ( self::valid_key( $key ) && $this->local_has( $group, $key ) && ( ! $force || ! $this->persists( $group ) ) ) {
				$values[ $key ] = self::copy( $this->cache[ $group ][ $key ] );
				++$this->cache_hits;
			} else {
				$values[ $key ] = false;
				if ( self::valid_key( $key ) && $this->persists( $group ) ) {
					$fetch[] = $key;
				} else {
					++$this->cache_misses;
				}
			}
		}
		if ( $fetch ) {
			$raws = $this->call( fn( Redis $r ) => $r->mget( array_map( fn( $k ) => $this->key( $k, $group ), $fetch ) ), array() );
			foreach ( $fetch as $i => $key ) {
				$raw = is_array( $raws ) ? ( $raws[ $i ] ?? false ) : false;
				if ( is_string( $raw ) ) {
					$values[ $key ] = self::decode( $raw );
					$this->local_set( $group, $key, $values[ $key ] );
					++$this->cache_hits;
				} else {
					++$this->cache_misses;
				}
			}
		}
		return $values;
	}

	/**
	 * @param string $mode '' (set), 'NX' (add) or 'XX' (replace).
	 */
	private function write( $key, $value, $group, $expire, string $mode ): bool {
		$group = $this->group( $group );
		if ( ! self::valid_key( $key ) ) {
			return false;
		}
		$expire = max( 0, (int) $expire );
		if ( ! $this->persists( $group ) || ! $this->persistent() ) {
			$exists = $this->local_has( $group, $key );
			if ( ( 'NX' === $mode && $exists ) || ( 'XX' === $mode && ! $exists ) ) {
				return false;
			}
			$this->local_set( $group, $key, $value );
			return true;
		}
		$options = array();
		if ( '' !== $mode ) {
			$options[] = $mode;
		}
		if ( $expire > 0 ) {
			$options['EX'] = $expire;
		}
		$full = $this->key( $key, $group );
		$done = $this->call( fn( Redis $r ) => $options ? $r->set( $full, self::encode( $value ), $options ) : $r->set( $full, self::encode( $value ) ), null );
		if ( null === $done ) {
			// Redis went away during the call: keep the value for this request.
			$this->local_set( $group, $key, $value );
			return true;
		}
		if ( true !== $done ) {
			return false;
		}
		$this->local_set( $group, $key, $value );
		return true;
	}

	public function set( $key, $value, $group = 'default', $expire = 0 ): bool {
		return $this->write( $key, $value, $group, $expire, '' );
	}

	public function add( $key, $value, $group = 'default', $expire = 0 ): bool {
		if ( function_exists( 'wp_suspend_cache_addition' ) && wp_suspend_cache_addition() ) {
			return false;
		}
		return $this->write( $key, $value, $group, $expire, 'NX' );
	}

	public function replace( $key, $value, $group = 'default', $expire = 0 ): bool {
		return $this->write( $key, $value, $group, $expire, 'XX' );
	}

	public function delete( $key, $group = 'default' ): bool {
		$group = $this->group( $group );
		if ( ! self::valid_key( $key ) ) {
			return false;
		}
		$had = $this->local_has( $group, $key );
		unset( $this->cache[ $group ][ $key ] );
		if ( ! $this->persists( $group ) ) {
			return $had;
		}
		$n = $this->call( fn( Redis $r ) => $r->del( $this->key( $key, $group ) ), null );
		return null === $n ? $had : ( $n > 0 || $had );
	}

	/**
	 * INCRBY when the key exists (WordPress answers false for a missing key), in one atomic script.
	 *
	 * @return int|false
	 */
	public function incr( $key, $offset = 1, $group = 'default' ) {
		return $this->step( $key, (int) $offset, $group );
	}

	/**
	 * @return int|false
	 */
	public function decr( $key, $offset = 1, $group = 'default' ) {
		return $this->step( $key, -(int) $offset, $group );
	}

	/**
	 * @return int|false
	 */
	private function step( $key, int $offset, $group ) {
		$group = $this->group( $group );
		if ( ! self::valid_key( $key ) ) {
			return false;
		}
		if ( ! $this->persists( $group ) || ! $this->persistent() ) {
			return $this->local_step( $group, $key, $offset );
		}
		// A stored non-integer counts as 0, and a result below 0 is 0, as in WordPress's own cache.
		$script = <<<'LUA'
local v = redis.call('GET', KEYS[1])
if not v then return false end
local n = tonumber(v)
if n == nil or math.floor(n) ~= n then n = 0 end
n = n + tonumber(ARGV[1])
if n < 0 then n = 0 end
local ttl = redis.call('PTTL', KEYS[1])
if ttl > 0 then redis.call('SET', KEYS[1], string.format('%d', n), 'PX', ttl) else redis.call('SET', KEYS[1], string.format('%d', n)) end
return n
LUA;
		$full   = $this->key( $key, $group );
		$result = $this->call( fn( Redis $r ) => $r->eval( $script, array( $full, (string) $offset ), 1 ), null );
		if ( null === $result ) {
			return $this->local_step( $group, $key, $offset );
		}
		if ( ! is_int( $result ) ) {
			unset( $this->cache[ $group ][ $key ] );
			return false;
		}
		$this->local_set( $group, $key, $result );
		return $result;
	}

	/**
	 * @return int|false
	 */
	private function local_step( string $group, $key, int $offset ) {
		if ( ! $this->local_has( $group, $key ) ) {
			return false;
		}
		$value = $this->cache[ $group ][ $key ];
		$value = is_numeric( $value ) ? (int) $value : 0;
		$value = max( 0, $value + $offset );
		$this->cache[ $group ][ $key ] = $value;
		return $value;
	}

	/**
	 * Deletes every key of this site's prefix (not the whole Redis database: other sites may share it).
	 */
	public function flush(): bool {
		$this->cache = array();
		return $this->delete_matching( "{$this->salt}:*" );
	}

	public function flush_runtime(): bool {
		$this->cache = array();
		return true;
	}

	public function flush_group( $group ): bool {
		$group = $this->group( $group );
		unset( $this->cache[ $group ] );
		if ( ! $this->persists( $group ) ) {
			return true;
		}
		$scope = isset( $this->global_groups[ $group ] ) ? 'g' : (string) $this->blog_id;
		return $this->delete_matching( "{$this->salt}:{$scope}:{$group}:*" );
	}

	private function delete_matching( string $pattern ): bool {
		return (bool) $this->call(
			static function ( Redis $r ) use ( $pattern ): bool {
				$cursor = null;
				do {
					$keys = $r->scan( $cursor, $pattern, 500 );
					if ( is_array( $keys ) && $keys ) {
						$r->del( $keys );
					}
				} while ( $cursor > 0 );
				return true;
			},
			false
		);
	}

	public function add_global_groups( $groups ): void {
		foreach ( (array) $groups as $group ) {
			$this->global_groups[ (string) $group ] = true;
		}
	}

	public function add_non_persistent_groups( $groups ): void {
		foreach ( (array) $groups as $group ) {
			$this->non_persistent_groups[ (string) $group ] = true;
		}
	}

	public function switch_to_blog( $blog_id ): void {
		$this->blog_id = (int) $blog_id;
	}

	public function close(): bool {
		if ( null !== $this->redis ) {
			try {
				$this->redis->close();
			} catch ( Throwable $e ) {
				++$this->failures;
			}
		}
		$this->redis = null;
		return true;
	}

	public function stats(): void {
		printf(
			'<p>Redis object cache: %s; hits %d, misses %d</p>',
			$this->persistent() ? 'connected' : 'not connected (per-request cache)',
			(int) $this->cache_hits,
			(int) $this->cache_misses
		);
	}
}

function wp_cache_init() {
	// Kept from an earlier init (multisite calls wp_start_object_cache() twice): keep its connection.
	if ( ! ( ( $GLOBALS['wp_object_cache'] ?? null ) instanceof UF_Redis_Object_Cache ) ) {
		$GLOBALS['wp_object_cache'] = new UF_Redis_Object_Cache();
	}
}

function wp_cache_add( $key, $data, $group = '', $expire = 0 ) {
	return $GLOBALS['wp_object_cache']->add( $key, $data, $group, $expire );
}

function wp_cache_add_multiple( array $data, $group = '', $expire = 0 ) {
	$out = array();
	foreach ( $data as $key => $value ) {
		$out[ $key ] = $GLOBALS['wp_object_cache']->add( $key, $value, $group, $expire );
	}
	return $out;
}

function wp_cache_replace( $key, $data, $group = '', $expire = 0 ) {
	return $GLOBALS['wp_object_cache']->replace( $key, $data, $group, $expire );
}

function wp_cache_set( $key, $data, $group = '', $expire = 0 ) {
	return $GLOBALS['wp_object_cache']->set( $key, $data, $group, $expire );
}

function wp_cache_set_multiple( array $data, $group = '', $expire = 0 ) {
	$out = array();
	foreach ( $data as $key => $value ) {
		$out[ $key ] = $GLOBALS['wp_object_cache']->set( $key, $value, $group, $expire );
	}
	return $out;
}

function wp_cache_get( $key, $group = '', $force = false, &$found = null ) {
	return $GLOBALS['wp_object_cache']->get( $key, $group, (bool) $force, $found );
}

function wp_cache_get_multiple( $keys, $group = '', $force = false ) {
	return $GLOBALS['wp_object_cache']->get_multiple( (array) $keys, $group, (bool) $force );
}

function wp_cache_delete( $key, $group = '' ) {
	return $GLOBALS['wp_object_cache']->delete( $key, $group );
}

function wp_cache_delete_multiple( array $keys, $group = '' ) {
	$out = array();
	foreach ( $keys as $key ) {
		$out[ $key ] = $GLOBALS['wp_object_cache']->delete( $key, $group );
	}
	return $out;
}

function wp_cache_incr( $key, $offset = 1, $group = '' ) {
	return $GLOBALS['wp_object_cache']->incr( $key, $offset, $group );
}

function wp_cache_decr( $key, $offset = 1, $group = '' ) {
	return $GLOBALS['wp_object_cache']->decr( $key, $offset, $group );
}

function wp_cache_flush() {
	return $GLOBALS['wp_object_cache']->flush();
}

function wp_cache_flush_runtime() {
	return $GLOBALS['wp_object_cache']->flush_runtime();
}

function wp_cache_flush_group( $group ) {
	return $GLOBALS['wp_object_cache']->flush_group( $group );
}

function wp_cache_supports( $feature ) {
	return in_array( $feature, array( 'add_multiple', 'set_multiple', 'get_multiple', 'delete_multiple', 'flush_runtime', 'flush_group' ), true );
}

function wp_cache_close() {
	return $GLOBALS['wp_object_cache']->close();
}

function wp_cache_add_global_groups( $groups ) {
	$GLOBALS['wp_object_cache']->add_global_groups( $groups );
}

function wp_cache_add_non_persistent_groups( $groups ) {
	$GLOBALS['wp_object_cache']->add_non_persistent_groups( $groups );
}

function wp_cache_switch_to_blog( $blog_id ) {
	$GLOBALS['wp_object_cache']->switch_to_blog( $blog_id );
}

function wp_cache_reset() {
	_deprecated_function( __FUNCTION__, '3.5.0', 'wp_cache_switch_to_blog()' );
	$GLOBALS['wp_object_cache']->flush_runtime();
}
