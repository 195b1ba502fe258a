export { DataTable, type DataTableProps } from './DataTable';
export { Pagination } from './Pagination';
export { QuickFilters } from './QuickFilters';
export { BulkActions } from './BulkActions';
export { SearchBox } from './SearchBox';
export { RowActions } from './RowActions';
export {
	DEFAULT_VIEW,
	MAX_PER_PAGE,
	useUrlView,
	viewFromSearch,
	searchFromView,
	viewToQuery,
	type UrlViewOptions,
} from './view';
export {
	TableDefinitionError,
	validateColumns,
	validateQuickFilters,
} from './validate';
export type * from './types';
