<?php
/**
 * Surveys as the API reads them: one survey complete over the defaults, and the pages of the list
 * with the counts of its quick filters. Nothing here writes.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

use UserFeedback\Frontend\VisitorSurveys;
use UserFeedback\Licensing\Entitlements;
use UserFeedback\Rest\ApiException;
use UserFeedback\Settings\SettingsRepository;

defined( 'ABSPATH' ) || exit;

final class SurveyReader {

	public const LIST_FILTERS = array( 'all', 'publish', 'scheduled', 'draft', 'trash' );

	/**
	 * @param SurveyRepository                 $repository   Surveys.
	 * @param SettingsRepository               $settings     Plugin settings.
	 * @param (\Closure():Entitlements)|null $entitlements The site's entitlements, for the list's needs_pro (none: empty).
	 */
	public function __construct(
		private readonly SurveyRepository $repository,
		private readonly SettingsRepository $settings,
		private readonly ?\Closure $entitlements = null,
	) {}

	/**
	 * @return array<string,mixed> The survey as the API answers it (GET surveys/{id}).
	 * @throws ApiException 404 for an unknown id.
	 */
	public function get( int $id ): array {
		return $this->present( $this->load( $id ) );
	}

	/**
	 * A stored survey, complete.
	 *
	 * @throws ApiException 404 for an unknown id.
	 * @return array<string,mixed>
	 */
	public function load( int $id ): array {
		$row = $id > 0 ? $this->repository->find( $id ) : null;
		if ( ! $row ) {
			/* translators: %d: survey id. */
			throw ApiException::not_found( sprintf( esc_html__( 'There is no survey with the id %d.', 'userfeedback' ), (int) $id ) );
		}
		return $this->complete( $row );
	}

	/**
	 * A stored row over the defaults, so that rows written by older versions answer the full shape.
	 *
	 * @param array<string,mixed> $row Hydrated row.
	 * @return array<string,mixed>
	 */
	public function complete( array $row ): array {
		$defaults = SurveySchema::defaults( $this->settings->all() );
		return array(
			'id'            => (int) $row['id'],
			'title'         => (string) $row['title'],
			'type'          => 'nps' === $row['type'] ? 'nps' : 'survey',
			'status'        => in_array( $row['status'], SurveySchema::STATUSES, true ) ? (string) $row['status'] : 'draft',
			'template'      => (string) $row['template'],
			'publish_at'    => $row['publish_at'] ? $row['publish_at'] : null,
			'created_at'    => (string) $row['created_at'],
			'updated_at'    => (string) $row['updated_at'],
			'questions'     => array_map( array( SurveyShape::class, 'question' ), array_values( array_filter( (array) $row['questions'], 'is_array' ) ) ),
			'settings'      => SurveyShape::settings( $defaults['settings'], (array) $row['settings'] ),
			'notifications' => SurveyShape::notifications( $defaults['notifications'], (array) $row['notifications'] ),
		);
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

		$entitlements = $this->entitlements ? ( $this->entitlements )() : null;
		// The quotas of the page's rows in one query (the rollup), only for the rows that have one.
		$quota_ids = array();
		foreach ( $result['items'] as $row ) {
			if ( null !== Closing::shape( $row['settings']['close'] ?? null )['after_responses'] ) {
				$quota_ids[] = (int) $row['id'];
			}
		}
		$completed = CompletedCounts::of_many( $quota_ids );
		return array(
			'items'          => array_map( fn( array $row ): array => $this->list_item( $row, $now, $entitlements, $completed[ (int) $row['id'] ] ?? 0 ), $result['items'] ),
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
	 * Computed at read time, so a scheduled survey goes live without a cron job or an admin visit.
	 */
	public static function display_status( string $status, ?string $publish_at_utc, int $now ): string {
		return 'publish' === $status && Schedule::is_future( $publish_at_utc, $now ) ? 'scheduled' : $status;
	}

	public static function shortcode( int $id ): string {
		return sprintf( '[userfeedback id="%d"]', $id );
	}

	/**
	 * needs_pro: what the survey uses that the site may no longer use, so visitors do not see it.
	 *
	 * @param array<string,mixed> $row          List row.
	 * @param Entitlements|null   $entitlements What the site may use.
	 * @return array<string,mixed> SurveyListItem.
	 */
	private function list_item( array $row, int $now, ?Entitlements $entitlements, int $completed = 0 ): array {
		// Only a published survey is said to be closed: a draft or a trashed one takes no answers anyway.
		$closed = 'publish' === $row['status'] ? Closing::reason( $row, $completed, $now ) : null;
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
			'needs_pro'       => $entitlements ? FeaturePolicy::unavailable( $row, $entitlements ) : array(),
			'priority'        => max( 0, min( SurveySettingsSchema::PRIORITY_MAX, (int) ( $row['settings']['priority'] ?? 0 ) ) ),
			'closed'          => $closed,
			'closed_label'    => null === $closed ? '' : Closing::label( $closed, $row ),
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
}
