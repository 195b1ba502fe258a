/**
 * Checks of a table's definition (spec 1, section 5): a mistake in a screen's
 * columns or filters fails at once with a message naming the bad entry, rather than
 * showing a table that cannot sort or a filter link that does nothing.
 */
import type { Column, QuickFilter } from './types';

/** A table defined wrongly by a developer; never caused by data or by the user. */
export class TableDefinitionError extends Error {
	constructor( table: string, message: string ) {
		super( `UserFeedback table "${ table }": ${ message }` );
		this.name = 'TableDefinitionError';
	}
}

/** URL parameters the view itself uses; a filter attribute may not take one. */
export const RESERVED_PARAMS = [
	'paged',
	'per_page',
	'orderby',
	'order',
	's',
] as const;

function describe( index: number, title?: string ): string {
	return title
		? `column ${ index + 1 } ("${ title }")`
		: `column ${ index + 1 }`;
}

export function validateColumns< T >(
	table: string,
	columns: Column< T >[]
): void {
	if ( columns.length === 0 ) {
		throw new TableDefinitionError( table, 'it has no columns.' );
	}
	const keys = new Set< string >();
	let rowTitles = 0;
	columns.forEach( ( column, index ) => {
		const name = describe( index, column.title );
		if ( typeof column.title !== 'string' || column.title.trim() === '' ) {
			throw new TableDefinitionError(
				table,
				`${ name } has no title; every column needs one.`
			);
		}
		if ( column.sortable && ! column.key ) {
			throw new TableDefinitionError(
				table,
				`${ name } is sortable but has no key to sort by.`
			);
		}
		if ( column.isRowTitle && ! column.key ) {
			throw new TableDefinitionError(
				table,
				`${ name } is the row title but has no key to read the title from.`
			);
		}
		if ( column.key ) {
			if ( keys.has( column.key ) ) {
				throw new TableDefinitionError(
					table,
					`${ name } repeats the key "${ column.key }".`
				);
			}
			keys.add( column.key );
		}
		if ( column.isRowTitle ) {
			rowTitles++;
		}
	} );
	if ( rowTitles > 1 ) {
		throw new TableDefinitionError(
			table,
			`${ rowTitles } columns are marked as the row title; at most one may be.`
		);
	}
}

export function validateQuickFilters(
	table: string,
	filters: QuickFilter[]
): void {
	filters.forEach( ( filter, index ) => {
		const name = filter.label
			? `quick filter ${ index + 1 } ("${ filter.label }")`
			: `quick filter ${ index + 1 }`;
		if ( ! filter.attribute ) {
			throw new TableDefinitionError(
				table,
				`${ name } has no attribute (the view filter it sets).`
			);
		}
		if (
			filter.value === undefined ||
			filter.value === null ||
			filter.value === ''
		) {
			throw new TableDefinitionError(
				table,
				`${ name } has no value for "${ filter.attribute }".`
			);
		}
		if (
			( RESERVED_PARAMS as readonly string[] ).includes(
				filter.attribute
			)
		) {
			throw new TableDefinitionError(
				table,
				`${ name } uses the attribute "${ filter.attribute }", which the view keeps for itself.`
			);
		}
	} );
}
