<?php
/**
 * The SQL of results: counts grouped in the database over the indexes of responses
 * (survey_id, status, submitted_at) and answers (survey_id, question_id, status, submitted_at),
 * never a load of every response into PHP. Ranges are UTC instants (index ranges on
 * submitted_at); time is grouped into buckets that Range folds into site-local days.
 *
 * Trashed responses never count: answers repeat their response's status.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Results;

use UserFeedback\Database\Schema;

defined( 'ABSPATH' ) || exit;

final class ResultsRepository {

	/**
	 * Surveys the overview lists (every one but the trashed), list columns only.
	 *
	 * @return array<int,array{id:int,title:string,type:string,status:string,created_at:string}>
	 */
	public function surveys(): array {
		global $wpdb;
		$rows = $wpdb->get_results(
			$wpdb->prepare( "SELECT id, title, type, status, created_at FROM %i WHERE status <> 'trash' ORDER BY id ASC", Schema::table( 'surveys' ) ),
			ARRAY_A
		);
		return array_map(
			static function ( array $row ): array {
				$row['id'] = (int) $row['id'];
				return $row;
			},
			$rows ?: array()
		);
	}

	/**
	 * Responses per survey, all time or within [start, end), on the (survey_id, status, submitted_at)
	 * index alone.
	 *
	 * @param int[] $survey_ids Surveys.
	 * @return array<int,int> Survey id => count (surveys without responses left out).
	 */
	public function response_counts( array $survey_ids, ?string $start_utc = null, ?string $end_utc = null ): array {
		global $wpdb;
		if ( ! $survey_ids ) {
			return array();
		}
		[ $in, $args ] = self::in( $survey_ids );
		$sql           = "SELECT survey_id, COUNT(*) AS n FROM %i WHERE survey_id IN ($in) AND status = 'publish'";
		if ( null !== $start_utc && null !== $end_utc ) {
			$sql .= ' AND submitted_at >= %s AND submitted_at < %s';
			array_push( $args, $start_utc, $end_utc );
		}
		$rows   = $wpdb->get_results(
			$wpdb->prepare( $sql . ' GROUP BY survey_id', Schema::table( 'responses' ), ...$args ), // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- $in holds placeholders only.
			ARRAY_A
		);
		$counts = array();
		foreach ( $rows ?: array() as $row ) {
			$counts[ (int) $row['survey_id'] ] = (int) $row['n'];
		}
		return $counts;
	}

	/**
	 * A survey's published responses, all time and within windows of UTC instants, in one pass over
	 * the (survey_id, status, submitted_at) index.
	 *
	 * @param array<string,array{0:string,1:string}> $windows Name => [start, end).
	 * @return array<string,int> 'all' and each window's name => count.
	 */
	public function survey_counts( int $survey_id, array $windows ): array {
		global $wpdb;
		$sums = '';
		$args = array();
		foreach ( array_values( $windows ) as $i => [ $start, $end ] ) {
			$sums .= ", SUM( CASE WHEN submitted_at >= %s AND submitted_at < %s THEN 1 ELSE 0 END ) AS w$i";
			array_push( $args, $start, $end );
		}
		$row    = $wpdb->get_row(
			$wpdb->prepare(
				"SELECT COUNT(*) AS n$sums FROM %i WHERE survey_id = %d AND status = 'publish'", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $sums holds placeholders only.
				...array_merge( $args, array( Schema::table( 'responses' ), $survey_id ) )
			),
			ARRAY_A
		);
		$counts = array( 'all' => (int) ( $row['n'] ?? 0 ) );
		foreach ( array_keys( $windows ) as $i => $name ) {
			$counts[ $name ] = (int) ( $row[ "w$i" ] ?? 0 );
		}
		return $counts;
	}

	/**
	 * Responses of the surveys within the range, per survey and time bucket (Range::bucketing()).
	 *
	 * @param int[] $survey_ids Surveys.
	 * @return array<int,array{survey_id:int,bucket:string,count:int}>
	 */
	public function response_buckets( array $survey_ids, Range $range ): array {
		global $wpdb;
		if ( ! $survey_ids ) {
			return array();
		}
		[ $in, $args ]            = self::in( $survey_ids );
		[ $bucket, $bucket_args ] = self::bucket_sql( $range );
		$rows                     = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT survey_id, $bucket AS bucket, COUNT(*) AS n FROM %i
				WHERE survey_id IN ($in) AND status = 'publish' AND submitted_at >= %s AND submitted_at < %s
				GROUP BY survey_id, bucket", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $bucket and $in hold placeholders only.
				...array_merge( $bucket_args, array( Schema::table( 'responses' ) ), $args, array( $range->start_utc(), $range->end_utc() ) )
			),
			ARRAY_A
		);
		return array_map(
			static fn( array $row ): array => array(
				'survey_id' => (int) $row['survey_id'],
				'bucket'    => (string) $row['bucket'],
				'count'     => (int) $row['n'],
			),
			$rows ?: array()
		);
	}

	/**
	 * Impressions of a survey on the range's days (stored per site-local day already).
	 */
	public function impressions( int $survey_id, Range $range ): int {
		global $wpdb;
		return (int) $wpdb->get_var(
			$wpdb->prepare(
				'SELECT SUM(%i) FROM %i WHERE survey_id = %d AND day >= %s AND day <= %s',
				'count',
				Schema::table( 'impressions' ),
				$survey_id,
				$range->from,
				$range->to
			)
		);
	}

	/**
	 * A fingerprint of the published responses of a survey per time bucket: how many, the sum of
	 * their ids and a sum of their ids' residues, read from the (survey_id, status, submitted_at)
	 * index alone (InnoDB keeps the id in every secondary index). A response saved, trashed,
	 * restored or deleted changes its bucket's fingerprint; DailyStats recounts only such days.
	 *
	 * @return array<string,array{0:int,1:int,2:int}> Bucket => (count, sum of ids, sum of residues).
	 */
	public function fingerprints( int $survey_id, Range $range ): array {
		global $wpdb;
		[ $bucket, $bucket_args ] = self::bucket_sql( $range );
		$rows                     = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT $bucket AS bucket, COUNT(*) AS n, SUM(id) AS s, SUM( ( id %% 65521 ) * ( id %% 65519 ) ) AS r FROM %i
				WHERE survey_id = %d AND status = 'publish' AND submitted_at >= %s AND submitted_at < %s
				GROUP BY bucket", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $bucket holds placeholders only.
				...array_merge( $bucket_args, array( Schema::table( 'responses' ), $survey_id, $range->start_utc(), $range->end_utc() ) )
			),
			ARRAY_A
		);
		$prints = array();
		foreach ( $rows ?: array() as $row ) {
			$prints[ (string) $row['bucket'] ] = array( (int) $row['n'], (int) $row['s'], (int) $row['r'] );
		}
		return $prints;
	}

	/**
	 * Every answer of the survey's questions between two UTC instants, in one GROUP BY: per time
	 * bucket, question and stored value for the counted (quantitative) questions, per bucket and
	 * question only for the others. A row with a null value is the skipped answers of that question.
	 *
	 * @param int[] $question_ids     Every question of the survey.
	 * @param int[] $quantitative_ids Those counted per value.
	 * @return array<int,array{bucket:string,question_id:int,value:string|null,count:int,answered:int}>
	 */
	public function answer_counts( int $survey_id, array $question_ids, array $quantitative_ids, Range $range, string $start_utc, string $end_utc ): array {
		global $wpdb;
		if ( ! $question_ids ) {
			return array();
		}
		[ $bucket, $bucket_args ]  = self::bucket_sql( $range );
		// 0 is never a question id: an IN list that cannot be empty.
		[ $quant_in, $quant_args ] = self::in( array_merge( array( 0 ), $quantitative_ids ) );
		[ $all_in, $all_args ]     = self::in( $question_ids );
		$rows                      = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT $bucket AS bucket, question_id, CASE WHEN question_id IN ($quant_in) THEN value ELSE NULL END AS v, COUNT(*) AS n, COUNT(value) AS answered
				FROM %i
				WHERE survey_id = %d AND question_id IN ($all_in) AND status = 'publish' AND submitted_at >= %s AND submitted_at < %s
				GROUP BY bucket, question_id, v", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $bucket and the IN lists hold placeholders only.
				...array_merge( $bucket_args, $quant_args, array( Schema::table( 'answers' ), $survey_id ), $all_args, array( $start_utc, $end_utc ) )
			),
			ARRAY_A
		);
		return array_map(
			static fn( array $row ): array => array(
				'bucket'      => (string) $row['bucket'],
				'question_id' => (int) $row['question_id'],
				'value'       => null === $row['v'] ? null : (string) $row['v'],
				'count'       => (int) $row['n'],
				'answered'    => (int) $row['answered'],
			),
			$rows ?: array()
		);
	}

	/**
	 * One page of a question's answers within the range, newest first: those with a value, or
	 * (comments) those that carry extra.comments. $search is matched in the value, or in the comment.
	 *
	 * @param array{comments:bool,search:string,page:int,per_page:int,count:bool} $query What to list.
	 * @return array{items:array<int,array{response_id:int,value:string|null,extra:string|null,submitted_at:string}>,total:int|null}
	 */
	public function answers( int $survey_id, int $question_id, Range $range, array $query ): array {
		global $wpdb;
		$where = "survey_id = %d AND question_id = %d AND status = 'publish' AND submitted_at >= %s AND submitted_at < %s";
		$args  = array( $survey_id, $question_id, $range->start_utc(), $range->end_utc() );
		if ( $query['comments'] ) {
			// Extra is JSON as the visitor route stores it (unescaped unicode and slashes); the search
			// is encoded the same way so that quotes and backslashes match, and sought after the key.
			$where  .= " AND extra LIKE %s ESCAPE '!'";
			$encoded = '' === $query['search'] ? '' : substr( (string) wp_json_encode( $query['search'], JSON_UNESCAPED_UNICODE | JSON_UNESCAPED_SLASHES ), 1, -1 );
			$args[]  = '%' . self::like( '"comments":"' ) . '%' . ( '' === $encoded ? '' : self::like( $encoded ) . '%' );
		} else {
			$where .= ' AND value IS NOT NULL';
			if ( '' !== $query['search'] ) {
				$where .= " AND value LIKE %s ESCAPE '!'";
				$args[] = '%' . self::like( $query['search'] ) . '%';
			}
		}
		$table = Schema::table( 'answers' );
		$rows  = $wpdb->get_results(
			$wpdb->prepare(
				"SELECT response_id, value, extra, submitted_at FROM %i WHERE $where ORDER BY submitted_at DESC, id DESC LIMIT %d OFFSET %d", // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $where holds placeholders only.
				$table,
				...array_merge( $args, array( $query['per_page'], ( $query['page'] - 1 ) * $query['per_page'] ) )
			),
			ARRAY_A
		);
		$total = null;
		if ( $query['count'] ) {
			$total = (int) $wpdb->get_var( $wpdb->prepare( "SELECT COUNT(*) FROM %i WHERE $where", $table, ...$args ) ); // phpcs:ignore WordPress.DB.PreparedSQL.InterpolatedNotPrepared -- $where holds placeholders only.
		}
		return array(
			'items' => array_map(
				static fn( array $row ): array => array(
					'response_id'  => (int) $row['response_id'],
					'value'        => null === $row['value'] ? null : (string) $row['value'],
					'extra'        => null === $row['extra'] ? null : (string) $row['extra'],
					'submitted_at' => (string) $row['submitted_at'],
				),
				$rows ?: array()
			),
			'total' => $total,
		);
	}

	/**
	 * The SQL of a time bucket and its placeholder values: a prefix of submitted_at, shifted by the
	 * zone's sub-hour part when it has one (see Range::bucketing()). SUBSTR and DATE_ADD read the
	 * same on MariaDB and through the SQLite integration.
	 *
	 * @return array{0:string,1:array<int,int>}
	 */
	private static function bucket_sql( Range $range ): array {
		$bucketing = $range->bucketing();
		if ( 0 === $bucketing['shift'] ) {
			return array( 'SUBSTR( submitted_at, 1, %d )', array( $bucketing['length'] ) );
		}
		return array( 'SUBSTR( DATE_ADD( submitted_at, INTERVAL %d MINUTE ), 1, %d )', array( $bucketing['shift'], $bucketing['length'] ) );
	}

	/**
	 * Text matched literally by LIKE ... ESCAPE '!'. Not $wpdb->esc_like(): its backslashes reach the
	 * SQLite integration's LIKE translation mangled (a search for "50%" matched "50 dollars"), while
	 * an explicit escape character reads the same on both engines.
	 */
	private static function like( string $text ): string {
		return strtr(
			$text,
			array(
				'!' => '!!',
				'%' => '!%',
				'_' => '!_',
			)
		);
	}

	/**
	 * Placeholders of an IN list and its values.
	 *
	 * @param array<int,int|string> $values Values.
	 * @return array{0:string,1:array<int,int|string>}
	 */
	private static function in( array $values, string $placeholder = '%d' ): array {
		$values = array_values( $values );
		return array( implode( ', ', array_fill( 0, count( $values ), $placeholder ) ), $values );
	}
}
