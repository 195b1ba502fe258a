<?php
/**
 * The export page (admin.php?page=userfeedback_exports): refusals (capability, nonce, feature,
 * parameters) end in an admin error page; a good request streams CSV or XLSX. The files are read
 * back: CSV as text, XLSX with ZipArchive and its sheet1.xml.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Exports;

use UserFeedback\Exports\ExportPage;
use UserFeedback\Exports\ExportRepository;
use UserFeedback\Tests\Responses\AdminResponsesTestCase;

final class ExportTest extends AdminResponsesTestCase {

	use ReadsExports;

	private const HEADER = array( 'Response ID', 'Submitted', 'Started', 'Completed', 'Status', 'Page', 'IP', 'Browser', 'OS', 'Device' );

	protected function setUp(): void {
		parent::setUp();
		update_option( 'timezone_string', 'America/New_York' );
		add_filter(
			'wp_die_handler',
			static fn() => static function ( $message, $title = '', $args = array() ): void {
				throw new WpDie( is_string( $message ) ? $message : 'wp_die', (int) ( $args['response'] ?? 500 ) );
			}
		);
	}

	/**
	 * A survey with two responses, one trashed and one from another survey.
	 *
	 * @return array{int,int[]}
	 */
	private static function survey_with_responses(): array {
		$survey = self::open_survey( array( 'title' => 'Export survey' ) );
		$first  = self::add_response(
			$survey,
			array(
				'at'      => '2026-03-01 15:04:05', // 10:04:05 in New York.
				'started_at' => '2026-03-01 15:01:00',
				'url'     => 'https://example.com/a/',
				'answers' => array(
					1 => 'Yes',
					2 => array( 'Red', 'Blue' ),
					5 => '4',
					7 => 'Faster, please',
					8 => null,
					9 => 'ann@example.com',
				),
				'extra'   => array(
					7 => array( 'comments' => 'Quote "this"' ),
					9 => array( 'name' => 'Ann' ),
				),
			)
		);
		$second = self::add_response(
			$survey,
			array(
				'at'      => '2026-03-02 04:00:00', // 23:00 on March 1st in New York.
				'url'     => 'javascript:alert(1)',
				'title'   => 'Home',
				'answers' => array(
					1 => 'No',
					7 => 'Multi' . "\n" . 'line',
				),
			)
		);
		self::add_response( $survey, array( 'status' => 'trash', 'at' => '2026-03-01 16:00:00' ) );
		self::add_series( self::open_survey(), 2 );
		return array( $survey, array( $first, $second ) );
	}

	/**
	 * The general report's columns for open_survey().
	 *
	 * @return string[]
	 */
	private static function general_header(): array {
		$header = self::HEADER;
		for ( $q = 1; $q <= 9; $q++ ) {
			$header[] = "Question $q?";
			if ( 7 === $q ) {
				$header[] = 'Question 7? (Comments)';
			}
			if ( 9 === $q ) {
				$header[] = 'Question 9? (Name)';
			}
		}
		return $header;
	}

	/**
	 * @return array<int,array<int,string>>
	 */
	private static function expected_general( array $ids ): array {
		return array(
			self::general_header(),
			array( (string) $ids[0], '2026-03-01 10:04:05', '2026-03-01 10:01:00', 'Yes', 'Published', 'https://example.com/a/', '203.0.113.0', 'Chrome', 'Windows', 'desktop', 'Yes', 'Red, Blue', '', '', '4', '', 'Faster, please', 'Quote "this"', '', 'ann@example.com', 'Ann' ),
			array( (string) $ids[1], '2026-03-01 23:00:00', '2026-03-01 23:00:00', 'Yes', 'Published', 'Home', '203.0.113.0', 'Chrome', 'Windows', 'desktop', 'No', '', '', '', '', '', "Multi\nline", '', '', '', '' ),
		);
	}

	public function test_general_csv_export(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		[ $survey, $ids ] = self::survey_with_responses();
		$file             = $this->export( array( 'survey_id' => (string) $survey, 'format' => 'csv' ) );
		$this->assertSame( self::expected_general( $ids ), self::csv_rows( $file ) );
		$this->assertStringContainsString( "\r\n", $file );
	}

	public function test_general_xlsx_export(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		[ $survey, $ids ] = self::survey_with_responses();
		$file             = $this->export( array( 'survey_id' => (string) $survey, 'format' => 'xlsx', 'report' => 'general' ) );
		$this->assertStringStartsWith( "PK\x03\x04", $file );
		$expected = self::expected_general( $ids );
		$rows     = self::xlsx_rows( $file );
		// Trailing empty cells are not written in a sheet.
		$trim = static fn( array $row ): array => array_slice( $row, 0, (int) max( array_keys( array_filter( $row, static fn( $c ) => '' !== $c ) ) ) + 1 );
		$this->assertSame( array_map( $trim, $expected ), $rows );
	}

	public function test_question_reports_in_both_formats(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		[ $survey, $ids ] = self::survey_with_responses();
		$expected         = array(
			array( 'Response ID', 'Submitted', 'Question 7?', 'Comments' ),
			array( (string) $ids[0], '2026-03-01 10:04:05', 'Faster, please', 'Quote "this"' ),
			array( (string) $ids[1], '2026-03-01 23:00:00', "Multi\nline", '' ),
		);
		$params           = array( 'survey_id' => (string) $survey, 'report' => 'question', 'question_id' => '7' );
		$this->assertSame( $expected, self::csv_rows( $this->export( $params + array( 'format' => 'csv' ) ) ) );
		$expected[2] = array_slice( $expected[2], 0, 3 );
		$this->assertSame( $expected, self::xlsx_rows( $this->export( $params + array( 'format' => 'xlsx' ) ) ) );

		// Skipped answers are left out; a checkbox is one cell; the email's name has its column.
		$this->assertSame(
			array( array( 'Response ID', 'Submitted', 'Question 2?' ), array( (string) $ids[0], '2026-03-01 10:04:05', 'Red, Blue' ) ),
			self::csv_rows( $this->export( array( 'survey_id' => (string) $survey, 'report' => 'question', 'question_id' => '2', 'format' => 'csv' ) ) )
		);
		$this->assertSame(
			array( array( 'Response ID', 'Submitted', 'Question 9?', 'Name' ), array( (string) $ids[0], '2026-03-01 10:04:05', 'ann@example.com', 'Ann' ) ),
			self::csv_rows( $this->export( array( 'survey_id' => (string) $survey, 'report' => 'question', 'question_id' => '9', 'format' => 'csv' ) ) )
		);
		$this->assertSame( array( array( 'Response ID', 'Submitted', 'Question 8?' ) ), self::csv_rows( $this->export( array( 'survey_id' => (string) $survey, 'report' => 'question', 'question_id' => '8', 'format' => 'csv' ) ) ) );
	}

	public function test_the_range_is_in_site_days(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		[ $survey, $ids ] = self::survey_with_responses();
		// Both responses fall on March 1st in New York, though the second is March 2nd in UTC.
		$rows = self::csv_rows( $this->export( array( 'survey_id' => (string) $survey, 'format' => 'csv', 'from' => '2026-03-01', 'to' => '2026-03-01' ) ) );
		$this->assertSame( array( (string) $ids[0], (string) $ids[1] ), array_column( array_slice( $rows, 1 ), 0 ) );
		$rows = self::csv_rows( $this->export( array( 'survey_id' => (string) $survey, 'format' => 'csv', 'from' => '2026-03-02', 'to' => '2026-03-31' ) ) );
		$this->assertCount( 1, $rows );
		$rows = self::csv_rows( $this->export( array( 'survey_id' => (string) $survey, 'format' => 'csv', 'from' => '2026-02-01', 'to' => '2026-02-28' ) ) );
		$this->assertCount( 1, $rows );
		$rows = self::csv_rows( $this->export( array( 'survey_id' => (string) $survey, 'report' => 'question', 'question_id' => '1', 'format' => 'csv', 'to' => '2026-03-01' ) ) );
		$this->assertSame( array( 'Yes', 'No' ), array_column( array_slice( $rows, 1 ), 2 ) );
	}

	public function test_many_responses_come_in_chunks_in_order(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$survey = self::open_survey();
		// Equal moments across a chunk boundary: the keyset must go on by id.
		$ids = array();
		for ( $i = 0; $i < 7; $i++ ) {
			$ids[] = self::add_response( $survey, array( 'at' => '2026-01-01 00:00:0' . intdiv( $i, 3 ) ) );
		}
		$chunks = array();
		foreach ( ( new ExportRepository() )->responses( $survey, '2005-01-01 00:00:00', '2030-01-01 00:00:00', 2 ) as $chunk ) {
			$chunks[] = array_map( 'intval', array_column( $chunk, 'id' ) );
		}
		$this->assertSame( array_chunk( $ids, 2 ), $chunks );
		$rows = self::csv_rows( $this->export( array( 'survey_id' => (string) $survey, 'format' => 'csv' ) ) );
		$this->assertSame( array_map( 'strval', $ids ), array_column( array_slice( $rows, 1 ), 0 ) );
	}

	public function test_cells_that_would_run_as_formulas_get_an_apostrophe(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$survey    = self::open_survey();
		$dangerous = array( '=1+1', '+1', '-2', '@SUM(A1)', "\tx", "\rx" );
		foreach ( $dangerous as $i => $text ) {
			self::add_response(
				$survey,
				array(
					'at'      => gmdate( 'Y-m-d H:i:s', 1767225600 + $i ),
					'title'   => $text,
					'url'     => '',
					'answers' => array( 7 => $text ),
					'extra'   => array( 7 => array( 'comments' => $text ) ),
				)
			);
		}
		self::add_response( $survey, array( 'at' => gmdate( 'Y-m-d H:i:s', 1767225700 ), 'answers' => array( 7 => 'a=1' ) ) );
		$expected = array_merge( array_map( static fn( string $t ): string => "'" . $t, $dangerous ), array( 'a=1' ) );

		foreach ( array( 'csv', 'xlsx' ) as $format ) {
			$rows = array_slice( 'csv' === $format ? self::csv_rows( $this->export( array( 'survey_id' => (string) $survey, 'format' => $format ) ) ) : self::xlsx_rows( $this->export( array( 'survey_id' => (string) $survey, 'format' => $format ) ) ), 1 );
			$this->assertSame( $expected, array_column( $rows, 16 ), "$format answers" );
			$this->assertSame( array_slice( $expected, 0, 6 ), array_slice( array_column( $rows, 17 ), 0, 6 ), "$format comments" );
			$this->assertSame( array_slice( $expected, 0, 6 ), array_slice( array_column( $rows, 5 ), 0, 6 ), "$format page titles" );

			$rows = array_slice( 'csv' === $format ? self::csv_rows( $this->export( array( 'survey_id' => (string) $survey, 'report' => 'question', 'question_id' => '7', 'format' => $format ) ) ) : self::xlsx_rows( $this->export( array( 'survey_id' => (string) $survey, 'report' => 'question', 'question_id' => '7', 'format' => $format ) ) ), 1 );
			$this->assertSame( $expected, array_column( $rows, 2 ), "$format question report" );
		}
	}

	public function test_partial_responses_are_exported_only_when_asked(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		[ $survey, $ids ] = self::survey_with_responses();
		$partial          = self::add_response(
			$survey,
			array(
				'status'        => 'partial',
				'started_at'    => '2026-03-01 17:00:00', // 12:00 in New York.
				'at'            => '2026-03-01 17:02:30', // Its last answer.
				'last_question' => 2,
				'answers'       => array(
					1 => 'Maybe',
					2 => array( 'Green' ),
					5 => null,
				),
			)
		);
		$base = array( 'survey_id' => (string) $survey );

		// By default, and with status=publish, completed responses only.
		$this->assertSame( self::expected_general( $ids ), self::csv_rows( $this->export( $base + array( 'format' => 'csv' ) ) ) );
		$this->assertSame( self::expected_general( $ids ), self::csv_rows( $this->export( $base + array( 'format' => 'csv', 'status' => 'publish' ) ) ) );
		$this->assertSame( self::expected_general( $ids ), self::csv_rows( $this->export( $base + array( 'format' => 'csv', 'status' => '' ) ) ) );

		$expected = array(
			self::general_header(),
			array( (string) $partial, '2026-03-01 12:02:30', '2026-03-01 12:00:00', 'No', 'Partial', 'https://example.com/pricing/', '203.0.113.0', 'Chrome', 'Windows', 'desktop', 'Maybe', 'Green', '', '', '', '', '', '', '', '', '' ),
		);
		$this->assertSame( $expected, self::csv_rows( $this->export( $base + array( 'format' => 'csv', 'status' => 'partial' ) ) ) );
		$trim = static fn( array $row ): array => array_slice( $row, 0, (int) max( array_keys( array_filter( $row, static fn( $c ) => '' !== $c ) ) ) + 1 );
		$this->assertSame( array_map( $trim, $expected ), self::xlsx_rows( $this->export( $base + array( 'format' => 'xlsx', 'status' => 'partial' ) ) ) );

		// A question's answers of partial responses, or of completed ones.
		$question = $base + array( 'report' => 'question', 'question_id' => '1', 'format' => 'csv' );
		$this->assertSame( array( 'Yes', 'No' ), array_column( array_slice( self::csv_rows( $this->export( $question ) ), 1 ), 2 ) );
		$this->assertSame(
			array( array( 'Response ID', 'Submitted', 'Question 1?' ), array( (string) $partial, '2026-03-01 12:02:30', 'Maybe' ) ),
			self::csv_rows( $this->export( $question + array( 'status' => 'partial' ) ) )
		);

		$nonce = wp_create_nonce( ExportPage::NONCE );
		$this->assertSame( "survey-$survey-partial-responses-" . wp_date( 'Y-m-d' ) . '.csv', self::page()->check( $base + array( 'format' => 'csv', 'status' => 'partial', '_wpnonce' => $nonce ) )->filename() );
		$this->assertSame( "survey-$survey-partial-question-1-" . wp_date( 'Y-m-d' ) . '.csv', self::page()->check( $question + array( 'status' => 'partial', '_wpnonce' => $nonce ) )->filename() );
	}

	public function test_the_page_streams_to_php_output(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		[ $survey ] = self::survey_with_responses();
		$out        = fopen( 'php://output', 'wb' );
		ob_start();
		$rows = self::page()->handle( array( 'survey_id' => (string) $survey, 'format' => 'csv', '_wpnonce' => wp_create_nonce( ExportPage::NONCE ) ), $out, static function (): void {} );
		fclose( $out );
		$file = (string) ob_get_clean();
		$this->assertSame( 2, $rows );
		$this->assertCount( 3, self::csv_rows( $file ) );
	}

	/**
	 * @param array<string,mixed> $params Query.
	 */
	private function assert_refused( array $params, int $status, string $message ): void {
		try {
			$this->export( $params );
			$this->fail( 'The export ran: ' . wp_json_encode( $params ) );
		} catch ( WpDie $e ) {
			$this->assertSame( $status, $e->status, $e->getMessage() );
			$this->assertStringContainsString( $message, $e->getMessage() );
		}
	}

	public function test_refusals_end_in_an_error_page(): void {
		$survey = self::open_survey();
		$ok     = array( 'survey_id' => (string) $survey, 'format' => 'csv' );

		$this->as_elite();
		$this->as_user( 'subscriber' );
		$this->assert_refused( $ok, 403, 'not allowed' );
		wp_set_current_user( 0 );
		$this->assert_refused( $ok, 403, 'not allowed' );

		$this->as_user( 'administrator' );
		$this->assert_refused( array( '_wpnonce' => '' ) + $ok, 403, 'expired' );
		$this->assert_refused( array( '_wpnonce' => 'abc123' ) + $ok, 403, 'expired' );
		$this->assert_refused( array( '_wpnonce' => wp_create_nonce( 'wp_rest' ) ) + $ok, 403, 'expired' );

		$this->set_entitlements( 'lite', null );
		$this->assert_refused( $ok, 403, 'CSV and XLSX Export is a Pro feature' );
		$this->set_entitlements( 'pro', null );
		$this->assert_refused( $ok, 403, 'licence' );

		$this->set_entitlements( 'pro', 'plus' );
		$this->assert_refused( array( 'survey_id' => (string) $survey ), 400, 'format' );
		$this->assert_refused( array( 'format' => 'pdf' ) + $ok, 400, 'format' );
		$this->assert_refused( array( 'survey_id' => (string) ( $survey + 1000 ) ) + $ok, 404, 'does not exist' );
		$this->assert_refused( array( 'survey_id' => 'x' ) + $ok, 404, 'does not exist' );
		$this->assert_refused( array( 'report' => 'nps' ) + $ok, 400, 'report' );
		$this->assert_refused( array( 'report' => 'question' ) + $ok, 400, 'question' );
		$this->assert_refused( array( 'report' => 'question', 'question_id' => '99' ) + $ok, 400, 'question' );
		$this->assert_refused( array( 'from' => '2004-12-31' ) + $ok, 400, '2005-01-01' );
		$this->assert_refused( array( 'to' => wp_date( 'Y-m-d', time() + 2 * DAY_IN_SECONDS ) ) + $ok, 400, 'today' );
		$this->assert_refused( array( 'from' => '2026-03-02', 'to' => '2026-03-01' ) + $ok, 400, 'after' );
		$this->assert_refused( array( 'from' => '2026-02-30' ) + $ok, 400, 'YYYY-MM-DD' );
		$this->assert_refused( array( 'to' => '03/01/2026' ) + $ok, 400, 'YYYY-MM-DD' );
		$this->assert_refused( array( 'status' => 'trash' ) + $ok, 400, 'status' );
		$this->assert_refused( array( 'status' => 'all' ) + $ok, 400, 'status' );
		$this->assert_refused( array( 'status' => 'Partial' ) + $ok, 400, 'status' );
		$this->assert_refused( array( 'status' => array( 'partial' ) ) + $ok, 400, 'status' );

		// A viewer of results without the rest of the admin's capabilities may export.
		$this->as_results_viewer();
		$this->assertCount( 1, self::csv_rows( $this->export( $ok ) ) );
	}

	public function test_file_names_and_the_boot_config(): void {
		$this->as_elite();
		$this->as_user( 'administrator' );
		$survey  = self::open_survey();
		$page    = self::page();
		$nonce   = wp_create_nonce( ExportPage::NONCE );
		$request = $page->check( array( 'survey_id' => (string) $survey, 'format' => 'csv', '_wpnonce' => $nonce ) );
		$this->assertSame( "survey-$survey-responses-" . wp_date( 'Y-m-d' ) . '.csv', $request->filename() );
		$request = $page->check( array( 'survey_id' => (string) $survey, 'format' => 'xlsx', 'report' => 'question', 'question_id' => '3', '_wpnonce' => $nonce ) );
		$this->assertSame( "survey-$survey-question-3-" . wp_date( 'Y-m-d' ) . '.xlsx', $request->filename() );

		$config = self::boot_config()->for_page( 'results' );
		$this->assertSame( admin_url( 'admin.php?page=userfeedback_exports' ), $config['exports_url'] );
		$this->assertSame( 1, wp_verify_nonce( $config['exports_nonce'], ExportPage::NONCE ) );
	}

	public function test_the_hidden_page_is_registered_without_a_menu_item(): void {
		global $_registered_pages, $submenu;
		$this->as_user( 'administrator' );
		self::page()->add_page();
		$this->assertArrayHasKey( 'admin_page_userfeedback_exports', (array) $_registered_pages );
		$this->assertNotFalse( has_action( 'load-admin_page_userfeedback_exports' ) );
		foreach ( (array) $submenu as $parent => $items ) {
			if ( '' === $parent ) {
				continue; // Where core keeps pages without a menu item.
			}
			foreach ( $items as $item ) {
				$this->assertNotSame( 'userfeedback_exports', $item[2] ?? null, 'No menu item.' );
			}
		}
	}

	protected function tearDown(): void {
		remove_all_filters( 'wp_die_handler' );
		parent::tearDown();
	}
}
