import { Outlet, useLocation, useRouteError } from 'react-router-dom';
import { __ } from '@wordpress/i18n';

import { ErrorBoundary, ErrorMessage } from './ErrorBoundary';
import { Logo } from './Logo';
import { Notices } from './Notices';
import { NotificationsToggle } from './notifications';
import { ServerNotices } from './ServerNotices';
import { UpgradeDialog } from './UpgradeDialog';

function Header( { title }: { title: string } ) {
	return (
		<header className="userfeedback-header">
			<Logo />
			<h1 className="userfeedback-header__title">
				<span className="userfeedback-header__brand">UserFeedback</span>
				{ /* Seen as "UserFeedback / Settings", read as "UserFeedback: Settings". */ }
				<span
					className="userfeedback-header__separator"
					aria-hidden="true"
				>
					/
				</span>
				<span className="screen-reader-text">: </span>
				<span className="userfeedback-header__page">{ title }</span>
			</h1>
			<NotificationsToggle />
		</header>
	);
}

/** Header (with the notifications toggle), notices, the route, and the dialogs any route may open. */
export function AppShell( { title }: { title: string } ) {
	const { pathname } = useLocation();
	return (
		<div className="userfeedback-shell">
			<Header title={ title } />
			<Notices />
			<ServerNotices />
			<div className="userfeedback-main">
				{ /* Keyed by path so a crashed screen recovers when the user navigates away. */ }
				<ErrorBoundary key={ pathname }>
					<Outlet />
				</ErrorBoundary>
			</div>
			<UpgradeDialog />
		</div>
	);
}

/** Router-level errors (a loader or an unknown route) inside the same shell frame. */
export function RouteError( { title }: { title: string } ) {
	const error = useRouteError();
	return (
		<div className="userfeedback-shell">
			<Header title={ title } />
			<div className="userfeedback-main">
				<ErrorMessage
					error={
						error instanceof Error
							? error
							: new Error(
									__( 'Page not found.', 'userfeedback' )
								)
					}
				/>
			</div>
		</div>
	);
}
