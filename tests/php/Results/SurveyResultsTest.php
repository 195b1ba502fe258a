<?php
/**
 * GET surveys/{id}/results on a known data set: counts per option, skipped, checkbox ticks, the
 * stars' average, NPS buckets and score, trashed and out-of-range responses left out, impressions.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Results;

final class SurveyResultsTest extends ResultsTestCase {

	private const RANGE = array(
		'from' => '2026-11-01',
		'to'   => '2026-11-20',
	);

	private int $survey;

	/** @var int[] */
	private array $responses = array();

	protected function setUp(): void {
		parent::setUp();
		$this->as_pro_admin();
		$this->survey = self::results_survey();
		$s            = $this->survey;
		$this->responses = array(
			self::respond( $s, '2026-11-10 10:00:00', array( 1 => 'Yes', 2 => array( 'Red', 'Green' ), 3 => 'Cat', 4 => 'Happy', 5 => 5, 6 => 0, 7 => 'hello world', 8 => null, 9 => 'ann@example.com' ), array( 9 => array( 'name' => 'Ann' ) ) ),
			self::respond( $s, '2026-11-10 11:00:00', array( 1 => 'No', 2 => array( 'Green' ), 3 => 'Dog', 4 => null, 5 => 4, 6 => 6, 7 => null, 9 => null ), array( 6 => array( 'comments' => 'too slow' ) ) ),
			self::respond( $s, '2026-11-10 12:00:00', array( 1 => 'Yes', 2 => array( 'Red', 'Green', 'Blue' ), 3 => 'Cat', 4 => 'Sad', 5 => 3, 6 => 7, 7 => 'second' ) ),
			self::respond( $s, '2026-11-11 09:00:00', array( 1 => null, 2 => null, 5 => null, 6 => 8 ) ),
			self::respond( $s, '2026-11-12 09:00:00', array( 1 => 'Yes', 2 => array( 'Purple' ), 6 => 9 ) ),
			self::respond( $s, '2026-11-13 09:00:00', array( 1 => 'Yes', 6 => 10 ), array( 6 => array( 'comments' => 'love it' ) ) ),
			self::respond( $s, '2026-11-14 09:00:00', array( 6 => 10 ) ),
		);
		// In the trash: counts nowhere.
		$trashed = self::respond( $s, '2026-11-13 10:00:00', array( 1 => 'No', 2 => array( 'Blue' ), 5 => 1, 6 => 0, 7 => 'trashed words' ) );
		self::trash( $trashed );
		// Before the range: all-time count only.
		self::respond( $s, '2026-10-01 09:00:00', array( 1 => 'No', 6 => 0 ) );
		self::impressions( $s, '2026-11-05', 3 );
		self::impressions( $s, '2026-11-20', 4 );
		self::impressions( $s, '2026-10-01', 5 );
		// Another survey's data never leaks in.
		$other = self::results_survey();
		self::respond( $other, '2026-11-10 10:00:00', array( 1 => 'No', 6 => 0 ) );
		self::impressions( $other, '2026-11-10', 100 );
	}

	public function test_counts_of_the_survey(): void {
		$results = $this->ok( "/surveys/{$this->survey}/results", self::RANGE );

		$this->assertSame(
			array(
				'id'         => $this->survey,
				'title'      => 'Results survey',
				'type'       => 'survey',
				'status'     => 'publish',
				'created_at' => '2026-01-02T03:04:05Z',
			),
			$results['survey']
		);
		$this->assertSame( 8, $results['responses_count'] );
		$this->assertSame( 7, $results['range_responses_count'] );
		$this->assertSame( 7, $results['impressions'] );
		$this->assertIsInt( $results['responses_count_7_days'] );
		$this->assertIsInt( $results['responses_count_30_days'] );
		$this->assertSame( array( 1, 2, 3, 4, 5, 6, 7, 8, 9 ), array_column( $results['question_stats'], 'id' ) );
	}

	public function test_choice_questions_count_per_option_in_the_questions_order(): void {
		$stats = $this->ok( "/surveys/{$this->survey}/results", self::RANGE )['question_stats'];

		$radio = self::stats_of( $stats, self::Q['radio-button'] );
		$this->assertTrue( $radio['is_quantitative'] );
		$this->assertSame( array( 'Yes' => 4, 'No' => 1 ), self::counts( $radio['options'] ) );
		$this->assertSame( 5, $radio['total_answers'] );
		$this->assertSame( 1, $radio['skipped'] );
		$this->assertFalse( $radio['invalid_options'] );
		$this->assertSame( array( 'value' => 'Yes', 'label' => 'Yes', 'count' => 4 ), $radio['options'][0] );

		$checkbox = self::stats_of( $stats, self::Q['checkbox'] );
		$this->assertSame( array( 'Red' => 2, 'Green' => 3, 'Blue' => 1 ), self::counts( $checkbox['options'] ), 'A response counts once per ticked option.' );
		$this->assertSame( 4, $checkbox['total_answers'] );
		$this->assertSame( 1, $checkbox['skipped'] );
		$this->assertTrue( $checkbox['invalid_options'], '"Purple" is not an option.' );

		$image = self::stats_of( $stats, self::Q['image-radio'] );
		$this->assertSame(
			array(
				array( 'value' => 'Cat', 'label' => 'Cat', 'image' => 'https://example.com/cat.png', 'count' => 2 ),
				array( 'value' => 'Dog', 'label' => 'Dog', 'image' => null, 'count' => 1 ),
			),
			$image['options']
		);

		$icon = self::stats_of( $stats, self::Q['icon-choice'] );
		$this->assertSame(
			array(
				// The icons come with the question's icon colour (the default here), which the results draw them in.
				array( 'value' => 'Happy', 'label' => 'Happy', 'icon' => 'smile', 'icon_color' => '#1579EF', 'count' => 1 ),
				array( 'value' => 'Sad', 'label' => 'Sad', 'icon' => 'frown', 'icon_color' => '#1579EF', 'count' => 1 ),
			),
			$icon['options']
		);
		$this->assertSame( 1, $icon['skipped'] );
	}

	public function test_stars_average_and_every_value_listed(): void {
		$stars = self::stats_of( $this->ok( "/surveys/{$this->survey}/results", self::RANGE )['question_stats'], self::Q['star-rating'] );
		$this->assertSame( array( '1' => 0, '2' => 0, '3' => 1, '4' => 1, '5' => 1 ), self::counts( $stars['options'] ) );
		$this->assertEquals( 4.0, $stars['average'] );
		$this->assertSame( 3, $stars['total_answers'] );
		$this->assertSame( 1, $stars['skipped'] );
	}

	public function test_nps_buckets_and_score(): void {
		$results = $this->ok( "/surveys/{$this->survey}/results", self::RANGE );
		$nps     = self::stats_of( $results['question_stats'], self::Q['nps'] );

		$this->assertSame( 7, $nps['total_answers'] );
		$this->assertSame( array( '0' => 1, '1' => 0, '2' => 0, '3' => 0, '4' => 0, '5' => 0, '6' => 1, '7' => 1, '8' => 1, '9' => 1, '10' => 2 ), self::counts( $nps['options'] ) );
		// 0, 6 detractors; 7, 8 passives; 9, 10, 10 promoters: (3 - 2) / 7 = 14.29 %.
		$expected = array(
			'promoters'          => 3,
			'passives'           => 2,
			'detractors'         => 2,
			'total'              => 7,
			'promoters_percent'  => 42.9,
			'passives_percent'   => 28.6,
			'detractors_percent' => 28.6,
			'score'              => 14,
		);
		$this->assertEquals( $expected, $nps['nps'] );
		$this->assertEquals( $expected, $results['nps_overview'] );
	}

	public function test_text_questions_count_answers_and_list_the_newest(): void {
		$stats = $this->ok( "/surveys/{$this->survey}/results", self::RANGE )['question_stats'];

		$text = self::stats_of( $stats, self::Q['text'] );
		$this->assertFalse( $text['is_quantitative'] );
		$this->assertSame( array(), $text['options'] );
		$this->assertSame( 2, $text['total_answers'] );
		$this->assertSame( 1, $text['skipped'] );
		$this->assertSame( array( 'second', 'hello world' ), array_column( $text['answers']['items'], 'value' ) );
		$this->assertSame( array( $this->responses[2], $this->responses[0] ), array_column( $text['answers']['items'], 'response_id' ) );
		$this->assertSame( '2026-11-10T12:00:00Z', $text['answers']['items'][0]['date'] );
		$this->assertSame( array( 'page' => 1, 'pages' => 1, 'per_page' => 10, 'total' => 2 ), $text['answers']['pagination'] );

		$email = self::stats_of( $stats, self::Q['email'] );
		$this->assertSame( array( 'name' => 'Ann' ), $email['answers']['items'][0]['extra'] );
		$this->assertSame( 1, $email['skipped'] );

		$long = self::stats_of( $stats, self::Q['long-text'] );
		$this->assertSame( 0, $long['total_answers'] );
		$this->assertSame( 1, $long['skipped'] );
		$this->assertSame( array(), $long['answers']['items'] );
	}

	public function test_a_survey_without_an_nps_question_has_no_nps_overview(): void {
		$id = self::results_survey( array( 'questions' => array( self::question( 1 ) ) ) );
		self::respond( $id, '2026-11-10 10:00:00', array( 1 => 'Yes' ) );
		$results = $this->ok( "/surveys/$id/results", self::RANGE );
		$this->assertNull( $results['nps_overview'] );
		$this->assertSame( 1, $results['range_responses_count'] );
	}

	public function test_an_empty_range_counts_nothing(): void {
		$results = $this->ok( "/surveys/{$this->survey}/results", array( 'from' => '2026-09-01', 'to' => '2026-09-05' ) );
		$this->assertSame( 0, $results['range_responses_count'] );
		$this->assertSame( 0, $results['impressions'] );
		$nps = self::stats_of( $results['question_stats'], self::Q['nps'] );
		$this->assertNull( $nps['nps']['score'] );
		$this->assertSame( 0, $nps['nps']['total'] );
		$this->assertNull( self::stats_of( $results['question_stats'], self::Q['star-rating'] )['average'] );
	}

	public function test_renamed_options_are_flagged(): void {
		$survey                             = \UserFeedback\Plugin::instance()->surveys->find( $this->survey );
		$survey['questions'][0]['config']['options'] = array( 'Yes', 'Nope' );
		\UserFeedback\Plugin::instance()->surveys->update( $this->survey, $survey );

		$radio = self::stats_of( $this->ok( "/surveys/{$this->survey}/results", self::RANGE )['question_stats'], self::Q['radio-button'] );
		$this->assertTrue( $radio['invalid_options'] );
		$this->assertSame( array( 'Yes' => 4, 'Nope' => 0 ), self::counts( $radio['options'] ) );
	}

	public function test_the_last_7_and_30_days_follow_today_not_the_range(): void {
		$today = current_datetime();
		$s     = self::results_survey();
		$at    = static fn( int $days_ago ): string => $today->modify( "-$days_ago days" )->setTime( 12, 0 )->setTimezone( new \DateTimeZone( 'UTC' ) )->format( 'Y-m-d H:i:s' );
		self::respond( $s, $at( 0 ), array( 1 => 'Yes' ) );
		self::respond( $s, $at( 6 ), array( 1 => 'Yes' ) );
		self::respond( $s, $at( 7 ), array( 1 => 'Yes' ) );
		self::respond( $s, $at( 29 ), array( 1 => 'Yes' ) );
		self::respond( $s, $at( 30 ), array( 1 => 'Yes' ) );

		$results = $this->ok( "/surveys/$s/results", array( 'from' => '2026-01-01', 'to' => '2026-01-02' ) );
		$this->assertSame( 2, $results['responses_count_7_days'] );
		$this->assertSame( 4, $results['responses_count_30_days'] );
		$this->assertSame( 5, $results['responses_count'] );
	}
}
