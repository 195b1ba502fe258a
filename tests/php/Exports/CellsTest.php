<?php
/**
 * Formula neutralising of exported text cells (Exports\Cells), as a table of inputs, and through both
 * writers (CSV and XLSX) read back.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Exports;

use UserFeedback\Exports\Cells;
use UserFeedback\Exports\CsvWriter;
use UserFeedback\Exports\SheetWriter;
use UserFeedback\Exports\XlsxWriter;
use UserFeedback\Tests\TestCase;

final class CellsTest extends TestCase {

	use ReadsExports;

	/**
	 * Text a spreadsheet would run as a formula (or that hides one behind a control character).
	 *
	 * @return array<string,array{0:string}>
	 */
	public static function dangerous(): array {
		return array(
			'equals'                       => array( '=1+1' ),
			'plus'                         => array( '+1' ),
			'minus'                        => array( '-2' ),
			'at'                           => array( '@SUM(A1)' ),
			'tab'                          => array( "\t=1" ),
			'carriage return'              => array( "\r=1" ),
			'line feed'                    => array( "\n=HYPERLINK(\"https://evil.test\")" ),
			'line feed then text'          => array( "\nhello" ),
			'spaces before equals'         => array( '   =1+1' ),
			'a space before plus'          => array( ' +1' ),
			'a tab and spaces before at'   => array( " \t @x" ),
			'a no-break space before ='    => array( "\u{00A0}=1" ),
			'an ideographic space before @' => array( "\u{3000}@x" ),
			'a byte-order mark before ='   => array( "\u{FEFF}=1" ),
			'a zero-width space before -'  => array( "\u{200B}-1" ),
			'full-width equals'            => array( "\u{FF1D}1+1" ),
			'full-width plus'              => array( "\u{FF0B}1" ),
			'full-width minus'             => array( "\u{FF0D}1" ),
			'full-width at'                => array( "\u{FF20}SUM(A1)" ),
			'a space before full-width ='  => array( " \u{FF1D}1" ),
			'not UTF-8, space before ='    => array( " =1\xFF" ),
		);
	}

	/**
	 * Text that is left as it is.
	 *
	 * @return array<string,array{0:string}>
	 */
	public static function harmless(): array {
		return array(
			'empty'                    => array( '' ),
			'a word'                   => array( 'hello' ),
			'equals inside'            => array( 'a=1' ),
			'minus inside'             => array( '1-2' ),
			'leading spaces then text' => array( '  hello' ),
			'an email address'         => array( 'ann@example.com' ),
			'full-width letters'       => array( "\u{FF21}BC" ),
			'not UTF-8'                => array( "\xFF=1" ),
		);
	}

	/**
	 * @dataProvider dangerous
	 */
	public function test_dangerous_text_gets_an_apostrophe( string $text ): void {
		$this->assertSame( "'" . $text, Cells::text( $text ) );
	}

	/**
	 * @dataProvider harmless
	 */
	public function test_harmless_text_is_kept( string $text ): void {
		$this->assertSame( $text, Cells::text( $text ) );
	}

	/**
	 * Every UTF-8 case through both writers, read back as a spreadsheet would read the file.
	 */
	public function test_both_writers_neutralise_every_case(): void {
		$texts = array();
		foreach ( array_merge( self::dangerous(), self::harmless() ) as $case ) {
			if ( '' !== $case[0] && mb_check_encoding( $case[0], 'UTF-8' ) ) {
				$texts[] = $case[0];
			}
		}
		$expected = array_map( array( Cells::class, 'text' ), $texts );
		$this->assertNotSame( $texts, $expected );

		$rows = self::csv_rows( self::write( new CsvWriter(), $texts ) );
		$this->assertSame( $expected, $rows[0], 'CSV' );

		$rows = self::xlsx_rows( self::write( new XlsxWriter(), $texts ) );
		$this->assertSame( $expected, $rows[0], 'XLSX' );
	}

	/**
	 * @param string[] $cells One row.
	 */
	private static function write( SheetWriter $writer, array $cells ): string {
		$out = fopen( 'php://memory', 'w+b' );
		$writer->begin( $out );
		$writer->row( $cells );
		$writer->finish();
		rewind( $out );
		$file = (string) stream_get_contents( $out );
		fclose( $out );
		return $file;
	}
}
