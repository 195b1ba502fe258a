<?php
/**
 * Cell text that spreadsheets show as text: a leading = + - @ tab or carriage return would make
 * Excel, LibreOffice or Sheets run it as a formula (CSV/formula injection), so such a cell gets a
 * leading apostrophe.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Exports;

defined( 'ABSPATH' ) || exit;

final class Cells {

	private const DANGEROUS = array( '=', '+', '-', '@', "\t", "\r" );

	public static function text( string $text ): string {
		if ( '' !== $text && in_array( $text[0], self::DANGEROUS, true ) ) {
			return "'" . $text;
		}
		return $text;
	}
}
