<?php
/**
 * Whether a survey uses a feature, from the declarative tests of FeaturePolicy's table. The tests are
 * data (a path and a value), so that the builder evaluates the very same table from its boot config
 * (admin-app/src/surveys/builder/featureUse.ts follows the same three rules) instead of a copy of the
 * rules in TypeScript:
 *
 * - path: dot path into the survey; `questions.*` walks the live questions (archived ones are not
 *   shown to anyone, so they use nothing).
 * - in: the value at the path is one of these.
 * - not: the value at the path differs from this default. Lists of scalars are compared as sets (a
 *   device list in another order is the same list); for an object, only the keys the default names
 *   are compared (a stored object may carry keys a later version added).
 *
 * - all: a list of tests that must all hold (a middle position counts only with the survey's own look).
 *
 * A path that is missing from the survey uses nothing (the survey holds the default there).
 *
 * @package UserFeedback
 */

declare( strict_types=1 );

namespace UserFeedback\Surveys;

defined( 'ABSPATH' ) || exit;

final class FeatureUse {

	/**
	 * @param array<string,mixed>            $survey Survey (stored or sent).
	 * @param array<int,array<string,mixed>> $tests  The feature's tests; it is used when any holds.
	 */
	public static function uses( array $survey, array $tests ): bool {
		foreach ( $tests as $test ) {
			if ( self::test( $survey, $test ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * @param array<string,mixed> $survey Survey.
	 * @param array<string,mixed> $test   One test.
	 */
	private static function test( array $survey, array $test ): bool {
		if ( isset( $test['all'] ) ) {
			foreach ( (array) $test['all'] as $part ) {
				if ( ! self::test( $survey, $part ) ) {
					return false;
				}
			}
			return true;
		}
		foreach ( self::values( $survey, explode( '.', (string) $test['path'] ) ) as $value ) {
			if ( self::holds( $test, $value ) ) {
				return true;
			}
		}
		return false;
	}

	/**
	 * @param array<string,mixed> $test  One test.
	 * @param mixed               $value A value found at its path.
	 */
	private static function holds( array $test, $value ): bool {
		if ( array_key_exists( 'in', $test ) ) {
			return in_array( $value, (array) $test['in'], true );
		}
		return ! self::same( $value, $test['not'] );
	}

	/**
	 * @param mixed $value    Value.
	 * @param mixed $expected Default.
	 */
	private static function same( $value, $expected ): bool {
		if ( ! is_array( $expected ) ) {
			return $value === $expected;
		}
		if ( ! is_array( $value ) ) {
			return false;
		}
		if ( array_is_list( $expected ) && array_is_list( $value ) ) {
			if ( count( $value ) !== count( $expected ) ) {
				return false;
			}
			foreach ( $value as $item ) {
				if ( ! in_array( $item, $expected, true ) ) {
					return false;
				}
			}
			return true;
		}
		foreach ( $expected as $key => $default ) {
			if ( ! array_key_exists( $key, $value ) || ! self::same( $value[ $key ], $default ) ) {
				return false;
			}
		}
		return true;
	}

	/**
	 * Every value at a path; `*` fans out over a list (live questions for `questions`).
	 *
	 * @param mixed    $node Where the walk is.
	 * @param string[] $path What is left of the path.
	 * @return array<int,mixed>
	 */
	private static function values( $node, array $path ): array {
		if ( array() === $path ) {
			return array( $node );
		}
		if ( ! is_array( $node ) ) {
			return array();
		}
		$key  = array_shift( $path );
		$rest = $path;
		if ( '*' === $key ) {
			$found = array();
			foreach ( array_values( $node ) as $item ) {
				array_push( $found, ...self::values( $item, $rest ) );
			}
			return $found;
		}
		if ( ! array_key_exists( $key, $node ) ) {
			return array();
		}
		$child = $node[ $key ];
		if ( 'questions' === $key && is_array( $child ) ) {
			$child = QuestionArchive::live( $child );
		}
		return self::values( $child, $rest );
	}
}
