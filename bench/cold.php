<?php
/**
 * Cold and warm figures of REST requests, with the EXPLAIN of their queries (search, surveys list and
 * post-ratings benchmarks).
 *
 * Cold: each sample is a fresh PHP process (the benchmark file run again with --case=N; compiled PHP
 * shared through OPcache's file cache, as PHP-FPM workers share OPcache) that boots WordPress, empties
 * the object cache (wp_cache_flush(); the bench sites have no persistent object
 * cache, so the plugin's payload caches start empty too) and times one REST request through
 * rest_do_request(). WordPress's own boot is not in the figure; the database server keeps its buffer
 * pool. Warm: the same request repeated in the parent process, the object cache flushed before each
 * run (so the SQL runs every time), after warm-up runs.
 *
 * A benchmark calls uf_cold_case_mode() before booting WordPress (SAVEQUERIES for --explain), builds
 * its cases after booting, then calls uf_cold_run().
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

/**
 * @return array{0:int|null,1:bool} The case this process runs (null: the parent) and whether to explain.
 */
function uf_cold_case_mode( array $argv ): array {
	$case    = null;
	$explain = false;
	foreach ( array_slice( $argv, 2 ) as $arg ) {
		if ( str_starts_with( $arg, '--case=' ) ) {
			$case = (int) substr( $arg, 7 );
		}
		$explain = $explain || '--explain' === $arg;
	}
	if ( null !== $case && $explain && ! defined( 'SAVEQUERIES' ) ) {
		define( 'SAVEQUERIES', true );
	}
	return array( $case, $explain );
}

function uf_cold_request( string $route, array $query ): WP_REST_Response {
	$request = new WP_REST_Request( 'GET', '/userfeedback/v1' . $route );
	$request->set_query_params( $query );
	return rest_do_request( $request );
}

/**
 * The case "page $page reached with Next": its query with the cursor (next_cursor) of page $page - 1,
 * as the admin sends it (read once, by the parent, before the samples).
 *
 * @param array<string,mixed> $query The list's query.
 * @return array{0:string,1:array<string,mixed>}
 */
function uf_cold_next_page( string $route, array $query, int $page ): array {
	$previous = $page > 1 ? uf_cold_request( $route, $query + array( 'page' => $page - 1 ) )->get_data() : array();
	$cursor   = is_array( $previous ) ? (string) ( $previous['next_cursor'] ?? '' ) : '';
	return array( $route, $query + array( 'page' => $page ) + ( '' === $cursor ? array() : array( 'cursor' => $cursor ) ) );
}

/**
 * Runs the benchmark: in a child, one case (its time, or its queries with their EXPLAIN); in the
 * parent, every case cold and warm, then the EXPLAINs.
 *
 * @param array<string,array{0:string,1:array<string,mixed>}> $cases   Label => [route, query].
 * @param string[]                                            $tables  Queries that name one of these tables are explained.
 * @param float                                               $budget  p95 budget in ms (cold).
 */
function uf_cold_run( array $argv, array $cases, array $tables, float $budget ): void {
	global $wpdb;
	[ $case, $explain ] = uf_cold_case_mode( $argv );
	$names              = array_keys( $cases );
	if ( null !== $case ) {
		[ $route, $query ] = $cases[ $names[ $case ] ];
		wp_cache_flush();
		$wpdb->queries = array();
		$start         = hrtime( true );
		$response      = uf_cold_request( $route, $query );
		$ms            = ( hrtime( true ) - $start ) / 1e6;
		if ( 200 !== $response->get_status() ) {
			fwrite( STDERR, "$route answered {$response->get_status()}: " . wp_json_encode( $response->get_data() ) . "\n" );
			exit( 1 );
		}
		if ( ! $explain ) {
			echo $ms . "\n";
			exit( 0 );
		}
		$data = $response->get_data();
		if ( isset( $data['pagination'] ) ) {
			printf( "   total %s%s, %d items\n", $data['pagination']['total'] ?? '?', empty( $data['search']['capped'] ) ? '' : '+', count( $data['items'] ?? array() ) );
		}
		foreach ( (array) $wpdb->queries as $q ) {
			$sql = (string) $q[0];
			$hit = false;
			foreach ( $tables as $table ) {
				$hit = $hit || str_contains( $sql, $table );
			}
			if ( ! $hit || ! preg_match( '/^\s*SELECT/i', $sql ) ) {
				continue;
			}
			printf( "   %.1f ms  %s\n", $q[1] * 1000, preg_replace( '/\s+/', ' ', $sql ) );
			foreach ( (array) $wpdb->get_results( 'EXPLAIN ' . $sql, ARRAY_A ) as $row ) { // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- a query the plugin ran.
				echo '     ' . implode( ' | ', array_map( static fn( $k, $v ) => "$k=" . ( $v ?? 'NULL' ), array_keys( $row ), $row ) ) . "\n";
			}
		}
		exit( 0 );
	}

	$cold_runs = (int) ( getenv( 'UF_BENCH_COLD_RUNS' ) ?: 10 );
	$warm_runs = (int) ( getenv( 'UF_BENCH_RUNS' ) ?: 20 );
	printf( "budget: p95 <= %d ms cold; cold = %d fresh PHP processes (object cache emptied) per case, warm = %d runs in one process\n", $budget, $cold_runs, $warm_runs );
	// The children share compiled PHP through OPcache's file cache, as the PHP-FPM workers of a site
	// share OPcache's memory: the figure is the request's work, not compiling the plugin's files.
	$cache = sys_get_temp_dir() . '/uf-bench-opcache';
	if ( ! is_dir( $cache ) ) {
		mkdir( $cache, 0700, true );
	}
	$php = escapeshellarg( PHP_BINARY ) . ' -d opcache.enable_cli=1 -d opcache.file_cache=' . escapeshellarg( $cache );
	$self = escapeshellarg( realpath( $argv[0] ) ?: $argv[0] ) . ' ' . escapeshellarg( $argv[1] );
	foreach ( $names as $i => $label ) {
		$cold = array();
		for ( $r = 0; $r < $cold_runs; $r++ ) {
			$out = trim( (string) shell_exec( "$php $self --case=$i" ) );
			if ( ! is_numeric( $out ) ) {
				fwrite( STDERR, "$label: $out\n" );
				continue 2;
			}
			$cold[] = (float) $out;
		}
		sort( $cold );
		[ $route, $query ] = $cases[ $label ];
		$warm = uf_bench_time(
			static function () use ( $route, $query ): void {
				wp_cache_flush();
				uf_cold_request( $route, $query );
			},
			$warm_runs
		);
		$p95 = uf_bench_percentile( $cold, 95 );
		printf( "%-38s cold p50 %7.1f p95 %7.1f ms %s | warm p50 %7.1f p95 %7.1f ms\n", $label, uf_bench_percentile( $cold, 50 ), $p95, $p95 <= $budget ? 'ok  ' : 'OVER', uf_bench_percentile( $warm, 50 ), uf_bench_percentile( $warm, 95 ) );
	}
	echo "EXPLAIN of each case's queries:\n";
	foreach ( $names as $i => $label ) {
		echo "-- $label\n";
		echo (string) shell_exec( "$php $self --case=$i --explain" );
	}
}
