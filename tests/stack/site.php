<?php
/**
 * Site tasks of the stack and the load test, run with the PHP CLI against a site folder:
 *
 *   php tests/stack/site.php setup SITE_DIR      the load-test survey, the trusted proxy header and an
 *                                               application password; prints JSON for bench/load
 *   php tests/stack/site.php dump SITE_DIR ID   the survey's raw rows (responses with their answers,
 *                                               impressions) as JSON, for the load test's counts
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
if ( ! in_array( $uf_task, array( 'setup', 'dump' ), true ) || ! is_file( $uf_site . '/wp-load.php' ) ) {
	fwrite( STDERR, "usage: php site.php setup|dump SITE_DIR [SURVEY_ID]\n" );
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

// dump
$survey_id = (int) ( $argv[3] ?? 0 );
global $wpdb;
$columns   = $wpdb->get_col( $wpdb->prepare( 'SHOW COLUMNS FROM %i', Schema::table( 'responses' ) ) );
$has       = static fn( string $c ): bool => in_array( $c, $columns, true );
$select    = 'id, status, submitted_at' . ( $has( 'client_id' ) ? ', client_id, started_at, completed_at, last_question' : '' );
$responses = $wpdb->get_results( $wpdb->prepare( "SELECT $select FROM %i WHERE survey_id = %d ORDER BY id", Schema::table( 'responses' ), $survey_id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared
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
