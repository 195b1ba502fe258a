<?php
/**
 * A file format of exports: rows go in one at a time and out to a stream, never all in memory.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Exports;

defined( 'ABSPATH' ) || exit;

interface SheetWriter {

	public function mime_type(): string;

	public function extension(): string;

	/**
	 * @param resource $out Where the file goes (php://output on a download, a memory stream in tests).
	 */
	public function begin( $out ): void;

	/**
	 * @param array<int,string|int|float|null> $cells Cells of one row; strings are neutralised by the writer.
	 */
	public function row( array $cells ): void;

	/**
	 * Writes what is left and releases temporary files.
	 */
	public function finish(): void;
}
