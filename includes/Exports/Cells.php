<?php
/**
 * Cell text that spreadsheets show as text: a cell that starts with = + - @ (or their full-width forms
 * ＝ ＋ － ＠, which some spreadsheets read as the ASCII ones), with a tab, carriage return or line feed,
 * or with whitespace before any of these, would make Excel, LibreOffice or Sheets run it as a formula
 * (CSV/formula injection: spreadsheets drop leading whitespace before parsing a formula). Such a cell
 * gets a leading apostrophe, which the spreadsheet hides and which keeps the rest as typed.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Exports;

defined( 'ABSPATH' ) || exit;

final class Cells {

	/**
	 * A cell that starts with a control character a formula may hide behind, or with a trigger after
	 * any whitespace (Unicode spaces, the no-break and zero-width ones, the byte-order mark).
	 */
	private const DANGEROUS = '/^(?:[\t\r\n]|[\s\p{Z}\x{200B}-\x{200D}\x{2060}\x{FEFF}]*[=+\-@\x{FF1D}\x{FF0B}\x{FF0D}\x{FF20}])/u';

	/** The same for text that is not valid UTF-8 (the /u pattern cannot read it): ASCII only. */
	private const DANGEROUS_BYTES = '/^(?:[\t\r\n]|[\s\x0B]*[=+\-@])/';

	public static function text( string $text ): string {
		if ( '' === $text ) {
			return $text;
		}
		$match = preg_match( self::DANGEROUS, $text );
		if ( false === $match ) {
			$match = preg_match( self::DANGEROUS_BYTES, $text );
		}
		return 1 === $match ? "'" . $text : $text;
	}
}
