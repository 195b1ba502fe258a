<?php
/**
 * Site tasks of the stack and the load test, run with the PHP CLI against a site folder:
 *
 *   php tests/stack/site.php setup SITE_DIR      the load-test survey, the trusted proxy header and an
 *                                               application password; prints JSON for bench/load
 *   php tests/stack/site.php dump SITE_DIR ID   the survey's raw rows (responses with their answers,
 *                                               impressions) as JSON, for the load test's counts
 *   php tests/stack/site.php cache SITE_DIR up|down   checks the Redis drop-in (tests/stack/object-cache.php)
 *                                               with Redis running, or stopped; exit 1 on a failed check
 *
 * setup is idempotent: a site that has the survey already answers the same JSON (a new application
 * password each time, the older ones of the same name revoked).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

if ( PHP_SAPI !== 'cli' ) {
	exit( 1 );
}

[ , $uf_task, $uf_site ] = array_pad( $argv, 3, '' );
if ( ! in_array( $uf_task, array( 'setup', 'dump', 'cache' ), true ) || ! is_file( $uf_site . '/wp-load.php' ) ) {
	fwrite( STDERR, "usage: php site.php setup|dump|cache SITE_DIR [SURVEY_ID|up|down]\n" );
	exit( 2 );
}
$_SERVER['HTTP_HOST']       = '127.0.0.1';
$_SERVER['REQUEST_URI']     = '/';
$_SERVER['REQUEST_METHOD']  = 'GET';
$_SERVER['REMOTE_ADDR']     = '127.0.0.1';
$_SERVER['SERVER_PROTOCOL'] = 'HTTP/1.1';
define( 'WP_DISABLE_FATAL_ERROR_HANDLER', true );
require $uf_site . '/wp-load.php';
ini_set( 'display_errors', 'stderr' ); // phpcs:ignore WordPress.PHP.IniSet.display_errors_Disallowed

use UserFeedback\Database\Schema;
use UserFeedback\Frontend\SurveyTokens;
use UserFeedback\Plugin;

const UF_STACK_SURVEY_TITLE = 'Load test: five questions';

/**
 * The five questions, one of each kind of answer the widget sends.
 *
 * @return array<int,array<string,mixed>>
 */
function uf_stack_questions(): array {
	return array(
		array( 'id' => 1, 'title' => 'Did you find what you came for?', 'type' => 'radio-button', 'config' => array( 'options' => array( 'Yes', 'No', 'Partly' ) ), 'settings' => array() ),
		array( 'id' => 2, 'title' => 'How likely are you to recommend us?', 'type' => 'nps', 'config' => array(), 'settings' => array() ),
		array( 'id' => 3, 'title' => 'Which pages did you read?', 'type' => 'checkbox', 'config' => array( 'options' => array( 'Pricing', 'Docs', 'Blog' ) ), 'settings' => array() ),
		array( 'id' => 4, 'title' => 'Your name, if you like', 'type' => 'text', 'config' => array(), 'settings' => array() ),
		array( 'id' => 5, 'title' => 'What should we improve?', 'type' => 'long-text', 'config' => array(), 'settings' => array() ),
	);
}

