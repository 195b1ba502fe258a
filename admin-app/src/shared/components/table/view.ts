/**
 * A list screen's view in the URL query of the hash route, WordPress list-table style:
 * #/?paged=2&orderby=title&order=asc&status=trash&s=feedback. Only what differs from the
 * screen's defaults is written, so the plain list keeps the plain URL.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

import type { SortDirection, View } from './types';
import { RESERVED_PARAMS, TableDefinitionError } from './validate';

/** Spec 1, section 9: page 1, 10 per page, newest first, quick filter "all". */
export const DEFAULT_VIEW: View = {
	page: 1,
	perPage: 10,
	sort: { field: 'id', direction: 'desc' },
	filters: {},
	search: '',
};

/** The most rows one page may ask for, whatever the URL says. */
export const MAX_PER_PAGE = 100;

export interface UrlViewOptions {
	/** Sort fields the route accepts; another orderby in the URL falls back to the default. */
	sortFields?: readonly string[];
	/** Values each filter accepts; another value in the URL falls back to the default. */
	filterValues?: Record< string, readonly string[] >;
}

function positiveInt( raw: string | null, fallback: number, max = Infinity ) {
	if ( raw === null || ! /^\d+$/.test( raw ) ) {
		return fallback;
	}
	const value = Number( raw );
	return value >= 1 ? Math.min( value, max ) : fallback;
}

/**
 * The view a URL query describes. Filters are read for the attributes the defaults
 * name; anything missing or invalid takes the default.
 *
 * @param params   The URL query.
 * @param defaults The screen's default view.
 * @param options  What the route accepts.
 */
export function viewFromSearch(
	params: URLSearchParams,
	defaults: View,
	options: UrlViewOptions = {}
): View {
	const orderby = params.get( 'orderby' );
	const order = params.get( 'order' );
	const filters: Record< string, string > = {};
	for ( const [ attribute, fallback ] of Object.entries(
		defaults.filters
	) ) {
		const value = params.get( attribute );
		const allowed = options.filterValues?.[ attribute ];
		filters[ attribute ] =
			value && ( ! allowed || allowed.includes( value ) )
				? value
				: fallback;
	}
	return {
		page: positiveInt( params.get( 'paged' ), defaults.page ),
		perPage: positiveInt(
			params.get( 'per_page' ),
			defaults.perPage,
			MAX_PER_PAGE
		),
		sort: {
			field:
				orderby &&
				( ! options.sortFields ||
					options.sortFields.includes( orderby ) )
					? orderby
					: defaults.sort.field,
			direction:
				order === 'asc' || order === 'desc'
					? ( order as SortDirection )
					: defaults.sort.direction,
		},
		filters,
		search: params.get( 's' ) ?? defaults.search,
	};
}

/**
 * The URL query for a view: the values that differ from the defaults, plus any
 * parameter of `keep` that is not the view's.
 *
 * @param view     The view.
 * @param defaults The screen's default view.
 * @param keep     The current query, whose other parameters are kept.
 */
export function searchFromView(
	view: View,
	defaults: View,
	keep?: URLSearchParams
): URLSearchParams {
	const own = new Set< string >( [
		...RESERVED_PARAMS,
		...Object.keys( defaults.filters ),
	] );
	const params = new URLSearchParams();
	keep?.forEach( ( value, key ) => {
		if ( ! own.has( key ) ) {
			params.append( key, value );
		}
	} );
	for ( const attribute of Object.keys( defaults.filters ) ) {
		const value = view.filters[ attribute ];
		if ( value && value !== defaults.filters[ attribute ] ) {
			params.set( attribute, value );
		}
	}
	if ( view.search && view.search !== defaults.search ) {
		params.set( 's', view.search );
	}
	if ( view.sort.field !== defaults.sort.field ) {
		params.set( 'orderby', view.sort.field );
	}
	if (
		view.sort.direction !== defaults.sort.direction ||
		view.sort.field !== defaults.sort.field
	) {
		params.set( 'order', view.sort.direction );
	}
	if ( view.perPage !== defaults.perPage ) {
		params.set( 'per_page', String( view.perPage ) );
	}
	if ( view.page !== defaults.page ) {
		params.set( 'paged', String( view.page ) );
	}
	return params;
}

/**
 * The REST query of a view, in the shape our list routes take:
 * page, per_page, orderby, order, search and filter[attribute].
 *
 * @param view The view.
 */
export function viewToQuery( view: View ): Record< string, string | number > {
	const query: Record< string, string | number > = {
		page: view.page,
		per_page: view.perPage,
		orderby: view.sort.field,
		order: view.sort.direction,
	};
	if ( view.search ) {
		query.search = view.search;
	}
	for ( const [ attribute, value ] of Object.entries( view.filters ) ) {
		query[ `filter[${ attribute }]` ] = value;
	}
	return query;
}

/**
 * The screen's view, read from and written to the URL query of the current route.
 * Changing it pushes a history entry, so back and forward step through views.
 *
 * @param defaults The screen's default view; its filters name the filter attributes.
 * @param options  What the route accepts.
 * @example
 * const [ view, setView ] = useUrlView( SURVEYS_VIEW, { sortFields: [ 'id', 'title' ] } );
 * const list = useQuery( { queryKey: queryKeys.surveys.list( view ), ... } );
 */
export function useUrlView(
	defaults: View,
	options: UrlViewOptions = {}
): [ View, ( next: View ) => void ] {
	const [ params, setParams ] = useSearchParams();
	const search = params.toString();
	// Callers pass literals; compare them by value so the view keeps its identity.
	const defaultsKey = JSON.stringify( defaults );
	const optionsKey = JSON.stringify( options );

	for ( const attribute of Object.keys( defaults.filters ) ) {
		if ( ( RESERVED_PARAMS as readonly string[] ).includes( attribute ) ) {
			throw new TableDefinitionError(
				'view',
				`the filter "${ attribute }" uses a URL parameter the view keeps for itself.`
			);
		}
	}

	const view = useMemo(
		() =>
			viewFromSearch(
				new URLSearchParams( search ),
				JSON.parse( defaultsKey ),
				JSON.parse( optionsKey )
			),
		[ search, defaultsKey, optionsKey ]
	);

	const setView = useCallback(
		( next: View ) => {
			setParams( ( current ) =>
				searchFromView( next, JSON.parse( defaultsKey ), current )
			);
		},
		[ setParams, defaultsKey ]
	);

	return [ view, setView ];
}
