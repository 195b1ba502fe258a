<?php
/**
 * Writes a response as the visitor route does (ResponseRepository::insert()), for tests that need
 * answers through the plugin's own writer (rollups and the search table kept).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Tests\Results;

use UserFeedback\Database\Rollups;
use UserFeedback\Responses\ResponseRepository;

trait WritesResponses {

	/**
	 * Stores a response as the visitor route does (ResponseRepository::insert()), at a UTC moment.
	 *
	 * @param array<int,mixed>                       $values Question id => value (null: skipped).
	 * @param array<int,array<string,string>>        $extras Question id => extra.
	 */
	protected static function respond( int $survey_id, string $utc, array $values, array $extras = array() ): int {
		$answers = array();
		foreach ( $values as $question_id => $value ) {
			$answers[] = array(
				'question_id' => $question_id,
				'value'       => $value,
				'extra'       => $extras[ $question_id ] ?? null,
			);
		}
		return ( new ResponseRepository() )->insert(
			array(
				'survey_id'    => $survey_id,
				'submitted_at' => $utc,
				'page_url'     => 'https://example.com/',
				'page_title'   => 'Home',
				'ip'           => '203.0.113.0',
				'browser'      => 'Chrome',
				'os'           => 'Windows',
				'device'       => 'desktop',
			),
			$answers,
			Rollups::types( $survey_id )
		);
	}
}
