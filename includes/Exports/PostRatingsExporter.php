<?php
/**
 * Writes a post-ratings export to a SheetWriter, a chunk at a time.
 *
 * Without a post: one row per post rated within the range (Post ID, Post/Page Name, URL, Number of
 * Ratings, Average Rating), grouped, sorted and paged in SQL as on the admin's results table.
 * With a post: one row per rating of it (Rating ID, Date, Time in the site's time zone, Rating),
 * read by keyset pagination.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Exports;

use UserFeedback\PostRatings\RatingRepository;

defined( 'ABSPATH' ) || exit;

final class PostRatingsExporter {

	/** Posts or ratings a query. */
	public const CHUNK = 1000;

	public function __construct( private readonly RatingRepository $ratings ) {}

	/**
	 * @param resource      $out      The stream the file goes to.
	 * @param callable|null $on_chunk Called after each chunk (the download flushes the output there).
	 * @return int Data rows written.
	 */
	public function run( PostRatingsExportRequest $request, SheetWriter $writer, $out, ?callable $on_chunk = null, int $chunk = self::CHUNK ): int {
		$writer->begin( $out );
		try {
			return null === $request->post
				? $this->posts( $request, $writer, $on_chunk, $chunk )
				: $this->ratings_of( $request, $request->post, $writer, $on_chunk, $chunk );
		} finally {
			$writer->finish();
		}
	}

	private function posts( PostRatingsExportRequest $request, SheetWriter $writer, ?callable $on_chunk, int $chunk ): int {
		$writer->row( array( __( 'Post ID', 'userfeedback' ), __( 'Post/Page Name', 'userfeedback' ), __( 'URL', 'userfeedback' ), __( 'Number of Ratings', 'userfeedback' ), __( 'Average Rating', 'userfeedback' ) ) );
		$count = 0;
		do {
			// Paged by OFFSET: the order is over aggregates, which a keyset cannot follow exactly.
			$rows = $this->ratings->rated_posts(
				$request->from_utc,
				$request->to_utc,
				array(
					'orderby'  => $request->orderby,
					'order'    => $request->order,
					'search'   => '',
					'per_page' => $chunk,
					'offset'   => $count,
					'count'    => false,
				)
			)['items'];
			$ids  = array_column( $rows, 'post_id' );
			if ( $ids ) {
				_prime_post_caches( $ids, false, false );
			}
			foreach ( $rows as $row ) {
				$url = get_permalink( $row['post_id'] );
				$writer->row( array( $row['post_id'], $row['post_title'], is_string( $url ) ? $url : '', $row['total_ratings'], round( $row['average_rating'], 2 ) ) );
				++$count;
			}
			// The posts read for the permalinks are not needed again: memory stays flat however many.
			foreach ( $ids as $id ) {
				wp_cache_delete( $id, 'posts' );
			}
			if ( $on_chunk && $rows ) {
				$on_chunk();
			}
			$got = count( $rows );
		} while ( $got === $chunk );
		return $count;
	}

	private function ratings_of( PostRatingsExportRequest $request, \WP_Post $post, SheetWriter $writer, ?callable $on_chunk, int $chunk ): int {
		$writer->row( array( __( 'Rating ID', 'userfeedback' ), __( 'Date', 'userfeedback' ), __( 'Time', 'userfeedback' ), __( 'Rating', 'userfeedback' ) ) );
		$utc   = new \DateTimeZone( 'UTC' );
		$zone  = wp_timezone();
		$count = 0;
		foreach ( $this->ratings->rating_chunks( $post->ID, $request->from_utc, $request->to_utc, $request->orderby, $request->order, $chunk ) as $rows ) {
			foreach ( $rows as $row ) {
				$local = ( new \DateTimeImmutable( $row['created_at'], $utc ) )->setTimezone( $zone );
				$writer->row( array( $row['id'], $local->format( 'Y-m-d' ), $local->format( 'H:i:s' ), $row['rating'] ) );
				++$count;
			}
			if ( $on_chunk ) {
				$on_chunk();
			}
		}
		return $count;
	}
}
