<?php
/**
 * A minimal XLSX (Office Open XML spreadsheet) writer with flat memory: the sheet is written row by
 * row to a temporary file (inline strings, so no shared-strings table grows in memory), zipped with
 * the few fixed parts by ZipArchive (php-zip), and copied to the output stream. No library for this
 * is available offline (no Composer packages, none in Debian's /usr/share/php).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Exports;

defined( 'ABSPATH' ) || exit;

final class XlsxWriter implements SheetWriter {

	/** Excel's limit of characters in a cell. */
	private const CELL_MAX = 32767;

	/** @var resource|null */
	private $out = null;

	/** @var resource|null */
	private $sheet = null;

	private string $sheet_path = '';

	private int $row = 0;

	public function __construct( private readonly string $sheet_name = 'Responses' ) {}

	public function mime_type(): string {
		return 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet';
	}

	public function extension(): string {
		return 'xlsx';
	}

	/**
	 * @throws \RuntimeException Without php-zip or a writable temporary directory.
	 */
	public function begin( $out ): void {
		if ( ! class_exists( \ZipArchive::class ) ) {
			throw new \RuntimeException( 'The PHP zip extension is needed for XLSX exports.' );
		}
		$this->out        = $out;
		$this->row        = 0;
		$this->sheet_path = self::temp_file( 'uf-sheet-' );
		$sheet            = fopen( $this->sheet_path, 'wb' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fopen -- the sheet is written to a temporary file a row at a time (it never sits in memory); WP_Filesystem has no stream API.
		if ( false === $sheet ) {
			throw new \RuntimeException( 'Could not open a temporary file for the export.' );
		}
		$this->sheet = $sheet;
		// A request that ends early (wp_die() on a lost database, a fatal error) skips finish().
		$path = $this->sheet_path;
		register_shutdown_function( static fn() => is_file( $path ) && wp_delete_file( $path ) );
		fwrite( // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite -- the temporary sheet file, streamed (see above).
			$this->sheet,
			'<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' . "\n"
			. '<worksheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main"><sheetData>'
		);
	}

	public function row( array $cells ): void {
		$r   = ++$this->row;
		$xml = '<row r="' . $r . '">';
		foreach ( array_values( $cells ) as $i => $cell ) {
			if ( null === $cell || '' === $cell ) {
				continue;
			}
			$ref = self::column( $i ) . $r;
			if ( is_int( $cell ) || is_float( $cell ) ) {
				$xml .= '<c r="' . $ref . '"><v>' . $cell . '</v></c>';
				continue;
			}
			$xml .= '<c r="' . $ref . '" t="inlineStr"><is><t xml:space="preserve">' . self::xml( Cells::text( (string) $cell ) ) . '</t></is></c>';
		}
		fwrite( $this->sheet, $xml . '</row>' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite -- the temporary sheet file, a row at a time.
	}

	/**
	 * @throws \RuntimeException When the archive cannot be written.
	 */
	public function finish(): void {
		$zip_path = '';
		try {
			fwrite( $this->sheet, '</sheetData></worksheet>' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fwrite -- the temporary sheet file, streamed.
			fclose( $this->sheet ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose -- the temporary sheet file, streamed.
			$this->sheet = null;

			$zip_path = self::temp_file( 'uf-xlsx-' );
			register_shutdown_function( static fn() => is_file( $zip_path ) && wp_delete_file( $zip_path ) );
			$zip = new \ZipArchive();
			if ( true !== $zip->open( $zip_path, \ZipArchive::OVERWRITE ) ) {
				throw new \RuntimeException( 'Could not create the XLSX archive.' );
			}
			foreach ( $this->parts() as $name => $xml ) {
				$zip->addFromString( $name, $xml );
			}
			// Read from the file while the archive is written: the sheet never enters PHP's memory.
			$zip->addFile( $this->sheet_path, 'xl/worksheets/sheet1.xml' );
			if ( ! $zip->close() ) {
				throw new \RuntimeException( 'Could not write the XLSX archive.' );
			}
			$in = fopen( $zip_path, 'rb' ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fopen -- the archive is copied to the download's stream as it is read, never whole in memory; WP_Filesystem has no stream API.
			if ( false === $in ) {
				throw new \RuntimeException( 'Could not read the XLSX archive.' );
			}
			stream_copy_to_stream( $in, $this->out );
			fclose( $in ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose -- the archive's read stream (see above).
			fflush( $this->out );
		} finally {
			if ( is_resource( $this->sheet ) ) {
				fclose( $this->sheet ); // phpcs:ignore WordPress.WP.AlternativeFunctions.file_system_operations_fclose -- the temporary sheet file, streamed.
			}
			foreach ( array( $this->sheet_path, $zip_path ) as $path ) {
				if ( '' !== $path && is_file( $path ) ) {
					wp_delete_file( $path );
				}
			}
			$this->sheet      = null;
			$this->sheet_path = '';
			$this->out        = null;
		}
	}

	/**
	 * 0 → A, 25 → Z, 26 → AA.
	 */
	public static function column( int $index ): string {
		$name = '';
		for ( $n = $index + 1; $n > 0; $n = intdiv( $n - 1, 26 ) ) {
			$name = chr( 65 + ( $n - 1 ) % 26 ) . $name;
		}
		return $name;
	}

	/**
	 * Text as XML character data: valid UTF-8, no characters XML 1.0 forbids, Excel's length limit.
	 */
	private static function xml( string $text ): string {
		if ( ! mb_check_encoding( $text, 'UTF-8' ) ) {
			$text = mb_convert_encoding( $text, 'UTF-8', 'UTF-8' );
		}
		$text = (string) preg_replace( '/[^\x{9}\x{A}\x{D}\x{20}-\x{D7FF}\x{E000}-\x{FFFD}\x{10000}-\x{10FFFF}]/u', '', $text );
		if ( mb_strlen( $text ) > self::CELL_MAX ) {
			$text = mb_substr( $text, 0, self::CELL_MAX );
		}
		// A literal carriage return would be read back as a line feed (XML end-of-line handling).
		return str_replace( "\r", '&#13;', htmlspecialchars( $text, ENT_XML1 | ENT_QUOTES, 'UTF-8' ) );
	}

	/**
	 * @throws \RuntimeException Without a writable temporary directory.
	 */
	private static function temp_file( string $prefix ): string {
		$path = tempnam( get_temp_dir(), $prefix );
		if ( false === $path ) {
			throw new \RuntimeException( 'Could not create a temporary file for the export.' );
		}
		return $path;
	}

	/**
	 * The fixed parts of a one-sheet workbook.
	 *
	 * @return array<string,string> Path in the archive => XML.
	 */
	private function parts(): array {
		$head = '<?xml version="1.0" encoding="UTF-8" standalone="yes"?>' . "\n";
		$name = self::xml( mb_substr( (string) preg_replace( '/[\\\\\/?*\[\]:]/', ' ', $this->sheet_name ), 0, 31 ) );
		return array(
			'[Content_Types].xml'        => $head . '<Types xmlns="http://schemas.openxmlformats.org/package/2006/content-types">'
				. '<Default Extension="rels" ContentType="application/vnd.openxmlformats-package.relationships+xml"/>'
				. '<Default Extension="xml" ContentType="application/xml"/>'
				. '<Override PartName="/xl/workbook.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.sheet.main+xml"/>'
				. '<Override PartName="/xl/worksheets/sheet1.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.worksheet+xml"/>'
				. '<Override PartName="/xl/styles.xml" ContentType="application/vnd.openxmlformats-officedocument.spreadsheetml.styles+xml"/>'
				. '</Types>',
			'_rels/.rels'                => $head . '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
				. '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/officeDocument" Target="xl/workbook.xml"/>'
				. '</Relationships>',
			'xl/workbook.xml'            => $head . '<workbook xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main" xmlns:r="http://schemas.openxmlformats.org/officeDocument/2006/relationships">'
				. '<sheets><sheet name="' . $name . '" sheetId="1" r:id="rId1"/></sheets></workbook>',
			'xl/_rels/workbook.xml.rels' => $head . '<Relationships xmlns="http://schemas.openxmlformats.org/package/2006/relationships">'
				. '<Relationship Id="rId1" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/worksheet" Target="worksheets/sheet1.xml"/>'
				. '<Relationship Id="rId2" Type="http://schemas.openxmlformats.org/officeDocument/2006/relationships/styles" Target="styles.xml"/>'
				. '</Relationships>',
			'xl/styles.xml'              => $head . '<styleSheet xmlns="http://schemas.openxmlformats.org/spreadsheetml/2006/main">'
				. '<fonts count="1"><font><sz val="11"/><name val="Calibri"/></font></fonts>'
				. '<fills count="2"><fill><patternFill patternType="none"/></fill><fill><patternFill patternType="gray125"/></fill></fills>'
				. '<borders count="1"><border><left/><right/><top/><bottom/><diagonal/></border></borders>'
				. '<cellStyleXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0"/></cellStyleXfs>'
				. '<cellXfs count="1"><xf numFmtId="0" fontId="0" fillId="0" borderId="0" xfId="0"/></cellXfs>'
				. '<cellStyles count="1"><cellStyle name="Normal" xfId="0" builtinId="0"/></cellStyles>'
				. '</styleSheet>',
		);
	}
}
