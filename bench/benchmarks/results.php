<?php
/**
 * Results routes at scale (DESIGN 6: a survey's results p95 at most 200 ms at 1,000,000 responses):
 * a survey's results (with the drop-off funnel and the partial count, always read fresh from the
 * daily_funnel rollup), the overview (also sorted by completion rate), the NPS route, a page of text
 * answers and a comment search, each
 * request on an empty object cache (flushed before every request: a site without a persistent
 * object cache), and cached, over the last 30 and 90 days. Run after bench/seed.php (a site
 * upgraded from schema version 2 builds its rollups on the first boot, before the figures).
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

global $wpdb;
// Long ranges need a licence; the bench site has none.
Plugin::instance()->use_entitlements( new Entitlements( 'pro', new License( 'bench', 'elite' ), array() ) );
$admin = (int) ( get_users( array( 'role' => 'administrator', 'number' => 1, 'fields' => 'ID' ) )[0] ?? 0 );
wp_set_current_user( $admin );

// The survey with the most responses, and one with an nps question.
$survey = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT survey_id FROM %i GROUP BY survey_id ORDER BY SUM(%i) DESC LIMIT 1', Schema::table( 'daily_responses' ), 'count' ) );
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

// The survey's first long or short text question, and whether it has an nps one (seeds differ).
$text = 0;
$nps  = 0;
foreach ( (array) ( Plugin::instance()->surveys->find( $survey )['questions'] ?? array() ) as $q ) {
	if ( ! $text && in_array( $q['type'] ?? '', array( 'long-text', 'text' ), true ) ) {
		$text = (int) $q['id'];
	}
	if ( ! $nps && 'nps' === ( $q['type'] ?? '' ) ) {
		$nps = (int) $q['id'];
	}
}
$cases = array(
	'results 30 days'  => array( "/surveys/$survey/results", $range( 30 ) ),
	'results 90 days'  => array( "/surveys/$survey/results", $range( 90 ) ),
	'overview 30 days' => array( '/results-summary', $range( 30 ) ),
	'overview by completion rate' => array( '/results-summary', $range( 30 ) + array( 'orderby' => 'completion_rate' ) ),
	'nps 30 days'      => array( "/surveys/$survey/nps", $range( 30 ) ),
	'answers page 1'   => array( "/surveys/$survey/questions/$text/answers", $range( 30 ) ),
	'nps comments'     => array( "/surveys/$survey/nps/comments", $range( 30 ) ),
	'nps comments search' => array( "/surveys/$survey/nps/comments", $range( 30 ) + array( 'search' => 'pricing' ) ),
);
// Every request on an empty object cache, as on most sites (no persistent object cache: every
// request starts empty). The payload cache (ResultsCache) is flushed before each one; results come
// from the daily rollups. A second set with the payloads cached, for sites with Redis.
$runs = (int) ( getenv( 'UF_BENCH_RUNS' ) ?: 20 );
if ( ! $text ) {
	unset( $cases['answers page 1'] );
}
if ( ! $nps ) {
	unset( $cases['nps 30 days'], $cases['nps comments'], $cases['nps comments search'] );
}
foreach ( $cases as $label => [ $route, $query ] ) {
	wp_cache_flush();
	$status = $get( $route, $query )->get_status();
	if ( 200 !== $status ) {
		fwrite( STDERR, "$route answered $status\n" );
		exit( 1 );
	}
	uf_bench_print(
		"$label, empty cache",
		uf_bench_time(
			static function () use ( $get, $route, $query ) {
				wp_cache_flush();
				$get( $route, $query );
			},
			$runs
		)
	);
	uf_bench_print( "$label, cached", uf_bench_time( static fn() => $get( $route, $query ), 200 ) );
}
wp_cache_flush();
$data = $get( "/surveys/$survey/results", $range( 30 ) )->get_data();
printf( "check: range_responses_count %d, nps score %s\n", $data['range_responses_count'], wp_json_encode( $data['nps_overview']['score'] ?? null ) );
// The same from the raw tables (what the rollups must equal).
$r30 = new \UserFeedback\Results\Range( $range( 30 )['from'], $range( 30 )['to'], wp_timezone() );
$raw = $wpdb->get_row(
	$wpdb->prepare(
		"SELECT COUNT(*) AS n, SUM( CASE WHEN value IN ('9','10') THEN 1 ELSE 0 END ) AS p, SUM( CASE WHEN value IN ('0','1','2','3','4','5','6') THEN 1 ELSE 0 END ) AS d FROM %i WHERE survey_id = %d AND question_id = %d AND status = 'publish' AND submitted_at >= %s AND submitted_at < %s",
		Schema::table( 'answers' ),
		$survey,
		$nps,
		$r30->start_utc(),
		$r30->end_utc()
	),
	ARRAY_A
);
printf( "check, raw tables: nps answers %d, nps score %d (rollup: %d answers)\n", $raw['n'], (int) round( 100 * ( $raw['p'] - $raw['d'] ) / max( 1, $raw['n'] ) ), $data['nps_overview']['total'] ?? 0 );
$funnel = $data['funnel'];
printf(
	"funnel 30 days: %d impressions, %d started, %d completed (rate %s), median %s s, %d partial; reached per question: %s\n",
	$funnel['impressions'],
	$funnel['started'],
	$funnel['completed'],
	wp_json_encode( $funnel['completion_rate'] ),
	wp_json_encode( $funnel['median_seconds'] ),
	$data['partial'],
	implode( ' ', array_column( $funnel['questions'], 'reached' ) )
);
// The same counts from the raw rows (what the funnel rollup must equal): responses that started on
// the range's days, out of the trash.
$raw = $wpdb->get_row(
	$wpdb->prepare(
		"SELECT COUNT(*) AS started, SUM( CASE WHEN completed_at IS NULL THEN 0 ELSE 1 END ) AS completed FROM %i WHERE survey_id = %d AND status <> 'trash' AND started_at >= %s AND started_at < %s",
		Schema::table( 'responses' ),
		$survey,
		$r30->start_utc(),
		$r30->end_utc()
	),
	ARRAY_A
);
printf( "check, raw tables: %d started, %d completed\n", $raw['started'], $raw['completed'] );
