<?php
/**
 * The rules of GET post-ratings/results and post-ratings/results/{post_id}: the range a request
 * means (site-local days, all time by default), the rows of admin-app's PostRatingRow and RatingItem,
 * and the pagination. Every figure comes from RatingRepository's SQL.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\PostRatings;

use UserFeedback\Rest\ApiException;
use UserFeedback\Results\Range;
use UserFeedback\Results\ResultsService;

defined( 'ABSPATH' ) || exit;

final class RatingResultsService {

	/** Rows per page by default (spec 2, section 9). */
	public const PER_PAGE = 10;

	public const MAX_PER_PAGE = 100;

	/**
	 * @param \Closure():\UserFeedback\Licensing\Entitlements $entitlements The site's entitlements.
	 * @param \Closure():string|null                          $today        Today in the site's time zone ('Y-m-d'); tests fix it.
	 */
	public function __construct(
		private readonly RatingRepository $ratings,
		private readonly \Closure $entitlements,
		private readonly ?\Closure $today = null,
	) {}

	/**
	 * @throws ApiException 403 when the feature is locked.
	 */
	public function require_feature(): void {
		RatingsFeature::require_for_admin( ( $this->entitlements )() );
	}

	/**
	 * The range of from and to (either may be missing): from 2005-01-01 and up to today by default.
	 *
	 * @throws ApiException 400 with the parameter at fault.
	 */
	public function range( ?string $from, ?string $to ): Range {
		$today = $this->today ? ( $this->today )() : current_datetime()->format( 'Y-m-d' );
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
		$from ??= Range::EARLIEST;
		$to   ??= $today;
		if ( $from < Range::EARLIEST ) {
			/* translators: %s: the earliest date, 2005-01-01. */
			$message = sprintf( __( 'The range cannot start before %s.', 'userfeedback' ), Range::EARLIEST );
			throw ApiException::invalid( esc_html( $message ), array( 'from' => esc_html( $message ) ) );
		}
		if ( $to > $today ) {
			$message = __( 'The range cannot end after today.', 'userfeedback' );
			throw ApiException::invalid( esc_html( $message ), array( 'to' => esc_html( $message ) ) );
		}
		if ( $from > $to ) {
			$message = __( 'The range must start on or before its last day.', 'userfeedback' );
			throw ApiException::invalid( esc_html( $message ), array( 'from' => esc_html( $message ) ) );
		}
		return new Range( $from, $to, wp_timezone() );
	}

	/**
	 * Whether a range holds every vote (from the earliest day up to today, the lists' default): then
	 * the per-post totals answer instead of the votes.
	 */
	private function all_time( Range $range ): bool {
		$today = $this->today ? ( $this->today )() : current_datetime()->format( 'Y-m-d' );
		return Range::EARLIEST === $range->from && $range->to >= $today;
	}

	/**
	 * A page of the posts rated within the range.
	 *
	 * @param array{orderby:string,order:string,page:int,per_page:int,search:string} $view Table view.
	 * @return array{items:array<int,array<string,mixed>>,pagination:array{page:int,pages:int,per_page:int,total:int}}
	 */
	public function posts( Range $range, array $view ): array {
		$page = $this->ratings->rated_posts(
			$range->start_utc(),
			$range->end_utc(),
			array(
				'orderby'  => $view['orderby'],
				'order'    => $view['order'],
				'search'   => $view['search'],
				'per_page' => $view['per_page'],
				'offset'   => ( $view['page'] - 1 ) * $view['per_page'],
				'count'    => true,
				'all_time' => $this->all_time( $range ),
			)
		);
		return array(
			'items'      => self::post_rows( $page['items'] ),
			'pagination' => ResultsService::pagination( $view['page'], $view['per_page'], (int) $page['total'] ),
		);
	}

	/**
	 * A post's figures over the range and a page of its ratings.
	 *
	 * @param array{orderby:string,order:string,page:int,per_page:int} $view Table view.
	 * @return array{post:array<string,mixed>,items:array<int,array<string,mixed>>,pagination:array{page:int,pages:int,per_page:int,total:int}}
	 * @throws ApiException 404 for a post that does not exist.
	 */
	public function post( int $post_id, Range $range, array $view ): array {
		$post = $post_id > 0 ? get_post( $post_id ) : null;
		if ( ! $post instanceof \WP_Post ) {
			throw new ApiException( 'userfeedback_post_not_found', esc_html__( 'That post does not exist.', 'userfeedback' ), 404 );
		}
		$summary = $this->ratings->post_summary( $post->ID, $range->start_utc(), $range->end_utc(), $this->all_time( $range ) );
		$items   = $this->ratings->ratings(
			$post->ID,
			$range->start_utc(),
			$range->end_utc(),
			array(
				'orderby'  => $view['orderby'],
				'order'    => $view['order'],
				'per_page' => $view['per_page'],
				'offset'   => ( $view['page'] - 1 ) * $view['per_page'],
			)
		);
		return array(
			'post'       => self::post_row(
				array(
					'post_id'        => $post->ID,
					'post_title'     => $post->post_title,
					'total_ratings'  => $summary['count'],
					'average_rating' => $summary['average'],
					'last_rated_at'  => $summary['last_rated_at'],
				)
			),
			'items'      => array_map(
				static fn( array $rating ): array => array(
					'id'         => $rating['id'],
					'post_id'    => $rating['post_id'],
					'rating'     => $rating['rating'],
					'created_at' => ResultsService::rfc3339( $rating['created_at'] ),
				),
				$items
			),
			'pagination' => ResultsService::pagination( $view['page'], $view['per_page'], $summary['count'] ),
		);
	}

	/**
	 * PostRatingRows of repository rows, the posts read in one query for their permalinks.
	 *
	 * @param array<int,array{post_id:int,post_title:string,total_ratings:int,average_rating:float,last_rated_at:string|null}> $rows Rows.
	 * @return array<int,array<string,mixed>>
	 */
	private static function post_rows( array $rows ): array {
		if ( $rows ) {
			_prime_post_caches( array_column( $rows, 'post_id' ), false, false );
		}
		return array_map( array( self::class, 'post_row' ), $rows );
	}

	/**
	 * @param array{post_id:int,post_title:string,total_ratings:int,average_rating:float,last_rated_at:string|null} $row A row.
	 * @return array{post_id:int,post_title:string,post_url:string,total_ratings:int,average_rating:float,last_rated_at:string|null}
	 */
	private static function post_row( array $row ): array {
		$url = get_permalink( $row['post_id'] );
		return array(
			'post_id'        => $row['post_id'],
			'post_title'     => $row['post_title'],
			'post_url'       => is_string( $url ) ? $url : '',
			'total_ratings'  => $row['total_ratings'],
			'average_rating' => round( $row['average_rating'], 2 ),
			'last_rated_at'  => null === $row['last_rated_at'] ? null : ResultsService::rfc3339( $row['last_rated_at'] ),
		);
	}
}