if ( 'setup' === $uf_task ) {
	$plugin   = Plugin::instance();
	$settings = $plugin->settings->all();
	// The load generator plays the trusted proxy in front of nginx: one X-Forwarded-For per visitor.
	$settings['ip_header'] = 'HTTP_X_FORWARDED_FOR';
	$plugin->settings->save( $settings );

	global $wpdb;
	$survey_id = (int) $wpdb->get_var( $wpdb->prepare( 'SELECT id FROM %i WHERE title = %s AND status = %s ORDER BY id LIMIT 1', Schema::table( 'surveys' ), UF_STACK_SURVEY_TITLE, 'publish' ) );
	if ( 0 === $survey_id ) {
		$survey_id = $plugin->surveys->insert(
			array(
				'title'     => UF_STACK_SURVEY_TITLE,
				'status'    => 'publish',
				'questions' => uf_stack_questions(),
			)
		);
	}

	$user = get_user_by( 'login', 'admin' );
	if ( ! $user ) {
		fwrite( STDERR, "setup: no admin user\n" );
		exit( 1 );
	}
	foreach ( WP_Application_Passwords::get_user_application_passwords( $user->ID ) as $item ) {
		if ( 'userfeedback-load' === $item['name'] ) {
			WP_Application_Passwords::delete_application_password( $user->ID, $item['uuid'] );
		}
	}
	$created = WP_Application_Passwords::create_new_application_password( $user->ID, array( 'name' => 'userfeedback-load' ) );
	if ( is_wp_error( $created ) ) {
		fwrite( STDERR, 'setup: application password: ' . $created->get_error_message() . "\n" );
		exit( 1 );
	}
	echo wp_json_encode(
		array(
			'url'              => home_url( '/' ),
			'survey_id'        => $survey_id,
			'impression_token' => SurveyTokens::issue( $survey_id, 'impression' ),
			'submission_token' => SurveyTokens::issue( $survey_id, 'submission' ),
			'questions'        => array_map( static fn( array $q ) => array( 'id' => $q['id'], 'type' => $q['type'] ), uf_stack_questions() ),
			'user'             => $user->user_login,
			'app_password'     => $created[0],
			'object_cache'     => wp_using_ext_object_cache(),
			// The limits in force (after the stack's mu-plugin), for the load test's rate-limit check.
			'limits'           => ( new \UserFeedback\Rest\RateLimiter() )->limits(),
		),
		JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES
	), "\n";
	exit( 0 );
}

if ( 'cache' === $uf_task ) {
	$uf_up     = 'down' !== ( $argv[3] ?? 'up' );
	$uf_failed = 0;
	$uf_checks = 0;
	$uf_check  = static function ( string $what, bool $ok ) use ( &$uf_failed, &$uf_checks ): void {
		++$uf_checks;
		if ( ! $ok ) {
			++$uf_failed;
			fwrite( STDERR, "cache check failed: $what\n" );
		}
	};
	$uf_cache = $GLOBALS['wp_object_cache'];
	$uf_check( 'the drop-in is loaded', $uf_cache instanceof UF_Redis_Object_Cache );
	$uf_check( 'persistent ' . ( $uf_up ? 'while Redis runs' : 'reported false while Redis is down' ), $uf_up === wp_using_ext_object_cache() && $uf_up === $uf_cache->persistent() );
	$uf_group = 'uf_cache_check';
	$uf_key   = 'k' . wp_rand();
	wp_cache_delete( $uf_key, $uf_group );
	$uf_check( 'incr of a missing key is false', false === wp_cache_incr( $uf_key, 1, $uf_group ) );
	$uf_check( 'add of a new key', true === wp_cache_add( $uf_key, 5, $uf_group, 60 ) );
	$uf_check( 'add of an existing key refused', false === wp_cache_add( $uf_key, 9, $uf_group, 60 ) );
	$uf_check( 'incr', 7 === wp_cache_incr( $uf_key, 2, $uf_group ) );
	$uf_check( 'decr stops at 0', 0 === wp_cache_decr( $uf_key, 100, $uf_group ) );
	$uf_check( 'replace of a missing key refused', false === wp_cache_replace( $uf_key . 'x', 1, $uf_group ) );
	$uf_object = (object) array( 'a' => array( 1, 'two' ) );
	wp_cache_set( $uf_key . 'o', $uf_object, $uf_group );
	$uf_object->a = 'changed after set';
	$uf_check( 'objects are copied in and out', array( 1, 'two' ) === wp_cache_get( $uf_key . 'o', $uf_group )->a );
	wp_cache_set( $uf_key . 'f', false, $uf_group );
	$uf_found = null;
	$uf_check( 'a stored false is found', false === wp_cache_get( $uf_key . 'f', $uf_group, false, $uf_found ) && true === $uf_found );
	wp_cache_add_non_persistent_groups( array( 'uf_cache_local' ) );
	wp_cache_set( 'n', 1, 'uf_cache_local' );
	if ( $uf_up ) {
		// What another request (a fresh runtime cache) sees.
		wp_cache_flush_runtime();
		$uf_check( 'an integer comes back an integer from Redis', 0 === wp_cache_get( $uf_key, $uf_group ) );
		$uf_check( 'an object comes back from Redis', array( 1, 'two' ) === wp_cache_get( $uf_key . 'o', $uf_group )->a );
		$uf_check( 'non-persistent groups stay in the request', false === wp_cache_get( 'n', 'uf_cache_local' ) );
		$uf_check( 'multiple get', array( $uf_key => 0, 'missing' => false ) === wp_cache_get_multiple( array( $uf_key, 'missing' ), $uf_group ) );
		wp_cache_flush_group( $uf_group );
		wp_cache_flush_runtime();
		$uf_check( 'group flush', false === wp_cache_get( $uf_key, $uf_group ) );
		// Another site of a network does not see this one's keys.
		wp_cache_set( 'site', 'one', $uf_group );
		wp_cache_switch_to_blog( 2 );
		wp_cache_flush_runtime();
		$uf_check( 'keys are per site', false === wp_cache_get( 'site', $uf_group ) );
		wp_cache_switch_to_blog( 1 );
		$uf_check( 'no Redis error', 0 === $uf_cache->failures );
	} else {
		$uf_check( 'the request keeps its own values', 0 === wp_cache_get( $uf_key, $uf_group ) && 1 === wp_cache_get( 'n', 'uf_cache_local' ) );
		wp_cache_flush_runtime();
		$uf_check( 'nothing outlives the request', false === wp_cache_get( $uf_key, $uf_group ) );
	}
	echo $uf_failed ? "cache: $uf_failed of $uf_checks checks failed\n" : "cache: $uf_checks checks passed (Redis " . ( $uf_up ? 'up' : 'down' ) . ")\n";
	exit( $uf_failed ? 1 : 0 );
}

