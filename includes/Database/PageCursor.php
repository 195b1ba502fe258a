<?php
/**
 * A keyset cursor of a list ordered newest (or oldest) first: the place of one row, so that a later
 * page can be read from just after it instead of walking every row before it (SQL OFFSET).
 *
 * A list that cannot be counted cheaply (a broad filter of the responses list past its count cap, a
 * text search of the results) is paged by "next": each page answers `next_cursor`, the cursor of its
 * last row, and the admin sends it back (`cursor`) with the request of a later page. The cursor names
 * the row's rank in the list (0-based), its submitted_at and its id: `<rank>-<YmdHis>-<id>`. It is a
 * speed hint, never trusted for access: the query that uses it keeps all of the list's conditions, so a
 * cursor of another list, or one made by hand, only gives a wrong page of the same list, never a row
 * of another survey. A page after it is then OFFSET (offset - rank - 1) past the row, not OFFSET offset.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Database;

defined( 'ABSPATH' ) || exit;

final class PageCursor {

	/** The routes' pattern for a cursor (a `cursor` argument). */
	public const PATTERN = '^[0-9]{1,9}-[0-9]{14}-[0-9]{1,20}$';

	/**
	 * @param int    $rank The row's 0-based place in the list.
	 * @param string $at   Its submitted_at, 'Y-m-d H:i:s' (UTC).
	 * @param int    $id   Its id (the list's tie-breaker).
	 */
	private function __construct( public readonly int $rank, public readonly string $at, public readonly int $id ) {}

	/**
	 * The cursor of a row, as the routes answer it.
	 *
	 * @param string $at submitted_at, 'Y-m-d H:i:s'.
	 */
	public static function encode( int $rank, string $at, int $id ): string {
		return sprintf( '%d-%s-%d', max( 0, $rank ), preg_replace( '/\D/', '', substr( $at, 0, 19 ) ), max( 0, $id ) );
	}

	/**
	 * The next_cursor of a page: the cursor of its last row; null for an empty page.
	 *
	 * @param array<int,array<string,mixed>> $rows   The page's rows, in order, each with submitted_at and id.
	 * @param int                            $offset The rank of its first row.
	 */
	public static function of_last( array $rows, int $offset ): ?string {
		if ( array() === $rows ) {
			return null;
		}
		$last = $rows[ count( $rows ) - 1 ];
		return self::encode( $offset + count( $rows ) - 1, (string) $last['submitted_at'], (int) $last['id'] );
	}

	/**
	 * A cursor sent back by the admin; null for '' or anything that is not one.
	 */
	public static function decode( string $cursor ): ?self {
		if ( ! preg_match( '/' . self::PATTERN . '/', $cursor ) ) {
			return null;
		}
		[ $rank, $stamp, $id ] = explode( '-', $cursor );
		$at                    = \DateTimeImmutable::createFromFormat( '!YmdHis', $stamp, new \DateTimeZone( 'UTC' ) );
		if ( false === $at || $at->format( 'YmdHis' ) !== $stamp || (int) $id < 1 ) {
			return null;
		}
		return new self( (int) $rank, $at->format( 'Y-m-d H:i:s' ), (int) $id );
	}

	/**
	 * Whether reading from this cursor is shorter than counting $offset rows from the start (and, where
	 * the list can be read from its other end, $from_end rows from there): it lies before the page.
	 */
	public function serves( int $offset, int $from_end = PHP_INT_MAX ): bool {
		$skip = $offset - $this->rank - 1;
		return $skip >= 0 && $skip < $offset && $skip < $from_end;
	}

	/** The rows to skip after the cursor's row to reach the row at $offset. */
	public function skip( int $offset ): int {
		return max( 0, $offset - $this->rank - 1 );
	}

	/**
	 * The condition "after the cursor's row" in a list ordered by (date column, id column), newest
	 * first ($desc) or oldest first, with its values. Written with a plain range on the date first, so
	 * that both engines seek the index to the cursor's date and walk on from there.
	 *
	 * @param string $at_column The date column (code, never input), e.g. 'r.submitted_at'.
	 * @param string $id_column The id column (code), e.g. 'r.id'.
	 * @return array{0:string,1:array<int,int|string>}
	 */
	public function after_sql( string $at_column, string $id_column, bool $desc ): array {
		return $desc
			? array( "$at_column <= %s AND ($at_column < %s OR $id_column < %d)", array( $this->at, $this->at, $this->id ) )
			: array( "$at_column >= %s AND ($at_column > %s OR $id_column > %d)", array( $this->at, $this->at, $this->id ) );
	}

	/**
	 * The condition "after the cursor's row" in a list ordered by id alone.
	 *
	 * @param string $id_column The id column (code).
	 * @return array{0:string,1:array<int,int|string>}
	 */
	public function after_id_sql( string $id_column, bool $desc ): array {
		return array( $id_column . ( $desc ? ' < %d' : ' > %d' ), array( $this->id ) );
	}
}
