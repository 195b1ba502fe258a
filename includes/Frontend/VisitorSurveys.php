<?php
/**
 * The live surveys as the visitor widget sees them, cached until a survey changes or a scheduled one starts.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Frontend;

use UserFeedback\Surveys\SurveyRepository;

defined( 'ABSPATH' ) || exit;

final class VisitorSurveys {

	public const COOKIE_PREFIX = 'userfeedback-survey-';

	public function __construct( private readonly SurveyRepository $surveys ) {}

	/**
	 * Every front-end page asks this; with a persistent object cache it costs one cache read.
	 *
	 * @return array<int,array<string,mixed>>
	 */
	public function live(): array {
		$key    = 'visitor_live:' . wp_cache_get_last_changed( SurveyRepository::CACHE_GROUP );
		$cached = wp_cache_get( $key, SurveyRepository::CACHE_GROUP );
		$now    = time();
		if ( is_array( $cached ) && ( null === $cached['until'] || $cached['until'] > $now ) ) {
			return $cached['surveys'];
		}

		$now_utc = gmdate( 'Y-m-d H:i:s', $now );
		$surveys = array_map( array( self::class, 'to_visitor' ), $this->surveys->live( $now_utc ) );
		$next    = $this->surveys->next_scheduled( $now_utc );
		// A scheduled survey goes live when its time comes, so the cached list must not outlive that moment.
		$until = $next ? (int) strtotime( $next . ' UTC' ) : null;
		wp_cache_set(
			$key,
			array(
				'surveys' => $surveys,
				'until'   => $until,
			),
			SurveyRepository::CACHE_GROUP,
			$until ? max( 1, $until - $now ) : DAY_IN_SECONDS
		);
		return $surveys;
	}

	/**
	 * What a visitor may see of a survey: no notification addresses, no timestamps of edits.
	 *
	 * @param array<string,mixed> $survey Hydrated survey row.
	 * @return array<string,mixed>
	 */
	public static function to_visitor( array $survey ): array {
		$id = (int) $survey['id'];
		return array(
			'id'          => $id,
			'title'       => (string) $survey['title'],
			'type'        => (string) $survey['type'],
			'template'    => (string) $survey['template'],
			'publish_at'  => $survey['publish_at'],
			'cookie_name' => self::COOKIE_PREFIX . $id,
			'questions'   => array_values( (array) $survey['questions'] ),
			'settings'    => (object) $survey['settings'],
			'nonces'      => array(
				'impression' => SurveyTokens::issue( $id, 'impression' ),
				'submission' => SurveyTokens::issue( $id, 'submission' ),
			),
		);
	}
}
