/**
 * The responses list's view: which responses it shows (status, conditions, search) and how
 * (page, perPage, sort). It lives in the hash route's query as one JSON parameter,
 * `#/survey/7/responses?view={"status":"trash","conditions":[…]}`, written with only what
 * differs from the default view, so reload, back/forward and a shared link restore the
 * same list, and the plain list keeps the plain URL. The server checks the conditions
 * (a condition it refuses answers 400 with its message); this file checks only the shape.
 */
import { useCallback, useMemo } from 'react';
import { useSearchParams } from 'react-router-dom';

import type { SortDirection } from '../../shared/components/table/types';
import { MAX_PER_PAGE } from '../../shared/components/table/view';
import { RESPONSE_FILTERS, type ResponseFilter } from './api';

export type ConditionValue = string | number | string[];

/** One condition of filter[conditions], as the route takes it. */
export interface Condition {
	field: string;
	operator: string;
	value: ConditionValue;
}

export interface ResponsesView {
	status: ResponseFilter;
	/** Combined with AND; the search box is not one of them (see `search`). */
	conditions: Condition[];
	/** 1-based. */
	page: number;
	perPage: number;
	sort: { field: string; direction: SortDirection };
	/** The search box: the `text:any` contains condition sent to the route. */
	search: string;
}

/** The condition the search box stands for. */
export const SEARCH_FIELD = 'text:any';

/** Newest first (the route's default order), 10 per page, the completed responses. */
export const DEFAULT_RESPONSES_VIEW: ResponsesView = {
	status: 'all',
	conditions: [],
	page: 1,
	perPage: 10,
	sort: { field: 'submitted_at', direction: 'desc' },
	search: '',
};

/** The columns the route sorts by. */
export const SORT_FIELDS: readonly string[] = [ 'id', 'submitted_at' ];

const VIEW_PARAM = 'view';

function isRecord( value: unknown ): value is Record< string, unknown > {
	return (
		typeof value === 'object' && value !== null && ! Array.isArray( value )
	);
}

function isConditionValue( value: unknown ): value is ConditionValue {
	return (
		typeof value === 'string' ||
		( typeof value === 'number' && Number.isFinite( value ) ) ||
		( Array.isArray( value ) &&
			value.every( ( item ) => typeof item === 'string' ) )
	);
}

function isCondition( value: unknown ): value is Condition {
	return (
		isRecord( value ) &&
		typeof value.field === 'string' &&
		value.field !== '' &&
		value.field !== SEARCH_FIELD &&
		typeof value.operator === 'string' &&
		value.operator !== '' &&
		isConditionValue( value.value )
	);
}

function isPositiveInt( value: unknown ): value is number {
	return typeof value === 'number' && Number.isInteger( value ) && value >= 1;
}

export interface ParsedView {
	view: ResponsesView;
	/** The URL held a view this screen cannot read: the default view is shown instead. */
	invalid: boolean;
}

/**
 * The view a `view` parameter holds. Missing keys take the default; a value of the
 * wrong shape (or text that is not JSON) makes the whole view the default one, flagged
 * invalid, rather than a half-applied view.
 *
 * @param raw      The parameter's text, or null.
 * @param statuses The statuses this user may list (Lite: 'all' only).
 */
export function parseView(
	raw: string | null,
	statuses: readonly ResponseFilter[] = RESPONSE_FILTERS
): ParsedView {
	const fallback = { view: DEFAULT_RESPONSES_VIEW, invalid: true };
	if ( raw === null || raw === '' ) {
		return { view: DEFAULT_RESPONSES_VIEW, invalid: false };
	}
	let data: unknown;
	try {
		data = JSON.parse( raw );
	} catch {
		return fallback;
	}
	if ( ! isRecord( data ) ) {
		return fallback;
	}
	const view: ResponsesView = { ...DEFAULT_RESPONSES_VIEW };
	if ( data.status !== undefined ) {
		if ( ! RESPONSE_FILTERS.includes( data.status as ResponseFilter ) ) {
			return fallback;
		}
		// A status the tier does not list (a Pro link opened on Lite) shows the default list.
		view.status = statuses.includes( data.status as ResponseFilter )
			? ( data.status as ResponseFilter )
			: DEFAULT_RESPONSES_VIEW.status;
	}
	if ( data.conditions !== undefined ) {
		if (
			! Array.isArray( data.conditions ) ||
			! data.conditions.every( isCondition )
		) {
			return fallback;
		}
		view.conditions = data.conditions.map(
			( { field, operator, value } ) => ( {
				field,
				operator,
				value,
			} )
		);
	}
	if ( data.page !== undefined ) {
		if ( ! isPositiveInt( data.page ) ) {
			return fallback;
		}
		view.page = data.page;
	}
	if ( data.perPage !== undefined ) {
		if ( ! isPositiveInt( data.perPage ) ) {
			return fallback;
		}
		view.perPage = Math.min( data.perPage, MAX_PER_PAGE );
	}
	if ( data.sort !== undefined ) {
		const sort = data.sort;
		if (
			! isRecord( sort ) ||
			typeof sort.field !== 'string' ||
			! SORT_FIELDS.includes( sort.field ) ||
			( sort.direction !== 'asc' && sort.direction !== 'desc' )
		) {
			return fallback;
		}
		view.sort = { field: sort.field, direction: sort.direction };
	}
	if ( data.search !== undefined ) {
		if ( typeof data.search !== 'string' ) {
			return fallback;
		}
		view.search = data.search.trim();
	}
	return { view, invalid: false };
}

