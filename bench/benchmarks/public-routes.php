<?php
/**
 * The visitor widget's write routes (survey impressions and responses, post-rating votes) against a
 * no-op REST route on the same site, in process through rest_do_request() as rest-baseline.php does
 * (DESIGN.md section 6: within 5 ms p50 of the no-op).
 *
 *   php bench/benchmarks/public-routes.php SITE_DIR
 *
 * Two set-ups per route:
 * - "no object cache": what a site without a persistent object cache pays; the rate-limit counters
 *   are rows in the table and the survey is read from the database on every request.
 * - "object cache": counters and the survey in the object cache. The cache here is WordPress's
 *   in-memory one standing in for Redis, so a Redis round trip (a few tenths of a ms each, three or
 *   four per request) is not in these figures.
 *
 * The rate limits are raised for the run; the bench survey and its rows are deleted at the end.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

require __DIR__ . '/../lib.php';

uf_bench_boot( $argv[1] ?? '' );

use UserFeedback\Frontend\SurveyTokens;
use UserFeedback\Licensing\Entitlements;
use UserFeedback\Licensing\License;
use UserFeedback\Plugin;
use UserFeedback\PostRatings\RatingTokens;
use UserFeedback\Surveys\SurveyRepository;

const UF_BENCH_RUNS = 300;

add_action(
	'rest_api_init',
	static fn() => register_rest_route(
		'userfeedback-bench/v1',
		'/noop',
		array(
			'methods'             => 'POST',
			'callback'            => static fn() => new WP_REST_Response( array( 'ok' => true ), 201 ),
			'permission_callback' => '__return_true',
		)
	)
);
$GLOBALS['wp_rest_server'] = null; // Built again with the route above.
rest_get_server();

add_filter(
	'userfeedback_rate_limits',
	static fn( array $limits ): array => array_map(
		static fn( $rule ) => array(
			'limit'  => 1000000,
			'window' => 60,
		),
		$limits
	)
);
$_SERVER['REMOTE_ADDR']     = '203.0.113.10';
$_SERVER['HTTP_USER_AGENT'] = 'Mozilla/5.0 (iPhone; CPU iPhone OS 17_4 like Mac OS X) AppleWebKit/605.1.15 (KHTML, like Gecko) Version/17.4 Mobile/15E148 Safari/604.1';
wp_set_current_user( 0 );

$surveys   = Plugin::instance()->surveys;
$survey_id = $surveys->insert(
	array(
		'title'     => 'Bench: public routes',
		'status'    => 'publish',
		'questions' => array(
			array( 'id' => 1, 'title' => 'Did you find it?', 'type' => 'radio-button', 'config' => array( 'options' => array( 'Yes', 'No' ) ), 'settings' => array() ),
			array( 'id' => 2, 'title' => 'How likely?', 'type' => 'nps', 'config' => array(), 'settings' => array() ),
			array( 'id' => 3, 'title' => 'What else?', 'type' => 'long-text', 'config' => array(), 'settings' => array() ),
			array( 'id' => 4, 'title' => 'Which?', 'type' => 'checkbox', 'config' => array( 'options' => array( 'A', 'B', 'C' ) ), 'settings' => array() ),
		),
	)
);

// The vote route needs the post-ratings feature (Pro, a licence and its addon) and a rated post.
Plugin::instance()->use_entitlements( new Entitlements( 'pro', new License( 'bench', 'plus' ), array( 'post-ratings' ) ) );
$rated_post = wp_insert_post(
	array(
		'post_title'  => 'Bench: rated post',
		'post_status' => 'publish',
		'post_type'   => 'post',
	)
);
$vote_body  = (string) wp_json_encode(
	array(
		'rating' => 4,
		'token'  => RatingTokens::issue( $rated_post ),
	)
);

$body = (string) wp_json_encode(
	array(
		'answers'        => array(
			array( 'question_id' => 1, 'value' => 'Yes' ),
			array( 'question_id' => 2, 'value' => 9 ),
			array( 'question_id' => 3, 'value' => 'Faster checkout, please.' ),
			array( 'question_id' => 4, 'value' => array( 'A', 'C' ) ),
		),
		'page_submitted' => array( 'link' => 'https://example.com/pricing/', 'title' => 'Pricing' ),
		'nonce'          => SurveyTokens::issue( $survey_id, 'submission' ),
	)
);
$post = static function ( string $route, string $json = '' ): WP_REST_Response {
	$request = new WP_REST_Request( 'POST', $route );
	if ( '' !== $json ) {
		$request->set_header( 'Content-Type', 'application/json' );
		$request->set_body( $json );
	}
	return rest_do_request( $request );
};
$noop       = static fn() => $post( '/userfeedback-bench/v1/noop', $body );
$response   = static fn() => $post( "/userfeedback/v1/surveys/$survey_id/responses", $body );
// As the widget sends it: the token in the query, no body.
$impression = static function () use ( $survey_id ): WP_REST_Response {
	$request = new WP_REST_Request( 'POST', "/userfeedback/v1/surveys/$survey_id/impression" );
	$request->set_query_params( array( 'nonce' => SurveyTokens::issue( $survey_id, 'impression' ) ) );
	return rest_do_request( $request );
};
$vote       = static fn() => $post( "/userfeedback/v1/post-ratings/$rated_post/votes", $vote_body );
// No persistent object cache: the survey's (and the rated post's) cached copy is dropped before each request.
$uncached = static fn( callable $fn ): callable => static function () use ( $fn, $rated_post ) {
	wp_cache_set_last_changed( SurveyRepository::CACHE_GROUP );
	wp_cache_delete( $rated_post, 'posts' );
	return $fn();
};

try {
	// A benchmark of an error page measures nothing: check every route answers what it should first.
	foreach ( array( array( 'no-op', $noop(), 201 ), array( 'impression', $impression(), 200 ), array( 'responses', $response(), 201 ), array( 'vote', $vote(), 201 ) ) as [ $name, $answer, $status ] ) {
		if ( $status !== $answer->get_status() ) {
			fwrite( STDERR, "$name answered {$answer->get_status()}: " . wp_json_encode( $answer->get_data() ) . "\n" );
			exit( 1 );
		}
	}
	// Wall time, and the CPU time of this process per request: on a slow or busy disk the difference is
	// mostly the database's commit (a disk sync per transaction on SQLite and on InnoDB's defaults).
	$cpu  = static function (): float {
		$usage = getrusage();
		return ( $usage['ru_utime.tv_sec'] + $usage['ru_stime.tv_sec'] ) * 1000 + ( $usage['ru_utime.tv_usec'] + $usage['ru_stime.tv_usec'] ) / 1000;
	};
	$time = static function ( callable $fn ) use ( $cpu ): array {
		$start = $cpu();
		$times = uf_bench_time( $fn, UF_BENCH_RUNS );
		return array( $times, ( $cpu() - $start ) / ( UF_BENCH_RUNS + min( 5, UF_BENCH_RUNS ) ) );
	};

	$results = array();
	wp_using_ext_object_cache( false );
	$results['no-op POST route']                  = $time( $noop );
	$results['POST impression (no object cache)'] = $time( $uncached( $impression ) );
	$results['POST responses (no object cache)']  = $time( $uncached( $response ) );
	$results['POST vote (no object cache)']       = $time( $uncached( $vote ) );
	wp_using_ext_object_cache( true );
	$results['POST impression (object cache)']    = $time( $impression );
	$results['POST responses (object cache)']     = $time( $response );
	$results['POST vote (object cache)']          = $time( $vote );
	wp_using_ext_object_cache( false );

	$base = uf_bench_percentile( $results['no-op POST route'][0], 50 );
	foreach ( $results as $label => [ $times, $cpu_ms ] ) {
		uf_bench_print( $label, $times );
	}
	echo "difference to the no-op route (budget: p50 within 5 ms):\n";
	foreach ( $results as $label => [ $times, $cpu_ms ] ) {
		if ( 'no-op POST route' === $label ) {
			continue;
		}
		$p50 = uf_bench_percentile( $times, 50 );
		printf( "  %-40s p50 %+7.3f ms   x%-7.2f cpu/request %6.3f ms   %s\n", $label, $p50 - $base, $p50 / max( $base, 0.001 ), $cpu_ms, $p50 - $base <= 5 ? 'within budget' : 'OVER BUDGET' );
	}
} finally {
	$surveys->delete_with_children( $survey_id );
	global $wpdb;
	$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE post_id = %d', \UserFeedback\Database\Schema::table( 'post_ratings' ), $rated_post ) );
	wp_delete_post( $rated_post, true );
	( new \UserFeedback\Rest\RateLimiter() )->prune();
}
