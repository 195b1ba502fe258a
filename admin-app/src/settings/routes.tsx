import { Navigate, Outlet, type RouteObject } from 'react-router-dom';
import { __ } from '@wordpress/i18n';

import { ComingSoon, NotFound, TabNav } from '../shared/components';
import { MiscSettings } from './MiscSettings';

function SettingsLayout() {
	return (
		<>
			<TabNav
				label={ __( 'Settings sections', 'userfeedback' ) }
				tabs={ [
					{ to: 'general', label: __( 'General', 'userfeedback' ) },
					{ to: 'widget', label: __( 'Widget', 'userfeedback' ) },
					{ to: 'email', label: __( 'Email', 'userfeedback' ) },
					{
						to: 'integrations',
						label: __( 'Integrations', 'userfeedback' ),
					},
					{ to: 'access', label: __( 'Access', 'userfeedback' ) },
					{ to: 'misc', label: __( 'Misc', 'userfeedback' ) },
				] }
			/>
			<Outlet />
		</>
	);
}

export const routes: RouteObject[] = [
	{
		element: <SettingsLayout />,
		children: [
			{ index: true, element: <Navigate to="general" replace /> },
			{
				path: 'general',
				id: 'settings-general',
				element: (
					<ComingSoon title={ __( 'License', 'userfeedback' ) } />
				),
			},
			{
				path: 'widget',
				id: 'settings-widget',
				element: (
					<ComingSoon
						title={ __( 'Widget Settings', 'userfeedback' ) }
					/>
				),
			},
			{
				path: 'email',
				id: 'settings-email',
				element: (
					<ComingSoon
						title={ __( 'Email Notifications', 'userfeedback' ) }
					/>
				),
			},
			{
				path: 'integrations',
				id: 'settings-integrations',
				element: (
					<ComingSoon
						title={ __( 'Integrations', 'userfeedback' ) }
					/>
				),
			},
			{
				path: 'access',
				id: 'settings-access',
				element: (
					<ComingSoon
						title={ __( 'Access Control', 'userfeedback' ) }
					/>
				),
			},
			{
				path: 'misc',
				id: 'settings-misc',
				element: <MiscSettings />,
			},
			{ path: '*', element: <NotFound /> },
		],
	},
];
