<?php
/**
 * Full-text search at scale (issue 19: text-answer and NPS comment search p95 at most 150 ms cold, any
 * page): the results' text-answer list and NPS comments searched with common words of the seed (each in
 * a few percent of the answers), two words, a word no answer holds, a two-letter word and the comments'
 * last page without a search; first, a middle and the last page (pages end at AnswerSearch::COUNT_CAP
 * matches), asked for directly and reached with Next. Searches read the search table (AnswerTerms) once
 * it is filled; the benchmark says whether it is.
 *
 * Cold and warm as bench/cold.php says: each cold sample is a fresh PHP process with an emptied object
 * cache (wp_cache_flush()), timing one REST request; then the EXPLAIN of each query a case ran.
 *
 *   php bench/benchmarks/search.php SITE_DIR
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

require __DIR__ . '/../lib.php';

require __DIR__ . '/../cold.php';

[ $uf_case ] = uf_cold_case_mode( $argv );
uf_bench_boot( $argv[1] ?? '' );

use UserFeedback\Database\AnswerSearch;
use UserFeedback\Database\Schema;
use UserFeedback\Licensing\Entitlements;
use UserFeedback\Licensing\License;
use UserFeedback\Plugin;

global $wpdb;
Plugin::instance()->use_entitlements( new Entitlements( 'pro', new License( 'bench', 'elite' ), array() ) );
wp_set_current_user( (int) ( get_users( array( 'role' => 'administrator', 'number' => 1, 'fields' => 'ID' ) )[0] ?? 0 ) );

// The cases (with the cursors the parent read) are worked out once and kept for the children.
$cache = sys_get_temp_dir() . '/uf-bench-search-' . md5( (string) realpath( $argv[1] ) . DB_NAME . $wpdb->prefix ) . '.json';
if ( null !== $uf_case && is_file( $cache ) ) {
	uf_cold_run( $argv, json_decode( (string) file_get_contents( $cache ), true ), array( Schema::table( 'answers' ), Schema::table( 'answer_terms' ) ), 150 );
	exit( 0 );
}

$survey = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT survey_id FROM %i GROUP BY survey_id ORDER BY SUM(%i) DESC LIMIT 1', Schema::table( 'daily_responses' ), 'count' ) );
if ( ! $survey ) {
	fwrite( STDERR, "No responses: seed first (bench/seed.php).\n" );
	exit( 1 );
}
$text = 0;
$long = 0;
$nps  = 0;
foreach ( (array) ( Plugin::instance()->surveys->find( $survey )['questions'] ?? array() ) as $q ) {
	$type = (string) ( $q['type'] ?? '' );
	if ( ! $text && 'text' === $type ) {
		$text = (int) $q['id'];
	}
	if ( ! $long && 'long-text' === $type ) {
		$long = (int) $q['id'];
	}
	if ( ! $nps && 'nps' === $type ) {
		$nps = (int) $q['id'];
	}
}
$today = current_datetime();
$range = static fn( int $days ): array => array(
	'from' => $today->modify( sprintf( '-%d days', $days - 1 ) )->format( 'Y-m-d' ),
	'to'   => $today->format( 'Y-m-d' ),
);
$year  = $range( 365 );
$last  = AnswerSearch::COUNT_CAP / 10;
$cases = array(
	'text "checkout" p1'            => array( "/surveys/$survey/questions/$text/answers", $year + array( 'search' => 'checkout' ) ),
	'text "checkout" p50'           => array( "/surveys/$survey/questions/$text/answers", $year + array( 'search' => 'checkout', 'page' => 50 ) ),
	"text \"checkout\" p$last (last)" => array( "/surveys/$survey/questions/$text/answers", $year + array( 'search' => 'checkout', 'page' => $last ) ),
	'text "check" (prefix) p1'      => array( "/surveys/$survey/questions/$text/answers", $year + array( 'search' => 'check' ) ),
	'long "pricing checkout" p1'    => array( "/surveys/$survey/questions/$long/answers", $year + array( 'search' => 'pricing checkout' ) ),
	'long "pricing checkout" last'  => array( "/surveys/$survey/questions/$long/answers", $year + array( 'search' => 'pricing checkout', 'page' => $last ) ),
	'text "zebra" (none)'           => array( "/surveys/$survey/questions/$text/answers", $year + array( 'search' => 'zebra' ) ),
	'text "ke" (2 letters)'          => array( "/surveys/$survey/questions/$long/answers", $year + array( 'search' => 'ke' ) ),
	'nps comments "pricing" p1'     => array( "/surveys/$survey/nps/comments", $year + array( 'search' => 'pricing' ) ),
	'nps comments "pricing" p50'    => array( "/surveys/$survey/nps/comments", $year + array( 'search' => 'pricing', 'page' => 50 ) ),
	"nps comments \"pricing\" p$last" => array( "/surveys/$survey/nps/comments", $year + array( 'search' => 'pricing', 'page' => $last ) ),
	'nps comments "pri" (prefix)'   => array( "/surveys/$survey/nps/comments", $year + array( 'search' => 'pri' ) ),
	'nps comments, no search, p1'   => array( "/surveys/$survey/nps/comments", $range( 30 ) ),
);
// The comments' last page without a search (OFFSET paging over the question's answers of the range).
$pages = (int) ( uf_cold_request( "/surveys/$survey/nps/comments", $range( 30 ) )->get_data()['pagination']['pages'] ?? 1 );
$cases[ "nps comments, no search, p$pages (last)" ] = array( "/surveys/$survey/nps/comments", $range( 30 ) + array( 'page' => $pages ) );
// Deep pages as the admin reaches them: with Next, which sends the previous page's cursor.
foreach ( array( 50, $last ) as $page ) {
	$cases[ "text \"checkout\" next to p$page" ]        = uf_cold_next_page( "/surveys/$survey/questions/$text/answers", $year + array( 'search' => 'checkout' ), $page );
	$cases[ "long \"pricing checkout\" next to p$page" ] = uf_cold_next_page( "/surveys/$survey/questions/$long/answers", $year + array( 'search' => 'pricing checkout' ), $page );
	$cases[ "nps comments \"pricing\" next to p$page" ]  = uf_cold_next_page( "/surveys/$survey/nps/comments", $year + array( 'search' => 'pricing' ), $page );
}
// UF_BENCH_CASES: a regular expression; only the cases whose label it matches are run.
$only = (string) getenv( 'UF_BENCH_CASES' );
if ( '' !== $only ) {
	$cases = array_filter( $cases, static fn( string $label ): bool => 1 === preg_match( '/' . str_replace( '/', '\\/', $only ) . '/', $label ), ARRAY_FILTER_USE_KEY );
}
file_put_contents( $cache, (string) wp_json_encode( $cases ) );

$responses = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i', Schema::table( 'responses' ) ) );
$surveys   = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(DISTINCT survey_id) FROM %i', Schema::table( 'daily_responses' ) ) );
printf( "%d responses over %d surveys; survey %d: text question %d, long-text %d, nps %d\n", $responses, $surveys, $survey, $text, $long, $nps );
printf(
	"search table (AnswerTerms): %s, %d rows\n",
	\UserFeedback\Database\AnswerTerms::ready() ? 'filled' : 'not filled yet (searches scan the answers)',
	(int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i', Schema::table( \UserFeedback\Database\AnswerTerms::TABLE ) ) )
);

uf_cold_run( $argv, $cases, array( Schema::table( 'answers' ), Schema::table( 'answer_terms' ) ), 150 );
unlink( $cache );
