<?php
/**
 * Records what the main routes answer, as the wire has it, in tests/fixtures/recorded/*.json: a survey
 * with every question type, the surveys list, the survey's results, its responses and the settings.
 * admin-app/src/shared/types/recorded.test.ts checks each file against the TypeScript types, so a PHP
 * answer and its type cannot drift apart unseen.
 *
 * The data is fixed (titles, moments, answers); ids and the moments the server stamps itself are
 * replaced by fixed ones. Each run writes the files and fails when one differs from what was there:
 * review the change, commit the file, run again.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Rest;

use UserFeedback\Tests\Results\ResultsTestCase;

final class RecordedJsonTest extends ResultsTestCase {

	private const DIR = __DIR__ . '/../../fixtures/recorded/';

	/** What the server stamps with the current time, recorded as this. */
	private const NOW = '2026-01-02T03:04:05Z';

	/** The canonical id of the recorded survey. */
	private const SURVEY = 12;

	/** @var array<int,int> Real response id => recorded id. */
	private array $responses = array();

	private int $survey = 0;

	private function record_site(): void {
		$this->as_user( 'administrator' );
		$this->set_entitlements( 'pro', 'elite', \UserFeedback\Licensing\Entitlements::ADDONS );
		update_option( 'admin_email', 'owner@example.org' );
		update_option( 'timezone_string', 'UTC' );
		$this->survey = self::results_survey(
			array(
				'title'      => 'Recorded survey',
				'created_at' => '2026-01-02 03:04:05',
			)
		);
		$q     = self::Q;
		$moves = array(
			array(
				'2026-01-03 09:00:00',
				array(
					$q['radio-button'] => 'Yes',
					$q['checkbox']     => array( 'Red', 'Blue' ),
					$q['image-radio']  => 'Cat',
					$q['icon-choice']  => 'Happy',
					$q['star-rating']  => 4,
					$q['nps']          => 9,
					$q['text']         => 'Fast checkout',
					$q['long-text']    => "Clear prices.\nFriendly support.",
					$q['email']        => 'ann@example.com',
				),
				array(
					$q['nps']   => array( 'comments' => 'Would recommend' ),
					$q['email'] => array( 'name' => 'Ann' ),
				),
			),
			array(
				'2026-01-04 15:30:00',
				array(
					$q['radio-button'] => 'No',
					$q['checkbox']     => array( 'Green' ),
					$q['image-radio']  => 'Dog',
					$q['icon-choice']  => 'Sad',
					$q['star-rating']  => 2,
					$q['nps']          => 3,
					$q['text']         => null,
					$q['long-text']    => 'Too slow.',
					$q['email']        => null,
				),
				array(),
			),
			array(
				'2026-01-06 20:15:00',
				array(
					$q['radio-button'] => 'Yes',
					$q['checkbox']     => array( 'Red' ),
					$q['star-rating']  => 5,
					$q['nps']          => 10,
				),
				array(),
			),
		);
		$ids = array();
		foreach ( $moves as [ $utc, $values, $extras ] ) {
			$ids[] = self::respond( $this->survey, $utc, $values, $extras );
		}
		sort( $ids );
		foreach ( $ids as $i => $id ) {
			$this->responses[ $id ] = 101 + $i;
		}
		self::impressions( $this->survey, '2026-01-03', 7 );
	}

	public function test_the_main_answers_are_recorded_as_they_are_sent(): void {
		$this->record_site();
		$id      = $this->survey;
		$changed = array();

		$survey = $this->wire( 'GET', "/surveys/$id" );
		$this->survey_ids( $survey );
		$changed[] = self::write( 'survey', $survey );

		$list = $this->wire( 'GET', '/surveys' );
		$this->assertCount( 1, $list->items );
		$this->survey_ids( $list->items[0] );
		$changed[] = self::write( 'surveys', $list );

		$results = $this->wire(
			'GET',
			"/surveys/$id/results",
			array(
				'from' => '2026-01-01',
				'to'   => '2026-01-07',
			)
		);
		$results->survey->id = self::SURVEY;
		// A cursor ends with its row's id, which the engine's sequence gives: the recorded one ends with
		// the canonical id of the last row's response.
		$cursor = static fn( ?string $next, array $items, string $key ): ?string => null === $next || ! $items ? $next : (string) preg_replace( '/-\d+$/', '-' . end( $items )->$key, $next );
		foreach ( $results->question_stats as $stats ) {
			foreach ( $stats->answers->items ?? array() as $answer ) {
				$answer->response_id = $this->responses[ $answer->response_id ];
			}
			if ( isset( $stats->answers ) ) {
				$stats->answers->next_cursor = $cursor( $stats->answers->next_cursor, $stats->answers->items, 'response_id' );
			}
		}
		// Counted back from today: not part of what is recorded.
		$results->responses_count_7_days  = 0;
		$results->responses_count_30_days = 0;
		$changed[]                        = self::write( 'results', $results );

		$responses = $this->wire( 'GET', "/surveys/$id/responses" );
		$responses->survey->id = self::SURVEY;
		foreach ( $responses->items as $item ) {
			$item->id = $this->responses[ $item->id ];
		}
		$responses->next_cursor = $cursor( $responses->next_cursor, $responses->items, 'id' );
		$changed[] = self::write( 'responses', $responses );

		$changed[] = self::write( 'settings', $this->wire( 'GET', '/settings' ) );

		$changed = array_values( array_filter( $changed ) );
		$this->assertSame( array(), $changed, 'Recorded JSON changed: review and commit ' . implode( ', ', $changed ) . ', then run again.' );
	}

	public function test_what_the_routes_answer_matches_the_schemas_they_publish(): void {
		$this->record_site();
		$id     = $this->survey;
		$server = rest_get_server();
		$server->get_routes(); // Fills the route options.
		$schema = static fn( string $route ): array => call_user_func( $server->get_route_options( '/userfeedback/v1' . $route )['schema'] );
		$assoc  = static fn( $data ): array => json_decode( (string) wp_json_encode( $data ), true );
		$checks = array(
			'survey'         => array( $schema( '/surveys/(?P<id>[\d]+)' ), $assoc( $this->wire( 'GET', "/surveys/$id" ) ) ),
			'surveys item'   => array( $schema( '/surveys' ), $assoc( $this->wire( 'GET', '/surveys' )->items[0] ) ),
			'results'        => array( $schema( '/surveys/(?P<id>[\d]+)/results' ), $assoc( $this->wire( 'GET', "/surveys/$id/results", array( 'from' => '2026-01-01', 'to' => '2026-01-07' ) ) ) ),
			'responses item' => array( $schema( '/surveys/(?P<id>[\d]+)/responses' ), $assoc( $this->wire( 'GET', "/surveys/$id/responses" )->items[0] ) ),
			'settings'       => array( $schema( '/settings' ), $assoc( $this->wire( 'GET', '/settings' ) ) ),
			'templates item' => array( $schema( '/surveys/templates' ), $assoc( $this->wire( 'GET', '/surveys/templates' )[0] ) ),
			'roles item'     => array( $schema( '/roles' ), $assoc( $this->wire( 'GET', '/roles' )[0] ) ),
			'notifications'  => array( $schema( '/notifications' ), $assoc( $this->wire( 'GET', '/notifications' ) ) ),
			'nps'            => array( $schema( '/surveys/(?P<id>[\d]+)/nps' ), $assoc( $this->wire( 'GET', "/surveys/$id/nps", array( 'from' => '2026-01-01', 'to' => '2026-01-07' ) ) ) ),
			'overview'       => array( $schema( '/results-summary' ), $assoc( $this->wire( 'GET', '/results-summary', array( 'from' => '2026-01-01', 'to' => '2026-01-07' ) ) ) ),
		);
		foreach ( $checks as $name => [ $published, $answer ] ) {
			$valid = rest_validate_value_from_schema( $answer, $published, $name );
			$this->assertTrue( $valid, $name . ': ' . ( is_wp_error( $valid ) ? $valid->get_error_message() : '' ) );
		}
	}

	/**
	 * A route's answer as the server sends it (objects stay objects, empty ones too).
	 *
	 * @param array<string,mixed> $query Query.
	 * @return mixed
	 */
	private function wire( string $method, string $path, array $query = array() ) {
		$response = $this->rest( $method, self::NS . $path, $query );
		$this->assertSame( 200, $response->get_status(), (string) wp_json_encode( $response->get_data() ) );
		return json_decode( (string) wp_json_encode( rest_get_server()->response_to_data( $response, false ) ) );
	}

	/**
	 * The survey's id where it appears in a survey or a list item; the moments it was stamped with.
	 */
	private function survey_ids( \stdClass $survey ): void {
		$this->assertSame( $this->survey, $survey->id );
		$survey->id        = self::SURVEY;
		$survey->shortcode = \UserFeedback\Surveys\SurveyReader::shortcode( self::SURVEY );
		if ( isset( $survey->cookie_name ) ) {
			$survey->cookie_name = \UserFeedback\Frontend\VisitorSurveys::COOKIE_PREFIX . self::SURVEY;
		}
		if ( isset( $survey->updated_at ) ) {
			$survey->updated_at = self::NOW;
		}
	}

	/**
	 * Writes tests/fixtures/recorded/{name}.json.
	 *
	 * @param mixed $data The answer.
	 * @return string|null The file's name when it was missing or differed.
	 */
	private static function write( string $name, $data ): ?string {
		$file = self::DIR . $name . '.json';
		$json = (string) wp_json_encode( $data, JSON_PRETTY_PRINT | JSON_UNESCAPED_SLASHES | JSON_UNESCAPED_UNICODE ) . "\n";
		$was  = is_file( $file ) ? (string) file_get_contents( $file ) : null;
		if ( $was === $json ) {
			return null;
		}
		if ( ! is_dir( self::DIR ) ) {
			mkdir( self::DIR, 0777, true );
		}
		file_put_contents( $file, $json );
		return "tests/fixtures/recorded/$name.json";
	}
}
