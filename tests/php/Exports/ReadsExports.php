<?php
/**
 * Runs the export page in a test and reads back what it wrote: the file of a request, its CSV rows
 * and the cells of its XLSX sheet.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Exports;

use UserFeedback\Exports\ExportPage;
use UserFeedback\Exports\ExportRepository;
use UserFeedback\Exports\Exporter;
use UserFeedback\Plugin;

trait ReadsExports {

	protected static function page(): ExportPage {
		return new ExportPage( Plugin::instance()->surveys, new Exporter( new ExportRepository() ), \Closure::fromCallable( array( Plugin::instance(), 'entitlements' ) ) );
	}

	/**
	 * @param array<string,mixed> $params Query without the nonce (added unless given).
	 * @return string The file.
	 */
	protected function export( array $params ): string {
		$params += array( '_wpnonce' => wp_create_nonce( ExportPage::NONCE ) );
		$out     = fopen( 'php://memory', 'w+b' );
		self::page()->handle( $params, $out );
		rewind( $out );
		$file = (string) stream_get_contents( $out );
		fclose( $out );
		return $file;
	}

	/**
	 * @return array<int,array<int,string>>
	 */
	protected static function csv_rows( string $file ): array {
		self::assertStringStartsWith( "\xEF\xBB\xBF", $file );
		$rows   = array();
		$stream = fopen( 'php://memory', 'w+b' );
		fwrite( $stream, substr( $file, 3 ) );
		rewind( $stream );
		while ( false !== ( $row = fgetcsv( $stream, null, ',', '"', '' ) ) ) {
			$rows[] = $row;
		}
		fclose( $stream );
		return $rows;
	}

	/**
	 * One part of an XLSX file, checked to be XML.
	 */
	protected static function xlsx_part( string $file, string $name ): string {
		self::assertStringStartsWith( "PK\x03\x04", $file );
		$path = (string) tempnam( get_temp_dir(), 'uf-test-xlsx' );
		file_put_contents( $path, $file );
		$zip = new \ZipArchive();
		self::assertTrue( $zip->open( $path ) );
		$part = $zip->getFromName( $name );
		$zip->close();
		unlink( $path );
		self::assertNotFalse( $part, "$name is in the archive." );
		self::assertNotFalse( simplexml_load_string( (string) $part ), "$name is XML." );
		return (string) $part;
	}

	/**
	 * The cells of sheet1.xml, as text, row by row (empty cells filled in), after checking that the
	 * package's other parts are there and are XML.
	 *
	 * @return array<int,array<int,string>>
	 */
	protected static function xlsx_rows( string $file ): array {
		foreach ( array( '[Content_Types].xml', '_rels/.rels', 'xl/workbook.xml', 'xl/_rels/workbook.xml.rels', 'xl/styles.xml' ) as $part ) {
			self::xlsx_part( $file, $part );
		}
		$xml  = simplexml_load_string( self::xlsx_part( $file, 'xl/worksheets/sheet1.xml' ) );
		$rows = array();
		foreach ( $xml->sheetData->row as $row ) {
			$cells = array();
			foreach ( $row->c as $cell ) {
				preg_match( '/^([A-Z]+)(\d+)$/', (string) $cell['r'], $m );
				$col = 0;
				foreach ( str_split( $m[1] ) as $letter ) {
					$col = $col * 26 + ord( $letter ) - 64;
				}
				$cells[ $col - 1 ] = 'inlineStr' === (string) $cell['t'] ? (string) $cell->is->t : (string) $cell->v;
			}
			$filled = array();
			for ( $i = 0, $n = $cells ? max( array_keys( $cells ) ) : -1; $i <= $n; $i++ ) {
				$filled[] = $cells[ $i ] ?? '';
			}
			$rows[] = $filled;
		}
		return $rows;
	}
}
