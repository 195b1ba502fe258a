<?php
/**
 * Plugin Name: UserFeedback stack: node-local files and load-test limits
 * Description: Linked into wp-content/mu-plugins by scripts/stack.sh (the stack and the SQLite load-test site). Each PHP node writes its uploads into its own folder (UF_STACK_NODE_DIR, from local-config.php), as two servers with their own disks would; the code is shared read-only. The site-wide ceiling on new responses is raised for the load test (many visitors at once); the per-client limits stay at the plugin's defaults, which the load test checks across both nodes.
 *
 * @package UserFeedback
 */

defined( 'ABSPATH' ) || exit;

if ( defined( 'UF_STACK_NODE_DIR' ) ) {
	add_filter(
		'upload_dir',
		static function ( array $dirs ): array {
			$base            = UF_STACK_NODE_DIR . '/uploads';
			$dirs['path']    = $base . $dirs['subdir'];
			$dirs['basedir'] = $base;
			return $dirs;
		}
	);
}

add_filter(
	'userfeedback_rate_limits',
	static function ( $limits ) {
		if ( is_array( $limits ) ) {
			$limits['responses_site'] = array(
				'limit'  => 1000000,
				'window' => 60,
			);
		}
		return $limits;
	}
);
