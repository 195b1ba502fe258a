<?php
/**
 * The retention purge at scale: sets the site's retention so that about half of the seeded responses
 * (seed.php spreads them over the last 90 days) are past it, then times purge runs (RetentionPurge::run(),
 * its own bounds: 50,000 responses or 20 s a run) until none is left, and prints per run the responses
 * deleted, responses/s and peak memory, the plans of the purge's id query, and whether the rollups
 * still equal a rebuild from the raw rows. DESTRUCTIVE: run it on a site of its own
 * (`npm run bench -- --retention`, which seeds a fresh one), never on the benchmarks' shared site.
 *
 *   php bench/retention.php SITE_DIR [--days=45] [--runs=N]
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}

require __DIR__ . '/lib.php';

$opts = array();
foreach ( array_slice( $argv, 2 ) as $arg ) {
	if ( preg_match( '/^--(days|runs)=(\d+)$/', $arg, $m ) ) {
		$opts[ $m[1] ] = (int) $m[2];
	}
}
$days = max( 1, $opts['days'] ?? 45 );
$runs = max( 1, $opts['runs'] ?? 100 );

uf_bench_boot( $argv[1] ?? '' );

use UserFeedback\Database\Schema;
use UserFeedback\Notifications\NotificationStore;
use UserFeedback\Plugin;
use UserFeedback\Responses\RetentionPurge;

global $wpdb;
$table  = Schema::table( 'responses' );
$before = gmdate( 'Y-m-d H:i:s', time() - $days * DAY_IN_SECONDS );
$total  = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i', $table ) );
$old    = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE submitted_at < %s', $table, $before ) );
$survey = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT survey_id FROM %i GROUP BY survey_id ORDER BY COUNT(*) DESC LIMIT 1', $table ) );
printf( "%d responses, %d older than %d days (%s UTC); engine %s\n", $total, $old, $days, $before, ( $GLOBALS['@pdo'] ?? null ) instanceof PDO ? 'sqlite' : 'mysql' );

// The plan of the purge's id query (ResponseBatches::ids_before()), one status of one survey.
$sql = $wpdb->prepare( 'SELECT id FROM %i WHERE survey_id = %d AND status = %s AND submitted_at < %s ORDER BY submitted_at LIMIT %d', $table, $survey, 'publish', $before, RetentionPurge::BATCH );
// SQLite: the driver's own PDO (its translator answers EXPLAIN QUERY PLAN with nothing); the
// table name is the same on both.
$plan = ( $GLOBALS['@pdo'] ?? null ) instanceof PDO
	? $GLOBALS['@pdo']->query( 'EXPLAIN QUERY PLAN ' . str_replace( '`', '"', $sql ) )->fetchAll( PDO::FETCH_ASSOC )
	: $wpdb->get_results( 'EXPLAIN ' . $sql, ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- prepared above.
echo 'plan: ' . wp_json_encode( $plan ) . "\n";

$settings = Plugin::instance()->settings;
$settings->save( array_merge( $settings->all(), array( 'retention_days' => $days ) ) );
$purge   = new RetentionPurge( $settings, new NotificationStore() );
$deleted = 0;
$seconds = 0.0;
for ( $run = 1; $run <= $runs; $run++ ) {
	$start  = hrtime( true );
	$result = $purge->run();
	$took   = ( hrtime( true ) - $start ) / 1e9;
	$deleted += $result['deleted'];
	$seconds += $took;
	printf(
		"run %d: %d deleted in %.2f s (%d responses/s), more: %s, peak memory %.1f MB\n",
		$run,
		$result['deleted'],
		$took,
		$took > 0 ? (int) round( $result['deleted'] / $took ) : 0,
		$result['more'] ? 'yes' : 'no',
		memory_get_peak_usage( true ) / 1048576
	);
	if ( ! $result['more'] ) {
		break;
	}
}
$left = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i WHERE submitted_at < %s', $table, $before ) );
printf( "total: %d deleted in %.2f s (%d responses/s); %d older left; %d responses remain\n", $deleted, $seconds, $seconds > 0 ? (int) round( $deleted / $seconds ) : 0, $left, (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COUNT(*) FROM %i', $table ) ) );

// The rollups of the survey with the most responses against a rebuild from what is left. Not part
// of the purge: the rebuild (the migration's code) may take more memory than the purge's 40 MB.
ini_set( 'memory_limit', '512M' ); // phpcs:ignore WordPress.PHP.IniSet.memory_limit_Disallowed
$start_check = hrtime( true );
$rollups = static function () use ( $wpdb, $survey ): string {
	$rows = array();
	foreach ( array( 'daily_responses', 'daily_answers', 'daily_funnel' ) as $name ) {
		foreach ( (array) $wpdb->get_results( $wpdb->prepare( 'SELECT * FROM %i WHERE survey_id = %d AND %i <> 0', Schema::table( $name ), $survey, 'count' ), ARRAY_A ) as $row ) {
			$rows[] = $name . wp_json_encode( array_map( 'strval', $row ) );
		}
	}
	sort( $rows );
	return md5( implode( "\n", $rows ) );
};
$live = $rollups();
( new \UserFeedback\Database\Rollups() )->rebuild_survey( $survey );
printf( "rollups of survey %d equal a rebuild: %s (checked in %.1f s)\n", $survey, $live === $rollups() ? 'yes' : 'NO', ( hrtime( true ) - $start_check ) / 1e9 );
