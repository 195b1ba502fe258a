import type { ReactNode } from 'react';

export type SortDirection = 'asc' | 'desc';

/**
 * Everything that decides which rows a list screen shows. It lives in the URL (see
 * useUrlView), maps to the REST query (viewToQuery) and keys the react-query cache,
 * so each view is cached on its own and back/forward and reload keep it.
 */
export interface View {
	/** 1-based. */
	page: number;
	perPage: number;
	/** field is a column key and the REST `orderby`. */
	sort: { field: string; direction: SortDirection };
	/** Quick filter values by attribute, e.g. { status: 'trash' } (REST `filter[status]`). */
	filters: Record< string, string >;
	search: string;
}

export type ItemId = string | number;

export interface Column< T > {
	/** Header text. Required. */
	title: string;
	/**
	 * The item's field: the REST `orderby` when sortable, the text of the row title,
	 * and what is shown when there is no render(). Required if sortable or row title.
	 */
	key?: string;
	sortable?: boolean;
	/**
	 * The direction of the first click on this column's header (the next click
	 * reverses it). Text sorts A→Z first, as in WordPress's tables; give 'desc' to
	 * numbers and dates, whose first click shows the most or the newest first.
	 */
	firstSort?: SortDirection;
	/**
	 * The row's title column (WordPress's "primary" column): it carries the row
	 * actions, and its field's text names the row's checkbox and actions for
	 * screen readers. At most one column.
	 */
	isRowTitle?: boolean;
	/** Cell content; defaults to the item's `key` field as text. */
	render?: ( item: T ) => ReactNode;
	/** Extra class on the header and the cells, e.g. for a width. */
	className?: string;
}

/** A link above the table that sets one filter: "Published (1)". */
export interface QuickFilter {
	/** The view filter it sets, e.g. 'status'. Required. */
	attribute: string;
	/** Its value, e.g. 'publish'. Required. */
	value: string;
	label: string;
	count?: number;
}

export interface BulkAction {
	/** Option value, e.g. 'trash'. */
	id: string;
	label: string;
	/**
	 * Runs the action on the selected ids. The table clears the selection when it
	 * settles, unless it returns (or resolves to) false, e.g. a cancelled confirmation.
	 */
	onApply: ( ids: ItemId[] ) => unknown;
}

/**
 * A link under the row title, shown on hover or focus like WordPress's row actions
 * (always shown at 782 px and below, where there may be no hover).
 * Give one of `to` (an app route), `href` (any URL) or `onClick` (a button).
 */
export interface RowAction {
	id: string;
	label: string;
	to?: string;
	href?: string;
	onClick?: () => void;
	isDestructive?: boolean;
}

export interface PaginationInfo {
	totalItems: number;
	totalPages: number;
}

/**
 * The loading and error state of the table's data. A react-query result fits as is:
 * `query={ surveysQuery }`.
 */
export interface TableQueryState {
	/** No data yet: the table shows a spinner row. */
	isPending: boolean;
	/** Refetching with data on screen: the table is marked busy. */
	isFetching?: boolean;
	/** A failed load: the table shows it with a retry. */
	error?: unknown;
	refetch?: () => unknown;
}
