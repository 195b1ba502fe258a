<?php
/**
 * The rules of the visitor's writes: token, rate limits, an open survey, valid answers, then the save
 * (a response created, updated or completed), all in one transaction. Cheap refusals come first: the token is an HMAC, the rate limit a counter;
 * the survey is read and the answers judged only after both passed.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Responses;

use UserFeedback\Database\Rollups;
use UserFeedback\ExceptionText;
use UserFeedback\Frontend\SurveyTokens;
use UserFeedback\Log;
use UserFeedback\Rest\ApiException;
use UserFeedback\Rest\RateLimiter;
use UserFeedback\Settings\SettingsRepository;
use UserFeedback\Surveys\Closing;
use UserFeedback\Surveys\QuestionArchive;

defined( 'ABSPATH' ) || exit;

final class ResponseService {

	/**
	 * Fires once per response, after the write that completed it: do_action( 'userfeedback_response_saved',
	 * $response_id, $survey, $answers, $complete = true ), $answers as AnswerValidator::validate() answers
	 * them; and, where ANNOUNCE_PARTIAL_FILTER says so, once for a partial response when the cron closes
	 * it ($complete false, its stored answers). What a hook does cannot undo or break the visitor's
	 * answer (errors are logged, output is dropped).
	 */
	public const SAVED_ACTION = 'userfeedback_response_saved';

	/**
	 * apply_filters( 'userfeedback_announce_partial', false, $survey ): whether a partial response of the
	 * survey closed by the cron fires SAVED_ACTION and its email too.
	 */
	public const ANNOUNCE_PARTIAL_FILTER = 'userfeedback_announce_partial';

	/**
	 * @param \Closure():\UserFeedback\Licensing\Entitlements $entitlements The site's entitlements.
	 */
	public function __construct(
		private readonly OpenSurveys $surveys,
		private readonly ResponseRepository $responses,
		private readonly RateLimiter $limiter,
		private readonly SettingsRepository $settings,
		private readonly \Closure $entitlements,
	) {}

	/**
	 * The visitor's country for geo targeting (GET geo), rate-limited like the other visitor routes.
	 *
	 * @return string|null Two upper-case letters, or null when unknown.
	 * @throws ApiException 429.
	 */
	public function country(): ?string {
		$settings = $this->settings->all();
		$visitor  = Visitor::from_server( $_SERVER, (string) $settings['ip_header'] );
		$this->limiter->hit( 'geo', RateLimiter::client( $visitor->ip ) );
		return VisitorCountry::detect( $_SERVER, (string) $settings['geo_header'] );
	}

	/**
	 * Counts one showing of the survey today (the site's day).
	 *
	 * @param mixed $token The impression token as sent.
	 * @throws ApiException 403, 429, 404, or 410 for a closed survey.
	 */
	public function impression( int $survey_id, $token ): void {
		self::check_token( $survey_id, 'impression', $token );
		$settings = $this->settings->all();
		$visitor  = Visitor::from_server( $_SERVER, (string) $settings['ip_header'] );
		VisitorWrite::run(
			function () use ( $survey_id, $visitor ): void {
				$this->limiter->hit( 'impressions', RateLimiter::client( $visitor->ip ) );
				$survey = $this->surveys->find( $survey_id );
				if ( null === $survey ) {
					throw self::closed();
				}
				// A page cached before the survey closed: the impression is refused, and the widget says nothing.
				if ( null !== Closing::reason( $survey ) ) {
					throw Closing::refusal();
				}
				$this->responses->add_impression( $survey_id, current_datetime()->format( 'Y-m-d' ) );
			}
		);
	}

	/**
	 * Stores a visitor's write of a response: the first write of a response_id creates the response,
	 * later ones update it (answers upserted by question), the completing one completes it; once
	 * completed, any further write changes nothing and is answered as the completion was. Without a
	 * response_id (a page cached before partial responses) the write is one completed response.
	 *
	 * @param array<string,mixed> $body answers, page_submitted, nonce, response_id, reached, complete and fields, as the route's schema let them through.
	 * @return array{id:int,status:string,complete:bool,created:bool}
	 * @throws ApiException 403, 429, 404, 410 (a closed survey), 400 or 503; nothing is stored then.
	 */
	public function submit( int $survey_id, array $body ): array {
		self::check_token( $survey_id, 'submission', $body['nonce'] ?? null );
		$settings  = $this->settings->all();
		$visitor   = Visitor::from_server( $_SERVER, (string) $settings['ip_header'] );
		$client_id = is_string( $body['response_id'] ?? null ) ? strtolower( $body['response_id'] ) : null;
		$complete  = is_bool( $body['complete'] ?? null ) ? $body['complete'] : null === $client_id;
		$reached   = is_int( $body['reached'] ?? null ) ? max( 0, $body['reached'] ) : 0;

		$outcome = VisitorWrite::run(
			function () use ( $survey_id, $body, $settings, $visitor, $client_id, $complete, $reached ): array {
				$client = RateLimiter::client( $visitor->ip );
				$this->limiter->hit( 'response_writes', $client );
				$existing = null === $client_id ? null : $this->responses->find_by_client( $survey_id, $client_id );
				if ( null !== $existing && ( null !== $existing['completed_at'] || 'trash' === $existing['status'] ) ) {
					// A replay of the completion, or a write to a response the admin has trashed: nothing changes.
					return array(
						'id'       => (int) $existing['id'],
						'status'   => null !== $existing['completed_at'] ? 'publish' : 'partial',
						'complete' => null !== $existing['completed_at'],
						'created'  => false,
					);
				}
				if ( null === $existing ) {
					// The client's own limit first: a client over it must not use up the site's.
					$this->limiter->hit( 'responses', $client );
					$this->limiter->hit( 'responses_site', '' );
				}

				$survey = $this->surveys->find( $survey_id );
				if ( null === $survey ) {
					throw self::closed();
				}
				// A closed survey (Closing) takes no write; the completing one counts its quota under a lock,
				// so a completion that would go past it is refused.
				$reaches_quota = false;
				if ( $complete ) {
					$reaches_quota = Closing::guard_completion( $survey );
				} elseif ( null !== Closing::reason( $survey ) ) {
					throw Closing::refusal();
				}
				$answers = AnswerValidator::validate(
					QuestionArchive::live( (array) $survey['questions'] ), // An archived question takes no new answers.
					(array) ( $body['answers'] ?? array() ),
					// As in the widget: required blocks skipping only where the site may use question settings.
					fn(): bool => ( $this->entitlements )()->can( 'question_settings' ),
					$complete ? AnswerValidator::COMPLETE : AnswerValidator::PARTIAL
				);
				$page    = self::page( (array) ( $body['page_submitted'] ?? array() ) );
				$now     = gmdate( 'Y-m-d H:i:s' );
				// The survey is in hand: its question types need no second read in the visitor's request.
				$types = Rollups::types_of( (array) $survey['questions'] );
				if ( null === $existing ) {
					$client = UserAgent::parse( $visitor->user_agent );
					$id     = $this->responses->create(
						array(
							'survey_id'     => $survey_id,
							'submitted_at'  => $now,
							'page_url'      => $page['url'],
							'page_title'    => $page['title'],
							'ip'            => $visitor->stored_ip( (bool) $settings['anonymize_ips'] ),
							'browser'       => $client['browser'],
							'os'            => $client['os'],
							'device'        => $client['device'],
							'client_id'     => $client_id,
							'last_question' => $reached,
							// The REST request's user: a logged-in visitor's widget sends the wp_rest nonce (cookie auth).
							'user_id'       => get_current_user_id(),
						),
						$answers,
						$types,
						$complete
					);
				} else {
					$id = (int) $existing['id'];
					$this->responses->update( $existing, $answers, $types, $complete, $now, $reached, $page );
				}
				// Hidden fields: the names the survey lists, stored once per response (the first write that
				// carries a name); other names are ignored. None without the feature: the survey still runs.
				$listed = HiddenFields::names( $survey );
				if ( $listed && isset( $body['fields'] ) && ( $this->entitlements )()->can( 'hidden_fields' ) ) {
					HiddenFields::store( $id, $survey_id, HiddenFields::listed_values( $listed, $body['fields'] ) );
				}
				return array(
					'id'       => $id,
					'status'   => $complete ? 'publish' : 'partial',
					'complete' => $complete,
					'created'  => null === $existing,
					'announce' => $complete ? array( $survey, $answers ) : null,
					'closes'   => $reaches_quota,
				);
			}
		);
		if ( ! empty( $outcome['closes'] ) ) {
			// After the commit (Closing::touch()): the widget's config stops listing the survey.
			Closing::touch();
		}
		unset( $outcome['closes'] );
		if ( isset( $outcome['announce'] ) ) {
			// After the commit: hooks see the stored response and hold no locks while they work.
			self::announce( $outcome['id'], $outcome['announce'][0], $outcome['announce'][1], true );
		}
		unset( $outcome['announce'] );
		return $outcome;
	}

	/**
	 * The page as stored: the link only when it is an http(s) URL that fits its column, the title as
	 * plain text cut to its column.
	 *
	 * @param array<string,mixed> $page link and title as sent.
	 * @return array{url:string,title:string}
	 */
	public static function page( array $page ): array {
		$link   = is_string( $page['link'] ?? null ) ? trim( $page['link'] ) : '';
		$scheme = strtolower( (string) wp_parse_url( $link, PHP_URL_SCHEME ) );
		$url    = in_array( $scheme, array( 'http', 'https' ), true ) ? esc_url_raw( $link, array( 'http', 'https' ) ) : '';
		$title  = is_string( $page['title'] ?? null ) ? sanitize_text_field( $page['title'] ) : '';
		return array(
			'url'   => strlen( $url ) <= ResponseSchema::URL_MAX ? $url : '',
			'title' => mb_substr( $title, 0, ResponseSchema::TITLE_MAX, 'UTF-8' ),
		);
	}

	/**
	 * @param mixed $token As sent.
	 * @throws ApiException 403 for a missing or wrong token.
	 */
	private static function check_token( int $survey_id, string $action, $token ): void {
		if ( ! is_string( $token ) || '' === $token || ! SurveyTokens::verify( $survey_id, $action, $token ) ) {
			throw new ApiException( 'userfeedback_invalid_token', esc_html__( 'This page is out of date. Reload it and try again.', 'userfeedback' ), 403 );
		}
	}

	/**
	 * The one answer for unknown, draft, trashed and not yet started surveys alike.
	 */
	private static function closed(): ApiException {
		return ApiException::not_found( esc_html__( 'This survey is not accepting responses.', 'userfeedback' ) );
	}

	/**
	 * Runs the hooks of a saved response, once: when it completes, or (where the
	 * userfeedback_announce_partial filter allows) when the cron closes it as partial. The response is
	 * stored by then; a hook that throws or prints must not turn the visitor's answer into an error page
	 * (nor stop the cron).
	 *
	 * @param array<string,mixed>            $survey   The survey.
	 * @param array<int,array<string,mixed>> $answers  The stored answers.
	 * @param bool                           $complete False for a partial response closed by the cron.
	 */
	public static function announce( int $id, array $survey, array $answers, bool $complete ): void {
		$level = ob_get_level();
		ob_start();
		try {
			do_action( self::SAVED_ACTION, $id, $survey, $answers, $complete ); // phpcs:ignore WordPress.NamingConventions.PrefixAllGlobals.DynamicHooknameFound -- self::SAVED_ACTION is 'userfeedback_response_saved'.
		} catch ( \Throwable $e ) {
			Log::error( sprintf( 'a %s hook failed for response %d: %s', self::SAVED_ACTION, $id, ExceptionText::plain( (string) $e ) ) );
		} finally {
			while ( ob_get_level() > $level ) {
				ob_end_clean();
			}
		}
	}
}
