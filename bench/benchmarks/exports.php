<?php
/**
 * A full CSV and XLSX export (general report) of every response of the survey with the most
 * responses, each in a child process under WordPress's default memory limit
 * (php -d memory_limit=40M), writing to a temporary file. Prints time, rows, file size, the memory
 * WordPress used once booted, and the peak PHP memory. Budget (DESIGN.md section 6): peak at most 32 MB.
 *
 * The child runs with OPcache on, as every production PHP does: without it the CLI compiles
 * WordPress into the request's own memory (about 27 MB before the export starts, against about 6 MB
 * with it), which measures the CLI rather than the export. UF_BENCH_NO_OPCACHE=1 runs without.
 *
 *   php bench/benchmarks/exports.php SITE_DIR
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

require __DIR__ . '/../lib.php';

// The child: php exports.php SITE_DIR --child FORMAT SURVEY OUT
if ( in_array( '--child', $argv, true ) ) {
	[ , $site, , $format, $survey, $out_path ] = $argv;
	uf_bench_boot( $site );
	$booted = memory_get_usage();
	$admin = (int) ( get_users( array( 'role' => 'administrator', 'number' => 1, 'fields' => 'ID' ) )[0] ?? 0 );
	wp_set_current_user( $admin );
	$plugin = \UserFeedback\Plugin::instance();
	$plugin->use_entitlements( new \UserFeedback\Licensing\Entitlements( 'pro', new \UserFeedback\Licensing\License( 'bench', 'elite' ), array() ) );
	$page  = new \UserFeedback\Exports\ExportPage( $plugin->surveys, new \UserFeedback\Exports\Exporter( new \UserFeedback\Exports\ExportRepository() ), Closure::fromCallable( array( $plugin, 'entitlements' ) ) );
	$out   = fopen( $out_path, 'wb' );
	$start = hrtime( true );
	$rows  = $page->handle(
		array(
			'survey_id' => $survey,
			'format'    => $format,
			'_wpnonce'  => wp_create_nonce( \UserFeedback\Exports\ExportPage::NONCE ),
		),
		$out
	);
	fclose( $out );
	echo wp_json_encode(
		array(
			'rows'    => $rows,
			'seconds' => round( ( hrtime( true ) - $start ) / 1e9, 2 ),
			'boot_mb'         => round( $booted / 1048576, 1 ),
			'peak_mb'         => round( memory_get_peak_usage( true ) / 1048576, 1 ),
			'peak_mb_emalloc' => round( memory_get_peak_usage() / 1048576, 1 ),
		)
	), "\n";
	exit( 0 );
}

uf_bench_boot( $argv[1] ?? '' );
global $wpdb;
$row = $wpdb->get_row( $wpdb->prepare( 'SELECT survey_id, COUNT(*) AS n FROM %i WHERE status = %s GROUP BY survey_id ORDER BY n DESC LIMIT 1', \UserFeedback\Database\Schema::table( 'responses' ), 'publish' ), ARRAY_A );
if ( ! $row ) {
	echo "no responses: seed first\n";
	exit( 0 );
}
foreach ( array( 'csv', 'xlsx' ) as $format ) {
	$path = tempnam( sys_get_temp_dir(), 'uf-bench-export' );
	$cmd  = sprintf( '%s -d memory_limit=40M -d opcache.enable_cli=%d %s %s --child %s %d %s 2>&1', escapeshellarg( PHP_BINARY ), getenv( 'UF_BENCH_NO_OPCACHE' ) ? 0 : 1, escapeshellarg( __FILE__ ), escapeshellarg( $argv[1] ), $format, (int) $row['survey_id'], escapeshellarg( $path ) );
	$out  = shell_exec( $cmd );
	$json = json_decode( trim( (string) $out ), true );
	if ( ! is_array( $json ) ) {
		echo "$format export failed: ", trim( (string) $out ), "\n";
	} else {
		printf( "%-5s export of survey %d (%d published): %d rows, %.1f s, %.1f MB file; memory: %.1f MB after boot, peak %.1f MB (real; %.1f MB allocated; memory_limit=40M, opcache %s)\n", strtoupper( $format ), $row['survey_id'], $row['n'], $json['rows'], $json['seconds'], filesize( $path ) / 1048576, $json['boot_mb'], $json['peak_mb'], $json['peak_mb_emalloc'], getenv( 'UF_BENCH_NO_OPCACHE' ) ? 'off' : 'on' );
	}
	unlink( $path );
}
