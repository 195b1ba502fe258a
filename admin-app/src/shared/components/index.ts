export { AppShell, RouteError } from './AppShell';
export { ErrorBoundary, ErrorMessage } from './ErrorBoundary';
export { Notices } from './Notices';
export { UpgradeDialog } from './UpgradeDialog';
export { LoadingState, EmptyState, QueryError } from './States';
export { Page, NotFound } from './Page';
export { TabNav, type Tab } from './TabNav';
export {
	DateRangePicker,
	type DateRangePickerProps,
	type DateRange,
} from './DateRangePicker';
// The charts are imported from './charts' directly: re-exported here, Chart.js (and its
// registration side effect) would ship with every admin page, since mount() imports this file.
export type { LineChartProps, ChoiceChartProps } from './charts';
