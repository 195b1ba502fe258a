<?php
/**
 * CSV (RFC 4180, UTF-8 with a byte order mark so that Excel reads it as UTF-8).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Exports;

defined( 'ABSPATH' ) || exit;

final class CsvWriter implements SheetWriter {

	/** @var resource|null */
	private $out = null;

	public function mime_type(): string {
		return 'text/csv; charset=UTF-8';
	}

	public function extension(): string {
		return 'csv';
	}

	public function begin( $out ): void {
		$this->out = $out;
		fwrite( $out, "\xEF\xBB\xBF" ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite -- $out is the download's stream (php://output); WP_Filesystem has no stream API.
	}

	public function row( array $cells ): void {
		$fields = array();
		foreach ( $cells as $cell ) {
			$fields[] = is_string( $cell ) ? Cells::text( $cell ) : (string) $cell;
		}
		// No escape character: a backslash before a quote is data, as RFC 4180 has it.
		fputcsv( $this->out, $fields, ',', '"', '', "\r\n" );
	}

	public function finish(): void {
		fflush( $this->out );
		$this->out = null;
	}
}
