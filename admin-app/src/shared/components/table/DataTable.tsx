import { useEffect, useId, useRef, useState, type ReactNode } from 'react';
import { Spinner } from '@wordpress/components';
import { __, sprintf } from '@wordpress/i18n';

import { QueryError } from '../States';
import { BulkActions } from './BulkActions';
import { Pagination } from './Pagination';
import { QuickFilters } from './QuickFilters';
import { RowActions } from './RowActions';
import { SearchBox } from './SearchBox';
import type {
	BulkAction,
	Column,
	ItemId,
	PaginationInfo,
	QuickFilter,
	RowAction,
	SortDirection,
	TableQueryState,
	View,
} from './types';
import { validateColumns, validateQuickFilters } from './validate';

import './table.scss';

export interface DataTableProps< T > {
	/** The table's accessible name (a hidden caption), e.g. 'Surveys'. */
	label: string;
	columns: Column< T >[];
	/** The current page's rows; undefined before the first load. */
	items: T[] | undefined;
	getItemId: ( item: T ) => ItemId;
	view: View;
	onChangeView: ( view: View ) => void;
	paginationInfo: PaginationInfo;
	/** Loading and error state; a react-query result fits as is. */
	query?: TableQueryState;
	quickFilters?: QuickFilter[];
	/** Row checkboxes and the bulk-action dropdown appear only with bulk actions. */
	bulkActions?: BulkAction[];
	rowActions?: ( item: T ) => RowAction[];
	/** Shows a search box labelled with this text, e.g. 'Search Surveys'. */
	searchLabel?: string;
	/** Shown in the table when the view has no rows; defaults to 'No items found.' */
	empty?: ReactNode;
}

function fieldText< T >( item: T, key: string | undefined ): string {
	if ( ! key ) {
		return '';
	}
	const value = ( item as Record< string, unknown > )[ key ];
	return value === undefined || value === null ? '' : String( value );
}

function SelectAll( {
	id,
	checked,
	indeterminate,
	disabled,
	onChange,
}: {
	id: string;
	checked: boolean;
	indeterminate: boolean;
	disabled: boolean;
	onChange: ( checked: boolean ) => void;
} ) {
	const ref = useRef< HTMLInputElement >( null );
	useEffect( () => {
		if ( ref.current ) {
			ref.current.indeterminate = indeterminate;
		}
	}, [ indeterminate ] );
	return (
		<td className="manage-column column-cb check-column">
			<input
				ref={ ref }
				id={ id }
				type="checkbox"
				checked={ checked }
				disabled={ disabled }
				onChange={ ( event ) => onChange( event.target.checked ) }
			/>
			<label htmlFor={ id } className="screen-reader-text">
				{ __( 'Select All', 'userfeedback' ) }
			</label>
		</td>
	);
}

function HeaderCell< T >( {
	column,
	isPrimary,
	view,
	onSort,
}: {
	column: Column< T >;
	isPrimary: boolean;
	view: View;
	onSort: ( field: string ) => void;
} ) {
	const sorted =
		column.sortable && column.key === view.sort.field
			? view.sort.direction
			: null;
	const classes = [
		'manage-column',
		column.key ? `column-${ column.key }` : '',
		isPrimary ? 'column-title-primary column-primary' : '',
		column.sortable ? 'is-sortable' : '',
		sorted ? `is-sorted is-${ sorted }` : '',
		column.className ?? '',
	]
		.filter( Boolean )
		.join( ' ' );
	let ariaSort: 'ascending' | 'descending' | undefined;
	if ( sorted ) {
		ariaSort = sorted === 'asc' ? 'ascending' : 'descending';
	}
	return (
		<th scope="col" className={ classes } aria-sort={ ariaSort }>
			{ column.sortable && column.key ? (
				<button
					type="button"
					className="userfeedback-table__sort"
					onClick={ () => onSort( column.key as string ) }
				>
					<span>{ column.title }</span>
					<span
						className="userfeedback-table__sort-indicator"
						aria-hidden="true"
					/>
				</button>
			) : (
				column.title
			) }
		</th>
	);
}

function StateRow( {
	colSpan,
	className,
	children,
}: {
	colSpan: number;
	className: string;
	children: ReactNode;
} ) {
	return (
		<tr className={ className }>
			<td colSpan={ colSpan }>{ children }</td>
		</tr>
	);
}

/**
 * A WordPress-style list table driven by one `view` (page, perPage, sort, filters,
 * search): quick filters, search, bulk actions, sortable headers, row checkboxes,
 * row actions, and top and bottom pagination. It holds only the row selection; the
 * view is the caller's (usually in the URL through useUrlView).
 *
 * @example
 * const [ view, setView ] = useUrlView( DEFAULTS );
 * const list = useQuery( { queryKey: queryKeys.responses.list( id, view ), queryFn, placeholderData: keepPreviousData } );
 * <DataTable label="Responses" columns={ columns } items={ list.data?.items } getItemId={ ( r ) => r.id }
 *   view={ view } onChangeView={ setView } query={ list }
 *   paginationInfo={ { totalItems: list.data?.pagination.total ?? 0, totalPages: list.data?.pagination.pages ?? 0 } } />
 */
