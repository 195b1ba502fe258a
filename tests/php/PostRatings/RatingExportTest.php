<?php
/**
 * report=post_ratings on the export page: the rated posts (one row per post) and one post's ratings
 * (one row per rating), in CSV and XLSX, with the range, the order and chunked reads honoured; and
 * the refusals (capability, nonce, export feature, post-ratings feature, parameters). The files are
 * read back: CSV as text, XLSX with ZipArchive and its sheet1.xml.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\PostRatings;

use UserFeedback\Exports\CsvWriter;
use UserFeedback\Exports\PostRatingsExporter;
use UserFeedback\Exports\PostRatingsExportRequest;
use UserFeedback\PostRatings\RatingRepository;
use UserFeedback\Tests\Exports\ReadsExports;
use UserFeedback\Tests\Exports\WpDie;

final class RatingExportTest extends RatingsTestCase {

	use ReadsExports;

	private const POSTS_HEADER = array( 'Post ID', 'Post/Page Name', 'URL', 'Number of Ratings', 'Average Rating' );

	private const RATINGS_HEADER = array( 'Rating ID', 'Date', 'Time', 'Rating' );

	/** @var array<string,int> */
	private array $posts = array();

	/** @var int[] Ratings of Apple in the order given. */
	private array $apple = array();

	protected function setUp(): void {
		parent::setUp();
		add_filter(
			'wp_die_handler',
			static fn() => static function ( $message, $title = '', $args = array() ): void {
				throw new WpDie( is_string( $message ) ? $message : 'wp_die', (int) ( $args['response'] ?? 500 ) );
			}
		);
		$this->set_entitlements( 'pro', 'plus', array( 'post-ratings' ) );
		$this->as_results_viewer();
		$this->posts = array(
			'Apple'  => self::make_post( 'Apple' ),
			'Banana' => self::make_post( '=Banana', array( 'post_type' => 'page' ) ),
			'Cherry' => self::make_post( 'Cherry' ),
		);
		$this->apple = self::rate(
			$this->posts['Apple'],
			array(
				array( 5, '2026-03-01 15:04:05' ), // 10:04:05 in New York.
				array( 4, '2026-03-02 04:00:00' ), // 23:00 on March 1st in New York.
				array( 4, '2026-03-10 12:00:00' ), // 08:00 (EDT).
			)
		);
		self::rate( $this->posts['Banana'], array( array( 5, '2026-03-03 12:00:00' ) ) );
		self::rate( $this->posts['Cherry'], array( array( 2, '2026-03-04 12:00:00' ), array( 3, '2026-03-20 12:00:00' ) ) );
	}

	/**
	 * @param array<string,mixed> $params Query without report and nonce (added unless given).
	 */
	private function export_ratings( array $params ): string {
		return $this->export( $params + array( 'report' => 'post_ratings' ) );
	}

	/**
	 * @return array<int,array<int,string>> The posts report's rows, most rated first.
	 */
	private function expected_posts(): array {
		return array(
			self::POSTS_HEADER,
			array( (string) $this->posts['Apple'], 'Apple', get_permalink( $this->posts['Apple'] ), '3', '4.33' ),
			array( (string) $this->posts['Cherry'], 'Cherry', get_permalink( $this->posts['Cherry'] ), '2', '2.5' ),
			array( (string) $this->posts['Banana'], "'=Banana", get_permalink( $this->posts['Banana'] ), '1', '5' ),
		);
	}

	public function test_posts_report_in_csv_and_xlsx(): void {
		$this->assertSame( $this->expected_posts(), self::csv_rows( $this->export_ratings( array( 'format' => 'csv' ) ) ) );
		$file = $this->export_ratings( array( 'format' => 'xlsx' ) );
		$this->assertSame( $this->expected_posts(), self::xlsx_rows( $file ) );
		$this->assertStringContainsString( 'name="Post ratings"', self::xlsx_part( $file, 'xl/workbook.xml' ) );
	}

	public function test_posts_report_honours_order_and_range(): void {
		$titles = fn( array $params ): array => array_column( array_slice( self::csv_rows( $this->export_ratings( $params + array( 'format' => 'csv' ) ) ), 1 ), 1 );
		$this->assertSame( array( "'=Banana", 'Apple', 'Cherry' ), $titles( array( 'orderby' => 'post_title', 'order' => 'asc' ) ) );
		$this->assertSame( array( "'=Banana", 'Apple', 'Cherry' ), $titles( array( 'orderby' => 'average_rating', 'order' => 'desc' ) ) );
		$this->assertSame( array( 'Cherry', 'Apple', "'=Banana" ), $titles( array( 'orderby' => 'average_rating', 'order' => 'asc' ) ) );
		$this->assertSame( array( "'=Banana", 'Cherry', 'Apple' ), $titles( array( 'orderby' => 'total_ratings', 'order' => 'asc' ) ) );

		// March 1st in New York holds two of Apple's votes (one of them at 04:00 UTC on the 2nd).
		$rows = self::csv_rows( $this->export_ratings( array( 'format' => 'csv', 'from' => '2026-03-01', 'to' => '2026-03-01' ) ) );
		$this->assertSame( array( self::POSTS_HEADER, array( (string) $this->posts['Apple'], 'Apple', get_permalink( $this->posts['Apple'] ), '2', '4.5' ) ), $rows );
	}

	public function test_one_posts_ratings_in_csv_and_xlsx_with_local_date_and_time(): void {
		[ $a, $b, $c ] = $this->apple;
		$expected      = array(
			self::RATINGS_HEADER,
			array( (string) $c, '2026-03-10', '08:00:00', '4' ),
			array( (string) $b, '2026-03-01', '23:00:00', '4' ),
			array( (string) $a, '2026-03-01', '10:04:05', '5' ),
		);
		$params = array( 'post_id' => (string) $this->posts['Apple'] );
		$this->assertSame( $expected, self::csv_rows( $this->export_ratings( $params + array( 'format' => 'csv' ) ) ), 'Newest first by default.' );
		$this->assertSame( $expected, self::xlsx_rows( $this->export_ratings( $params + array( 'format' => 'xlsx' ) ) ) );

		$ids = fn( array $more ): array => array_column( array_slice( self::csv_rows( $this->export_ratings( $params + $more + array( 'format' => 'csv' ) ) ), 1 ), 0 );
		$this->assertSame( array( (string) $a, (string) $b, (string) $c ), $ids( array( 'orderby' => 'created_at', 'order' => 'asc' ) ) );
		$this->assertSame( array( (string) $b, (string) $c, (string) $a ), $ids( array( 'orderby' => 'rating', 'order' => 'asc' ) ) );
		$this->assertSame( array( (string) $a, (string) $c, (string) $b ), $ids( array( 'orderby' => 'rating', 'order' => 'desc' ) ) );
		$this->assertSame( array( (string) $b, (string) $a ), $ids( array( 'from' => '2026-03-01', 'to' => '2026-03-01' ) ) );
		$this->assertSame( array(), $ids( array( 'from' => '2026-04-01' ) ), 'Only the header without ratings in the range.' );
	}

	public function test_chunked_reads_keep_every_row_in_order(): void {
		// More ratings than a chunk, with ties on the sort column across chunk boundaries.
		$post = self::make_post( 'Busy' );
		$ids  = self::rate( $post, array_map( static fn( int $i ): array => array( 1 + $i % 3, sprintf( '2026-02-%02d 12:00:00', 1 + intdiv( $i, 2 ) ) ), range( 0, 10 ) ) );
		foreach ( array( array( 'rating', 'asc' ), array( 'rating', 'desc' ), array( 'created_at', 'asc' ), array( 'created_at', 'desc' ) ) as [ $orderby, $order ] ) {
			$request = PostRatingsExportRequest::from_params( array( 'format' => 'csv', 'post_id' => (string) $post, 'orderby' => $orderby, 'order' => $order ) );
			$out     = fopen( 'php://memory', 'w+b' );
			$chunks  = 0;
			$written = ( new PostRatingsExporter( new RatingRepository() ) )->run(
				$request,
				new CsvWriter(),
				$out,
				static function () use ( &$chunks ): void {
					++$chunks;
				},
				3
			);
			rewind( $out );
			$got = array_map( 'intval', array_column( array_slice( self::csv_rows( (string) stream_get_contents( $out ) ), 1 ), 0 ) );
			$this->assertSame( 11, $written );
			$this->assertSame( 4, $chunks, "$orderby $order in chunks of 3." );
			$all = ( new RatingRepository() )->ratings( $post, '2005-01-01 00:00:00', '2100-01-01 00:00:00', array( 'orderby' => $orderby, 'order' => $order, 'per_page' => 100, 'offset' => 0 ) );
			$this->assertSame( array_column( $all, 'id' ), $got, "$orderby $order" );
			$this->assertEqualsCanonicalizing( $ids, $got );
		}

		// The posts report pages through the grouped rows.
		$request = PostRatingsExportRequest::from_params( array( 'format' => 'csv', 'orderby' => 'post_title', 'order' => 'asc' ) );
		$out     = fopen( 'php://memory', 'w+b' );
		$this->assertSame( 4, ( new PostRatingsExporter( new RatingRepository() ) )->run( $request, new CsvWriter(), $out, null, 1 ) );
		rewind( $out );
		$this->assertSame( array( "'=Banana", 'Apple', 'Busy', 'Cherry' ), array_column( array_slice( self::csv_rows( (string) stream_get_contents( $out ) ), 1 ), 1 ) );
	}

	private function assert_refused( array $params, int $status, string $message ): void {
		try {
			$this->export_ratings( $params );
			$this->fail( 'The export ran: ' . wp_json_encode( $params ) );
		} catch ( WpDie $e ) {
			$this->assertSame( $status, $e->status, $e->getMessage() );
			$this->assertStringContainsString( $message, $e->getMessage() );
		}
	}

	public function test_refusals_end_in_an_error_page(): void {
		$ok = array( 'format' => 'csv' );
		$this->assert_refused( array( '_wpnonce' => '' ) + $ok, 403, 'expired' );
		$this->assert_refused( array( '_wpnonce' => 'abc123' ) + $ok, 403, 'expired' );

		$this->as_user( 'subscriber' );
		$this->assert_refused( $ok, 403, 'not allowed' );
		$this->as_results_viewer();

		$this->set_entitlements( 'pro', 'plus' );
		$this->assert_refused( $ok, 403, 'needs its addon' );
		$this->set_entitlements( 'lite', null, array( 'post-ratings' ) );
		$this->assert_refused( $ok, 403, 'Export is a Pro feature' );
		$this->set_entitlements( 'pro', 'plus', array( 'post-ratings' ) );

		$this->assert_refused( array( 'format' => 'pdf' ), 400, 'format' );
		$this->assert_refused( array( 'post_id' => '987654' ) + $ok, 404, 'does not exist' );
		$this->assert_refused( array( 'post_id' => 'x' ) + $ok, 404, 'does not exist' );
		$this->assert_refused( array( 'orderby' => 'rating' ) + $ok, 400, 'sorted by' );
		$this->assert_refused( array( 'post_id' => (string) $this->posts['Apple'], 'orderby' => 'post_title' ) + $ok, 400, 'sorted by' );
		$this->assert_refused( array( 'order' => 'up' ) + $ok, 400, 'order' );
		$this->assert_refused( array( 'from' => '2004-12-31' ) + $ok, 400, '2005-01-01' );
		$this->assert_refused( array( 'from' => '2026-03-05', 'to' => '2026-03-01' ) + $ok, 400, 'start' );

		// Survey exports still ask for a survey.
		$this->assert_refused( array( 'report' => 'general' ) + $ok, 404, 'survey' );
	}

	public function test_the_file_name_says_what_is_in_it(): void {
		$this->assertMatchesRegularExpression( '/^post-ratings-\d{4}-\d{2}-\d{2}\.csv$/', PostRatingsExportRequest::from_params( array( 'format' => 'csv' ) )->filename() );
		$this->assertSame(
			'post-' . $this->posts['Apple'] . '-ratings-' . wp_date( 'Y-m-d' ) . '.xlsx',
			PostRatingsExportRequest::from_params( array( 'format' => 'xlsx', 'post_id' => (string) $this->posts['Apple'] ) )->filename()
		);
	}
}
