<?php
/**
 * The admin's responses routes at scale: the first, middle and last page of the list of the survey
 * with the most responses, and the detail route (with its place in the list) for responses at the
 * start, middle and end. Budget (DESIGN.md section 6): any page of the list at most 50 ms.
 *
 *   php bench/benchmarks/responses.php SITE_DIR
 *
 * "cold" runs forget the survey's list snapshots (ResponseListIndex) before each request, so they
 * include counting and indexing the survey's responses again (what the first view after an admin
 * action, or once an hour, pays); "warm" runs are every other view, new responses included.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

require __DIR__ . '/../lib.php';

uf_bench_boot( $argv[1] ?? '' );

use UserFeedback\Database\Schema;
use UserFeedback\Responses\ResponseListIndex;

global $wpdb;
$row = $wpdb->get_row( $wpdb->prepare( 'SELECT survey_id, COUNT(*) AS n FROM %i WHERE status = %s GROUP BY survey_id ORDER BY n DESC LIMIT 1', Schema::table( 'responses' ), 'publish' ), ARRAY_A );
if ( ! $row ) {
	echo "no responses: seed first\n";
	exit( 0 );
}
$survey = (int) $row['survey_id'];
$total  = (int) $row['n'];
$admin  = (int) ( get_users( array( 'role' => 'administrator', 'number' => 1, 'fields' => 'ID' ) )[0] ?? 0 );
wp_set_current_user( $admin );
printf( "survey %d: %d published responses (%d in the table)\n", $survey, $total, (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i', Schema::table( 'responses' ) ) ) );

$get = static function ( string $route, array $query = array() ): WP_REST_Response {
	$request = new WP_REST_Request( 'GET', $route );
	$request->set_query_params( $query );
	return rest_do_request( $request );
};
$cold = static fn() => ( new ResponseListIndex() )->forget( $survey );

$pages = (int) ceil( $total / 10 );
$ids   = array();
foreach ( array( 'first' => 1, 'middle' => intdiv( $pages + 1, 2 ), 'last' => $pages ) as $label => $page ) {
	$route    = "/userfeedback/v1/surveys/$survey/responses";
	$response = $get( $route, array( 'page' => $page ) );
	if ( 200 !== $response->get_status() || ! $response->get_data()['items'] ) {
		fwrite( STDERR, "page $page answered {$response->get_status()}\n" );
		exit( 1 );
	}
	$ids[ $label ] = (int) $response->get_data()['items'][ intdiv( count( $response->get_data()['items'] ), 2 ) ]['id'];
	uf_bench_print( "list page $page ($label), warm", uf_bench_time( static fn() => $get( $route, array( 'page' => $page ) ), 30 ) );
	uf_bench_print( "list page $page ($label), cold", uf_bench_time( static function () use ( $get, $route, $page, $cold ) {
		$cold();
		$get( $route, array( 'page' => $page ) );
	}, 15 ) );
}
foreach ( $ids as $label => $id ) {
	$route = "/userfeedback/v1/surveys/$survey/responses/$id";
	$data  = $get( $route )->get_data();
	uf_bench_print( "detail #$id ({$label}, index {$data['position']['index']}), warm", uf_bench_time( static fn() => $get( $route ), 30 ) );
}
uf_bench_print( 'list trash filter page 1, cold', uf_bench_time( static function () use ( $get, $survey, $cold ) {
	$cold();
	$get( "/userfeedback/v1/surveys/$survey/responses", array( 'filter' => array( 'status' => 'trash' ) ) );
}, 15 ) );
// Partial responses: their snapshot is checked against the funnel rollup on every read and rebuilt
// when a partial completed (or at most every 5 minutes), so both cases matter.
$partial = (int) $get( "/userfeedback/v1/surveys/$survey/responses", array( 'filter' => array( 'status' => 'partial' ) ) )->get_data()['pagination']['total'];
$last    = max( 1, (int) ceil( $partial / 10 ) );
foreach ( array( 'first' => 1, 'last' => $last ) as $label => $page ) {
	$query = array( 'filter' => array( 'status' => 'partial' ), 'page' => $page );
	uf_bench_print( "list partial filter page $page ($label, $partial partial), warm", uf_bench_time( static fn() => $get( "/userfeedback/v1/surveys/$survey/responses", $query ), 30 ) );
	uf_bench_print( "list partial filter page $page ($label), cold", uf_bench_time( static function () use ( $get, $survey, $cold, $query ) {
		$cold();
		$get( "/userfeedback/v1/surveys/$survey/responses", $query );
	}, 15 ) );
}
