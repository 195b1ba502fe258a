<?php
/**
 * The rules of surveys: validation beyond the schema, feature stripping, publishing, scheduling,
 * duplicates, bulk actions checked item by item, and the API shape of a survey.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

use UserFeedback\Access\Capabilities;
use UserFeedback\Frontend\VisitorSurveys;
use UserFeedback\Licensing\Entitlements;
use UserFeedback\Rest\ApiException;
use UserFeedback\Settings\SettingsRepository;

defined( 'ABSPATH' ) || exit;

final class SurveyService {

	public const BULK_ACTIONS = array( 'publish', 'draft', 'trash', 'restore', 'delete' );
	public const LIST_FILTERS = array( 'all', 'publish', 'scheduled', 'draft', 'trash' );

	/**
	 * Most bytes a survey may take as JSON.
	 */
	public const MAX_BYTES = 512 * 1024;

	public function __construct(
		private readonly SurveyRepository $repository,
		private readonly SettingsRepository $settings,
		private readonly \Closure $entitlements,
	) {}

	private function entitlements(): Entitlements {
		return ( $this->entitlements )();
	}

	/**
	 * @return array<string,mixed> The survey as the API answers it.
	 * @throws ApiException 404 for an unknown id.
	 */
	public function get( int $id ): array {
		return $this->present( $this->load( $id ) );
	}

	/**
	 * Creates a survey from the defaults and the input.
	 *
	 * @param mixed $input Decoded request body (SurveyInput).
	 * @return array{survey:array<string,mixed>,published:bool,message:?string,stripped:string[]}
	 * @throws ApiException For invalid input; nothing is written then.
	 */
	public function create( $input ): array {
		return $this->save( null, $input );
	}

	/**
	 * @param mixed $input Decoded request body (SurveyInput); keys left out keep their stored values.
	 * @return array{survey:array<string,mixed>,published:bool,message:?string,stripped:string[]}
	 * @throws ApiException 404 for an unknown id, 400 for invalid input; nothing is written then.
	 */
	public function update( int $id, $input ): array {
		return $this->save( $this->load( $id ), $input );
	}

	/**
	 * @param array<string,mixed>|null $current Stored survey (complete), or null for a new one.
	 * @param mixed                    $input   SurveyInput.
	 * @return array{survey:array<string,mixed>,published:bool,message:?string,stripped:string[]}
	 */
	private function save( ?array $current, $input ): array {
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

		[ $survey, $stripped ] = ( new FeatureStripper( $this->entitlements(), $this->settings->all() ) )->strip( $survey );
		$survey                = SurveyRules::clean_references( $survey );

		$message = null;
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
			'survey'    => $this->get( $id ),
			'published' => 'publish' === $survey['status'],
			'message'   => $message,
			'stripped'  => $stripped,
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
	 * The input checked against the schema and the rules the schema cannot say, then sanitised.
	 *
	 * @param mixed $input Decoded request body.
	 * @return array<string,mixed> Writable keys only, sanitised; publish_at as UTC or null.
	 * @throws ApiException With a message per invalid field.
	 */
	private function validated( $input ): array {
		if ( ! is_array( $input ) || ( $input && array_is_list( $input ) ) ) {
			throw ApiException::invalid( __( 'A survey must be sent as a JSON object.', 'userfeedback' ) );
		}
		$schema = SurveySchema::schema()['properties'];
		$input  = array_intersect_key( $input, array_flip( SurveySchema::writable_keys() ) );
		if ( strlen( (string) wp_json_encode( $input ) ) > self::MAX_BYTES ) {
			// Each field has its own limit; this one bounds their sum.
			throw ApiException::invalid( __( 'The survey is too large to be saved.', 'userfeedback' ), array( 'survey' => __( 'The survey is too large to be saved.', 'userfeedback' ) ) );
		}
		$errors = array();
		foreach ( $input as $key => $value ) {
			$valid = rest_validate_value_from_schema( $value, $schema[ $key ], $key );
			if ( is_wp_error( $valid ) ) {
				$errors[ $key ] = $valid->get_error_message();
				continue;
			}
			$input[ $key ] = rest_sanitize_value_from_schema( $value, $schema[ $key ], $key );
		}
		if ( ! $errors ) {
			$errors = $this->rule_errors( $input );
		}
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

		foreach ( SurveyShape::split_list( (string) ( $input['notifications']['email']['addresses'] ?? '' ) ) as $email ) {
			if ( ! is_email( $email ) ) {
				/* translators: %s: what was typed. */
				$errors['notifications[email][addresses]'] = sprintf( __( '"%s" is not a valid email address.', 'userfeedback' ), $email );
				break;
			}
		}
		return $errors;
	}

	/**
	 * A copy titled '{title} (Copy)', as a draft with no schedule and no responses.
	 *
	 * @return int The new id.
	 * @throws ApiException 404 for an unknown id.
	 */
	public function duplicate( int $id ): int {
		$survey = $this->load( $id );
		/* translators: %s: title of the survey that was copied. */
		$format = __( '%s (Copy)', 'userfeedback' );
		$room   = SurveySchema::TITLE_MAX - mb_strlen( sprintf( $format, '' ) );
		// The title column holds 255 characters: a long title is shortened, never the suffix.
		$survey['title']      = sprintf( $format, mb_substr( (string) $survey['title'], 0, max( 0, $room ) ) );
		$survey['status']     = 'draft';
		$survey['publish_at'] = null;
		unset( $survey['id'], $survey['created_at'], $survey['updated_at'] );
		return $this->repository->insert( $survey );
	}

	/**
	 * Applies a bulk action to each id on its own: every id must exist, be in a state the action
	 * applies to, and be allowed for the current user; a publish must pass validation.
	 *
	 * @param int[] $ids Survey ids.
	 * @return array{done:int[],failed:array<int,array{id:int,message:string}>}
	 */
	public function bulk( string $action, array $ids ): array {
		if ( ! in_array( $action, self::BULK_ACTIONS, true ) ) {
			throw ApiException::invalid( __( 'Unknown bulk action.', 'userfeedback' ) );
		}
		$result = array(
			'done'   => array(),
			'failed' => array(),
		);
		foreach ( array_values( array_unique( array_map( 'intval', $ids ) ) ) as $id ) {
			$message = $this->bulk_one( $action, $id );
			if ( null === $message ) {
				$result['done'][] = $id;
			} else {
				$result['failed'][] = array(
					'id'      => $id,
					'message' => $message,
				);
			}
		}
		return $result;
	}

	/**
	 * @return string|null Why the action was not applied, or null when it was.
	 */
	private function bulk_one( string $action, int $id ): ?string {
		$survey = $this->repository->find( $id );
		if ( ! $survey ) {
			return __( 'Survey not found.', 'userfeedback' );
		}
		$in_trash = 'trash' === $survey['status'];
		if ( in_array( $action, array( 'trash', 'delete' ), true ) && ! current_user_can( Capabilities::DELETE_SURVEYS, $id ) ) {
			return __( 'Sorry, you are not allowed to delete surveys.', 'userfeedback' );
		}
		if ( in_array( $action, array( 'publish', 'draft' ), true ) && $in_trash ) {
			return __( 'The survey is in the trash; restore it first.', 'userfeedback' );
		}
		if ( in_array( $action, array( 'restore', 'delete' ), true ) && ! $in_trash ) {
			return __( 'Only surveys in the trash can be restored or deleted permanently.', 'userfeedback' );
		}
		switch ( $action ) {
			case 'publish':
				if ( SurveyRules::publish_errors( $this->complete( $survey ) ) ) {
					return SurveyRules::publish_blocked_message();
				}
				$this->repository->set_status( $id, 'publish' );
				break;
			case 'draft':
			case 'restore':
				$this->repository->set_status( $id, 'draft' );
				break;
			case 'trash':
				$this->repository->set_status( $id, 'trash' );
				break;
			case 'delete':
				try {
					$this->repository->delete_with_children( $id );
				} catch ( \RuntimeException $e ) {
					error_log( 'UserFeedback: ' . $e->getMessage() ); // phpcs:ignore WordPress.PHP.DevelopmentFunctions.error_log_error_log
					return __( 'The survey could not be deleted; nothing was changed. Please try again.', 'userfeedback' );
				}
				break;
		}
		return null;
	}

	/**
	 * One page of the list with its pagination and the counts of the quick filters.
	 *
	 * @param array<string,mixed> $query page, per_page, orderby, order, search, filter[status] (route-validated).
	 * @return array{items:array<int,array<string,mixed>>,pagination:array<string,int>,status_filters:array<int,array{status:string,count:int}>}
	 */
	public function list( array $query ): array {
		$now      = time();
		$now_utc  = gmdate( 'Y-m-d H:i:s', $now );
		$filter   = (string) ( $query['filter']['status'] ?? 'all' );
		$per_page = max( 1, min( 100, (int) ( $query['per_page'] ?? 10 ) ) );
		$page     = max( 1, (int) ( $query['page'] ?? 1 ) );
		$result   = $this->repository->page(
			array(
				'filter'   => in_array( $filter, self::LIST_FILTERS, true ) ? $filter : 'all',
				'search'   => trim( (string) ( $query['search'] ?? '' ) ),
				'orderby'  => (string) ( $query['orderby'] ?? 'id' ),
				'order'    => 'asc' === ( $query['order'] ?? 'desc' ) ? 'asc' : 'desc',
				'per_page' => $per_page,
				'page'     => $page,
			),
			$now_utc
		);

		$counts  = $this->repository->status_counts( $now_utc );
		$filters = array(
			array(
				'status' => 'all',
				'count'  => $counts['publish'] + $counts['scheduled'] + $counts['draft'],
			),
		);
		foreach ( array( 'publish', 'scheduled', 'draft', 'trash' ) as $status ) {
			$filters[] = array(
				'status' => $status,
				'count'  => $counts[ $status ],
			);
		}

		return array(
			'items'          => array_map( fn( array $row ): array => $this->list_item( $row, $now ), $result['items'] ),
			'pagination'     => array(
				'page'     => $page,
				'pages'    => max( 1, (int) ceil( $result['total'] / $per_page ) ),
				'per_page' => $per_page,
				'total'    => $result['total'],
			),
			'status_filters' => $filters,
		);
	}

	/**
	 * @param array<string,mixed> $row List row.
	 * @return array<string,mixed> SurveyListItem.
	 */
	private function list_item( array $row, int $now ): array {
		return array(
			'id'              => (int) $row['id'],
			'title'           => (string) $row['title'],
			'type'            => 'nps' === $row['type'] ? 'nps' : 'survey',
			'status'          => (string) $row['status'],
			'display_status'  => self::display_status( (string) $row['status'], $row['publish_at'], $now ),
			'created_at'      => Schedule::rfc3339( $row['created_at'] ),
			'publish_at'      => Schedule::rfc3339( $row['publish_at'] ),
			'responses_count' => (int) $row['responses_count'],
			'shortcode'       => self::shortcode( (int) $row['id'] ),
		);
	}

	/**
	 * Computed at read time, so a scheduled survey goes live without a cron job or an admin visit.
	 */
	public static function display_status( string $status, ?string $publish_at_utc, int $now ): string {
		return 'publish' === $status && Schedule::is_future( $publish_at_utc, $now ) ? 'scheduled' : $status;
	}

	public static function shortcode( int $id ): string {
		return sprintf( '[userfeedback id="%d"]', $id );
	}

	/**
	 * A stored survey, complete.
	 *
	 * @throws ApiException 404 for an unknown id.
	 * @return array<string,mixed>
	 */
	private function load( int $id ): array {
		$row = $id > 0 ? $this->repository->find( $id ) : null;
		if ( ! $row ) {
			/* translators: %d: survey id. */
			throw ApiException::not_found( sprintf( __( 'There is no survey with the id %d.', 'userfeedback' ), $id ) );
		}
		return $this->complete( $row );
	}

	/**
	 * A stored row over the defaults, so that rows written by older versions answer the full shape.
	 *
	 * @param array<string,mixed> $row Hydrated row.
	 * @return array<string,mixed>
	 */
	private function complete( array $row ): array {
		$defaults = SurveySchema::defaults( $this->settings->all() );
		return array(
			'id'            => (int) $row['id'],
			'title'         => (string) $row['title'],
			'type'          => 'nps' === $row['type'] ? 'nps' : 'survey',
			'status'        => in_array( $row['status'], SurveySchema::STATUSES, true ) ? (string) $row['status'] : 'draft',
			'template'      => (string) $row['template'],
			'publish_at'    => $row['publish_at'] ?: null,
			'created_at'    => (string) $row['created_at'],
			'updated_at'    => (string) $row['updated_at'],
			'questions'     => array_map( array( SurveyShape::class, 'question' ), array_values( array_filter( (array) $row['questions'], 'is_array' ) ) ),
			'settings'      => SurveyShape::settings( $defaults['settings'], (array) $row['settings'] ),
			'notifications' => SurveyShape::notifications( $defaults['notifications'], (array) $row['notifications'] ),
		);
	}

	/**
	 * @param array<string,mixed> $survey Complete survey.
	 * @return array<string,mixed> Survey as the contract has it.
	 */
	private function present( array $survey ): array {
		$id = (int) $survey['id'];
		return array(
			'id'               => $id,
			'title'            => $survey['title'],
			'type'             => $survey['type'],
			'status'           => $survey['status'],
			'display_status'   => self::display_status( $survey['status'], $survey['publish_at'], time() ),
			'template'         => $survey['template'],
			'created_at'       => Schedule::rfc3339( $survey['created_at'] ),
			'updated_at'       => Schedule::rfc3339( $survey['updated_at'] ),
			'publish_at'       => Schedule::rfc3339( $survey['publish_at'] ),
			'publish_at_local' => Schedule::local( $survey['publish_at'] ),
			'responses_count'  => $this->repository->responses_count( $id ),
			'questions'        => SurveyShape::for_json( $survey['questions'] ),
			'settings'         => $survey['settings'],
			'notifications'    => $survey['notifications'],
			'cookie_name'      => VisitorSurveys::COOKIE_PREFIX . $id,
			'shortcode'        => self::shortcode( $id ),
		);
	}

	private static function is_http_url( string $url ): bool {
		$parts = wp_parse_url( $url );
		return is_array( $parts ) && in_array( strtolower( $parts['scheme'] ?? '' ), array( 'http', 'https' ), true ) && ! empty( $parts['host'] );
	}
}
