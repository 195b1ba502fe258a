<?php
/**
 * The SQL of post ratings (table post_ratings: id, post_id, rating, created_at in UTC). Every figure is
 * computed in SQL; the per-post summary that each rated page prints is kept in the object cache until
 * the next vote on that post.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\PostRatings;

use UserFeedback\Database\Schema;
use UserFeedback\Database\Transaction;

defined( 'ABSPATH' ) || exit;

// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- the plugin's post_ratings and post_rating_totals tables: the per-post summary every rated page prints is kept in the object cache (summary(), CACHE_GROUP, forgotten on each vote); the writes must go to the table, and the admin's lists and exports are paged reads over the indexes that an admin asks for now.

final class RatingRepository {

	public const CACHE_GROUP = 'userfeedback_post_ratings';

	/**
	 * Stores one vote: a single-row insert.
	 *
	 * @return int The new rating's id.
	 * @throws \RuntimeException When the database refuses the write.
	 */
	public function insert( int $post_id, int $rating, string $created_at_utc ): int {
		global $wpdb;
		$done = $wpdb->insert(
			Schema::table( 'post_ratings' ),
			array(
				'post_id'    => $post_id,
				'rating'     => $rating,
				'created_at' => $created_at_utc,
			),
			array( '%d', '%d', '%s' )
		);
		if ( false === $done ) {
			throw new \RuntimeException( esc_html( 'The rating could not be stored: ' . $wpdb->last_error ) );
		}
		$id = (int) $wpdb->insert_id;
		// The vote route runs both in one transaction (Responses\VisitorWrite).
		$counted = $wpdb->query(
			$wpdb->prepare(
				'INSERT INTO %i (%i, %i, %i) VALUES (%d, 1, %d) ON DUPLICATE KEY UPDATE %i = %i + 1, %i = %i + %d',
				Schema::table( 'post_rating_totals' ),
				'post_id',
				'votes',
				'total',
				$post_id,
				$rating,
				'votes',
				'votes',
				'total',
				'total',
				$rating
			)
		);
		if ( false === $counted ) {
			throw new \RuntimeException( esc_html( 'The rating could not be counted: ' . $wpdb->last_error ) );
		}
		wp_cache_delete( self::summary_key( $post_id ), self::CACHE_GROUP );
		return $id;
	}

	/**
	 * Removes every vote of a post and its totals, all or nothing (the post was deleted for good).
	 *
	 * @return int Votes removed.
	 * @throws \RuntimeException When the database refuses (nothing is removed then).
	 */
	public function delete_post( int $post_id ): int {
		$removed = Transaction::run(
			static function () use ( $post_id ): int {
				global $wpdb;
				$removed = $wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE %i = %d', Schema::table( 'post_ratings' ), 'post_id', $post_id ) );
				if ( false === $removed || false === $wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE %i = %d', Schema::table( 'post_rating_totals' ), 'post_id', $post_id ) ) ) {
					throw new \RuntimeException( esc_html( 'The votes of the post could not be removed: ' . $wpdb->last_error ) );
				}
				return (int) $removed;
			}
		);
		wp_cache_delete( self::summary_key( $post_id ), self::CACHE_GROUP );
		return $removed;
	}

	/**
	 * The post's all-time vote count and average (unrounded; 0.0 without votes).
	 *
	 * @return array{count:int,average:float}
	 */
	public function summary( int $post_id ): array {
		$key    = self::summary_key( $post_id );
		$cached = wp_cache_get( $key, self::CACHE_GROUP );
		if ( is_array( $cached ) && isset( $cached['count'], $cached['average'] ) ) {
			return $cached;
		}
		global $wpdb;
		// One primary-key row (post_rating_totals), however many votes the post has.
		$row     = $wpdb->get_row(
			$wpdb->prepare( 'SELECT %i, %i FROM %i WHERE %i = %d', 'votes', 'total', Schema::table( 'post_rating_totals' ), 'post_id', $post_id ),
			ARRAY_A
		);
		$votes   = (int) ( $row['votes'] ?? 0 );
		$summary = array(
			'count'   => $votes,
			'average' => $votes > 0 ? (int) $row['total'] / $votes : 0.0,
		);
		wp_cache_set( $key, $summary, self::CACHE_GROUP, DAY_IN_SECONDS );
		return $summary;
	}

	/**
	 * Counts every post's votes again from the votes themselves, all or nothing (the upgrade step of
	 * version 5, given to the Migrator by Plugin).
	 *
	 * @throws \RuntimeException When the database refuses.
	 */
	public function rebuild_totals(): void {
		Transaction::run(
			static function (): void {
				global $wpdb;
				$totals = Schema::table( 'post_rating_totals' );
				$done   = false !== $wpdb->query( $wpdb->prepare( 'DELETE FROM %i', $totals ) )
					&& false !== $wpdb->query(
						$wpdb->prepare(
							'INSERT INTO %i (%i, %i, %i) SELECT %i, COUNT(*), SUM(%i) FROM %i GROUP BY %i',
							$totals,
							'post_id',
							'votes',
							'total',
							'post_id',
							'rating',
							Schema::table( 'post_ratings' ),
							'post_id'
						)
					);
				if ( ! $done ) {
					throw new \RuntimeException( esc_html( 'The post rating totals could not be rebuilt: ' . $wpdb->last_error ) );
				}
			}
		);
		if ( wp_cache_supports( 'flush_group' ) ) {
			wp_cache_flush_group( self::CACHE_GROUP );
		}
	}

	/**
	 * Columns the results list may be sorted by (the allow-list of ORDER BY).
	 */
	public const POST_ORDERBY = array( 'post_title', 'total_ratings', 'average_rating' );

	/**
	 * Columns a post's ratings may be sorted by.
	 */
	public const RATING_ORDERBY = array( 'created_at', 'rating' );

	/**
	 * One page of the rated posts of a range: count, average and latest vote per post, grouped in
	 * SQL from the (created_at, post_id, rating) index alone, joined to the posts for their titles
	 * (only posts that still exist), sorted and paged in SQL. Ties are broken by the post id, in the
	 * same direction. The total needs a second grouped query unless the page itself tells it.
	 *
	 * @param string                                                                           $from_utc Inclusive lower bound (Y-m-d H:i:s UTC).
	 * @param string                                                                           $to_utc   Exclusive upper bound.
	 * @param array{orderby:string,order:string,search:string,per_page:int,offset:int,count:bool} $query  What to list.
	 * @return array{items:array<int,array{post_id:int,post_title:string,total_ratings:int,average_rating:float,last_rated_at:string}>,total:int|null}
	 */
	public function rated_posts( string $from_utc, string $to_utc, array $query ): array {
		global $wpdb;
		$orderby             = in_array( $query['orderby'], self::POST_ORDERBY, true ) ? $query['orderby'] : 'total_ratings';
		$order               = 'asc' === strtolower( $query['order'] ) ? 'ASC' : 'DESC';
		[ $from_sql, $args ] = self::rated_posts_from( $from_utc, $to_utc, $query['search'], ! empty( $query['all_time'] ) );
		$last                = empty( $query['all_time'] ) ? 'a.last_rated_at' : 'NULL AS last_rated_at';
		$rows                = $wpdb->get_results(
			$wpdb->prepare( // phpcs:ignore WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- $from_sql holds its own placeholders, filled by $args.
				"SELECT a.post_id, p.post_title, a.total_ratings, a.average_rating, $last $from_sql ORDER BY %i $order, a.post_id $order LIMIT %d OFFSET %d", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $last is one of two constant columns, $from_sql is rated_posts_from()'s FROM with placeholders, $order is ASC or DESC.
				...array_merge( $args, array( $orderby, $query['per_page'], $query['offset'] ) )
			),
			ARRAY_A
		);
		$total               = null;
		$rows                = (array) $rows;
		if ( $query['count'] && count( $rows ) < $query['per_page'] && ( $rows || 0 === $query['offset'] ) ) {
			// A short page is the last one.
			$total = $query['offset'] + count( $rows );
		} elseif ( $query['count'] ) {
			// The same posts, counted without their aggregates (a range's GROUP BY with AVG and MAX is
			// the list's cost: 23 of 55 ms over 30 days of 200,000 votes, 11 as DISTINCT).
			[ $count_sql, $count_args ] = self::rated_posts_from( $from_utc, $to_utc, $query['search'], ! empty( $query['all_time'] ), true );
			$total                      = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) $count_sql", ...$count_args ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.UnfinishedPrepare -- $count_sql is rated_posts_from()'s FROM, its values placeholders filled by $count_args.
		}
		if ( ! empty( $query['all_time'] ) && $rows ) {
			// The totals hold no dates: the latest vote of each post of the page, one step down the
			// (post_id, created_at) index per post.
			$ids    = array_map( 'intval', array_column( $rows, 'post_id' ) );
			$latest = $wpdb->get_results(
				$wpdb->prepare(
					'SELECT %i, MAX(%i) AS last_rated_at FROM %i WHERE %i IN (' . implode( ', ', array_fill( 0, count( $ids ), '%d' ) ) . ') GROUP BY %i',
					...array_merge( array( 'post_id', 'created_at', Schema::table( 'post_ratings' ), 'post_id' ), $ids, array( 'post_id' ) )
				),
				ARRAY_A
			);
			$latest = array_column( (array) $latest, 'last_rated_at', 'post_id' );
			foreach ( $rows as &$row ) {
				$row['last_rated_at'] = (string) ( $latest[ $row['post_id'] ] ?? '' );
			}
			unset( $row );
		}
		return array(
			'items' => array_map(
				static fn( array $row ): array => array(
					'post_id'        => (int) $row['post_id'],
					'post_title'     => (string) $row['post_title'],
					'total_ratings'  => (int) $row['total_ratings'],
					'average_rating' => (float) $row['average_rating'],
					'last_rated_at'  => (string) $row['last_rated_at'],
				),
				$rows
			),
			'total' => $total,
		);
	}

	/**
	 * A post's count, average and latest vote within a range (0, 0.0 and null without votes).
	 *
	 * @return array{count:int,average:float,last_rated_at:string|null}
	 */
	public function post_summary( int $post_id, string $from_utc, string $to_utc, bool $all_time = false ): array {
		global $wpdb;
		if ( $all_time ) {
			// All time: the post's totals row, and its latest vote from the (post_id, created_at) index.
			$row = $wpdb->get_row(
				$wpdb->prepare(
					'SELECT %i AS votes, ' . self::average_sql() . ' AS average, ( SELECT MAX(%i) FROM %i WHERE %i = %d ) AS last_rated_at FROM %i WHERE %i = %d AND %i > 0', // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- placeholders only.
					'votes',
					'created_at',
					Schema::table( 'post_ratings' ),
					'post_id',
					$post_id,
					Schema::table( 'post_rating_totals' ),
					'post_id',
					$post_id,
					'votes'
				),
				ARRAY_A
			);
			return array(
				'count'         => (int) ( $row['votes'] ?? 0 ),
				'average'       => (float) ( $row['average'] ?? 0 ),
				'last_rated_at' => isset( $row['last_rated_at'] ) ? (string) $row['last_rated_at'] : null,
			);
		}
		$row = $wpdb->get_row(
			$wpdb->prepare(
				'SELECT COUNT(*) AS votes, AVG(rating) AS average, MAX(created_at) AS last_rated_at FROM %i WHERE post_id = %d AND created_at >= %s AND created_at < %s',
				Schema::table( 'post_ratings' ),
				$post_id,
				$from_utc,
				$to_utc
			),
			ARRAY_A
		);
		return array(
			'count'         => (int) ( $row['votes'] ?? 0 ),
			'average'       => (float) ( $row['average'] ?? 0 ),
			'last_rated_at' => isset( $row['last_rated_at'] ) ? (string) $row['last_rated_at'] : null,
		);
	}

	/**
	 * One page of a post's ratings within a range, over the (post_id, created_at) index; ties broken
	 * by the id, in the same direction.
	 *
	 * @param array{orderby:string,order:string,per_page:int,offset:int} $query What to list.
	 * @return array<int,array{id:int,post_id:int,rating:int,created_at:string}>
	 */
	public function ratings( int $post_id, string $from_utc, string $to_utc, array $query ): array {
		global $wpdb;
		$orderby = in_array( $query['orderby'], self::RATING_ORDERBY, true ) ? $query['orderby'] : 'created_at';
		$order   = 'asc' === strtolower( $query['order'] ) ? 'ASC' : 'DESC';
		$rows    = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT id, post_id, rating, created_at FROM %i WHERE post_id = %d AND created_at >= %s AND created_at < %s ORDER BY %i $order, id $order LIMIT %d OFFSET %d", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- an allow-listed direction only.
				Schema::table( 'post_ratings' ),
				$post_id,
				$from_utc,
				$to_utc,
				$orderby,
				$query['per_page'],
				$query['offset']
			),
			ARRAY_A
		);
		return array_map( array( self::class, 'rating_row' ), (array) $rows );
	}

	/**
	 * A post's ratings within a range in the order asked for, a chunk at a time, by keyset pagination
	 * on (column, id): each chunk starts where the last one stopped, with no OFFSET.
	 *
	 * @return \Generator<int,array<int,array{id:int,post_id:int,rating:int,created_at:string}>>
	 */
	public function rating_chunks( int $post_id, string $from_utc, string $to_utc, string $orderby, string $order, int $chunk = 1000 ): \Generator {
		global $wpdb;
		$orderby = in_array( $orderby, self::RATING_ORDERBY, true ) ? $orderby : 'created_at';
		$asc     = 'asc' === strtolower( $order );
		$dir     = $asc ? 'ASC' : 'DESC';
		$cmp     = $asc ? '>' : '<';
		$after   = null;
		do {
			$sql  = 'SELECT id, post_id, rating, created_at FROM %i WHERE post_id = %d AND created_at >= %s AND created_at < %s';
			$args = array( Schema::table( 'post_ratings' ), $post_id, $from_utc, $to_utc );
			if ( null !== $after ) {
				$value = 'rating' === $orderby ? '%d' : '%s';
				$sql  .= " AND (%i $cmp $value OR (%i = $value AND id $cmp %d))";
				array_push( $args, $orderby, $after[0], $orderby, $after[0], $after[1] );
			}
			$rows = $wpdb->get_results(
				$wpdb->prepare( "$sql ORDER BY %i $dir, id $dir LIMIT %d", ...array_merge( $args, array( $orderby, $chunk ) ) ), // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared, WordPress.DB.PreparedSQL.InterpolatedNotPrepared, WordPress.DB.PreparedSQLPlaceholders.ReplacementsWrongNumber -- $sql is built above from placeholders, a < or > and a %d or %s; $dir is ASC or DESC; every value is in $args.
				ARRAY_A
			);
			if ( ! $rows ) {
				return;
			}
			$last  = end( $rows );
			$after = array( 'rating' === $orderby ? (int) $last['rating'] : (string) $last['created_at'], (int) $last['id'] );
			$got   = count( $rows );
			$wpdb->flush();
			yield array_map( array( self::class, 'rating_row' ), $rows );
		} while ( $got === $chunk );
	}

	/**
	 * A totals row's average, as AVG(rating) over its votes gives it: a decimal of 4 places on MariaDB
	 * (integer division there is exact to div_precision_increment, 4, as AVG of integers is), a double
	 * on SQLite (where dividing integers would truncate). Same numbers, so the same order.
	 */
	private static function average_sql(): string {
		return Transaction::is_sqlite() ? '( total * 1.0 / votes )' : '( total / votes )';
	}

	/**
	 * FROM ... of rated_posts(): the votes of the range grouped per post first, then joined to the
	 * posts (a title search filters the joined rows); $to_count: the same posts without their
	 * aggregates, for the count.
	 *
	 * @return array{0:string,1:array<int,string>}
	 */
	private static function rated_posts_from( string $from_utc, string $to_utc, string $search, bool $all_time = false, bool $to_count = false ): array {
		global $wpdb;
		if ( $to_count && ! $all_time ) {
			// For COUNT(*): the range's rated posts alone, joined as below.
			$sql  = 'FROM (SELECT DISTINCT post_id FROM %i WHERE created_at >= %s AND created_at < %s) a INNER JOIN %i p ON p.ID = a.post_id';
			$args = array( Schema::table( 'post_ratings' ), $from_utc, $to_utc, $wpdb->posts );
		} elseif ( $all_time ) {
			// All time: the per-post totals the vote route keeps (one row per rated post) instead of
			// grouping every vote; the average as AVG() gives it on each engine.
			$sql  = 'FROM (SELECT post_id, votes AS total_ratings, ' . self::average_sql() . ' AS average_rating FROM %i WHERE votes > 0) a INNER JOIN %i p ON p.ID = a.post_id';
			$args = array( Schema::table( 'post_rating_totals' ), $wpdb->posts );
		} else {
			// SQL_BIG_RESULT (MariaDB/MySQL): the range's votes grouped by sorting them rather than through a
			// temporary table, 26 ms down to 19 over 30 days of 200,000 votes.
			$sql  = 'FROM (SELECT ' . ( Transaction::is_sqlite() ? '' : 'SQL_BIG_RESULT ' ) . 'post_id, COUNT(*) AS total_ratings, AVG(rating) AS average_rating, MAX(created_at) AS last_rated_at FROM %i WHERE created_at >= %s AND created_at < %s GROUP BY post_id) a INNER JOIN %i p ON p.ID = a.post_id';
			$args = array( Schema::table( 'post_ratings' ), $from_utc, $to_utc, $wpdb->posts );
		}
		if ( '' !== $search ) {
			$sql   .= ' WHERE ' . \UserFeedback\Database\TextSearch::contains( 'p.post_title' );
			$args[] = $search;
		}
		return array( $sql, $args );
	}

	/**
	 * @param array<string,mixed> $row A row of the table.
	 * @return array{id:int,post_id:int,rating:int,created_at:string}
	 */
	private static function rating_row( array $row ): array {
		return array(
			'id'         => (int) $row['id'],
			'post_id'    => (int) $row['post_id'],
			'rating'     => (int) $row['rating'],
			'created_at' => (string) $row['created_at'],
		);
	}

	private static function summary_key( int $post_id ): string {
		return 'summary-' . $post_id;
	}
}
