export { AppShell, RouteError } from './AppShell';
export { ErrorBoundary, ErrorMessage } from './ErrorBoundary';
export { Notices } from './Notices';
export { UpgradeDialog } from './UpgradeDialog';
export { LoadingState, EmptyState, QueryError } from './States';
export { Page, ComingSoon, NotFound } from './Page';
export { TabNav, type Tab } from './TabNav';
