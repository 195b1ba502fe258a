<?php
/**
 * The parameters of a post-ratings export (report=post_ratings), checked: format (csv | xlsx),
 * post_id (none: one row per rated post; a post: one row per rating of it), from and to (site-local
 * days, inclusive; all time by default), orderby and order as on the admin's tables.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Exports;

use UserFeedback\PostRatings\RatingRepository;

defined( 'ABSPATH' ) || exit;

final class PostRatingsExportRequest {

	public const REPORT = 'post_ratings';

	/**
	 * @param \WP_Post|null $post     The post whose ratings are exported; null for the rated posts.
	 * @param string        $from_utc Inclusive lower bound, Y-m-d H:i:s UTC.
	 * @param string        $to_utc   Exclusive upper bound, Y-m-d H:i:s UTC.
	 */
	private function __construct(
		public readonly ?\WP_Post $post,
		public readonly string $format,
		public readonly string $from_utc,
		public readonly string $to_utc,
		public readonly string $orderby,
		public readonly string $order,
	) {}

	/**
	 * @param array<string,mixed> $params The query ($_GET, unslashed).
	 * @throws ExportError 400 or 404 with a message for the admin.
	 */
	public static function from_params( array $params ): self {
		$format = is_string( $params['format'] ?? null ) ? strtolower( $params['format'] ) : '';
		if ( ! in_array( $format, ExportRequest::FORMATS, true ) ) {
			throw new ExportError( esc_html__( 'Choose the format of the export: CSV or XLSX.', 'userfeedback' ), 400 );
		}
		$post = null;
		if ( isset( $params['post_id'] ) && '' !== $params['post_id'] ) {
			$post_id = ExportRequest::positive_int( $params['post_id'] );
			$post    = $post_id ? get_post( $post_id ) : null;
			if ( ! $post instanceof \WP_Post ) {
				throw new ExportError( esc_html__( 'The post to export does not exist.', 'userfeedback' ), 404 );
			}
		}
		$columns = null === $post ? RatingRepository::POST_ORDERBY : RatingRepository::RATING_ORDERBY;
		$orderby = $params['orderby'] ?? '';
		$orderby = '' === $orderby ? ( null === $post ? 'total_ratings' : 'created_at' ) : $orderby;
		if ( ! is_string( $orderby ) || ! in_array( $orderby, $columns, true ) ) {
			/* translators: %s: the sortable columns, comma-separated. */
			throw new ExportError( sprintf( esc_html__( 'The export can be sorted by %s only.', 'userfeedback' ), esc_html( implode( ', ', $columns ) ) ), 400 );
		}
		$order = $params['order'] ?? 'desc';
		$order = '' === $order ? 'desc' : $order;
		if ( ! is_string( $order ) || ! in_array( strtolower( $order ), array( 'asc', 'desc' ), true ) ) {
			throw new ExportError( esc_html__( 'The order must be "asc" or "desc".', 'userfeedback' ), 400 );
		}
		[ $from_utc, $to_utc ] = ExportRequest::range( $params['from'] ?? null, $params['to'] ?? null );
		return new self( $post, $format, $from_utc, $to_utc, $orderby, strtolower( $order ) );
	}

	/**
	 * post-ratings-2026-11-21.csv, or post-12-ratings-2026-11-21.xlsx (today's date, site time).
	 */
	public function filename(): string {
		$what = null === $this->post ? 'post-ratings' : 'post-' . $this->post->ID . '-ratings';
		return sprintf( '%s-%s.%s', $what, wp_date( 'Y-m-d' ), $this->format );
	}
}
