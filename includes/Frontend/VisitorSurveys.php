<?php
/**
 * The published surveys as the visitor widget sees them, cached until a survey changes.
 *
 * Scheduled surveys are in the list too: front-end pages are served from full-page caches for days,
 * so the server cannot decide when a survey starts; the loader waits for publish_at in the browser.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Frontend;

use UserFeedback\Surveys\QuestionArchive;
use UserFeedback\Licensing\Entitlements;
use UserFeedback\Surveys\FeaturePolicy;
use UserFeedback\Surveys\Schedule;
use UserFeedback\Surveys\SurveyRepository;

defined( 'ABSPATH' ) || exit;

final class VisitorSurveys {

	public const COOKIE_PREFIX = 'userfeedback-survey-';

	/** @var \Closure():Entitlements */
	private readonly \Closure $entitlements;

	/**
	 * @param SurveyRepository                 $surveys      Surveys.
	 * @param (\Closure():Entitlements)|null $entitlements The site's entitlements (the plugin's by default).
	 */
	public function __construct( private readonly SurveyRepository $surveys, ?\Closure $entitlements = null ) {
		$this->entitlements = $entitlements ?? static fn(): Entitlements => \UserFeedback\Plugin::instance()->entitlements();
	}

	/**
	 * Every front-end page asks this; with a persistent object cache it costs one cache read. Surveys a
	 * visitor can never see (no questions) are left out; nothing here depends on the visitor or the page.
	 * A survey that uses what the site may no longer use (FeaturePolicy::unavailable(): a lapsed
	 * licence, an addon switched off) carries needs_pro, the feature keys, and the widget passes it over
	 * (hidden reason needs_pro) rather than show it with its rules ignored.
	 *
	 * @return array<int,array<string,mixed>>
	 */
	public function live(): array {
		// The key changes with every write to the surveys table, so the entry needs no expiry of its own;
		// the day only lets entries of old keys leave a persistent cache.
		// A licence that lapses or an addon switched off changes what is hidden without a survey write.
		$entitlements = ( $this->entitlements )();
		$allowed      = array_filter( FeaturePolicy::keys(), static fn( string $feature ): bool => FeaturePolicy::hides( $feature ) && $entitlements->can( FeaturePolicy::entitlement( $feature ) ) );
		$key          = 'visitor_published:' . wp_cache_get_last_changed( SurveyRepository::CACHE_GROUP ) . ':' . implode( ',', $allowed );
		$cached       = wp_cache_get( $key, SurveyRepository::CACHE_GROUP );
		if ( is_array( $cached ) ) {
			return $cached;
		}

		$surveys = array_values(
			array_map(
				static function ( array $survey ) use ( $entitlements ): array {
					$visitor     = self::to_visitor( $survey );
					$unavailable = FeaturePolicy::unavailable( $survey, $entitlements );
					if ( array() !== $unavailable ) {
						$visitor['needs_pro'] = array_column( $unavailable, 'feature' );
					}
					return $visitor;
				},
				array_filter( $this->surveys->published(), static fn( array $survey ): bool => array() !== QuestionArchive::live( (array) $survey['questions'] ) )
			)
		);
		wp_cache_set( $key, $surveys, SurveyRepository::CACHE_GROUP, DAY_IN_SECONDS );
		return $surveys;
	}

	/**
	 * A survey of live() by id, or null when it is not published (draft, trash, unknown, no questions).
	 *
	 * @return array<string,mixed>|null
	 */
	public function find( int $id ): ?array {
		foreach ( $this->live() as $survey ) {
			if ( $survey['id'] === $id ) {
				return $survey;
			}
		}
		return null;
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
			'publish_at'  => Schedule::rfc3339( $survey['publish_at'] ?: null ),
			'cookie_name' => self::COOKIE_PREFIX . $id,
			'questions'   => QuestionArchive::live( (array) $survey['questions'] ), // Archived questions are kept for results only.
			'settings'    => (object) $survey['settings'],
			'nonces'      => array(
				'impression' => SurveyTokens::issue( $id, 'impression' ),
				'submission' => SurveyTokens::issue( $id, 'submission' ),
			),
		);
	}
}
