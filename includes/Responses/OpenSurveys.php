<?php
/**
 * Whether a survey accepts impressions and responses now: it exists, is published and its start time
 * (publish_at, UTC) has come. Read through the object cache, keyed on the surveys' last-changed stamp,
 * so a busy survey costs one cache read per answer and any edit is seen at once.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Responses;

use UserFeedback\Surveys\Schedule;
use UserFeedback\Surveys\SurveyRepository;

defined( 'ABSPATH' ) || exit;

final class OpenSurveys {

	public function __construct( private readonly SurveyRepository $surveys ) {}

	/**
	 * The survey, or null when it does not accept answers (unknown, draft, trashed, not yet started):
	 * callers answer all of these alike, so nothing about the survey leaks.
	 *
	 * @return array<string,mixed>|null Hydrated survey row.
	 */
	public function find( int $id ): ?array {
		$key    = "open:{$id}:" . wp_cache_get_last_changed( SurveyRepository::CACHE_GROUP );
		$found  = false;
		$survey = wp_cache_get( $key, SurveyRepository::CACHE_GROUP, false, $found );
		if ( ! $found ) {
			// A missing survey is remembered too (as 0), so unknown ids do not reach the database each time.
			$survey = $this->surveys->find( $id ) ?? 0;
			wp_cache_set( $key, $survey, SurveyRepository::CACHE_GROUP, HOUR_IN_SECONDS );
		}
		if ( ! is_array( $survey ) || 'publish' !== ( $survey['status'] ?? '' ) || Schedule::is_future( $survey['publish_at'] ?? null, time() ) ) {
			return null;
		}
		return $survey;
	}
}
