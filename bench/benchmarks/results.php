<?php
/**
 * Results routes at scale (DESIGN 6: a survey's results p95 at most 200 ms at 1,000,000 responses):
 * a survey's results, the overview and the NPS route, uncached (the results cache bumped before each
 * run) and cached, over the last 30 and 90 days. Run after bench/seed.php.
 *
 *   php bench/benchmarks/results.php SITE_DIR
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

require __DIR__ . '/../lib.php';

uf_bench_boot( $argv[1] ?? '' );

use UserFeedback\Database\Schema;
use UserFeedback\Licensing\Entitlements;
use UserFeedback\Licensing\License;
use UserFeedback\Plugin;
use UserFeedback\Results\ResultsCache;

global $wpdb;
// Long ranges need a licence; the bench site has none.
Plugin::instance()->use_entitlements( new Entitlements( 'pro', new License( 'bench', 'elite' ), array() ) );
$admin = (int) ( get_users( array( 'role' => 'administrator', 'number' => 1, 'fields' => 'ID' ) )[0] ?? 0 );
wp_set_current_user( $admin );

// The survey with the most responses, and one with an nps question.
$survey = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT survey_id FROM %i GROUP BY survey_id ORDER BY COUNT(*) DESC LIMIT 1', Schema::table( 'responses' ) ) );
if ( ! $survey ) {
	fwrite( STDERR, "No responses: seed first (bench/seed.php).\n" );
	exit( 1 );
}
$total = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i', Schema::table( 'responses' ) ) );
$mine  = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE survey_id = %d', Schema::table( 'responses' ), $survey ) );
printf( "%d responses in all, %d in survey %d\n", $total, $mine, $survey );

$today = current_datetime();
$range = static fn( int $days ): array => array(
	'from' => $today->modify( sprintf( '-%d days', $days - 1 ) )->format( 'Y-m-d' ),
	'to'   => $today->format( 'Y-m-d' ),
);
$get   = static function ( string $route, array $query ): WP_REST_Response {
	$request = new WP_REST_Request( 'GET', '/userfeedback/v1' . $route );
	$request->set_query_params( $query );
	return rest_do_request( $request );
};

$cases = array(
	'results 30 days'  => array( "/surveys/$survey/results", $range( 30 ) ),
	'results 90 days'  => array( "/surveys/$survey/results", $range( 90 ) ),
	'overview 30 days' => array( '/results-summary', $range( 30 ) ),
	'nps 30 days'      => array( "/surveys/$survey/nps", $range( 30 ) ),
	'answers page 1'   => array( "/surveys/$survey/questions/8/answers", $range( 30 ) ),
	'nps comments'     => array( "/surveys/$survey/nps/comments", $range( 30 ) + array( 'search' => 'pricing' ) ),
);
// The first request of each case, on an empty object cache, is the cold figure: every day of the
// range counted from the answers (later cases reuse the days counted by earlier ones).
foreach ( $cases as $label => [ $route, $query ] ) {
	$start  = hrtime( true );
	$status = $get( $route, $query )->get_status();
	printf( "%-40s first request %10.1f ms\n", "$label, cold", ( hrtime( true ) - $start ) / 1e6 );
	if ( 200 !== $status ) {
		fwrite( STDERR, "$route answered $status\n" );
		exit( 1 );
	}
}

// Three states: cold (empty object cache: every day of the range counted from the answers; above, and
// again with UF_BENCH_COLD_RUNS=N), uncached
// (the payloads forgotten, as after a new response; the per-day counts checked against their
// fingerprints and reused), and cached.
$runs = (int) ( getenv( 'UF_BENCH_RUNS' ) ?: 20 );
$cold = (int) ( getenv( 'UF_BENCH_COLD_RUNS' ) ?: 0 ); // Repeated cold runs take minutes at 1M: opt-in.
foreach ( $cases as $label => [ $route, $query ] ) {
	$cold_times = array();
	for ( $i = 0; $i < $cold; $i++ ) {
		wp_cache_flush();
		$start        = hrtime( true );
		$get( $route, $query );
		$cold_times[] = ( hrtime( true ) - $start ) / 1e6;
	}
	if ( $cold_times ) {
		sort( $cold_times );
		uf_bench_print( "$label, cold", $cold_times );
	}
	uf_bench_print(
		"$label, uncached",
		uf_bench_time(
			static function () use ( $get, $route, $query ) {
				ResultsCache::bump();
				$get( $route, $query );
			},
			$runs
		)
	);
	uf_bench_print( "$label, cached", uf_bench_time( static fn() => $get( $route, $query ), 200 ) );
}
$data = $get( "/surveys/$survey/results", $range( 30 ) )->get_data();
printf( "check: range_responses_count %d, nps score %s\n", $data['range_responses_count'], wp_json_encode( $data['nps_overview']['score'] ?? null ) );
