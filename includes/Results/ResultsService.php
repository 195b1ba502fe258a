<?php
/**
 * The rules of the results routes: which range a request means (and whether the site may ask for
 * it), and the payloads of admin-app/src/shared/types/results.ts, computed from the daily rollups
 * (a few small grouped queries, fast with an empty object cache) and kept in ResultsCache where a
 * persistent object cache exists.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Results;

use UserFeedback\Database\AnswerSearch;
use UserFeedback\Licensing\Entitlements;
use UserFeedback\Responses\FeatureGate;
use UserFeedback\Rest\ApiException;
use UserFeedback\Surveys\QuestionArchive;
use UserFeedback\Surveys\QuestionTypes\NpsType;
use UserFeedback\Surveys\QuestionTypes\QuestionTypes;
use UserFeedback\Surveys\SurveyRepository;

defined( 'ABSPATH' ) || exit;

final class ResultsService {

	/** Days a range may span without the results_30_days feature. */
	public const FREE_DAYS = 7;

	/** Answers and comments per page inside the results (spec 2, section 9). */
	public const PER_PAGE = 10;

	public const ORDERBY = Overview::ORDERBY;

	/**
	 * @param \Closure():Entitlements $entitlements The site's entitlements.
	 * @param \Closure():string|null  $today        Today in the site's time zone ('Y-m-d'); tests fix it.
	 */
	public function __construct(
		private readonly ResultsRepository $results,
		private readonly SurveyRepository $surveys,
		private readonly \Closure $entitlements,
		private readonly ?\Closure $today = null,
	) {
		$this->overview = new Overview( $results );
	}

	private readonly Overview $overview;

	public function today(): string {
		return $this->today ? ( $this->today )() : current_datetime()->format( 'Y-m-d' );
	}

	/**
	 * The range a request asks for: from/to as sent (either may be missing), else the last 30 days
	 * where long ranges are allowed and the last 7 otherwise.
	 *
	 * @throws ApiException 400 for an impossible range, 403 for a long one the site may not use.
	 */
	public function range( ?string $from, ?string $to ): Range {
		$zone    = wp_timezone();
		$today   = $this->today();
		$allowed = ( $this->entitlements )()->can( 'results_30_days' );
		$default = $allowed ? 30 : self::FREE_DAYS;
		foreach ( array(
			'from' => $from,
			'to'   => $to,
		) as $name => $day ) {
			if ( null !== $day && ! Range::is_day( $day ) ) {
				/* translators: %s: parameter name (from, to). */
				$message = sprintf( __( '%s is not a date (YYYY-MM-DD).', 'userfeedback' ), $name );
				throw ApiException::invalid( esc_html( $message ), array( esc_html( $name ) => esc_html( $message ) ) );
			}
		}
		$to   ??= null === $from ? $today : min( $today, Range::add_days( $from, $default - 1 ) );
		$from ??= Range::add_days( $to, 1 - $default );

		if ( $to > $today ) {
			$message = __( 'The range cannot end after today.', 'userfeedback' );
			throw ApiException::invalid( esc_html( $message ), array( 'to' => esc_html( $message ) ) );
		}
		if ( $from < Range::EARLIEST ) {
			/* translators: %s: the earliest date, 2005-01-01. */
			$message = sprintf( __( 'The range cannot start before %s.', 'userfeedback' ), Range::EARLIEST );
			throw ApiException::invalid( esc_html( $message ), array( 'from' => esc_html( $message ) ) );
		}
		if ( $from > $to ) {
			$message = __( 'The range must start on or before its last day.', 'userfeedback' );
			throw ApiException::invalid( esc_html( $message ), array( 'from' => esc_html( $message ) ) );
		}
		$range = new Range( $from, $to, $zone );
		if ( ! $allowed && $range->days() > self::FREE_DAYS ) {
			$entitlements = ( $this->entitlements )();
			$plan         = ucfirst( $entitlements->plan( 'results_30_days' ) );
			throw new ApiException(
				'userfeedback_feature_locked',
				/* translators: 1: number of days (7), 2: plan name (Pro). */
				sprintf( esc_html__( 'Results over more than %1$d days are a %2$s feature. Choose a shorter range, or upgrade to %2$s to see longer ones.', 'userfeedback' ), (int) self::FREE_DAYS, esc_html( $plan ) ),
				403,
				FeatureGate::data( $entitlements, 'results_30_days' ) // phpcs:ignore WordPress.Security.EscapeOutput.ExceptionNotEscaped -- error data for the client's upgrade dialog (the feature, reason and plan keys), not a message.
			);
		}
		return $range;
	}

	/**
	 * The survey, or 404.
	 *
	 * @return array<string,mixed>
	 * @throws ApiException 404.
	 */
	public function survey( int $id ): array {
		$survey = $id > 0 ? $this->surveys->find( $id ) : null;
		if ( null === $survey ) {
			throw new ApiException( 'userfeedback_survey_not_found', esc_html__( 'That survey does not exist.', 'userfeedback' ), 404 );
		}
		return $survey;
	}

	/**
	 * A question of the survey, or 404.
	 *
	 * @param array<string,mixed> $survey The survey.
	 * @return array<string,mixed>
	 * @throws ApiException 404.
	 */
	public static function question( array $survey, int $question_id ): array {
		foreach ( (array) $survey['questions'] as $question ) {
			if ( is_array( $question ) && (int) ( $question['id'] ?? 0 ) === $question_id ) {
				return $question;
			}
		}
		throw new ApiException( 'userfeedback_question_not_found', esc_html__( 'That question is not part of this survey.', 'userfeedback' ), 404 );
	}

	/**
	 * The nps question asked for, or the survey's first one; 404 when it has none.
	 *
	 * @param array<string,mixed> $survey The survey.
	 * @return array<string,mixed>
	 * @throws ApiException 404.
	 */
	public static function nps_question( array $survey, ?int $question_id ): array {
		if ( null !== $question_id ) {
			$question = self::question( $survey, $question_id );
			if ( NpsType::KEY === $question['type'] ) {
				return $question;
			}
		} else {
			foreach ( (array) $survey['questions'] as $question ) {
				if ( is_array( $question ) && NpsType::KEY === ( $question['type'] ?? '' ) ) {
					return $question;
				}
			}
		}
		throw new ApiException( 'userfeedback_no_nps_question', esc_html__( 'This survey has no NPS question.', 'userfeedback' ), 404 );
	}

	/**
	 * ResponsesOverview (Overview::page()).
	 *
	 * @param array{orderby:string,order:string,page:int,per_page:int} $view Table view.
	 * @return array<string,mixed>
	 */
	public function overview( Range $range, array $view ): array {
		return $this->overview->page( $range, $view );
	}

	/**
	 * SurveyResults of one survey within the range.
	 *
	 * @return array<string,mixed>
	 * @throws ApiException 404 for an unknown survey.
	 */
	public function survey_results( int $id, Range $range ): array {
		$survey  = $this->survey( $id );
		$today   = $this->today();
		$results = $this->cached_results( $survey, $range, $today );
		$funnel  = $this->funnel( $survey, $range );
		// The same impressions as the funnel's (the cached figure may be up to ResultsCache::TTL old).
		$results['impressions'] = $funnel['funnel']['impressions'];
		return $results + $funnel;
	}

	/**
	 * The drop-off funnel and the count of partial responses of the range, always read fresh (two
	 * small sums over the daily_funnel and impressions rollups): every visitor's answer changes them,
	 * and the cached part of the results is only forgotten when a response completes.
	 *
	 * partial = started - completed of the range's funnel: the responses that started on its days,
	 * are not in the trash (trash subtracts a response's funnel rows) and have not completed.
	 *
	 * @param array<string,mixed> $survey The survey.
	 * @return array{funnel:array<string,mixed>,partial:int}
	 */
	private function funnel( array $survey, Range $range ): array {
		$id   = (int) $survey['id'];
		$sums = $this->results->funnel( $id, $range );
		// The funnel follows the visitor's way through the survey as it is now: archived questions are not on it.
		$questions = array_values( array_filter( QuestionArchive::live( (array) $survey['questions'] ), static fn( $q ) => isset( $q['id'], $q['type'] ) ) );
		return array(
			'funnel'  => Funnel::build( $questions, $sums, $this->results->impressions( $id, $range ) ),
			'partial' => max( 0, $sums['started'] - $sums['completed'] ),
		);
	}

	/**
	 * The results that only a completed response (or an admin's action) changes, cached.
	 *
	 * @param array<string,mixed> $survey The survey.
	 * @return array<string,mixed>
	 */
	private function cached_results( array $survey, Range $range, string $today ): array {
		$id = (int) $survey['id'];
		return ResultsCache::remember(
			$id,
			array( 'results', $range->key(), $today ),
			function () use ( $survey, $range, $today ): array {
				$id        = (int) $survey['id'];
				$last_7    = Range::last_days( 7, $today, $range->zone );
				$last_30   = Range::last_days( 30, $today, $range->zone );
				$questions = array_values( array_filter( (array) $survey['questions'], static fn( $q ) => is_array( $q ) && isset( $q['id'], $q['type'] ) ) );
				$totals    = $this->results->answer_totals( $id, array_map( static fn( array $q ): int => (int) $q['id'], $questions ), $range );
				$stats     = $this->question_stats( $survey, $questions, $totals, $range );
				$counts    = $this->results->survey_counts(
					$id,
					array(
						'7_days'  => array( $last_7->from, $last_7->to ),
						'30_days' => array( $last_30->from, $last_30->to ),
						'range'   => array( $range->from, $range->to ),
					)
				);
				$nps       = null;
				foreach ( $stats as $question_stats ) {
					if ( isset( $question_stats['nps'] ) ) {
						$nps = $question_stats['nps'];
						break;
					}
				}
				return array(
					'survey'                  => self::survey_summary( $survey ),
					'responses_count'         => $counts['all'],
					'responses_count_7_days'  => $counts['7_days'],
					'responses_count_30_days' => $counts['30_days'],
					'impressions'             => $this->results->impressions( $id, $range ),
					'range_responses_count'   => $counts['range'],
					'question_stats'          => $stats,
					'nps_overview'            => $nps,
				);
			}
		);
	}

	/**
	 * AnswerList of one question, newest first.
	 *
	 * @param array{page:int,per_page:int,search:string,cursor?:string} $query Paging, search and the cursor of an earlier page.
	 * @return array{items:array<int,array<string,mixed>>,pagination:array<string,int>,next_cursor:string|null}
	 * @throws ApiException 404 for an unknown survey or question.
	 */
	public function answers( int $id, int $question_id, Range $range, array $query, bool $comments = false ): array {
		$survey   = $this->survey( $id );
		$question = self::question( $survey, $question_id );
		// The cursor only makes the page cheaper to find: the same page with or without it, one cache entry.
		$cursor = (string) ( $query['cursor'] ?? '' );
		unset( $query['cursor'] );
		return ResultsCache::remember(
			$id,
			array( $comments ? 'comments' : 'answers', $question_id, $range->key(), $query ),
			function () use ( $id, $question, $range, $query, $comments, $cursor ): array {
				// Without a search, the total (answers with a value, or with a comment) is in the daily
				// rollup; with one, it is counted over the question's rows of the range.
				$total = null;
				if ( '' === $query['search'] ) {
					$total = (int) ( $this->results->answer_totals( $id, array( (int) $question['id'] ), $range )[ (int) $question['id'] ][ $comments ? 'commented' : 'answered' ] ?? 0 );
				}
				$page   = $this->results->answers(
					$id,
					(int) $question['id'],
					$range,
					array(
						'comments' => $comments,
						'search'   => $query['search'],
						'page'     => $query['page'],
						'per_page' => $query['per_page'],
						'count'    => null === $total,
						'total'    => $total,
						'cursor'   => $cursor,
					)
				);
				$search = '' === $query['search'] ? null : array(
					'terms'  => AnswerSearch::highlight_terms( $query['search'] ),
					'capped' => $page['capped'],
				);
				return self::answer_list( $question, $page, $query['page'], $query['per_page'], (int) ( $total ?? $page['total'] ), $search );
			}
		);
	}

	/**
	 * NpsResults of an nps question (the survey's first one by default).
	 *
	 * @return array{question_id:int,overview:array<string,mixed>,series:array<int,array<string,mixed>>}
	 * @throws ApiException 404.
	 */
	public function nps( int $id, ?int $question_id, Range $range ): array {
		$survey   = $this->survey( $id );
		$question = self::nps_question( $survey, $question_id );
		return ResultsCache::remember(
			$id,
			array( 'nps', (int) $question['id'], $range->key() ),
			function () use ( $id, $question, $range ): array {
				$question_id = (int) $question['id'];
				$days        = array_fill_keys( $range->day_list(), array( 0, 0, 0 ) );
				foreach ( $this->results->value_days( $id, $question_id, $range ) as $row ) {
					$bucket = Nps::bucket( $row['value'] );
					if ( null !== $bucket && isset( $days[ $row['day'] ] ) ) {
						$days[ $row['day'] ][ array_search( $bucket, array( 'promoters', 'passives', 'detractors' ), true ) ] += $row['count'];
					}
				}
				$series = array();
				$sums   = array( 0, 0, 0 );
				foreach ( $days as $day => [ $promoters, $passives, $detractors ] ) {
					$series[] = array(
						'date'  => (string) $day,
						'score' => Nps::score( $promoters, $passives, $detractors ),
						'count' => $promoters + $passives + $detractors,
					);
					$sums     = array( $sums[0] + $promoters, $sums[1] + $passives, $sums[2] + $detractors );
				}
				return array(
					'question_id' => (int) $question['id'],
					'overview'    => Nps::overview( ...$sums ),
					'series'      => $series,
				);
			}
		);
	}

	/**
	 * @param array<int,array<string,mixed>>                                        $questions The survey's questions.
	 * @param array<int,array{answered:int,skipped:int,values:array<string,int>}> $totals    ResultsRepository::answer_totals().
	 * @return array<int,array<string,mixed>>
	 */
	private function question_stats( array $survey, array $questions, array $totals, Range $range ): array {
		$survey_id = (int) $survey['id'];
		$stats     = array();
		foreach ( $questions as $question ) {
			$question_stats = QuestionStats::build( $question, $totals[ (int) $question['id'] ] ?? array() );
			if ( QuestionStats::lists_answers( (string) $question['type'] ) ) {
				$query                     = array(
					'comments' => false,
					'search'   => '',
					'page'     => 1,
					'per_page' => self::PER_PAGE,
					'count'    => false,
				);
				$page                      = $this->results->answers( $survey_id, (int) $question['id'], $range, $query );
				$question_stats['answers'] = self::answer_list( $question, $page, 1, self::PER_PAGE, $question_stats['total_answers'] );
			}
			$stats[] = $question_stats;
		}
		return $stats;
	}

	/**
	 * @param array<string,mixed>                                                $question The question.
	 * @param array{items:array<int,array<string,mixed>>,next_cursor:string|null} $answers  A page of ResultsRepository::answers().
	 * @param array{terms:string[],capped:bool}|null                             $search   The search's words to mark and whether the total is capped (null: no search).
	 * @return array{items:array<int,array<string,mixed>>,pagination:array<string,int>,search:array{terms:string[],capped:bool}|null,next_cursor:string|null}
	 */
	private static function answer_list( array $question, array $answers, int $page, int $per_page, int $total, ?array $search = null ): array {
		$list = array();
		foreach ( $answers['items'] as $item ) {
			// As the type reads a stored value (a checkbox's JSON list as a list).
			$type   = QuestionTypes::get( $question['type'] ?? null );
			$value  = null === $type ? $item['value'] : $type->decode( $item['value'] );
			$extra  = null === $item['extra'] ? null : json_decode( $item['extra'], true );
			$extra  = is_array( $extra ) ? array_intersect_key( array_map( 'strval', array_filter( $extra, 'is_scalar' ) ), array_flip( array( 'comments', 'name' ) ) ) : array();
			$list[] = array(
				'value'       => $value,
				'date'        => self::rfc3339( $item['submitted_at'] ),
				'extra'       => $extra ? $extra : null,
				'response_id' => $item['response_id'],
			);
		}
		return array(
			'items'       => $list,
			'pagination'  => self::pagination( $page, $per_page, $total ),
			'search'      => $search,
			'next_cursor' => $answers['next_cursor'],
		);
	}

	/**
	 * @return array{page:int,pages:int,per_page:int,total:int}
	 */
	public static function pagination( int $page, int $per_page, int $total ): array {
		return array(
			'page'     => $page,
			'pages'    => max( 1, (int) ceil( $total / max( 1, $per_page ) ) ),
			'per_page' => $per_page,
			'total'    => $total,
		);
	}

	/**
	 * @param array<string,mixed> $survey The survey.
	 * @return array{id:int,title:string,type:string,status:string,created_at:string}
	 */
	private static function survey_summary( array $survey ): array {
		return array(
			'id'         => (int) $survey['id'],
			'title'      => (string) $survey['title'],
			'type'       => 'nps' === $survey['type'] ? 'nps' : 'survey',
			'status'     => (string) $survey['status'],
			'created_at' => self::rfc3339( (string) $survey['created_at'] ),
		);
	}

	/**
	 * A stored UTC 'Y-m-d H:i:s' as RFC 3339 ('2026-11-21T09:30:00Z').
	 */
	public static function rfc3339( string $utc ): string {
		return str_replace( ' ', 'T', substr( $utc, 0, 19 ) ) . 'Z';
	}
}
