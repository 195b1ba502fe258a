<?php
/**
 * The NPS arithmetic (DESIGN 2): 0-6 detractors, 7-8 passives, 9-10 promoters; the score from
 * unrounded counts, rounded; null without answers. And QuestionStats on odd stored values.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Results;

use UserFeedback\Results\Nps;
use UserFeedback\Results\QuestionStats;
use UserFeedback\Tests\TestCase;

final class NpsTest extends TestCase {

	public function test_buckets(): void {
		$this->assertSame( 'detractors', Nps::bucket( '0' ) );
		$this->assertSame( 'detractors', Nps::bucket( '6' ) );
		$this->assertSame( 'passives', Nps::bucket( '7' ) );
		$this->assertSame( 'passives', Nps::bucket( '8' ) );
		$this->assertSame( 'promoters', Nps::bucket( '9' ) );
		$this->assertSame( 'promoters', Nps::bucket( '10' ) );
		$this->assertNull( Nps::bucket( '11' ) );
		$this->assertNull( Nps::bucket( '-1' ) );
		$this->assertNull( Nps::bucket( '' ) );
	}

	public function test_scores(): void {
		$this->assertNull( Nps::score( 0, 0, 0 ) );
		$this->assertSame( 0, Nps::score( 1, 5, 1 ) );
		$this->assertSame( -33, Nps::score( 1, 0, 2 ) );
		$this->assertSame( 100, Nps::score( 4, 0, 0 ) );
		$this->assertSame( -100, Nps::score( 0, 0, 4 ) );
		$this->assertSame( 67, Nps::score( 2, 1, 0 ) );
		$empty = Nps::overview( 0, 0, 0 );
		$this->assertSame( 0, $empty['total'] );
		$this->assertNull( $empty['score'] );
		$this->assertSame( 0.0, $empty['promoters_percent'] );
		$this->assertSame(
			array(
				'promoters'          => 2,
				'passives'           => 0,
				'detractors'         => 1,
				'total'              => 3,
				'promoters_percent'  => 66.7,
				'passives_percent'   => 0.0,
				'detractors_percent' => 33.3,
				'score'              => 33,
			),
			Nps::from_counts( array( '10' => 1, '9' => 1, '3' => 1, '12' => 5 ) )
		);
	}

	public function test_question_stats_of_odd_values(): void {
		$stars = QuestionStats::build(
			array( 'id' => 5, 'title' => 'Stars', 'type' => 'star-rating' ),
			array(
				'answered' => 4,
				'skipped'  => 3,
				'values'   => array( '5' => 2, '2' => 1, '9' => 1 ),
			)
		);
		$this->assertTrue( $stars['invalid_options'], 'A 9 is not a star value.' );
		$this->assertEquals( 4.0, $stars['average'], 'Averaged over the valid values.' );
		$this->assertSame( 4, $stars['total_answers'] );
		$this->assertSame( 3, $stars['skipped'] );

		$checkbox = QuestionStats::build(
			array( 'id' => 2, 'title' => 'Boxes', 'type' => 'checkbox', 'config' => array( 'options' => array( 'A', 'B' ) ) ),
			// Per ticked label, as the rollups count them (Rollups::answer_rows()).
			array(
				'answered' => 6,
				'skipped'  => 0,
				'values'   => array( 'A' => 3, 'B' => 5, 'not json' => 1 ),
			)
		);
		$this->assertSame( array( 3, 5 ), array_column( $checkbox['options'], 'count' ) );
		$this->assertTrue( $checkbox['invalid_options'] );

		$text = QuestionStats::build( array( 'id' => 7, 'title' => 'Words', 'type' => 'text' ), array( 'answered' => 3, 'skipped' => 1, 'values' => array() ) );
		$this->assertFalse( $text['is_quantitative'] );
		$this->assertSame( 3, $text['total_answers'] );
		$this->assertSame( 1, $text['skipped'] );
		$this->assertArrayNotHasKey( 'average', $text );
	}
}
