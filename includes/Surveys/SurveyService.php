<?php
/**
 * The writes of a survey: create and update with the rules beyond the schema, feature stripping and
 * publishing, and duplicates. The body comes judged against SurveySchema (Rest\BodyCheck, run by the
 * route); reads are SurveyReader's, bulk actions SurveyBulk's.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

use UserFeedback\Access\Capabilities;
use UserFeedback\Licensing\Entitlements;
use UserFeedback\Notifications\Email\EmailList;
use UserFeedback\Rest\ApiException;
use UserFeedback\Settings\SettingsRepository;

defined( 'ABSPATH' ) || exit;

final class SurveyService {

	/**
	 * Most bytes a survey's request body may have (the route's cap): each field has its own limit,
	 * this one bounds their sum.
	 */
	public const MAX_BYTES = 512 * 1024;

	public function __construct(
		private readonly SurveyRepository $repository,
		private readonly SettingsRepository $settings,
		private readonly \Closure $entitlements,
		private readonly SurveyReader $reader,
	) {}

	private function entitlements(): Entitlements {
		return ( $this->entitlements )();
	}

	/**
	 * Creates a survey from the defaults and the input.
	 *
	 * @param array<string,mixed> $input The judged body (SurveyInput).
	 * @return array{survey:array<string,mixed>,notes:array{published:bool,stripped:string[],message:string}}
	 *         The survey as GET answers it, and what the builder is told besides.
	 * @throws ApiException For invalid input; nothing is written then.
	 */
	public function create( array $input ): array {
		return $this->save( null, $input );
	}

	/**
	 * @param array<string,mixed> $input The judged body (SurveyInput); keys left out keep their stored values.
	 * @return array{survey:array<string,mixed>,notes:array{published:bool,stripped:string[],message:string}}
	 * @throws ApiException 404 for an unknown id, 400 for invalid input; nothing is written then.
	 */
	public function update( int $id, array $input ): array {
		return $this->save( $this->reader->load( $id ), $input );
	}

	/**
	 * @param array<string,mixed>|null $current Stored survey (complete), or null for a new one.
	 * @param array<string,mixed>      $input   SurveyInput, judged.
	 * @return array{survey:array<string,mixed>,notes:array{published:bool,stripped:string[],message:string}}
	 */
	private function save( ?array $current, array $input ): array {
		$input = $this->validated( $input );
		$base  = $current ?? SurveySchema::defaults( $this->settings->all() );

		if ( 'trash' === ( $input['status'] ?? null ) && 'trash' !== ( $current['status'] ?? null ) && ! current_user_can( Capabilities::DELETE_SURVEYS, $current['id'] ?? 0 ) ) {
			throw ApiException::forbidden( __( 'Sorry, you are not allowed to delete surveys.', 'userfeedback' ) );
		}

		$survey = $base;
		foreach ( array( 'title', 'type', 'status', 'template' ) as $key ) {
			if ( array_key_exists( $key, $input ) ) {
				$survey[ $key ] = trim( (string) $input[ $key ] );
			}
		}
		if ( array_key_exists( 'publish_at', $input ) ) {
			$survey['publish_at'] = $input['publish_at'];
		}
		if ( array_key_exists( 'questions', $input ) ) {
			$survey['questions'] = SurveyRules::assign_ids( array_map( array( SurveyShape::class, 'question' ), $input['questions'] ), $this->highest_question_id( $current ) );
		}
		$survey['settings']      = SurveyShape::settings( $base['settings'], $input['settings'] ?? array() );
		$survey['notifications'] = SurveyShape::notifications( $base['notifications'], $input['notifications'] ?? array() );
		$this->check_recipients( $base['notifications'], $survey['notifications'] );

		[ $survey, $stripped ] = ( new FeatureStripper( $this->entitlements(), $this->settings->all() ) )->strip( $survey );
		$survey                = SurveyRules::clean_references( $survey );
		$comparators           = SurveyRules::comparator_errors( $survey );
		if ( $comparators ) {
			throw ApiException::invalid( implode( ' ', $comparators ), $comparators );
		}

		$message = '';
		if ( 'publish' === $survey['status'] && SurveyRules::publish_errors( $survey ) ) {
			// Spec 1, section 4: a survey that may not be published is kept, as a draft.
			$survey['status'] = 'draft';
			$message          = SurveyRules::publish_blocked_message();
		}

		if ( $current ) {
			$id = (int) $current['id'];
			$this->repository->update( $id, $survey );
		} else {
			$id = $this->repository->insert( $survey );
		}
		return array(
			'survey' => $this->reader->get( $id ),
			'notes'  => array(
				'published' => 'publish' === $survey['status'],
				'stripped'  => array_values( $stripped ),
				'message'   => $message,
			),
		);
	}

	/**
	 * Who receives a survey's answers by email is decided by those who may read the answers: a user
	 * without the view-results capability could otherwise send every visitor's answers to an address of
	 * their own. Such a user may still save other edits, as long as the notifications come out the same
	 * (both sides normalised the same way, so a builder that sends them back unchanged is fine). A new
	 * survey's defaults count as unchanged.
	 *
	 * @param array<string,mixed> $before The stored (or default) notifications.
	 * @param array<string,mixed> $after  The notifications the request would save, normalised.
	 * @throws ApiException 403 userfeedback_cannot_change_recipients; nothing is written then.
	 */
	private function check_recipients( array $before, array $after ): void {
		if ( current_user_can( Capabilities::VIEW_RESULTS ) ) {
			return;
		}
		if ( SurveyShape::notifications( $before, array() ) === $after ) {
			return;
		}
		throw new ApiException(
			'userfeedback_cannot_change_recipients',
			__( 'Sorry, you are not allowed to change who receives this survey\'s responses. Changing the notification email addresses or their conditions needs the View Results permission; ask an administrator, or save your other changes without changing the notifications.', 'userfeedback' ),
			403
		);
	}

	/**
	 * The highest question id a survey has used: in its stored questions or in answers to deleted ones.
	 *
	 * @param array<string,mixed>|null $current Stored survey, or null for a new one.
	 */
	private function highest_question_id( ?array $current ): int {
		if ( ! $current ) {
			return 0;
		}
		$ids = array_map( static fn( array $q ): int => (int) $q['id'], $current['questions'] );
		return max( $this->repository->max_answered_question_id( (int) $current['id'] ), 0, ...$ids );
	}

	/**
	 * The judged input checked against the rules the schema cannot say.
	 *
	 * @param array<string,mixed> $input Writable keys only, valid and sanitised by the schema.
	 * @return array<string,mixed> The input; publish_at as UTC or null.
	 * @throws ApiException With a message per invalid field.
	 */
	private function validated( array $input ): array {
		$errors = $this->rule_errors( $input );
		if ( $errors ) {
			throw ApiException::invalid( implode( ' ', $errors ), $errors );
		}
		return $input;
	}

	/**
	 * @param array<string,mixed> $input Schema-valid, sanitised input.
	 * @return array<string,string> Field => message.
	 */
	private function rule_errors( array &$input ): array {
		$errors = array();
		if ( array_key_exists( 'publish_at', $input ) ) {
			try {
				$input['publish_at'] = Schedule::to_utc( $input['publish_at'] );
			} catch ( \InvalidArgumentException $e ) {
				$errors['publish_at'] = __( 'publish_at must be a date and time such as 2026-12-01T14:00:00 (site time) or 2026-12-01T14:00:00+09:00.', 'userfeedback' );
			}
		}

		$duplicates = SurveyRules::duplicate_ids( $input['questions'] ?? array() );
		if ( $duplicates ) {
			/* translators: %s: question ids. */
			$errors['questions'] = sprintf( __( 'Question ids must be unique within a survey; repeated: %s.', 'userfeedback' ), implode( ', ', $duplicates ) );
		}

		$urls = array(
			'settings[thank_you][redirect_url]' => $input['settings']['thank_you']['redirect_url'] ?? '',
			'settings[theming][custom_logo]'    => $input['settings']['theming']['custom_logo'] ?? '',
		);
		foreach ( (array) ( $input['settings']['thank_you']['conditions'] ?? array() ) as $i => $row ) {
			$urls[ "settings[thank_you][conditions][$i][redirect_url]" ] = $row['redirect_url'] ?? '';
		}
		foreach ( (array) ( $input['questions'] ?? array() ) as $q => $question ) {
			foreach ( (array) ( $question['config']['options'] ?? array() ) as $o => $option ) {
				$urls[ "questions[$q][config][options][$o][image][url]" ] = is_array( $option ) ? ( $option['image']['url'] ?? '' ) : '';
			}
		}
		foreach ( $urls as $field => $url ) {
			if ( '' !== trim( (string) $url ) && ! self::is_http_url( (string) $url ) ) {
				/* translators: %s: field name. */
				$errors[ $field ] = sprintf( __( '%s must be an http or https URL.', 'userfeedback' ), $field );
			}
		}

		$addresses = EmailList::error( (string) ( $input['notifications']['email']['addresses'] ?? '' ) );
		if ( null !== $addresses ) {
			$errors['notifications[email][addresses]'] = $addresses;
		}
		return $errors;
	}

	/**
	 * A copy titled '{title} (Copy)', as a draft with no schedule and no responses.
	 *
	 * @return array<string,mixed> The copy as GET answers it.
	 * @throws ApiException 404 for an unknown id.
	 */
	public function duplicate( int $id ): array {
		$survey = $this->reader->load( $id );
		/* translators: %s: title of the survey that was copied. */
		$format = __( '%s (Copy)', 'userfeedback' );
		$room   = SurveySchema::TITLE_MAX - mb_strlen( sprintf( $format, '' ) );
		// The title column holds 255 characters: a long title is shortened, never the suffix.
		$survey['title']      = sprintf( $format, mb_substr( (string) $survey['title'], 0, max( 0, $room ) ) );
		$survey['status']     = 'draft';
		$survey['publish_at'] = null;
		unset( $survey['id'], $survey['created_at'], $survey['updated_at'] );
		return $this->reader->get( $this->repository->insert( $survey ) );
	}

	private static function is_http_url( string $url ): bool {
		$parts = wp_parse_url( $url );
		return is_array( $parts ) && in_array( strtolower( $parts['scheme'] ?? '' ), array( 'http', 'https' ), true ) && ! empty( $parts['host'] );
	}
}
