<?php
/**
 * In-process timings that later benchmarks compare against: a no-op REST route, GET settings, and the
 * front-end work of every page while a survey is published: the live surveys (cold and cached) and
 * the widget's inline config built from them (features, theming resolved per survey, page context).
 *
 *   php bench/benchmarks/rest-baseline.php SITE_DIR
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

require __DIR__ . '/../lib.php';

$site = uf_bench_boot( $argv[1] ?? '' );

add_action(
	'rest_api_init',
	static fn() => register_rest_route(
		'userfeedback-bench/v1',
		'/noop',
		array(
			'methods'             => 'GET',
			'callback'            => static fn() => array( 'ok' => true ),
			'permission_callback' => '__return_true',
		)
	)
);
$GLOBALS['wp_rest_server'] = null; // Built again with the route above.
rest_get_server();
$admin = get_users( array( 'role' => 'administrator', 'number' => 1, 'fields' => 'ID' ) )[0] ?? 0;

// A benchmark of an error page measures nothing: check both routes answer 200 first.
foreach ( array( array( 0, '/userfeedback-bench/v1/noop' ), array( (int) $admin, '/userfeedback/v1/settings' ) ) as [ $user, $route ] ) {
	wp_set_current_user( $user );
	$status = rest_do_request( new WP_REST_Request( 'GET', $route ) )->get_status();
	if ( 200 !== $status ) {
		fwrite( STDERR, "$route answered $status\n" );
		exit( 1 );
	}
}
wp_set_current_user( 0 );

$noop = uf_bench_time( static fn() => rest_do_request( new WP_REST_Request( 'GET', '/userfeedback-bench/v1/noop' ) ), 300 );
wp_set_current_user( (int) $admin );
$settings = uf_bench_time( static fn() => rest_do_request( new WP_REST_Request( 'GET', '/userfeedback/v1/settings' ) ), 300 );
wp_set_current_user( 0 );

$visitor = new \UserFeedback\Frontend\VisitorSurveys( \UserFeedback\Plugin::instance()->surveys );
$cold    = uf_bench_time(
	static function () use ( $visitor ) {
		\UserFeedback\Plugin::instance()->surveys->touch();
		$visitor->live();
	},
	100
);
$warm    = uf_bench_time( static fn() => $visitor->live(), 1000 );
$plugin  = \UserFeedback\Plugin::instance();
$loader  = new \UserFeedback\Frontend\WidgetLoader( $visitor, $plugin->settings, \Closure::fromCallable( array( $plugin, 'entitlements' ) ) );
$config  = uf_bench_time( static fn() => wp_json_encode( $loader->config( $visitor->live() ) ), 1000 );

uf_bench_print( 'REST no-op route', $noop );
uf_bench_print( 'GET userfeedback/v1/settings', $settings );
uf_bench_print( 'live surveys, uncached', $cold );
uf_bench_print( 'live surveys, cached', $warm );
uf_bench_print( sprintf( 'widget config of %d surveys, built and encoded', count( $visitor->live() ) ), $config );
