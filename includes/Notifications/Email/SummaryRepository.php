<?php
/**
 * SQL of the weekly summary that the results code does not already have: the pages that brought the
 * most responses. Counts per survey and NPS values come from the daily rollups (ResultsRepository).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Notifications\Email;

use UserFeedback\Database\Schema;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the plugin's responses and surveys tables: one GROUP BY over a week of the submitted_at index, run once a week by the summary's cron event; a cached copy would never be read again.

final class SummaryRepository {

	/**
	 * Published responses to published surveys per page they were given on, submitted in [from, to)
	 * (UTC), most first (then by URL). A range of the submitted_at index; responses without a page are
	 * left out.
	 *
	 * @return array<int,array{url:string,title:string,count:int}>
	 */
	public function top_pages( string $from_utc, string $to_utc, int $limit ): array {
		global $wpdb;
		$rows = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT r.page_url, MAX(r.page_title) AS title, COUNT(*) AS n
				FROM %i r INNER JOIN %i s ON s.id = r.survey_id
				WHERE r.submitted_at >= %s AND r.submitted_at < %s AND r.status = 'publish' AND r.page_url <> '' AND s.status = 'publish'
				GROUP BY r.page_url ORDER BY n DESC, r.page_url ASC LIMIT %d",
				Schema::table( 'responses' ),
				Schema::table( 'surveys' ),
				$from_utc,
				$to_utc,
				max( 1, $limit )
			),
			ARRAY_A
		);
		return array_map(
			static fn( array $row ): array => array(
				'url'   => (string) $row['page_url'],
				'title' => (string) $row['title'],
				'count' => (int) $row['n'],
			),
			(array) $rows
		);
	}
}
