<?php
/**
 * The one way the admin routes search text in SQL: "contains, literally, letters in any case", read
 * the same on MySQL/MariaDB and on SQLite.
 *
 * Not LIKE: its wildcards need escaping, and the SQLite integration rewrites any \% or \_ it finds in
 * a LIKE pattern (MySQL's default escape) into its own escape and appends an ESCAPE clause, so a
 * search that ends in a backslash (…\ followed by the pattern's closing %) either matched the wrong
 * rows or, with an ESCAPE clause of our own, became two ESCAPE clauses and a driver error. INSTR()
 * has no wildcards and no escape character: %, _, ! and \ are plain characters on both engines, and
 * it compares with the column's collation on MySQL (case- and accent-insensitive like LIKE was);
 * LOWER() on both sides gives SQLite the same ASCII case-insensitivity its LIKE had.
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Database;

defined( 'ABSPATH' ) || exit;

final class TextSearch {

	/**
	 * A condition with one %s placeholder (the search, as typed): true when $haystack contains it.
	 *
	 * @param string $haystack An SQL expression written in code (a column, or a function of one);
	 *                         never user input.
	 */
	public static function contains( string $haystack ): string {
		return "INSTR(LOWER($haystack), LOWER(%s)) > 0";
	}
}
