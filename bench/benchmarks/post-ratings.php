<?php
/**
 * Post-ratings results at scale: the rated-posts list (grouped in SQL over the range, sorted by each
 * column, paged, searched), one post's ratings, and the exports (time and peak memory), each request
 * on an empty object cache, then each cold (a fresh PHP process, bench/cold.php) and warm with the EXPLAIN
 * of its queries. Seeds its own data the first time (UF_BENCH_RATINGS ratings, 200,000 by
 * default, over UF_BENCH_RATED_POSTS posts, 2,000 by default, skewed: a few posts get most votes,
 * over the last 400 days) and keeps it for the next run.
 *
 *   php bench/benchmarks/post-ratings.php SITE_DIR
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

require __DIR__ . '/../lib.php';
require __DIR__ . '/../cold.php';

uf_cold_case_mode( $argv );
uf_bench_boot( $argv[1] ?? '' );

use UserFeedback\Database\Schema;
use UserFeedback\Exports\CsvWriter;
use UserFeedback\Exports\PostRatingsExporter;
use UserFeedback\Exports\PostRatingsExportRequest;
use UserFeedback\Exports\XlsxWriter;
use UserFeedback\Licensing\Entitlements;
use UserFeedback\Licensing\License;
use UserFeedback\Plugin;
use UserFeedback\PostRatings\RatingRepository;

global $wpdb;
Plugin::instance()->use_entitlements( new Entitlements( 'pro', new License( 'bench', 'plus' ), array( 'post-ratings' ) ) );
wp_set_current_user( (int) ( get_users( array( 'role' => 'administrator', 'number' => 1, 'fields' => 'ID' ) )[0] ?? 0 ) );

$want_ratings = (int) ( getenv( 'UF_BENCH_RATINGS' ) ?: 200000 );
$want_posts   = (int) ( getenv( 'UF_BENCH_RATED_POSTS' ) ?: 2000 );
$table        = Schema::table( 'post_ratings' );

/**
 * One multi-row INSERT; on SQLite straight to the driver's PDO (its PHP translator takes seconds
 * for a 1,000-row statement), on MariaDB through $wpdb.
 *
 * @param string[]                    $columns Columns.
 * @param array<int,array<int,mixed>> $rows    Rows.
 */
$insert = static function ( string $table, array $columns, string $row_format, array $rows ) use ( $wpdb ): void {
	$pdo = ( $GLOBALS['@pdo'] ?? null ) instanceof PDO ? $GLOBALS['@pdo'] : null;
	if ( $pdo ) {
		$row = '(' . implode( ',', array_fill( 0, count( $columns ), '?' ) ) . ')';
		$pdo->prepare( 'INSERT INTO "' . $table . '" ("' . implode( '","', $columns ) . '") VALUES ' . implode( ',', array_fill( 0, count( $rows ), $row ) ) )->execute( array_merge( ...$rows ) );
		return;
	}
	$sql = 'INSERT INTO %i (' . implode( ',', array_fill( 0, count( $columns ), '%i' ) ) . ') VALUES ' . implode( ',', array_fill( 0, count( $rows ), $row_format ) );
	if ( false === $wpdb->query( $wpdb->prepare( $sql, $table, ...array_merge( $columns, ...$rows ) ) ) ) {
		fwrite( STDERR, "insert into $table failed: {$wpdb->last_error}\n" );
		exit( 1 );
	}
};

