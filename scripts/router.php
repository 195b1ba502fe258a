<?php
/**
 * Router for PHP's built-in web server (`php -S 127.0.0.1:PORT -t SITE scripts/router.php`).
 *
 * Apache's .htaccess does not apply here, so this file does what it would: real files are
 * served as they are, everything else goes to WordPress's index.php (pretty permalinks,
 * /wp-json/). It also refuses what a web server must never hand out.
 *
 * Runs in the global scope on purpose: WordPress expects its files to be loaded there.
 */

$uf_docroot = rtrim( (string) $_SERVER['DOCUMENT_ROOT'], '/' );
$uf_path    = rawurldecode( (string) parse_url( $_SERVER['REQUEST_URI'] ?? '/', PHP_URL_PATH ) );

// Dot-files and dot-folders: the SQLite database is wp-content/database/.ht.sqlite, the
// plugin folder is a symlink to the repository (.git, .dev with other sites' databases).
// Also "/../" and the logs we write into the site folder. Checked on the decoded path, and
// on backslashes and NUL bytes, so %2e and friends cannot sneak past.
if (
	preg_match( '#(^|/)\.#', $uf_path )
	|| false !== strpos( $uf_path, "\0" )
	|| false !== strpos( $uf_path, '\\' )
	|| preg_match( '#\.(log|sqlite|sql)$#i', $uf_path )
) {
	http_response_code( 403 );
	header( 'Content-Type: text/plain; charset=utf-8' );
	echo "403 Forbidden\n";
	return true;
}

$uf_file = $uf_docroot . $uf_path;

if ( is_file( $uf_file ) ) {
	// Let the built-in server send the file, or run it when it is a .php script.
	return false;
}

if ( is_dir( $uf_file ) && ( is_file( $uf_file . '/index.php' ) || is_file( $uf_file . '/index.html' ) ) ) {
	if ( '/' !== substr( $uf_path, -1 ) ) {
		// As Apache's mod_dir does: without the slash, relative URLs in /wp-admin break.
		$uf_query = parse_url( $_SERVER['REQUEST_URI'], PHP_URL_QUERY );
		header( 'Location: ' . $uf_path . '/' . ( null !== $uf_query && '' !== $uf_query ? '?' . $uf_query : '' ), true, 301 );
		return true;
	}
	return false;
}

// Everything else is WordPress's to answer, as `RewriteRule . /index.php` does.
$_SERVER['SCRIPT_NAME']     = '/index.php';
$_SERVER['PHP_SELF']        = '/index.php';
$_SERVER['SCRIPT_FILENAME'] = $uf_docroot . '/index.php';
unset( $uf_docroot, $uf_path, $uf_file );
chdir( dirname( $_SERVER['SCRIPT_FILENAME'] ) );
require $_SERVER['SCRIPT_FILENAME'];
