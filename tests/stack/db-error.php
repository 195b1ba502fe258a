<?php
/**
 * WordPress loads wp-content/db-error.php (and dies after it) when it cannot reach the database: at boot
 * (wpdb::db_connect) and when a lost connection cannot be re-established (dead_db()). Without it a
 * REST client gets WordPress's HTML error page with status 500, which a widget must treat as a
 * failure it cannot retry safely.
 *
 * This one, linked in by scripts/stack.sh, answers 503 with Retry-After: REST requests as JSON in the
 * plugin's contract (the visitor routes' "busy" answer, which the widget retries with the same body),
 * other requests with a short HTML page. Nothing was written: the request never reached the database.
 *
 * @package UserFeedback
 */

// Loaded in the global scope before any plugin: no WordPress function beyond what wp-settings.php
// has loaded by then may be assumed, so plain PHP only.
if ( ! defined( 'ABSPATH' ) ) {
	exit;
}

$uf_db_error_uri  = isset( $_SERVER['REQUEST_URI'] ) ? (string) $_SERVER['REQUEST_URI'] : '';
$uf_db_error_rest = ( defined( 'REST_REQUEST' ) && REST_REQUEST )
	|| false !== strpos( $uf_db_error_uri, '/wp-json/' )
	|| false !== strpos( $uf_db_error_uri, 'rest_route=' );

if ( ! headers_sent() ) {
	http_response_code( 503 );
	header( 'Retry-After: 2' );
	header( 'Cache-Control: no-store' );
}

if ( $uf_db_error_rest ) {
	if ( ! headers_sent() ) {
		header( 'Content-Type: application/json; charset=UTF-8' );
	}
	$uf_db_error_ours = false !== strpos( rawurldecode( $uf_db_error_uri ), 'userfeedback/v1' );
	echo json_encode(
		array(
			'code'    => $uf_db_error_ours ? 'userfeedback_busy' : 'database_unavailable',
			'message' => $uf_db_error_ours
				? 'The site is busy right now. Your answers are kept and will be sent again shortly.'
				: 'The database cannot be reached right now. Try again shortly.',
			'data'    => array(
				'status'      => 503,
				'retry_after' => 2,
			),
		)
	);
	return;
}

if ( ! headers_sent() ) {
	header( 'Content-Type: text/html; charset=UTF-8' );
}
echo '<!DOCTYPE html><html><head><meta charset="utf-8"><title>Back shortly</title></head><body>'
	. '<h1>Back shortly</h1><p>The site cannot reach its database right now. Try again in a moment.</p>'
	. '</body></html>';
