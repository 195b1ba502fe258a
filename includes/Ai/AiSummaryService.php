<?php
/**
 * AI summaries of a survey's free-text feedback: the stored one, or a fresh one from the provider
 * configured in Settings (ai_base_url, ai_model, ai_api_key). Nothing leaves the site until an admin
 * has configured a provider, and then only text answers and comments (FeedbackDigest).
 *
 * Shapes follow AiSummary in admin-app/src/shared/types/results.ts.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Ai;

use UserFeedback\Licensing\Entitlements;
use UserFeedback\Rest\ApiException;
use UserFeedback\Rest\RateLimiter;
use UserFeedback\Settings\SettingsRepository;
use UserFeedback\Surveys\SurveyRepository;

defined( 'ABSPATH' ) || exit;

final class AiSummaryService {

	public const FEATURE = 'ai_summary';

	/** Rate-limit rule of fresh summaries, counted per user (see AiSummaryController::default_limit()). */
	public const RATE_RULE = 'ai_summary';

	public const CODE_NOT_CONFIGURED = 'userfeedback_ai_not_configured';

	/**
	 * @param \Closure():Entitlements                   $entitlements The site's entitlements.
	 * @param (\Closure(string,string,string):ChatCompletionsClient)|null $client_factory Builds the client from
	 *                                                  base URL, key and model (tests); the real client by default.
	 */
	public function __construct(
		private readonly SurveyRepository $surveys,
		private readonly SettingsRepository $settings,
		private readonly AiAnswerRepository $answers,
		private readonly SummaryStore $store,
		private readonly RateLimiter $limiter,
		private readonly \Closure $entitlements,
		private readonly ?\Closure $client_factory = null,
	) {}

	/**
	 * The stored summary (summary null when there is none yet).
	 *
	 * @return array{survey_id:int,summary:string|null,generated_at:string|null,answers_count:int}
	 * @throws ApiException 403 without the feature, 404 for an unknown survey.
	 */
	public function cached( int $survey_id ): array {
		$this->require_feature();
		$survey = $this->survey( $survey_id );
		$stored = $this->store->get( $survey );
		return self::shape( $survey_id, $stored['summary'] ?? null, $stored['generated_at'] ?? null, $stored['answers_count'] ?? 0 );
	}

	/**
	 * A fresh summary from the provider, stored for cached(). Without any text answer the provider is
	 * not asked: summary null, answers_count 0, and the stored summary (of answers since trashed) is
	 * dropped, so that both routes tell the same.
	 *
	 * @return array{survey_id:int,summary:string|null,generated_at:string|null,answers_count:int}
	 * @throws ApiException 403, 404, 400 (no provider configured), 429 (too many), 502 (provider failed).
	 */
	public function fresh( int $survey_id, int $user_id ): array {
		$this->require_feature();
		$survey = $this->survey( $survey_id );

		$base_url = trim( (string) $this->settings->get( 'ai_base_url' ) );
		$model    = trim( (string) $this->settings->get( 'ai_model' ) );
		if ( '' === $base_url || '' === $model ) {
			throw self::not_configured();
		}

		$digest = FeedbackDigest::collect(
			$survey,
			fn( int $question_id, bool $with_values, int $limit ): array => $this->answers->newest( $survey_id, $question_id, $with_values, $limit )
		);
		if ( 0 === $digest->count ) {
			$this->store->delete( $survey_id );
			return self::shape( $survey_id, null, null, 0 );
		}

		// Counted only when the provider is about to be asked: that is what costs money and time.
		$this->limiter->hit( self::RATE_RULE, 'user:' . $user_id );

		$client  = $this->client( $base_url, (string) $this->settings->get( 'ai_api_key' ), $model );
		$summary = $client->complete( FeedbackDigest::instructions( get_user_locale( $user_id ) ), $digest->message() );

		$generated_at = gmdate( 'Y-m-d\TH:i:s\Z' );
		$this->store->save( $survey, $summary, $generated_at, $digest->count );
		return self::shape( $survey_id, $summary, $generated_at, $digest->count );
	}

	private function client( string $base_url, #[\SensitiveParameter] string $api_key, string $model ): ChatCompletionsClient {
		return $this->client_factory
			? ( $this->client_factory )( $base_url, $api_key, $model )
			: new ChatCompletionsClient( $base_url, $api_key, $model );
	}

	/**
	 * @throws ApiException 403 when the site's plan does not include AI summaries.
	 */
	private function require_feature(): void {
		/** @var Entitlements $entitlements */
		$entitlements = ( $this->entitlements )();
		$reason       = $entitlements->reason( self::FEATURE );
		if ( null === $reason ) {
			return;
		}
		throw ApiException::forbidden(
			'license' === $reason
				? esc_html__( 'Please enter a valid license key to use AI Summary.', 'userfeedback' )
				: esc_html__( 'AI Summary is available with a Pro or Elite license. Please upgrade to use it.', 'userfeedback' )
		);
	}

	/**
	 * The 400 of a site without an AI provider.
	 */
	private static function not_configured(): ApiException {
		return new ApiException(
			self::CODE_NOT_CONFIGURED,
			esc_html__( 'AI summaries are not set up. Add an AI provider (base URL, API key and model) in Settings.', 'userfeedback' ),
			400
		);
	}

	/**
	 * @return array<string,mixed>
	 * @throws ApiException 404.
	 */
	private function survey( int $survey_id ): array {
		$survey = $survey_id > 0 ? $this->surveys->find( $survey_id ) : null;
		if ( null === $survey ) {
			// A summary left behind by a deleted survey goes with it.
			$this->store->delete( $survey_id );
			/* translators: %d: survey id. */
			throw ApiException::not_found( sprintf( esc_html__( 'There is no survey with the id %d.', 'userfeedback' ), (int) $survey_id ) );
		}
		return $survey;
	}

	/**
	 * @return array{survey_id:int,summary:string|null,generated_at:string|null,answers_count:int}
	 */
	private static function shape( int $survey_id, ?string $summary, ?string $generated_at, int $answers_count ): array {
		return array(
			'survey_id'     => $survey_id,
			'summary'       => $summary,
			'generated_at'  => $generated_at,
			'answers_count' => $answers_count,
		);
	}
}