$have = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i', $table ) );
if ( $have < $want_ratings ) {
	$started = microtime( true );
	mt_srand( 8 );
	$first = 1 + (int) $wpdb->get_var( "SELECT MAX(ID) FROM $wpdb->posts" ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- core table name.
	$now   = time();
	$rows  = array();
	for ( $i = 0; $i < $want_posts; $i++ ) {
		$date   = gmdate( 'Y-m-d H:i:s', $now - 500 * DAY_IN_SECONDS + $i * 60 );
		$rows[] = array( $first + $i, 1, $date, $date, 'Bench text.', sprintf( 'Bench rated post %04d', $i ), '', 'publish', 'bench-rated-post-' . ( $first + $i ), '', '', $date, $date, '', home_url( '/?p=' . ( $first + $i ) ), 'post' );
	}
	foreach ( array_chunk( $rows, 500 ) as $chunk ) {
		$insert( $wpdb->posts, array( 'ID', 'post_author', 'post_date', 'post_date_gmt', 'post_content', 'post_title', 'post_excerpt', 'post_status', 'post_name', 'to_ping', 'pinged', 'post_modified', 'post_modified_gmt', 'post_content_filtered', 'guid', 'post_type' ), '(%d,%d,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s,%s)', $chunk );
	}
	$batch = array();
	for ( $i = $have; $i < $want_ratings; $i++ ) {
		// Skewed: the square of a uniform number piles the votes on the first posts.
		$post    = $first + (int) floor( $want_posts * ( mt_rand() / mt_getrandmax() ) ** 2 ) % $want_posts;
		$batch[] = array( $post, array( 1, 2, 3, 4, 4, 5, 5, 5 )[ mt_rand( 0, 7 ) ], gmdate( 'Y-m-d H:i:s', $now - mt_rand( 0, 400 * DAY_IN_SECONDS ) ) );
		if ( count( $batch ) === 1000 ) {
			$insert( $table, array( 'post_id', 'rating', 'created_at' ), '(%d,%d,%s)', $batch );
			$batch = array();
		}
	}
	if ( $batch ) {
		$insert( $table, array( 'post_id', 'rating', 'created_at' ), '(%d,%d,%s)', $batch );
	}
	// The seed writes votes straight into their table: count the per-post totals the vote route keeps.
	( new RatingRepository() )->rebuild_totals();
	printf( "seeded %d posts and %d ratings in %.1f s\n", $want_posts, $want_ratings - $have, microtime( true ) - $started );
}
$total = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i', $table ) );
$top   = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT post_id FROM %i GROUP BY post_id ORDER BY COUNT(*) DESC LIMIT 1', $table ) );
$mine  = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE post_id = %d', $table, $top ) );
if ( ! in_array( true, array_map( static fn( $a ) => str_starts_with( (string) $a, '--case=' ), $argv ), true ) ) {
	printf( "%d ratings in all, %d of post %d\n", $total, $mine, $top );
}

$today = current_datetime();
$days  = static fn( int $n ): array => array(
	'from' => $today->modify( sprintf( '-%d days', $n - 1 ) )->format( 'Y-m-d' ),
	'to'   => $today->format( 'Y-m-d' ),
);
$get   = static function ( string $route, array $query ): WP_REST_Response {
	$request = new WP_REST_Request( 'GET', '/userfeedback/v1' . $route );
	$request->set_query_params( $query );
	return rest_do_request( $request );
};
$cases = array(
	'list all time, most rated'     => array( '/post-ratings/results', array() ),
	'list all time, title asc'      => array( '/post-ratings/results', array( 'orderby' => 'post_title', 'order' => 'asc' ) ),
	'list all time, average p50'    => array( '/post-ratings/results', array( 'orderby' => 'average_rating', 'page' => 50 ) ),
	'list 30 days, most rated'      => array( '/post-ratings/results', $days( 30 ) ),
	'list all time, search'         => array( '/post-ratings/results', array( 'search' => 'post 12' ) ),
	'top post, newest ratings'      => array( "/post-ratings/results/$top", array() ),
	'top post, by rating, page 100' => array( "/post-ratings/results/$top", array( 'orderby' => 'rating', 'page' => 100 ) ),
	'top post, 30 days'             => array( "/post-ratings/results/$top", $days( 30 ) ),
);
$is_case = in_array( true, array_map( static fn( $a ) => str_starts_with( (string) $a, '--case=' ), $argv ), true );
if ( $is_case ) {
	// A child of the cold figures below: one request, then exit.
	uf_cold_run( $argv, $cases, array( Schema::table( 'post_ratings' ), Schema::table( 'post_rating_totals' ) ), 50 );
}
$runs  = (int) ( getenv( 'UF_BENCH_RUNS' ) ?: 20 );
foreach ( $cases as $label => [ $route, $query ] ) {
	wp_cache_flush();
	$response = $get( $route, $query );
	if ( 200 !== $response->get_status() ) {
		fwrite( STDERR, "$route answered {$response->get_status()}: " . wp_json_encode( $response->get_data() ) . "\n" );
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
}

// What every view of the top post reads on a site without a persistent object cache, and what each vote
// on it reads back: the post's all-time count and average.
$repository = new RatingRepository();
uf_bench_print(
	'top post summary, empty cache',
	uf_bench_time(
		static function () use ( $repository, $top ) {
			wp_cache_flush();
			$repository->summary( $top );
		},
		$runs
	)
);

// Exports, to /dev/null: time and the peak memory above what was in use before.
$exporter = new PostRatingsExporter( new RatingRepository() );
foreach (
	array(
		'export rated posts, csv'  => array( array( 'format' => 'csv' ), new CsvWriter() ),
		'export rated posts, xlsx' => array( array( 'format' => 'xlsx' ), new XlsxWriter( 'Post ratings' ) ),
		'export top post, csv'     => array( array( 'format' => 'csv', 'post_id' => (string) $top ), new CsvWriter() ),
		'export top post, xlsx'    => array( array( 'format' => 'xlsx', 'post_id' => (string) $top ), new XlsxWriter( 'Post ratings' ) ),
	) as $label => [ $params, $writer ]
) {
	wp_cache_flush();
	$out    = fopen( '/dev/null', 'wb' );
	$before = memory_get_usage();
	memory_reset_peak_usage();
	$start = hrtime( true );
	$rows  = $exporter->run( PostRatingsExportRequest::from_params( $params ), $writer, $out );
	printf( "%-40s %8.1f ms   rows %7d   peak above start %5.1f MB\n", $label, ( hrtime( true ) - $start ) / 1e6, $rows, ( memory_get_peak_usage() - $before ) / 1048576 );
	fclose( $out );
}

// Issue 19: the lists at most 50 ms. Cold (a fresh PHP process and an emptied object cache per sample,
// bench/cold.php) and warm, with the EXPLAIN of each query: the all-time lists read post_rating_totals.
echo "-- cold and warm (issue 19 budget: 50 ms)\n";
uf_cold_run( $argv, $cases, array( Schema::table( 'post_ratings' ), Schema::table( 'post_rating_totals' ) ), 50 );
