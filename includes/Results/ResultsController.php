<?php
/**
 * The result routes of admin-app/src/shared/types/results.ts: the overview, a survey's results, a
 * question's answers, and the NPS with its comments. Every one needs the view-results capability.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Results;

use UserFeedback\Access\Capabilities;
use UserFeedback\Database\AnswerSearch;
use UserFeedback\Database\PageCursor;
use UserFeedback\Rest\Controller;
use WP_REST_Request;
use WP_REST_Response;

defined( 'ABSPATH' ) || exit;

final class ResultsController extends Controller {

	private const VIEW = Capabilities::VIEW_RESULTS;

	public function __construct( private readonly ResultsService $service ) {}

	public function register_routes(): void {
		$range        = self::range_args();
		$survey       = array(
			'id' => array(
				'type'     => 'integer',
				'minimum'  => 1,
				'required' => true,
			),
		);
		$paging       = array(
			'page'   => array(
				'type'    => 'integer',
				'minimum' => 1,
				'default' => 1,
			),
			'search' => array(
				'type'      => 'string',
				'maxLength' => AnswerSearch::MAX_LENGTH,
				'default'   => '',
			),
			'cursor' => array(
				'description' => 'next_cursor of an earlier page of the same list (same range and search): a later page is then read from just after that answer. A speed hint; without it the page is the same.',
				'type'        => 'string',
				'pattern'     => PageCursor::PATTERN,
			),
		);
		$per_page     = array(
			'per_page' => array(
				'type'    => 'integer',
				'minimum' => 1,
				'maximum' => 100,
				'default' => ResultsService::PER_PAGE,
			),
		);
		$nps_question = array(
			'question_id' => array(
				'type'    => 'integer',
				'minimum' => 1,
			),
		);

		$this->route(
			'/results-summary',
			array(
				array(
					'methods'    => 'GET',
					'callback'   => fn( WP_REST_Request $request ) => $this->overview( $request ),
					'permission' => self::VIEW,
					'args'       => $range + $per_page + array(
						'page'    => $paging['page'],
						'orderby' => array(
							'type'    => 'string',
							'enum'    => ResultsService::ORDERBY,
							'default' => 'id',
						),
						'order'   => array(
							'type'    => 'string',
							'enum'    => array( 'asc', 'desc' ),
							'default' => 'desc',
						),
					),
				),
			),
			array( ResultsSchema::class, 'overview' )
		);
		$this->route(
			'/surveys/(?P<id>[\d]+)/results',
			array(
				array(
					'methods'    => 'GET',
					'callback'   => fn( WP_REST_Request $request ) => $this->service->survey_results( self::id( $request ), $this->range( $request ) ),
					'permission' => self::VIEW,
					'args'       => $survey + $range,
				),
			),
			array( ResultsSchema::class, 'survey_results' )
		);
		$this->route(
			'/surveys/(?P<id>[\d]+)/questions/(?P<question_id>[\d]+)/answers',
			array(
				array(
					'methods'    => 'GET',
					'callback'   => fn( WP_REST_Request $request ) => $this->answers( $request, (int) $request->get_url_params()['question_id'], false ),
					'permission' => self::VIEW,
					'args'       => $survey + $range + $paging + $per_page + array(
						'question_id' => array(
							'type'     => 'integer',
							'minimum'  => 1,
							'required' => true,
						),
					),
				),
			),
			array( ResultsSchema::class, 'answers' )
		);
		$this->route(
			'/surveys/(?P<id>[\d]+)/nps',
			array(
				array(
					'methods'    => 'GET',
					'callback'   => fn( WP_REST_Request $request ) => $this->service->nps( self::id( $request ), self::nps_question_id( $request ), $this->range( $request ) ),
					'permission' => self::VIEW,
					'args'       => $survey + $range + $nps_question,
				),
			),
			array( ResultsSchema::class, 'nps' )
		);
		$this->route(
			'/surveys/(?P<id>[\d]+)/nps/comments',
			array(
				array(
					'methods'    => 'GET',
					'callback'   => fn( WP_REST_Request $request ) => $this->answers( $request, null, true ),
					'permission' => self::VIEW,
					'args'       => $survey + $range + $paging + $nps_question,
				),
			),
			array( ResultsSchema::class, 'answers' )
		);
		$this->route(
			'/surveys/(?P<id>[\d]+)/trends',
			array(
				array(
					'methods'    => 'GET',
					'callback'   => fn( WP_REST_Request $request ) => ( new TrendsService( $this->service ) )->trend( self::id( $request ), (int) $request['question_id'], (string) $request['interval'], $this->range( $request ) ),
					'permission' => self::VIEW,
					'args'       => $survey + $range + array(
						'question_id' => array(
							'type'        => 'integer',
							'minimum'     => 1,
							'required'    => true,
							'description' => __( 'An NPS, star rating or choice question of the survey.', 'userfeedback' ),
						),
						'interval'    => array(
							'type'        => 'string',
							'enum'        => Trends::INTERVALS,
							'default'     => Trends::DEFAULT_INTERVAL,
							'description' => __( 'The length of a point: day, week (from the site\'s first day of the week) or month.', 'userfeedback' ),
						),
					),
				),
			),
			array( ResultsSchema::class, 'trend' )
		);
	}

	/**
	 * from and to: site-local days. The calendar, the order and the feature gate are the service's.
	 *
	 * @return array<string,array<string,mixed>>
	 */
	private static function range_args(): array {
		$day = array(
			'type'    => 'string',
			'pattern' => '^\d{4}-\d{2}-\d{2}$',
		);
		return array(
			'from' => $day + array( 'description' => __( 'First day of the range (YYYY-MM-DD, site time zone).', 'userfeedback' ) ),
			'to'   => $day + array( 'description' => __( 'Last day of the range, inclusive.', 'userfeedback' ) ),
		);
	}

	private function range( WP_REST_Request $request ): Range {
		$from = $request->get_param( 'from' );
		$to   = $request->get_param( 'to' );
		return $this->service->range( is_string( $from ) ? $from : null, is_string( $to ) ? $to : null );
	}

	private function overview( WP_REST_Request $request ): WP_REST_Response {
		$overview = $this->service->overview(
			$this->range( $request ),
			array(
				'orderby'  => (string) $request['orderby'],
				'order'    => (string) $request['order'],
				'page'     => (int) $request['page'],
				'per_page' => (int) $request['per_page'],
			)
		);
		$response = $this->paginated( $overview['surveys'], $overview['pagination']['total'], $overview['pagination']['per_page'] );
		$response->set_data( $overview );
		return $response;
	}

	/**
	 * A question's answers, or (comments) the NPS comments: 10 a page.
	 */
	private function answers( WP_REST_Request $request, ?int $question_id, bool $comments ): WP_REST_Response {
		$id    = self::id( $request );
		$range = $this->range( $request );
		$query = array(
			'page'     => (int) $request['page'],
			'per_page' => $comments ? ResultsService::PER_PAGE : (int) $request['per_page'],
			'search'   => trim( (string) $request['search'] ),
			'cursor'   => (string) $request['cursor'],
		);
		if ( $comments ) {
			$question_id = (int) ResultsService::nps_question( $this->service->survey( $id ), self::nps_question_id( $request ) )['id'];
		}
		$list     = $this->service->answers( $id, (int) $question_id, $range, $query, $comments );
		$response = $this->paginated( $list['items'], $list['pagination']['total'], $list['pagination']['per_page'] );
		$response->set_data( $list );
		return $response;
	}

	private static function id( WP_REST_Request $request ): int {
		return (int) ( $request->get_url_params()['id'] ?? 0 );
	}

	private static function nps_question_id( WP_REST_Request $request ): ?int {
		$id = $request->get_param( 'question_id' );
		return null === $id ? null : (int) $id;
	}
}
