<?php
/**
 * SQL of the webhooks and their deliveries (the queue and the log). Times are UTC 'Y-m-d H:i:s'.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Webhooks;

use UserFeedback\Database\Schema;

defined( 'ABSPATH' ) || exit;
// phpcs:disable WordPress.DB.DirectDatabaseQuery.DirectQuery, WordPress.DB.DirectDatabaseQuery.NoCaching -- webhooks, webhook_deliveries (and responses for their survey ids): a handful of admin-managed rows and a queue whose rows change with every attempt; the queue's runner and the admin's log must see the database, and no read here is repeated within a request. Not cached on purpose.

final class WebhookRepository {

	/** The columns a list or an answer shows (never the secret). */
	private const COLUMNS = 'id, survey_id, url, format, active, created_at, updated_at';


	/**
	 * @return array<int,array<string,mixed>> Every webhook, oldest first, without secrets.
	 */
	public function all(): array {
		global $wpdb;
		return array_map( array( self::class, 'typed' ), (array) $wpdb->get_results( $wpdb->prepare( 'SELECT ' . self::COLUMNS . ' FROM %i ORDER BY id', Schema::table( 'webhooks' ) ), ARRAY_A ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- self::COLUMNS is the constant column list.
	}

	/**
	 * @return array<string,mixed>|null The webhook with its secret.
	 */
	public function find( int $id ): ?array {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT ' . self::COLUMNS . ', secret FROM %i WHERE id = %d', Schema::table( 'webhooks' ), $id ), ARRAY_A ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- self::COLUMNS is the constant column list.
		return is_array( $row ) ? self::typed( $row ) : null;
	}

	/**
	 * @param array{survey_id:int,url:string,format:string,active:bool,secret:string} $webhook A new webhook.
	 */
	public function insert( array $webhook, string $now ): int {
		global $wpdb;
		$wpdb->insert(
			Schema::table( 'webhooks' ),
			array(
				'survey_id'  => $webhook['survey_id'],
				'url'        => $webhook['url'],
				'format'     => $webhook['format'],
				'secret'     => $webhook['secret'],
				'active'     => $webhook['active'] ? 1 : 0,
				'created_at' => $now,
				'updated_at' => $now,
			),
			array( '%d', '%s', '%s', '%s', '%d', '%s', '%s' )
		);
		return (int) $wpdb->insert_id;
	}

	/**
	 * @param array<string,mixed> $fields Some of survey_id, url, format, active.
	 */
	public function update( int $id, array $fields, string $now ): void {
		global $wpdb;
		$data = array( 'updated_at' => $now );
		foreach ( array( 'survey_id', 'url', 'format', 'active' ) as $key ) {
			if ( array_key_exists( $key, $fields ) ) {
				$data[ $key ] = 'active' === $key ? ( $fields[ $key ] ? 1 : 0 ) : $fields[ $key ];
			}
		}
		$wpdb->update( Schema::table( 'webhooks' ), $data, array( 'id' => $id ) );
	}

	/**
	 * Deletes a webhook and its log.
	 */
	public function delete( int $id ): void {
		global $wpdb;
		$wpdb->delete( Schema::table( 'webhook_deliveries' ), array( 'webhook_id' => $id ), array( '%d' ) );
		$wpdb->delete( Schema::table( 'webhooks' ), array( 'id' => $id ), array( '%d' ) );
	}

	/**
	 * @return array<int,array<string,mixed>> The active webhooks, with their secrets.
	 */
	public function active(): array {
		global $wpdb;
		return array_map( array( self::class, 'typed' ), (array) $wpdb->get_results( $wpdb->prepare( 'SELECT ' . self::COLUMNS . ', secret FROM %i WHERE active = 1 ORDER BY id', Schema::table( 'webhooks' ) ), ARRAY_A ) ); // phpcs:ignore WordPress.DB.PreparedSQL.NotPrepared -- self::COLUMNS is the constant column list.
	}

	/**
	 * One delivery of a completed response per active webhook of its survey (or of every survey).
	 *
	 * @param int[] $webhook_ids The webhooks that take it.
	 */
	public function enqueue( array $webhook_ids, int $response_id, string $now ): void {
		foreach ( $webhook_ids as $webhook_id ) {
			$this->add_delivery( (int) $webhook_id, $response_id, 'response.completed', $now );
		}
	}

	public function add_delivery( int $webhook_id, int $response_id, string $event, string $now ): int {
		global $wpdb;
		$wpdb->insert(
			Schema::table( 'webhook_deliveries' ),
			array(
				'webhook_id'  => $webhook_id,
				'response_id' => $response_id,
				'event'       => $event,
				'status'      => 'pending',
				'attempts'    => 0,
				'next_at'     => $now,
				'created_at'  => $now,
			),
			array( '%d', '%d', '%s', '%s', '%d', '%s', '%s' )
		);
		return (int) $wpdb->insert_id;
	}

	/**
	 * @return array<string,mixed>|null
	 */
	public function delivery( int $id ): ?array {
		global $wpdb;
		$row = $wpdb->get_row( $wpdb->prepare( 'SELECT * FROM %i WHERE id = %d', Schema::table( 'webhook_deliveries' ), $id ), ARRAY_A );
		return is_array( $row ) ? self::typed_delivery( $row ) : null;
	}

	/**
	 * The deliveries whose time has come (pending, or failed with a retry scheduled) of active
	 * webhooks (one switched off keeps its queue until it is on again), oldest first, read on the
	 * status_next index.
	 *
	 * @return array<int,array<string,mixed>>
	 */
	public function due( string $now, int $limit ): array {
		global $wpdb;
		$rows = (array) $wpdb->get_results(
			$wpdb->prepare(
				"SELECT * FROM %i WHERE status IN ('pending','failed') AND next_at <= %s AND webhook_id IN ( SELECT id FROM %i WHERE active = 1 ) ORDER BY next_at, id LIMIT %d",
				Schema::table( 'webhook_deliveries' ),
				$now,
				Schema::table( 'webhooks' ),
				$limit
			),
			ARRAY_A
		);
		return array_map( array( self::class, 'typed_delivery' ), $rows );
	}

	/**
	 * Records an attempt's outcome.
	 *
	 * @param array{status:string,attempts:int,next_at:?string,code:int,error:string,duration_ms:int,delivered_at:?string} $outcome The delivery's new state.
	 */
	public function record( int $id, array $outcome, string $now ): void {
		global $wpdb;
		$wpdb->update(
			Schema::table( 'webhook_deliveries' ),
			array(
				'status'       => $outcome['status'],
				'attempts'     => $outcome['attempts'],
				'next_at'      => $outcome['next_at'],
				'last_code'    => $outcome['code'],
				'last_error'   => mb_substr( $outcome['error'], 0, 255 ),
				'duration_ms'  => $outcome['duration_ms'],
				'attempted_at' => $now,
				'delivered_at' => $outcome['delivered_at'],
			),
			array( 'id' => $id )
		);
	}

	/**
	 * Notes on the pending deliveries why they wait (the feature is locked); they stay queued.
	 */
	public function note_pending( string $why ): void {
		global $wpdb;
		$wpdb->query(
			$wpdb->prepare(
				"UPDATE %i SET last_error = %s WHERE status IN ('pending','failed') AND next_at IS NOT NULL AND last_error <> %s",
				Schema::table( 'webhook_deliveries' ),
				mb_substr( $why, 0, 255 ),
				mb_substr( $why, 0, 255 )
			)
		);
	}

	/**
	 * A webhook's latest deliveries, newest first (webhook_log index).
	 *
	 * @return array<int,array<string,mixed>>
	 */
	public function log( int $webhook_id, int $limit ): array {
		global $wpdb;
		$rows = (array) $wpdb->get_results(
			$wpdb->prepare( 'SELECT * FROM %i WHERE webhook_id = %d ORDER BY id DESC LIMIT %d', Schema::table( 'webhook_deliveries' ), $webhook_id, $limit ),
			ARRAY_A
		);
		return array_map( array( self::class, 'typed_delivery' ), $rows );
	}

	/**
	 * Each webhook's latest delivery with an attempt (for the list).
	 *
	 * @param int[] $webhook_ids Webhooks.
	 * @return array<int,array<string,mixed>> Webhook id => delivery.
	 */
	public function latest( array $webhook_ids ): array {
		$latest = array();
		foreach ( $webhook_ids as $id ) {
			$row = $this->log( (int) $id, 1 );
			if ( $row ) {
				$latest[ (int) $id ] = $row[0];
			}
		}
		return $latest;
	}

	/**
	 * Keeps the log bounded: no delivery older than $before, and at most $keep per webhook.
	 */
	public function prune( string $before, int $keep ): void {
		global $wpdb;
		$table = Schema::table( 'webhook_deliveries' );
		$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE created_at < %s', $table, $before ) );
		foreach ( (array) $wpdb->get_col( $wpdb->prepare( 'SELECT id FROM %i', Schema::table( 'webhooks' ) ) ) as $webhook_id ) {
			$edge = $wpdb->get_var( $wpdb->prepare( 'SELECT id FROM %i WHERE webhook_id = %d ORDER BY id DESC LIMIT 1 OFFSET %d', $table, (int) $webhook_id, $keep - 1 ) );
			if ( null !== $edge ) {
				$wpdb->query( $wpdb->prepare( 'DELETE FROM %i WHERE webhook_id = %d AND id < %d', $table, (int) $webhook_id, (int) $edge ) );
			}
		}
	}

	/**
	 * @param int[] $response_ids Responses.
	 * @return array<int,int> Response id => survey id.
	 */
	public function survey_ids( array $response_ids ): array {
		global $wpdb;
		$ids = array_values( array_filter( array_map( 'intval', $response_ids ) ) );
		if ( ! $ids ) {
			return array();
		}
		$rows = (array) $wpdb->get_results(
			$wpdb->prepare( 'SELECT id, survey_id FROM %i WHERE id IN (' . implode( ', ', array_fill( 0, count( $ids ), '%d' ) ) . ')', ...array_merge( array( Schema::table( 'responses' ) ), $ids ) ),
			ARRAY_A
		);
		$map  = array();
		foreach ( $rows as $row ) {
			$map[ (int) $row['id'] ] = (int) $row['survey_id'];
		}
		return $map;
	}


	/**
	 * @param array<string,mixed> $row A webhooks row.
	 * @return array<string,mixed>
	 */
	private static function typed( array $row ): array {
		$row['id']        = (int) $row['id'];
		$row['survey_id'] = (int) $row['survey_id'];
		$row['active']    = (bool) (int) $row['active'];
		return $row;
	}

	/**
	 * @param array<string,mixed> $row A webhook_deliveries row.
	 * @return array<string,mixed>
	 */
	private static function typed_delivery( array $row ): array {
		foreach ( array( 'id', 'webhook_id', 'response_id', 'attempts', 'last_code', 'duration_ms' ) as $key ) {
			$row[ $key ] = (int) $row[ $key ];
		}
		return $row;
	}
}