// dump
$survey_id = (int) ( $argv[3] ?? 0 );
global $wpdb;
// SELECT *: the columns of partial responses (client_id, completed_at ...) are there from schema 6 on.
$responses = array_map(
	static fn( array $row ): array => array_intersect_key( $row, array_flip( array( 'id', 'status', 'submitted_at', 'client_id', 'started_at', 'completed_at', 'closed_at', 'last_question' ) ) ),
	$wpdb->get_results( $wpdb->prepare( 'SELECT * FROM %i WHERE survey_id = %d ORDER BY id', Schema::table( 'responses' ), $survey_id ), ARRAY_A ) ?: array()
);
$answers   = $wpdb->get_results( $wpdb->prepare( 'SELECT response_id, question_id, status, value FROM %i WHERE survey_id = %d ORDER BY id', Schema::table( 'answers' ), $survey_id ), ARRAY_A );
$by_id     = array();
foreach ( $responses as $row ) {
	$row['id']      = (int) $row['id'];
	$row['answers'] = array();
	$by_id[ $row['id'] ] = $row;
}
$orphans = 0;
foreach ( $answers as $answer ) {
	$rid = (int) $answer['response_id'];
	if ( ! isset( $by_id[ $rid ] ) ) {
		++$orphans;
		continue;
	}
	$by_id[ $rid ]['answers'][] = array(
		'question_id' => (int) $answer['question_id'],
		'status'      => $answer['status'],
		'value'       => $answer['value'],
	);
}
echo wp_json_encode(
	array(
		'responses'      => array_values( $by_id ),
		'orphan_answers' => $orphans,
		'impressions'    => (int) $wpdb->get_var( $wpdb->prepare( 'SELECT COALESCE(SUM(count),0) FROM %i WHERE survey_id = %d', Schema::table( 'impressions' ), $survey_id ) ),
		'db_error'       => $wpdb->last_error,
	),
	JSON_UNESCAPED_SLASHES
), "\n";
