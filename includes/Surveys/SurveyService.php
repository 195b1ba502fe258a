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
			throw ApiException::forbidden( esc_html__( 'Sorry, you are not allowed to delete surveys.', 'userfeedback' ) );
		}

		$survey = $base;
		// Archived questions are the server's: the rules below see the live ones, and the archived
		// ones (those kept before and those this save archives) are put back before writing.
		$archived            = QuestionArchive::archived( $base['questions'] );
		$survey['questions'] = QuestionArchive::live( $base['questions'] );
		$renumbered          = array();
		foreach ( array( 'title', 'type', 'status', 'template' ) as $key ) {
			if ( array_key_exists( $key, $input ) ) {
				$survey[ $key ] = trim( (string) $input[ $key ] );
			}
		}
		if ( array_key_exists( 'publish_at', $input ) ) {
			$survey['publish_at'] = $input['publish_at'];
		}
		if ( array_key_exists( 'questions', $input ) ) {
			[ $incoming, $newly_archived, $renamed ] = $this->archive_changes( $current, $archived, array_map( array( SurveyShape::class, 'question' ), array_map( array( self::class, 'unclaimed' ), $input['questions'] ) ) );
			$survey['questions']                     = SurveyRules::assign_ids( $incoming, $this->highest_question_id( $current ) );
			$archived                                = array_merge( $archived, $newly_archived );
			foreach ( $renamed as $index => $old_id ) {
				$renumbered[ $old_id ] = (int) $survey['questions'][ $index ]['id'];
			}
		}
		$survey['settings']      = SurveyShape::settings( $base['settings'], $input['settings'] ?? array() );
		$survey['notifications'] = SurveyShape::notifications( $base['notifications'], $input['notifications'] ?? array() );
		$this->check_recipients( $base['notifications'], $survey['notifications'] );
		$survey = self::renumber_references( $survey, $renumbered );

		[ $survey, $stripped ] = ( new FeatureStripper( $this->entitlements(), $this->settings->all() ) )->strip( $survey );
		$survey                = SurveyRules::clean_references( $survey );
		$comparators           = SurveyRules::comparator_errors( $survey ) + SurveyRules::behavior_errors( $survey );
		if ( $comparators ) {
			throw ApiException::invalid( esc_html( implode( ' ', $comparators ) ), array_map( 'esc_html', $comparators ) );
		}

		$message = '';
		if ( 'publish' === $survey['status'] && SurveyRules::publish_errors( $survey ) ) {
			// Spec 1, section 4: a survey that may not be published is kept, as a draft.
			$survey['status'] = 'draft';
			$message          = SurveyRules::publish_blocked_message();
		}

		$survey['questions'] = array_merge( $survey['questions'], $archived );
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
			esc_html__( 'Sorry, you are not allowed to change who receives this survey\'s responses. Changing the notification email addresses or their conditions needs the View Results permission; ask an administrator, or save your other changes without changing the notifications.', 'userfeedback' ),
			403
		);
	}

	/**
	 * What a save does to the stored live questions it leaves out or retypes (spec: results survive
	 * question edits). A question with answers is archived, not dropped: removed, it is kept as it
	 * was stored; retyped, the stored question keeps its id (its answers are keyed by it) and is
	 * archived, and the retyped one is saved as a new question (its id is cleared here, so that
	 * assign_ids() gives it a fresh one; references to the old id are moved to it afterwards). A
	 * question without answers is dropped or retyped in place, as before. An incoming id that names
	 * an archived question is cleared (and its references moved) the same way: a client, which never
	 * sees archived questions, cannot bring one back under its id nor write over it.
	 *
	 * @param array<string,mixed>|null       $current  Stored survey, or null for a new one.
	 * @param array<int,array<string,mixed>> $archived The questions archived before this save.
	 * @param array<int,array<string,mixed>> $incoming The questions the request sends, shaped.
	 * @return array{0:array<int,array<string,mixed>>,1:array<int,array<string,mixed>>,2:array<int,int>}
	 *         The incoming questions (ids cleared where they must be new), the questions this save
	 *         archives, and for each question whose id was cleared (index in the incoming list) its old id.
	 */
	private function archive_changes( ?array $current, array $archived, array $incoming ): array {
		if ( ! $current ) {
			return array( $incoming, array(), array() );
		}
		$archived_ids = array_map( static fn( array $q ): int => (int) $q['id'], $archived );
		$stored       = array();
		foreach ( QuestionArchive::live( $current['questions'] ) as $question ) {
			$stored[ (int) $question['id'] ] = $question;
		}

		$kept    = array();
		$retyped = array();
		$renamed = array();
		foreach ( $incoming as $index => &$question ) {
			$id = (int) $question['id'];
			if ( $id <= 0 ) {
				continue;
			}
			if ( in_array( $id, $archived_ids, true ) ) {
				$question['id']    = 0;
				$renamed[ $index ] = $id;
				continue;
			}
			if ( ! isset( $stored[ $id ] ) ) {
				continue;
			}
			if ( $stored[ $id ]['type'] !== $question['type'] && $this->repository->has_answers( (int) $current['id'], $id ) ) {
				$question['id']    = 0;
				$renamed[ $index ] = $id;
				$retyped[ $id ]    = true;
				continue;
			}
			$kept[ $id ] = true;
		}
		unset( $question );

		$newly_archived = array();
		foreach ( $stored as $id => $question ) {
			if ( isset( $kept[ $id ] ) ) {
				continue;
			}
			if ( isset( $retyped[ $id ] ) || $this->repository->has_answers( (int) $current['id'], $id ) ) {
				$question['archived'] = true;
				$newly_archived[]     = $question;
			}
		}
		return array( $incoming, $newly_archived, $renamed );
	}

	/**
	 * A question as a client sends it, without the archived flag: only the server sets it.
	 *
	 * @param array<string,mixed> $question One question of the request.
	 * @return array<string,mixed>
	 */
	private static function unclaimed( array $question ): array {
		unset( $question['archived'] );
		return $question;
	}

	/**
	 * Moves references from a retyped question's old id to its new one: the display logic of later
	 * questions, the email logic and the thank-you conditions keep following the question the author
	 * retyped (whether its comparators still fit the new type is judged afterwards, as for any edit).
	 *
	 * @param array<string,mixed> $survey     Complete survey.
	 * @param array<int,int>      $renumbered Old id => new id.
	 * @return array<string,mixed>
	 */
	private static function renumber_references( array $survey, array $renumbered ): array {
		if ( ! $renumbered ) {
			return $survey;
		}
		$move = static fn( $id ) => null !== $id && isset( $renumbered[ (int) $id ] ) ? $renumbered[ (int) $id ] : $id;
		foreach ( $survey['questions'] as &$question ) {
			foreach ( $question['logic']['conditions'] as &$condition ) {
				$condition['question_id'] = $move( $condition['question_id'] );
			}
			unset( $condition );
		}
		unset( $question );
		foreach ( $survey['notifications']['email']['logic']['conditions'] as &$condition ) {
			$condition['question_id'] = $move( $condition['question_id'] );
		}
		unset( $condition );
		foreach ( $survey['settings']['thank_you']['conditions'] as &$row ) {
			$row['question'] = $move( $row['question'] );
		}
		unset( $row );
		return $survey;
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
			throw ApiException::invalid( esc_html( implode( ' ', $errors ) ), array_map( 'esc_html', $errors ) );
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

		if ( is_array( $input['settings']['close'] ?? null ) && array_key_exists( 'end_at', $input['settings']['close'] ) ) {
			try {
				$input['settings']['close']['end_at'] = Closing::end_at_input( $input['settings']['close']['end_at'] );
			} catch ( \InvalidArgumentException $e ) {
				$errors['settings[close][end_at]'] = __( 'The close date must be a date and time such as 2026-12-01T14:00:00 (site time) or 2026-12-01T14:00:00Z.', 'userfeedback' );
			}
		}

		$duplicates = SurveyRules::duplicate_ids( $input['questions'] ?? array() );
		if ( $duplicates ) {
			/* translators: %s: question ids. */
			$errors['questions'] = sprintf( __( 'Question ids must be unique within a survey; repeated: %s.', 'userfeedback' ), implode( ', ', $duplicates ) );
		}

		// Hidden field names are unique in a survey (JSON schema cannot say it of one key of the items).
		$errors += \UserFeedback\Responses\HiddenFields::duplicate_errors( $input['settings']['hidden_fields'] ?? array() );

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
		// A copy has no responses, so nothing of its original's archived questions is kept.
		$survey['questions'] = QuestionArchive::live( $survey['questions'] );
		unset( $survey['id'], $survey['created_at'], $survey['updated_at'] );
		return $this->reader->get( $this->repository->insert( $survey ) );
	}

	private static function is_http_url( string $url ): bool {
		$parts = wp_parse_url( $url );
		return is_array( $parts ) && in_array( strtolower( $parts['scheme'] ?? '' ), array( 'http', 'https' ), true ) && ! empty( $parts['host'] );
	}
}