/**
 * The `view` parameter's text for a view: only what differs from the default view;
 * '' for the default view itself.
 *
 * @param view The view.
 */
export function serializeView( view: ResponsesView ): string {
	const out: Partial< ResponsesView > = {};
	const defaults = DEFAULT_RESPONSES_VIEW;
	if ( view.status !== defaults.status ) {
		out.status = view.status;
	}
	if ( view.conditions.length ) {
		out.conditions = view.conditions;
	}
	if ( view.page !== defaults.page ) {
		out.page = view.page;
	}
	if ( view.perPage !== defaults.perPage ) {
		out.perPage = view.perPage;
	}
	if (
		view.sort.field !== defaults.sort.field ||
		view.sort.direction !== defaults.sort.direction
	) {
		out.sort = view.sort;
	}
	if ( view.search ) {
		out.search = view.search;
	}
	return Object.keys( out ).length ? JSON.stringify( out ) : '';
}

/** Whether the view narrows the list beyond its status. */
export function isFiltered( view: ResponsesView ): boolean {
	return view.conditions.length > 0 || view.search !== '';
}

/**
 * Every condition the route is to apply: the view's, then the search box's.
 *
 * @param view The view.
 */
export function allConditions( view: ResponsesView ): Condition[] {
	return view.search
		? [
				...view.conditions,
				{
					field: SEARCH_FIELD,
					operator: 'contains',
					value: view.search,
				},
			]
		: view.conditions;
}

/**
 * The filter parameters of the list route and of the exports: filter[status], and
 * filter[conditions] as JSON text when there are conditions.
 *
 * @param view The view.
 */
export function filterQuery( view: ResponsesView ): Record< string, string > {
	const query: Record< string, string > = { 'filter[status]': view.status };
	const conditions = allConditions( view );
	if ( conditions.length ) {
		query[ 'filter[conditions]' ] = JSON.stringify( conditions );
	}
	return query;
}

/**
 * The filters an export takes: filterQuery() without the default status, so the export
 * of the plain list keeps its plain URL.
 *
 * @param view The view.
 */
export function exportFilterQuery(
	view: ResponsesView
): Record< string, string > {
	const query = filterQuery( view );
	if ( view.status === DEFAULT_RESPONSES_VIEW.status ) {
		delete query[ 'filter[status]' ];
	}
	return query;
}

/**
 * GET surveys/{id}/responses query of a view.
 *
 * @param view The view.
 */
export function viewToRestQuery(
	view: ResponsesView
): Record< string, string | number > {
	return {
		page: view.page,
		per_page: view.perPage,
		orderby: view.sort.field,
		order: view.sort.direction,
		...filterQuery( view ),
	};
}

/**
 * The list's view, read from and written to the route's query. Changing it pushes a
 * history entry, so back and forward step through views. An older link's `?status=trash`
 * (before the view parameter) is still read.
 *
 * @param statuses The statuses this user may list.
 */
export function useResponsesView(
	statuses: readonly ResponseFilter[]
): [ ParsedView, ( next: ResponsesView ) => void ] {
	const [ params, setParams ] = useSearchParams();
	const raw = params.get( VIEW_PARAM );
	const legacyStatus = params.get( 'status' );
	const statusesKey = statuses.join( ',' );

	const parsed = useMemo( () => {
		const allowed = statusesKey.split( ',' ) as ResponseFilter[];
		if ( raw === null && legacyStatus !== null ) {
			return parseView(
				JSON.stringify( { status: legacyStatus } ),
				allowed
			);
		}
		return parseView( raw, allowed );
	}, [ raw, legacyStatus, statusesKey ] );

	const setView = useCallback(
		( next: ResponsesView ) => {
			setParams( ( current ) => {
				const out = new URLSearchParams( current );
				out.delete( 'status' );
				const text = serializeView( next );
				if ( text ) {
					out.set( VIEW_PARAM, text );
				} else {
					out.delete( VIEW_PARAM );
				}
				return out;
			} );
		},
		[ setParams ]
	);

	return [ parsed, setView ];
}