export function DataTable< T >( {
	label,
	columns,
	items,
	getItemId,
	view,
	onChangeView,
	paginationInfo,
	query,
	quickFilters,
	bulkActions,
	rowActions,
	searchLabel,
	empty,
}: DataTableProps< T > ) {
	// A developer's mistake: fail loudly, on every render, before anything is drawn.
	validateColumns( label, columns );
	if ( quickFilters ) {
		validateQuickFilters( label, quickFilters );
	}

	const selectAllId = useId();
	const hasBulk = !! bulkActions && bulkActions.length > 0;
	const rows = items ?? [];
	const ids = rows.map( getItemId );

	// The selection belongs to the view it was made in: another page, sort or filter
	// starts with nothing selected.
	const viewKey = JSON.stringify( view );
	const [ selection, setSelection ] = useState< {
		viewKey: string;
		ids: ItemId[];
	} >( { viewKey, ids: [] } );
	const selected =
		selection.viewKey === viewKey
			? selection.ids.filter( ( id ) => ids.includes( id ) )
			: [];
	const select = ( next: ItemId[] ) => setSelection( { viewKey, ids: next } );

	const { totalItems, totalPages } = paginationInfo;
	const isFetching = !! query?.isFetching;
	const isPending = !! query?.isPending;

	// A page past the end (the last row of the last page was trashed, or an old URL):
	// go to the last page there is.
	useEffect( () => {
		if ( isPending || isFetching || items === undefined ) {
			return;
		}
		const last = Math.max( 1, totalPages );
		if ( view.page > last ) {
			onChangeView( { ...view, page: last } );
		}
	}, [ isPending, isFetching, items, totalPages, view, onChangeView ] );

	const change = ( patch: Partial< View > ) =>
		onChangeView( { ...view, page: 1, ...patch } );

	// A new column starts at its first direction (text A→Z); the sorted one reverses.
	const onSort = ( field: string ) => {
		let direction: SortDirection =
			columns.find( ( column ) => column.key === field )?.firstSort ??
			'asc';
		if ( view.sort.field === field ) {
			direction = view.sort.direction === 'asc' ? 'desc' : 'asc';
		}
		change( { sort: { field, direction } } );
	};

	// Rows whose other columns are open below the title at 782 px and below.
	const [ expanded, setExpanded ] = useState< ItemId[] >( [] );
	const toggleRow = ( id: ItemId ) =>
		setExpanded( ( current ) =>
			current.includes( id )
				? current.filter( ( other ) => other !== id )
				: [ ...current, id ]
		);

	const titleIndex = Math.max(
		0,
		columns.findIndex( ( column ) => column.isRowTitle )
	);
	const titleKey = columns.find( ( column ) => column.isRowTitle )?.key;
	const colSpan = columns.length + ( hasBulk ? 1 : 0 );
	const pagination = ( position: 'top' | 'bottom' ) => (
		<Pagination
			page={ view.page }
			totalPages={ totalPages }
			totalItems={ totalItems }
			onChange={ ( page ) => onChangeView( { ...view, page } ) }
			label={
				position === 'top'
					? __( 'Top pagination', 'userfeedback' )
					: __( 'Bottom pagination', 'userfeedback' )
			}
		/>
	);

	let body: ReactNode;
	if ( items === undefined && query?.error ) {
		body = (
			<StateRow colSpan={ colSpan } className="userfeedback-table__error">
				<QueryError
					error={ query.error }
					onRetry={
						query.refetch ? () => query.refetch?.() : undefined
					}
				/>
			</StateRow>
		);
	} else if ( items === undefined || ( isPending && rows.length === 0 ) ) {
		body = (
			<StateRow
				colSpan={ colSpan }
				className="userfeedback-table__loading"
			>
				<div role="status" aria-live="polite">
					<Spinner />
					<span>{ __( 'Loading…', 'userfeedback' ) }</span>
				</div>
			</StateRow>
		);
	} else if ( rows.length === 0 ) {
		body = (
			<StateRow colSpan={ colSpan } className="no-items">
				{ empty ?? __( 'No items found.', 'userfeedback' ) }
			</StateRow>
		);
	} else {
		body = rows.map( ( item, rowIndex ) => {
			const id = ids[ rowIndex ];
			const rowTitle =
				fieldText( item, titleKey ) ||
				sprintf(
					/* translators: %s: item id. */
					__( 'item #%s', 'userfeedback' ),
					String( id )
				);
			const isSelected = selected.includes( id );
			const isExpanded = expanded.includes( id );
			const checkboxId = `${ selectAllId }-${ id }`;
			return (
				<tr
					key={ id }
					className={
						[
							isSelected ? 'is-selected' : '',
							isExpanded ? 'is-expanded' : '',
						]
							.filter( Boolean )
							.join( ' ' ) || undefined
					}
				>
					{ hasBulk && (
						<td className="check-column">
							<input
								id={ checkboxId }
								type="checkbox"
								checked={ isSelected }
								onChange={ ( event ) =>
									select(
										event.target.checked
											? [ ...selected, id ]
											: selected.filter(
													( other ) => other !== id
												)
									)
								}
							/>
							<label
								htmlFor={ checkboxId }
								className="screen-reader-text"
							>
								{ sprintf(
									/* translators: %s: the row's title. */
									__( 'Select %s', 'userfeedback' ),
									rowTitle
								) }
							</label>
						</td>
					) }
					{ columns.map( ( column, columnIndex ) => {
						const content = column.render
							? column.render( item )
							: fieldText( item, column.key );
						const className = [
							column.key ? `column-${ column.key }` : '',
							columnIndex === titleIndex
								? 'column-title-primary column-primary'
								: '',
							column.className ?? '',
						]
							.filter( Boolean )
							.join( ' ' );
						if ( columnIndex === titleIndex ) {
							return (
								<th
									key={ column.key ?? columnIndex }
									scope="row"
									className={ className }
								>
									{ content }
									{ rowActions && (
										<RowActions
											actions={ rowActions( item ) }
											rowTitle={ rowTitle }
										/>
									) }
									{ columns.length > 1 && (
										<button
											type="button"
											className="toggle-row userfeedback-table__toggle"
											aria-expanded={ isExpanded }
											// A label, not hidden text: the cell's own text stays the row's title.
											aria-label={ sprintf(
												/* translators: %s: the row's title. */
												__(
													'Show more details about “%s”',
													'userfeedback'
												),
												rowTitle
											) }
											onClick={ () => toggleRow( id ) }
										/>
									) }
								</th>
							);
						}
						return (
							<td
								key={ column.key ?? columnIndex }
								className={ className }
								data-colname={ column.title }
							>
								{ content }
							</td>
						);
					} ) }
				</tr>
			);
		} );
	}

	const allSelected = rows.length > 0 && selected.length === rows.length;

	return (
		<div
			className={
				hasBulk
					? 'userfeedback-table userfeedback-table--bulk'
					: 'userfeedback-table'
			}
		>
			{ ( quickFilters?.length || searchLabel ) && (
				<div className="userfeedback-table__header">
					{ quickFilters && quickFilters.length > 0 && (
						<QuickFilters
							filters={ quickFilters }
							current={ view.filters }
							label={ sprintf(
								/* translators: %s: the table's name, e.g. "Surveys". */
								__( 'Filter %s', 'userfeedback' ),
								label
							) }
							onSelect={ ( filter ) =>
								change( {
									filters: {
										...view.filters,
										[ filter.attribute ]: filter.value,
									},
								} )
							}
						/>
					) }
					{ searchLabel && (
						<SearchBox
							label={ searchLabel }
							value={ view.search }
							onSearch={ ( search ) => change( { search } ) }
						/>
					) }
				</div>
			) }
			{ items !== undefined && query?.error ? (
				<QueryError
					error={ query.error }
					onRetry={
						query.refetch ? () => query.refetch?.() : undefined
					}
				/>
			) : null }
			<div className="tablenav top">
				{ hasBulk && (
					<BulkActions
						actions={ bulkActions }
						selected={ selected }
						onDone={ ( keep ) => ! keep && select( [] ) }
					/>
				) }
				{ pagination( 'top' ) }
			</div>
			<table
				className={
					isFetching && ! isPending
						? 'wp-list-table widefat fixed striped is-busy'
						: 'wp-list-table widefat fixed striped'
				}
				aria-busy={ isFetching || isPending }
			>
				<caption className="screen-reader-text">{ label }</caption>
				<thead>
					<tr>
						{ hasBulk && (
							<SelectAll
								id={ selectAllId }
								checked={ allSelected }
								indeterminate={
									selected.length > 0 && ! allSelected
								}
								disabled={ rows.length === 0 }
								onChange={ ( checked ) =>
									select( checked ? ids : [] )
								}
							/>
						) }
						{ columns.map( ( column, index ) => (
							<HeaderCell
								key={ column.key ?? index }
								column={ column }
								isPrimary={ index === titleIndex }
								view={ view }
								onSort={ onSort }
							/>
						) ) }
					</tr>
				</thead>
				<tbody>{ body }</tbody>
			</table>
			<div className="tablenav bottom">{ pagination( 'bottom' ) }</div>
		</div>
	);
}
