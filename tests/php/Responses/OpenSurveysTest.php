<?php
/**
 * The survey a visitor answers is read through the object cache, and any change to surveys is seen at once.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Responses;

use UserFeedback\Database\Schema;
use UserFeedback\Plugin;
use UserFeedback\Responses\OpenSurveys;

final class OpenSurveysTest extends ResponsesTestCase {

	public function test_a_survey_is_read_once_and_an_edit_is_seen_at_once(): void {
		$id      = self::open_survey();
		$lookup  = new OpenSurveys( Plugin::instance()->surveys );
		$queries = $this->count_survey_queries();

		$this->assertSame( $id, $lookup->find( $id )['id'] );
		$this->assertSame( $id, $lookup->find( $id )['id'] );
		$this->assertNull( $lookup->find( $id + 500 ) );
		$this->assertNull( $lookup->find( $id + 500 ) );
		$this->assertSame( 2, $queries(), 'One read of the survey, one of the unknown id.' );

		Plugin::instance()->surveys->set_status( $id, 'draft' );
		$this->assertNull( $lookup->find( $id ) );
		Plugin::instance()->surveys->set_status( $id, 'publish' );
		$this->assertSame( $id, $lookup->find( $id )['id'] );
	}

	/**
	 * @return \Closure():int Number of SELECTs on the surveys table since the call.
	 */
	private function count_survey_queries(): \Closure {
		$count   = 0;
		$surveys = Schema::table( 'surveys' );
		add_filter(
			'query',
			static function ( string $sql ) use ( &$count, $surveys ): string {
				if ( str_starts_with( $sql, 'SELECT' ) && str_contains( $sql, $surveys ) ) {
					++$count;
				}
				return $sql;
			}
		);
		return static function () use ( &$count ): int {
			return $count;
		};
	}
}
