<?php
/**
 * The rules of GET and POST post-ratings/settings: a partial update is judged key by key against
 * RatingSettingsSchema (unknown keys refused), merged over the stored settings and saved whole;
 * nothing is written when any key is wrong.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\PostRatings;

use UserFeedback\Rest\ApiException;
use UserFeedback\Rest\BodyCheck;

defined( 'ABSPATH' ) || exit;

final class RatingSettingsService {

	/** Settings that are free text shown to visitors. */
	private const TEXT = array( 'rating_question', 'rating_instruction_message', 'thank_you_message' );

	/**
	 * @param \Closure():\UserFeedback\Licensing\Entitlements $entitlements The site's entitlements.
	 */
	public function __construct(
		private readonly RatingSettingsRepository $repository,
		private readonly \Closure $entitlements,
	) {}

	/**
	 * @return array{settings:array<string,mixed>,defaults:array<string,mixed>,icons:array<int,array<string,string>>}
	 * @throws ApiException 403 when the feature is locked.
	 */
	public function for_admin(): array {
		RatingsFeature::require_for_admin( ( $this->entitlements )() );
		return $this->payload();
	}

	/**
	 * @param mixed $changes Decoded request body: any subset of the settings.
	 * @return array{settings:array<string,mixed>,defaults:array<string,mixed>,icons:array<int,array<string,string>>}
	 * @throws ApiException 403 when the feature is locked, 400 with a message per wrong key.
	 */
	public function update( $changes ): array {
		RatingsFeature::require_for_admin( ( $this->entitlements )() );
		$changes    = BodyCheck::fields( $changes, RatingSettingsSchema::schema(), RatingSettingsSchema::labels() );
		$properties = RatingSettingsSchema::schema()['properties'];

		$next = $this->repository->all();
		foreach ( $changes as $key => $value ) {
			$value = rest_sanitize_value_from_schema( $value, $properties[ $key ], (string) $key );
			if ( in_array( $key, self::TEXT, true ) ) {
				$value = sanitize_text_field( (string) $value );
			}
			$next[ $key ] = $value;
		}
		$this->repository->save( $next );
		return $this->payload();
	}

	/**
	 * @return array{settings:array<string,mixed>,defaults:array<string,mixed>,icons:array<int,array<string,string>>}
	 */
	private function payload(): array {
		return array(
			'settings' => $this->repository->all(),
			'defaults' => RatingSettingsSchema::defaults(),
			'icons'    => RatingSettingsSchema::icons(),
		);
	}
}
