<?php
/**
 * The rules of the admin's responses screens: the list (ResponseList), one response with its place
 * (ResponseDetail), and trash / restore / delete (ResponseActionResult).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Responses;

use UserFeedback\Database\AnswerRepository;
use UserFeedback\Database\PageCursor;
use UserFeedback\Licensing\Entitlements;
use UserFeedback\Rest\ApiException;
use UserFeedback\Surveys\SurveyRepository;

defined( 'ABSPATH' ) || exit;

final class AdminResponseService {

	/** filter[status]: all (the default: completed responses, as the screens show first), publish, partial, trash. */
	public const FILTERS = array( 'all', 'publish', 'partial', 'trash' );

	public const ACTIONS = array( 'trash', 'restore', 'delete' );

	public const MAX_IDS = 1000;

	/** Most responses one request of "delete all responses" deletes... */
	public const DELETE_ALL_MAX = 2000;

	/** ...and it starts no batch after this many seconds (the client sends it again). */
	public const DELETE_ALL_SECONDS = 5;

	/**
	 * @param int $delete_all_max Responses per request of delete_all() (tests use small ones).
	 */
	public function __construct(
		private readonly SurveyRepository $surveys,
		private readonly AdminResponseRepository $responses,
		private readonly \Closure $entitlements,
		private readonly AnswerRepository $answers = new AnswerRepository(),
		private readonly ResponseBatches $batches = new ResponseBatches(),
		private readonly int $delete_all_max = self::DELETE_ALL_MAX,
	) {}

	/**
	 * @param array<string,mixed> $query page, per_page, orderby, order, cursor, count (false: a list the rollups cannot count is not counted, see count()), filter[status] and filter[conditions] (ResponseFilter).
	 * @return array<string,mixed> ResponseList.
	 * @throws ApiException 404 for an unknown survey, 400 for bad conditions.
	 */
	public function list( int $survey_id, array $query ): array {
		$survey     = $this->survey( $survey_id );
		$conditions = ResponseFilter::from_request( $survey, self::conditions( $query ) );
		$status     = self::status_of( self::filter( $query ) );
		$counts     = $this->responses->status_counts( $survey_id );
		$per_page   = max( 1, min( 100, (int) ( $query['per_page'] ?? 10 ) ) );
		$page       = max( 1, (int) ( $query['page'] ?? 1 ) );
		$orderby    = in_array( $query['orderby'] ?? '', AdminResponseRepository::ORDERBY, true ) ? (string) $query['orderby'] : 'submitted_at';
		$order      = 'asc' === ( $query['order'] ?? 'desc' ) ? 'asc' : 'desc';

		// A broad filter's count may stop at a cap (matched_capped: the list says "1,000+").
		$list  = $this->responses->list_page( $survey_id, $status, $conditions, $orderby, $order, $page, $per_page, $counts[ $status ], PageCursor::decode( (string) ( $query['cursor'] ?? '' ) ), self::counts( $query ) );
		$rows  = $list['rows'];
		$total = $list['total'];
		return array(
			'items'          => $this->items( $rows, $survey ),
			'pagination'     => array(
				'page'     => $page,
				'pages'    => max( 1, (int) ceil( $total / $per_page ) ),
				'per_page' => $per_page,
				'total'    => $total,
			),
			'matched'        => $total,
			'matched_capped' => $list['capped'],
			'counted'        => $list['counted'],
			'next_cursor'    => $list['next_cursor'],
			'filterable'     => ResponseFilter::filterable( $survey ),
			'status_filters' => array(
				array(
					'status' => 'all',
					'count'  => $counts['publish'],
				),
				array(
					'status' => 'publish',
					'count'  => $counts['publish'],
				),
				array(
					'status' => 'partial',
					'count'  => $counts['partial'],
				),
				array(
					'status' => 'trash',
					'count'  => $counts['trash'],
				),
			),
			'survey'         => ResponseFormatter::survey( $survey ),
		);
	}

	/**
	 * Whether a request asks for the count of a list the rollups cannot count (count, default true).
	 *
	 * @param array<string,mixed> $query The request's parameters.
	 */
	private static function counts( array $query ): bool {
		return false !== ( $query['count'] ?? true );
	}

	/**
	 * How many responses the list of filter[status] and filter[conditions] holds, as the list counts
	 * them (AdminResponseRepository::matched()): exact where the rollups hold the list, else up to
	 * the cap within the count's time limit; matched 0 and capped when that time ran out. The admin
	 * asks for it beside a page it asked for without the count (list(), count false).
	 *
	 * @param array<string,mixed> $query filter[status], filter[conditions].
	 * @return array{matched:int,matched_capped:bool} ResponseCount.
	 * @throws ApiException 404 for an unknown survey, 400 for bad conditions.
	 */
	public function count( int $survey_id, array $query ): array {
		$survey             = $this->survey( $survey_id );
		$conditions         = ResponseFilter::from_request( $survey, self::conditions( $query ) );
		$status             = self::status_of( self::filter( $query ) );
		$counts             = $this->responses->status_counts( $survey_id );
		[ $total, $capped ] = $this->responses->matched( $survey_id, $status, $conditions, $counts[ $status ] );
		return array(
			'matched'        => $total,
			'matched_capped' => $capped,
		);
	}

	/**
	 * One response and its place in the list the filter gives. A response that is not in that list
	 * (a trashed one asked for under "all", or one the conditions do not select) is placed in the
	 * list of its own status without conditions instead (matched: false), so that "Response X of Y"
	 * stays true and prev/next step through its neighbours.
	 *
	 * @param array<string,mixed> $query filter[status], filter[conditions], count (false: a list the rollups cannot count is not counted; position.total is then the lower bound the neighbours and the rank give, capped).
	 * @return array<string,mixed> ResponseDetail.
	 * @throws ApiException 404 for an unknown survey or a response that is not the survey's, 400 for bad conditions.
	 */
	public function detail( int $survey_id, int $response_id, array $query ): array {
		$survey     = $this->survey( $survey_id );
		$conditions = ResponseFilter::from_request( $survey, self::conditions( $query ) );
		$row        = $this->responses->find( $survey_id, $response_id );
		if ( null === $row ) {
			throw ApiException::not_found( esc_html__( 'This response does not exist.', 'userfeedback' ) );
		}
		$status = self::status_of( self::filter( $query ) );
		if ( $status !== $row['status'] && in_array( $row['status'], AdminResponseRepository::STATUSES, true ) ) {
			$status     = (string) $row['status'];
			$conditions = ResponseFilter::none( $survey_id );
		}
		$matched = $this->responses->meets( $survey_id, $response_id, $conditions );
		if ( ! $matched ) {
			$conditions = ResponseFilter::none( $survey_id );
		}
		$counts             = $this->responses->status_counts( $survey_id );
		[ $total, $capped ] = isset( $counts[ $status ] ) ? $this->responses->matched( $survey_id, $status, $conditions, $counts[ $status ], self::counts( $query ) ) : array( 0, false );
		return array(
			'response' => $this->items( array( $row ), $survey )[0],
			'survey'   => ResponseFormatter::survey( $survey ),
			'position' => $this->responses->position( $row, $status, $conditions, $total, $capped ),
			'matched'  => $matched,
		);
	}

	/**
	 * Trash, restore and delete need the response_management feature.
	 *
	 * @throws ApiException 403 with the upgrade message without it.
	 */
	public function require_management(): void {
		/** @var Entitlements $entitlements */
		$entitlements = ( $this->entitlements )();
		$refusal      = FeatureGate::refusal( $entitlements, 'response_management' );
		if ( null !== $refusal ) {
			throw $refusal;
		}
	}

	/**
	 * Trash, restore or delete responses of one survey. All or nothing: an id that is not the survey's
	 * (or, for delete, a response that is not in the trash) refuses the whole request.
	 *
	 * @param mixed $ids The response_ids sent.
	 * @return array{done:int[]} The ids whose status changed, or that were deleted.
	 * @throws ApiException 403 without the feature, 404 for an unknown survey, 400 for bad ids.
	 */
	public function act( string $action, int $survey_id, $ids ): array {
		$this->require_management();
		$this->survey( $survey_id );
		$ids      = self::ids( $ids );
		$statuses = $this->responses->statuses( $survey_id, $ids );
		$foreign  = array_values( array_diff( $ids, array_keys( $statuses ) ) );
		if ( $foreign ) {
			throw ApiException::invalid(
				/* translators: %s: comma-separated response ids. */
				sprintf( esc_html__( 'These responses do not belong to this survey: %s. Nothing was changed.', 'userfeedback' ), esc_html( implode( ', ', $foreign ) ) ),
				array( 'response_ids' => esc_html__( 'Every response must belong to the survey.', 'userfeedback' ) )
			);
		}

		if ( 'delete' === $action ) {
			$live = array_keys( array_filter( $statuses, static fn( string $status ): bool => 'trash' !== $status ) );
			if ( $live ) {
				throw ApiException::invalid(
					/* translators: %s: comma-separated response ids. */
					sprintf( esc_html__( 'Only responses in the trash can be deleted permanently; these are not: %s. Nothing was changed.', 'userfeedback' ), esc_html( implode( ', ', $live ) ) ),
					array( 'response_ids' => esc_html__( 'Move the responses to the trash first.', 'userfeedback' ) )
				);
			}
			$this->responses->delete( $survey_id, $ids );
			$done = $ids;
		} elseif ( 'trash' === $action ) {
			$done = array_values( array_filter( $ids, static fn( int $id ): bool => 'trash' !== $statuses[ $id ] ) );
			if ( $done ) {
				$this->responses->set_status( $survey_id, $done, 'trash' );
			}
		} else {
			// Back to 'publish' when it was completed, to 'partial' when not (the repository reads which).
			$done = array_values( array_filter( $ids, static fn( int $id ): bool => 'trash' === $statuses[ $id ] ) );
			if ( $done ) {
				$this->responses->restore( $survey_id, $done );
			}
		}

		if ( $done ) {
			self::results_changed( $survey_id );
		}
		return array( 'done' => $done );
	}

	/**
	 * Deletes responses of a survey, whatever their status, RetentionPurge::BATCH at a time (each
	 * batch one transaction that also moves the rollups), at most DELETE_ALL_MAX
	 * or DELETE_ALL_SECONDS per call: the admin's client calls again until nothing remains.
	 *
	 * @return array{deleted:int,remaining:int} ResponsesDeleted.
	 * @throws ApiException 404 for an unknown survey.
	 * @throws \RuntimeException When a batch fails (the batches before it stay deleted).
	 */
	public function delete_all( int $survey_id ): array {
		$this->survey( $survey_id );
		$started = microtime( true );
		$deleted = 0;
		try {
			while ( $deleted < $this->delete_all_max && microtime( true ) - $started < self::DELETE_ALL_SECONDS ) {
				$ids = $this->batches->ids( $survey_id, min( RetentionPurge::BATCH, $this->delete_all_max - $deleted ) );
				if ( ! $ids ) {
					break;
				}
				$this->responses->delete( $survey_id, $ids );
				$deleted += count( $ids );
			}
		} finally {
			if ( $deleted > 0 ) {
				self::results_changed( $survey_id );
			}
		}
		return array(
			'deleted'   => $deleted,
			'remaining' => $this->batches->count( $survey_id ),
		);
	}

	/**
	 * Results (counts, charts, summaries) are cached by the Results feature; any change of responses
	 * makes them stale.
	 */
	public static function results_changed( int $survey_id ): void {
		if ( class_exists( \UserFeedback\Results\ResultsCache::class ) && method_exists( \UserFeedback\Results\ResultsCache::class, 'bump' ) ) {
			\UserFeedback\Results\ResultsCache::bump( $survey_id );
		}
		/**
		 * Fires after admins trashed, restored or deleted responses of a survey.
		 *
		 * @param int $survey_id The survey.
		 */
		do_action( 'userfeedback_responses_changed', $survey_id );
	}

	/**
	 * @param array<int,array<string,mixed>> $rows   Response rows.
	 * @param array<string,mixed>            $survey The survey.
	 * @return array<int,array<string,mixed>>
	 */
	private function items( array $rows, array $survey ): array {
		$types   = self::types( $survey );
		$ids     = array_map( static fn( array $row ): int => (int) $row['id'], $rows );
		$answers = $this->answers->for_responses( $ids );
		$fields  = HiddenFields::for_responses( $ids );
		$items   = array();
		foreach ( $rows as $row ) {
			$items[] = ResponseFormatter::item( $row, $answers[ (int) $row['id'] ] ?? array(), $types, (array) ( $survey['questions'] ?? array() ), $fields[ (int) $row['id'] ] ?? array() );
		}
		return $items;
	}

	/**
	 * @param array<string,mixed> $survey The survey.
	 * @return array<int,string> Question id => type.
	 */
	public static function types( array $survey ): array {
		$types = array();
		foreach ( (array) ( $survey['questions'] ?? array() ) as $question ) {
			if ( is_array( $question ) && isset( $question['id'] ) ) {
				$types[ (int) $question['id'] ] = (string) ( $question['type'] ?? '' );
			}
		}
		return $types;
	}

	/**
	 * @return array<string,mixed>
	 * @throws ApiException 404.
	 */
	private function survey( int $id ): array {
		$survey = $id > 0 ? $this->surveys->find( $id ) : null;
		if ( null === $survey ) {
			throw ApiException::not_found( esc_html__( 'This survey does not exist.', 'userfeedback' ) );
		}
		return $survey;
	}

	/**
	 * @param array<string,mixed> $query The query.
	 */
	private static function filter( array $query ): string {
		$filter = is_array( $query['filter'] ?? null ) ? ( $query['filter']['status'] ?? 'all' ) : 'all';
		return in_array( $filter, self::FILTERS, true ) ? (string) $filter : 'all';
	}

	/**
	 * filter[conditions] as sent (JSON text or a list; ResponseFilter judges it).
	 *
	 * @param array<string,mixed> $query The query.
	 * @return mixed
	 */
	private static function conditions( array $query ) {
		return is_array( $query['filter'] ?? null ) ? ( $query['filter']['conditions'] ?? null ) : null;
	}

	/**
	 * As in WordPress's own lists, "all" leaves the trash out; it also leaves the partial responses
	 * out (the screens show completed responses unless asked for partial ones), so it equals publish.
	 */
	private static function status_of( string $filter ): string {
		return in_array( $filter, array( 'trash', 'partial' ), true ) ? $filter : 'publish';
	}

	/**
	 * @param mixed $ids The response_ids sent.
	 * @return int[] Unique ids.
	 * @throws ApiException 400 unless 1 to 1000 positive integers.
	 */
	private static function ids( $ids ): array {
		$invalid = static fn() => ApiException::invalid(
			/* translators: %d: the largest number of ids. */
			sprintf( esc_html__( 'response_ids must be a list of 1 to %d response ids.', 'userfeedback' ), self::MAX_IDS ),
			array( 'response_ids' => esc_html__( 'A list of response ids is required.', 'userfeedback' ) )
		);
		if ( ! is_array( $ids ) || ! $ids || count( $ids ) > self::MAX_IDS || ! array_is_list( $ids ) ) {
			throw $invalid();
		}
		$clean = array();
		foreach ( $ids as $id ) {
			if ( is_int( $id ) || ( is_string( $id ) && ctype_digit( $id ) ) ) {
				$id = (int) $id;
				if ( $id > 0 ) {
					$clean[ $id ] = $id;
					continue;
				}
			}
			throw $invalid();
		}
		return array_values( $clean );
	}
}
