/**
 * The results list's URL query (range, sort, page) as last shown, so that Go Back on a
 * post's ratings returns to the same view. UI state only, hence zustand.
 */
import { create } from 'zustand';

interface ListSearchState {
	/** '?from=…&orderby=…' or ''. */
	search: string;
	remember: ( search: string ) => void;
}

export const useListSearch = create< ListSearchState >()( ( set ) => ( {
	search: '',
	remember: ( search ) => set( { search } ),
} ) );

/**
 * The list's query to go back to, showing the range the user now looks at: another
 * range starts again at the first page.
 *
 * @param search     The list's last query.
 * @param range      The range shown on the post's screen.
 * @param range.from First day.
 * @param range.to   Last day.
 */
export function backSearch(
	search: string,
	range: { from: string; to: string }
): string {
	const params = new URLSearchParams( search );
	if (
		params.get( 'from' ) !== range.from ||
		params.get( 'to' ) !== range.to
	) {
		params.delete( 'paged' );
	}
	params.set( 'from', range.from );
	params.set( 'to', range.to );
	return `?${ params.toString() }`;
}
