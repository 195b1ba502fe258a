<?php
/**
 * The admin's responses list at scale (issue 19 item 3): the survey with the most responses, its
 * first, middle and last page (newest first) sorted by date and by id, the partial and trash lists,
 * each single filter of ResponseFilter and three combined (first, middle and last page each, asked as
 * the admin asks: without the count), each filter's count (GET responses/count), and the detail route
 * (a response's place in the list). Budget (DESIGN.md section 6 and issue 19): any page
 * at most 50 ms p95 cold.
 *
 *   php bench/benchmarks/responses.php SITE_DIR
 *
 * Cold and warm as bench/cold.php measures them: cold = a fresh PHP process per sample (this file run
 * again with --case=N) that boots WordPress, empties the object cache with wp_cache_flush() (the bench
 * sites have no persistent object cache) and times one rest_do_request(); the database keeps its buffer
 * pool. Warm = the same request repeated in one process, the object cache flushed before each. Then the
 * EXPLAIN of each case's queries. The cases (with the middle and last page of each filter, which need
 * its count) are worked out once by the parent and kept in a temporary file for the children.
 * UF_BENCH_CASES (a regular expression) runs only the cases whose label it matches; UF_BENCH_COLD_RUNS
 * and UF_BENCH_RUNS set the samples (bench/cold.php).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

require __DIR__ . '/../lib.php';
require __DIR__ . '/../cold.php';

[ $uf_case ] = uf_cold_case_mode( $argv );
uf_bench_boot( $argv[1] ?? '' );

use UserFeedback\Database\Schema;

global $wpdb;
wp_set_current_user( (int) ( get_users( array( 'role' => 'administrator', 'number' => 1, 'fields' => 'ID' ) )[0] ?? 0 ) );

$cache = sys_get_temp_dir() . '/uf-bench-responses-' . md5( (string) realpath( $argv[1] ) . DB_NAME . $wpdb->prefix ) . '.json';
if ( null !== $uf_case && is_file( $cache ) ) {
	$cases = json_decode( (string) file_get_contents( $cache ), true );
	uf_cold_run( $argv, $cases, array( Schema::table( 'responses' ), Schema::table( 'daily_responses' ), Schema::table( 'daily_funnel' ), Schema::table( 'daily_partials' ), Schema::table( 'id_blocks' ), Schema::table( 'answer_terms' ) ), 50 );
	exit( 0 );
}

$row = $wpdb->get_row( $wpdb->prepare( 'SELECT survey_id, COUNT(*) AS n FROM %i GROUP BY survey_id ORDER BY n DESC LIMIT 1', Schema::table( 'responses' ) ), ARRAY_A );
if ( ! $row ) {
	echo "no responses: seed first\n";
	exit( 0 );
}
$survey = (int) $row['survey_id'];
$route  = "/surveys/$survey/responses";
printf( "survey %d: %d responses of %d in the table\n", $survey, (int) $row['n'], (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i', Schema::table( 'responses' ) ) ) );

$today = wp_date( 'Y-m-d' );
$ago   = static fn( int $days ): string => wp_date( 'Y-m-d', time() - $days * DAY_IN_SECONDS );
$c     = static fn( string $field, string $operator, $value ): array => compact( 'field', 'operator', 'value' );
// The seeded survey's questions (bench/seed.php): 1 radio, 2 checkbox, 5 stars, 6 NPS, 7 text, 8 long text.
$filters = array(
	'date last 7 days'   => array( $c( 'date', 'between', array( $ago( 7 ), $today ) ) ),
	'page url pricing'   => array( $c( 'page_url', 'contains', 'pricing' ) ),
	'device mobile'      => array( $c( 'device', 'isAny', array( 'mobile' ) ) ),
	'radio is Easy'      => array( $c( 'question:1', 'is', 'Easy' ) ),
	'checkbox any Charts' => array( $c( 'question:2', 'isAny', array( 'Charts' ) ) ),
	'stars >= 4'         => array( $c( 'question:5', 'greaterThanOrEqual', 4 ) ),
	'nps detractors'     => array( $c( 'question:6', 'isAny', array( 'detractor' ) ) ),
	'text:8 faster'      => array( $c( 'text:8', 'contains', 'faster' ) ),
	'text:any checkout'  => array( $c( 'text:any', 'contains', 'checkout' ) ),
	'hidden plan pro'    => array( $c( 'field:plan', 'is', 'pro' ) ),
	'3 combined'         => array( $c( 'question:6', 'isAny', array( 'detractor' ) ), $c( 'page_url', 'contains', 'pricing' ), $c( 'date', 'between', array( $ago( 30 ), $today ) ) ),
);

$cases = array();
$pages = static function ( array $query ) use ( $route ): int {
	$response = uf_cold_request( $route, $query );
	if ( 200 !== $response->get_status() ) {
		fwrite( STDERR, "$route answered {$response->get_status()}: " . wp_json_encode( $response->get_data() ) . "\n" );
		exit( 1 );
	}
	return (int) $response->get_data()['pagination']['pages'];
};
// The admin asks for pages without the count (count=false) and counts a filtered list once, with
// GET responses/count beside its first page: both are cases.
$as_admin = array( 'count' => 'false' );
$add      = static function ( string $label, array $query ) use ( &$cases, $route, $pages, $as_admin ): void {
	$last = $pages( $query );
	foreach ( array( 'first' => 1, 'middle' => intdiv( $last + 1, 2 ), 'last' => $last ) as $which => $page ) {
		$cases[ "$label, $which p$page" ] = array( $route, $query + array( 'page' => $page ) + $as_admin );
	}
};
$add( 'all by date', array() );
$add( 'all by id', array( 'orderby' => 'id' ) );
$add( 'all by date asc', array( 'order' => 'asc' ) );
$add( 'partial', array( 'filter' => array( 'status' => 'partial' ) ) );
$add( 'trash', array( 'filter' => array( 'status' => 'trash' ) ) );
foreach ( $filters as $label => $conditions ) {
	$add( $label, array( 'filter' => array( 'conditions' => wp_json_encode( $conditions ) ) ) );
	$cases[ "$label, count" ] = array( "$route/count", array( 'filter' => array( 'conditions' => wp_json_encode( $conditions ) ) ) );
}
$add( '3 combined by id', array( 'orderby' => 'id', 'filter' => array( 'conditions' => wp_json_encode( $filters['3 combined'] ) ) ) );

// Deep pages of the filters reached as the admin reaches them past a capped count: with Next, which
// sends the previous page's cursor (next_cursor). Page 50 and page 100 (the 1,000th match).
foreach ( array_merge( array_keys( $filters ), array( '3 combined by id' ) ) as $label ) {
	$query = array( 'filter' => array( 'conditions' => wp_json_encode( $filters[ '3 combined by id' === $label ? '3 combined' : $label ] ) ) ) + ( '3 combined by id' === $label ? array( 'orderby' => 'id' ) : array() ) + $as_admin;
	foreach ( array( 50, 100 ) as $page ) {
		$cases[ "$label, next to p$page" ] = uf_cold_next_page( $route, $query, $page );
	}
}

// The detail route of a response in the middle of the unfiltered list and of the combined filter, as the
// admin asks it (without the count: the list's count request gives that).
foreach ( array( 'all' => array(), '3 combined' => array( 'filter' => array( 'conditions' => wp_json_encode( $filters['3 combined'] ) ) ) ) as $label => $query ) {
	$middle = $cases[ array_values( array_filter( array_keys( $cases ), static fn( string $k ): bool => str_starts_with( $k, ( 'all' === $label ? 'all by date' : $label ) . ', middle' ) ) )[0] ];
	$items  = uf_cold_request( $route, $middle[1] )->get_data()['items'];
	if ( $items ) {
		$id                               = (int) $items[0]['id'];
		$cases[ "detail #$id in $label" ] = array( "$route/$id", $query + $as_admin );
	}
}

// UF_BENCH_CASES: a regular expression; only the cases whose label it matches are run.
$only = (string) getenv( 'UF_BENCH_CASES' );
if ( '' !== $only ) {
	$cases = array_filter( $cases, static fn( string $label ): bool => 1 === preg_match( '/' . str_replace( '/', '\\/', $only ) . '/', $label ), ARRAY_FILTER_USE_KEY );
}
file_put_contents( $cache, (string) wp_json_encode( $cases ) );
uf_cold_run( $argv, $cases, array( Schema::table( 'responses' ), Schema::table( 'daily_responses' ), Schema::table( 'daily_funnel' ), Schema::table( 'daily_partials' ), Schema::table( 'id_blocks' ), Schema::table( 'answer_terms' ) ), 50 );
unlink( $cache );
