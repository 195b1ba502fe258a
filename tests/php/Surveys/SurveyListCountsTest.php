<?php
/**
 * The surveys list's responses_count (read from the daily rollup since issue 19) equals the count of
 * the survey's published responses, through writes, trash, restore, delete and partial responses.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Surveys;

use UserFeedback\Database\Schema;
use UserFeedback\Tests\Results\ResultsTestCase;

final class SurveyListCountsTest extends ResultsTestCase {

	/**
	 * What the list showed before issue 19: a COUNT(*) of the published responses.
	 *
	 * @param int[] $surveys Survey ids.
	 * @return array<int,int>
	 */
	private static function counted( array $surveys ): array {
		global $wpdb;
		$counts = array();
		foreach ( $surveys as $id ) {
			$counts[ $id ] = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM %i WHERE survey_id = %d AND status = 'publish'", Schema::table( 'responses' ), $id ) );
		}
		return $counts;
	}

	/**
	 * @param int[] $surveys Survey ids.
	 * @return array<int,int>
	 */
	private function listed( array $surveys ): array {
		$response = $this->rest( 'GET', self::NS . '/surveys', array( 'per_page' => 100, 'orderby' => 'responses_count' ) );
		$this->assertSame( 200, $response->get_status() );
		$all    = array_column( self::data( $response )['items'], 'responses_count', 'id' );
		$counts = array();
		foreach ( $surveys as $id ) {
			$counts[ $id ] = $all[ $id ];
			$this->assertSame( $all[ $id ], self::data( $this->rest( 'GET', self::NS . "/surveys/$id" ) )['responses_count'], 'The survey route says the same.' );
		}
		return $counts;
	}

	public function test_counts_equal_the_published_responses(): void {
		global $wpdb;
		$this->as_pro_admin();
		$a   = self::results_survey();
		$b   = self::results_survey( array( 'title' => 'B' ) );
		$c   = self::results_survey( array( 'title' => 'C' ) );
		$ids = array();
		foreach ( array( '2026-10-01 10:00:00', '2026-10-02 23:30:00', '2026-11-05 00:10:00', '2026-11-06 12:00:00', '2026-11-07 12:00:00' ) as $i => $at ) {
			$ids[] = self::respond( $a, $at, array( 7 => "A $i" ) );
		}
		self::respond( $b, '2026-11-01 10:00:00', array( 7 => 'B' ) );
		// A partial response is not counted (the visitor left before the end).
		$wpdb->insert( Schema::table( 'responses' ), array( 'survey_id' => $b, 'status' => 'partial', 'submitted_at' => '2026-11-02 10:00:00' ) );
		$surveys = array( $a, $b, $c );
		$this->assertSame( array( $a => 5, $b => 1, $c => 0 ), self::counted( $surveys ) );
		$this->assertSame( self::counted( $surveys ), $this->listed( $surveys ) );

		$this->assertSame( 200, $this->rest( 'POST', self::NS . "/surveys/$a/responses/trash", array(), array( 'response_ids' => array( $ids[0], $ids[1], $ids[2] ) ) )->get_status() );
		$this->assertSame( self::counted( $surveys ), $this->listed( $surveys ) );
		$this->assertSame( 2, $this->listed( $surveys )[ $a ] );

		$this->assertSame( 200, $this->rest( 'POST', self::NS . "/surveys/$a/responses/restore", array(), array( 'response_ids' => array( $ids[1] ) ) )->get_status() );
		$this->assertSame( 200, $this->rest( 'DELETE', self::NS . "/surveys/$a/responses", array(), array( 'response_ids' => array( $ids[0] ) ) )->get_status() );
		$this->assertSame( self::counted( $surveys ), $this->listed( $surveys ) );
		$this->assertSame( 3, $this->listed( $surveys )[ $a ] );

		$this->assertSame( 200, $this->rest( 'DELETE', self::NS . "/surveys/$a/responses", array(), array( 'all' => true ) )->get_status() );
		$this->assertSame( self::counted( $surveys ), $this->listed( $surveys ) );
		$this->assertSame( 0, $this->listed( $surveys )[ $a ] );
	}
}
