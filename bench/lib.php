<?php
/**
 * Shared pieces of the benchmarks: boot a site, time a callable, print figures.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

function uf_bench_boot( string $site ): string {
	if ( '' === $site || ! is_file( $site . '/wp-load.php' ) ) {
		fwrite( STDERR, "usage: php {$GLOBALS['argv'][0]} SITE_DIR\n" );
		exit( 2 );
	}
	$_SERVER['HTTP_HOST']   = '127.0.0.1';
	$_SERVER['REQUEST_URI'] = '/';
	require $site . '/wp-load.php';
	rest_get_server();
	return $site;
}

/**
 * Runs $fn $runs times (after a few warm-up runs) and returns the durations in milliseconds, sorted.
 *
 * @return float[]
 */
function uf_bench_time( callable $fn, int $runs ): array {
	for ( $i = 0; $i < min( 5, $runs ); $i++ ) {
		$fn();
	}
	$times = array();
	for ( $i = 0; $i < $runs; $i++ ) {
		$start   = hrtime( true );
		$fn();
		$times[] = ( hrtime( true ) - $start ) / 1e6;
	}
	sort( $times );
	return $times;
}

/**
 * @param float[] $sorted Sorted durations in ms.
 */
function uf_bench_percentile( array $sorted, float $p ): float {
	return $sorted[ (int) min( count( $sorted ) - 1, max( 0, ceil( $p / 100 * count( $sorted ) ) - 1 ) ) ];
}

/**
 * @param float[] $sorted Sorted durations in ms.
 */
function uf_bench_print( string $label, array $sorted ): void {
	printf(
		"%-40s p50 %8.3f ms   p95 %8.3f ms   n=%d\n",
		$label,
		uf_bench_percentile( $sorted, 50 ),
		uf_bench_percentile( $sorted, 95 ),
		count( $sorted )
	);
}
