<?php
/**
 * The hidden admin page admin.php?page=userfeedback_exports: a file download, streamed, or an admin
 * error page that says why not (no capability, no export feature, bad nonce, bad parameters).
 *
 * Reports: a survey's (ExportRequest, Exporter) and, with report=post_ratings, the post ratings
 * (PostRatingsExportRequest, PostRatingsExporter), which also need the post_ratings feature.
 *
 * The page is registered without a menu item and with the "read" capability, so that WordPress lets
 * the request through to this handler, which checks the real capability and the feature itself and
 * answers with a clear message. It runs on the page's load-* hook, before any admin output.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Exports;

use UserFeedback\Access\Capabilities;
use UserFeedback\ExceptionText;
use UserFeedback\Licensing\Entitlements;
use UserFeedback\Log;
use UserFeedback\PostRatings\RatingRepository;
use UserFeedback\Responses\FeatureGate;
use UserFeedback\Surveys\SurveyRepository;

defined( 'ABSPATH' ) || exit;

final class ExportPage {

	public const SLUG = 'userfeedback_exports';

	public const NONCE = 'userfeedback_export';

	public function __construct(
		private readonly SurveyRepository $surveys,
		private readonly Exporter $exporter,
		private readonly \Closure $entitlements,
		private readonly PostRatingsExporter $ratings = new PostRatingsExporter( new RatingRepository() ),
	) {}

	public function register(): void {
		add_action( 'admin_menu', array( $this, 'add_page' ), 20 );
	}

	/**
	 * The base URL of exports (the admin adds survey_id, report, format, ... and the nonce).
	 */
	public static function url(): string {
		return admin_url( 'admin.php?page=' . self::SLUG );
	}

	public function add_page(): void {
		// An empty parent: a page with no menu item (core's documented way; null is deprecated on PHP 8.1).
		$hook = add_submenu_page( '', __( 'Export', 'userfeedback' ), '', 'read', self::SLUG, array( $this, 'render' ) );
		if ( $hook ) {
			add_action( 'load-' . $hook, array( $this, 'download' ) );
		}
	}

	/**
	 * The load-* hook: ends the request with the file or an error page.
	 */
	public function download(): void {
		// The file goes out as it is written: no output buffer may hold it (or its size) in memory.
		while ( ob_get_level() > 0 ) {
			ob_end_clean();
		}
		$out = fopen( 'php://output', 'wb' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fopen -- the download is streamed to PHP's output as it is written; WP_Filesystem has no stream API.
		try {
			$this->handle(
				wp_unslash( $_GET ), // phpcs:ignore WordPress.Security.NonceVerification.Recommended -- handle() verifies the nonce (check()) before anything is read.
				$out,
				static function (): void {
					flush();
				}
			);
		} catch ( \Throwable $e ) {
			// Once the file has begun there is no error page to show: the download ends short, and the
			// reason goes to the log.
			Log::error( sprintf( 'export: %s: %s in %s:%d', get_class( $e ), ExceptionText::plain( $e ), $e->getFile(), $e->getLine() ) );
			if ( ! headers_sent() ) {
				wp_die( esc_html__( 'The export failed. Please try again.', 'userfeedback' ), 500 );
			}
		}
		exit;
	}

	/**
	 * Checks the request and streams the file to $out, or ends in wp_die() with the reason.
	 *
	 * @param array<string,mixed> $params   The query.
	 * @param resource            $out      Where the file goes.
	 * @param callable|null       $on_chunk Called after each chunk.
	 * @return int Data rows written.
	 */
	public function handle( array $params, $out, ?callable $on_chunk = null ): int {
		try {
			$request = $this->check( $params );
		} catch ( ExportError $e ) {
			wp_die(
				esc_html( ExceptionText::plain( $e ) ),
				esc_html__( 'Export', 'userfeedback' ),
				array(
					'response'  => (int) $e->status,
					'back_link' => true,
				)
			);
			return 0; // wp_die() returns only under a test handler.
		}

		$ratings = $request instanceof PostRatingsExportRequest;
		if ( 'xlsx' === $request->format ) {
			$writer = new XlsxWriter( $ratings ? __( 'Post ratings', 'userfeedback' ) : (string) $request->survey['title'] );
		} else {
			$writer = new CsvWriter();
		}
		if ( ! headers_sent() ) {
			nocache_headers();
			header( 'Content-Type: ' . $writer->mime_type() );
			header( 'Content-Disposition: attachment; filename="' . $request->filename() . '"' );
			header( 'X-Content-Type-Options: nosniff' );
		}
		if ( function_exists( 'set_time_limit' ) ) {
			set_time_limit( 0 );
		}
		return $ratings
			? $this->ratings->run( $request, $writer, $out, $on_chunk )
			: $this->exporter->run( $request, $writer, $out, $on_chunk );
	}

	/**
	 * @param array<string,mixed> $params The query.
	 * @throws ExportError With the message and status of the error page.
	 */
	public function check( array $params ): ExportRequest|PostRatingsExportRequest {
		if ( ! current_user_can( Capabilities::VIEW_RESULTS ) ) {
			throw new ExportError( esc_html__( 'Sorry, you are not allowed to export survey responses.', 'userfeedback' ), 403 );
		}
		$nonce = is_string( $params['_wpnonce'] ?? null ) ? $params['_wpnonce'] : '';
		if ( ! wp_verify_nonce( $nonce, self::NONCE ) ) {
			throw new ExportError( esc_html__( 'This export link has expired. Go back, reload the page and export again.', 'userfeedback' ), 403 );
		}
		/** @var Entitlements $entitlements */
		$entitlements = ( $this->entitlements )();
		$locked       = FeatureGate::message( $entitlements, 'export' );
		if ( null !== $locked ) {
			throw new ExportError( esc_html( $locked ), 403 );
		}
		if ( PostRatingsExportRequest::REPORT === ( $params['report'] ?? null ) ) {
			$locked = FeatureGate::message( $entitlements, 'post_ratings' );
			if ( null !== $locked ) {
				throw new ExportError( esc_html( $locked ), 403 );
			}
			return PostRatingsExportRequest::from_params( $params );
		}
		return ExportRequest::from_params( $params, $this->surveys );
	}

	/**
	 * Reached only when the load hook did not end the request (it always does).
	 */
	public function render(): void {
		wp_die( esc_html__( 'The export could not be started.', 'userfeedback' ), 400 );
	}
}
