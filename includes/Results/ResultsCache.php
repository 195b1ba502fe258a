<?php
/**
 * The object cache of computed results. Every payload is keyed by what it was computed from and by
 * "last changed" stamps: one for all responses, one per survey. Whatever changes responses calls
 * bump() (a saved response bumps its survey; trash, restore and delete call bump()). Surveys' own
 * changes (titles, questions) are covered by the surveys' stamp. Impressions are counted on every
 * page view, so they do not bump anything: payloads expire after TTL seconds instead.
 *
 * What every visitor's answer moves is never kept here: a partial write does not fire the saved
 * action (it fires once, on completion), so the drop-off funnel, the partial count, the impressions
 * shown with them and the overview's completion rates are read fresh from their rollups on every
 * request (ResultsService::survey_results(), Overview::page(): a few small sums).
 *
 * Lives in the object cache (Redis on busy sites), never in PHP memory between requests.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Results;

use UserFeedback\Responses\ResponseService;
use UserFeedback\Surveys\SurveyRepository;

defined( 'ABSPATH' ) || exit;

final class ResultsCache {

	public const GROUP = 'userfeedback_results';

	/** Seconds a payload is kept: how stale impressions may be. */
	public const TTL = 300;

	public function register(): void {
		add_action(
			ResponseService::SAVED_ACTION,
			static function ( $response_id, $survey = null ): void {
				self::bump( is_array( $survey ) && isset( $survey['id'] ) ? (int) $survey['id'] : null );
			},
			10,
			2
		);
	}

	/**
	 * Forgets computed results: of one survey (and the overview), or, without an id, of every survey.
	 * Call it after writing, trashing, restoring or deleting responses.
	 */
	public static function bump( ?int $survey_id = null ): void {
		if ( null === $survey_id ) {
			wp_cache_set_last_changed( self::GROUP );
			return;
		}
		self::set_stamp( 'survey_' . $survey_id );
		self::set_stamp( 'overview' );
	}

	/**
	 * The cached payload of $parts, or what $compute answers (then cached).
	 *
	 * @template T
	 * @param int|null             $survey_id The survey the payload is about, null for the overview.
	 * @param array<int,mixed>     $parts     What else the payload depends on (route, range, page...).
	 * @param callable():T         $compute   Computes the payload.
	 * @return T
	 */
	public static function remember( ?int $survey_id, array $parts, callable $compute ) {
		$key   = self::key( $survey_id, $parts );
		$found = false;
		$value = wp_cache_get( $key, self::GROUP, false, $found );
		if ( $found ) {
			return $value;
		}
		$value = $compute();
		wp_cache_set( $key, $value, self::GROUP, self::TTL );
		return $value;
	}

	/**
	 * @param array<int,mixed> $parts Key parts.
	 */
	private static function key( ?int $survey_id, array $parts ): string {
		$stamps = array(
			wp_cache_get_last_changed( self::GROUP ),
			wp_cache_get_last_changed( SurveyRepository::CACHE_GROUP ),
			self::stamp( null === $survey_id ? 'overview' : 'survey_' . $survey_id ),
		);
		return 'results:' . ( $survey_id ?? 'all' ) . ':' . md5( (string) wp_json_encode( array( $stamps, $parts ) ) );
	}

	private static function stamp( string $name ): string {
		$stamp = wp_cache_get( 'last_changed_' . $name, self::GROUP );
		return is_string( $stamp ) ? $stamp : self::set_stamp( $name );
	}

	private static function set_stamp( string $name ): string {
		$stamp = microtime();
		wp_cache_set( 'last_changed_' . $name, $stamp, self::GROUP );
		return $stamp;
	}
}
