/**
 * What a save would strip from the draft, read from the server's feature table in the
 * boot config (config.feature_policy, from Surveys\FeaturePolicy). The tests are data;
 * this file only evaluates them, with the same three rules as FeatureUse.php:
 *
 * - path: dot path into the survey; `questions.*` walks the questions that are not
 *   archived.
 * - in: the value is one of these; not: the value differs from this default (lists of
 *   scalars as sets; for an object, only the keys the default names); all: every one of
 *   these tests holds.
 * - a missing path uses nothing.
 */
import type {
	FeaturePolicyRow,
	FeatureUseTest,
	Survey,
} from '../../shared/types';

type Json = unknown;

function isObject( value: Json ): value is Record< string, Json > {
	return (
		typeof value === 'object' && value !== null && ! Array.isArray( value )
	);
}

function same( value: Json, expected: Json ): boolean {
	if ( Array.isArray( expected ) ) {
		if ( ! Array.isArray( value ) || value.length !== expected.length ) {
			return false;
		}
		return value.every( ( item ) =>
			expected.some( ( wanted ) => same( item, wanted ) )
		);
	}
	if ( isObject( expected ) ) {
		return (
			isObject( value ) &&
			Object.entries( expected ).every(
				( [ key, wanted ] ) =>
					key in value && same( value[ key ], wanted )
			)
		);
	}
	return value === expected;
}

function values( node: Json, path: string[], top = true ): Json[] {
	if ( path.length === 0 ) {
		return [ node ];
	}
	if ( ! isObject( node ) && ! Array.isArray( node ) ) {
		return [];
	}
	const [ key, ...rest ] = path;
	if ( key === '*' ) {
		return Array.isArray( node )
			? node.flatMap( ( item ) => values( item, rest, false ) )
			: [];
	}
	if ( Array.isArray( node ) || ! ( key in node ) ) {
		return [];
	}
	let child = node[ key ];
	if ( top && key === 'questions' && Array.isArray( child ) ) {
		child = child.filter(
			( question ) =>
				! ( isObject( question ) && question.archived === true )
		);
	}
	return values( child, rest, false );
}

function holds( survey: Survey, test: FeatureUseTest ): boolean {
	if ( 'all' in test ) {
		return test.all.every( ( part ) => holds( survey, part ) );
	}
	return values( survey, test.path.split( '.' ) ).some( ( value ) =>
		'in' in test
			? test.in.some( ( item ) => item === value )
			: ! same( value, test.not )
	);
}

/**
 * @param survey The survey.
 * @param row    A row of the feature table.
 */
export function usesFeature( survey: Survey, row: FeaturePolicyRow ): boolean {
	return row.uses.some( ( test ) => holds( survey, test ) );
}

/**
 * The rows of what the site may not use that the survey uses: what a save strips.
 *
 * @param survey The draft.
 * @param table  config.feature_policy (none: nothing is known to be stripped).
 */
export function featuresToStrip(
	survey: Survey,
	table: FeaturePolicyRow[] | undefined
): FeaturePolicyRow[] {
	return ( table ?? [] ).filter(
		( row ) => ! row.available && usesFeature( survey, row )
	);
}
