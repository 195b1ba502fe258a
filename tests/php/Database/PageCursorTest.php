<?php
/**
 * Database\PageCursor: what a list's next_cursor holds, what a route takes back, and when a page is
 * read from it.
 *
 * @package UserFeedback\Tests
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Database;

use UserFeedback\Database\PageCursor;
use UserFeedback\Tests\TestCase;

final class PageCursorTest extends TestCase {

	public function test_a_cursor_holds_the_rank_the_date_and_the_id_of_its_row(): void {
		$cursor = PageCursor::encode( 19, '2026-03-01 22:30:05', 4711 );
		$this->assertSame( '19-20260301223005-4711', $cursor );
		$this->assertMatchesRegularExpression( '/' . PageCursor::PATTERN . '/', $cursor );
		$back = PageCursor::decode( $cursor );
		$this->assertNotNull( $back );
		$this->assertSame( array( 19, '2026-03-01 22:30:05', 4711 ), array( $back->rank, $back->at, $back->id ) );
	}

	public function test_a_page_s_cursor_is_its_last_row_s(): void {
		$rows = array(
			array( 'id' => 9, 'submitted_at' => '2026-03-02 10:00:00' ),
			array( 'id' => 7, 'submitted_at' => '2026-03-01 09:30:00' ),
		);
		$this->assertSame( '21-20260301093000-7', PageCursor::of_last( $rows, 20 ) );
		$this->assertNull( PageCursor::of_last( array(), 20 ), 'An empty page has none.' );
	}

	public function test_anything_else_is_no_cursor(): void {
		foreach ( array( '', 'abc', '1-2026-5', '1-20261399000000-5', '1-20260230120000-5', '1-20260301120000-0', '-1-20260301120000-5', "1-20260301120000-5' OR 1=1", '1-20260301120000-5-6' ) as $sent ) {
			$this->assertNull( PageCursor::decode( $sent ), $sent );
		}
	}

	public function test_a_page_is_read_from_the_cursor_only_when_that_is_shorter(): void {
		$cursor = PageCursor::decode( PageCursor::encode( 9, '2026-03-01 00:00:00', 5 ) );
		$this->assertNotNull( $cursor );
		$this->assertTrue( $cursor->serves( 10 ), 'The next page: nothing to skip.' );
		$this->assertSame( 0, $cursor->skip( 10 ) );
		$this->assertTrue( $cursor->serves( 40 ) );
		$this->assertSame( 30, $cursor->skip( 40 ) );
		$this->assertFalse( $cursor->serves( 9 ), 'The cursor\'s own row, or one before it: from the start.' );
		$this->assertFalse( $cursor->serves( 0 ) );
		$this->assertFalse( $cursor->serves( 40, 12 ), 'Nearer the other end of a counted list.' );
	}

	public function test_after_the_row_in_both_orders(): void {
		$cursor = PageCursor::decode( '3-20260301120000-42' );
		$this->assertNotNull( $cursor );
		$this->assertSame( array( 'r.at <= %s AND (r.at < %s OR r.id < %d)', array( '2026-03-01 12:00:00', '2026-03-01 12:00:00', 42 ) ), $cursor->after_sql( 'r.at', 'r.id', true ) );
		$this->assertSame( array( 'r.at >= %s AND (r.at > %s OR r.id > %d)', array( '2026-03-01 12:00:00', '2026-03-01 12:00:00', 42 ) ), $cursor->after_sql( 'r.at', 'r.id', false ) );
		$this->assertSame( array( 'r.id < %d', array( 42 ) ), $cursor->after_id_sql( 'r.id', true ) );
		$this->assertSame( array( 'r.id > %d', array( 42 ) ), $cursor->after_id_sql( 'r.id', false ) );
	}
}
