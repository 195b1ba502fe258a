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
use UserFeedback\Surveys\Closing;
use UserFeedback\Surveys\CompletedCounts;
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

		$now     = time();
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
				self::open_in_order( array_filter( $this->surveys->published(), static fn( array $survey ): bool => array() !== QuestionArchive::live( (array) $survey['questions'] ) ), $now )
			)
		);
		wp_cache_set( $key, $surveys, SurveyRepository::CACHE_GROUP, self::cache_seconds( $surveys, $now ) );
		return $surveys;
	}

	/**
	 * The surveys that are not closed (Closing: quota reached, end date passed), in the order the widget
	 * tries them: higher settings.priority first, then the older survey (lower id). The quotas are
	 * counted in one query, for the surveys that have one.
	 *
	 * @param array<int,array<string,mixed>> $surveys Published surveys.
	 * @return array<int,array<string,mixed>>
	 */
	private static function open_in_order( array $surveys, int $now ): array {
		$quota_ids = array();
		foreach ( $surveys as $survey ) {
			if ( null !== Closing::shape( $survey['settings']['close'] ?? null )['after_responses'] ) {
				$quota_ids[] = (int) $survey['id'];
			}
		}
		$completed = CompletedCounts::of_many( $quota_ids );
		$open      = array_values( array_filter( $surveys, static fn( array $survey ): bool => null === Closing::reason( $survey, $completed[ (int) $survey['id'] ] ?? 0, $now ) ) );
		usort(
			$open,
			static fn( array $a, array $b ): int => array( self::priority( $b ), (int) $a['id'] ) <=> array( self::priority( $a ), (int) $b['id'] )
		);
		return $open;
	}

	/**
	 * @param array<string,mixed> $survey Survey.
	 */
	private static function priority( array $survey ): int {
		return (int) ( $survey['settings']['priority'] ?? 0 );
	}

	/**
	 * A day, or until the earliest end date among the surveys when it comes sooner: the config computed
	 * after it leaves that survey out (the loader hides it meanwhile, from its end_at).
	 *
	 * @param array<int,array<string,mixed>> $surveys live() entries.
	 */
	private static function cache_seconds( array $surveys, int $now ): int {
		$seconds = DAY_IN_SECONDS;
		foreach ( $surveys as $survey ) {
			$end = null === ( $survey['end_at'] ?? null ) ? false : strtotime( (string) $survey['end_at'] );
			if ( false !== $end && $end > $now ) {
				$seconds = min( $seconds, $end - $now + 1 );
			}
		}
		return $seconds;
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
			'publish_at'  => Schedule::rfc3339( $survey['publish_at'] ? $survey['publish_at'] : null ),
			// When it closes by date (Closing): the loader hides it from then on, while a page stays cached.
			'end_at'      => Closing::shape( $survey['settings']['close'] ?? null )['end_at'],
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
