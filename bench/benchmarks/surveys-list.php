<?php
/**
 * The surveys list at scale (issue 19: at most 50 ms): GET surveys as the admin's list asks for it
 * (default order, sorted by responses, a second page, the trash filter) and one survey (its
 * responses_count), at 1,000,000 responses. Each survey's count is the sum of its daily rollup rows.
 * Also prints, once, the old correlated COUNT(*) per survey beside the new sums: they must be equal.
 *
 * Cold and warm as bench/cold.php says (fresh PHP process and wp_cache_flush() per cold sample).
 *
 *   php bench/benchmarks/surveys-list.php SITE_DIR
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

require __DIR__ . '/../lib.php';
require __DIR__ . '/../cold.php';

uf_cold_case_mode( $argv );
uf_bench_boot( $argv[1] ?? '' );

use UserFeedback\Database\Schema;

global $wpdb;
wp_set_current_user( (int) ( get_users( array( 'role' => 'administrator', 'number' => 1, 'fields' => 'ID' ) )[0] ?? 0 ) );

$biggest = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT survey_id FROM %i GROUP BY survey_id ORDER BY SUM(%i) DESC LIMIT 1', Schema::table( 'daily_responses' ), 'count' ) );
$cases   = array(
	'list, default (id desc)'     => array( '/surveys', array() ),
	'list, by responses desc'     => array( '/surveys', array( 'orderby' => 'responses_count', 'order' => 'desc' ) ),
	'list, page 2 of 2 per page'  => array( '/surveys', array( 'per_page' => 2, 'page' => 2 ) ),
	'list, trash'                 => array( '/surveys', array( 'filter' => array( 'status' => 'trash' ) ) ),
	"one survey ($biggest)"       => array( "/surveys/$biggest", array() ),
);
$tables = array( Schema::table( 'surveys' ), Schema::table( 'daily_responses' ), Schema::table( 'responses' ) );
if ( ! in_array( true, array_map( static fn( $a ) => str_starts_with( (string) $a, '--case=' ), $argv ), true ) ) {
	$start = hrtime( true );
	$old   = $wpdb->get_results(
		$wpdb->prepare( "SELECT s.id, ( SELECT COUNT(*) FROM %i r WHERE r.survey_id = s.id AND r.status = 'publish' ) AS n FROM %i s", Schema::table( 'responses' ), Schema::table( 'surveys' ) ),
		ARRAY_A
	);
	$old_ms = ( hrtime( true ) - $start ) / 1e6;
	$new    = array_column( (array) uf_cold_request( '/surveys', array( 'per_page' => 100 ) )->get_data()['items'], 'responses_count', 'id' );
	$equal  = true;
	foreach ( (array) $old as $row ) {
		$equal = $equal && isset( $new[ (int) $row['id'] ] ) && (int) $new[ (int) $row['id'] ] === (int) $row['n'];
		printf( "survey %d: COUNT(*) %d, list %s\n", $row['id'], $row['n'], $new[ (int) $row['id'] ] ?? 'not listed' );
	}
	printf( "the old correlated COUNT(*) of every survey took %.1f ms; the list's counts %s\n", $old_ms, $equal ? 'are equal' : 'DIFFER' );
}
uf_cold_run( $argv, $cases, $tables, 50 );
